"""The second shape of the portion reading: one holder's amount, and a multiple of it told at
another time or of another kind.

"Tom sold 12 cakes on Monday. He sold three times as many cakes on Tuesday. How many cakes
did Tom sell in all?" The whole is the amount told with its number, the part is the factor
times it ("twice as many", "half as many", "three times as many", "twice that many", "twice
this many", "half that amount"), and the question asks the part (by its own time or kind)
or the sum (the two together). The sentences are, in order:

* opening sentences that say nothing countable
  (:func:`~practiceloop.arith._portion_base.opening_says_nothing`);
* the whole: "[<Time>,] <Holder> <verb> <N> <thing> [<time>]";
* the multiple: "[<Time>,] [<Holder>] [then] <verb> <F> as many | as much | that many | this
  many | that amount [<thing>] [<time>]", in the same sentence after "and" / ", and" /
  "while" (its holder may be left unsaid) or in the next one;
* the question: "[In total,] How many [<thing>] did <Holder> <verb> [<time> and <time>]
  [in total | in all | altogether | combined | total]?" (the sum), or "How many [<thing>]
  did <Holder> <verb> <time>?" asking the multiple's own time (or its own kind as the
  thing).

The two amounts are told apart by their times (two different ones of a closed list: a day,
a month, "yesterday" / "today", "during the day" / "at night", "for lunch", "last week" ...)
or by their kinds ("20 white pebbles and half as many red pebbles": the same last noun, other
words before it); one verb (the same lemma) tells both and the question's, of one holder
(:func:`~practiceloop.arith._portion_base.one_holder`); a verb of holding ("has") is asked in
its own tense. The factor is more than nothing (a multiple may be less than the whole).
Refused: "N times more" (ambiguous), "as many ... as <someone>" (another holder: the scale
organ's), an amount of another thing, a third amount, any other sentence.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Final

from practiceloop.arith._portion_base import Shape, one_holder, opening_says_nothing
from practiceloop.arith.antecedents import FEMALE, MALE, name_gender, pronoun_gender
from practiceloop.arith.lexicon import noun_key, told_in_past, told_in_present, verb_key
from practiceloop.arith.numbers import (
    FACTOR_WORDS,
    NUMBER_WORDS,
    fraction_value,
    parse_digits,
    parse_words,
)
from practiceloop.kernel.frame import Mention, Observation
from practiceloop.kernel.span import SourceSpan

__all__ = ["read_slots"]

_DAYS: Final = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday"
_MONTHS: Final = (
    "January|February|March|April|May|June|July|August|September|October|November|December"
)
_TIME: Final = (
    rf"(?:on (?:{_DAYS})|in (?:{_MONTHS})|(?:last|this|next) (?:week|month|year|weekend|night)"
    r"|yesterday|today|tonight|tomorrow|during the (?:day|night|week|weekend)"
    r"|at (?:night|noon|lunch|dinner|breakfast)|in the (?:morning|afternoon|evening)"
    r"|for (?:breakfast|lunch|dinner)|(?:before|after) (?:breakfast|lunch|dinner)"
    r"|the (?:next|following|previous) (?:day|week|month|year))"
)
"""A time that tells one amount apart from the other: a closed list, so that no phrase of
place or purpose is taken for one."""

_NUMWORD: Final = "|".join(sorted(NUMBER_WORDS - {"dozen"}, key=len, reverse=True))
_NUM: Final = rf"(?:\$ ?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?|(?:{_NUMWORD})(?:-(?:{_NUMWORD}))?)"
_ENDS: Final = (
    "to in at on for from with into by of and or but so then than as is are was were has have "
    "had do does did will more times many much that this the last yesterday today tonight "
    "tomorrow during before after in total altogether combined all"
)
_WORD: Final = rf"(?!(?:{_ENDS.replace(' ', '|')})\b)[a-z][a-z'’-]*"
_THING: Final = rf"{_WORD}(?: {_WORD}){{0,2}}"
_HOLDER: Final = r"(?:[A-Z][a-z]+|[Hh]e|[Ss]he|[Tt]hey|(?:[Aa]n?|[Tt]he) [a-z]+)"
_PARTS: Final = "half|third|quarter|fourth|fifth|sixth|eighth|tenth"
_FACTOR: Final = (
    rf"(?:(?P<factor>twice|half|double|triple|thrice|(?:a|one)[- ](?:{_PARTS})|\d+/\d+"
    rf"|(?P<times>two|three|four|five|six|seven|eight|nine|ten|\d+) times)"
    r" (?P<as>as many|as much|that many|this many|that much|that amount|this amount)"
    rf"|(?P<pct>\d+(?:\.\d+)?|(?:{_NUMWORD})(?:-(?:{_NUMWORD}))?)(?:%| percent)"
    r" (?P<dir>more|less|fewer))"
)
"""The multiple: "twice as many", "a third as much", "3 times that many", or a percent more
or less than the whole ("50% more", "twenty percent fewer": the factor 1 + P/100 or
1 - P/100, which may say "than <the whole's time>" after it)."""

_TOLD: Final = re.compile(
    rf"(?:(?P<lead>(?i:{_TIME})), )?(?P<subj>{_HOLDER}) (?P<verb>[a-z]+) (?P<num>{_NUM})"
    rf" (?P<thing>{_THING})(?: (?P<slot>{_TIME}))?"
)
_SCALED: Final = re.compile(
    rf"(?:(?P<lead>(?i:{_TIME})), )?(?:(?P<subj>{_HOLDER}) )?(?:then |also )?(?:(?P<verb>[a-z]+) )?"
    rf"{_FACTOR}(?: (?P<thing>{_THING}))?(?: (?P<slot>{_TIME}))?(?: than (?P<than>{_TIME}))?"
)
_FUTURE: Final = re.compile(r"tomorrow|next (?:week|month|year|weekend)")
"""A time still to come: nothing is told done then by a verb in one word."""
_JOIN: Final = re.compile(r",? (?:and|while) ")
_ALL: Final = r"(?: in total| in all| altogether| combined| total)"
_BOTH: Final = (
    r",?(?: for| over| in| during| on) both"
    r" (?P<span>days|weeks|months|years)"
)
"""The two amounts' times asked together by their kind: "over both days", "for both weeks"
(each time must be of that kind: :func:`_time_kind`; "the two days" says a number no role
takes)."""
_TIME_KINDS: Final = (
    ("days", re.compile(rf"on (?:{_DAYS})|yesterday|today|tomorrow|the (?:next|following|previous) day", re.IGNORECASE)),  # noqa: E501
    ("weeks", re.compile(r"(?:last|this|next) week|the (?:next|following|previous) week", re.IGNORECASE)),  # noqa: E501
    ("months", re.compile(rf"in (?:{_MONTHS})|(?:last|this|next) month|the (?:next|following|previous) month", re.IGNORECASE)),  # noqa: E501
    ("years", re.compile(r"(?:last|this|next) year|the (?:next|following|previous) year", re.IGNORECASE)),  # noqa: E501
)
_ASK: Final = re.compile(
    rf"(?P<lead>In total, |Altogether, )?[Hh]ow many(?: (?P<thing>{_THING}))?"
    rf" (?P<aux>did|does|do) (?P<subj>{_HOLDER}) (?P<verb>[a-z]+)"
    rf"(?: (?P<slot>{_TIME})(?: and (?P<slot2>{_TIME}))?)?(?P<all>{_ALL})?(?P<both>{_BOTH})?\?"
)


def _thing(words: str | None) -> tuple[str, ...] | None:
    if not words:
        return None
    parts = words.split()
    return (*parts[:-1], noun_key(parts[-1]))


def _number(text: str) -> Fraction | None:
    if text[:1].isdigit() or text[:1] == "$":
        return parse_digits(text.replace("$ ", "$"))
    return parse_words(tuple(text.lower().replace("-", " ").split()))


def _factor(match: re.Match[str]) -> Fraction | None:
    """The factor's value: 2 of "twice", 1/2 of "half", 3 of "three times", 1/3 of "a
    third"; None for "one times" or a fraction of nothing."""
    pct = match.group("pct")
    if pct is not None:
        number = _number(pct)
        if number is None or number <= 0 or (_offset(match) < 0 and number >= 100):
            return None
        return 1 + _offset(match) * number / 100
    times = match.group("times")
    if times is not None:
        value = _number(times)
        return value if value is not None and value >= 2 else None
    word = match.group("factor").lower()
    value = FACTOR_WORDS.get(word) or fraction_value(word)
    return value if value is not None and value > 0 else None


