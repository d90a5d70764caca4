"""Kinds of one thing, one holder's, compared: the kinds reading.

"Victor has 8 blue pens. He has 2 fewer red pens than blue pens. How many pens does Victor
have in total?" No single step reads it: the red pens are reached through the blue ones, and
the question sums both. :func:`read_kinds` reads the story into facts of
:mod:`practiceloop.arith.sides` over *kinds*: the one word before the one noun every number
counts ("blue pens", "red pens"), each kind a side:

* a kind told: "<Holder> <verb> <N> <kind> <noun>", "There are <N> <kind> <noun> [in <place>]",
  "[In <place>,] there are <N> <kind> <noun>";
* a kind compared: "... <D> more|fewer|less <kind> <noun> than <kind> <noun>";
* two of them joined by "and" (the second may leave its subject and verb unsaid: "She washed
  50 small cups and 10 more large cups than small cups"; or say "there are" again);

and the question as every kind told ("How many pens does Victor have in total?", "How many
cups did she wash?", "How many pens are there in all?") or one kind ("How many red pens does
he have?").

What makes it sound, besides the solver's one equation per kind (every kind non-negative and
whole): one noun throughout, the question's too; one holder (one name, "he" / "she" only when
the text names one person, or "there are" throughout); one verb at one time, the question's
after its auxiliary; at most one place phrase, and the question's one the story says; no money;
every sentence that tells a number read word for word, and a sentence of no number never names
the noun or a quantifier ("She also has some green pens": a kind no number tells would be
left out of the sum).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Final

from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.scale_clauses import same_time, same_verb
from practiceloop.arith.sides import (
    NOT_A_KIND,
    NUMBER,
    Fact,
    Told,
    is_money,
    number_value,
    plain_phrase,
)
from practiceloop.kernel.frame import Mention
from practiceloop.kernel.span import SourceSpan

__all__ = ["read_kinds"]

_NOT_KIND: Final = rf"(?!(?:{'|'.join(sorted(NOT_A_KIND))})\b)"
_KIND: Final = rf"{_NOT_KIND}[a-z]+(?:-[a-z]+)?"
"""One word telling a kind apart ("blue", "small", "snowflake"), no quantifier or function
word ("more", "other", "new": "6 new pens" are no kind of pens)."""
_NOUN: Final = r"[a-z]+"
_EVERY_ONE: Final = frozenset({"each", "every", "per"})
_TAIL: Final = r"(?: (?P<tail>(?:in|on|at) [a-z' ]+))?"
_QUANTIFIERS: Final = frozenset(
    "some several few many most all none other others rest remaining more fewer less also"
    " another extra".split()
)


@dataclasses.dataclass(frozen=True, slots=True)
class _Item:
    fact: Fact
    noun: str
    tail: str | None


@dataclasses.dataclass(frozen=True, slots=True)
class _Patterns:
    there: re.Pattern[str]
    sentence: re.Pattern[str]
    told: re.Pattern[str]
    compared: re.Pattern[str]
    asked_held: re.Pattern[str]
    asked_there: re.Pattern[str]


@functools.cache
def _patterns() -> _Patterns:
    """The clause patterns, compiled once."""
    return _Patterns(
        there=re.compile(
            r"(?:(?P<open>(?:in|on|at) [a-z' ]+?),? )?(?P<subj>there) (?P<v>are|were)"
            r"(?: also)? (?P<body>.+)"
        ),
        sentence=re.compile(r"(?P<subj>[a-z]+) (?:also )?(?P<v>[a-z]+) (?P<body>.+)"),
        told=re.compile(rf"(?P<n>{NUMBER}) (?P<k>{_KIND}) (?P<t>{_NOUN}){_TAIL}"),
        compared=re.compile(
            rf"(?P<n>{NUMBER}) (?P<way>more|fewer|less) (?P<k>{_KIND}) (?P<t>{_NOUN})"
            rf" than (?P<k2>{_KIND}) (?P<t2>{_NOUN}){_TAIL}"
        ),
        asked_held=re.compile(
            rf"how many(?: (?P<k>{_KIND}))? (?P<t>{_NOUN}) (?P<aux>does|did|do) (?P<subj>[a-z]+)"
            rf" (?P<v>[a-z]+)(?: (?:in total|in all|altogether))?{_TAIL}\?"
        ),
        asked_there=re.compile(
            rf"how many(?: (?P<k>{_KIND}))? (?P<t>{_NOUN}) (?P<v>are|were)(?: there)?"
            rf"(?: (?:in total|in all|altogether))?{_TAIL}\?"
        ),
    )


def _item(p: _Patterns, text: str, offset: int) -> _Item | None:
    """One kind told or compared, at ``offset`` in the source."""
    told = p.told.fullmatch(text)
    if told is not None:
        value = number_value(told.group("n"))
        if value is None or is_money(told.group("n")):
            return None
        at = (offset + told.start("n"), offset + told.end("n"))
        fact = Fact(((told.group("k"), 1),), "told", at, value)
        return _Item(fact, noun_key(told.group("t")), told.group("tail"))
    compared = p.compared.fullmatch(text)
    if compared is None:
        return None
    value = number_value(compared.group("n"))
    kind, other = compared.group("k"), compared.group("k2")
    noun = noun_key(compared.group("t"))
    if value is None or value <= 0 or is_money(compared.group("n")) or kind == other:
        return None
    if noun_key(compared.group("t2")) != noun:
        return None  # "3 more red pens than blue cups"
    sign = 1 if compared.group("way") == "more" else -1
    at = (offset + compared.start("n"), offset + compared.end("n"))
    fact = Fact(((kind, sign), (other, -sign)), "difference", at, value)
    return _Item(fact, noun, compared.group("tail"))


def _sentence(p: _Patterns, span: SourceSpan) -> tuple[str, str, str | None, list[_Item]] | None:
    """A story sentence telling a number: its subject, verb, opening place and items."""
    text = span.text.strip()
    offset = span.start + (len(span.text) - len(span.text.lstrip()))
    body = text.rstrip(".").lower()
    said = p.there.fullmatch(body) or p.sentence.fullmatch(body)
    if said is None:
        return None
    subject, verb = said.group("subj"), said.group("v")
    rest, at = said.group("body"), offset + said.start("body")
    opener = said.groupdict().get("open")
    one = _item(p, rest, at)
    if one is not None:
        return subject, verb, opener, [one]
    for join in re.finditer(r",? and (?:there (?:are|were) )?", rest):
        again = join.group().strip(", ").removeprefix("and").strip()
        if again and (subject != "there" or again.split()[1] != verb):
            continue  # "... and there were ...": the same "there are" said again
        left = _item(p, rest[: join.start()], at)
        right = _item(p, rest[join.end() :], at + join.end())
        if left is not None and right is not None:
            return subject, verb, opener, [left, right]
    return None


def _background(span: SourceSpan, noun: str) -> bool:
    """A sentence of no number is background only when it names neither the noun nor a
    quantifier ("She also has some green pens" tells a kind no number counts)."""
    words = re.findall(r"[a-z]+", span.text.lower())
    return not (set(words) & _QUANTIFIERS) and all(noun_key(w) != noun for w in words)


def read_kinds(
    text: str, sentences: tuple[SourceSpan, ...], mentions: tuple[Mention, ...]
) -> Told | None:
    """The kinds reading of the whole text (see the module docstring), or None."""
    if not text.isascii() or " than " not in text.lower():
        return None
    names = frozenset(
        value for m in mentions if m.kind == "actor" for key, value in m.attributes if key == "name"
    )
    p = _patterns()
    subjects: set[str] = set()
    verbs: list[str] = []
    items: list[_Item] = []
    tails: set[str] = set()
    quiet: list[SourceSpan] = []
    consumed: list[tuple[int, int]] = []
    for span in sentences[:-1]:
        if re.search(rf"\b{NUMBER}\b", span.text.lower()) is None:
            quiet.append(span)
            continue
        read = _sentence(p, span)
        if read is None:
            return None
        subject, verb, opener, found = read
        subjects.add(subject)
        verbs.append(verb)
        items.extend(found)
        tails |= {_place(t) for t in (opener, *(i.tail for i in found)) if t is not None}
        consumed.append((span.start, span.end))
    nouns = {i.noun for i in items}
    if len(nouns) != 1 or not any(i.fact.kind == "difference" for i in items):
        return None
    noun = next(iter(nouns))
    if not all(_background(span, noun) for span in quiet):
        return None
    holder = _one_holder(subjects, names)
    if holder is None or not all(same_verb(v, verbs[0]) for v in verbs):
        return None
    if len(tails) > 1 or not all(plain_phrase(t) for t in tails):
        return None
    if any(word in _EVERY_ONE for t in tails for word in t.split()):
        return None  # "40 white chairs in each hall": so many in every one, no total told
    question = sentences[-1].text.strip().lower()
    question = re.sub(r"(?<=[a-z]) (?:in total|in all|altogether)\?$", "?", question)
    asked = p.asked_there.fullmatch(question) if holder == "there" else None
    if holder != "there":
        asked = p.asked_held.fullmatch(question)
        if asked is None or _one_holder({*subjects, asked.group("subj")}, names) != holder:
            return None
        if not same_verb(asked.group("v"), verbs[0], tensed=False):
            return None
        if not same_time(verbs[0], asked.group("aux")):
            return None
    elif asked is None or asked.group("v") != verbs[0]:
        return None
    if noun_key(asked.group("t")) != noun:
        return None
    if asked.group("tail") is not None and _place(asked.group("tail")) not in tails:
        return None  # a place the story never says
    kinds = sorted({k for i in items for k, _ in i.fact.terms})
    if any(word in names for k in kinds for word in k.split()):
        return None  # "5 fewer omar marbles": a person's name, no kind
    kind = asked.group("k")
    if kind is not None and kind not in kinds:
        return None
    terms = ((kind, 1),) if kind is not None else tuple((k, 1) for k in kinds)
    consumed.append((sentences[-1].start, sentences[-1].end))
    return Told(
        facts=tuple(i.fact for i in items),
        asked=terms,
        asked_kind="compared" if kind is not None else "whole",
        consumed=tuple(consumed),
    )


def _place(phrase: str) -> str:
    """A place phrase with its article said alike: "in a bowl" is the question's "in the
    bowl"."""
    return re.sub(r"\b(?:a|an)\b", "the", phrase)


def _one_holder(subjects: set[str], names: frozenset[str]) -> str | None:
    """The one holder every clause is told of: "there" throughout, or one name (a pronoun
    only when the text names exactly one person, that one)."""
    if subjects == {"there"}:
        return "there"
    if "there" in subjects:
        return None
    named = subjects - {"he", "she"}
    if {"he", "she"} <= subjects:
        return None  # "She has 9 ... How many does he have?": two persons
    if not names and not named and len(subjects) == 1:
        return next(iter(subjects))  # "She polished ...", the text naming no one it reads
    if len(names) != 1:
        return None
    name = next(iter(names))
    return name if named <= {name} else None
