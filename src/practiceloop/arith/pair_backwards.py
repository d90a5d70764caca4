"""One holder's two kinds, the multiple's kind or the sum of both told: the pair reading told
backwards (issue 15, a pair told backwards or by its sum).

"Maria picked twice as many apples as pears. She picked 30 apples. How many pears did she
pick?" (30 / 2), "Jeff has three times as many cars as trucks. He has 48 cars and trucks in
total. How many trucks does he have?" (48 / 4), "Ada has 3 more than twice as many pens as
pencils. If she has 33 pens and pencils combined, how many pens does she have?" The two
sentences of :mod:`~practiceloop.arith.scale_pairs` ("<Subject> <verb> <F> as many <kind2> as
<kind1>." beside one told amount), except that the amount told is not the base kind's but

* the multiple's kind ("She picked 30 apples."): told ``scaled``; or
* the sum of both kinds ("He has 48 cars and trucks [in total].", "She has a total of 45
  fruit.", "He has 60 total animals."): told ``whole``, by both kinds named once each or by
  one word that names both (:data:`~practiceloop.arith.scale_pairs.COLLECTIVES`, or the
  noun both kinds modify);

and the question asks the base kind, the multiple's kind (when the sum is told), the sum
(when the multiple is told) or their difference; never the amount told.

What makes it sound, besides every check of the forward pair reading (one holder, its "he" /
"she" of its gender only, one verb at one time, one place, two kinds neither a kind of the
other): the told amount is bound to the side its own words name (the multiple's kind when its
noun is the kind after "as many", the sum only when it names both kinds; the base kind told is
the forward reading's, never this one's); a totality word ("in total", "a total of",
"combined") only with a sum; every number of the text the told amount, the factor's or the
offset's; every amount solved a positive whole number of things.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Final

from practiceloop.arith.pair_offsets import with_offset
from practiceloop.arith.reading import target_view
from practiceloop.arith.scale_clauses import _AMOUNT, _amount_value, _factor_value, question
from practiceloop.arith.scale_pairs import (
    _ASK,
    _HELD_AT,
    _SUBJECT,
    _THING,
    _VERB,
    PairScale,
    Side,
    _asked_difference,
    _asked_of,
    _covers,
    _factor,
    _sides_differ,
    _span,
    _tail,
    _thing,
    pair_holder,
    pair_mentions,
    scale_and_told,
)
from practiceloop.kernel.frame import Mention, Observation, Target
from practiceloop.kernel.span import SourceSpan

__all__ = ["read_pair_backwards"]

_TOLD: Final = re.compile(
    rf"{_SUBJECT} {_VERB} (?P<total>a total of )?{_AMOUNT}(?P<pre> total)?"
    rf" (?:(?P<k1>{_THING}) and (?P<k2>{_THING})|(?P<thing>{_THING}))"
    rf"(?: (?P<tail>{_HELD_AT}))?(?P<all> (?:in total|in all|altogether|combined|total))?"
)
"""The told amount: "She picked 30 apples", "He has 48 cars and trucks in total", "She has a
total of 45 fruit", "He has 60 total animals" (a place of both kinds after: "on his farm")."""


def _told_side(told: re.Match[str], base: Side, scaled: Side) -> str | None:
    """Which side the told amount is of: ``scaled`` (the multiple's kind, no totality word),
    ``whole`` (both kinds named once each, or one word naming both); None for the base kind
    (the forward reading's) or anything else."""
    totality = told["total"] or told["pre"] or told["all"]
    if told["k1"] is not None:
        kinds = {_thing(told["k1"]), _thing(told["k2"])}
        return "whole" if kinds == {base[0], scaled[0]} and len(kinds) == 2 else None
    thing = _thing(told["thing"])
    if thing is None:
        return None
    if thing == scaled[0]:
        return None if totality else "scaled"
    if thing != base[0] and _covers(thing, base, scaled):
        return "whole"
    return None