def _offset(match: re.Match[str]) -> int:
    """What a percent's factor adds to it: 1 of "P% more", -1 of "P% less | fewer", 0 of a
    multiple said otherwise."""
    direction = match.group("dir")
    if direction is None:
        return 0
    return 1 if direction == "more" else -1


def _time_kind(time: str | None) -> str | None:
    """The kind of a time ("days" of "on Monday", "weeks" of "last week"), or None."""
    if time is None:
        return None
    return next((kind for kind, said in _TIME_KINDS if said.fullmatch(time)), None)


def _time(match: re.Match[str]) -> str | None:
    """The clause's time, before it or after it (None when told neither way or both)."""
    lead, slot = match.group("lead"), match.group("slot")
    if lead and slot:
        return "both"
    found = lead or slot
    return found.lower() if found else None


def _clauses(text: str) -> tuple[re.Match[str], re.Match[str], int] | None:
    """The told clause and the scaled one of one sentence joined by "and" / "while" (the
    second's offset in ``text``), or None."""
    for join in _JOIN.finditer(text):
        told = _TOLD.fullmatch(text[: join.start()])
        scaled = _SCALED.fullmatch(text[join.end() :])
        if told is not None and scaled is not None:
            return told, scaled, join.end()
    return None


def _stripped(sentence: SourceSpan) -> tuple[str, int] | None:
    """A body sentence's text without its stop, and where it starts; None without a stop."""
    text = sentence.text.strip()
    if not text.endswith("."):
        return None
    return text[:-1], sentence.start + len(sentence.text) - len(sentence.text.lstrip())


