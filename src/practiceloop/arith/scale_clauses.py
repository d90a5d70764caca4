"""The sentences of a scale reading: each clause read by one pattern (see
:mod:`practiceloop.arith.scales`, whose whole-text reading uses them).

A clause is a told amount, a scale ("twice as many ... as", "3 more than twice as many",
"a third as many", "twice the number of"), a step of one ("4 more than"), a whole told
("Kim and Lou have 30 together"), or two of them joined by "and" / "while" / ", who"; the
question is read by :func:`asked`. Each reader returns None for anything else.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from typing import Final

from practiceloop.arith.lexicon import (
    CONTROL_WORDS,
    SIDE_DAYS,
    SIDE_PERIODS,
    STOP_WORDS,
    TIME_ADVERBS,
    noun_key,
    told_in_past,
    told_in_present,
    verb_class,
    verb_key,
)
from practiceloop.arith.numbers import FACTOR_WORDS, PART_WORDS, parse_digits, parse_words
from practiceloop.arith.pair_measures import told_measure_reads
from practiceloop.arith.scale_forms import (
    FRACTION_FACTOR,
    base_verb_as_aux,
    fraction_factor,
    listed_whole_asked,
    offset_thing,
    scaled_base_phrase,
)
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "Clause",
    "asked",
    "clauses",
    "possessed",
    "question",
    "same_time",
    "same_verb",
    "thing_key",
]

_NAME: Final = r"[A-Z][a-z]+"
_KIN: Final = (
    "dad", "mom", "father", "mother", "brother", "sister", "son", "daughter", "uncle", "aunt",
    "cousin", "grandma", "grandpa", "grandmother", "grandfather", "wife", "husband", "friend",
)  # fmt: skip
"""Person nouns a possessive makes one holder of ("his dad", "her sister")."""
_HOLDER: Final = rf"(?:{_NAME}|(?:[Hh]is|[Hh]er) (?:{'|'.join(_KIN)})(?:, {_NAME})?)"
"""A holder: a name, a possessed person noun, or one named after a comma ("his sister,
Laura": the holder is Laura, see :func:`_holder`)."""
_THING: Final = r"[a-z]+(?: [a-z]+){0,2}"
_COUNT: Final = r"two|three|four|five|six|seven|eight|nine|ten|\d+"
_FRACTION: Final = r"(?:a|one)[- ](?P<part>half|third|quarter|fourth|fifth)"
_FACTOR: Final = (
    rf"(?P<factor>twice|half|double|triple|thrice|{_FRACTION}|(?P<times>{_COUNT}) times"
    rf"|{FRACTION_FACTOR})"
)
_OFFSET: Final = (
    rf"(?:(?P<off>\$?\d+|{_COUNT})(?: (?P<offpre>{_THING}))? (?P<offway>more|fewer|less)"
    rf"(?: (?P<offpost>{_THING}))? than )?"
)
_AUX: Final = r"(?: (?P<aux>does|did|has|had|do))?"
_AMOUNT: Final = r"(?P<num>\$?\d+(?:\.\d+)?|" + _COUNT + r")"
_ALL: Final = r"(?:together|in all|altogether|in total|combined)"

_SUBJECT: Final = rf"(?P<name>{_HOLDER}) (?P<verb>[a-z]+) "
_BASE: Final = re.compile(_SUBJECT + rf"{_AMOUNT}(?: (?P<thing>{_THING}))?")
_SCALED: Final = re.compile(
    _SUBJECT
    + rf"{_OFFSET}{_FACTOR}"
    rf" (?:as (?:many|much)(?: (?P<thing>{_THING}))?(?: (?P<place>(?:at|from) the [a-z]+))? as"
    rf"|the number of (?P<counted>{_THING}) (?:as|that)) (?P<base>{_HOLDER})(?:['’]s|{_AUX})"
)
"""A scale, with one place its amounts were told at ("three times as many pretzels at the
mall as Kim did": both holders' amounts there, the one place the text names)."""
_SCALED_WHAT: Final = re.compile(
    _SUBJECT + rf"{_OFFSET}{_FACTOR} {scaled_base_phrase(_HOLDER, _THING)}"
)  # "half of what Kim picked", "twice the number of cups Kim has" (scale_forms)
_MORE: Final = re.compile(
    _SUBJECT
    + rf"(?P<off>\$?\d+|{_COUNT})(?: (?P<offpre>{_THING}))? (?P<offway>more|fewer|less)"
    rf"(?: (?P<thing>{_THING}))? than (?P<base>{_HOLDER}){_AUX}"
)
_ELIDED: Final = re.compile(
    _SUBJECT + rf"{_OFFSET}{_FACTOR} as (?:many|much)(?: (?P<thing>{_THING}))?"
)
_TOLD: Final = re.compile(
    _SUBJECT
    + rf"{_AMOUNT}(?: (?P<thing>{_THING}))?, (?:which (?P<cop>is|was) )?{_FACTOR} as"
    rf" (?P<way>many|much|far|long) as (?P<base>{_HOLDER})(?: (?P<again>[a-z]+))?"
)
_TOLD_WHAT: Final = re.compile(
    _SUBJECT
    + rf"{_AMOUNT}(?: (?P<thing>{_THING}))?(?:,|,? and) only {_FACTOR} (?:of )?what"
    rf" (?P<base>{_HOLDER}) (?P<again>[a-z]+)"
)
"""The told scaled amount and its scale in one: "Lou has 63 cards and only half of what Kim
has" (the amount told *is* the multiple; "only" says so, where a bare "and" may add)."""
_WHOLE: Final = re.compile(
    r"(?P<first>(?:Together|In total|Altogether|In all),? )?"
    rf"(?:(?P<they>[Tt]hey)|(?P<one>{_HOLDER}) and (?P<two>{_HOLDER}))"
    rf" (?P<verb>[a-z]+) (?P<total>a (?:combined )?total of )?{_AMOUNT}(?: (?P<thing>{_THING}))?"
)
_LAST: Final = re.compile(rf" {_ALL}$")
_ASK_ONE: Final = re.compile(
    rf"How (?:many|much)(?: (?P<thing>{_THING}))? (?P<ask>does|did) (?P<name>{_HOLDER})"
    r" (?P<verb>[a-z]+)\?"
)
_ASK_BOTH: Final = re.compile(
    rf"How (?:many|much)(?: (?P<thing>{_THING}))? (?P<ask>do|did)"
    rf" (?:they|(?P<one>{_HOLDER}) and (?P<two>{_HOLDER})) (?P<verb>[a-z]+)"
    rf" {_ALL}\?"
)
_ASK_DIFF: Final = re.compile(
    rf"How (?:many|much) (?P<way>more|fewer|less)(?: (?P<thing>{_THING}))? (?P<ask>does|did)"
    rf" (?P<name>{_HOLDER}) (?P<verb>[a-z]+) than (?P<other>{_HOLDER})(?: (?P<aux>does|did))?\?"
)

def _factor_value(match: re.Match[str]) -> Fraction | None:
    times = match.group("times")
    if match.groupdict().get("frac") is not None:
        return fraction_factor(match.group("frac"))
    if times is None:
        part = match.groupdict().get("part")
        if part is not None:
            return PART_WORDS[part]
        return FACTOR_WORDS.get(match.group("factor"))
    value = parse_digits(times) if times.isdigit() else parse_words((times,))
    return value if value is not None and value >= 2 else None


def _amount_value(text: str) -> Fraction | None:
    return parse_digits(text) if text[:1].isdigit() or text[:1] == "$" else parse_words((text,))


_NO_THING: Final = (TIME_ADVERBS | SIDE_DAYS | SIDE_PERIODS | STOP_WORDS | CONTROL_WORDS) - {"of"}


def _thing(words: str | None) -> tuple[str, ...] | None:
    """A noun phrase as a key: every word but the last as written, the last as its noun;
    ``("",)`` (no thing any amount counts) when a word of it tells a time or is no noun."""
    if words is None:
        return None
    parts = words.split()
    if any(p in _NO_THING for p in parts) or parts[0] == "of" or parts[-1] == "of":
        return ("",)
    if parts in (["dollars"], ["dollar"]):
        return ("money",)  # "35 dollars" beside "$100" and "how much money" (scale_forms)
    return (*parts[:-1], noun_key(parts[-1]))


def thing_key(words: str) -> tuple[str, ...] | None:
    """A noun phrase as the key the scale reading compares things by."""
    return _thing(words)


_PRESENT_AUX: Final = frozenset({"does", "do", "has"})
_PAST_AUX: Final = frozenset({"did", "had"})


def same_time(verb: str, aux: str | None) -> bool:
    """The auxiliary after "as Kim" or of the question tells the verb's own tense ("has ...
    as Kim does", "found ... as Kim did"); "has ... as Kim had" tells another time."""
    if aux is None:
        return True
    if aux in _PAST_AUX:
        return not told_in_present(verb)
    return aux in _PRESENT_AUX and not told_in_past(verb)


_HOLDING: Final = frozenset({"have", "own", "hold", "contain"})
"""Verbs of the ``observation`` class (:func:`~practiceloop.arith.lexicon.verb_class`) that
all tell what a holder holds now ("be", "keep" tell something else)."""


def same_verb(one: str, other: str, *, tensed: bool = True) -> bool:
    """The same verb told at the same time: word for word, its other person ("Kim and Lou
    have 30" beside "Lou has"), or two verbs of holding the verb classes table puts in one
    class ("owns" beside "has"); never two moves of one class ("found" beside "bought").
    ``tensed=False``: ``one`` is the bare verb after an auxiliary that tells the time."""
    if one == other:
        return True
    if tensed and (
        told_in_past(one) != told_in_past(other) or told_in_present(one) != told_in_present(other)
    ):
        return False
    if verb_key(one) == verb_key(other):
        return True
    keys = {verb_key(one), verb_key(other)}
    return keys <= _HOLDING and {verb_class(one), verb_class(other)} == {"observation"}


@dataclasses.dataclass(frozen=True, slots=True)
class Clause:
    """One sentence's reading: an amount told, or the scale, or both, or a whole."""

    name: str
    verb: str
    amount: tuple[int, int] | None  # the told number's (start, end)
    value: Fraction | None
    thing: tuple[str, ...] | None
    factor: tuple[int, int] | None  # the scale phrase's (start, end), any offset included
    number: tuple[int, int] | None  # the factor's own number ("three" of "three times")
    times: Fraction | None
    base: str | None  # the holder after "as"
    aux: str | None  # "as Kim did"
    offset: tuple[int, int] | None = None  # "3" of "3 more than twice"
    offset_value: Fraction | None = None
    offset_sign: int = 0
    whole: tuple[str, ...] | None = None  # the holders a told whole sums (() for "they")
    place: str | None = None  # "at the mall" of a scale: the one place the text names


def _holder(text: str) -> str:
    """A holder as a key: a name as written, a possessed person noun in lower case ("Her
    sister" and "her sister" are one holder), the name a possessed person noun is told by
    ("his sister, Laura": Laura, the name every other clause calls her by)."""
    if ", " in text:
        return text.rsplit(", ", 1)[1]
    return text if " " not in text else text.lower()


def possessed(holder: str) -> bool:
    return " " in holder


def _span(match: re.Match[str], group: str, offset: int) -> tuple[int, int]:
    return offset + match.start(group), offset + match.end(group)


def _read_whole(text: str, offset: int) -> Clause | None:
    """ "Kim and Lou have 30 cards together", "Together, they have 30 cards", "In total, they
    have 30 cards", "If they have 30 cards in total", "They have a total of 30 cards": a whole
    told of two named holders or of "they" (every holder), its totality told once."""
    last = _LAST.search(text)
    match = _WHOLE.fullmatch(text[: last.start()] if last is not None else text)
    if match is None:
        return None
    told = [g for g in (match.group("first"), last, match.group("total")) if g is not None]
    if len(told) != 1:
        return None  # "together" (or "a total of") told once, before, within or after
    if match.group("they") == "They" and match.group("first") is not None:
        return None
    value = _amount_value(match.group("num"))
    thing = _thing(match.group("thing"))
    if thing is None and match.group("num").startswith("$"):
        thing = ("money",)
    if value is None:
        return None
    named = tuple(_holder(n) for n in (match.group("one"), match.group("two")) if n is not None)
    if len(named) == 2 and named[0] == named[1]:
        return None
    return Clause(
        "", match.group("verb"), _span(match, "num", offset), value, thing,
        None, None, None, None, None, whole=named,
    )  # fmt: skip


def _read_more(text: str, offset: int) -> Clause | None:
    """ "Lou has 4 more shells than Kim": a step of one more scale, by a factor of one (told
    only beside a scale by a factor: the reading needs one)."""
    match = _MORE.fullmatch(text)
    if match is None:
        return None
    value = _amount_value(match.group("off"))
    reads, words = offset_thing(match.group("offpre"), match.group("thing"), None, _thing)
    if value is None or value <= 0 or not reads:
        return None
    return Clause(
        _holder(match.group("name")), match.group("verb"), None, None,
        _thing(words), (offset + match.start("off"), offset + match.end("base")),
        None, Fraction(1), _holder(match.group("base")), match.group("aux"),
        _span(match, "off", offset), value, 1 if match.group("offway") == "more" else -1,
    )  # fmt: skip


def _read_clause(text: str, offset: int) -> Clause | None:
    """One clause ("Kim has 4 shells", "Lou has twice as many shells as Kim", "Kim and Lou have
    30 shells together"), its final stop stripped, read by one of the patterns; ``offset`` is
    where it starts."""
    whole = _read_whole(text, offset)
    if whole is not None:
        return whole
    more = _read_more(text, offset)
    if more is not None:
        return more
    for pattern in (_TOLD, _TOLD_WHAT, _SCALED, _SCALED_WHAT, _BASE):
        match = pattern.fullmatch(text)
        if match is None:
            continue
        groups = match.groupdict()
        aux = base_verb_as_aux(groups.get("again"), groups["verb"] or "", same_verb)
        if aux is None:
            return None  # "half of what Kim bought" beside "picked": another verb
        if not told_measure_reads(groups, same_time):
            return None  # "walked 18 miles, which is twice as far": another time; "as far" of cards
        num = groups.get("num")
        amount = _span(match, "num", offset) if num else None
        value = _amount_value(num) if num else None
        factor = times = number = None
        if groups.get("factor"):
            factor = _span(match, "factor", offset)
            times = _factor_value(match)
            number = factor
            if groups.get("times"):
                number = _span(match, "times", offset)
            if groups.get("frac"):
                number = _span(match, "frac", offset)
            if times is None:
                return None
        if amount is not None and value is None:
            return None
        off = groups.get("off")
        off_span = off_value = None
        sign = 0
        if off is not None and factor is not None:
            off_span = _span(match, "off", offset)
            off_value = _amount_value(off)
            sign = 1 if groups["offway"] == "more" else -1
            factor = (off_span[0], factor[1])
            if off_value is None or off_value <= 0:
                return None
        named = groups.get("thing") or groups.get("counted") or groups.get("named")
        reads, words = offset_thing(groups.get("offpre"), groups.get("offpost"), named, _thing)
        if not reads:
            return None  # "5 more cups than twice as many plates"
        thing = _thing(words)
        if thing is None and num is not None and num.startswith("$"):
            thing = ("money",)
        place = groups.get("place")
        if place is not None and _thing(place.rsplit(" ", 1)[1]) == ("",):
            return None  # "as many pages at the weekend as": a time, no place
        return Clause(
            _holder(match.group("name")),
            match.group("verb"),
            amount,
            value,
            thing,
            factor,
            number,
            times,
            _holder(groups["base"]) if groups.get("base") else None,
            groups.get("aux") or aux or None,
            off_span,
            off_value,
            sign,
            place=place,
        )
    return None


_JOINS: Final = re.compile(r",? (?:and|while) ")


def clauses(span: SourceSpan) -> list[Clause] | None:
    """A body sentence as one clause, or as two joined by "and" / "while" ("Kim has 4 shells
    and Lou has twice as many shells as Kim"), or the condition the reader cut from the
    question ("If Kim has 4 shells,"); None when none of them reads."""
    text = span.text.strip()
    offset = span.start + (len(span.text) - len(span.text.lstrip()))
    condition = (text.startswith("If ") and text.endswith(",")) or (
        text.startswith("if ") and text.endswith("?")  # after the question (scale_forms)
    )
    if not (text.endswith(".") or condition):
        return None
    if condition:
        text, offset = text[3:], offset + 3
    elif text.startswith("But "):  # "But Lou has half as many": a contrast, the same fact
        text, offset = text[4:], offset + 4
    text = text[:-1]
    whole = _read_clause(text, offset)
    if whole is not None:
        return [whole]
    for join in _JOINS.finditer(text):
        left = _read_clause(text[: join.start()], offset)
        right = _read_clause(text[join.end() :], offset + join.end())
        if right is None and left is not None:
            right = _elided(left, text[join.end() :], offset + join.end())
        if left is not None and right is not None and (left.whole, right.whole) == (None, None):
            return [left, right]
    return _who(text, offset)


def _elided(left: Clause, text: str, offset: int) -> Clause | None:
    """ "Kim picked 12 apples and Lou picked twice as many (apples)": a scale whose "as Kim"
    is left unsaid after the clause that tells the one amount of the sentence; its base is
    that clause's holder."""
    if left.amount is None or left.factor is not None or left.whole is not None:
        return None
    match = _ELIDED.fullmatch(text)
    if match is None:
        return None
    read = _read_clause(f"{text} as {left.name}", offset)
    if read is None or read.base != left.name:
        return None
    return read


_WHO: Final = re.compile(r",? who ")


def _who(text: str, offset: int) -> list[Clause] | None:
    """ "Xavier runs three times as many miles as Katie, who runs 4 times as many miles as
    Cole": the relative clause tells of the holder just named after "as"."""
    join = _WHO.search(text)
    if join is None:
        return None
    left = _read_clause(text[: join.start()], offset)
    if left is None or left.base is None or possessed(left.base):
        return None
    if not text[: join.start()].endswith(left.base):
        return None
    rest = text[join.end() :]
    right = _read_clause(f"{left.base} {rest}", offset + join.end() - len(left.base) - 1)
    if right is None or right.name != left.base:
        return None
    return [left, right]


def question(span: SourceSpan) -> str:
    """The question's text, its first letter upper case (the reader cuts "If Kim has 4
    shells," off "how many ...?")."""
    text = span.text.strip()
    return text[:1].upper() + text[1:]


def asked(text: str, verb: str, thing: tuple[str, ...]) -> tuple[str, tuple[str, ...], int] | None:
    """What the question asks: ``("one", (holder,), 1)``, ``("whole", holders, 1)`` (no
    holders: "they"), ``("counted", (), n)`` (the sum of "the three of them": n holders),
    ``("difference", (a, b), +1 / -1)``
    ("how many more does a have than b": +1; "fewer": -1); None when it asks anything else,
    another verb, tense or thing."""
    match = _ASK_ONE.fullmatch(text) or _ASK_BOTH.fullmatch(text) or _ASK_DIFF.fullmatch(text)
    listed = listed_whole_asked(text) if match is None else None
    if listed is not None:
        groups, names, count = listed
    elif match is None:
        return None
    else:
        groups = match.groupdict()
    if not same_verb(groups["verb"] or "", verb, tensed=False):
        return None
    if not same_time(verb, groups["ask"]) or not same_time(verb, groups.get("aux")):
        return None  # "Kim has 4 ... How many did Lou have?": asked of another time
    asked_thing = _thing(groups.get("thing"))
    if asked_thing == ("dollar",) and thing == ("money",):
        asked_thing = thing  # "How many dollars" of amounts told in "$"
    if asked_thing is not None and asked_thing != thing:
        return None
    if listed is not None:  # "Aida, Sophie, and Vera", "the three of them" (scale_forms)
        return ("whole", tuple(_holder(n) for n in names), 1) if names else ("counted", (), count)
    if "way" in groups:
        name, other = _holder(groups["name"] or ""), _holder(groups["other"] or "")
        if name == other:
            return None
        return "difference", (name, other), 1 if groups["way"] == "more" else -1
    if "one" in groups:
        named = tuple(_holder(n) for n in (groups.get("one"), groups.get("two")) if n is not None)
        return "whole", named, 1
    return "one", (_holder(groups["name"] or ""),), 1
