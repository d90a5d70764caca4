"""A rate told as a pair of amounts, not per one, and the amount that goes with another count:
the ``proportion`` reading (the rule of three).

"A printer prints 120 pages in 4 minutes. How many pages does it print in 7 minutes?" (120 / 4
x 7); "If 6 boxes weigh 18 pounds, how much do 10 boxes weigh?"; "5 notebooks cost $15. How
much would 3 notebooks cost?"; "84 students fit into 3 vans. How many students fit into 2
vans?". The text is exactly two sentences (the reader splits "If <told>, <question>?" in
two): the told clause and the question, each read by a closed pattern of its own:

* *an amount done in a count* (:func:`done_in_count`): "<Subject> <verb> B <things> in A
  <counts>." (the verb in the present, "can <verb>", or the past when the question says "at
  this rate"); the question "[At this rate,] how many <things> | how much | how far <aux>
  <the same subject> <the same verb> in N <counts>?";
* *an amount a count of things weighs, costs or fills* (:func:`counted_things_measure`):
  "[If] A <things> weigh | cost B <measure> | $B." asked "How much <aux> N <things> weigh |
  cost?", and "B <things> [can] fit into A <groups>." asked "How many <things> [can] fit into
  N <groups>?".

Soundness, read structurally: the question's subject is the told one (the same noun, or the
one pronoun that names it), its verb the told verb, its counted noun the told count's noun
(hours asked of minutes told are no proportion: no constant converts them here) and its
amount's noun the told amount's; a question asking "how many more", another subject, another
verb, a past act of a rate told as an ability, or a count told with a second unit ("in 4
minutes and 5 seconds") reads no pattern. Every quantity mention of the text must be one of
the three numbers read, with the value read, the unknown must be the question's, and no
observation may be left (a negation, a modal, a multiplier). The asked count differs from the
told one, no count is zero, and an amount of things counted (not money, not a measure) must
come out whole. The reader's proposal, the ``proportion`` organ's candidates, the solver and
the unit and target proofs all call :func:`read_proportion`, so a relation closes only when it
binds exactly what the text reads.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from fractions import Fraction
from typing import Final

from practiceloop.arith.lexicon import MEASURE_UNITS, MONEY_UNITS, noun_key, verb_key
from practiceloop.arith.reading import mention_value, quantity_views, target_view
from practiceloop.arith.sides import NUMBER, number_value
from practiceloop.arith.whole_text import relation_left_open
from practiceloop.kernel.frame import Mention, Observation, ProblemFrame, Relation, Target
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "ORGAN",
    "ROLES",
    "Proportion",
    "bound_as_read",
    "counted_things_measure",
    "done_in_count",
    "proportion_value",
    "propose_proportion",
    "read_proportion",
    "reading",
]

ORGAN: Final = "proportion"

ROLES: Final = ("told_count", "told_amount", "asked_count", "amount")
"""The told count and the amount that goes with it, the asked count, and the asked amount
(the unknown)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Proportion:
    """The proportion reading: the roles it binds and the phrases it consumed."""

    roles: tuple[tuple[str, str], ...]
    """:data:`ROLES`, each to a mention id (the unknown in ``amount``)."""
    consumed: tuple[tuple[int, int], ...]
    """The (start, end) of the two sentences it reads word by word."""
    counts: bool
    """The amount counts things (no money, no measure): it must come out whole."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Told:
    count: tuple[int, int]
    amount: tuple[int, int]
    asked: tuple[int, int]
    thing: str
    """The amount's noun key ("page", "pound", "money")."""
    ability: tuple[int, int] | None = None
    """The (start, end) of the told "can" ("A snail can crawl ..."), asked as an ability."""