_Pair = tuple[re.Match[str], int, re.Match[str], int, list[SourceSpan]]


def _pair(body: list[SourceSpan]) -> _Pair | None:
    """The told clause and the scaled one (each with its offset) as the last body sentence
    or the last two say them, and the opening sentences before them; None otherwise."""
    last = _stripped(body[-1]) if body else None
    if last is None:
        return None
    joined = _clauses(last[0])
    if joined is not None:
        return joined[0], last[1], joined[1], last[1] + joined[2], body[:-1]
    before = _stripped(body[-2]) if len(body) >= 2 else None
    if before is None:
        return None
    told, scaled = _TOLD.fullmatch(before[0]), _SCALED.fullmatch(last[0])
    if told is None or scaled is None or scaled.group("subj") is None:
        return None
    if scaled.group("verb") is None:
        return None  # a sentence of its own says its verb
    return told, before[1], scaled, last[1], body[:-2]


def read_slots(
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    observations: tuple[Observation, ...],
    names: set[str],
) -> Shape | None:
    """The shape an amount and its multiple at another time or of another kind make of the
    text (see the module docstring), or None."""
    pair = _pair(list(sentences[:-1]))
    if pair is None:
        return None
    told, told_at, scaled, scaled_at, opening = pair
    thing = _thing(told.group("thing"))
    scaled_thing = _thing(scaled.group("thing"))
    factor = _factor(scaled)
    if thing is None or factor is None or thing[-1] in ("money", "dollar"):
        return None
    if not all(opening_says_nothing(s, mentions, observations, thing) for s in opening):
        return None
    verb = told.group("verb")
    again = scaled.group("verb") or verb  # "and half as many red pebbles": the verb unsaid
    if verb_key(again) != verb_key(verb) or not _same_tense(verb, again):
        return None
    ask_text = sentences[-1].text.strip()
    ask = _ASK.fullmatch(ask_text[:1].upper() + ask_text[1:])
    if ask is None or verb_key(ask.group("verb")) != verb_key(verb):
        return None
    if verb_key(verb) in ("have", "own", "hold") and not _asked_in_tense(verb, ask.group("aux")):
        return None
    said = [h for h in (told.group("subj"), scaled.group("subj"), ask.group("subj")) if h]
    subjects: list[tuple[str, tuple[str, ...]]] = [(h, ()) for h in said[:-1]]
    if one_holder(said, subjects, ask.group("subj"), names) is None:
        return None
    if not _pronouns_agree(said, names):
        return None
    if any(_FUTURE.fullmatch(t) for t in _times(told, scaled, ask)):
        return None  # "and twice as many tomorrow": a move not made yet, whatever the verb
    asked_role = _asked(told, scaled, ask, thing, scaled_thing)
    if asked_role is None:
        return None
    value = _number(told.group("num"))
    if value is None:
        return None
    than = scaled.group("than")
    if than is not None and (scaled.group("pct") is None or than.lower() != _time(told)):
        return None  # "50% more than on Monday": than the whole's own time only
    offset = _offset(scaled)
    if offset:  # "50% more": the percent's number and its direction
        factor_span = (scaled_at + scaled.start("pct"), scaled_at + scaled.end("dir"))
    else:
        factor_span = (scaled_at + scaled.start("factor"), scaled_at + scaled.end("factor"))
    consumed: tuple[tuple[int, int], ...] = (
        (told_at + told.start("verb"), told_at + told.end("verb")),
    )
    if scaled.group("verb") is not None:
        consumed += ((scaled_at + scaled.start("verb"), scaled_at + scaled.end("verb")),)
    return Shape(
        factors=((factor_span, factor, bool(offset)),),
        told=(told_at + told.start("num"), told_at + told.end("num")),
        told_value=value,
        told_role="whole",
        asked_role=asked_role,
        consumed=consumed,
        counts=True,
        offsets=(offset,) if offset else (),
    )


