"""What every shape of the portion reading shares (see :mod:`practiceloop.arith.portions`):
the :class:`Shape` a sentence reader returns, the one holder of a story, and the opening
sentences that say nothing countable."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from fractions import Fraction
from typing import Final

from practiceloop.arith.lexicon import noun_key
from practiceloop.kernel.frame import Mention, Observation
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "PRONOUNS",
    "Shape",
    "one_holder",
    "opening_says_nothing",
    "same_thing",
]

PRONOUNS: Final = {"he": "his", "she": "her", "they": "their"}
"""Subject pronouns and their possessives."""

_UNSAFE: Final = frozenset(
    """same as than more fewer less times twice half double triple each every per all rest
    remaining left other another also too number amount total some of""".split()
)
"""Words a sentence that counts nothing may not say: they may tell an amount of the story's
thing without a number ("the same number", "the rest", "some of them")."""


_DETERMINED: Final = frozenset(
    """a an one the this that these those some any no each every all many several few enough
    both his her their its my our your much more""".split()
)
"""Words before a noun that make it an amount ("the pebbles", "her money"): an opening
sentence may name the counted thing only as a bare plural ("collected colored pebbles")."""


@dataclasses.dataclass(frozen=True, slots=True)
class Shape:
    """What one sentence shape reads of a text, before its mentions are checked: the factor,
    the told amount and its role, the asked role."""

    factors: tuple[tuple[tuple[int, int], Fraction, bool], ...]
    """Each factor in the story's order: its phrase's (start, end) ("2/5", "half", "25%",
    "twice"), its value (a percent divided by 100), whether it is a percent. Two or more
    factors are a chain: each takes its part from what the one before left."""
    told: tuple[int, int]
    """The told number's (start, end)."""
    told_value: Fraction
    told_role: str
    """``whole``, ``part``, ``rest`` or ``sum`` (see :data:`~.portions.ROLES`); a chain's
    ``rest`` is what the last factor left."""
    asked_role: str
    """As ``told_role``; a chain's part is ``part_<i>``, the part the i-th factor took."""
    consumed: tuple[tuple[int, int], ...]
    """Besides the factor: the verbs read, "the rest", a question's "not"."""
    counts: bool
    """The amounts count things (no money, no measure): each must come out whole."""
    thing: str | None = None
    """What the told amount counts, as an entity key ("money", "pen"), when the shape reads
    it (so that a number the reader read with no thing, "600$", is given one)."""
    changes: tuple[tuple[tuple[int, int], Fraction], ...] = ()
    """Each number moved, in the story's order: its (start, end) and value."""
    steps: tuple[tuple[str, int], ...] = ()
    """A story's moves in order, each (op, index): ``take`` the factor's part of what there
    is, ``take_whole`` the factor's part of the whole, ``gain`` / ``loss`` a number moved
    (indexes into :attr:`factors` / :attr:`changes`); empty for one factor's algebra."""
    offsets: tuple[int, ...] = ()
    """Per factor, the direction of a percent told as a change: 1 for "P% more" (the factor
    is 1 + P/100), -1 for "P% less" / "P% fewer" (1 - P/100), 0 otherwise; empty: all 0."""


def same_thing(told: tuple[str, ...], said: tuple[str, ...] | None) -> bool:
    """``said`` names the ``told`` thing: the same words, or its last word alone (None: said
    by a pronoun or not at all)."""
    if said is None:
        return True
    return said == told or said == told[-1:] or (told == ("money",) and said[-1] == "dollar")


def one_holder(
    said: list[str], named_after: Iterable[tuple[str, tuple[str, ...]]], asked: str | None,
    names: set[str],
) -> dict[str, str | None] | None:
    """Each holder as written (``said``: every clause's subject and the question's) as the one
    holder they name; None when they are not one.

    Holders are a name the reader read as a person, "a / the <noun>", or "he" / "she" /
    "they". A pronoun names the one holder when the text names no one else, or when everyone
    else is named only in the closing phrase of each clause the pronoun is the subject of
    ("She gave a third of them to Noa": she is not Noa) and the question's holder is no
    pronoun. ``named_after`` pairs each clause's subject with the names its closing phrase
    says."""
    keys = {h.lower() for h in said}
    pronouns = {k for k in keys if k in PRONOUNS}
    nouns = keys - pronouns
    if len(pronouns) > 1 or len(nouns) > 1:
        return None
    named = {n for n in nouns if " " not in n}
    if named and not named <= names:
        return None  # a capitalised word the reader read as no person
    others = names - nouns  # people the story names only in a closing phrase ("to Noa")
    if pronouns and nouns and others:
        if asked is not None and asked.lower() in PRONOUNS:
            return None
        if any(
            subject.lower() in PRONOUNS and not others <= set(after)
            for subject, after in named_after
        ):
            return None
    elif pronouns and len(names) > 1:
        return None  # "he" with two people named
    one = next(iter(nouns), None) or next(iter(names), None) or next(iter(pronouns), None)
    return {h: one for h in said}


def opening_says_nothing(
    sentence: SourceSpan,
    mentions: tuple[Mention, ...],
    observations: tuple[Observation, ...],
    thing: tuple[str, ...],
) -> bool:
    """An opening sentence no clause reads ("A housewife goes to the market.") counts nothing
    and says no amount of the story's thing: no quantity, no observation, no digit, none of
    :data:`_UNSAFE`, and the counted thing's noun only as a bare plural ("Nadine collected
    colored pebbles.", never "the pebbles", "a pebble", "her money")."""
    index = sentence.sentence_index
    if any(m.kind == "quantity" and m.span.sentence_index == index for m in mentions):
        return False
    if any(s.sentence_index == index for o in observations for s in o.evidence_spans):
        return False
    if any(ch.isdigit() for ch in sentence.text):
        return False
    said = [w.strip(",.;:!?'’\"") for w in sentence.text.split()]
    if {w.lower() for w in said} & _UNSAFE:
        return False
    counted = ("dollar", "money") if thing == ("money",) else thing[-1:]
    for index, word in enumerate(said):
        if noun_key(word) not in counted:
            continue
        before = said[index - 1].lower() if index else ""
        if not word.lower().endswith("s") or not before or before in _DETERMINED:
            return False  # "the pebbles", "her money", "a pebble": an amount of them
    return True