_NUM: Final = rf"(?P<{{}}>{NUMBER})"
_WORD: Final = r"[a-z]+"
_NAME: Final = r"[A-Z][a-z]+"
_SUBJECT: Final = rf"(?P<subject>(?:[Aa]n?|[Tt]he) {_WORD}|{_NAME})"
_RATE: Final = r"(?:(?:[Aa]t|[Ii]f (?:it|he|she) keeps) (?:this|that|the same) rate, )?"
_AUX: Final = r"(?P<aux>does|do|will|would|can|could)"
_ASKED_AMOUNT: Final = r"(?:[Hh]ow many (?P<qthing>[a-z]+)|[Hh]ow (?P<much>much(?: money)?|far))"

_DONE: Final = re.compile(
    rf"(?:If )?{_SUBJECT} (?:(?P<can>can) )?(?P<verb>{_WORD}) {_NUM.format('amount')}"
    rf"(?: (?P<thing>{_WORD}))? in {_NUM.format('count')} (?P<unit>{_WORD})[.,]"
)
_DONE_ASKED: Final = re.compile(
    rf"{_RATE}{_ASKED_AMOUNT} {_AUX} (?P<qsubject>(?:an?|the) {_WORD}|{_NAME}|it|he|she)"
    rf" (?P<qverb>{_WORD}) in {_NUM.format('asked')} (?P<qunit>{_WORD})\?"
)
_MEASURED: Final = re.compile(
    rf"(?:If )?{_NUM.format('count')} (?P<unit>{_WORD}) (?P<verb>weigh|cost)"
    rf" {_NUM.format('amount')}(?: (?P<thing>{_WORD}))?[.,]"
)
_MEASURED_ASKED: Final = re.compile(
    rf"{_RATE}[Hh]ow much(?: money)? {_AUX} {_NUM.format('asked')} (?P<qunit>{_WORD})"
    r" (?P<qverb>weigh|cost)\?"
)
_FIT: Final = re.compile(
    rf"(?:If )?{_NUM.format('amount')} (?P<thing>{_WORD}) (?:can )?fit (?:into|in)"
    rf" {_NUM.format('count')} (?P<unit>{_WORD})[.,]"
)
_FIT_ASKED: Final = re.compile(
    rf"{_RATE}[Hh]ow many (?P<qthing>{_WORD}) (?:can )?fit (?:into|in)"
    rf" {_NUM.format('asked')} (?P<qunit>{_WORD})\?"
)

_PRONOUNS: Final = frozenset({"it", "he", "she"})
_STATES: Final = frozenset({"be", "have", "keep", "hold", "own", "need", "want", "get"})
"""Verbs of a holding or a want, not of something done at a rate."""
_HOW_FAR: Final = frozenset({"mile", "kilometer", "km", "meter", "metre", "foot", "yard"})
_QUICK: Final = re.compile(r"\b(?:in|weigh|cost|fit)\b")


def _span(match: re.Match[str], group: str, offset: int) -> tuple[int, int]:
    return match.start(group) + offset, match.end(group) + offset


def _amount_thing(match: re.Match[str]) -> str | None:
    """The told amount's noun key: its noun, or "money" for "$N" with none."""
    money = match.group("amount").startswith("$")
    thing = match.group("thing")
    if money:
        return None if thing is not None else "money"
    return None if thing is None else noun_key(thing)


def _same_subject(told: str, asked: str) -> bool:
    """The question's subject names the told one: the same noun ("a printer", "the printer"),
    the same name, or the one pronoun for it ("it" for a thing, "he" / "she" for a name)."""
    told_words, asked_words = told.split(), asked.split()
    if told in _PRONOUNS:
        return asked.lower() == told
    if len(told_words) == 2:  # "a printer"
        if asked == "it":
            return True
        return (
            len(asked_words) == 2
            and asked_words[0] == "the"
            and (noun_key(asked_words[1]) == noun_key(told_words[1]))
        )
    return asked.lower() == told or asked in ("he", "she")


