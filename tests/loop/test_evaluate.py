"""The evaluation command's pure core: gold parsing, categories, soundness, wrong ids."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest

from practiceloop.arith.reader import read
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.loop.evaluate import (
    BLOCKED_DISPOSITION,
    Category,
    evaluate,
    format_value,
    judge,
    matches_gold,
    parse_gold,
)
from tests.arith._helpers import frame_of, quantity_id, resolve_pronouns, with_roles

LEFT = "Tom had 9 apples. He ate 4 apples. How many apples does Tom have left?"


@pytest.mark.parametrize(
    ("answer", "value"),
    [("51.0", Fraction(51)), ("2,125", Fraction(2125)), (72, Fraction(72)), ("3/4", Fraction(3, 4)),
     (0.5, Fraction(1, 2)), ("$1,200.50", Fraction(240100, 200)), ("abc", None), (None, None), (True, None)],  # noqa: E501
)  # fmt: skip
def test_parse_gold(answer: object, value: Fraction | None) -> None:
    assert parse_gold(answer) == value


def test_matches_gold_at_written_precision() -> None:
    assert matches_gold(Fraction(1, 3), Fraction("0.33"), "0.33")
    assert not matches_gold(Fraction(1, 3), Fraction("0.3"), "0.3")
    assert matches_gold(Fraction(5), Fraction(5), "5.0")
    assert not matches_gold(Fraction(6), Fraction(5), "5.0")


@dataclasses.dataclass
class _Check:
    assessment: Any
    closed: bool


@dataclasses.dataclass
class _Assessment:
    candidate_organ: str


@dataclasses.dataclass
class _Episode:
    assessment: Any
    closed_frames: tuple[ProblemFrame, ...]
    practice_disposition: str


@dataclasses.dataclass
class _Practice:
    frame: ProblemFrame | None
    assessments: tuple[Any, ...]
    direct: tuple[Any, ...]
    episodes: tuple[Any, ...]


def _closed(start: str) -> ProblemFrame:
    frame = resolve_pronouns(frame_of(LEFT))
    return with_roles(frame, "change", start=quantity_id(frame, start))


def _closed_other() -> ProblemFrame:
    frame = resolve_pronouns(frame_of(LEFT))
    # the same relation read with the numbers swapped implies another value
    return with_roles(
        frame, "change", start=quantity_id(frame, "4"), change=quantity_id(frame, "9")
    )


def test_categories() -> None:
    frame = frame_of(LEFT)
    change = _Assessment("change")
    five = _closed("9")
    unread = _Practice(frame, (), (), ())
    direct = _Practice(five, (change,), (_Check(change, True),), ())
    unique = _Practice(
        frame, (change,), (), (_Episode(change, (five, five), "sealed_candidate_replay_closed"),)
    )
    disagree = _Practice(
        frame,
        (change,),
        (),
        (_Episode(change, (five, _closed_other()), "sealed_candidate_replay_closed"),),
    )
    open_ = _Practice(
        frame, (change,), (), (_Episode(change, (), "sealed_all_candidates_refused"),)
    )
    blocked = _Practice(frame, (change,), (), (_Episode(change, (), BLOCKED_DISPOSITION),))
    gold = Fraction(5)
    assert judge("u", unread, gold).category is Category.UNREAD
    assert judge("u", None, gold).category is Category.UNREAD
    verdict = judge("d", direct, gold)
    assert (verdict.category, verdict.value, verdict.right, verdict.practice_only) == (
        Category.DIRECT,
        5,
        True,
        False,
    )
    verdict = judge("c", unique, gold)
    assert (verdict.category, verdict.right, verdict.practice_only) == (
        Category.CLOSED_UNIQUE,
        True,
        True,
    )
    assert judge("x", disagree, gold).category is Category.CLOSED_DISAGREE
    assert judge("x", disagree, gold).right is None  # the loop selected nothing: not judged
    assert judge("o", open_, gold).category is Category.OPEN
    assert judge("b", blocked, gold).category is Category.BLOCKED
    assert judge("w", unique, Fraction(6)).right is False


def test_evaluate_lists_every_wrong_id() -> None:
    five = _closed("9")
    change = _Assessment("change")
    answers = {"a": _Practice(five, (change,), (_Check(change, True),), ())}
    rows = [
        {"id": "p1", "question": "a", "answer": "5"},
        {"id": "p2", "question": "a", "answer": "7.0"},
        {"id": "p3", "question": "a", "answer_number": 7},
    ]
    report = evaluate(rows, lambda text: answers[text])
    assert (report.total, report.right, report.wrong) == (3, 1, 2)
    assert report.wrong_ids == ("p2", "p3")
    assert report.counts["direct"] == 3 and report.coverage == 1.0
    assert report.summary()["wrong_ids"] == ["p2", "p3"]


def test_reader_refusal_is_unread() -> None:
    refusal = read("bad \ud800")
    report = evaluate(
        [{"id": "r", "question": "q", "answer": "1"}],
        lambda _text: _Practice(None, (), (), ()) if refusal else None,
    )
    assert report.counts["unread"] == 1 and report.wrong == 0


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(5), "5"),
        (Fraction(18581, 100), "185.81"),
        (Fraction(1, 3), "1/3"),
        (Fraction(-7, 4), "-1.75"),
        (Fraction(1, 20), "0.05"),
        (Fraction(0), "0"),
    ],
)
def test_format_value_reads_as_written(value: Fraction, text: str) -> None:
    assert format_value(value) == text
    assert parse_gold(text) == value


def test_a_verdict_names_every_closed_value_and_the_gold() -> None:
    frame = frame_of(LEFT)
    change = _Assessment("change")
    five, other = _closed("9"), _closed_other()
    disagree = _Practice(
        frame,
        (change,),
        (),
        (_Episode(change, (five, other, five), "sealed_candidate_replay_closed"),),
    )
    verdict = judge("x", disagree, Fraction(5))
    assert verdict.as_json() == {
        "id": "x",
        "outcome": "closed_disagree",
        "values": ["5", "-5"],
        "gold": "5",
        "right": None,
    }
    unique = _Practice(
        frame, (change,), (), (_Episode(change, (five,), "sealed_candidate_replay_closed"),)
    )
    assert judge("u", unique, None).as_json()["values"] == ["5"]
    assert judge("u", unique, None).as_json()["gold"] is None
    assert judge("n", None, Fraction(1, 3)).as_json() == {
        "id": "n",
        "outcome": "unread",
        "values": [],
        "gold": "1/3",
        "right": None,
    }
