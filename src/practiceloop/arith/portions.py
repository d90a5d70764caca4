"""An amount told as a fraction, a percent or a multiple of another told amount: the portion
reading.

"Neil baked 20 cookies. He gave 2/5 of the cookies to his friend. How many cookies are left
for Neil?" Four amounts are tied by one factor F: the ``whole``, the ``part`` (F x whole),
the ``rest`` (whole - part) and the ``sum`` (whole + part). The text tells the factor and
one of them, and asks another: the portion given and the rest left, the whole spent from
and what was left, a price and what was paid after a discount or with a tax, an amount and
twice as many of it on another day. One pure function of the frame's text, sentences,
mentions, target and observations (:func:`read_portion`), used by the reader (to propose the
relation), the ``portion`` organ (its candidates and what its reading consumes), the unit
and target proofs (the relation must bind what the reading reads), cue accounting (the
factor phrase, the verbs and "the rest" it consumes) and exact evaluation, so that all of
them agree on what the text says.

The reading accounts for the *whole* text or for nothing: each shape reads every sentence
in its own closed patterns (:mod:`.portion_shares`: a fraction of a told whole moved away or
told as a property); then every quantity mention of the text must be the factor or the told
amount, with the value the shape read, the unknown must be the question's, and every
observation (a multiplier, a percent, "the rest", a negation...) must lie in what the shape
read (its factor, its verbs, its "the rest", the "not" of a question asking the rest). The
amounts of things counted (not money) must all be whole numbers, and none below zero.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Final

from practiceloop.arith._portion_base import Shape
from practiceloop.arith.portion_shares import read_shares
from practiceloop.arith.reading import target_view
from practiceloop.kernel.frame import Mention, Observation, Target
from practiceloop.kernel.span import SourceSpan

__all__ = ["OBSERVED", "ROLES", "Portion", "portion_value", "read_portion"]

ROLES: Final = ("whole", "part", "rest", "sum")
"""The amounts one factor ties: the whole, the part (factor x whole), the rest (whole -
part) and the sum (whole + part); a portion relation binds ``factor``, one of them told and
one asked."""

OBSERVED: Final = frozenset({"factor", "percent", "fraction_of", "subset", "rest", "negation"})
"""The observations a portion reading may consume, each only inside what it reads: its
factor, percent, the "N of them" its fraction is, "the rest" of a property, the "not" of a
question that asks the rest."""


@dataclasses.dataclass(frozen=True, slots=True)
class Portion:
    """A portion reading: the roles it binds, the phrases it consumes, how it is solved."""

    roles: tuple[tuple[str, str], ...]
    """``factor``, the told role and the asked one (of :data:`ROLES`), each to a mention id
    (the question's unknown in the asked one)."""
    consumed: tuple[tuple[int, int], ...]
    """The (start, end) of the factor phrase, the verbs read, "the rest", a question's
    "not"."""
    percent: bool
    """The factor is told as a percent (its mention's value is divided by 100)."""
    counts: bool
    """The amounts count things (no money): each is a whole number."""


def read_portion(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
) -> Portion | None:
    """The portion reading of the whole text, or None (see the module docstring)."""
    target = target_view(targets)
    if not 2 <= len(sentences) <= 5 or target is None or target.mention_id is None:
        return None
    names = {dict(m.attributes).get("name", "") for m in mentions if m.kind == "actor"}
    shape = read_shares(sentences, mentions, observations, names)
    if shape is None:
        return None
    return _bind(shape, mentions, observations, target.mention_id, len(sentences) - 1)


def _value(mention: Mention) -> Fraction | None:
    raw = dict(mention.attributes).get("value")
    if raw is None:
        return None
    numerator, _, denominator = raw.partition("/")
    try:
        return Fraction(int(numerator), int(denominator or "1"))
    except ValueError:
        return None


def _bind(
    shape: Shape,
    mentions: tuple[Mention, ...],
    observations: tuple[Observation, ...],
    unknown: str,
    question: int,
) -> Portion | None:
    """The roles each quantity mention of the text takes (every one of them takes one), the
    phrases consumed, and the value checked; None when the mentions are not the shape's."""
    quantities = [m for m in mentions if m.kind == "quantity"]
    spans = {(m.span.start, m.span.end): m for m in quantities}
    factor = _factor_mention(spans, shape)
    told = spans.get(shape.told)
    if factor is None or told is None or len(quantities) != 2 or _value(told) != shape.told_value:
        return None
    unknown_mention = next((m for m in mentions if m.mention_id == unknown), None)
    if unknown_mention is None or unknown_mention.span.sentence_index != question:
        return None
    consumed = (shape.factor, *shape.consumed)
    for observation in observations:
        inside = all(
            any(lo <= s.start and s.end <= hi for lo, hi in consumed)
            for s in observation.evidence_spans
        )
        if not inside or observation.kind not in OBSERVED:
            return None  # a negation, a modal, another multiplier: not read here
    roles = (
        ("factor", factor.mention_id),
        (shape.told_role, told.mention_id),
        (shape.asked_role, unknown),
    )
    read = Portion(roles=roles, consumed=consumed, percent=shape.percent, counts=shape.counts)
    known = {"factor": _value(factor), shape.told_role: shape.told_value}
    if any(v is None for v in known.values()):
        return None
    value = portion_value(read, known)  # type: ignore[arg-type]
    return read if value is not None else None


def _factor_mention(spans: dict[tuple[int, int], Mention], shape: Shape) -> Mention | None:
    """The quantity mention of the factor: the phrase itself ("2/5", "two thirds", "half",
    "twice") or its number ("25" of "25%", "ten" of "ten percent", "3" of "3 times")."""
    lo, hi = shape.factor
    found = spans.get((lo, hi))
    if found is None:
        found = next((m for (s, e), m in spans.items() if s == lo and e < hi), None)
    if found is None:
        return None
    value = _value(found)
    if value is None or (value / 100 if shape.percent else value) != shape.part:
        return None
    return found


def portion_value(portion: Portion, known: dict[str, Fraction]) -> Fraction | None:
    """The asked amount from the told one and the factor (None: a role unvalued, a factor of
    nothing, an amount below zero, or an amount of things counted that is not whole)."""
    factor = known.get("factor")
    told_role, asked = portion.roles[-2][0], portion.roles[-1][0]
    told = known.get(told_role)
    if factor is None or told is None or told < 0:
        return None
    part = factor / 100 if portion.percent else factor
    if part <= 0 or ((told_role == "rest" or asked == "rest") and part >= 1):
        return None
    dividing = {"whole": Fraction(1), "part": part, "rest": 1 - part, "sum": 1 + part}
    whole = told / dividing[told_role]
    amounts = {"whole": whole, "part": part * whole, "rest": whole - part * whole}
    amounts["sum"] = whole + part * whole
    if portion.counts and (whole.denominator != 1 or amounts["part"].denominator != 1):
        return None
    return amounts[asked]
