"""Stage 5b of the reader, forward: from a number's phrase to its clause's end.

:func:`walk_forward` reads what follows the number in its clause (:mod:`.clause` walks back
from it): a state after it ("left", "now", "in all"), a time, an everyday rate, a verb whose
subject is the number ("9 customers left"), a holder joined after it. Each thing it reads is one
rule below; the window is bounded (8 tokens).
"""

from __future__ import annotations

import dataclasses
from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.reader.cues import (
    AUX,
    MOTION_GAIN,
    MOTION_LOSS,
    is_verb,
    verb_direction,
)
from practiceloop.arith.reader.motion import MANNER_OF_MOTION, motion_direction
from practiceloop.arith.reader.nouns import (
    SIDE_OPENERS,
    is_noun,
    listed_sides,
    side_at,
    sides_end,
)
from practiceloop.arith.reader.tokens import Reading

__all__ = [
    "Clause",
    "adverb_before_verb",
    "after_a_move",
    "everyday_after",
    "joined_holder",
    "left_after",
    "now_of_the_next_clause",
    "side_after",
    "state_after",
    "verb_after",
    "walk_forward",
]


@dataclasses.dataclass(slots=True)
class Clause:
    """What the walk has read of the number's clause so far."""

    verb: str = ""
    subject: str = ""
    there: bool = False  # "there were 12 left"
    have: bool = False  # a verb of having after the number: "If 12 trees were left"
    side: str = ""  # the time read after the number
    one: bool = False  # the subject noun is "a"/"an"/"one" thing: "A spider has 8 legs"
    container: str = ""  # that thing is a container of the subject noun: "A pack of gum has"


_BEFORE_VERB: Final = frozenset({"now", "still", "also"})


def adverb_before_verb(r: Reading, index: int) -> int:
    """1 when the token at ``index`` is an adverb that stands between "and" and the verb of
    the clause it opens ("Fred washed cars and now has 112 dollars", "and still had 5"): the
    verb's subject is still the first clause's; else 0."""
    return 1 if r.word(index) in _BEFORE_VERB and is_verb(r.word(index + 1)) else 0


def walk_forward(
    r: Reading, first: int, after: int, attrs: dict[str, str], clause: Clause
) -> None:
    """Forward from the number's phrase to its clause's end (at most 8 tokens; a mark, a
    control word other than "and", or another person's clause ends it)."""
    toks = r.toks
    sentence_of = r.sentence_of
    sentence = sentence_of[first]
    probe = after
    past_and = False  # past an "and": a time read there is the next amount's
    while probe < len(toks) and sentence_of[probe] == sentence and probe < after + 8:
        word = r.words[probe]
        if not word and toks[probe].text in ",;:.?!":
            break
        if word in lx.CONTROL_WORDS and word != "and":
            if word == "before":  # "69 kilograms before starting": the clause's state
                state_after(r, probe, word, attrs)
            break
        if probe > after and (probe in r.pronoun_at or probe in r.actor_at):
            break  # "After 9 customers left he still had 12": his clause, not the 9's
        if past_and and now_of_the_next_clause(r, probe):
            break  # "bought 37 more at a show and now has 90": the 90 is now, not the 37
        past_and = past_and or word == "and"
        if not past_and:
            side_after(r, probe, word, clause)
        everyday_after(r, probe, after, word, attrs)
        if word in lx.HAVE_VERBS and not clause.verb:
            clause.have = True  # "If 12 trees were left"
        if word == "left":
            left_after(r, probe, after, attrs, clause)
        elif state_after(r, probe, word, attrs):
            pass
        else:
            verb_after(r, probe, after, word, attrs, clause)
        probe += 1


def now_of_the_next_clause(r: Reading, probe: int) -> bool:
    """ "He bought 37 more at a show and now has 90", "won 12 in a game and still had 40":
    "now" or "still" past an "and", right before a verb, opens the next clause (its verb's
    state, :func:`adverb_before_verb`), so the walk forward from the number before the
    "and" ends there: the move is no state. "gave away 5 and 3 are left now" (no verb after
    "now") is not read here."""
    return adverb_before_verb(r, probe) == 1 and r.word(probe - 1) == "and"


def side_after(r: Reading, probe: int, word: str, clause: Clause) -> None:
    """A time (or purpose) after the number, before any "and", is its side: "9 kids on
    monday", "600 visitors the previous day" (the first one read); past an "and" a time is
    the next amount's."""
    if (
        not clause.side
        and word in SIDE_OPENERS  # side_at's own first test, without the call
        and (side := side_at(r, probe)) is not None
    ):
        clause.side = side[0]
        listed = listed_sides(r, side[0], side[1])  # "3 hours on learning english and chinese"
        if listed:
            clause.side = " and ".join([side[0], *listed])


