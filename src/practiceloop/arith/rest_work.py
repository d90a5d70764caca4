"""Work still to do, "the rest", at a time for each: the rest of a told whole, then a rate.

"A new building needed 14 windows. The builder had already installed 5 of them. If it takes
4 hours to install each window, how long will it take him to install the rest?" The whole is
the work needed (14 windows), the part the work already done (5), "the rest" the other side of
the whole; the question asks the time the rest takes at the told time for each. In facts of
:mod:`practiceloop.arith.sides`: whole = 14, done = 5, whole = done + rest, and the asked
amount is the rest times the rate (:attr:`~practiceloop.arith.sides.Told.factor`).
:func:`read_rest_work` reads, and nothing else:

* the whole: "<Someone> needed [to <verb>] <N> <things> [in <a place>]";
* the work done: "[If] <someone> [had] already <verb, past> <N> <things> | <N> of them";
* the time for each: "[If] it takes <R> <time unit> to <verb> each <thing>" or "Each <thing>
  takes <R> <time unit> to <verb>";
* the question: "how long will it take <him | her | them> to <verb> the rest?", "how much
  longer will <he | she | they> take to <verb> the rest?".

What makes it sound: one verb of work throughout (the work done, the time for each, the rest
asked: "installed" / "install" / "install"; the whole's own verb the same when it says one),
one thing; the work done is told done ("already", a past form; never "will", "wants to"); one
worker (no second name, no one else's work: "his friend painted 3 rooms" is refused); "the
rest" said once, in the question; every number of the text read.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import TIME_UNITS, noun_key, told_in_past, verb_key
from practiceloop.arith.sides import NUMBER, Fact, Told, number_value, plain_phrase
from practiceloop.kernel.frame import Mention
from practiceloop.kernel.span import SourceSpan

__all__ = ["read_rest_work"]

_SOMEONE: Final = r"(?:(?:a|an|the)(?: [a-z]+)? [a-z]+|he|she|they)"
_NEEDED: Final = re.compile(
    rf"(?P<s>{_SOMEONE}) needed(?: to (?P<v>[a-z]+))? (?P<n>{NUMBER}) (?P<t>[a-z]+)"
    r"(?: (?P<place>in (?:a|an|the) [a-z]+))?"
)
_DONE: Final = re.compile(
    rf"(?:if )?(?P<s>{_SOMEONE}) (?:had )?already (?P<v>[a-z]+) (?P<n>{NUMBER})"
    r" (?:of them|(?P<t>[a-z]+))"
)
_RATE: Final = (
    re.compile(
        rf"(?:if )?it takes (?P<r>{NUMBER}) (?P<u>[a-z]+) to (?P<v>[a-z]+) each (?P<t>[a-z]+)"
    ),
    re.compile(rf"each (?P<t>[a-z]+) takes (?P<r>{NUMBER}) (?P<u>[a-z]+) to (?P<v>[a-z]+)"),
)
_ASKED: Final = (
    re.compile(r"how long will it take (?P<s>him|her|them) to (?P<v>[a-z]+) the rest\?"),
    re.compile(r"how much longer will (?P<s>he|she|they) take to (?P<v>[a-z]+) the rest\?"),
)
_PERSON: Final = {"him": "he", "her": "she", "them": "they"}


def _clauses(sentences: tuple[SourceSpan, ...]) -> list[tuple[str, int]]:
    """Every clause of the text in lower case with its offset: a sentence, or a condition
    and the question it opens ("If it takes 4 hours ..., how long ...?")."""
    found: list[tuple[str, int]] = []
    for span in sentences:
        text = span.text.strip().lower()
        offset = span.start + (len(span.text) - len(span.text.lstrip()))
        cut = text.find(", how ")
        if text.startswith("if ") and cut > 0:
            found.append((text[:cut], offset))
            found.append((text[cut + 2 :], offset + cut + 2))
        else:
            found.append((text.rstrip(".,"), offset))
    return found


def read_rest_work(
    text: str, sentences: tuple[SourceSpan, ...], mentions: tuple[Mention, ...]
) -> Told | None:
    """The reading of work still to do at a time for each (see the module docstring)."""
    lowered = text.lower()
    if not text.isascii() or lowered.count("the rest") != 1 or "already" not in lowered:
        return None
    if any(m.kind == "actor" for m in mentions):
        return None  # a named worker, or two: whose work is done?
    read: dict[str, re.Match[str]] = {}
    offsets: dict[str, int] = {}
    for clause, offset in _clauses(sentences):
        kind, match = _clause(clause)
        if match is None or kind in read:
            return None
        read[kind], offsets[kind] = match, offset
    if set(read) != {"needed", "done", "rate", "asked"}:
        return None
    needed, done, rate, asked = (read[k] for k in ("needed", "done", "rate", "asked"))
    verb = verb_key(asked.group("v"))
    verbs = {verb_key(done.group("v")), verb_key(rate.group("v"))} | (
        {verb_key(needed.group("v"))} if needed.group("v") else set()
    )
    if verbs != {verb} or not told_in_past(done.group("v")):
        return None
    worker = _PERSON.get(asked.group("s"), asked.group("s"))
    if done.group("s") in _PERSON.values() and done.group("s") != worker:
        return None  # "he already painted 8 ... will she take": someone else's time
    thing = noun_key(needed.group("t"))
    done_thing = done.group("t")
    if noun_key(rate.group("t")) != thing or (done_thing and noun_key(done_thing) != thing):
        return None
    if noun_key(rate.group("u")) not in TIME_UNITS:
        return None
    if needed.group("place") is not None and not plain_phrase(needed.group("place")):
        return None
    spans = [
        _at(needed, "n", offsets["needed"]),
        _at(done, "n", offsets["done"]),
    ]
    values = [number_value(needed.group("n")), number_value(done.group("n"))]
    factor = number_value(rate.group("r"))
    if None in values or factor is None:
        return None
    facts: tuple[Fact, ...] = (
        Fact((("whole", 1),), "whole", spans[0], values[0]),
        Fact((("done", 1),), "told", spans[1], values[1]),
        Fact((("whole", 1), ("done", -1), ("rest", -1)), "rest"),
    )
    facts = tuple(sorted(facts, key=lambda f: f.number or (1 << 30, 0)))
    consumed = tuple((s.start, s.end) for s in sentences)
    return Told(
        facts=facts,
        asked=(("rest", 1),),
        asked_kind="total",
        consumed=consumed,
        observations=frozenset({"rest", "subset"}),
        factor=(_at(rate, "r", offsets["rate"]), factor),
    )


def _at(match: re.Match[str], group: str, offset: int) -> tuple[int, int]:
    return offset + match.start(group), offset + match.end(group)


def _clause(clause: str) -> tuple[str, re.Match[str] | None]:
    """Which of the four clauses ``clause`` is, and its match."""
    for kind, patterns in (
        ("needed", (_NEEDED,)),
        ("done", (_DONE,)),
        ("rate", _RATE),
        ("asked", _ASKED),
    ):
        for pattern in patterns:
            match = pattern.fullmatch(clause)
            if match is not None:
                return kind, match
    return "", None
