"""Stage 5c of the reader: a price told of each of the things a count has just counted.

"Todd buys 4 candy bars that cost $2 each", "Raul bought 8 comics, each of which cost $4",
"Sally bought 3 frames, each costing her $3": the money is per one of the things the count
right before it counts, told in a clause whose subject is those things (a relative clause, or
"each" and a participle). The quantity stage reads such an amount as a rate per ``each`` (or
per the participle after "each"); this stage names the group. Pure functions over a
:class:`Reading`.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith.lexicon import PRONOUNS
from practiceloop.arith.reader.tokens import Reading

__all__ = ["price_of_a_count"]

Read = tuple[int, int, dict[str, str]]

_COSTING: Final = frozenset({"cost", "costs", "costing", "costed"})
"""Verbs whose subject is what is priced: "that cost $2 each"."""

_RELATIVE: Final = frozenset({"that", "which"})
_OBJECTS: Final = PRONOUNS | frozenset({"him", "her", "them", "me", "us"})
"""An object the price is told to ("each costing her $3")."""


def _link(words: list[str]) -> bool:
    """The words between a count's noun and a price are a clause of costing whose subject is
    the counted things: "that cost", "which cost", "that each cost", ", each of which cost",
    ", each costing", each perhaps with an object pronoun ("costing her") and "at"/"for"
    after the verb. "each" must stand before the verb when no "each" follows the price (the
    caller checks that)."""
    rest = [w for w in words if w != ","]
    if rest[:1] and rest[0] in _RELATIVE:
        rest = rest[1:]
        rest = rest[1:] if rest[:1] == ["each"] else rest
    elif rest[:3] == ["each", "of", "which"]:
        rest = rest[3:]
    elif rest[:1] == ["each"] and rest[1:2] and rest[1] in ("costing",):
        rest = rest[1:]
    else:
        return False
    if not rest or rest[0] not in _COSTING:
        return False
    rest = rest[1:]
    if rest[:1] and rest[0] in _OBJECTS:
        rest = rest[1:]
    if rest[:1] and rest[0] in ("at", "for"):
        rest = rest[1:]
    return not rest


def price_of_a_count(r: Reading, read: list[Read]) -> None:
    """ "Todd buys 4 candy bars that cost $2 each", "bought 8 comics, each of which cost $4",
    "3 frames, each costing her $3", "5 lamps that each cost $9": an amount of money right
    after a count of a thing of its sentence, joined to that count's noun only by a clause of
    costing whose subject is the counted things ("that/which [each] cost", "each of which
    cost", "each costing", an object pronoun and "at"/"for" allowed after the verb), and told
    per one ("each" after the price or before the verb), is per one of those things (``per``
    becomes the counted noun). Left as read: a price with no "each" at all ("3 books that
    cost $12": the price of all of them or of one?), a count of money, a count of a measure
    of a thing ("4 pounds of apples that cost $2 each": the clause tells of the apples),
    another number or word between ("3 books that cost more than $4 each"), or a count of
    another sentence."""
    for index, (first, last, attrs) in enumerate(read):
        if index == 0 or attrs.get("unit") not in ("dollar", "cent"):
            continue
        before, _, counted = read[index - 1]
        thing = counted.get("entity")
        if thing is None or "per" in counted or thing == "money" or "unit" in counted:
            continue  # "4 pounds of apples that cost $2 each": each apple, not each pound
        if not r.same_sentence(before, first):
            continue
        end = r.phrase_end.get(before, before + 1)
        if end >= first:
            continue
        between = []
        for i in range(end, first):
            token = r.toks[i]
            if token.kind == "word":
                between.append(r.word(i))
            elif token.text == ",":
                between.append(",")
            else:
                between = []
                break
        if not between or not _link(between):
            continue
        each_after = r.word(r.phrase_end.get(first, last + 1)) in ("each", "apiece")
        each_before = "each" in between
        if each_after == each_before:
            continue  # no "each" at all, or two ("each cost $2 each"): not read
        if attrs.get("per") not in (None, "each", *between):
            continue
        attrs["per"] = thing
