"""Kinds of one thing compared, then summed: the kind reading of the sides family.

"Wyatt has 10 blue envelopes. He has 4 fewer yellow envelopes than blue envelopes. How many
envelopes does Wyatt have in all?" The sides are the kinds of the one thing the question asks
("blue", "yellow" envelopes), all held by one holder; :func:`read_kind_sides` reads every
sentence of the story into facts of :mod:`practiceloop.arith.sides`:

* a kind told: "<Holder> <verb> <N> <kind> <thing>";
* a kind compared: "<Holder> <verb> <N> more|fewer|less <kind> <thing> than [the] <kind>
  [<thing>]";
* several of them listed after one subject and verb, by "," and "and" ("She has 8 red pens,
  4 more blue pens than red pens and 2 fewer black pens than blue pens"), or each with its
  own subject and verb;

and the question as the sum of every kind told ("How many envelopes does Wyatt have in
all?", "How many marbles are there in total?") or as one kind ("How many yellow envelopes
does he have?").

What makes it sound: <Holder> is one and the same throughout: one name the reader read as a
person (its "he" / "she" when the text names no other person), or "there" with "is / are /
was / were" and at most one place, the same wherever it is said ("in the box"). One verb at
one time (the question's after its auxiliary), one thing (the question's noun phrase, word
for word, after every kind), every kind one or two words that are no number, article,
comparison word or preposition; every story sentence is read word by word (no sentence of
no number, no other clause); the sides framework then requires every number of the text to be
one fact's, no observation (a negation, a modal, a multiplier, "each"), one equation per kind
and every kind a non-negative whole number ("Ann has 3 red pens and 5 fewer blue pens than red
pens" is refused, never answered).
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.scale_clauses import same_time, same_verb
from practiceloop.arith.sides import NOT_A_KIND, NUMBER, Fact, Told, is_money, number_value
from practiceloop.kernel.frame import Mention
from practiceloop.kernel.span import SourceSpan

__all__ = ["read_kind_sides"]

_THERE_VERBS: Final = frozenset({"is", "are", "was", "were"})
_ALL: Final = r"(?: in all| in total| altogether| all together| total| combined)?"
_PLACE: Final = (
    r"(?: (?P<place>(?:in|on|inside) (?:the|a|an|his|her|their|[a-z]+'s) [a-z]+(?: [a-z]+)?))?"
)
_NAME_OR_PRONOUN: Final = r"(?P<h>[a-z]+)"


def _key(words: str) -> tuple[str, ...]:
    """A noun phrase as a key: every word but the last as written, the last as its noun."""
    parts = words.split()
    return (*parts[:-1], noun_key(parts[-1]))


def _place_key(place: str) -> str:
    """A place without its article: "in a bowl" and "in the bowl" are one place; "on the
    bowl", "in Maria's drawer" and "in Tom's drawer" are three others."""
    words = place.split()
    return " ".join(words[:1] + (words[2:] if words[1] in ("the", "a", "an") else words[1:]))


def _kind(words: str | None) -> str | None:
    """A kind: one or two words, none a number, article, preposition or comparison word."""
    if words is None:
        return None
    parts = words.split()
    if not 1 <= len(parts) <= 2 or any(p in NOT_A_KIND or number_value(p) for p in parts):
        return None
    return words


