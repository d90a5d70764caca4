"""Ages told now, at a shifted time and against each other: the age reading of the sides.

"Tom is 12 years old. How old will he be in 5 years?", "Ella was 8 years old 4 years ago. How
old is she now?", "Ravi is 6 years older than Mia, who is 10. How old will Ravi be in 3
years?", "Sara is 30. Her son is 24 years younger than her. How old is her son?", "Rachel is 4
years older than Leah. The sum of their ages is 34. How old is Rachel?".

An age is the number of years a person holds at a time. Each person's age *now* is one side of
:mod:`practiceloop.arith.sides`; a time told by a span of years ("in 5 years", "5 years from
now", "after 5 years", "5 years ago") is a side of its own, told by its number; "next year",
"last year", "a year ago" shift by one year, a side told in words. A person's age at a time is
the age now plus the span ahead (or less the span back). Every sentence but the question is
one clause or two joined by "and", each read by a closed pattern (:func:`told_clause`):

* an age at a time: "<P> is <N> [years old] [now | today | currently | this year]", "<P> was
  <N> years old <N> years ago", "In <N> years, <P> will be <N> [years old]", "<P> will be | will
  turn <N> [years old] in <N> years", "<P>'s age is <N>" (the tense must be the time's: "is" now,
  "was" with a past span, "will" with a future one);
* two people compared: "<P> is <N> years older | younger than <Q> [, who is <N> (years old)]",
  "<P> is older | younger than <Q> by <N> years": a difference of ages, the same at every time;
* a sum of ages: "The sum | total of their ages | of <P>'s and <Q>'s ages is | will be <N>
  [at a time]", "<P> and <Q> have a combined age of <N>";
* a multiple: "<P> is twice | 3 times as old as <Q>", "<P> is half <Q>'s age", "In <N> years,
  <P> will be 3 times as old as <Q>" (:mod:`practiceloop.arith.age_multiples`; each age of a
  multiple must come out above zero).

The question asks one person's age at a time ("How old is | was | will <P> be [time]?", "How
many years old ...", "What is | will be <P>'s age [time]?"), the sum of two people's ages, or
how many years older one is than the other; "If <clause>, " before it is one more clause.

A person is a name the reader read as an actor, "<Name>'s <kin>", "his | her <kin>" (the one
named person's), "he | she" (the one person the text names, or the one named person when
every other is a kin noun of the other gender), "their" (the two people of the text). Anything
else refuses the reading: a sentence no pattern reads, a modal, "twice older",
an event ("was 8 when ..."), a date ("in 2010"), "months", a number of another thing.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Final

from practiceloop.arith.age_multiples import WORD_MULTIPLES, scale_patterns, scaled_sides
from practiceloop.arith.sides import NUMBER, Fact, Told, number_value, solve_facts
from practiceloop.kernel.frame import Mention
from practiceloop.kernel.span import SourceSpan

__all__ = ["asked_clause", "may_read", "person_key", "read_age_sides", "told_clause"]

_MALE_KIN: Final = frozenset(
    "son brother father dad grandfather grandpa uncle husband nephew".split()
)
_FEMALE_KIN: Final = frozenset(
    "daughter sister mother mom grandmother grandma aunt wife niece".split()
)
_KIN: Final = "|".join(sorted(_MALE_KIN | _FEMALE_KIN | {"cousin", "friend"}))
_NAME: Final = r"[A-Z][a-z]+"
_P: Final = rf"(?:{_NAME}['’]s (?:{_KIN})|[Hh](?:is|er) (?:{_KIN})|{_NAME}|[Hh]e|[Ss]he)"
_Q: Final = rf"(?:{_NAME}['’]s (?:{_KIN})|(?:his|her) (?:{_KIN})|{_NAME}|him|her)"
_N: Final = rf"(?P<{{0}}>{NUMBER})"
_OLD: Final = r"(?: years? old)?"
_NOW: Final = r"(?: (?:right now|now|today|currently|this year))?"
_SPAN: Final = (
    r"(?:in (?P<{0}f>{1}) years?|(?P<{0}g>{1}) years? from now|after (?P<{0}h>{1}) years?"
    r"|(?P<{0}p>{1}) years? ago|(?P<{0}one>next year|last year|a year ago|in a year))"
)


def _span(name: str) -> str:
    return _SPAN.format(name, NUMBER)


_SHIFT: Final = _span("t")
_WHOSE: Final = (
    rf"(?:(?P<their>their)|(?P<p>{_NAME})['’]s and (?P<q>{_NAME})['’]s|(?P<p2>{_NAME}) and"
    rf" (?P<q2>{_NAME})['’]s)"
)
"""Whose ages are summed: "their", "Ann's and Bo's", "Ann and Bo's"."""

_AHEAD: Final = _SHIFT.replace("in (", "In (", 1)
"""A time span opening its clause ("In 5 years, ...")."""

_TOLD: Final = tuple(
    (kind, re.compile(p))
    for kind, p in (
        ("age", rf"(?P<p>{_P}) is(?: now| currently)? {_N.format('n')}{_OLD}{_NOW}"),
        ("age", rf"(?P<p>{_P})['’]s age is {_N.format('n')}(?: years)?{_NOW}"),
        ("age", rf"(?P<p>{_P}) (?:just )?turned {_N.format('n')}{_OLD}(?: (?:today|this year))?"),
        (
            "none",
            rf"(?P<p>{_NAME}) and (?P<q>{_NAME}) are (?:brothers|sisters|siblings|friends"
            rf"|cousins)",
        ),
        ("age", rf"(?P<p>{_P}) was {_N.format('n')}{_OLD} {_SHIFT}"),
        ("age", rf"(?P<p>{_P}) (?:will be|will turn) {_N.format('n')}{_OLD} {_SHIFT}"),
        ("age", rf"{_AHEAD}, (?P<p>{_P}) (?:will be|will turn) {_N.format('n')}{_OLD}"),
        (
            "compare",
            rf"(?P<p>{_P}) is {_N.format('d')} years? (?P<cmp>older|younger) than"
            rf" (?P<q>{_Q})(?: is)?{_NOW}(?:, who is {_N.format('n')}{_OLD})?",
        ),
        (
            "compare",
            rf"(?P<p>{_P}) is (?P<cmp>older|younger) than (?P<q>{_Q}) by"
            rf" {_N.format('d')} years?",
        ),
        (
            "sum",
            rf"(?:The|the) (?:present |current )?(?:sum|total) of {_WHOSE} (?:present"
            rf" |current )?ages{_NOW} (?:is|was) {_N.format('n')}(?: years)?{_NOW}",
        ),
        (
            "sum",
            rf"(?:The|the) (?:sum|total) of the (?:present |current )?ages of (?P<p>{_NAME})"
            rf" and (?P<q>{_NAME}) is {_N.format('n')}(?: years)?{_NOW}",
        ),
        ("sum", rf"Together,? {_WHOSE} ages (?:equal|add up to|are) {_N.format('n')}(?: years)?"),
        (
            "sum",
            rf"{_AHEAD}, the (?:sum|total) of {_WHOSE} ages will be {_N.format('n')}"
            rf"(?: years)?",
        ),
        (
            "sum",
            rf"(?P<p>{_NAME}) and (?P<q>{_NAME}) have a combined age of {_N.format('n')}"
            rf"(?: years)?",
        ),
    )
) + scale_patterns(_P, _Q, _NAME, _KIN, _NOW, _SHIFT, "(?i:" + _span("t") + ")")
"""The told clauses (see the module docstring; the multiples are
:mod:`practiceloop.arith.age_multiples`')."""

_WHEN_ASKED: Final = rf"(?: {_span('a')}|{_NOW})"
_ASKED: Final = tuple(
    (kind, re.compile(p))
    for kind, p in (
        ("age", rf"[Hh]ow (?:old|many years old) (?P<be>is|was) (?P<p>{_P}){_WHEN_ASKED}\?"),
        ("age", rf"[Hh]ow (?:old|many years old) will (?P<p>{_P}) be{_WHEN_ASKED}\?"),
        ("age", rf"[Hh]ow old is (?P<p>{_P}) going to be{_WHEN_ASKED}\?"),
        ("age", rf"[Ww]hat age (?P<be>is|was) (?P<p>{_P}){_WHEN_ASKED}\?"),
        ("age", rf"[Ww]hat age will (?P<p>{_P}) be{_WHEN_ASKED}\?"),
        ("age", rf"[Ww]hat (?P<be>is|was) (?P<p>{_P})['’]s age{_WHEN_ASKED}\?"),
        ("age", rf"[Ww]hat will be (?P<p>{_P})['’]s age{_WHEN_ASKED}\?"),
        ("age", rf"[Ww]hat will (?P<p>{_P})['’]s age be{_WHEN_ASKED}\?"),
        (
            "sum",
            rf"[Ww]hat (?P<be>is|was) the (?:sum|total) of (?:their|(?P<p>{_NAME})['’]s and"
            rf" (?P<q>{_NAME})['’]s) (?:present |current )?ages{_WHEN_ASKED}\?",
        ),
        (
            "sum",
            rf"[Ww]hat will be the (?:sum|total) of (?:their|(?P<p>{_NAME})['’]s and"
            rf" (?P<q>{_NAME})['’]s) ages{_WHEN_ASKED}\?",
        ),
        ("more", rf"[Hh]ow (?:many years|much) older is (?P<p>{_P}) than (?P<q>{_Q})\?"),
        ("less", rf"[Hh]ow (?:many years|much) younger is (?P<p>{_P}) than (?P<q>{_Q})\?"),
        ("age", rf"[Ww]hat (?P<be>is) the (?:present |current )?age of (?P<p>{_P}){_WHEN_ASKED}\?"),
        (
            "age",
            rf"(?:[Cc]alculate|[Ff]ind) the (?:present |current )?age of (?P<p>{_P})"
            rf"(?P<be>){_WHEN_ASKED}\.",
        ),
        ("age", rf"[Ww]hat is (?P<p>{_P})['’]s (?:present |current )age\?"),
    )
)
"""The asked clauses (see the module docstring)."""

_QUICK: Final = re.compile(r"\b(?:how old|years old|ages?|older|younger)\b", re.IGNORECASE)


def may_read(text: str) -> bool:
    """A cheap first test: the text speaks of ages at all."""
    return _QUICK.search(text) is not None


class _People:
    """The people a text names, and what each phrase of a person means."""

    def __init__(self, names: frozenset[str], phrases: list[str]) -> None:
        self.names = names
        self.named = {s for p in phrases if (s := self._named(p)) is not None and "'" not in s}
        owners = {p.split()[0].lower() for p in phrases if len(p.split()) == 2}
        self.one_gender = not {"his", "her"} <= owners  # "his sister ... her son": two people
        self.owners = owners
        kin = [self.key(p) for p in phrases if len(p.split()) == 2]
        self.kin = {k for k in kin if k is not None}
        self.unread_kin = None in kin  # "her son" of no one person: no pronoun is read

    def _named(self, phrase: str) -> str | None:
        words = phrase.replace("’", "'").split()
        if len(words) == 2 and words[0].endswith("'s"):
            return f"{words[0][:-2].lower()}'s {words[1]}"
        if len(words) == 1 and words[0][:1].isupper() and words[0].lower() in self.names:
            return words[0].lower()
        return None

    def key(self, phrase: str) -> str | None:
        """The one person ``phrase`` means, or None."""
        words = phrase.replace("’", "'").split()
        lowered = [w.lower() for w in words]
        if lowered[0] in ("his", "her") and len(words) == 2:
            if len(self.named) != 1 or not self.one_gender:
                return None
            return f"{next(iter(self.named))}'s {lowered[1]}"
        if len(words) == 1 and lowered[0] in ("he", "she", "him", "her"):
            return self._pronoun(lowered[0] in ("he", "him"))
        return self._named(phrase)

    def _pronoun(self, male: bool) -> str | None:
        if len(self.named) != 1 or self.unread_kin:
            return None
        if ("her" if male else "his") in self.owners:
            return None  # "His son is half her age": "her" is not whom "his" names
        other = _FEMALE_KIN if male else _MALE_KIN
        if all(k.split()[-1] in other for k in self.kin):
            return next(iter(self.named))
        return None

    def everyone(self) -> set[str]:
        return self.named | self.kin


def person_key(phrase: str, names: frozenset[str], phrases: list[str]) -> str | None:
    """The person ``phrase`` names among those ``phrases`` name (see the module docstring)."""
    return _People(names, phrases).key(phrase)


class _Build:
    """The facts of the clauses read, as the sides reading takes them."""

    def __init__(self, people: _People) -> None:
        self.people = people
        self.facts: list[Fact] = []
        self.ok = True
        self.scaled = False

    def person(self, match: re.Match[str], group: str) -> str:
        phrase = match.group(group)
        key = self.people.key(phrase) if phrase else None
        if key is None:
            self.ok = False
            return "?"
        return key

    def number(
        self, match: re.Match[str], group: str, offset: int
    ) -> tuple[tuple[int, int], Fraction]:
        text = match.group(group)
        value = number_value(text)
        if value is None or text.startswith("$"):
            self.ok = False
            value = Fraction(0)
        return (offset + match.start(group), offset + match.end(group)), value

    def shift(
        self, match: re.Match[str], name: str, offset: int
    ) -> tuple[tuple[tuple[str, int], ...], int] | None:
        """The side of a time span told in ``match`` (group prefix ``name``) and its sign:
        +1 ahead, -1 back; () and 0 when no span is told (now)."""
        groups = match.groupdict()
        for suffix, sign in (("f", 1), ("g", 1), ("h", 1), ("p", -1)):
            if groups.get(name + suffix):
                at, value = self.number(match, name + suffix, offset)
                side = f"years@{at[0]}"
                self.facts.append(Fact(((side, 1),), "told", at, value))
                return ((side, sign),), sign
        one = (groups.get(name + "one") or "").lower()
        if one:
            side = f"year@{offset + match.start(name + 'one')}"
            self.facts.append(Fact(((side, 1),), "told", None, Fraction(1)))
            return ((side, -1 if one in ("last year", "a year ago") else 1),), (
                -1 if one in ("last year", "a year ago") else 1
            )
        return (), 0

    def told(self, kind: str, match: re.Match[str], offset: int) -> None:
        groups = match.groupdict()
        shift = self.shift(match, "t", offset)
        if shift is None:
            self.ok = False
            return
        terms, sign = shift
        said = match.group(0)
        if (" was " in f" {said} " and sign >= 0) or (" will " in f" {said} " and sign <= 0):
            self.ok = False  # the tense is the time's: "was" back, "will" ahead
        if kind == "none":  # "Ann and Bo are sisters": two people, no number
            if self.person(match, "p") == self.person(match, "q"):
                self.ok = False
            return
        if kind == "compare":
            p, q = self.person(match, "p"), self.person(match, "q")
            at, value = self.number(match, "d", offset)
            way = 1 if groups["cmp"] == "older" else -1
            self.facts.append(Fact(((p, way), (q, -way)), "difference", at, value))
            if groups.get("n"):
                at, value = self.number(match, "n", offset)
                self.facts.append(Fact(((q, 1),), "told", at, value))
            return
        if kind == "scale":
            self._scale(match, terms, sign, offset)
            return
        if kind == "sum":
            who = self._their() if groups.get("their") else self._pair(match)
            at, value = self.number(match, "n", offset)
            summed = [(w, 1) for w in who] + [(s, k * len(who)) for s, k in terms]
            self.facts.append(Fact(tuple(summed), "whole", at, value))
            return
        p = self.person(match, "p")
        at, value = self.number(match, "n", offset)
        self.facts.append(Fact(((p, 1), *terms), "told", at, value))

    def _scale(
        self, match: re.Match[str], terms: tuple[tuple[str, int], ...], sign: int, offset: int
    ) -> None:
        """ "Ben is twice as old as Ann" (see :mod:`practiceloop.arith.age_multiples`): Ben's
        age at the clause's time less twice Ann's at hers is zero."""
        groups = match.groupdict()
        other = scaled_sides(match, sign != 0)
        if other is None or (groups["be"] == "is" and sign != 0):
            self.ok = False  # "is" tells now, never a shifted time
            return
        p, q = self.person(match, "p"), self.people.key(other[0])
        if q is None or p == q:
            self.ok = False
            return
        scaled = ((q, 1), *terms) if other[1] else ((q, 1),)
        if groups.get("kn"):
            at, value = self.number(match, "kn", offset)
            self.facts.append(Fact(((p, 1), *terms), "scale", at, value, scaled))
        else:
            value = WORD_MULTIPLES[groups["k"]]
            word = (offset + match.start("k"), offset + match.end("k"))
            self.facts.append(Fact(((p, 1), *terms), "scale", None, value, scaled, word))
        self.scaled = True
        if groups.get("n"):
            at, value = self.number(match, "n", offset)
            self.facts.append(Fact(((q, 1),), "told", at, value))

    def _pair(self, match: re.Match[str]) -> list[str]:
        """The two people a sum names ("Ann's and Bo's", "Ann and Bo's")."""
        first = "p" if match.groupdict().get("p") else "p2"
        second = "q" if first == "p" else "q2"
        who = [self.person(match, first), self.person(match, second)]
        if who[0] == who[1]:
            self.ok = False
        return who

    def _their(self) -> list[str]:
        everyone = sorted(self.people.everyone())
        if len(everyone) != 2:
            self.ok = False
        return everyone

    def asked(self, kind: str, match: re.Match[str], offset: int) -> tuple[tuple[str, int], ...]:
        groups = match.groupdict()
        shift = self.shift(match, "a", offset)
        if shift is None:
            self.ok = False
            return ()
        terms, sign = shift
        be = "is" if groups.get("be") == "" else groups.get("be")
        if (
            (be == "was" and sign >= 0)
            or (be == "is" and sign != 0)
            or (be is None and kind not in ("more", "less") and sign <= 0)
        ):
            self.ok = False  # "How old was he" asks back, "is" now, "will" ahead
        if kind in ("more", "less"):
            way = 1 if kind == "more" else -1
            return ((self.person(match, "p"), way), (self.person(match, "q"), -way))
        if kind == "sum":
            who = self._pair(match) if groups.get("p") or groups.get("p2") else self._their()
            return (*((w, 1) for w in who), *((s, k * len(who)) for s, k in terms))
        return ((self.person(match, "p"), 1), *terms)


def told_clause(text: str) -> tuple[str, re.Match[str]] | None:
    """The told clause ``text`` is, and what it tells (``age``, ``compare``, ``sum``), or
    None."""
    return next(((k, m) for k, p in _TOLD if (m := p.fullmatch(text)) is not None), None)


def asked_clause(text: str) -> tuple[str, re.Match[str]] | None:
    """The question ``text`` is, and what it asks (``age``, ``sum``, ``more``), or None."""
    return next(((k, m) for k, p in _ASKED if (m := p.fullmatch(text)) is not None), None)


_JOIN: Final = re.compile(r",? and ")


_Clause = tuple[str, re.Match[str], int]


def _clauses(span: SourceSpan) -> list[_Clause] | None:
    """A body sentence (or an "If ...," condition) as one told clause or two joined."""
    text = span.text.rstrip()
    offset = span.start + len(text) - len(text.lstrip())
    text = text.lstrip()
    if text.startswith("If ") and text.endswith(","):
        text, offset = text[3:-1], offset + 3
    elif text.endswith("."):
        text = text[:-1]
    else:
        return None
    one = told_clause(text)
    if one is not None:
        return [(*one, offset)]
    for join in _JOIN.finditer(text):
        left, right = told_clause(text[: join.start()]), told_clause(text[join.end() :])
        if left is not None and right is not None:
            return [(*left, offset), (*right, offset + join.end())]
    return None


def _question(span: SourceSpan) -> tuple[list[_Clause], str, re.Match[str], int] | None:
    """The question sentence: "If <clause>, " (when the reader did not cut it off) and the
    asked clause."""
    text = span.text.strip()
    offset = span.start + len(span.text) - len(span.text.lstrip())
    told: list[_Clause] = []
    if text.startswith("If ") and ", " in text:
        cut = text.index(", ")
        found = told_clause(text[3:cut])
        if found is None:
            return None
        told.append((*found, offset + 3))
        offset, text = offset + cut + 2, text[cut + 2 :]
    asked = asked_clause(text)
    if asked is None:
        return None
    return told, asked[0], asked[1], offset


def _multiples_of_ages(facts: list[Fact]) -> bool:
    """Each multiple holds between two ages above zero, as the text's own numbers solve them:
    multiples of each other with no age told (every age zero) or "twice as old as" an age of
    zero (a person not yet born) are no multiples of ages."""
    values = {at: f.value for at, f in enumerate(facts) if f.number is not None and f.value}
    told = tuple(facts)
    for fact in facts:
        if fact.kind == "scale":
            for side in (fact.terms, fact.scaled):
                age = solve_facts(told, values, side, counts=True)
                if age is None or age <= 0:
                    return False
    return True


def read_age_sides(
    text: str, sentences: tuple[SourceSpan, ...], mentions: tuple[Mention, ...]
) -> Told | None:
    """The age reading of the whole text (see the module docstring), or None."""
    if not may_read(text) or len(sentences) < 2:
        return None
    body: list[_Clause] = []
    for sentence in sentences[:-1]:
        found = _clauses(sentence)
        if found is None:
            return None
        body.extend(found)
    question = _question(sentences[-1])
    if question is None:
        return None
    asked_told, kind, asked, asked_offset = question
    body.extend(asked_told)
    names = frozenset(dict(m.attributes).get("name", "") for m in mentions if m.kind == "actor") - {
        ""
    }
    phrases = [
        g
        for m in [*(b[1] for b in body), asked]
        for name, g in m.groupdict().items()
        if g and name in ("p", "q", "p2", "q2")
    ]
    build = _Build(_People(names, phrases))
    for told_kind, match, offset in body:
        build.told(told_kind, match, offset)
    terms = build.asked(kind, asked, asked_offset)
    if not build.ok or "?" in {s for f in build.facts for s, _ in (*f.terms, *f.scaled)}:
        return None
    if any(s == "?" for s, _ in terms):
        return None
    if build.scaled and not _multiples_of_ages(build.facts):
        return None  # "Ben is 3 times as old as Ann. Ann is half as old as Ben.": 0 = 3 x 0
    consumed = tuple(
        (offset + m.start(), offset + m.end())
        for _, m, offset in [*body, ("asked", asked, asked_offset)]
    )
    return Told(
        facts=tuple(build.facts),
        asked=terms,
        asked_kind={"age": "compared", "sum": "whole"}.get(kind, "difference"),
        consumed=consumed,
        counts=True,
        observations=frozenset({"age", "sequence"} | ({"factor"} if build.scaled else set())),
    )