def everyday_after(
    r: Reading, probe: int, after: int, word: str, attrs: dict[str, str]
) -> None:
    """ "spends 2 hours on learning english everyday": "everyday" after the number in its
    clause, right after its phrase (ending at ``after``) or its side, says every day, a rate
    per ``day`` (as "every day" before the number does). "lost 5 kilograms after jogging
    everyday" is the jogging's."""
    if word != "everyday" or "per" in attrs:
        return
    if probe == after or sides_end(r, after) == probe:
        attrs["per"] = "day"  # right after the number's phrase, or after its side(s)


def left_after(r: Reading, probe: int, after: int, attrs: dict[str, str], clause: Clause) -> None:
    """ "left" after the number: a state after a verb of having, "there" or "got" ("has 33
    dollars left", "there were 9 left"), or the number's own verb right after it ("9 customers
    left")."""
    if clause.verb in lx.HAVE_VERBS or clause.there or clause.verb.startswith("got") or clause.have:
        attrs["state"] = "left"
        if probe in r.cue_at:
            attrs["state_cue"] = r.cue_at[probe]  # "has 33 dollars left"
    elif not clause.verb and probe == after:
        clause.verb = "left"
        if probe in r.cue_at:
            attrs["cue"] = r.cue_at[probe]


def state_after(r: Reading, probe: int, word: str, attrs: dict[str, str]) -> bool:
    """A state after the number: "now", "still" (``now``, unless one is read), "altogether",
    "in all", "combined" (``in_all``), "initially", "earlier", "previously", "at the start",
    "to begin with", "before" a verb's "-ing" ("69 kilograms before starting to jog")
    (``start``); True when one is read."""
    if word in ("now", "still") and not attrs.get("state"):
        attrs["state"] = "now"
    elif word in ("altogether", "together", "combined", "total") or (
        word == "all" and r.word(probe - 1) == "in"
    ):
        attrs["state"] = "in_all"
    elif (
        word in ("initially", "originally", "earlier", "previously")
        or (word == "before" and r.word(probe + 1).endswith("ing"))  # "before starting"
        or (word in ("start", "beginning") and r.word(probe - 1) in ("the", "at"))
        or (word == "first" and r.word(probe - 1) == "at")  # "the first night" is a time
        or (word == "begin" and r.word(probe - 1) == "to")
    ):
        attrs["state"] = "start"
    else:
        return False
    return True


def verb_after(
    r: Reading, probe: int, after: int, word: str, attrs: dict[str, str], clause: Clause
) -> None:
    """A moving verb right after the number has the number as its subject: "9 customers
    left", "5 more came", "22 people got off"; the word after it is the activity."""
    if clause.verb or probe != after:
        return
    moving = (
        word in MOTION_LOSS
        or word in MOTION_GAIN
        or word in lx.GAIN_VERBS
        or word in lx.LOSS_VERBS
        or word == "got"
    )
    if not moving and not (is_verb(word) and word not in AUX and word not in lx.HAVE_VERBS):
        return  # any other verb right after it is its verb too: "39 students rode the bus"
    clause.verb = word + " " + r.word(probe + 1) if word in ("got", "get", "gets") else word
    follower = r.word(probe + 1)
    if follower and follower not in lx.STOP_WORDS and word not in ("got", "get", "gets"):
        attrs["activity"] = lx.noun_key(follower)
    if probe in r.cue_at:
        attrs["cue"] = r.cue_at[probe]
    joined_holder(r, probe, word, attrs)


_JOIN_VERBS = frozenset({"joined", "join", "joins", "entered", "enter", "enters"})


def joined_holder(r: Reading, probe: int, word: str, attrs: dict[str, str]) -> None:
    """The amount that joins or enters a place is that place's after the move: "40 more
    girls joined the club" are the club's (``subject_noun``: the holder "The club has 95
    girls" names). Only "join"/"enter" right after the number, then "the" and one noun that
    ends the clause (a mark or the text's end after it); "joined the club's choir", "joined
    the team in May" or "joined Tom" name no holder."""
    if word not in _JOIN_VERBS or r.word(probe + 1) != "the" or "subject_noun" in attrs:
        return
    noun = r.word(probe + 2)
    ends = probe + 3 >= len(r.toks) or r.toks[probe + 3].text in (".", ",", "?", "!", ";")
    if is_noun(r, probe + 2) and ends:
        attrs["subject_noun"] = lx.noun_key(noun)


def after_a_move(r: Reading, index: int) -> bool:
    """True when the sentence of token ``index`` opens with "after" and a verb that moves
    things (gain or loss) stands between that "after" and ``index``: what is held then is
    held after the move ("After some left he still had 14", "After finding some caps he
    has 32")."""
    lo, _ = r.sentence_bounds[r.toks[index].sentence]
    if r.word(lo) != "after":
        return False
    for probe in range(lo + 1, index):
        word = r.word(probe)
        if verb_direction(word, False) or (
            word.endswith("ing") and verb_direction(word[:-3], False)
        ) or (word in MANNER_OF_MOTION and motion_direction(r, probe)):
            return True
    return False
