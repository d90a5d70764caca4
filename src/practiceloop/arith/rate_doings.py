"""What a rate per a period is of, against the doing the question asks of its product.

A rate told per a period of time ("Tom runs 4 laps a day") times a count of those periods is
what its holder does by the rate's verb in them: the product answers "How many laps does he
*run*?", never "How many laps does he *swim*?", "... did he *buy*?" (the laps swum or bought are
not told). :func:`rate_asked_of_another_doing` refuses such a product (each of these closed at
60 for "Tom runs 4 laps a day for 15 days" before it); a move asked the other way ("bakes ...
sells") is :func:`~practiceloop.arith._told_sides.rate_moved_other_way`'s as well.

The same doing may be asked by another verb only where English says one thing both ways:

* a general verb of doing, making or getting ("makes", "does", "gets", "produces",
  "finishes": "bakes 12 cakes a day ... how many does she *make*?") or of moving ("goes",
  "travels": "drives 60 miles an hour ... how far does he *go*?");
* the other side of feeding ("feeds his dog 2 cups a day ... does the dog *eat*?");
* a text that says the things lasted ("She drank 9 bottles a day. If the bottles lasted 5
  days, how many did she *buy*?"): all that was got was used.

Money is earned, paid, charged, made or got by many verbs: any two of them ask one move of
money here (:data:`_MONEY`), whose way is
:func:`~practiceloop.arith._told_sides.rate_moved_other_way`'s; "saves" or "gives" asks
another doing ("earns $12 an hour ... how much does she *save*?"). A question with no verb
read, or a verb that states ("has", "is"), asks no other doing here (its own checks read it).
Called from :func:`practiceloop.arith.rate_verbs.rate_code`.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Final

from practiceloop.arith.lexicon import HAVE_VERBS, verb_key
from practiceloop.arith.reading import QuantityView, TargetView, owner_of, sentence_words
from practiceloop.kernel.frame import ProblemFrame

__all__ = [
    "past_rate_asked_ahead",
    "rate_asked_of_another_doing",
    "rate_of_one_asked_of_they",
    "same_doing",
]

_PERIODS: Final = frozenset(
    {"second", "minute", "hour", "day", "night", "morning", "evening", "week", "weekend",
     "month", "year"}
)  # fmt: skip
"""What a rate of a doing over time is per."""

_GENERAL: Final = frozenset("make do get go travel produce finish complete cover use take".split())
"""Verbs that ask any doing of their kind: what is made, done, got, gone or used."""

_CONVERSES: Final = frozenset({("feed", "eat")})
"""(told, asked): one doing told from its two sides ("feeds his dog ... the dog eats"; not
the reverse: what one eats is no one's feeding)."""

_MONEY: Final = frozenset(
    "earn make get receive pay charge cost spend collect bill bring take".split()
)
"""Verbs a rate of money moves by: any of them asks the money any other moves (its way is
:func:`~practiceloop.arith._told_sides.rate_moved_other_way`'s); "save" or "give" is none."""

_LASTED: Final = re.compile(r"\blast(?:s|ed)?\b", re.IGNORECASE)


def same_doing(told: str, asked: str, *, money: bool = False) -> bool:
    """True when the verb ``asked`` asks the doing the verb ``told`` tells (both stems): the
    same verb, a general verb (:data:`_GENERAL`), the other side of one doing
    (:data:`_CONVERSES`), or, for ``money``, two verbs that move money (:data:`_MONEY`)."""
    if money and told in _MONEY and asked in _MONEY:
        return True
    return told == asked or asked in _GENERAL or (told, asked) in _CONVERSES


_PRONOUNS: Final = frozenset("it he she they we i you".split())


def _verb_after_pronoun(frame: ProblemFrame, target: TargetView) -> str | None:
    """The question's verb when the reader read none: the word after an auxiliary and a
    personal pronoun ("How far does it *swim*?"); None otherwise."""
    unknown = frame.mention(target.mention_id) if target.mention_id is not None else None
    if unknown is None:
        return None
    words = sentence_words(frame, unknown.span.sentence_index)
    for at in range(len(words) - 2):
        if words[at] in _AUXILIARY and words[at + 1] in _PRONOUNS:
            return words[at + 2]
    return None


def rate_asked_of_another_doing(
    frame: ProblemFrame, views: list[QuantityView], target: TargetView
) -> bool:
    """True when a rate per a period is told in a sentence that says no verb of the doing the
    product is asked by (:func:`same_doing`): "Tom runs 4 laps a day ... How many laps does he
    swim?", "... did he buy?". The sentence's words are read, not the reader's verb tag (a
    rate's verb may be left unread: "Tom runs 4 laps"). A question with no verb read or a verb
    of stating ("has", "is"), and a text that says the things lasted, are none."""
    said_verb = target.verb or _verb_after_pronoun(frame, target)
    asked = verb_key(said_verb)
    if asked is None or said_verb is None or said_verb in HAVE_VERBS:
        return False
    if _LASTED.search(frame.source_text):
        return False  # "the bottles lasted 5 days": what was bought was drunk
    money = target.unit in ("dollar", "cent") or target.entity == "money"
    for rate in views:
        if rate.per not in _PERIODS or rate.in_question:
            continue
        said = {verb_key(w) for w in sentence_words(frame, rate.sentence)} - {None}
        # the asked word as said, or as a stem ("lays ... does the hen lay": "lay" is also
        # the past of "lie")
        forms = {asked, said_verb.lower()}
        if not any(same_doing(told, form, money=money) for told in said if told for form in forms):
            return True
    return False


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