def _item_patterns(thing: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A kind told ("10 blue envelopes") and a kind compared ("4 fewer yellow envelopes than
    blue envelopes", "6 more green balls than red"), of the asked ``thing``."""
    t = re.escape(thing)
    told = re.compile(rf"(?P<n>{NUMBER}) (?P<k>[a-z]+(?: [a-z]+)?) {t}{_PLACE}")
    compared = re.compile(
        rf"(?P<d>{NUMBER}) (?P<way>more|fewer|less) (?P<k>[a-z]+(?: [a-z]+)?) {t}{_PLACE}"
        rf" than (?:the )?(?P<b>[a-z]+(?: [a-z]+)??)(?: {t})?{_PLACE.replace('place', 'place2')}"
    )
    return told, compared


def _item(text: str, offset: int, thing: str) -> tuple[Fact, str | None] | None:
    """One listed item as a fact of kinds, and the place it says (None when it says none)."""
    told, compared = _item_patterns(thing)
    match = told.fullmatch(text)
    if match is not None:
        kind, value = _kind(match.group("k")), number_value(match.group("n"))
        if kind is None or value is None or is_money(match.group("n")):
            return None
        span = (offset + match.start("n"), offset + match.end("n"))
        return Fact(((kind, 1),), "told", span, value), match.group("place")
    match = compared.fullmatch(text)
    if match is None:
        return None
    kind, base = _kind(match.group("k")), _kind(match.group("b"))
    value = number_value(match.group("d"))
    if kind is None or base is None or kind == base or value is None or value <= 0:
        return None
    if is_money(match.group("d")):
        return None
    places = {p for p in (match.group("place"), match.group("place2")) if p is not None}
    if len(places) > 1:
        return None
    sign = 1 if match.group("way") == "more" else -1
    span = (offset + match.start("d"), offset + match.end("d"))
    fact = Fact(((kind, sign), (base, -sign)), "difference", span, value)
    return fact, next(iter(places), None)


_SUBJECT: Final = re.compile(
    rf"(?:if )?{_NAME_OR_PRONOUN}(?: also)? (?!also )(?P<v>[a-z]+)(?: also)? (?P<rest>.+)"
)
_SPLIT: Final = re.compile(r",? and |, ")


_PLACE_HOLDS: Final = re.compile(
    r"(?:the|a|an) (?P<p>[a-z]+(?: [a-z]+)?) (?P<v>has|had|contains|contained|holds|held)"
    r"(?: also)? (?P<rest>.+)"
)
_HOLDS_PRESENT: Final = frozenset({"has", "contains", "holds"})


def place_holds(text: str) -> tuple[str, str, str, int] | None:
    """ "The bowling alley has 30 red balls": a place as the subject of a verb of holding is
    "there are 30 red balls in the bowling alley" (its verb "are" / "were" by the tense, the
    place "in <noun>"); returns that verb, the place, the rest and where the rest starts."""
    held = _PLACE_HOLDS.fullmatch(text)
    if held is None:
        return None
    verb = "are" if held.group("v") in _HOLDS_PRESENT else "were"
    return verb, f"in {held.group('p')}", held.group("rest"), held.start("rest")


def _clauses(text: str, offset: int, thing: str) -> list[tuple[str, str, Fact, str | None]] | None:
    """A story sentence as (holder, verb, fact, place) items: a subject and verb, then items
    listed by "," / "and", each of which may open with its own subject and verb."""
    held = place_holds(text)
    if held is not None:
        there_verb, place, told, start = held
        listed = _clauses(f"there {there_verb} {told}", offset + start - 7 - len(there_verb), thing)
        if listed is None or any(p not in (None, place) for _, _, _, p in listed):
            return None
        return [(h, v, f, place) for h, v, f, _ in listed]
    subject = _SUBJECT.fullmatch(text)
    if subject is None:
        return None
    holder, verb = subject.group("h"), subject.group("v")
    pieces: list[tuple[str, int]] = []
    rest, at = subject.group("rest"), offset + subject.start("rest")
    last = 0
    for join in _SPLIT.finditer(rest):
        pieces.append((rest[last : join.start()], at + last))
        last = join.end()
    pieces.append((rest[last:], at + last))
    items: list[tuple[str, str, Fact, str | None]] = []
    for piece, where in pieces:
        own = _SUBJECT.fullmatch(piece)
        read = _item(piece, where, thing)
        if read is None and own is not None:
            holder, verb = own.group("h"), own.group("v")
            where += own.start("rest")
            read = _item(own.group("rest"), where, thing)
        if read is None:
            return None
        items.append((holder, verb, *read))
    return items


_ASK_HELD: Final = re.compile(
    rf"how many (?P<t>[a-z]+(?: [a-z]+){{0,2}}) (?P<aux>does|did|do) {_NAME_OR_PRONOUN}"
    rf" (?P<v>[a-z]+){_ALL}\?"
)
_ASK_THERE: Final = re.compile(
    rf"how many (?P<t>[a-z]+(?: [a-z]+){{0,2}}) (?P<v>are|were)(?: there)?{_PLACE}{_ALL}\?"
)


def _asked(text: str) -> tuple[str, str | None, str, str | None, str | None] | None:
    """The question: its noun phrase, holder (None for "there"), verb, auxiliary, place."""
    held = _ASK_HELD.fullmatch(text)
    if held is not None:
        return held.group("t"), held.group("h"), held.group("v"), held.group("aux"), None
    there = _ASK_THERE.fullmatch(text)
    if there is not None:
        return there.group("t"), None, there.group("v"), None, there.group("place")
    return None


def one_holder(
    holders: list[str], asked: str | None, names: frozenset[str], verbs: list[str]
) -> bool:
    """Every clause is told of one holder: one name the reader read as a person, said first,
    then that name or its "he" / "she" (the text naming no other person); or "there" with
    "is / are / was / were" throughout (and the question asks "are there" / "are in")."""
    if holders[0] == "there":
        return (
            all(h == "there" for h in holders)
            and asked is None
            and all(v in _THERE_VERBS for v in verbs)
        )
    if len(names) != 1 or holders[0] not in names:
        return False
    said = {*holders, *([asked] if asked is not None else [])}
    return asked is not None and said <= names | {"he", "she"} and len(said & {"he", "she"}) <= 1


def read_kind_sides(
    text: str, sentences: tuple[SourceSpan, ...], mentions: tuple[Mention, ...]
) -> Told | None:
    """The kind reading of the whole text (see the module docstring), or None."""
    if not text.isascii() or " than " not in text or not 2 <= len(sentences) <= 5:
        return None
    question = _asked(sentences[-1].text.strip().lower())
    if question is None:
        return None
    asked_words, asked_holder, asked_verb, aux, asked_place = question
    names = frozenset(
        value for m in mentions if m.kind == "actor" for key, value in m.attributes if key == "name"
    )
    facts: list[Fact] = []
    holders: list[str] = []
    verbs: list[str] = []
    places: set[str] = set()
    consumed: list[tuple[int, int]] = []
    thing: str | None = None
    for span in sentences[:-1]:
        body = span.text.strip().rstrip(".").lower()
        offset = span.start + (len(span.text) - len(span.text.lstrip()))
        read = None
        words = asked_words.split()
        for cut in range(len(words)):  # the asked thing, after any kind the question names
            candidate = " ".join(words[cut:])
            read = _clauses(body, offset, candidate)
            if read is not None:
                thing = candidate if thing is None or thing == candidate else ""
                break
        if read is None or not thing:
            return None
        for holder, verb, fact, place in read:
            holders.append(holder)
            verbs.append(verb)
            facts.append(fact)
            if place is not None:
                places.add(_place_key(place))
        consumed.append((span.start, span.end))
    if thing is None or not one_holder(holders, asked_holder, names, verbs):
        return None
    if not all(same_verb(v, verbs[0]) for v in verbs):
        return None
    if asked_holder is not None and (
        not same_verb(asked_verb, verbs[0], tensed=False) or not same_time(verbs[0], aux)
    ):
        return None
    if asked_holder is None and (asked_verb in ("is", "are")) != (verbs[0] in ("is", "are")):
        return None  # "there were ... How many are there?": another time
    if asked_place is not None:
        places.add(_place_key(asked_place))
    if len(places) > 1:
        return None  # "in the box" beside "in the bag": two places, two holders
    kinds = sorted({side for fact in facts for side, _ in fact.terms})
    if any(word in names for kind in kinds for word in kind.split()):
        return None  # "5 fewer red marbles than Ana": a person, no kind
    extra = asked_words.split()[: len(asked_words.split()) - len(thing.split())]
    if extra:
        kind = " ".join(extra)
        if kind not in kinds:
            return None
        asked_terms: tuple[tuple[str, int], ...] = ((kind, 1),)
        asked_kind = "compared"
    else:
        asked_terms, asked_kind = tuple((k, 1) for k in kinds), "whole"
    if len(kinds) < 2 or _key(thing) != _key(asked_words.split(" ", len(extra))[-1]):
        return None
    consumed.append((sentences[-1].start, sentences[-1].end))
    return Told(
        facts=tuple(facts),
        asked=asked_terms,
        asked_kind=asked_kind,
        consumed=tuple(consumed),
        counts=True,
    )
