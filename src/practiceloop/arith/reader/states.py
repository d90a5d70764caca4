"""Stage 7a of the reader: the state a question asks, read word by word.

"How many are *left*?", "... does she have *now*?", "... *in all*?", "... did he have *at
first*?", "... *in each* box?": :func:`asked_state` names the state of the asked amount
(``left``, ``now``, ``in_all``, ``start``, ``each``); the rules it leans on say where a word
that looks like a state is none ("his *left* hand", "the money he had left", "at the end of the
row"). Called by the question stage (:mod:`.question`) on every word after "how many/much".
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.reader.cues import is_verb
from practiceloop.arith.reader.nouns import head, is_noun, noun_phrase
from practiceloop.arith.reader.tokens import Reading

__all__ = [
    "asked_state",
    "each_subject",
    "ended_up",
    "group_holds_told",
    "group_of_a_thing",
    "left_after_have",
    "left_for_a_purpose",
    "left_of_a_noun",
    "started_with",
]

_LEFT_WORDS: Final = frozenset({"left", "remaining", "remain", "remained", "remains"})


def left_after_have(r: Reading, at: int) -> bool:
    """The word at ``at`` is "left" right after a verb of having ("does she have left"): a
    state of what is held, not a verb of leaving; "than those that left" keeps its verb."""
    return r.word(at) == "left" and r.word(at - 1) in lx.HAVE_VERBS




def left_for_a_purpose(r: Reading, at: int, attrs: dict[str, str]) -> bool:
    """ "How much does she have left to spend on a seat?", "What does he have left, in
    dollars, to buy food with?": after the state "left" is read, "to" and a verb say what the
    rest is for; from there the question stage reads only a time (its verb and what money is
    spent on are the ones before "left"). True at that "to"."""
    return attrs.get("state") == "left" and r.word(at) == "to" and is_verb(r.word(at + 1))


def left_of_a_noun(r: Reading, at: int) -> bool:
    """ "with his left hand", "on the left side": "left" between a determiner and a noun is a
    side, no state of what remains. "How many are left in the box?" and "does she have left"
    are states."""
    return r.word(at) == "left" and r.word(at - 1) in lx.DETERMINERS and is_noun(r, at + 1)


def asked_state(r: Reading, at: int, word: str, attrs: dict[str, str]) -> bool:
    """The asked state: "left", "remaining", "remained" (``left``, with its cue); "now",
    "still" (``now``); "altogether", "in all", "in total" (``in_all``); "initially", "at
    first", "to begin with", "did she start with" (``start``, :func:`started_with`); "in
    each box", "per day" (``each``, per what). True when the word names one."""
    if left_of_a_noun(r, at):
        return False
    if word in _LEFT_WORDS and _left_of_money(r, at, attrs):
        return True  # "how many toys could he buy with the money he had left?": the money's
    if word in _LEFT_WORDS and "state" not in attrs:
        attrs["state"] = "left"
        if at in r.cue_at:
            attrs["state_cue"] = r.cue_at[at]  # "How many are there left?"
    elif word in ("now", "still") and "state" not in attrs:
        attrs["state"] = "now"
    elif ended_up(r, at, word) and "state" not in attrs:
        attrs["state"] = "now"  # "how much money did he end up with?", "at the end"
    elif word in ("altogether", "together", "combined", "total") or (
        word == "all" and r.word(at - 1) == "in"
    ):
        attrs.setdefault("state", "in_all")
    elif (
        word in ("initially", "originally")
        or (word in ("start", "beginning", "first") and r.word(at - 1) in ("the", "at"))
        or (word == "begin" and r.word(at - 1) == "to")
        or started_with(r, at)
    ):
        attrs.setdefault("state", "start")
    elif word in ("each", "per", "every") and r.word(at + 1):
        attrs.setdefault("state", "each")
        if not group_of_a_thing(r, at + 1, attrs):
            attrs["per"] = each_subject(r, at) or head(r, at + 1)
    else:
        return False
    return True


_STARTS: Final = frozenset({"start", "begin", "started", "began"})
_PAST_AUX: Final = frozenset({"did", "had", "was", "were"})
_TOLD_AUX: Final = _PAST_AUX | lx.words("do does is are will would can could shall should")


def started_with(r: Reading, at: int) -> bool:
    """ "How many apples did she start with?", "did he begin with", "to start with", "did she
    start out with": the amount held before every move (state ``start``). Only "start" or
    "begin" right before "with" (or "out with"), asked in the past (the question's first
    auxiliary "did", "had", "was", "were"); "start selling", "the start of the day", "started
    to walk" and "will she start with tomorrow" are no such state."""
    if r.word(at) not in _STARTS:
        return False
    if not (r.word(at + 1) == "with" or (r.word(at + 1) == "out" and r.word(at + 2) == "with")):
        return False
    lo = r.sentence_bounds[r.toks[at].sentence][0]
    told = next((r.word(i) for i in range(lo, at) if r.word(i) in _TOLD_AUX), "")
    return told in _PAST_AUX  # "will she start with tomorrow": another start, not this one


