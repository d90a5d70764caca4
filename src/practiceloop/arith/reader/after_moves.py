"""Stage 5g of the reader: what is held after a move, told plainly.

"Nia had some money. She earned $28 babysitting and then had $63.": the 63 is what she held
after the earning, although no "left" or "now" says so; "She donated 14 to the library and
kept the other 22": the 22 are what the donation left. Each rule reads one way English tells
the state after a move, and only after a move the text told before the amount (a cue of
gain or loss). Pure functions over a :class:`Reading` and the attributes of one amount.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.reader.tokens import Reading

__all__ = ["held_after_then", "the_other_kept"]

_OPENERS: Final = frozenset({"then", "and"})
_KEEP: Final = frozenset({"kept", "keeps", "keep", "saved", "had", "has"})
_OTHER: Final = frozenset({"other", "remaining"})
_COMPARING: Final = lx.COMPARE_MORE | lx.COMPARE_FEWER


def _moved_before(r: Reading, lo: int, end: int) -> bool:
    """A cue of gain or loss (a verb that moves things) between tokens ``lo`` and ``end``."""
    return any(i in r.cue_at and r.word(i) not in _COMPARING for i in range(lo, end))


def held_after_then(r: Reading, first: int, attrs: dict[str, str]) -> None:
    """ "She earned $28 babysitting and then had $63", "Then she had 30 pencils", "Then 18
    more arrived, and there were 47 people": an amount held (a verb of having, or "there
    were", right before it, its subject between) in a clause opened by "then" or "and then",
    by "and there were/was", or by "and" right before the verb ("bought 7 more and had 22
    pens": the subject shared), after a move the text told before it (in its own sentence
    for "and", anywhere before for "then"), is the state after that move (``now``). Not when
    a state is read already, nor before any move ("Then he had 5 apples and bought 3")."""
    if attrs.get("state") or "verb" not in attrs or attrs["verb"] not in lx.HAVE_VERBS:
        return
    at = first - 1
    there = False
    while at >= 0 and r.same_sentence(at, first) and first - at <= 4:
        word = r.word(at)
        if word in lx.HAVE_VERBS:
            at -= 1
        elif word == "there":
            there = True
            at -= 1
        elif at in r.actor_at or at in r.pronoun_at:
            at -= 1
        else:
            break
    if at < 0 or not r.same_sentence(at, first) or r.word(at) not in _OPENERS:
        return
    lo, _ = r.sentence_bounds[r.toks[first].sentence]
    if r.word(at) == "then":
        opens = at == lo or r.word(at - 1) == "and" or r.toks[at - 1].text == ","
        if opens and _moved_before(r, 0, at):
            attrs["state"] = "now"
    elif (there or at == first - 2) and _moved_before(r, lo, at):
        attrs["state"] = "now"  # "Then 18 more arrived, and there were 47", "and had 22"


def the_other_kept(r: Reading, first: int, attrs: dict[str, str]) -> None:
    """ "She donated 14 to the library and kept the other 22", "gave 9 away and kept the
    remaining 31": "the other N" or "the remaining N" after a verb of keeping or having,
    ending its clause, in the sentence of a move told before it, is what that move left
    (state ``left``; its noun, unsaid, is the last thing counted: ``elided`` ``object``).
    Not with a noun after the number ("the other 22 books" is read as before, and gets the
    state), nor with no move before it in its sentence ("14 were red and the other 22")."""
    if attrs.get("state") or r.word(first - 1) not in _OTHER or r.word(first - 2) != "the":
        return
    if r.word(first - 3) not in _KEEP:
        return
    lo, _ = r.sentence_bounds[r.toks[first].sentence]
    if not _moved_before(r, lo, first - 3):
        return
    attrs["state"] = "left"
    if "entity" not in attrs and "unit" not in attrs and r.last_thing:
        attrs.update(r.last_thing)
        attrs["elided"] = "object"
