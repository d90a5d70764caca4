"""What a rate does, against what the question asks of its product (target continuity).

A rate ("Tim bakes 3 pies a day") times a count of its periods answers only a question about
the same doing: the product of a rate counts what the rate's verb does, by its holder, from
nothing. Each check below refuses a product the question does not ask, with the wrong closure
it was found on (every one closed before these checks):

* :func:`loss_rate_asked_held`: a rate of giving away asked as a holding ("She gave away 20
  pages a day. How many pages does she *have* in 7 days?": what she has is not told);
* :func:`measure_asked_of_a_change`: a measure asked as a state of a rate of change ("A plant
  grows 6 inches a month. How *tall is* the plant in 12 months?": its start is not told);
* :func:`rate_of_each_other`: a rate told per something else as well ("2 books a week *for
  each child*": the children are not counted);
* :func:`periods_of_another_doing`: the periods counted are told of another doing ("He bought
  an oven for 7 days": the days of the oven, not of the baking);
* :func:`asked_another_doing`: the question asks the product by a verb of doing that names
  another doing than the rate's ("Ann reads 20 pages a day. How many pages does she *write* in
  7 days?"), by the verb classes of :mod:`practiceloop.arith.doing_classes`.

A question asking the product by a move the other way ("Tim bakes 3 pies a day. How many pies
does he *sell* in 7 days?") is :func:`~practiceloop.arith._told_sides.rate_moved_other_way`'s
to refuse. Called from :func:`practiceloop.arith.continuity.check_target` for a product asked.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.doing_classes import (
    DOING_VERBS,
    MONEY_SENSES,
    converse_of,
    same_doing,
    verb_lemmas,
)
from practiceloop.arith.lexicon import HAVE_VERBS, MONEY_UNITS, STOP_WORDS, noun_key
from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.rate_doings import (
    past_rate_asked_ahead,
    rate_of_one_asked_of_they,
)
from practiceloop.arith.rate_holders import PERIOD_UNITS, rate_code_of_holders
from practiceloop.arith.reading import QuantityView, TargetView, sentence_words
from practiceloop.kernel.frame import ProblemFrame

__all__ = [
    "asked_another_doing",
    "loss_rate_asked_held",
    "measure_asked_of_a_change",
    "periods_of_another_doing",
    "rate_code",
    "rate_of_each_other",
]

_MEASURE_STATE: Final = re.compile(
    r"\bhow (?:tall|long|high|heavy|deep|wide|big|old|far|full) (?:is|are|was|were|will)\b",
    re.IGNORECASE,
)
"""A question asking a measure as a state ("How tall is the plant ...?")."""

_EACH_AFTER: Final = re.compile(
    r"\b(?:for each|for every|each|every|per) (?:of (?:his|her|their|its|my|our|your|the) )?"
    r"(?!of\b)([a-z][a-z-]*)",
    re.IGNORECASE,
)
_CLAUSE_END: Final = re.compile(r"[,;.!?]|\b(?:and|but|then|while|so)\b", re.IGNORECASE)
_DURING: Final = frozenset({"work", "spend", "practice", "play", "last", "take", "stay", "do"})
"""Verbs a count of periods is told with that are the rate's time, not another doing."""
_HELD: Final = frozenset({"have", "has", "had", "left", "remain", "remains"})
"""Words of a question that asks what is held ("does she have", "are left")."""


def _rates(views: list[QuantityView]) -> list[QuantityView]:
    return [q for q in views if q.per is not None and not q.in_question]


def _periods(views: list[QuantityView]) -> list[QuantityView]:
    return [q for q in views if q.per is None and not q.in_question]


def loss_rate_asked_held(
    frame: ProblemFrame, views: list[QuantityView], target: TargetView, question: int
) -> bool:
    """True when a rate of losing ("gave away 20 pages a day", "spends $5 a day") is asked as
    what is held ("How many pages does she have ...?"): the product counts what left, and the
    holding after it needs a start the text does not give. "What is the total cost?" asks the
    product itself."""
    if target.verb is not None and target.verb not in HAVE_VERBS:
        return False
    if not _HELD & set(sentence_words(frame, question)):
        return False
    return any(rate.direction == "loss" for rate in _rates(views))


def measure_asked_of_a_change(
    frame: ProblemFrame, views: list[QuantityView], question: int
) -> bool:
    """True when the question asks a measure as a state ("How tall is the plant ...?", "How
    long was the rope ...?") and the rate is a change ("grows 6 inches a month"): the product
    is the growth, the measure is the growth added to a start the text does not give."""
    if not 0 <= question < len(frame.sentences):
        return False
    if _MEASURE_STATE.search(frame.sentences[question].text) is None:
        return False
    return any(rate.direction is not None for rate in _rates(views))