def _pair(first: SourceSpan, second: SourceSpan) -> tuple[PairScale, str] | None:
    """The scale sentence and the told one (either first; the told one also "If ...,"), read
    as the pair's holder, verb and two kinds with the told amount and which side it is of."""
    found = scale_and_told(first, second)
    if found is None:
        return None
    scale_match, scale_at, told_at, _ = found
    told = _TOLD.fullmatch(told_at[0])
    if told is None or told["num"].startswith("$"):
        return None
    verb = scale_match["verb"]
    if told["verb"] != verb:
        return None  # one verb, word for word ("picked" / "picked")
    subject = pair_holder(scale_match, told)
    if subject is None:
        return None  # another holder, or "Randy has ... She has ...": whose?
    thing, thing2 = _thing(scale_match["ref"]), _thing(scale_match["thing2"])
    if thing is None or thing2 is None or thing == ("",) or thing2 == ("",):
        return None
    places = {_tail(told["tail"]), _tail(scale_match["tail"])} - {None}
    if len(places) > 1 or bool(scale_match["tail"]) != bool(told["tail"]):
        return None  # two places, or one side's place unsaid: are all of them there?
    place = next(iter(places), None)
    base: Side = (thing, place)
    scaled: Side = (thing2, place)
    if not _sides_differ(base, scaled):
        return None
    side = _told_side(told, base, scaled)
    value, times = _amount_value(told["num"]), _factor_value(scale_match)
    if side is None or value is None or times is None or value <= 0:
        return None
    factor, number = _factor(scale_match, scale_at[1])
    pair = PairScale(
        subject, verb, base, scaled, _span(told, "num", told_at[1]), value,
        factor, number, times, False,
    )  # fmt: skip
    offset = with_offset(pair, scale_match, scale_at[1])
    return None if offset is None else (offset, side)


def _asked_side(text: str, pair: PairScale, told: str) -> tuple[str, int] | None:
    """What the question asks (``base``, ``scaled``, ``whole`` or ``difference`` with its
    sign), of the pair's holder, verb and time; None when it asks the side told, another
    thing, place or time."""
    match = _ASK.fullmatch(text)
    if match is None:
        sign = _asked_difference(text, pair)
        return None if sign is None else ("difference", sign)
    if not _asked_of(match, pair) or match["tail2"] is not None:
        return None
    tail = _tail(match["tail"])
    if tail is not None and tail != pair.base[1]:
        return None  # a place the body does not tell
    asked_thing = _thing(match["thing"])
    if asked_thing is None:
        return None  # "How many does she have?": which kind?
    if match["other"] is not None:
        kinds = {asked_thing, _thing(match["other"])}
        ok = kinds == {pair.base[0], pair.scaled[0]} and len(kinds) == 2 and not match["pieces"]
        side = "whole" if ok else None
    elif match["pieces"] is not None:
        fruit = asked_thing == ("fruit",)
        side = "whole" if fruit and _covers(asked_thing, pair.base, pair.scaled) else None
    elif asked_thing == pair.base[0]:
        side = "base"
    elif asked_thing == pair.scaled[0]:
        side = "scaled"
    elif _covers(asked_thing, pair.base, pair.scaled):
        side = "whole"
    else:
        side = None
    return None if side is None or side == told else (side, 1)


_QUICK: Final = re.compile(r" as many\b")


def read_pair_backwards(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[int, int], ...], str, int, int] | None:
    """The backwards pair reading of the whole text (see the module docstring): the roles it
    binds (``factor``, any ``offset``, the told side's role ``scaled`` / ``whole``, then the
    asked one's ``base`` / ``scaled`` / ``whole`` / ``difference`` to the unknown), the
    phrases it consumes, the asked role, the sign of a difference and the offset's sign;
    None when the text reads otherwise."""
    if len(sentences) != 3 or _QUICK.search(text) is None:
        return None
    target = target_view(targets)
    if target is None or target.mention_id is None:
        return None
    read = _pair(sentences[0], sentences[1])
    if read is None:
        return None
    pair, told_side = read
    asked = _asked_side(question(sentences[2]), pair, told_side)
    if asked is None:
        return None
    asked_side, sign = asked
    read_numbers = pair_mentions(pair, mentions)
    if read_numbers is None:
        return None  # another number the reading does not read, or another value
    told, factor, off = read_numbers
    unknown = next((m for m in mentions if m.mention_id == target.mention_id), None)
    if unknown is None or unknown.span.sentence_index != 2:
        return None
    for observation in observations:
        if observation.kind != "factor" or not all(
            pair.factor[0] <= s.start and s.end <= pair.factor[1]
            for s in observation.evidence_spans
        ):
            return None  # a negation, a modal, a percent: not read here
    offset = pair.offset_sign * (pair.offset_value or 0)
    parts = pair.times + (1 if told_side == "whole" else 0)
    base = (pair.value - offset) / parts
    if base <= 0 or base.denominator != 1 or Fraction(pair.times * base + offset) <= 0:
        return None  # no positive whole amount of things counted on each side
    roles = (
        ("factor", factor.mention_id),
        *((("offset", off.mention_id),) if off is not None else ()),
        (told_side, told.mention_id),
        (asked_side, target.mention_id),
    )
    return roles, (pair.factor,), asked_side, sign, pair.offset_sign
