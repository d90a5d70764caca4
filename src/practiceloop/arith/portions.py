"""An amount told as a fraction, a percent or a multiple of another told amount: the portion
reading.

"Neil baked 20 cookies. He gave 2/5 of the cookies to his friend. How many cookies are left for
Neil?" Four amounts are tied by one factor F: the ``whole``, the ``part`` (F x whole), the
``rest`` (whole - part) and the ``sum`` (whole + part). The text tells the factor and one of
them, and asks another: the portion given and the rest left, the whole spent from and what was
left, a price and what was paid after a discount or with a tax, an amount and twice as many of
it on another day. Factors may also chain ("spent half of it on food, then a third of what was
left on books"): each takes its part (``part_<i>``) from what the one before left, and the
``rest`` is what the last one left. One pure function of the frame's text, sentences, mentions,
target and observations (:func:`read_portion`), used by the reader (to propose the relation),
the ``portion`` organ (its candidates and what its reading consumes), the unit and target
proofs (the relation must bind what the reading reads), cue accounting (the factor phrase, the
verbs and "the rest" it consumes) and exact evaluation, so that all of them agree on what the
text says.

The reading accounts for the *whole* text or for nothing: each shape reads every sentence in
its own closed patterns (:mod:`.portion_shares`: a fraction of a told whole moved away or told
as a property; :mod:`.portion_slots`: an amount and a multiple of it at another time or of
another kind); then every quantity mention of the text must be the factor or the told amount,
with the value the shape read, the unknown must be the question's, and every observation (a
multiplier, a percent, "the rest", a negation...) must lie in what the shape read (its factor,
its verbs, its "the rest", the "not" of a question asking the rest). The amounts of things
counted (not money) must all be whole numbers, and none below zero.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from typing import Final

from practiceloop.arith._portion_base import Shape
from practiceloop.arith.portion_done import read_done
from practiceloop.arith.portion_nested import read_nested
from practiceloop.arith.portion_percents import read_percents
from practiceloop.arith.portion_prices import read_prices
from practiceloop.arith.portion_shares import read_shares
from practiceloop.arith.portion_slots import read_slots
from practiceloop.arith.portion_splits import read_splits
from practiceloop.arith.reading import mention_value, target_view
from practiceloop.kernel.frame import Mention, Observation, Target
from practiceloop.kernel.span import SourceSpan

__all__ = ["OBSERVED", "ROLES", "Portion", "portion_value", "read_portion"]

ROLES: Final = ("whole", "part", "rest", "sum")
"""The amounts one factor ties: the whole, the part (factor x whole), the rest (whole -
part) and the sum (whole + part); a portion relation binds ``factor``, one of them told and
one asked."""

OBSERVED: Final = frozenset(
    {
        "factor", "percent", "fraction_of", "subset", "rest", "remaining", "remainder",
        "negation", "negated_move", "subset_of",
    }
)  # fmt: skip
"""The observations a portion reading may consume, each only inside what it reads: its
factor, percent, the "N of them" its fraction is, "the rest" of a property, "the remaining"
a chain's part is of, the "left over" and the "not <property>" of a question, the "Out of"
of a whole told in its share."""


_FACTOR_SAID: Final = re.compile(
    r"%|percent|\d/\d|\b(?:half|third|quarter|fourth|fifth|sixth|seventh|eighth|ninth|tenth"
    r"|twice|double|triple|thrice|times)",
    re.IGNORECASE,
)
"""A word every portion reading's factor has: a cheap test before any pattern is tried."""


@dataclasses.dataclass(frozen=True, slots=True)
class Portion:
    """A portion reading: the roles it binds, the phrases it consumes, how it is solved."""

    roles: tuple[tuple[str, str], ...]
    """``factor`` (a chain's ``factor_1``, ``factor_2`` ...), the told role and the asked one
    (of :data:`ROLES`, or a chain's ``part_<i>``), each to a mention id (the question's
    unknown in the asked one)."""
    consumed: tuple[tuple[int, int], ...]
    """The (start, end) of the factor phrases, the verbs read, "the rest", a question's
    "not"."""
    percents: frozenset[str]
    """The factor roles told as a percent (their mention's value is divided by 100)."""
    counts: bool
    """The amounts count things (no money): each is a whole number."""
    told_thing: str | None = None
    """What the told amount counts ("money", "pen"), when the reading reads it."""
    steps: tuple[tuple[str, str], ...] = ()
    """A story's moves in order, each (op, role): ``take`` the factor's part of what there
    is, ``take_whole`` its part of the whole, ``gain`` / ``loss`` a number moved; empty for
    one factor's algebra (:data:`ROLES`)."""
    offsets: frozenset[tuple[str, int]] = frozenset()
    """The percent factor roles told as "P% more" (1: the factor is 1 + P/100) or "P% less"
    (-1: the factor is 1 - P/100)."""


