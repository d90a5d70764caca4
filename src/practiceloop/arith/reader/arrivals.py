"""Stage 3b/5c of the reader: later arrivals, and work still to do.

Two kinds of move English tells without a verb of the lexicon:

* a later arrival told in the passive with "another": "another 12 were brought in", "another
  8 were turned in": the amount comes in to the one who holds the things, a gain;
* work to do: "A clerk had 9 forms to file ... she filed 5 ... how many forms would she have
  to file?", "She needs to frost 14 cakes ... has frosted 5": "had N X to V" or "needs to V
  N X" counts work, and doing V to some of it (the same verb, its lemma)
  is a loss of that work, when the question asks the work still "to V".

The cue rules (:func:`arrived_in`, :func:`work_done`) are asked by
:func:`~.cues.read_cues` at each word; the quantity rule (:func:`moved_by_cue`) gives an
amount read at such a cue its direction and the noun it elides.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.lexicon import words
from practiceloop.arith.reader.tokens import Reading

__all__ = [
    "IN_VERBS",
    "arrived_in",
    "later_cue",
    "more_still_to_do",
    "moved_by_cue",
    "work_done",
]

IN_VERBS: Final = words("brought turned handed sent mailed carried passed checked called")
"""Participles that, with "in", tell things coming in: "were brought in", "were turned in"."""
_BE_PAST: Final = words("was were")
_CLAUSE_ENDS: Final = frozenset({",", ".", "?", "!", ";"})


def arrived_in(r: Reading, index: int) -> bool:
    """ "another 12 were brought in", "then another 8 were turned in.": a participle of
    :data:`IN_VERBS` with "in" ending its clause, after "another", a number and "was"/"were",
    tells the amount coming in to the holder: a gain cue. Not without "another" ("12 were
    turned in" may be anyone's), not with more after "in" ("were put in boxes"), not a verb
    outside the list ("another 5 were sold" is no arrival) and not "was/were" missing
    ("another 5 turned in early")."""
    if r.word(index) not in IN_VERBS or r.word(index + 1) != "in":
        return False
    end = index + 2
    if (
        end < len(r.toks)
        and r.same_sentence(index, end)
        and r.toks[end].text not in _CLAUSE_ENDS
        and r.word(end) not in ("and", "but")
    ):
        return False
    number = index - 2
    return (
        number >= 1
        and r.word(index - 1) in _BE_PAST
        and r.toks[number].kind == "num"
        and r.word(number - 1) == "another"
        and r.same_sentence(number - 1, index)
    )


def work_done(r: Reading, index: int) -> bool:
    """ "A clerk had 9 forms to file. ... she filed 5 ... how many forms would she have to
    file?": a verb in the past whose lemma is the V of an earlier "had N X to V" or "needs to
    V N X" (:func:`_work_to_do`), or that takes "N of the X" of the asked X when the question
    asks what is "still" or "left" to do, and of the question's "to V", is that work done:
    a loss of the work still to do. Refused: no such "had N X to V" before it, a question
    with no "to V" of that verb ("How many forms does she have?"), a question of the work as
    it was ("did she need to file", "in all", "at first"), the verb's own bare form
    ("to file" itself), a verb in the question."""
    word = r.word(index)
    if not word or r.question < 0 or r.toks[index].sentence == r.question:
        return False
    lemma = lx.verb_key(word)
    if lemma == word or not lemma:
        return False  # the bare form: "to file" itself, or a word no dictionary knows
    lo, hi = r.sentence_bounds[r.question]
    if not any(r.word(i) == "to" and r.word(i + 1) == lemma for i in range(lo, hi)):
        return False
    if any(r.word(i) in _NOT_LEFT for i in range(lo, hi + 1)):
        return False  # "did she need to file in all?": the work as it was, not what is left
    return any(_work_to_do(r, at, lemma) for at in range(index)) or _part_of_asked(
        r, index, lo, hi
    )


def _part_of_asked(r: Reading, index: int, lo: int, hi: int) -> bool:
    """ "she had already colored 44 of the pictures. How many pictures does she still have to
    color?": the verb takes "N of the X" of the question's noun, and the question asks what is
    "still" or "left" to do (its sentence spans tokens ``lo``..``hi``)."""
    number = index + 1
    if number >= len(r.toks) or r.toks[number].kind != "num" or r.word(number + 1) != "of":
        return False
    if r.word(number + 2) not in ("the", "his", "her", "their"):
        return False
    noun = lx.noun_key(r.word(number + 3))
    said = [r.word(i) for i in range(lo, hi + 1)]
    asked = {lx.noun_key(w) for w in said}
    return bool(noun) and noun in asked and ("still" in said or "left" in said)


_NOT_LEFT: Final = words("""
    did was were had total all altogether together combined first originally initially start
    begin beginning
    """)


def _work_to_do(r: Reading, to: int, lemma: str) -> bool:
    """True when work is told at the "to" at ``to``: "had 9 forms to file" (a verb of having,
    a number, its noun, then "to V") or "needs to cook 16 potatoes", "has to file 9 forms" (a
    verb of needing or having, "to V", then a number)."""
    if r.word(to) != "to" or r.word(to + 1) != lemma:
        return False
    noun, number = to - 1, to - 2
    held = (
        number >= 1
        and r.toks[number].kind == "num"
        and r.word(number - 1) in _HAVING
        and bool(r.word(noun))
        and r.word(noun) not in lx.STOP_WORDS
        and r.same_sentence(number - 1, to + 1)
    )
    needed = (
        r.word(to - 1) in _NEEDING
        and to + 2 < len(r.toks)
        and r.toks[to + 2].kind == "num"
        and r.same_sentence(to - 1, to + 2)
    )
    return held or needed


_HAVING: Final = words("had has have")
_NEEDING: Final = words("need needs needed had has have")


def later_cue(r: Reading, index: int) -> bool:
    """A cue at an arrival (:func:`arrived_in`: a gain, "brought in") or at work done
    (:func:`work_done`: a loss of the work, "filed"), recorded here; True when one is.
    Every other word is left to :func:`~.cues.read_cues`."""
    if arrived_in(r, index):
        direction, phrase = "gain", r.word(index) + " in"
    elif work_done(r, index):
        direction, phrase = "loss", r.word(index)
    else:
        return False
    attrs = {"cue": phrase, "direction": direction, "money_direction": direction}
    r.cue_at[index] = r.add("c", "cue", index, index, attrs)
    if direction == "loss":
        r.work_cues.add(r.cue_at[index])
    return True


def moved_by_cue(r: Reading, first: int, index: int, attrs: dict[str, str]) -> None:
    """An amount read at a cue of :func:`arrived_in` or :func:`work_done` (the number at
    ``first``, its phrase ending before ``index``): "another 12 were brought in" takes the
    arrival's verb and cue, a gain; "she filed 5" the work's cue, a loss; a bare number
    counts the last thing said (``elided``, copied by the ellipsis rule). Nothing for any
    other amount, nor for one with a comparison, a rate or a state of its own."""
    if any(key in attrs for key in ("compare", "additional", "per", "state")):
        return
    cue_index = None
    direction = ""
    if r.word(first - 1) == "another" and arrived_in(r, first + 2) and index == first + 1:
        cue_index, direction = first + 2, "gain"
        attrs["verb"] = r.word(first + 2) + " in"
    elif attrs.get("cue") in r.work_cues:
        direction = "loss"
    if not direction:
        return
    if cue_index is not None:
        if cue_index not in r.cue_at:
            return
        attrs["cue"] = r.cue_at[cue_index]
    attrs["direction"] = direction
    if "entity" not in attrs and "unit" not in attrs:
        attrs["elided"] = "subject" if cue_index is not None else "object"


def more_still_to_do(r: Reading, index: int) -> bool:
    """ "A quiz had 3 questions. If a tutor had 8 quizzes to mark and had already marked 5 of
    them, how many more questions does he have to mark?": the "more" right after "how many"
    asks what is still to do, no comparison, when the question has no "than" and the text
    tells work done of the question's "to V" (:func:`work_done`). "How many more questions
    than quizzes ...", or a "more" with no work done before it, stays a comparison."""
    if r.word(index) != "more" or r.word(index - 1) not in ("many", "much"):
        return False
    if r.word(index - 2) != "how" or r.question < 0 or r.toks[index].sentence != r.question:
        return False
    lo, hi = r.sentence_bounds[r.question]
    if any(r.word(i) == "than" for i in range(lo, hi + 1)):
        return False
    return any(
        r.toks[at].sentence != r.question and work_done(r, at) for at in range(len(r.toks))
    )
