"""A scale followed by one move of a scaled holder's things (issue 15, the multiplier family).

"Paolo has 14 coconuts, while Dante has thrice as many coconuts as Paolo. If Dante sold 10 of
his coconuts, how many coconuts did he have left?" The scale reading
(:func:`~practiceloop.arith.scales.read_scale`) reads every sentence but the last body one as
before; these functions read that last sentence as one move of one holder the scale names and
the question as asking what that holder has after it. The reading still accounts for the whole
text: the move's number is one more quantity the reading binds (role ``moved``), its verb the
one cue it reads, and every other check of the scale (one thing, one told amount, no negation
or modal, whole amounts never below zero) holds over the whole text.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from typing import Final

from practiceloop.arith.lexicon import NON_NAMES, PRONOUNS, verb_key
from practiceloop.arith.scale_clauses import _AMOUNT, _HOLDER, _THING, _amount_value, thing_key
from practiceloop.arith.scale_clauses import _holder as holder_key
from practiceloop.kernel.span import SourceSpan

__all__ = ["Move", "asked_after_move", "holding_verb", "move_told"]

_LOSES: Final = frozenset(
    "gave gives sold sells lost loses ate eats used uses donated donates".split()
)
"""Verbs whose subject gives up things it held (a move of sign -1)."""
_SPENDS: Final = frozenset({"spent", "spends"})
"""Verbs of giving up money only ("spent $7"; "spent 5 shells" is not read)."""
_GAINS: Final = frozenset("bought buys found finds received receives".split())
"""Verbs whose subject gets more of the things it holds (a move of sign +1)."""

_MOVE: Final = re.compile(
    rf"(?P<name>{_HOLDER}) (?P<verb>[a-z]+)(?: away)? {_AMOUNT}"
    rf"(?: of (?P<poss>his|her))?(?: (?P<thing>{_THING}))?(?: to (?P<to>{_HOLDER}))?"
)
_ASK_AFTER: Final = re.compile(
    rf"How (?:many|much)(?: (?P<thing>{_THING}))? (?:does|did) (?P<name>{_HOLDER}|he|she)"
    r" have (?:left|now)\?"
)


@dataclasses.dataclass(frozen=True, slots=True)
class Move:
    """One move told of one holder: who, its sign, its number's span and value."""

    name: str
    sign: int
    amount: tuple[int, int]
    value: Fraction
    thing: tuple[str, ...] | None
    possessive: str | None  # "his" / "her" of "10 of his coconuts"
    money: bool = False  # a verb of giving up money only ("spent")


def move_told(span: SourceSpan) -> Move | None:
    """ "Dante sold 10 of his coconuts." / "If Dante sold 10 coconuts," / "Lou gave away 5
    shells.": a named holder (or one possessed person noun), one verb of giving up or getting
    things (``_LOSES`` / ``_GAINS``, "away" only after a verb of giving up), one number, an
    optional "of his / her" and thing; nothing else in the sentence (no "to Kim", no time, no
    second number), "to <Holder>" after a verb of giving ("Lou gave 5 shells to Kim."), "spent"
    of money only. None otherwise."""
    text = span.text.strip()
    offset = span.start + (len(span.text) - len(span.text.lstrip()))
    if text.startswith("If ") and text.endswith(","):
        text, offset = text[3:], offset + 3
    elif not text.endswith("."):
        return None
    text = text[:-1]
    match = _MOVE.fullmatch(text)
    if match is None:
        return None
    verb = match["verb"]
    if match["name"].lower() in PRONOUNS | NON_NAMES:
        return None  # "She sold 2 cups.": whose is not read here
    if match["to"] is not None and (
        verb not in {"gave", "gives", "sold", "sells"}
        or holder_key(match["to"]) == holder_key(match["name"])
    ):
        return None  # "gave 5 shells to Kim": only giving has a receiver, never the giver
    if verb not in _LOSES | _GAINS | _SPENDS or (
        " away " in match[0] and verb not in {"gave", "gives"}
    ):
        return None
    value = _amount_value(match["num"])
    thing = thing_key(match["thing"]) if match["thing"] else None
    if value is None or value <= 0 or value.denominator != 1 or thing == ("",):
        return None
    start, end = offset + match.start("num"), offset + match.end("num")
    sign = 1 if verb in _GAINS else -1
    name, money = holder_key(match["name"]), verb in _SPENDS
    return Move(name, sign, (start, end), value, thing, match["poss"], money)


def asked_after_move(text: str, move: Move, thing: tuple[str, ...]) -> bool:
    """ "How many coconuts did he have left?" / "How many shells does Lou have now?": asked
    of the moving holder (named, or "he" / "she" only when the move said "his" / "her"), of
    the scale's thing (or none named). False for anything else."""
    match = _ASK_AFTER.fullmatch(text)
    if match is None:
        return False
    asked_thing = thing_key(match["thing"]) if match["thing"] else None
    if asked_thing == ("dollar",) and thing == ("money",):
        asked_thing = thing
    if asked_thing is not None and asked_thing != thing:
        return False
    name = match["name"]
    if name in ("he", "she"):
        return move.possessive == {"he": "his", "she": "her"}[name]
    return holder_key(name) == move.name


def holding_verb(verb: str) -> bool:
    """The scale's verb is one of holding ("has", "owns"): a move is told of such amounts
    only ("Kim picked 4 ... Lou sold 2" is two moves, not read here)."""
    return verb_key(verb) in {"have", "own"}
