"""Whose and when a rate per a period is, against who and when its product is asked.

A rate told per a period of time ("Tom runs 4 laps a day") times a count of those periods is
what its one holder does in them, as told: "How many laps do *they* run?" asks more holders
than the rate is told of (:func:`rate_of_one_asked_of_they`), and "walked 3 miles a day ...
how many will she walk?" asks ahead of a habit told only in the past, unless the text says it
goes on (:func:`past_rate_asked_ahead`). Which doing the product is asked by is
:func:`practiceloop.arith.rate_verbs.asked_another_doing`'s (the verb classes of
:mod:`practiceloop.arith.doing_classes`). Called from
:func:`practiceloop.arith.rate_verbs.rate_code`.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Final

from practiceloop.arith.lexicon import verb_key
from practiceloop.arith.reading import QuantityView, TargetView, owner_of, sentence_words
from practiceloop.kernel.frame import ProblemFrame

__all__ = [
    "past_rate_asked_ahead",
    "rate_of_one_asked_of_they",
]

_PERIODS: Final = frozenset(
    {"second", "minute", "hour", "day", "night", "morning", "evening", "week", "weekend",
     "month", "year"}
)  # fmt: skip
"""What a rate of a doing over time is per."""

_ONE_PERSON: Final = frozenset({"he", "she", "i"})
_NO_NAME: Final = frozenset(
    """a an the this that each every all both some his her their my our your its one it they
    we you there""".split()
)  # fmt: skip


def _told_of_one_person(frame: ProblemFrame, rate: QuantityView) -> bool:
    """The rate's clause opens with one name or "he" / "she" then only its verb (and a modal):
    "Tom runs 4 laps", "She can read 20 pages"; never "Tom and Ben", "The boys", "His hens"."""
    owner = owner_of(frame, rate)
    if owner is not None and any(
        m.kind == "actor" and dict(m.attributes).get("name") == owner for m in frame.mentions
    ):
        return True
    mention = frame.mention(rate.mention_id)
    if mention is None:
        return False
    sentence = frame.sentences[mention.span.sentence_index]
    before = re.split(r"[,;:]", frame.source_text[sentence.start : mention.span.start])[-1]
    words = re.findall(r"[A-Za-z]+", before)
    if not 2 <= len(words) <= 3:
        return False
    first = words[0]
    if first.lower() in _ONE_PERSON:
        return True
    return first[:1].isupper() and first.lower() not in _NO_NAME


_AUXILIARY: Final = frozenset(
    "do did does will would can could should shall must might may have had are were".split()
)


def _asks_they(frame: ProblemFrame, target: TargetView) -> bool:
    """The question's subject is "they" or "we": its read pronoun, or the word right after its
    auxiliary ("How many scarves do we knit?")."""
    pronoun = frame.mention(target.subject) if target.subject is not None else None
    if pronoun is not None:
        return bool({("pronoun", "they"), ("pronoun", "we")} & set(pronoun.attributes))
    unknown = frame.mention(target.mention_id) if target.mention_id is not None else None
    if unknown is None:
        return False
    words = sentence_words(frame, unknown.span.sentence_index)
    return any(a in _AUXILIARY and b in ("they", "we") for a, b in pairwise(words))


def rate_of_one_asked_of_they(
    frame: ProblemFrame, views: list[QuantityView], target: TargetView
) -> bool:
    """True when the question's subject is "they" or "we" and a rate per a period is told of
    one person ("Tom runs 4 laps a day for 15 days. How many laps do *they* run?"): the
    product is Tom's alone, and who else "they" are is not told (it closed at 60 before this
    check). A rate of a group noun ("Wren's family drove 62 miles each day ... did they
    drive?") is the group's, which "they" names."""
    if not _asks_they(frame, target):
        return False
    return any(
        _told_of_one_person(frame, rate)
        for rate in views
        if rate.per in _PERIODS and not rate.in_question
    )


_GOES_ON: Final = frozenset(
    "continue continues continued keep keeps kept same rate still again usually always".split()
)
"""Words that carry a habit told in the past on into the time asked."""


def _past(verb: str) -> bool:
    """A verb said in the past: another word than its stem, not "-s" nor "-ing" ("walked",
    "ran", "made"; "read" and "put" are both, never read as past)."""
    word = verb.lower()
    return verb_key(word) not in (None, word) and not word.endswith(("s", "ing"))


def past_rate_asked_ahead(
    frame: ProblemFrame, views: list[QuantityView], target: TargetView
) -> bool:
    """True when a rate per a period is told in the past ("Sara walked 3 miles a day for 14
    days") and the question asks ahead with "will" ("How many miles will she walk?"), the text
    saying nothing that carries the habit on ("continues", "keeps", "at the same rate"): what
    was done is no answer to what will be (it closed at 42 before this check)."""
    unknown = frame.mention(target.mention_id) if target.mention_id is not None else None
    if unknown is None:
        return False
    question = frame.sentences[unknown.span.sentence_index].text
    if re.search(r"\bwill\b", question) is None:  # lower case: "did Will make" names Will
        return False
    said = {w.lower() for w in re.findall(r"[A-Za-z]+", frame.source_text)}
    if said & _GOES_ON:
        return False
    return any(
        rate.verb is not None and _past(rate.verb)
        for rate in views
        if rate.per in _PERIODS and not rate.in_question
    )
