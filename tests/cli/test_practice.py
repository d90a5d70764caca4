"""``practiceloop practice``: one text, the chain of records printed, nothing stored."""

from __future__ import annotations

import json

import pytest

from practiceloop.audit.recompute import recompute_kind_id

from .conftest import invoke

TEXT = "Tom had 3 apples. He bought 2 more apples. How many apples does Tom have now?"


@pytest.mark.parametrize("shape", ["open", "embedded"])
def test_practice_json_holds_every_record_with_a_reproducible_id(shape: str) -> None:
    result = invoke("practice", TEXT, "--shape", shape, "--json")
    assert result.exit_code == 0, result.stderr
    shown = json.loads(result.stdout)
    assert shown["text"] == TEXT and shown["shape"] == shape
    records = shown["records"]
    assert records[0]["kind"] == "problem_frame"
    assert records[-1]["kind"] in ("sealed_practice_trace", "practice_trace_refusal")
    for item in records:
        assert recompute_kind_id(item["kind"], item["record"]) == item["id"]
    assert [e["practice_disposition"] for e in shown["episodes"]]


def test_practice_is_deterministic() -> None:
    first = invoke("practice", TEXT, "--json").stdout
    assert invoke("practice", TEXT, "--json").stdout == first


def test_practice_for_people() -> None:
    result = invoke("practice", TEXT)
    assert result.exit_code == 0
    assert "Chain of records" in result.stdout and "episode:" in result.stdout


def test_a_text_no_organ_reads() -> None:
    result = invoke("practice", "The sky is blue.")
    assert result.exit_code == 0
    assert "No organ applies" in result.stdout or "refused the text" in result.stdout


def test_a_text_with_no_utf8_form() -> None:
    result = invoke("practice", "broken \ud800 text")
    assert result.exit_code == 65 and "no UTF-8 form" in result.stderr
