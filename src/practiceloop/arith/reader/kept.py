"""Stage 5e of the reader: "all but N", what a move left where it was.

"A crate had 12 jars and Ben sold all but 5 jars": the 5 is no amount sold; it is what the
selling kept, and what was sold is the whole told before (12 jars) less it. The reader reads
that structure only where the text gives it whole: one whole of the thing told before the
phrase, a verb right before "all but", no other amount of the thing. The kept amount is then
a subtraction from that whole (a cue of its own, "all but", read as a loss), and the verb's
cue is the move of what is left after it, so that only a two-step organ whose first step
takes the kept amount from the whole and whose rate fills what moved can use it (the proofs
check which: ``accounting`` and ``_composed_checks``). Anywhere else "all but" stays the
``remaining`` hazard (:func:`~.hazards.read_phrases`). Pure functions over a
:class:`Reading`.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith.lexicon import HAVE_VERBS, STOP_WORDS, noun_key, verb_key
from practiceloop.arith.reader.cues import is_verb
from practiceloop.arith.reader.tokens import Reading

__all__ = ["all_but_kept", "moved_verb_of_a_rate", "read_kept", "whole_told_in_all"]

Read = tuple[int, int, dict[str, str]]

_EXCEPT: Final = frozenset({"but", "except"})
_MOVED_KEYS: Final = ("compare", "per", "state", "additional", "direction")


def read_kept(r: Reading, read: list[Read]) -> None:
    """Every rule of this stage, over the amounts the quantity stage read."""
    all_but_kept(r, read)


def _counts(attrs: dict[str, str]) -> str | None:
    return attrs.get("unit") or attrs.get("entity")


def all_but_kept(r: Reading, read: list[Read]) -> None:
    """ "The shelf held 12 jars and Ben sold all but 5 jars", "you hit all but 3 of them":
    the amount right after "all but" / "all except", told in the body after a verb ("sold",
    "hit"), is what that verb left (``kept``), when the text told exactly one whole of its
    thing before it (an amount held, read with a verb of having, no move, rate or comparison)
    and no other amount of that thing. It is read as a loss from that whole, with the phrase
    "all but" as its cue; the verb's cue, if any, is carried as ``moved_cue`` (the move of
    what the subtraction leaves). :func:`moved_verb_of_a_rate` says whether a rate is per what
    the verb moved. Left as the ``remaining`` hazard: "All but 8 ran away" (no verb before,
    no whole), a whole told after the phrase or two wholes, an amount of its own verb or rate."""
    for first, _last, attrs in read:
        at = first - 2
        if (
            r.word(at) != "all"
            or r.word(at + 1) not in _EXCEPT
            or r.clause_of(first) != "body"
            or any(key in attrs for key in _MOVED_KEYS)
            or not r.same_sentence(at - 1, first)
        ):
            continue
        verb = r.word(at - 1)
        thing = _counts(attrs)
        told = at - 1 in r.cue_at or is_verb(verb) or _verb_like(r, at - 1)
        if thing is None or not told or verb in STOP_WORDS or verb in HAVE_VERBS:
            continue
        same = [(f, a) for f, _, a in read if f != first and _counts(a) == thing]
        wholes = [
            (f, a)
            for f, a in same
            if f < first and _plain_whole(a) and _held(a)
        ]
        if len(same) != 1 or len(wholes) != 1:
            continue
        cue = r.add("c", "cue", at, at + 1, {"cue": "all but", "direction": "loss",
                                            "money_direction": "loss"})  # fmt: skip
        r.cue_at[at] = cue
        if at - 1 in r.cue_at:
            attrs["moved_cue"] = r.cue_at[at - 1]
        attrs.update({"cue": cue, "direction": "loss", "kept": "all_but", "verb": verb})
        if at - 2 in r.actor_at:  # "Ben sold all but 5": what Ben's selling kept
            attrs.setdefault("owner", r.actor_names[r.actor_at[at - 2]])
        elif at - 2 in r.pronoun_at:
            attrs.setdefault("subject", r.pronoun_at[at - 2])
        participle = moved_verb_of_a_rate(r, read, thing, verb)
        if participle is not None:
            attrs["rate_moved"] = "said"
            if participle in r.cue_at:  # "each balloon popped": the move, said again
                attrs["rate_cue"] = r.cue_at[participle]


def _plain_whole(attrs: dict[str, str]) -> bool:
    """No move, rate, comparison or state but "in all": "a map has 9 towers total" is the one
    whole as "has 9 towers" is (:func:`whole_told_in_all`)."""
    return whole_told_in_all(attrs) or not any(key in attrs for key in _MOVED_KEYS)


def whole_told_in_all(attrs: dict[str, str]) -> bool:
    """ "If a box had 7 bars total and Ada sold all but 4 bars": an amount held and told "in
    all" ("total", "in all", ``state`` ``in_all``) and nothing else (no move, rate, comparison,
    "N more") may be the whole "all but" takes from. False for any other state ("had 7 bars
    left") or any move, rate or comparison."""
    return attrs.get("state") == "in_all" and not any(
        key in attrs for key in _MOVED_KEYS if key != "state"
    )


def _held(attrs: dict[str, str]) -> bool:
    """An amount told with a verb of having ("had 12 jars", "has 9 targets")."""
    words = (attrs.get("verb") or "").split()
    return bool(words) and words[0] in HAVE_VERBS


def _verb_like(r: Reading, index: int) -> bool:
    """The word at ``index`` follows a subject (a pronoun or a name) in its clause: "you hit",
    "Ben sold"."""
    before = r.word(index - 1)
    return before in ("i", "you", "he", "she", "they", "we") or index - 1 in r.actor_at


def moved_verb_of_a_rate(r: Reading, read: list[Read], thing: str, verb: str) -> int | None:
    """ "If each jar sold brings 3 dollars", "each target hit gives 4 points": a rate per
    ``thing`` whose group is told with the participle of ``verb`` right after "each" and
    the group noun is per what that verb moved: the participle's token index. None for a
    rate told of the thing alone ("each jar costs 3 dollars"), or with another verb ("each
    jar kept")."""
    key = verb_key(verb)
    for first, _last, attrs in read:
        if attrs.get("per") != thing:
            continue
        lo = r.sentence_bounds[r.sentence_of[first]][0]
        for at in range(lo, first):
            if (
                r.word(at) == "each"
                and noun_key(r.word(at + 1)) == thing
                and verb_key(r.word(at + 2)) == key
                and at + 3 < first  # the rate's own verb after it: "each jar costs 3"
            ):
                return at + 2
    return None
