"""Moves into and out of a place the text says holds things (issue 15).

"There were 42 pencils in the drawer. Dan took 22 pencils from the drawer. How many pencils
are now in the drawer?": Dan's taking is the drawer's loss, and "Tom put 6 more books on the
shelf" the shelf's gain, when the story and the question count what the place holds. The mover
is no holder of the story: the amount moved is the place's (no owner), its direction the one the
place sees (the reverse of the mover's own gain for a taking). Read only when

* the verb is told done (no modal, "to", "not" or "n't" right before it) and its number follows
  it right away ("took 22 pencils", "put 6 more books");
* nothing more is moved after the place ("and some on Tuesday"), and a putting "on" meets a
  place told "on" it, one "in" a place told "in" it ("put 5 on the jar" is not in the jar);
* no other number follows in the sentence ("took 22 from the drawer and 5 from the box");
* the place follows the counted phrase in the same clause: "from / out of / off the P" for a
  taking, "in / into / on / onto / inside / to the P" for a putting;
* an earlier sentence says P holds things ("There were 42 pencils in the drawer", "The drawer
  had 42 pencils");
* the question asks of P ("How many pencils are in the drawer?"), or of no place and no one
  while the text places things in P only ("How many pencils are there now?").

Any other place, an untold holding or a question asking the mover stays unread (the verb
keeps whatever reading it had). The proofs still check the rest (the thing, the distractors,
the place of every other amount: :mod:`practiceloop.arith.told_places`).
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.reader.tokens import Reading

__all__ = [
    "PUT_VERBS",
    "TAKE_VERBS",
    "eaten_of_the_place",
    "place_move",
    "read_place_moves",
    "taken_of_the_one_place",
]

PUT_VERBS: Final = lx.words("put puts placed places added adds")
"""Verbs of putting: the place they put into gains the amount."""

TAKE_VERBS: Final = lx.words("took takes removed removes pulled pulls")
"""Verbs of taking: the place they take from loses the amount."""

_PUT_INTO: Final = lx.words("in into on onto inside to")
_NOT_DONE: Final = lx.words(
    "will would can could should might must may to not n't never cannot wants want wanted"
)
_STOPS: Final = lx.words("and but or then while before after because")
_HOLDING: Final = lx.words("had has have contains contained holds held")
_PLACE_WORDS: Final = lx.words("in into on onto inside at from off to")
_DETS: Final = lx.words("the a an his her their its my our your this that")
_SUMS: Final = lx.words("all total altogether together combined")
_AT_PLACE: Final = lx.words("in on inside into onto")
_AMOUNT_WORDS: Final = lx.words("some more others rest each every per times twice half all")


def place_move(r: Reading, index: int) -> tuple[str, str, str, int] | None:
    """("gain" | "loss", the place's noun, how its holding was told: "there" or "had", the
    sentence that told it) when the verb at ``index`` puts into or takes from a place the text
    says holds things and the question asks of; None otherwise."""
    word = r.word(index)
    if word in PUT_VERBS:
        direction, into = "gain", _PUT_INTO
    elif word in TAKE_VERBS:
        direction, into = "loss", lx.words("from off")
    else:
        return None
    if r.word(index - 1) in _NOT_DONE or r.question < 0 or r.sentence_of[index] == r.question:
        return None
    first, out_at = index + 1, -1
    if first >= len(r.toks) or r.toks[first].kind not in ("num", "money"):
        return None
    probe = first + 1
    while probe < len(r.toks) and r.same_sentence(index, probe) and probe - first <= 4:
        here = r.word(probe)
        if r.toks[probe].kind != "word" or here in _STOPS:
            return None
        if direction == "loss" and here == "out" and r.word(probe + 1) == "of":
            out_at = probe  # "out of the jar": a place, not "5 out of 9"
            probe += 1
            here = "from"
        if here in into:
            break
        probe += 1
    else:
        return None
    if r.word(probe + 1) != "the" or _number_after(r, first):
        return None
    place = lx.noun_key(r.word(probe + 2))
    if not place or place in lx.STOP_WORDS or probe + 2 in r.actor_at:
        return None
    if _more_told_after(r, probe + 3):
        return None
    if direction == "gain" and not _same_side(r, r.word(probe), place):
        return None
    held, holding = _holds_before(r, place, r.sentence_of[index])
    if not held or not (_asked_of(r, place) or _asked_of_no_other(r, place, direction)):
        return None
    if out_at >= 0:
        r.place_out_of.add(out_at)
    return direction, place, held, holding


def eaten_of_the_place(r: Reading, index: int) -> tuple[str, str, str, int] | None:
    """("loss", the place's noun, "there" or "had", the holding sentence) when the verb at
    ``index`` uses up or takes "N of them" / "N of the X" right after a sentence that tells the
    place's things: "There were 18 apples in the basket. Sam ate 5 of the apples. How many
    apples are in the basket now?". The things are the place's (no one else's are told: "of
    the apples" names the place's, "of them" the sentence before's), and the question asks of
    the place, or of no place and no one while the body tells this place only."""
    word = r.word(index)
    if word not in TAKE_VERBS and (word not in lx.LOSS_VERBS or lx.verb_class(word) != "destroy"):
        return None
    if r.word(index - 1) in _NOT_DONE or r.question < 0 or r.sentence_of[index] == r.question:
        return None
    first = index + 1
    if first >= len(r.toks) or r.toks[first].kind != "num" or r.word(first + 1) != "of":
        return None
    if r.word(first + 2) == "them":
        thing, end = "", first + 3
    elif r.word(first + 2) == "the":
        thing, end = lx.noun_key(r.word(first + 3)) or "", first + 4
        if not thing:
            return None
    else:
        return None
    if end < len(r.toks) and r.same_sentence(first, end) and r.toks[end].kind != "punct":
        return None  # the clause goes on: "5 of them to Ann", "5 of the apples and 2 pears"
    holding = r.sentence_of[index] - 1
    if holding < 0 or holding == r.question:
        return None
    lo, hi = r.sentence_bounds[holding]
    numbers = [i for i in range(lo, hi + 1) if r.toks[i].kind == "num"]
    if len(numbers) != 1 or (thing and lx.noun_key(r.word(numbers[0] + 1)) != thing):
        return None
    places = _places_named(r)
    if len(places) != 1:
        return None
    place = next(iter(places))
    held, told = _holds_before(r, place, holding + 1)
    if told != holding or not (_asked_of(r, place) or _asked_of_no_other(r, place, "loss")):
        return None
    return "loss", place, held, holding


def taken_of_the_one_place(r: Reading, index: int) -> tuple[str, str, str, int] | None:
    """("loss", the place's noun, "there" or "had", the holding sentence) when the verb at
    ``index`` takes a counted amount and says from nowhere: "There were 34 candies in a bowl.
    Ann took 10 candies and Bo took 8 candies. How many candies remain in the bowl?". The
    source is unsaid, so it is read as the one place only when

    * the verb is told done and its number follows it right away ("took 10 candies");
    * its clause ends after the counted phrase, or goes on only with another taking ("and Bo
      took 8"): no place word, no other amount word ("some", "each", "more"), no other number;
    * the body names one place only, an earlier sentence tells that place holds things, and
      the question asks of that place by name ("in the bowl"): a question of no place or of the
      taker may count what the taker now holds, and stays unread."""
    if r.word(index) not in TAKE_VERBS:
        return None
    if r.word(index - 1) in _NOT_DONE or r.question < 0 or r.sentence_of[index] == r.question:
        return None
    first = index + 1
    if first >= len(r.toks) or r.toks[first].kind not in ("num", "money"):
        return None
    probe = first + 1
    while probe < len(r.toks) and r.same_sentence(index, probe):
        tok, here = r.toks[probe], r.word(probe)
        if tok.kind == "punct" or here == "and":
            break
        if tok.kind != "word" or here in _PLACE_WORDS or here in _AMOUNT_WORDS or here in _STOPS:
            return None
        probe += 1
    if not _ends_or_takes_again(r, probe):
        return None
    places = _places_named(r)
    if len(places) != 1:
        return None
    place = next(iter(places))
    if not place or place in lx.STOP_WORDS:
        return None
    held, holding = _holds_before(r, place, r.sentence_of[index])
    if not held or not _asked_of(r, place):
        return None
    return "loss", place, held, holding


def _ends_or_takes_again(r: Reading, at: int) -> bool:
    """True when the taking clause ends at ``at`` (the sentence's end, a comma or full stop
    closing it) or goes on with another taking by someone named: "and Bo took 8 candies"."""
    if at >= len(r.toks) or not r.same_sentence(at - 1, at):
        return True
    mark = r.toks[at].text if r.toks[at].kind == "punct" else ""
    if mark in (".", "!", ";"):
        return True
    step = at + 1 if mark == "," or r.word(at) == "and" else at
    if r.word(step) == "and":
        step += 1
    if step in r.actor_at or step in r.pronoun_at:
        return r.word(step + 1) in TAKE_VERBS
    return False


def _places_named(r: Reading) -> set[str]:
    """The nouns the body names as places: "in / on / from / at ... the (a, his ...) P"."""
    return {
        lx.noun_key(r.word(i + 2))
        for i in range(len(r.words))
        if r.word(i) in _PLACE_WORDS and r.word(i + 1) in _DETS and r.sentence_of[i] != r.question
    }


def _more_told_after(r: Reading, index: int) -> bool:
    """True when the clause goes on after the place with more moved ("from the jar on Monday
    and some on Tuesday", "and then ..."): a joined word or an amount word up to the sentence's
    end."""
    while index < len(r.toks) and r.same_sentence(index - 1, index):
        if r.word(index) in _STOPS or r.word(index) in _AMOUNT_WORDS:
            return True
        index += 1
    return False


def _same_side(r: Reading, preposition: str, place: str) -> bool:
    """True when a putting "on / onto the P" meets a place told and asked "on the P", and "in /
    into / inside the P" one told and asked "in / inside the P" ("put 17 candies on the jar"
    is no gain of what is in the jar); "to the P" meets either."""
    if preposition == "to":
        return True
    wanted = lx.words("on onto") if preposition in ("on", "onto") else lx.words("in into inside")
    told = {
        r.word(i)
        for i in range(len(r.words))
        if r.word(i) in _AT_PLACE and r.word(i + 1) == "the" and lx.noun_key(r.word(i + 2)) == place
    }
    return told <= wanted


def _number_after(r: Reading, first: int) -> bool:
    """True when another number follows the moved one in its sentence ("took 22 from the
    drawer and 5 from the box"): the clause may move more than the one amount; unread."""
    index = first + 1
    while index < len(r.toks) and r.same_sentence(first, index):
        if r.toks[index].kind in ("num", "money"):
            return True
        index += 1
    return False


def _holds_before(r: Reading, place: str, sentence: int) -> tuple[str, int]:
    """How a sentence before ``sentence`` tells ``place`` holds things: "there" for "There were
    42 pencils in the drawer" (a "there" sentence placing them "in / on the P"), "had" for "The
    drawer had 42 pencils", "" when none does (the first told counts); with that sentence's
    index."""
    for at, (lo, hi) in enumerate(r.sentence_bounds[:sentence]):
        if r.word(lo) == "there" and r.word(lo + 1) in lx.HAVE_VERBS and _places(r, lo, hi, place):
            return "there", at
        for i in range(lo, hi):
            if (
                r.word(i) == "the"
                and lx.noun_key(r.word(i + 1)) == place
                and r.word(i + 2) in _HOLDING
            ):
                return "had", at
    return "", -1


def _asked_of(r: Reading, place: str) -> bool:
    """True when the question places what it asks "in / on the P"."""
    lo, hi = r.sentence_bounds[r.question]
    return _places(r, lo, hi, place)


def _asked_of_no_other(r: Reading, place: str, direction: str) -> bool:
    """True when the question names no place and no one ("How many pencils are there now?",
    "How many are now there in total?") and the text places things in one place only: what is
    asked is what that place holds. A sum asked ("in all", "total", "altogether") after a
    taking may count what was taken too: refused."""
    lo, hi = r.sentence_bounds[r.question]
    for i in range(lo, hi + 1):
        if i in r.actor_at or i in r.pronoun_at or r.word(i) in _PLACE_WORDS:
            return False
        if direction == "loss" and r.word(i) in _SUMS:
            return False
    body = {
        lx.noun_key(r.word(i + 2))
        for i in range(len(r.words))
        if r.word(i) in _PLACE_WORDS and r.word(i + 1) in _DETS
    }
    return body == {place}


def _places(r: Reading, lo: int, hi: int, place: str) -> bool:
    return any(
        r.word(i) in _AT_PLACE and r.word(i + 1) == "the" and lx.noun_key(r.word(i + 2)) == place
        for i in range(lo, hi)
    )


def read_place_moves(r: Reading) -> None:
    """A cue (or the cue already read) at every verb :func:`place_move` reads, its direction
    the place's, recorded in ``r.place_moves`` (cue id -> (direction, the place's noun when the
    text told it "had" the things, else "")) for the clause reader.

    All or none: when the body tells a number that is not a place's move nor the one number
    of a holding sentence that names no one ("Then Dan lost 3 pencils", "Tom bought 4 books",
    "There were 42 pencils in the drawer, and Dan lost 5"), the mover's own things may be in
    the story too and no move is read as the place's."""
    moves: dict[int, tuple[str, str, str, int]] = {}
    for index, word in enumerate(r.words):
        if word in PUT_VERBS or word in TAKE_VERBS or word in lx.LOSS_VERBS:
            move = (
                place_move(r, index)
                or eaten_of_the_place(r, index)
                or taken_of_the_one_place(r, index)
            )
            if move is not None:
                moves[index] = move
    if not moves:
        return
    holdings = {move[3] for move in moves.values()}
    told = [at for at, tok in enumerate(r.toks) if tok.kind in ("num", "money")]
    own = [at for at in told if r.toks[at].sentence != r.question and at - 1 not in moves]
    people = {r.toks[at].sentence for at in (*r.actor_at, *r.pronoun_at)}
    if len(own) != len(holdings) or any(
        r.toks[at].sentence not in holdings or r.toks[at].sentence in people for at in own
    ):
        r.place_out_of.clear()
        return
    for index, (direction, place, held, _) in moves.items():
        word = r.word(index)
        attrs = {"cue": word, "direction": direction, "money_direction": direction}
        if index not in r.cue_at:  # "added", "removed" are read already, the same way
            r.cue_at[index] = r.add("c", "cue", index, index, attrs)
        r.place_moves[r.cue_at[index]] = (direction, place if held == "had" else "")
