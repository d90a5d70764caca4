"""Measure the arithmetic domain against gold answers, outside every record (arith.md).

The one place that reads gold answers. It takes what the practice loop produced for each
problem (the :class:`practiceloop.loop.episode.Practice` shape: ``frame``, ``assessments``,
``direct`` checks, ``episodes`` with their ``closed_frames``), computes *here* the value each
closed frame implies (:func:`practiceloop.arith.solve.solve`), and sorts every problem into
exactly one category:

* ``direct``: a runnable original assessment whose proofs close, and every value (direct or
  practised) agrees;
* ``closed_unique``: nothing direct; practice closed candidates that all imply one value;
* ``closed_disagree``: closed frames imply different values (the loop selects none);
* ``open``: practice ran (or a runnable assessment's proofs refused) and nothing closed;
* ``blocked``: every refused assessment was blocked by the gate;
* ``unread``: the reader refused the text or no organ applied.

Soundness counts ``direct`` and ``closed_unique`` against gold: ``right`` / ``wrong`` with
every wrong id listed. ``practice_only`` counts problems answered only through practice.
Pure functions; the caller does the reading of files.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any, Protocol

from practiceloop.arith.solve import solve
from practiceloop.kernel.frame import ProblemFrame

__all__ = [
    "BLOCKED_DISPOSITION",
    "Category",
    "CorpusReport",
    "ProblemVerdict",
    "evaluate",
    "format_value",
    "judge",
    "matches_gold",
    "parse_gold",
]

BLOCKED_DISPOSITION = "sealed_original_refusal"
"""The practice disposition of an episode whose gate (or budget) blocked the search."""


class Category(enum.StrEnum):
    """Where one problem ended up."""

    DIRECT = "direct"
    CLOSED_UNIQUE = "closed_unique"
    CLOSED_DISAGREE = "closed_disagree"
    OPEN = "open"
    BLOCKED = "blocked"
    UNREAD = "unread"


class _Check(Protocol):
    assessment: Any
    closed: bool


class _Episode(Protocol):
    assessment: Any
    closed_frames: tuple[ProblemFrame, ...]

    @property
    def practice_disposition(self) -> str: ...


class PracticeLike(Protocol):
    """The part of :class:`practiceloop.loop.episode.Practice` the evaluation reads."""

    frame: ProblemFrame | None
    assessments: tuple[Any, ...]
    direct: tuple[Any, ...]
    episodes: tuple[Any, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class ProblemVerdict:
    """One problem's category, the value it implies (when unique) and its soundness.

    ``values`` are the distinct values every closed frame implies (direct checks first, then
    practised candidates, in the loop's order): one for ``direct`` and ``closed_unique``,
    several for ``closed_disagree``, none otherwise. ``gold`` is the gold answer read.
    """

    problem_id: str
    category: Category
    value: Fraction | None
    right: bool | None
    practice_only: bool
    values: tuple[Fraction, ...] = ()
    gold: Fraction | None = None

    def as_json(self) -> dict[str, Any]:
        """A JSON-ready line: id, outcome, the closed values, the gold answer, right or wrong."""
        return {
            "id": self.problem_id,
            "outcome": str(self.category),
            "values": [format_value(v) for v in self.values],
            "gold": None if self.gold is None else format_value(self.gold),
            "right": self.right,
        }


@dataclasses.dataclass(frozen=True, slots=True)
class CorpusReport:
    """Per-corpus counts, soundness and the ids of every wrong answer."""

    total: int
    counts: dict[str, int]
    right: int
    wrong: int
    wrong_ids: tuple[str, ...]
    practice_only: int
    verdicts: tuple[ProblemVerdict, ...]

    @property
    def coverage(self) -> float:
        """(direct + closed_unique) / total."""
        covered = self.counts[Category.DIRECT] + self.counts[Category.CLOSED_UNIQUE]
        return covered / self.total if self.total else 0.0

    def summary(self) -> dict[str, Any]:
        """A JSON-ready summary (no per-problem verdicts)."""
        return {
            "total": self.total,
            **{str(k): v for k, v in self.counts.items()},
            "coverage": round(self.coverage, 4),
            "right": self.right,
            "wrong": self.wrong,
            "wrong_ids": list(self.wrong_ids),
            "practice_only": self.practice_only,
        }


_GOLD = re.compile(r"-?[\d,]*\.?\d+(?:/\d+)?")


def parse_gold(answer: object) -> Fraction | None:
    """A gold answer as an exact rational: ``"51.0"``, ``"2,125"``, ``72``, ``"3/4"``."""
    if isinstance(answer, bool) or answer is None:
        return None
    if isinstance(answer, int):
        return Fraction(answer)
    if isinstance(answer, float):
        return Fraction(Decimal(repr(answer)))
    if not isinstance(answer, str):
        return None
    text = answer.strip().replace("$", "").replace(",", "")
    if _GOLD.fullmatch(text) is None:
        return None
    try:
        return Fraction(text) if "/" in text else Fraction(Decimal(text))
    except (InvalidOperation, ValueError, ZeroDivisionError):
        return None


def matches_gold(value: Fraction, gold: Fraction, gold_text: str = "") -> bool:
    """Exact equality, or equality at the precision a rounded decimal gold is written in."""
    if value == gold:
        return True
    _, _, places = gold_text.strip().partition(".")
    digits = len(places.rstrip("0")) if places.isdigit() else 0
    if digits >= 2:
        return round(value, digits) == gold
    return False


def _values(frames: Iterable[tuple[ProblemFrame, str]]) -> list[Fraction]:
    found = []
    for frame, organ in frames:
        value = solve(frame, organ)
        if isinstance(value, Fraction):
            found.append(value)
    return found


def format_value(value: Fraction) -> str:
    """An exact rational as a person reads it: ``"5"``, ``"185.81"``, ``"1/3"``."""
    if value.denominator == 1:
        return str(value.numerator)
    places = 0
    scaled = value
    while scaled.denominator != 1 and places < 12:
        scaled *= 10
        places += 1
    if scaled.denominator != 1:
        return f"{value.numerator}/{value.denominator}"
    sign = "-" if value < 0 else ""
    digits = str(abs(scaled.numerator)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def judge(
    problem_id: str, result: PracticeLike | None, gold: Fraction | None, gold_text: str = ""
) -> ProblemVerdict:
    """Categorise one problem from what practice produced, and check it against gold."""
    if result is None or result.frame is None or not result.assessments:
        return ProblemVerdict(problem_id, Category.UNREAD, None, None, False, (), gold)
    frame = result.frame
    direct = _values((frame, c.assessment.candidate_organ) for c in result.direct if c.closed)
    practised = _values(
        (closed, e.assessment.candidate_organ)
        for e in result.episodes
        for closed in e.closed_frames
    )
    distinct = set(direct) | set(practised)
    values = tuple(dict.fromkeys([*direct, *practised]))  # distinct, in the loop's order
    value: Fraction | None = None
    if direct:
        category = Category.DIRECT if len(distinct) == 1 else Category.CLOSED_DISAGREE
    elif practised:
        category = Category.CLOSED_UNIQUE if len(distinct) == 1 else Category.CLOSED_DISAGREE
    elif result.direct or any(
        e.practice_disposition != BLOCKED_DISPOSITION for e in result.episodes
    ):
        category = Category.OPEN
    else:
        category = Category.BLOCKED
    if category in (Category.DIRECT, Category.CLOSED_UNIQUE):
        value = next(iter(distinct))
    right = None if value is None or gold is None else matches_gold(value, gold, gold_text)
    return ProblemVerdict(
        problem_id, category, value, right, category is Category.CLOSED_UNIQUE, values, gold
    )


def evaluate(
    problems: Iterable[Mapping[str, Any]],
    practise: Callable[[str], PracticeLike | None],
) -> CorpusReport:
    """Run ``practise`` on every problem's ``question`` and measure against its gold answer.

    ``problems`` are corpus rows (``id``, ``question``, ``answer`` and/or ``answer_number``);
    ``practise`` maps a text to its practice result (the orchestrator, bound to a manifest and
    reader). Gold answers are read here and nowhere else.
    """
    verdicts = []
    for row in problems:
        gold_text = str(row.get("answer", ""))
        gold = parse_gold(row.get("answer")) if row.get("answer") is not None else None
        if gold is None:
            gold = parse_gold(row.get("answer_number"))
        verdicts.append(judge(str(row["id"]), practise(str(row["question"])), gold, gold_text))
    counts = {str(c): 0 for c in Category}
    for verdict in verdicts:
        counts[verdict.category] += 1
    wrong_ids = tuple(v.problem_id for v in verdicts if v.right is False)
    return CorpusReport(
        total=len(verdicts),
        counts=counts,
        right=sum(1 for v in verdicts if v.right is True),
        wrong=len(wrong_ids),
        wrong_ids=wrong_ids,
        practice_only=sum(1 for v in verdicts if v.practice_only),
        verdicts=tuple(verdicts),
    )
