"""A rate told as a pair of amounts, not per one, and the amount that goes with another count:
the ``proportion`` reading (the rule of three).

"A printer prints 120 pages in 4 minutes. How many pages does it print in 7 minutes?" (120 / 4
x 7); "If 6 boxes weigh 18 pounds, how much do 10 boxes weigh?"; "5 notebooks cost $15. How
much would 3 notebooks cost?"; "84 students fit into 3 vans. How many students fit into 2
vans?". The text is two sentences (the reader splits "If <told>, <question>?" in two), three
for a ratio: the told clause, the question (and a ratio's condition), each read by a closed
pattern of its own:

* *an amount done in a count* (:func:`done_in_count`): "<Subject> <verb> B <things> in A
  <counts>." (the verb in the present, "can <verb>", or the past when the question says "at
  this rate"); the question "[At this rate,] how many <things> | how much | how far <aux>
  <the same subject> <the same verb> in N <counts>?";
* *an amount a count of things weighs, costs or fills* (:func:`counted_things_measure`):
  "[If] A <things> weigh | cost B <measure> | $B." asked "How much <aux> N <things> weigh |
  cost?", and "B <things> [can] fit into A <groups>." asked "How many <things> [can] fit into
  N <groups>?";
* *the inverse* (:func:`time_to_do`): "How many <counts> | how long <aux> it take <the same
  subject> to <the same verb> N <things>?", whose answer must come out whole;
* *what a count of time takes* (:func:`takes_to_do`): "It takes <someone> A <counts> to <verb>
  B <things>.", asked either way;
* *a ratio* (:func:`ratio_for_every`, three sentences): "<Subject> has A <things> for every B
  <other things>." with "If <subject> has N <things>," and "how many <other things> does
  <subject> have?", in either order.

Soundness, read structurally: the question's subject is the told one (the same noun, or the one
pronoun that names it), its verb the told verb, its counted noun the told count's noun (hours
asked of minutes told are no proportion: no constant converts them here) and its amount's noun
the told amount's; a question asking "how many more", another subject, another verb, a past act
of a rate told as an ability, or a count told with a second unit ("in 4 minutes and 5 seconds")
reads no pattern. Every quantity mention of the text must be one of the three numbers read,
with the value read, the unknown must be the question's, and no observation may be left (a
negation, a multiplier, a modal but the "can" of an ability read). The asked count differs from
the told one, no count is zero, and an amount of things counted (not money, not a measure) must
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

from practiceloop.arith.antecedents import agrees, name_gender
from practiceloop.arith.lexicon import MEASURE_UNITS, MONEY_UNITS, TIME_UNITS, noun_key, verb_key
from practiceloop.arith.proportion_units import TITLE, asked_as_moving, count_scale, title_agrees
from practiceloop.arith.reading import mention_value, quantity_views, target_view
from practiceloop.arith.sides import NUMBER, number_value
from practiceloop.arith.whole_text import relation_left_open
from practiceloop.kernel.frame import Mention, Observation, ProblemFrame, Relation, Target
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "INVERSE_ROLES",
    "ORGAN",
    "ROLES",
    "Proportion",
    "bound_as_read",
    "counted_things_measure",
    "done_in_count",
    "proportion_value",
    "propose_proportion",
    "ratio_for_every",
    "read_proportion",
    "reading",
    "takes_to_do",
    "time_to_do",
]

ORGAN: Final = "proportion"

ROLES: Final = ("told_count", "told_amount", "asked_count", "amount")
"""The told count and the amount that goes with it, the asked count, and the asked amount
(the unknown)."""

INVERSE_ROLES: Final = ("told_count", "told_amount", "asked_amount", "count")
"""The inverse question's roles: the asked amount, and the count it takes (the unknown)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Proportion:
    """The proportion reading: the roles it binds and the phrases it consumed."""

    roles: tuple[tuple[str, str], ...]
    """:data:`ROLES`, each to a mention id (the unknown in ``amount``)."""
    consumed: tuple[tuple[int, int], ...]
    """The (start, end) of the two sentences it reads word by word."""
    counts: bool
    """The amount counts things (no money, no measure): it must come out whole."""
    scale: Fraction = Fraction(1)
    """How many told units one asked unit holds (60 for hours asked of minutes told)."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Told:
    count: tuple[int, int]
    amount: tuple[int, int]
    asked: tuple[int, int]
    thing: str
    """The amount's noun key ("page", "pound", "money")."""
    ability: tuple[int, int] | None = None
    """The (start, end) of the told "can" ("A snail can crawl ..."), asked as an ability."""
    inverse: bool = False
    """The question asks the count an amount takes ("How many minutes does it take ...")."""
    scale: Fraction = Fraction(1)
    """:func:`~practiceloop.arith.proportion_units.count_scale` of the told and asked units."""