def group_of_a_thing(r: Reading, index: int, attrs: dict[str, str]) -> bool:
    """ "How big is each group of oranges?", "How many are in each box of pens?": with no
    thing of its own read, the question asks what each group holds, named after "of" (per
    ``group``, the thing ``orange``). False when the question names its thing ("How many
    apples are in each box of fruit" stays per the fruit's box as before), no "<group> of
    <thing>" follows, or "and"/"or" joins another thing to it ("of apples and pears")."""
    if "entity" in attrs or "unit" in attrs or r.word(index + 1) != "of":
        return False
    after, phrase = noun_phrase(r, index)
    group, thing = phrase.get("unit"), phrase.get("entity")
    if group is None or thing is None or group != lx.noun_key(r.word(index)):
        return False
    if r.word(after) in ("and", "or"):
        return False  # "each group of apples and pears": two things asked, none read
    attrs["per"], attrs["entity"] = group, thing
    return True


def group_holds_told(r: Reading, attrs: dict[str, str]) -> None:
    """ "If the erasers are organized into 495 groups How big is each group?": the size of
    each group asked with no thing of its own is of what the text tells those groups hold,
    the subject of the one clause that counts them ("the erasers"), marked ``elided``
    ``group``. Two such clauses, or none, leave it unread."""
    group = attrs.get("per")
    if attrs.get("state") != "each" or "entity" in attrs or "unit" in attrs or group is None:
        return
    counted = [
        (q, got)
        for q, got in ((q, dict(q.attributes)) for q in r.mentions if q.kind == "quantity")
        if got.get("entity") == group and got.get("clause") != "question"
    ]
    held = {got.get("subject_noun") for _, got in counted}
    if len(held) != 1 or None in held or any(_subject_joined(r, q.span.start) for q, _ in counted):
        return
    attrs["entity"] = held.pop()  # type: ignore[assignment]
    attrs["elided"] = "group"


def _subject_joined(r: Reading, start: int) -> bool:
    """The clause of the number at character ``start`` has a subject of two nouns joined by
    "and" ("the skittles and erasers are organized into 154 groups"): its groups hold both.
    "47 groups and oranges are organized" joins two clauses (a number's noun before "and")."""
    first = next((i for i, tok in enumerate(r.toks) if tok.start >= start), len(r.toks))
    for i in range(first - 1, 1, -1):
        if not r.same_sentence(first, i) or r.toks[i].kind != "word":
            return False
        if r.word(i) == "and":
            before = r.toks[i - 2] if i >= 2 else None
            return not (before is not None and before.kind in ("num", "money"))
    return False
_DO_FORMS: Final = frozenset({"did", "does", "do", "can", "could", "will", "would"})


def each_subject(r: Reading, at: int) -> str | None:
    """ "How many beads did each necklace need?", "How many people can each seat hold?":
    "each <noun>" right after "did", "does", "do" or a modal is the subject of the question's
    verb, the one word after the noun: the group is
    that noun (``necklace``), never the verb read as a second noun ("necklace need"). None
    when no such auxiliary stands before "each", or the noun is not followed by its verb
    ending the question."""
    noun, verb = r.word(at + 1), r.word(at + 2)
    if r.word(at - 1) not in _DO_FORMS or not noun or not verb:
        return None
    end = r.sentence_bounds[r.sentence_of[at]][1]
    if at + 3 <= end and r.word(at + 3):
        return None  # more words after the verb: read the phrase as before
    return lx.noun_key(noun) if is_noun(r, at + 1) else None


def _left_of_money(r: Reading, at: int, attrs: dict[str, str]) -> bool:
    """ "with the money he had left": what is left is the money spent on the asked thing, not
    the asked thing (unless money is asked)."""
    return attrs.get("entity") != "money" and "money" in (
        r.word(i) for i in range(max(0, at - 4), at)
    )


def ended_up(r: Reading, at: int, word: str) -> bool:
    """ "end up with", "end with", "at the end", "in the end", "at the end of the game" (of
    a period or of a played event, :data:`_ENDED_EVENTS`): the state after every move ("at
    the end of the row" is a place, no time)."""
    if word != "end":
        return False
    if r.word(at + 1) == "of":
        ended = r.word(at + 2) == "the" and r.word(at + 3) in _ENDED_EVENTS
        if not ended or r.word(at - 1) != "the" or r.word(at - 2) != "at":
            return False
        return r.same_sentence(at, at + 3)
    return r.word(at + 1) in ("up", "with") or (
        r.word(at - 1) == "the" and r.word(at - 2) in ("at", "in")
    )


_ENDED_EVENTS: Final = lx.SIDE_PERIODS | lx.words("game match round season party trip")
"""What "at the end of the X" may end as a time: a period ("of the day") or a played event
("of the game"); any other noun is a place ("of the row", "of the street")."""
