"""Whose a rate is, against the periods counted and the holders asked (target continuity).

A rate ("Ana reads 4 pages a day") times a count of its periods is what the rate's one holder
does in those periods. Each check below refuses a product the text does not tell that way,
with the wrong closure it was found on (each closed before these checks, with the numbers in
digits):

* :func:`rate_of_several_asked_of_all`: a rate told of each of several holders ("Ana and Ben
  *each* read 4 pages a day", "The boys each read ...") asked of them all ("How many pages do
  *they* read in 5 days?"): the count of the holders is one more factor, which the product of
  the rate and the periods leaves out (it closed at 20 for 40);
* :func:`periods_of_another_holder`: the periods are told of another holder than the rate's
  ("He reads 20 pages a day. *She* reads for 3 days."): they are not the rate's periods;
* :func:`one_period_of_another_doing`: a single period told after the rate with "for a day"
  ("How many pages will he read in 3 days *if he stops for a day*?"): a period of another
  doing that no number of the product accounts for;
* :func:`rate_not_of_every_period`: a rate restricted to some periods ("4 pages a day *on
  weekdays*", "*except on Sundays*") times a count of all periods (it closed at 56 for 14 days).

Called from :func:`practiceloop.arith.rate_verbs.rate_code` for a product of a rate asked.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.reading import QuantityView, owner_of, sentence_words
from practiceloop.kernel.frame import ProblemFrame

__all__ = [
    "PERIOD_UNITS",
    "one_period_of_another_doing",
    "periods_after_and",
    "periods_of_another_holder",
    "rate_code_of_holders",
    "rate_not_of_every_period",
    "rate_of_several_asked_of_all",
]

PERIOD_UNITS: Final = frozenset(
    {"second", "minute", "hour", "day", "night", "morning", "evening", "week", "weekend",
     "month", "year", "semester", "season", "session", "shift"}
)  # fmt: skip
"""What a rate told "a day", "per week" is per: a period of time."""

_MODALS: Final = frozenset(
    {"can", "could", "will", "would", "may", "might", "must", "should", "shall", "usually",
     "always", "often", "also", "still", "now", "then", "typically", "normally"}
)  # fmt: skip
"""Words that may stand between a floating "each" and the verb ("each can read")."""

_AUXILIARIES: Final = frozenset(
    {"is", "was", "are", "were", "be", "been", "has", "had", "have", "does", "did", "do",
     "gets", "got", "get", "not"}
)  # fmt: skip
"""Words of a verb phrase before a rate's number that are no part of its subject ("Lia is
paid 9 dollars an hour": "is" is no plural noun)."""

_SEVERAL: Final = frozenset({"each", "both", "all"})
"""A floating quantifier right before the verb: the subject is several holders, each doing."""

_ALL_ASKED: Final = frozenset(
    {"they", "them", "their", "both", "together", "altogether", "combined", "we", "us",
     "our", "all", "total"}
)  # fmt: skip
"""Words of a question that asks several holders at once."""

_ONE_ASKED: Final = frozenset({"does", "each", "one"})
"""Words of a question that asks one holder ("does Ana", "each girl", "one cat")."""


def _rates(views: list[QuantityView]) -> list[QuantityView]:
    return [q for q in views if q.per is not None and not q.in_question]


def _period_rates(views: list[QuantityView]) -> list[QuantityView]:
    return [q for q in _rates(views) if q.per in PERIOD_UNITS]


def _subject_words(frame: ProblemFrame, rate: QuantityView) -> list[str] | None:
    """The lower-case words of the rate's clause before its verb (None: the verb not found)."""
    mention = frame.mention(rate.mention_id)
    if mention is None:
        return None
    sentence = frame.sentences[mention.span.sentence_index]
    before = frame.source_text[sentence.start : mention.span.start]
    before = re.split(r"[,;:]", before)[-1]
    words = [w.lower() for w in re.findall(r"[A-Za-z]+", before)]
    if rate.verb is None:  # a verb the reader did not tag: the one word before the number
        return words[:-1] if len(words) >= 2 else None
    verb = rate.verb.lower()
    if verb not in words:
        return None
    return words[: len(words) - 1 - words[::-1].index(verb)]