def rate_of_each_other(frame: ProblemFrame, views: list[QuantityView], question: int) -> bool:
    """True when a rate's clause, after its number, tells it per something else as well ("2
    books a week for each child", "3 laps a day per swimmer"): one more factor, which the
    product leaves out. The rate's own period ("a week", "per week") and what it counts are
    not another, nor is what the question asks per ("How many ... in each block?")."""
    text = frame.source_text
    # "to each house in each block ... How many ... in each block?": the question asks per it
    asked = {noun_key(w) for w in sentence_words(frame, question)}
    for rate in _rates(views):
        mention = frame.mention(rate.mention_id)
        if mention is None:
            continue
        after = text[mention.span.end :]
        end = _CLAUSE_END.search(after)
        clause = after[: end.start()] if end is not None else after
        own = {noun_key(w) for w in (rate.per, rate.entity, rate.unit) if w is not None}
        for found in _EACH_AFTER.finditer(clause):
            said = found.group(1)
            # "off each t-shirt" of a rate per shirt: a compound's head is the rate's own
            other = {noun_key(said), noun_key(said.split("-")[-1])}
            if not other & own and not other & asked:
                return True
    return False


def periods_of_another_doing(views: list[QuantityView]) -> bool:
    """True when the count of periods is told with another verb than the rate's ("He bought
    an oven for 7 days", "rented a stall for 7 days"): the periods are that doing's, not the
    rate's. A count told with no verb, a verb of being, or a verb of spending time ("She
    worked 5 hours", "It took 3 hours") is the rate's."""
    rates = {verb_stem(rate.verb) for rate in _rates(views)} | _DURING
    return any(
        period.verb is not None
        and period.verb not in HAVE_VERBS
        and verb_stem(period.verb) not in rates
        for period in _periods(views)
        if period.unit is not None and period.entity is None  # a count of periods, not things
    )


_CLAUSE_START: Final = re.compile(
    r"[,;:]|\b(?:and|but|if|when|while|so|then|because|where|after|before)\b", re.IGNORECASE
)
_BEING: Final = frozenset(
    {"is", "are", "was", "were", "be", "been", "being", "get", "gets", "got", "getting"}
)
"""Words before "paid" that make it a passive: being paid is earning."""
_ASKED_FROM: Final = re.compile(r"\b(?:how|what)\b", re.IGNORECASE)
_NOUN_BEFORE: Final = frozenset(
    {"a", "an", "the", "his", "her", "their", "its", "my", "our", "your", "each", "every", "of"}
)


def _verb_lemmas(words: list[str]) -> list[frozenset[str]]:
    """The lemmas of each word read as a verb ("reads": "read"; "lay": "lay", "lie"), a
    passive "paid" as "earn" ("is paid $9 an hour"); none for a word no verb: a name
    (capitalised), a word of :data:`~practiceloop.arith.lexicon.STOP_WORDS`, one the lemma
    dictionary does not know as a verb, or one after a determiner (a noun: "the cook")."""
    lemmas: list[frozenset[str]] = []
    for i, word in enumerate(words):
        before = words[i - 1].lower() if i else ""
        low = word.lower()
        if before in _NOUN_BEFORE or word[:1].isupper() or low in STOP_WORDS:
            lemmas.append(frozenset())
            continue
        read = verb_lemmas(low)
        lemmas.append(frozenset({"earn"}) if "pay" in read and before in _BEING else read)
    return lemmas


def _rate_clause(frame: ProblemFrame, rate: QuantityView) -> tuple[list[str], list[str]] | None:
    """The lower-case words of the rate's clause before its number and after it (to its
    sentence's end), or None when the rate is not found."""
    mention = frame.mention(rate.mention_id)
    if mention is None:
        return None
    sentence = frame.sentences[mention.span.sentence_index]
    before = _CLAUSE_START.split(frame.source_text[sentence.start : mention.span.start])[-1]
    after = frame.source_text[mention.span.end : sentence.end]
    return re.findall(r"[A-Za-z]+", before), re.findall(r"[A-Za-z]+", after)


_NOT_ASKED: Final = frozenset(
    {"going", "need", "needs", "needed", "want", "wants", "wanted", "plan", "plans",
     "planned", "try", "tries", "tried", "able", "expect", "expects", "hope", "hopes",
     "total", "much", "many", "far", "long"}
)  # fmt: skip
"""Words of a question before its asked verb that are no doing of it ("is she *going* to
read", "does she *need* to read", "the *total*")."""