def _asks_the_thing(match: re.Match[str], thing: str) -> bool:
    """The question's "how many <things>" / "how much" / "how far" asks the told amount's
    thing: the same noun; "how much" only of money or a measure; "how far" only of a
    distance."""
    asked = match.group("qthing")
    if asked is not None:
        return noun_key(asked) == thing and thing not in MONEY_UNITS
    much = match.group("much")
    if much == "far":
        return thing in _HOW_FAR
    if much == "much money":
        return thing == "money"
    return thing == "money" or thing in MEASURE_UNITS


def done_in_count(told: SourceSpan, question: SourceSpan) -> _Told | None:
    """ "A printer prints 120 pages in 4 minutes." and "How many pages does it print in 7
    minutes?": an amount a subject does in a count of time (or of anything), and the amount
    the same subject does by the same verb in another count of the same unit. A past told
    act ("printed") is a rate only when the question says "at this rate"; an ability ("can
    print") is asked only with "can", "could", "will" or "would"."""
    done = _DONE.fullmatch(told.text)
    asked = _DONE_ASKED.fullmatch(question.text)
    if done is None or asked is None:
        return None
    subject = done.group("subject")
    if subject in ("If", "At", "In", "There", "It", "They", "This", "That"):
        return None  # no subject named, or a word no subject is
    if not _same_subject(subject.lower(), asked.group("qsubject")):
        return None
    verb, base = done.group("verb"), asked.group("qverb")
    aux = asked.group("aux")
    if verb_key(verb) in _STATES:
        return None  # "has 120 pages in 4 trays": a holding, not a rate
    if done.group("can"):
        if verb != base or aux not in ("can", "could", "will", "would"):
            return None
    elif verb_key(verb) != verb_key(base) or verb == base:
        return None
    elif not verb.endswith("s"):  # a past act: a rate only "at this rate"
        if not question.text.startswith(("At ", "If ")) or aux not in ("will", "would", "can"):
            return None
    elif aux == "do":
        return None  # "do it print": no question of one subject
    thing = _amount_thing(done)
    if thing is None or not _asks_the_thing(asked, thing):
        return None
    if noun_key(done.group("unit")) != noun_key(asked.group("qunit")):
        return None  # minutes asked of hours told: no constant converts them here
    start, qstart = told.start, question.start
    ability = _span(done, "can", start) if done.group("can") else None
    return _Told(
        _span(done, "count", start),
        _span(done, "amount", start),
        _span(asked, "asked", qstart),
        thing,
        ability,
    )


def counted_things_measure(told: SourceSpan, question: SourceSpan) -> _Told | None:
    """ "6 boxes weigh 18 pounds." and "How much do 10 boxes weigh?"; "5 notebooks cost $15."
    and "How much would 3 notebooks cost?"; "84 students fit into 3 vans." and "How many
    students fit into 2 vans?": what a count of things weighs, costs or holds, asked of
    another count of the same things by the same verb."""
    for told_pattern, asked_pattern in ((_MEASURED, _MEASURED_ASKED), (_FIT, _FIT_ASKED)):
        done = told_pattern.fullmatch(told.text)
        asked = asked_pattern.fullmatch(question.text)
        if done is None or asked is None:
            continue
        if told_pattern is _MEASURED:
            if done.group("verb") != asked.group("qverb"):
                return None
            thing = _amount_thing(done)
            if thing is None or thing not in ({"money"} | MEASURE_UNITS):
                return None
            if (thing == "money") != (done.group("verb") == "cost"):
                return None  # a cost in pounds, a weight in dollars
        else:
            thing = noun_key(done.group("thing"))
            if noun_key(asked.group("qthing")) != thing:
                return None
        if noun_key(done.group("unit")) != noun_key(asked.group("qunit")):
            return None
        start, qstart = told.start, question.start
        return _Told(
            _span(done, "count", start),
            _span(done, "amount", start),
            _span(asked, "asked", qstart),
            thing,
        )
    return None


def read_proportion(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
) -> Proportion | None:
    """The proportion reading of the whole text, or None (see the module docstring)."""
    if len(sentences) != 2 or _QUICK.search(text) is None:
        return None
    return _kept_reading(text, sentences, mentions, targets, observations)