def _of_several(subject: list[str]) -> bool:
    """True when the subject words tell several holders doing alike: "each", "both" or "all"
    ("Ana and Ben each read", "Each of the girls reads", "All the boys run"), two holders
    joined by "and" ("Ana and Ben read"), or a plural noun ("His hens lay")."""
    if set(subject) & _SEVERAL:  # "Ana and Ben each read", "Each of the girls reads"
        return True
    if "and" in subject[1:-1]:
        return True
    words = [w for w in subject if w not in _MODALS and w not in _AUXILIARIES]
    if not words:
        return False
    # "His hens lay 2 eggs a day": a plural noun whose count the text does not tell here
    head = words[-1]
    return len(head) > 3 and head.endswith("s") and noun_key(head) != head


def rate_of_several_asked_of_all(
    frame: ProblemFrame, views: list[QuantityView], question: int
) -> bool:
    """True when a rate per a period is told of several holders ("Ana and Ben each read 4
    pages a day", "The 4 boys each read ...", "Both girls swim ...") and the question does
    not ask exactly one of them ("does Ana", "each girl", "one cat" is one; "they", "both",
    "together" or no such word is not): the product of the rate and the periods is one
    holder's, the count of the holders is left out."""
    asked = set(sentence_words(frame, question))
    if asked & _ONE_ASKED and not asked & _ALL_ASKED:
        return False
    for rate in _period_rates(views):
        subject = _subject_words(frame, rate)
        if subject is not None and (_of_several(subject) or _one_asked_as_many(subject, asked)):
            return True
    return False


_ONE_OF: Final = frozenset({"a", "an", "one", "each", "every", "the", "this", "that"})


def _one_asked_as_many(subject: list[str], asked: set[str]) -> bool:
    """True when the rate is told of one thing ("A pump moves 3 liters a minute") and the
    question says that noun in the plural ("do the pumps move"): how many is not told."""
    if len(subject) < 2 or subject[-2] not in _ONE_OF:
        return False
    head = subject[-1]
    key = noun_key(head)
    return any(w != head and noun_key(w) == key and w.endswith("s") for w in asked)


_PRONOUNS: Final = frozenset({"he", "she", "they", "we", "i", "you"})
_SEVERAL_PRONOUNS: Final = frozenset({"~they", "~we"})
_POSSESSIVES: Final = frozenset({"his", "her", "their", "my", "our", "your"})


def _teller(frame: ProblemFrame, view: QuantityView) -> str | None:
    """Who tells an amount: its possessive subject ("Her sister saves ...", "... and his wife
    worked 4 hours": :func:`periods_after_and`), else its resolved owner, else the personal
    pronoun that opens its clause ("She reads for 3 days"), else None. A possessive subject is
    another holder than any name or pronoun."""
    owner = owner_of(frame, view)
    mention = frame.mention(view.mention_id)
    if mention is None:
        return owner
    sentence = frame.sentences[mention.span.sentence_index]
    before = re.split(r"[,;:]", frame.source_text[sentence.start : mention.span.start])[-1]
    words: list[str] = periods_after_and(
        [w.lower() for w in re.findall(r"[A-Za-z]+", before)], _names_of(frame)
    )
    possessed = len(words) >= 2 and words[0] in _POSSESSIVES  # "Her sister saves for 6 weeks"
    if possessed and (owner is None or owner in (words[1], noun_key(words[1]))):
        return "~" + " ".join(words[:2])
    if owner is not None:
        return owner
    if words and words[0] in _PRONOUNS:
        return "~" + words[0]
    return words[0] if words and words[0] in _names_of(frame) else None  # "Mia saves ..."


def _names_of(frame: ProblemFrame) -> set[str]:
    """The lower-case names of the text's actors."""
    return {
        str(dict(m.attributes).get("name")).lower() for m in frame.mentions if m.kind == "actor"
    }


def periods_after_and(words: list[str], names: set[str]) -> list[str]:
    """The words of a clause after its last "and" when they open with another teller: a
    pronoun, a possessive or a name ("He worked 6 hours and *his wife* worked 4 hours", "...
    and *she* worked 4"); else all the words ("He and his wife worked 10 hours" tells one
    count of both, which :func:`_teller` reads from "he")."""
    if "and" not in words:
        return words
    last = len(words) - 1 - words[::-1].index("and")
    rest = words[last + 1 :]
    opens_another = rest and (rest[0] in _PRONOUNS or rest[0] in _POSSESSIVES or rest[0] in names)
    # "He worked 6 hours, and his wife worked 4": after a comma the clause opens with "and"
    return rest if opens_another and last != 1 else words



