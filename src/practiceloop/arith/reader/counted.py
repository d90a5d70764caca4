"""Stage 5d of the reader: what an amount is per, or what it counts, when its clause says it
in another way than a noun right after the number.

"They were buying puzzle cubes at the fair for 8 dollars each": the 8 dollars are per one of
the cubes the verb buys, though no number counts them there. "Ben rode the carousel 4 times":
the 4 counts rides, the events of the verb. The quantity stage leaves such amounts per
``each`` or with no counted thing; the rules here, run over the amounts read, name it when the
clause says it and leave it unread otherwise. Pure functions over a :class:`Reading`.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith.lexicon import HAVE_VERBS, STOP_WORDS, noun_key, verb_key
from practiceloop.arith.reader.tokens import Reading

__all__ = ["each_of_a_bought_thing", "times_of_a_verb"]

Read = tuple[int, int, dict[str, str]]

_ENDS: Final = frozenset({"from", "at", "in", "on", "to", "for", "with"})
"""Words that end the object of a purchase ("decks from the shop", "cubes at the fair")."""

_BARE: Final = frozenset({"some", "new", "old"})
"""Words that may stand before the bought noun when no number counts it."""


def _cue_index(r: Reading, cue: str | None, before: int) -> int | None:
    """The token index of the cue mention ``cue``, when it is before token ``before`` in its
    sentence."""
    found = [i for i, c in r.cue_at.items() if c == cue and i < before]
    found = [i for i in found if r.same_sentence(i, before)]
    return found[0] if len(found) == 1 else None


def each_of_a_bought_thing(r: Reading, read: list[Read]) -> None:
    """ "They were buying puzzle cubes at the fair for 8 dollars each": an amount of money told
    "for N each" in the clause of the verb it was read with, whose object is a plural noun no
    number counts (only "some", "new", "old" before it, then a place or source phrase), is per
    one of that noun (``per`` becomes it). Left as ``each``: a singular object ("bought a cube
    for 8 dollars each" may be per person), a number between the verb and the amount, two
    objects ("cubes and kites"), a verb not read with the amount, or any amount counted before
    it in its sentence (:func:`~.distributive.each_of_a_count` reads a counted one)."""
    for first, _last, attrs in read:
        if attrs.get("per") != "each" or attrs.get("unit") != "dollar":
            continue
        verb = _cue_index(r, attrs.get("cue"), first)
        if verb is None or r.word(first - 1) != "for":
            continue
        opening = r.sentence_bounds[r.sentence_of[first]][0]
        if any(lo < first and r.same_sentence(lo, first) and lo >= opening for lo, _, _ in read):
            continue
        between = range(verb + 1, first - 1)
        if any(r.toks[i].kind != "word" or r.word(i) in ("and", "or") for i in between):
            continue
        phrase: list[str] = []
        for i in between:
            if r.word(i) in _ENDS:
                break
            phrase.append(r.word(i))
        head = phrase[-1] if phrase else ""
        kept = [w for w in phrase[:-1] if w in STOP_WORDS]
        if (
            not head
            or len(phrase) > 3
            or head in STOP_WORDS
            or any(w not in _BARE for w in kept)
            or noun_key(head) == head
        ):
            continue
        attrs["per"] = noun_key(head)


_AFTER_TIMES: Final = frozenset(
    {"", "and", "on", "in", "at", "during", "last", "this", "today", "yesterday", "before",
     "but", "then", "while", "if", "so"}
)  # fmt: skip
"""What may follow "N times" when it counts events: a mark, a conjunction, a time ("7 times
on Monday"). "3 times as many", "3 times the price", "3 times a week" are no count of events."""


def times_of_a_verb(r: Reading, read: list[Read]) -> None:
    """ "Ben rode the carousel 4 times and the slide 2 times": an amount of nothing read, told
    "N times" after the verb of its clause, counts the events of that verb: its thing is the
    verb's lemma ("ride"), so that a rate per one of them ("each ride cost 3 tickets") can
    take it. Left unread: "3 times as many", "3 times the price", "3 times a week" (a
    multiplier or a frequency), a verb of having ("had 3 times"), or no verb read."""
    for first, last, attrs in read:
        verb = verb_key(attrs.get("verb"))
        if (
            verb is None
            or {"entity", "unit", "per", "compare"} & attrs.keys()
            or (attrs.get("verb") or "").split()[0] in HAVE_VERBS
            or verb in HAVE_VERBS
            or r.word(last + 1) != "times"
            or not r.same_sentence(first, last + 1)
            or (r.same_sentence(first, last + 2) and r.word(last + 2) not in _AFTER_TIMES)
        ):
            continue
        attrs["entity"] = verb