@functools.lru_cache(maxsize=64)
def _kept_reading(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
) -> Proportion | None:
    target = target_view(targets)
    if target is None or target.mention_id is None:
        return None
    told_sentence, question = sentences
    told = done_in_count(told_sentence, question) or counted_things_measure(told_sentence, question)
    if told is None or not _observations_read(observations, told):
        return None
    unknown = next((m for m in mentions if m.mention_id == target.mention_id), None)
    if unknown is None or unknown.span.sentence_index != question.sentence_index:
        return None
    quantities = {(m.span.start, m.span.end): m for m in mentions if m.kind == "quantity"}
    if len(quantities) != 3:
        return None  # another number: no role of this reading takes it
    bound = [quantities.get(span) for span in (told.count, told.amount, told.asked)]
    values: list[Fraction] = []
    for mention, span in zip(bound, (told.count, told.amount, told.asked), strict=True):
        value = None if mention is None else mention_value(mention)
        if value is None or value != number_value(text[span[0] : span[1]]):
            return None
        values.append(value)
    counts = told.thing not in MONEY_UNITS and told.thing not in MEASURE_UNITS
    if _value(values[0], values[1], values[2], counts=counts) is None:
        return None
    roles = tuple(
        (name, m.mention_id) for name, m in zip(ROLES, bound, strict=False) if m is not None
    )
    consumed = ((told_sentence.start, told_sentence.end), (question.start, question.end))
    return Proportion((*roles, ("amount", target.mention_id)), consumed, counts)


def _observations_read(observations: tuple[Observation, ...], told: _Told) -> bool:
    """No observation is left but the modal of a told ability ("can crawl") the question asks
    as one: a negation, a multiplier, another modal are nothing this reading reads."""
    for observation in observations:
        if observation.kind != "modal" or told.ability is None:
            return False
        if any((s.start, s.end) != told.ability for s in observation.evidence_spans):
            return False
    return True


def _value(count: Fraction, amount: Fraction, asked: Fraction, *, counts: bool) -> Fraction | None:
    """The amount that goes with ``asked``: ``amount`` / ``count`` x ``asked``; None for a
    count of zero or below, an asked count equal to the told one, an amount below zero, or
    an amount of things counted that is not whole."""
    if count <= 0 or asked <= 0 or amount < 0 or asked == count:
        return None
    value = amount / count * asked
    if counts and value.denominator != 1:
        return None
    return value


def reading(frame: ProblemFrame) -> Proportion | None:
    """The frame's proportion reading."""
    return read_proportion(
        frame.source_text, frame.sentences, frame.mentions, frame.targets, frame.observations
    )


def bound_as_read(frame: ProblemFrame, relation: Relation) -> bool:
    """True when ``relation`` binds exactly the roles the proportion reading reads."""
    read = reading(frame)
    return read is not None and tuple(relation.roles) == read.roles


def proportion_value(frame: ProblemFrame, relation: Relation) -> Fraction | None:
    """The asked amount from the numbers ``relation`` binds, as the text reads; None when the
    relation is not bound as read."""
    read = reading(frame)
    if read is None or tuple(relation.roles) != read.roles:
        return None
    views = {q.mention_id: q.value for q in quantity_views(frame.mentions)}
    count, amount, asked = (views.get(m) for _, m in read.roles[:3])
    if count is None or amount is None or asked is None:
        return None
    return _value(count, amount, asked, counts=read.counts)


def propose_proportion(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
) -> tuple[Relation, ...]:
    """The ``proportion`` relation when :func:`read_proportion` reads the whole text: every
    role bound as read but the told amount, left for practice to fill with the reading's one
    candidate (so the closure is an episode the proofs replay)."""
    read = read_proportion(text, sentences, mentions, targets, observations)
    if read is None:
        return ()
    return (relation_left_open(ORGAN, read.roles, "told_amount", mentions),)
