"""Stage 5 of the reader, groups and rates: the group a number is told in ("3 bags of 5
apples", "in packs of 6") and the rate it is told as ("5 apples each", "$3 per pound", "each
one group").

Called by :func:`.quantities.read_quantity` for every number; each thing it reads is one rule
below.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.lexicon import words
from practiceloop.arith.reader.cues import (
    is_verb,
)
from practiceloop.arith.reader.distributive import (
    each_to_recipients,
    group_after_each_of,
)
from practiceloop.arith.reader.nouns import (
    container_head,
    head,
    is_noun,
    noun_phrase,
)
from practiceloop.arith.reader.rates import each_with
from practiceloop.arith.reader.tokens import Reading

__all__ = [
    "each_ends_the_clause",
    "each_one_group",
    "group_of",
    "grouped_thing",
    "read_rate",
]

_GROUPS: Final = words("group package pack bag box row team set bundle")


def grouped_into(r: Reading, first: int) -> bool:
    """ "into groups of 5 students", "in packs of 8 stamps": a size per group ("a box of 253
    crayons" is one box, its amount)."""
    return bool(group_of(r, first)) and r.word(first - 3) in ("into", "in")


def group_of(r: Reading, first: int) -> str:
    """The group noun of "groups of 18", "packages of size 3", "into cans of 3" (any plural
    noun after "into") before the number at ``first`` (its count is per that group; the
    thing is the last one said), or ""."""
    probe = first - 1
    if r.word(probe) == "size":
        probe -= 1
    if r.word(probe) != "of" or not r.word(probe - 1):
        return ""
    group = lx.noun_key(r.word(probe - 1))
    # "puts them into cans of 3": after "into", any container the things go in is a group
    into = r.word(probe - 2) == "into" and r.word(probe - 1) != group
    return group if group in _GROUPS or into else ""


def grouped_thing(r: Reading, first: int) -> str:
    """The noun just before "into groups of N" / "in packages of N": what is grouped
    ("a collection of eggs into groups of 3", "t-shirts can be purchased in packages of
    13", "the pears in Omar's crate are sorted into groups of 6": the pears, not the crate),
    read within a short window of the clause; "" when no noun is there. A word before
    that noun that is no stop word, verb or number is its kind ("red socks are sold in packs
    of 4": :func:`_grouped_at` gives both, and the kind is kept as the amount's modifier)."""
    found = _grouped_at(r, first)
    return lx.noun_key(r.word(found)) if found is not None else ""


def _grouped_at(r: Reading, first: int) -> int | None:
    probe = first - 1
    while r.word(probe) in ("size", "of"):
        probe -= 1
    probe -= 1  # the group noun
    if r.word(probe) not in ("into", "in"):
        return None
    for back in range(probe - 1, max(-1, probe - 6), -1):
        word = r.word(back)
        if not word or word in lx.CONTROL_WORDS or word in ("them", "it", "these", "those"):
            return None  # "He split them into groups of 6": what "them" is, is the last thing
        if is_noun(r, back) and word not in lx.PRONOUNS and back not in r.actor_at:
            return _held_in(r, back)
    return None


def _held_in(r: Reading, found: int) -> int:
    """ "The pears in Omar's crate are sorted into groups": the noun found is where the things
    are; a plural noun before "in/on/at" and a possessive or article is what is grouped."""
    before = found - 1
    if r.word(before) in ("the", "his", "her", "their") or r.word(before).endswith("'s"):
        before -= 1
    thing = r.word(before - 1)
    plural = bool(thing) and lx.noun_key(thing) != thing and is_noun(r, before - 1)
    return before - 1 if r.word(before) in ("in", "on", "at") and plural else found


def grouped_kind(r: Reading, first: int) -> str:
    """The kind word before the group a number is told in ("3 red bags of 5 apples": "red"),
    or ""."""
    found = _grouped_at(r, first)
    word = r.word(found - 1) if found else ""
    plain = word.isalpha() and word not in lx.STOP_WORDS and word not in lx.CONTROL_WORDS
    return lx.noun_key(word) if plain and not is_verb(word) and is_noun(r, found or 0) else ""


def read_rate(r: Reading, index: int, nxt: str, attrs: dict[str, str]) -> None:
    """A rate after the amount, per what (``per``): "5 apples each" / "apiece" (``each``;
    "2 books each book" is none; "3 each to his cousins" is per cousin), "per box", "every
    day", "each day", "3 miles a day", "in each box", "into each box", "128 ounces in a
    gallon" (a container or a time only)."""
    if nxt == "each" and each_with(r, index) is not None:
        return  # "6 packs each with 14 pencils": the rate is the next amount's
    if nxt == "apiece" or (nxt == "each" and not noun_phrase(r, index + 1)[1]):
        attrs["per"] = each_to_recipients(r, index) or "each"  # "3 each to his cousins"
    elif nxt in ("per", "every", "each") and r.word(index + 1):  # "325 lunches each day"
        group = head(r, index + 1)
        if nxt != "each" or group != attrs.get("entity"):  # "2 books each book": no rate
            attrs["per"] = group
    elif nxt in ("a", "an") and lx.noun_key(r.word(index + 1)) in lx.TIME_UNITS:
        attrs["per"] = lx.noun_key(r.word(index + 1))
    elif nxt in ("in", "into", "for", "on", "to") and r.word(index + 1) in ("each", "every"):
        if r.word(index + 2) == "one" or each_ends_the_clause(r, index):
            group = each_one_group(r, index)
            if group:
                attrs["per"] = group
        elif r.word(index + 2) and nxt == "for":
            attrs["per"] = container_head(r, index + 2)  # "5 points for each bag of cans"
        elif r.word(index + 2):
            attrs["per"] = group_after_each_of(r, index + 1) or head(r, index + 2)
    elif nxt in ("in", "for") and r.word(index + 1) in ("a", "an", "one"):
        unit = lx.noun_key(r.word(index + 2))
        if unit in lx.CONTAINERS or unit in lx.TIME_UNITS:
            attrs["per"] = unit  # "128 ounces in a gallon"


def each_ends_the_clause(r: Reading, index: int) -> bool:
    """ "4 boxes with 25 cards in each.", "5 shelves with 16 books on each, and ...": "in/on
    each" that ends its clause stands, like "each one", for the group named right before
    "with" (:func:`each_one_group` reads it; "into each" and "for each" name what follows)."""
    if r.word(index) not in ("in", "on") or r.word(index + 1) != "each":
        return False
    after = index + 2
    return after >= len(r.toks) or r.toks[after].text in (".", ",", "?", "!", ";")


def each_one_group(r: Reading, index: int) -> str:
    """ "put the rest into folders with 6 files in each one", "making bouquets with 5 flowers
    in each one": "each one" stands for the group named right before "with" (its noun key,
    ``folder``); "" when no plural noun is there ("6 files in each one" alone names none)."""
    probe = index - 1
    while probe >= 0 and r.same_sentence(index, probe) and r.word(probe) != "with":
        if not r.word(probe) and r.toks[probe].kind not in ("num", "money"):
            return ""
        probe -= 1
    group = r.word(probe - 1) if r.word(probe) == "with" else ""
    if not group or lx.noun_key(group) == group or not is_noun(r, probe - 1):
        return ""  # no plural noun before "with"
    if _listed_group(r, probe - 1):
        return ""  # "5 shelves and 3 boxes with 16 books on each": each of both
    return lx.noun_key(group)


def _listed_group(r: Reading, noun: int) -> bool:
    """The group noun at ``noun`` is the last of a list ("5 shelves and 3 boxes", "2 vans, 3
    cars"): its count (the number before it, adjectives between) follows "and", "or" or a
    comma, so "each" may stand for every group listed."""
    probe = noun - 1
    while probe >= 0 and r.word(probe) and r.same_sentence(noun, probe):
        probe -= 1
    if probe < 0 or r.toks[probe].kind not in ("num", "money"):
        return False
    before = r.toks[probe - 1].text.lower() if probe > 0 else ""
    return before in ("and", "or", ",")


# --- every quantity --------------------------------------------------------------------------