_NUM: Final = rf"(?P<{{}}>{NUMBER})"
_WORD: Final = r"[a-z]+"
_NAME: Final = rf"(?:{TITLE})?[A-Z][a-z]+"
_SUBJECT: Final = rf"(?P<subject>(?:[Aa]n?|[Tt]he) {_WORD}|{_NAME})"
_RATE: Final = r"(?:(?:[Aa]t|[Ii]f (?:it|he|she) keeps) (?:this|that|the)(?: same)? rate, )?"
_AUX: Final = r"(?P<aux>does|do|will|would|can|could)"
_OF: Final = rf"(?: of (?P<{{}}>(?:a|an|the|his|her|their|its) {_WORD}))?"
"""What the amount's things are of ("4 pages of her book"), said alike in the question."""
_ASKED_AMOUNT: Final = (
    rf"(?:[Hh]ow many (?P<qthing>[a-z]+){_OF.format('qof')}|[Hh]ow (?P<much>much(?: money)?|far))"
)

_DONE: Final = re.compile(
    rf"(?:If )?{_SUBJECT} (?:(?P<can>can) |(?P<now>is|are) (?=[a-z]+ing ))?(?P<verb>{_WORD})"
    rf" {_NUM.format('amount')}"
    rf"(?: (?P<thing>{_WORD}){_OF.format('of')})? in {_NUM.format('count')} (?P<unit>{_WORD})[.,]"
)
_DONE_ASKED: Final = re.compile(
    rf"{_RATE}{_ASKED_AMOUNT} {_AUX} (?P<qsubject>(?:an?|the) {_WORD}|{_NAME}|it|he|she)"
    rf" (?P<qverb>{_WORD}) in {_NUM.format('asked')} (?P<qunit>{_WORD})\?"
)
_TAKES_ASKED: Final = re.compile(
    rf"{_RATE}(?:[Hh]ow many (?P<qunit>{_WORD})|[Hh]ow long) {_AUX} it take"
    rf" (?P<qsubject>the {_WORD}|{_NAME}|him|her|it) to (?P<qverb>{_WORD})"
    rf" {_NUM.format('asked')}(?: (?P<qthing>{_WORD}){_OF.format('qof')})?\?"
)
_OBJECTS: Final = {"him": "he", "her": "she", "it": "it"}
_TAKES: Final = re.compile(
    rf"It takes (?P<subject>(?:the|a|an) {_WORD}|{_NAME}) {_NUM.format('count')}"
    rf" (?P<unit>{_WORD}) to (?P<verb>{_WORD}) {_NUM.format('amount')}"
    rf"(?: (?P<thing>{_WORD}){_OF.format('of')})?\."
)
_PHRASE: Final = rf"{_WORD}(?: {_WORD})?"
"""The things a ratio counts: a noun, or an adjective and a noun ("red marbles")."""
_RATIO: Final = re.compile(
    rf"{_SUBJECT} (?P<verb>{_WORD}) {_NUM.format('first')} (?P<x>{_PHRASE}) for every"
    rf" {_NUM.format('second')} (?P<y>{_PHRASE})(?: that (?:he|she|it) (?P=verb))?\."
)
_RATIO_IF: Final = re.compile(
    rf"(?P<if>[Ii]f) (?P<csubject>(?:the|a|an) {_WORD}|{_NAME}|he|she|it)"
    rf" (?P<cverb>{_WORD}) {_NUM.format('asked')} (?P<p>{_PHRASE})(?P<end>[,?])"
)
_RATIO_ASKED: Final = re.compile(
    rf"[Hh]ow many (?P<q>{_PHRASE}) {_AUX} (?P<qsubject>the {_WORD}|{_NAME}|he|she|it)"
    rf" (?P<qverb>{_WORD})(?P<end>\??)"
)
_MEASURED: Final = re.compile(
    rf"(?:If )?{_NUM.format('count')} (?P<unit>{_WORD}) (?P<verb>weigh|cost)"
    rf" {_NUM.format('amount')}(?: (?P<thing>{_WORD}))?[.,]"
)
_MEASURED_ASKED: Final = re.compile(
    rf"{_RATE}[Hh]ow much(?P<money> money)? {_AUX} {_NUM.format('asked')} (?P<qunit>{_WORD})"
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
_NO_SUBJECT: Final = frozenset({"If", "At", "In", "There", "It", "They", "This", "That"})
_STATES: Final = frozenset({"be", "have", "keep", "hold", "own", "need", "want", "get"})
"""Verbs of a holding or a want, not of something done at a rate."""
_HOW_FAR: Final = frozenset({"mile", "kilometer", "km", "meter", "metre", "foot", "yard"})
_QUICK: Final = re.compile(r"\b(?:in|weigh|cost|fit|for every|takes)\b")


def _span(match: re.Match[str], group: str, offset: int) -> tuple[int, int]:
    return match.start(group) + offset, match.end(group) + offset


def _of_agrees(done: re.Match[str], asked: re.Match[str]) -> bool:
    """What the asked things are of is what the told ones are of ("pages of her book"), or
    not said in the question; never said only in the question."""
    told, said = done.group("of"), asked.group("qof")
    return said is None or (told is not None and told.lower() == said.lower())


def _amount_thing(match: re.Match[str]) -> str | None:
    """The told amount's noun key: its noun, or "money" for "$N" with none."""
    money = match.group("amount").startswith("$")
    thing = match.group("thing")
    if money:
        return None if thing is not None else "money"
    return None if thing is None else noun_key(thing)


def _same_subject(told: str, asked: str) -> bool:
    """The question's subject names the told one: the same noun ("a printer", "the printer"),
    the same name, or the one pronoun for it ("it" for a thing, "he" / "she" agreeing with a
    name: :func:`~practiceloop.arith.antecedents.agrees`)."""
    titled = title_agrees(told, asked)
    if titled is not None:
        return titled
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
    # "he" / "she" of the told name agrees with it ("Bob ... can she shuck" names no one)
    return asked.lower() == told or (asked in ("he", "she") and agrees(asked, name_gender(told)))


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
        return None if done is None else time_to_do(done, told, question)
    subject = done.group("subject")
    if subject in _NO_SUBJECT:
        return None  # no subject named, or a word no subject is
    if not _same_subject(subject.lower(), asked.group("qsubject")):
        return None
    verb, base = done.group("verb"), asked.group("qverb")
    aux, thing = asked.group("aux"), _amount_thing(done)
    if verb_key(verb) in _STATES:
        return None  # "has 120 pages in 4 trays": a holding, not a rate
    if asked_as_moving(verb, base, distance=thing in _HOW_FAR):
        base = verb if done.group("can") else verb_key(verb)  # "drives ... go", as "drive"
    if done.group("can"):
        if verb != base or aux not in ("can", "could", "will", "would"):
            return None
    elif verb_key(verb) != verb_key(base) or verb == base:
        return None
    elif not verb.endswith("s") and not done.group("now"):  # a past act: only "at this rate"
        if not question.text.startswith(("At ", "If ")) or aux not in ("will", "would", "can"):
            return None
    elif aux == "do":
        return None  # "do it print": no question of one subject
    if thing is None or not _asks_the_thing(asked, thing) or not _of_agrees(done, asked):
        return None
    scale = count_scale(done.group("unit"), asked.group("qunit"))
    if scale is None:
        return None  # days asked of hours told: no constant of the clock converts them
    start, qstart = told.start, question.start
    ability = _span(done, "can", start) if done.group("can") else None
    return _Told(
        _span(done, "count", start),
        _span(done, "amount", start),
        _span(asked, "asked", qstart),
        thing,
        ability,
        scale=scale,
    )


def time_to_do(done: re.Match[str], told: SourceSpan, question: SourceSpan) -> _Told | None:
    """ "A tap fills 20 liters in 4 minutes." and "How many minutes does it take the tap to
    fill 35 liters?" (or "How long ...", the told count being of time): the count the same
    subject takes to do another amount of the same thing by the same verb, the inverse of
    :func:`done_in_count`. The asked amount is told as the told one is ("$75" of money, "35
    liters" of liters); the answer must come out whole (no rounding is read)."""
    asked = _TAKES_ASKED.fullmatch(question.text)
    subject = done.group("subject")
    if asked is None or subject in _NO_SUBJECT:
        return None
    said = asked.group("qsubject")
    if not _same_subject(subject.lower(), _OBJECTS.get(said, said)):
        return None
    verb, base = done.group("verb"), asked.group("qverb")
    if verb_key(verb) in _STATES or verb_key(verb) != verb_key(base):
        return None
    if done.group("can") is None and verb == base:
        return None  # "A tap fill 20 liters": no told rate
    if (
        not verb.endswith("s")
        and done.group("can") is None
        and not question.text.startswith(("At ", "If "))
    ):
        return None  # a past act: a rate only "at this rate"
    if asked.group("aux") == "do":
        return None
    thing = _amount_thing(done)
    money = asked.group("asked").startswith("$")
    if not _of_agrees(done, asked):
        return None
    if thing is None or money != (thing == "money"):
        return None
    if not money and (asked.group("qthing") is None or noun_key(asked.group("qthing")) != thing):
        return None
    unit, qunit = done.group("unit"), asked.group("qunit")
    scale = count_scale(unit, unit if qunit is None else qunit)
    if scale is None or (qunit is None and noun_key(unit) not in TIME_UNITS):
        return None  # "how long" of no time, or days asked of hours told
    start, qstart = told.start, question.start
    ability = _span(done, "can", start) if done.group("can") else None
    return _Told(
        _span(done, "count", start),
        _span(done, "amount", start),
        _span(asked, "asked", qstart),
        thing,
        ability,
        inverse=True,
        scale=scale,
    )


def _same_phrase(said: str, told: str) -> bool:
    """Two phrases of things are one: the same words, the last one keyed as a noun."""
    a, b = said.lower().split(), told.lower().split()
    return len(a) == len(b) and a[:-1] == b[:-1] and noun_key(a[-1]) == noun_key(b[-1])


def ratio_for_every(sentences: tuple[SourceSpan, ...]) -> _Told | None:
    """ "Ana has 4 red marbles for every 3 blue marbles." then "If she has 20 red marbles,"
    and "how many blue marbles does she have?" (or the question first and "if she has 20 red
    marbles?" after it): a ratio of two things a subject has (or does), the count of one
    told, the other asked. The condition and the question have the told subject and verb;
    the condition names one of the ratio's things, the question the other one."""
    told, first, second = sentences
    ratio = _RATIO.fullmatch(told.text)
    if ratio is None or ratio.group("subject") in _NO_SUBJECT:
        return None
    condition, asked = _RATIO_IF.fullmatch(first.text), _RATIO_ASKED.fullmatch(second.text)
    cond_at = first
    if condition is None or asked is None or condition.group("end") != "," or not asked.group(
        "end"
    ):
        condition, asked = _RATIO_IF.fullmatch(second.text), _RATIO_ASKED.fullmatch(first.text)
        cond_at = second
        if condition is None or asked is None or condition.group("end") != "?":
            return None
        if asked.group("end") or condition.group("if") != "if":
            return None
    subject = ratio.group("subject").lower()
    if not _same_subject(subject, condition.group("csubject")) or not _same_subject(
        subject, asked.group("qsubject")
    ):
        return None
    verb = ratio.group("verb")
    if condition.group("cverb") != verb or verb_key(asked.group("qverb")) != verb_key(verb):
        return None
    if asked.group("qverb") == verb or asked.group("aux") == "do":
        return None  # "does she has", "do she have": no question of the told subject
    x, y, said, wanted = ratio.group("x"), ratio.group("y"), condition.group("p"), asked.group("q")
    if _same_phrase(x, y):
        return None
    if _same_phrase(said, x) and _same_phrase(wanted, y):
        count, amount = "first", "second"
    elif _same_phrase(said, y) and _same_phrase(wanted, x):
        count, amount = "second", "first"
    else:
        return None  # the total, another thing, or the told thing asked back
    start = told.start
    return _Told(
        _span(ratio, count, start),
        _span(ratio, amount, start),
        _span(condition, "asked", cond_at.start),
        noun_key(wanted.split()[-1]),
    )


def takes_to_do(told: SourceSpan, question: SourceSpan) -> _Told | None:
    """ "It takes Mia 10 minutes to wash 4 cars." and "How many minutes will it take her to
    wash 12 cars?" (the count another amount takes) or "How many cars can she wash in 30
    minutes?" (the amount another count does): the rate told by what a count of time takes,
    asked of the same subject, verb, thing and unit, as :func:`time_to_do` and
    :func:`done_in_count` ask it."""
    done = _TAKES.fullmatch(told.text)
    if done is None:
        return None
    subject = done.group("subject")
    verb, thing = done.group("verb"), _amount_thing(done)
    start, qstart = told.start, question.start
    unit = noun_key(done.group("unit"))
    inverse = _TAKES_ASKED.fullmatch(question.text)
    forward = _DONE_ASKED.fullmatch(question.text) if inverse is None else None
    asked = inverse or forward
    if asked is None or thing is None or asked.group("qverb") != verb or not _of_agrees(
        done, asked
    ):
        return None
    said = asked.group("qsubject")
    if asked.group("aux") == "do" or not _same_subject(
        subject.lower(), _OBJECTS.get(said, said)
    ):
        return None
    ability = None
    if inverse is not None:
        money = inverse.group("asked").startswith("$")
        if money != (thing == "money"):
            return None
        if not money and (
            inverse.group("qthing") is None or noun_key(inverse.group("qthing")) != thing
        ):
            return None
        qunit = inverse.group("qunit")
        scale = count_scale(unit, unit if qunit is None else qunit)
        if scale is None or (qunit is None and unit not in TIME_UNITS):
            return None
    else:
        scale = count_scale(unit, asked.group("qunit"))
        if not _asks_the_thing(asked, thing) or scale is None:
            return None
        if asked.group("aux") in ("can", "could"):
            ability = _span(asked, "aux", qstart)  # "How many cars can she wash ...?"
    return _Told(
        _span(done, "count", start),
        _span(done, "amount", start),
        _span(asked, "asked", qstart),
        thing,
        ability,
        inverse=inverse is not None,
        scale=scale,
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
            if asked.group("money") and thing != "money":
                return None  # "how much money do they weigh"
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
    if not 2 <= len(sentences) <= 3 or _QUICK.search(text) is None:
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
    if len(sentences) == 3:
        told = ratio_for_every(sentences)
    else:
        told = (
            done_in_count(*sentences)
            or takes_to_do(*sentences)
            or counted_things_measure(*sentences)
        )
    if told is None or not _observations_read(observations, told):
        return None
    unknown = next((m for m in mentions if m.mention_id == target.mention_id), None)
    if unknown is None or unknown.span.sentence_index == sentences[0].sentence_index:
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
    counts = told.inverse or (told.thing not in MONEY_UNITS and told.thing not in MEASURE_UNITS)
    if _value(*values, counts=counts, inverse=told.inverse, scale=told.scale) is None:
        return None
    names = INVERSE_ROLES if told.inverse else ROLES
    roles = tuple(
        (name, m.mention_id) for name, m in zip(names, bound, strict=False) if m is not None
    )
    consumed = tuple((s.start, s.end) for s in sentences)
    return Proportion((*roles, (names[-1], target.mention_id)), consumed, counts, told.scale)


def _observations_read(observations: tuple[Observation, ...], told: _Told) -> bool:
    """No observation is left but the modal of a told ability ("can crawl") the question asks
    as one: a negation, a multiplier, another modal are nothing this reading reads."""
    for observation in observations:
        if observation.kind != "modal" or told.ability is None:
            return False
        if any((s.start, s.end) != told.ability for s in observation.evidence_spans):
            return False
    return True


def _value(
    count: Fraction, amount: Fraction, asked: Fraction, *, counts: bool, inverse: bool = False,
    scale: Fraction = Fraction(1),
) -> Fraction | None:  # fmt: skip
    """The amount that goes with ``asked``: ``amount`` / ``count`` x ``asked`` x ``scale``
    (inverse: the count ``asked`` amounts take, ``count`` / ``amount`` x ``asked`` /
    ``scale``, in the asked unit); None for a count or an asked number of zero or below, an
    asked number equal to the told one (in the told unit), an amount below zero (of nothing,
    inverse), or an amount of things counted that is not whole."""
    told, same = (amount, asked) if inverse else (count, asked * scale)
    if count <= 0 or asked <= 0 or amount < 0 or told <= 0 or same == told:
        return None
    value = count / amount * asked / scale if inverse else amount / count * asked * scale
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
    inverse = read.roles[-1][0] == INVERSE_ROLES[-1]
    return _value(count, amount, asked, counts=read.counts, inverse=inverse, scale=read.scale)


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