def _pronouns_agree(said: list[str], names: set[str]) -> bool:
    """Every "he" / "she" said agrees with the one person named (the clauses' and the
    question's, else the text's only one) when that name has a gender: "Tanika sold 60 boxes.
    He sold ..." is someone else."""
    named = [h.lower() for h in said if h.lower() in names] or (
        list(names) if len(names) == 1 else []
    )
    for holder in said:
        gender = pronoun_gender(holder)
        if gender in (MALE, FEMALE) and any(
            name_gender(name) not in (None, gender) for name in named
        ):
            return False
    return True


def _times(*matches: re.Match[str]) -> list[str]:
    """Every time the clauses and the question say, lowercased."""
    groups = ("lead", "slot", "slot2", "than")
    return [
        m.group(g).lower()
        for m in matches
        for g in groups
        if g in m.re.groupindex and m.group(g)
    ]


def _same_tense(one: str, other: str) -> bool:
    return told_in_past(one) == told_in_past(other) and told_in_present(one) == told_in_present(
        other
    )


def _asked_in_tense(verb: str, aux: str) -> bool:
    """A holding asked in its own tense: "has ... does she have", "had ... did she have"."""
    return (aux == "did") == told_in_past(verb)


def _asked(
    told: re.Match[str],
    scaled: re.Match[str],
    ask: re.Match[str],
    thing: tuple[str, ...],
    scaled_thing: tuple[str, ...] | None,
) -> str | None:
    """``sum`` or ``part`` as the question asks, when the two amounts are told apart; None
    otherwise."""
    first, second = _time(told), _time(scaled)
    if "both" in (first, second):
        return None
    kinds = scaled_thing is not None and scaled_thing != thing
    if kinds and (scaled_thing[-1:] != thing[-1:] or first != second):  # type: ignore[index]
        return None  # "12 red cups and twice as many blue plates": another thing
    if not kinds and (first is None or second is None or first == second):
        return None  # no time or kind tells the two amounts apart
    asked_thing = _thing(ask.group("thing"))
    asked_times = {t.lower() for t in (ask.group("slot"), ask.group("slot2")) if t}
    if ask.group("lead") or ask.group("all") or ask.group("both"):
        if asked_times and asked_times != {first, second}:
            return None
        span = ask.group("span")
        if span is not None and (asked_times or _time_kind(first) != span or _time_kind(
            second
        ) != span):
            return None  # "over the two days": two days told
        if asked_thing is not None and asked_thing != thing[-1:] and not (
            asked_thing == thing and not kinds
        ):
            return None
        return "sum"
    if kinds:
        return "part" if asked_thing == scaled_thing and not asked_times else None
    if asked_times == {second} and asked_thing in (None, thing, thing[-1:]):
        return "part"
    return None