def _asked_verb(
    frame: ProblemFrame, question: int, money: bool, asked_nouns: set[str]
) -> tuple[frozenset[str], list[str]] | None:
    """The question's asked verb (after its last "how" or "what"): the first word read as a
    verb (:func:`_verb_lemmas`) that is no verb of being, no asked noun and none of
    :data:`_NOT_ASKED` (the last of such words in a row: "did machine make", "did she get
    paid"), by its lemmas, and the words before it (where its subject is); None for no such
    word ("How many pages are in the book?")."""
    if not 0 <= question < len(frame.sentences):
        return None
    text = frame.sentences[question].text
    starts = [m.end() for m in _ASKED_FROM.finditer(text)]
    if not starts:
        return None
    words = re.findall(r"[A-Za-z]+", text[starts[-1] :])
    read = _verb_lemmas(words)

    def verb_at(i: int) -> bool:
        low = words[i].lower()
        return (
            bool(read[i])
            and low not in HAVE_VERBS
            and low not in _NOT_ASKED
            and (noun_key(low) not in asked_nouns)
        )

    for i in range(len(words)):
        if verb_at(i):
            # "did machine make": of words read as verbs in a row, the last is the verb
            while i + 1 < len(words) and verb_at(i + 1):
                i += 1
            return read[i], words[:i]
    return None


def asked_another_doing(
    frame: ProblemFrame, views: list[QuantityView], target: TargetView, question: int
) -> bool:
    """True when a rate per a period is told with a verb of doing the classes know ("Ann
    reads 20 pages a day") and the question asks its product by a verb of doing
    (:func:`_asked_verb`: "How many pages does she write ...?") that is neither a verb of the
    rate's clause, nor of its doing (:func:`~practiceloop.arith.doing_classes.same_doing`: a
    synonym, or a head of which the rate's verb is a kind), nor its converse told of the
    rate's other party ("feeds his dog ... does the dog eat": the asked subject said in the
    rate's sentence after its verb). A rate told with a verb the classes do not know ("grades
    30 tests a day") is asked only by that verb. A text that says what was got lasted asks
    what was got ("drank 9 bottles a day; the bottles lasted 5 days; how many had she bought?")."""
    money = target.unit in MONEY_UNITS or target.entity == "money"
    asked_nouns = {noun_key(w) for w in (target.entity, target.unit) if w is not None}
    for rate in _rates(views):
        if rate.per not in PERIOD_UNITS:
            continue
        clause = _rate_clause(frame, rate)
        if clause is None:
            continue
        before, after = clause
        said = frozenset().union(*_verb_lemmas(before))
        doing = {lemma for lemma in said if lemma in DOING_VERBS}
        if money:
            doing |= {MONEY_SENSES[lemma] for lemma in said if lemma in MONEY_SENSES}
        if not said:
            continue  # "There are 20 pages a day": no doing told
        asked = _asked_verb(frame, question, money, asked_nouns)
        if asked is None:
            continue
        verbs, subject = asked
        if verbs & said or any(same_doing(d, v, money=money) for d in doing for v in verbs):
            continue
        if _lasted(frame) and any(same_doing(v, "get") for v in verbs):
            continue
        # the rate's other party is told after its verb ("feeds *his dog* 2 cups")
        lemmas = _verb_lemmas(before)
        at = next((i for i, read in enumerate(lemmas) if read & doing), len(before))
        told = {noun_key(w) for w in before[at + 1 :] + after} - asked_nouns
        party = {noun_key(w) for w in subject if w.lower() not in STOP_WORDS} - asked_nouns
        if party & told and any(converse_of(d, v, money=money) for d in doing for v in verbs):
            continue
        return True
    return False


def _lasted(frame: ProblemFrame) -> bool:
    return any(verb_stem(w) == "last" for w in re.findall(r"[a-z]+", frame.source_text.lower()))


def rate_code(
    frame: ProblemFrame, views: list[QuantityView], target: TargetView, question: int
) -> str | None:
    """The target-continuity code of the first check above that refuses the product, or None.

    ``views`` are the relation's bound amounts; ``question`` is the question's sentence."""
    if (
        periods_of_another_doing(views)
        or past_rate_asked_ahead(frame, views, target)  # "walked 3 miles a day ... will walk"
        or loss_rate_asked_held(frame, views, target, question)
        or measure_asked_of_a_change(frame, views, question)
    ):
        return "target_move_mismatch"
    if rate_of_each_other(frame, views, question):
        return "target_rate_unread"
    if asked_another_doing(frame, views, target, question):
        return "target_doing_mismatch"  # "reads 20 pages a day ... does she write?"
    if rate_of_one_asked_of_they(frame, views, target):  # "Tom runs ... do they run?"
        return "target_owner_mismatch"
    return rate_code_of_holders(frame, views, question)  # whose the rate and its periods are
