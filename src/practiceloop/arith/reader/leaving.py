"""Stage 5f of the reader: what a move left, told after "leaving".

"Omar sold some lamps at a fair leaving him with 12 lamps.": the 12 are not sold; they are
what the sale left Omar, a state after the move (``left``), as "he had 12 lamps left" says.
The clause stage reads the number under the clause's verb ("sold"); this stage takes the verb
away from it. Pure functions over a :class:`Reading`.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.reader.cues import is_verb
from practiceloop.arith.reader.nouns import is_noun
from practiceloop.arith.reader.tokens import Reading

__all__ = ["left_by_leaving", "someone_else_said"]

_HOLDER: Final = frozenset({"him", "her"})
"""The one person "leaving <him/her> with" may leave the amount to ("them" may be many)."""


def someone_else_said(r: Reading, end: int) -> bool:
    """Before token ``end`` the text may name a person besides its actors: a person noun
    ("the baker", "two boys") or anything owned ("his sister", "her mom", "his yard": the
    reader keeps no list of kin, so any possessed noun may be a person "he"/"she" points to).
    False for a text that speaks only of its named actors and things no one owns."""
    for index in range(end):
        word = r.word(index)
        if lx.noun_key(word) in lx.PERSON_NOUNS:
            return True
        if word in lx.POSSESSIVES and is_noun(r, index + 1):
            return True
    return False


def _receiver_told(r: Reading, leaving: int) -> bool:
    """The clause before "leaving" (token ``leaving``) may name a receiver "him"/"her" could
    point to: a "to" or "for" ("gave some lamps to a friend"), or its moved amount not right
    after its verb ("gave a friend some lamps")."""
    opening = r.sentence_bounds[r.sentence_of[leaving]][0]
    said = range(opening, leaving)
    if any(r.word(i) in ("to", "for") for i in said):
        return True
    moved = next((i for i in said if r.word(i) == "some" or r.toks[i].kind == "num"), None)
    return moved is None or not is_verb(r.word(moved - 1))


def left_by_leaving(r: Reading, first: int, attrs: dict[str, str]) -> None:
    """ "... leaving him with 12 lamps": a number right after "leaving him/her with", in a
    text that names one person (so "him"/"her" is that person), is what that person holds after
    the clause's move: state ``left``, and the move's verb, cue and direction are not the
    number's (the owner read for the clause stays). Left as read: "leaving them with" (many),
    two people named ("sold lamps to Ben leaving him with 12": which one is left is not read)
    or another person said before it (:func:`someone_else_said`: "gave lamps to his sister
    leaving her with 12"), a receiver told in the clause ("to a friend", "gave a friend some"),
    "leaving 6" with no holder (what the text left then belongs to no one read), or a state
    already read."""
    if "state" in attrs or r.word(first - 1) != "with" or r.word(first - 3) != "leaving":
        return
    if r.word(first - 2) not in _HOLDER or len(set(r.actor_names.values())) != 1:
        return
    if not r.same_sentence(first, first - 3):
        return
    if someone_else_said(r, first) or _receiver_told(r, first - 3):
        return  # "gave lamps to his sister leaving her with 12": her is the sister
    for key in ("cue", "direction", "verb"):
        attrs.pop(key, None)
    attrs["state"] = "left"