def read_portion(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
) -> Portion | None:
    """The portion reading of the whole text, or None (see the module docstring)."""
    if _FACTOR_SAID.search(text) is None:
        return None  # no factor told: nothing for a portion reading to read (and no cost)
    target = target_view(targets)
    if not 2 <= len(sentences) <= 5 or target is None or target.mention_id is None:
        return None
    names = {  # people the reader read by name ("DVD", "TV" are no one's name)
        dict(m.attributes).get("name", "")
        for m in mentions
        if m.kind == "actor" and not m.span.text.isupper()
    }
    shapes = (
        read_shares, read_slots, read_splits, read_prices, read_percents, read_nested, read_done
    )
    for shape_of in shapes:
        shape = shape_of(sentences, mentions, observations, names)
        read = (
            None
            if shape is None
            else _bind(shape, mentions, observations, target.mention_id, len(sentences) - 1)
        )
        if read is not None:
            return read
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
    offsets = shape.offsets or (0,) * len(shape.factors)
    factors = [_factor_mention(spans, f, o) for f, o in zip(shape.factors, offsets, strict=True)]
    changes = [spans.get(span) for span, _ in shape.changes]
    told = spans.get(shape.told)
    if (
        None in factors
        or None in changes
        or told is None
        or mention_value(told) != shape.told_value
    ):
        return None
    if any(mention_value(m) != v for m, (_, v) in zip(changes, shape.changes, strict=True) if m):
        return None
    if len(quantities) != len(factors) + len(changes) + 1:
        return None  # another number: no role of this reading takes it
    unknown_mention = next((m for m in mentions if m.mention_id == unknown), None)
    if unknown_mention is None or unknown_mention.span.sentence_index != question:
        return None
    consumed = (*(span for span, _, _ in shape.factors), *shape.consumed)
    for observation in observations:
        inside = all(
            any(lo <= s.start and s.end <= hi for lo, hi in consumed)
            for s in observation.evidence_spans
        )
        if not inside or observation.kind not in OBSERVED:
            return None  # a negation, a modal, another multiplier: not read here
    names = _numbered("factor", len(factors))
    moved = _numbered("change", len(changes))
    roles = (
        *((name, f.mention_id) for name, f in zip(names, factors, strict=True) if f is not None),
        *((name, c.mention_id) for name, c in zip(moved, changes, strict=True) if c is not None),
        (shape.told_role, told.mention_id),
        (shape.asked_role, unknown),
    )
    percents = frozenset(n for n, (_, _, pc) in zip(names, shape.factors, strict=True) if pc)
    steps = tuple((op, names[i] if op.startswith("take") else moved[i]) for op, i in shape.steps)
    shifted = frozenset((n, o) for n, o in zip(names, offsets, strict=True) if o)
    read = Portion(
        roles=roles,
        consumed=consumed,
        percents=percents,
        counts=shape.counts,
        steps=steps,
        told_thing=shape.thing,
        offsets=shifted,
    )
    known = {
        name: mention_value(f) for name, f in zip(names, factors, strict=True) if f is not None
    }
    known |= {
        name: mention_value(c) for name, c in zip(moved, changes, strict=True) if c is not None
    }
    known[shape.told_role] = shape.told_value
    if any(v is None for v in known.values()):
        return None
    value = portion_value(read, known)  # type: ignore[arg-type]
    return read if value is not None else None


def _numbered(role: str, count: int) -> list[str]:
    """One role name per amount: ``factor``, or ``factor_1``, ``factor_2`` ..."""
    return [role] if count == 1 else [f"{role}_{i + 1}" for i in range(count)]


def _factor_mention(
    spans: dict[tuple[int, int], Mention],
    factor: tuple[tuple[int, int], Fraction, bool],
    offset: int = 0,
) -> Mention | None:
    """The quantity mention of a factor: the phrase itself ("2/5", "two thirds", "half",
    "twice") or its number ("25" of "25%", "ten" of "ten percent", "3" of "3 times"); a
    percent's ``offset`` (1 of "P% more", -1 of "P% less") is added to its value."""
    (lo, hi), part, percent = factor
    found = spans.get((lo, hi))
    if found is None:
        found = next((m for (s, e), m in spans.items() if s == lo and e < hi), None)
    if found is None:
        return None
    value = mention_value(found)
    if value is None:
        return None
    if (value / 100 if percent else value) * (offset or 1) + abs(offset) != part:
        return None
    return found


