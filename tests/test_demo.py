"""The shipped demo corpus covers every organ and every sealed disposition the domain reaches."""

from __future__ import annotations

import json
from pathlib import Path

from practiceloop.arith.manifest import ARITH_MANIFEST
from practiceloop.kernel.trace import PracticeDisposition
from practiceloop.loop.episode import practice

DEMO = Path(__file__).resolve().parents[1] / "src" / "practiceloop" / "examples" / "demo.jsonl"
"""The demo corpus, package data (``practiceloop demo`` copies it out of the installed package)."""

# An adapter refusal needs an authority that raises or returns garbage; the shipped domain's
# authorities never do, so this disposition is covered by the kernel's tests with a raising
# test authority (tests/kernel/test_trace.py), not by the demo.
NOT_FROM_A_SOUND_DOMAIN = {PracticeDisposition.SEALED_REPLAY_UNAVAILABLE}


def _rows() -> list[dict[str, str]]:
    with DEMO.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def test_the_demo_command_ships_this_corpus() -> None:
    from practiceloop.cli._demo_command import demo_corpus

    assert demo_corpus() == DEMO.read_bytes()


def test_demo_rows_are_well_formed_and_unique() -> None:
    rows = _rows()
    assert len({row["id"] for row in rows}) == len(rows)
    assert all(isinstance(row["question"], str) and row["question"] for row in rows)


def test_demo_reaches_every_organ_and_every_sealed_disposition() -> None:
    organs_closed: set[str] = set()
    dispositions: set[str] = set()
    unread = 0
    for row in _rows():
        result = practice(row["question"])
        unread += not result.assessments
        for episode in result.episodes:
            dispositions.add(episode.practice_disposition)
            if episode.closed_frames:
                organs_closed.add(episode.assessment.candidate_organ)
    sealed = {d.value for d in PracticeDisposition if d.value.startswith("sealed_")}
    assert dispositions == sealed - {d.value for d in NOT_FROM_A_SOUND_DOMAIN}
    assert organs_closed == {entry.organ for entry in ARITH_MANIFEST.organs}
    assert unread >= 1  # the demo also shows a problem no organ reads