def _a_person(frame: ProblemFrame, teller: str) -> bool:
    """True when ``teller`` is one person: a named actor, "he" or "she" (not "the game")."""
    if teller in ("~he", "~she"):
        return True
    return any(
        m.kind == "actor" and dict(m.attributes).get("name") == teller for m in frame.mentions
    )


def periods_of_another_holder(frame: ProblemFrame, views: list[QuantityView]) -> bool:
    """True when a count of periods is told of another holder than the rate's ("He reads 20
    pages a day. She reads for 3 days."): both holders read, both owners or both pronouns
    (a name and a pronoun may be one person), and they differ."""
    owners = {_teller(frame, rate) for rate in _period_rates(views)}
    if len(owners) != 1:
        return False
    (rate_owner,) = owners
    if rate_owner is None:
        return False
    for period in views:
        if period.per is not None or period.in_question or period.unit not in PERIOD_UNITS:
            continue
        owner = _teller(frame, period)
        if owner is not None and owner != rate_owner and (
            owner.startswith("~") == rate_owner.startswith("~")
            or " " in owner
            or (owner in _SEVERAL_PRONOUNS and _a_person(frame, rate_owner))  # "Kim ... They"
        ):
            return True
    return False


_ONE_PERIOD: Final = re.compile(
    r"\b(?:for|during|over|took|takes|take|skip|skips|skipped|miss|misses|missed|except)"
    r" (?:a|an|one|a whole|one whole|a full|one full) ([a-z]+)\b"
    r"|\b(?:a|an|one) ([a-z]+) off\b",
    re.IGNORECASE,
)


def one_period_of_another_doing(frame: ProblemFrame, views: list[QuantityView]) -> bool:
    """True when, after a rate per a period, the text tells a single period of that unit with
    "for a day", "during one week", "took a day", "skipped a day", "a day off" ("in 3 days if
    he stops for a day", "He took a day off."): that period is another doing's, or a part of
    the counted periods left out, and no number of the product accounts for it."""
    text = frame.source_text
    for rate in _period_rates(views):
        mention = frame.mention(rate.mention_id)
        if mention is None:
            continue
        for found in _ONE_PERIOD.finditer(text, mention.span.end):
            if (found.group(1) or found.group(2)).lower() == rate.per:
                return True
    return False


_NOT_EVERY: Final = frozenset(
    {"weekday", "weekdays", "weekend", "weekends", "except", "excluding", "other", "only",
     "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
     "mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays", "sundays",
     "sometimes", "some", "most", "usually", "average", "school", "workdays", "workday"}
)  # fmt: skip
"""Words after a rate that make it not a rate of every period ("a day on weekdays", "a day
except on Sundays", "every other day", "on school days")."""


def rate_not_of_every_period(frame: ProblemFrame, views: list[QuantityView]) -> bool:
    """True when the rate's sentence, after its number, restricts which periods it is of ("4
    pages a day on weekdays", "except on Sundays", "every other day"): the counted periods are
    then not all the rate's."""
    for rate in _period_rates(views):
        mention = frame.mention(rate.mention_id)
        if mention is None:
            continue
        sentence = frame.sentences[mention.span.sentence_index]
        after = frame.source_text[mention.span.end : sentence.end]
        if {w.lower() for w in re.findall(r"[A-Za-z]+", after)} & _NOT_EVERY:
            return True
    return False


def rate_code_of_holders(
    frame: ProblemFrame, views: list[QuantityView], question: int
) -> str | None:
    """The target-continuity code of the first check above that refuses the product, or None.

    ``views`` are the relation's bound amounts; ``question`` is the question's sentence."""
    if rate_of_several_asked_of_all(frame, views, question):
        return "target_owner_mismatch"
    if (
        periods_of_another_holder(frame, views)
        or one_period_of_another_doing(frame, views)
        or rate_not_of_every_period(frame, views)
    ):
        return "target_move_mismatch"
    return None