def portion_value(portion: Portion, known: dict[str, Fraction]) -> Fraction | None:
    """The asked amount from the told one and the factors (None: a role unvalued, a factor
    of nothing, a chain's factor of all or more, an amount below zero, or an amount of things
    counted that is not whole)."""
    if portion.steps:
        return None if portion.offsets else _story_value(portion, known)
    names = [name for name, _ in portion.roles[:-2]]
    told_role, asked = portion.roles[-2][0], portion.roles[-1][0]
    told = known.get(told_role)
    if told is None or told < 0 or any(known.get(n) is None for n in names):
        return None
    shift = dict(portion.offsets)
    parts = [
        known[n] / 100 * (shift.get(n) or 1) + abs(shift.get(n, 0))
        if n in portion.percents
        else known[n]
        for n in names
    ]
    if any(p <= 0 for p in parts):
        return None
    if (len(parts) > 1 or "rest" in (told_role, asked)) and any(p >= 1 for p in parts):
        return None  # a part of all or more takes from nothing left
    kept = Fraction(1)  # the share of the whole the factors left
    for part in parts:
        kept *= 1 - part
    single = parts[0] if len(parts) == 1 else None
    dividing = {"whole": Fraction(1), "rest": kept}
    if single is not None:
        dividing |= {"part": single, "sum": 1 + single}
    if told_role not in dividing:
        return None
    whole = told / dividing[told_role]
    amounts = {"whole": whole, "rest": whole * kept}
    left = whole
    for index, part in enumerate(parts):
        taken = part * left
        amounts["part" if single is not None else f"part_{index + 1}"] = taken
        left -= taken
        if portion.counts and taken.denominator != 1:
            return None
    if single is not None:
        amounts["sum"] = whole + single * whole
    if portion.counts and whole.denominator != 1:
        return None
    return amounts.get(asked)


def _story_value(portion: Portion, known: dict[str, Fraction]) -> Fraction | None:
    """A story's asked amount: what there is follows its moves in order (``take``: the
    factor's part of what there is; ``take_whole``: its part of the whole; ``take_part``: its
    part of the part before (a share of a share, nothing taken from the whole; ``rest_<i>``
    asks the rest of that part before); ``gain`` / ``loss``: a number), each amount an affine
    function ``a x whole + b`` of the whole; the whole told, or solved from what was left.
    None: a role unvalued, a factor of nothing or of all, an amount below zero, or of things
    counted not whole."""
    told_role, asked = portion.roles[-2][0], portion.roles[-1][0]
    if any(known.get(role) is None for _, role in portion.steps) or known.get(told_role) is None:
        return None
    current = (Fraction(1), Fraction(0))  # what there is, as (a, b): a x whole + b
    amounts: list[tuple[Fraction, Fraction]] = [current]
    parts: list[tuple[Fraction, Fraction]] = []
    for op, role in portion.steps:
        value = known[role]
        if op.startswith("take"):
            part = value / 100 if role in portion.percents else value
            if not 0 < part < 1:
                return None
            if op == "take_part":  # a share of the share before: nothing leaves the whole
                if not parts:
                    return None
                parts.append((part * parts[-1][0], part * parts[-1][1]))
                amounts.append(current)
                continue
            of = current if op == "take" else (Fraction(1), Fraction(0))
            taken = (part * of[0], part * of[1])
            parts.append(taken)
            current = (current[0] - taken[0], current[1] - taken[1])
        else:
            sign = 1 if op == "gain" else -1
            current = (current[0], current[1] + sign * value)
        amounts.append(current)
    if told_role == "whole":
        whole = known["whole"]
    elif current[0] == 0:
        return None  # what was left tells nothing of the whole
    else:
        whole = (known[told_role] - current[1]) / current[0]
    values = [a * whole + b for a, b in amounts + parts]
    if any(v < 0 for v in values) or (portion.counts and any(v.denominator != 1 for v in values)):
        return None
    if asked == "whole":
        return whole
    if asked == "rest":
        return current[0] * whole + current[1]
    names = _numbered("part", len(parts))
    if asked.startswith("rest_") and asked.replace("rest", "part") in names[1:]:
        index = names.index(asked.replace("rest", "part"))  # the share's other side, in the
        takes = [op for op, _ in portion.steps if op.startswith("take")]  # share it is of
        if takes[index] != "take_part":  # "How many females are not pregnant?"
            return None
        (a, b), (c, d) = parts[index - 1], parts[index]
        return (a - c) * whole + (b - d)
    if asked not in names:
        return None
    a, b = parts[names.index(asked)]
    return a * whole + b
