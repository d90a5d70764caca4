"""Two people's shares of one amount they shared, one share a multiple of the other: the sum
and the ratio told, one share asked (issue 15, a pair told by its sum).

"Joshua and Justin shared $40. Joshua's share was thrice as much as Justin's. How much is
Joshua's share?" (40 / 4 x 3), "Amy and Ben split 30 apples. Amy's share was twice as many as
Ben's. How many apples did Ben get?" (30 / 3). Read as a scale of one step
(:class:`~practiceloop.arith.scales.Scale`): the base share's holder is the root, the other
share its multiple, the amount shared the whole told (the sum of exactly the two shares).

The text is exactly three sentences:

* "<A> and <B> shared|split <N> [<thing>]." (two people named, each once; "$N" of money, or
  N things counted);
* "<A>'s share was|is <F> as much|many as <B>'s [share]." (the two people of the sharing,
  each once: the multiple's holder first, its base after "as");
* "How much|many [<thing>] is|was <A>'s share?", "What is|was <A>'s share?" or "How much
  [money] | How many <thing> did <A> get|receive?" of one of the two people (the base share or
  the multiple asked, by name).

What makes it sound: the shares are of exactly the people who shared (a third name, a
sharing "with" someone else, "among" a group are no reading here); the multiple bound to the
holder named before "share was", its base to the one after "as"; the asked share the one the
question names; every number of the text the amount shared or the factor's; each share a
positive amount (a whole number of things counted); the sharing verbs ("shared", "share",
"get") consumed as read.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.reading import mention_value, target_view
from practiceloop.arith.scale_clauses import (
    _AMOUNT,
    _FACTOR,
    _amount_value,
    _factor_value,
    question,
    thing_key,
)
from practiceloop.kernel.frame import Mention, Observation, Target
from practiceloop.kernel.span import SourceSpan

__all__ = ["read_pair_shares"]

_NAME: Final = r"[A-Z][a-z]+"
_THING: Final = r"[a-z]+(?: [a-z]+)?"
_POSSESSIVE: Final = r"['’]s"
_SHARED: Final = re.compile(
    rf"(?P<one>{_NAME}) and (?P<two>{_NAME}) (?P<verb>shared|split) {_AMOUNT}"
    rf"(?: (?P<thing>{_THING}))?\."
)
_SCALE: Final = re.compile(
    rf"(?P<name>{_NAME}){_POSSESSIVE} (?P<share>share) (?:was|is) {_FACTOR} as (?:much|many)"
    rf" as (?P<base>{_NAME}){_POSSESSIVE}(?: share)?\."
)
_ASK_SHARE: Final = re.compile(
    rf"(?:How (?:much|many)(?: (?P<thing>{_THING}))? (?:is|was)|What (?:is|was))"
    rf" (?P<name>{_NAME}){_POSSESSIVE} (?P<verb>share)\?"
)
_ASK_GOT: Final = re.compile(
    rf"How (?:much|many)(?: (?P<thing>{_THING}))? did (?P<name>{_NAME}) (?P<verb>get|receive)\?"
)


def _span(match: re.Match[str], group: str, at: int) -> tuple[int, int]:
    return at + match.start(group), at + match.end(group)


def _at(span: SourceSpan) -> tuple[str, int]:
    text = span.text.strip()
    return text, span.start + (len(span.text) - len(span.text.lstrip()))


def read_pair_shares(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[int, int], ...], str, bool] | None:
    """The shares reading of the whole text (see the module docstring): the roles it binds
    (``factor``, ``whole`` to the amount shared, ``base`` or ``scaled`` to the unknown), the
    phrases it consumes, the asked role and whether the amounts are money; None otherwise."""
    if len(sentences) != 3 or " share" not in text:
        return None
    target = target_view(targets)
    if target is None or target.mention_id is None:
        return None
    (one_text, one_at), (two_text, two_at) = _at(sentences[0]), _at(sentences[1])
    shared, scale = _SHARED.fullmatch(one_text), _SCALE.fullmatch(two_text)
    if shared is None or scale is None:
        return None
    people = {shared["one"], shared["two"]}
    if len(people) != 2 or {scale["name"], scale["base"]} != people:
        return None  # another person's share, or one share told of itself
    ask_at = _at(sentences[2])[1]
    ask_text = question(sentences[2])
    asked = _ASK_SHARE.fullmatch(ask_text) or _ASK_GOT.fullmatch(ask_text)
    if asked is None or asked["name"] not in people:
        return None
    num = shared["num"]
    money = num.startswith("$")
    thing = thing_key(shared["thing"]) if shared["thing"] is not None else None
    if money == (thing is not None) or thing == ("",):
        return None  # "$40 dollars", or a count of nothing named
    asked_thing = thing_key(asked["thing"]) if asked["thing"] is not None else None
    if money and asked_thing in (("money",), ("dollar",)):
        asked_thing = None  # "How much money", "How many dollars" of "$40"
    if asked_thing not in (None, thing):
        return None  # another thing asked
    value, times = _amount_value(num), _factor_value(scale)
    if value is None or times is None or value <= 0:
        return None
    base = value / (times + 1)
    if base <= 0 or (not money and (base.denominator != 1 or (times * base).denominator != 1)):
        return None  # no positive share, or things counted not whole
    quantities = {(m.span.start, m.span.end): m for m in mentions if m.kind == "quantity"}
    number = "times" if scale["times"] else "frac" if scale.groupdict().get("frac") else "factor"
    whole, factor = (
        quantities.get(_span(shared, "num", one_at)),
        quantities.get(_span(scale, number, two_at)),
    )
    if whole is None or factor is None or len(quantities) != 2:
        return None  # another number the reading does not read
    if mention_value(whole) != value or mention_value(factor) != times:
        return None
    unknown = next((m for m in mentions if m.mention_id == target.mention_id), None)
    if unknown is None or unknown.span.sentence_index != 2:
        return None
    factor_span = _span(scale, "factor", two_at)
    for observation in observations:
        if observation.kind != "factor" or not all(
            factor_span[0] <= s.start and s.end <= factor_span[1]
            for s in observation.evidence_spans
        ):
            return None  # a negation, a modal, a percent: not read here
    role = "scaled" if asked["name"] == scale["name"] else "base"
    roles = (
        ("factor", factor.mention_id),
        ("whole", whole.mention_id),
        (role, target.mention_id),
    )
    consumed = (
        factor_span,
        _span(shared, "verb", one_at),
        _span(scale, "share", two_at),
        _span(asked, "verb", ask_at),
    )
    return roles, consumed, role, money
