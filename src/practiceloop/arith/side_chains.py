"""Comparisons reached through a third side, and wholes of named holders: the chain reading.

"Jake has 6 fewer peaches than Steven and 3 more peaches than Jill. Steven has 14 peaches.
How many peaches does Jill have?" No single step relates Jill to the told 14; the text does,
through Jake. :func:`read_chains` reads every sentence of the story as clauses of named
holders, each clause one fact of :mod:`practiceloop.arith.sides`:

* a told amount: "<Holder> <verb> <N> <thing>" ("Zachary did 51 push-ups in gym class
  today"), "<Holder>'s <thing> <verb> <N> <unit>" ("Marco's strawberries weighed 13 pounds");
* a difference: "<Holder> <verb> <N> more|fewer|less [<thing>] than <Holder> [does|did]",
  "<N> <thing> less than <Holder>", "... than the number of <thing> that <Holder> <verb>";
  "<N> more than <Holder> and <Holder> together do" (a difference from their sum);
* a whole: "Together their <thing> <verb> <N> <unit>", "<Holder> and <Holder> <verb> <N>
  <thing> together / in all / between them";
* two of them joined by "and" (the second may leave its subject and verb unsaid: "... than
  Steven and 3 more peaches than Jill"), or by "who" after the holder it tells of ("... than
  Steven who has 8 more peaches than Jill");

and the question as one holder ("How many peaches does Jill have?"), two holders' sum ("How
many push-ups did Zachary and David do altogether?") or their difference ("How many more
peaches does Jake have than Jill?", "How much more did his dad's strawberries weigh than
his?"). A sentence with no number is the story's background and is read by nothing here (cue
accounting still holds its verbs to account).

What makes it sound: every holder is a name the reader read as a person (in any case: "If jill
has 5"), or one possessed person noun ("his dad") beside exactly one name; "his" alone in the
question is that name only when the possessed holder says "his"; "their" is every holder. One
thing and one verb throughout (the question's verb the same, at the same time: "has ... as Jill
had" tells another time), one unit, at most one place or time phrase in the whole text ("in
gym class today" told once), no pronoun holder ("He has 9 more"), no other clause. Solving is
:func:`~practiceloop.arith.sides.solve_facts`: one equation per holder, every holder's amount
non-negative and whole (of things counted), so "Steven has 4 peaches ... Jake has 12 fewer than
Steven" is refused, never answered.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Final

from practiceloop.arith.chain_clauses import (
    EVERY,
    Clause,
    every_holder,
    one_verb_thing_time,
    whole_of_them,
)
from practiceloop.arith.chain_pronouns import KIN_NAMED, named_kin, subject_pronoun_holder
from practiceloop.arith.chain_questions import asked_tense, condition_cut, total_number_asked
from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.side_they import (
    connective_end,
    question_condition,
    they_after_every_holder,
    they_whole_marks,
)
from practiceloop.arith.sides import NUMBER, Fact, Told, is_money, number_value, plain_phrase
from practiceloop.kernel.frame import Mention
from practiceloop.kernel.span import SourceSpan

__all__ = ["read_chains"]

_KIN: Final = (
    "dad", "mom", "father", "mother", "brother", "sister", "son", "daughter", "uncle", "aunt",
    "cousin", "grandma", "grandpa", "grandmother", "grandfather", "wife", "husband", "friend",
)  # fmt: skip
"""Person nouns a possessive makes one holder of ("his dad", "her sister")."""

_W: Final = (
    r"(?!(?:in|at|on|to|for|from|during|than|more|fewer|less|and|the|a|an|of)\b)[a-z][a-z'-]*"
)
_T: Final = rf"{_W}(?: {_W})??"
"""A thing: one or two words, no preposition, comparison word or article among them."""
_TAIL: Final = r"(?: (?P<tail>(?:in|at|on|to|during|for) [a-z' -]+|[a-z]+ly))?"
"""A place or time phrase ("in gym class today"), or one adverb ("answered 8 correctly")."""
_AUX: Final = r"(?: (?P<aux>does|did|has|had|do|have))?"
_UP: Final = frozenset({"more", "farther", "further", "longer", "higher"})
_DOWN: Final = frozenset({"fewer", "less", "lesser", "shorter", "lower"})
_WAY: Final = rf"(?P<way>{'|'.join(sorted(_UP | _DOWN))})"
"""A comparison word: up ("more", "farther") or down ("fewer", "lesser")."""
_ALL: Final = r"(?P<all> together| in all| altogether| combined| in total| between them)?"
_NOT_SUM: Final = r"(?!(?:together|altogether|combined|between)\b)"
"""No thing: a word of a sum after a whole's number ("have $50 together")."""
_MEASURED: Final = frozenset(
    "pound ounce gram kilogram kilo ton mile meter foot inch yard liter gallon cup hour minute "
    "dollar cent money".split()
)


@dataclasses.dataclass(frozen=True, slots=True)
class _Patterns:
    holder: str
    told_of: re.Pattern[str]
    whole_their: re.Pattern[str]
    whole_named: re.Pattern[str]
    whole_they: re.Pattern[str]
    together: re.Pattern[str]
    subject: re.Pattern[str]
    bodies: tuple[re.Pattern[str], ...]
    asked: tuple[re.Pattern[str], ...]


_NOT_HOLDERS: Final = (
    "he|she|they|it|we|you|i|and|the|a|an|his|her|their|its|than|how|if|there|this|that"
)


@functools.cache
def _patterns() -> _Patterns:
    """The clause patterns, compiled once: a holder is any word (or "the <noun>", or "his
    <kin>"); :func:`_named` keeps a reading only when every holder it took is one the text
    names (:func:`read_chains`)."""
    h = (
        rf"(?:{KIN_NAMED}|(?:his|her) (?:{'|'.join(_KIN)})|the [a-z]+"
        rf"|(?!(?:{_NOT_HOLDERS})\b)[a-z]+)"
    )
    owned = rf"(?:{h}'s|his|her)"
    return _Patterns(
        holder=h,
        told_of=re.compile(rf"(?P<h>{h})'s (?P<t>{_T}) (?P<v>[a-z]+) (?P<n>{NUMBER}) (?P<u>{_W})"),
        whole_their=re.compile(
            rf"(?P<tog>together )?their (?P<t>{_T}) (?P<v>[a-z]+) (?P<n>{NUMBER}) (?P<u>{_W}){_ALL}"
        ),
        whole_named=re.compile(
            rf"(?P<tog>together )?(?P<names>{h}(?:, {h})*,? and {h})(?P<tog2> together)?"
            rf" (?P<v>[a-z]+)"
            rf" (?P<tot>a total of )?(?P<n>{NUMBER})(?: {_NOT_SUM}(?P<t>{_T}))?{_ALL}"
        ),
        whole_they=re.compile(
            rf"(?P<tog>together,? )?they (?P<v>[a-z]+)(?P<tot> a total of)? (?P<n>{NUMBER})"
            rf"(?: {_NOT_SUM}(?P<t>{_T}))?{_ALL}"
        ),
        together=re.compile(rf"((?:{h})(?:, (?:{h}))*,? and (?:{h})) "),
        subject=re.compile(rf"(?P<h>{h}|he|she) (?P<v>[a-z]+) (?P<body>.+)"),
        bodies=(
            re.compile(rf"(?P<n>{NUMBER})(?: (?P<t>{_T}))?{_TAIL}"),
            re.compile(rf"(?P<n>{NUMBER}) of (?:them|these|those){_TAIL}"),
            re.compile(
                rf"(?P<d>{NUMBER}) {_WAY}(?: (?P<t>{_T}))?(?: (?P<tail>[a-z]+ly))? than (?P<b>{h})"
                rf"{_AUX}"
            ),
            re.compile(
                rf"(?P<d>{NUMBER}) {_WAY}(?: (?P<t>{_T}))? than (?P<b>{h}|he|she){_AUX}{_TAIL}"
            ),
            re.compile(rf"(?P<d>{NUMBER}) (?P<t>{_T}) {_WAY} than (?P<b>{h}|he|she){_AUX}{_TAIL}"),
            re.compile(
                rf"(?P<d>{NUMBER}) {_WAY} (?P<t>{_T}) than the number of (?P<t2>{_T}) that"
                rf" (?P<b>{h}) (?P<v2>[a-z]+){_TAIL}"
            ),
            re.compile(
                rf"(?P<d>{NUMBER})(?: (?P<t>{_T}))? {_WAY} than (?P<b>{h}) and (?P<c>{h})"
                r" together (?P<aux>do|did)"
            ),
            re.compile(
                rf"(?P<d>{NUMBER}) {_WAY} (?P<t>{_T}) than (?P<b>{h}) and (?P<c>{h})"
                r" together (?P<aux>do|did)"
            ),
        ),
        asked=(
            re.compile(
                rf"how (?:many|much)(?: (?P<t>{_T}))? (?P<aux>does|did|do) (?P<h>{h})"
                rf" (?P<v>[a-z]+){_TAIL}(?:, in (?P<u>{_W}))?\?"
            ),
            re.compile(
                rf"how (?:many|much)(?: (?P<t>{_T}))? (?P<aux>do|did|does)"
                rf" (?:(?P<h>{h}) and (?P<b>{h})|(?P<they>they)) (?P<v>[a-z]+)"
                rf"(?P<all> altogether| together| in all| combined"
                rf"| in total)?{_TAIL}\?"
            ),
            re.compile(
                rf"how (?:many|much) {_WAY}(?: (?P<t>{_T}))? (?P<aux>does|did) (?P<h>{h})"
                rf" (?P<v>[a-z]+) than (?P<b>{h})(?: (?:does|did))?{_TAIL}\?"
            ),
            re.compile(
                rf"how (?:many|much) {_WAY} (?P<aux>does|did) (?P<h>{owned}) (?P<t>{_T})"
                rf" (?P<v>[a-z]+) than (?P<b>{owned}|hers)\?"
            ),
            re.compile(rf"how (?:far|long|high) (?P<aux>does|did) (?P<h>{h}) (?P<v>[a-z]+)\?"),
            total_number_asked(h, _T),
        ),
    )


_INTRODUCED: Final = re.compile(r"the ([a-z]+)(?:, the ([a-z]+))*,? and the ([a-z]+) [a-z ]+\.?")


def _introduced(sentences: tuple[SourceSpan, ...]) -> frozenset[str]:
    """Holders a sentence of no number introduces as a list of "the <noun>": "The grasshopper,
    the frog and the mouse had a jumping contest." (each then a holder, "the frog")."""
    found: set[str] = set()
    for span in sentences[:-1]:
        text = span.text.strip().lower()
        if re.search(rf"\b{NUMBER}\b", text) or _INTRODUCED.fullmatch(text) is None:
            continue
        head = text.split(" and the ")[0]
        listed = [*re.findall(r"the ([a-z]+)", head), text.split(" and the ")[1].split()[0]]
        if len(set(listed)) != len(listed):
            return frozenset()
        found.update(f"the {noun}" for noun in listed)
    return frozenset(found)


def _thing(words: str | None) -> tuple[str, ...] | None:
    if words is None:
        return None
    parts = words.split()
    return (*parts[:-1], noun_key(parts[-1]))


def _said(number: str, words: str | None) -> tuple[str, ...] | None:
    """What an amount counts: its noun ("peaches"), money for "$10" told with none, None when
    it says none, ``("",)`` (nothing a reading takes) for money told with a noun."""
    if is_money(number):
        return ("money",) if words is None else ("",)
    return _thing(words)


def _holder(text: str) -> str:
    return named_kin(text).removesuffix("'s")


def _group(match: re.Match[str], name: str) -> str | None:
    return match.groupdict().get(name)


def _at(match: re.Match[str], name: str, offset: int) -> tuple[int, int]:
    return offset + match.start(name), offset + match.end(name)


def _difference(
    match: re.Match[str], h: str, offset: int, verb: str | None
) -> Clause | None:
    """A body of "<N> more|fewer ... than <Holder>" of holder ``h``."""
    value = number_value(match.group("d"))
    if value is None or value <= 0:
        return None
    sign = 1 if match.group("way") in _UP else -1
    others = [_holder(match.group("b"))] + ([_holder(c)] if (c := _group(match, "c")) else [])
    if h in others or len(set(others)) != len(others):
        return None
    terms = ((h, sign), *((o, -sign) for o in others))
    thing = _said(match.group("d"), _group(match, "t"))
    if thing == ("",):
        return None
    second = _thing(_group(match, "t2"))
    if second is not None and thing is not None and second != thing:
        return None
    fact = Fact(terms, "difference", _at(match, "d", offset), value)
    return Clause(
        fact, verb, _group(match, "aux"), thing, tail=_group(match, "tail"),
        verb_2=_group(match, "v2"), way=match.group("way"),
    )  # fmt: skip


def _body(p: _Patterns, body: str, offset: int, h: str, verb: str | None) -> Clause | None:
    """What holder ``h`` is told to have, by ``verb``: an amount or a difference."""
    for index, pattern in enumerate(p.bodies[:2]):
        told = pattern.fullmatch(body)
        if told is None:
            continue
        value = number_value(told.group("n"))
        thing = _said(told.group("n"), _group(told, "t"))
        if value is None or thing == ("",):
            return None
        elided = "of" if index == 1 else ("bare" if thing is None else None)
        fact = Fact(((h, 1),), "told", _at(told, "n", offset), value)
        return Clause(fact, verb, None, thing, tail=_group(told, "tail"), elided=elided)
    for pattern in p.bodies[2:]:
        match = pattern.fullmatch(body)
        if match is not None:
            return _difference(match, h, offset, verb)
    return None


def _whole(p: _Patterns, text: str, offset: int, holders: frozenset[str]) -> Clause | None:
    """ "Together their strawberries weighed 35 pounds", "Adam and Jackie have 7 apples
    between them": the sum of named holders ("their": every holder), told once as a sum."""
    for pattern in (p.whole_their, p.whole_named, p.whole_they):
        match = pattern.fullmatch(text)
        if match is None:
            continue
        marks = [g for g in ("tog", "tog2", "all", "tot") if _group(match, g) is not None]
        if pattern is p.whole_they:
            if not they_whole_marks(marks):
                return None  # "They have 160 toys" may be each one's
        elif len(marks) > 1 or (not marks and pattern is p.whole_their):
            return None  # "together", "in all" or "a total of" told once
        value = number_value(match.group("n"))
        if value is None:
            return None
        named = (
            [EVERY]
            if pattern is not p.whole_named
            else [_holder(n) for n in re.split(r",? and |, ", match.group("names"))]
        )
        if len(set(named)) != len(named) or not (len(named) > 1 or named == [EVERY]):
            return None
        fact = Fact(tuple((n, 1) for n in named), "whole", _at(match, "n", offset), value)
        unit = _group(match, "u")
        thing = _thing(match.group("t"))
        if pattern is not p.whole_their:  # "Together they have $50": money with no noun
            thing = _said(match.group("n"), match.group("t"))
            if thing in (None, ("",)):
                return None
        elided = "they" if pattern is p.whole_they else None if marks else "unmarked"
        return Clause(fact, match.group("v"), None, thing, unit=unit, elided=elided)
    return None


def _clause(
    p: _Patterns, text: str, offset: int, holders: frozenset[str]
) -> Clause | None:
    whole = _whole(p, text, offset, holders)
    if whole is not None:
        return whole
    told = p.told_of.fullmatch(text)
    if told is not None:
        value = number_value(told.group("n"))
        if value is None:
            return None
        fact = Fact(((_holder(told.group("h")), 1),), "told", _at(told, "n", offset), value)
        return Clause(fact, told.group("v"), None, _thing(told.group("t")), unit=told.group("u"))
    subject = p.subject.fullmatch(text)
    if subject is None:
        return None
    h, verb = _holder(subject.group("h")), subject.group("v")
    return _body(p, subject.group("body"), offset + subject.start("body"), h, verb)


def _joined(
    p: _Patterns, text: str, offset: int, holders: frozenset[str]
) -> list[Clause] | None:
    """A clause, or two joined by "and" (the second may leave its subject and verb unsaid) or
    by "who" right after the holder it tells of."""
    one = _clause(p, text, offset, holders)
    if one is not None:
        return [one]
    for join in re.finditer(r",? and |, but | who |, who ", text):
        left = _clause(p, text[: join.start()], offset, holders)
        if left is None:
            continue
        rest, at = text[join.end() :], offset + join.end()
        if "who" in join.group():
            subject = _last_holder(left)
            said = re.fullmatch(r"(?P<v>[a-z]+) (?P<body>.+)", rest)
            if subject is None or said is None or not text[: join.start()].endswith(subject):
                continue
            right = _body(p, said.group("body"), at + said.start("body"), subject, said.group("v"))
        else:
            right = _clause(p, rest, at, holders)
            subject = left.fact.terms[0][0] if len(left.fact.terms) else None
            if right is None and subject is not None and left.fact.kind != "whole":
                right = _body(p, rest, at, subject, left.verb)
        if right is not None:
            return [left, right]
    return None


def _last_holder(clause: Clause) -> str | None:
    """The holder a clause names last ("than Steven"), the one a "who" after it tells of."""
    if clause.fact.kind != "difference" or len(clause.fact.terms) != 2:
        return None
    return clause.fact.terms[1][0]


def _sentence(
    p: _Patterns, span: SourceSpan, holders: frozenset[str]
) -> tuple[list[Clause], tuple[int, int] | None] | None:
    """A story sentence's clauses (none for a sentence that tells no number) and its span."""
    text = span.text.strip()
    offset = span.start + (len(span.text) - len(span.text.lstrip()))
    if re.search(rf"\b{NUMBER}\b", text.lower()) is None:
        return [], None
    body = text.rstrip(".,").lower()
    if (lead := connective_end(body)) > 0:
        body, offset = body[lead:], offset + lead  # "However, ..."
    if (cond := re.match(r"if\s+", body)) is not None:
        body, offset = body[cond.end() :], offset + cond.end()
    opener = re.match(r"(?:in|on|at|during) [a-z' ]+?, ", body)
    if opener is not None and plain_phrase(opener.group().rstrip(", ")):
        body, offset = body[opener.end() :], offset + opener.end()  # "On a quiz, ..."
    clauses = _joined(p, body, offset, holders)
    if clauses is None:
        return None
    return clauses, (span.start, span.end)


def _named(holder: str, names: frozenset[str]) -> bool:
    """``holder`` is one the text names: a name the reader read as a person (or "the <noun>" a
    sentence introduces), a possessed person noun ("his dad"), "he"/"she" after "than" (read
    later as the one name), or every holder ("their")."""
    return holder in names or holder.split()[0] in ("his", "her") or holder in (
        EVERY, "he", "she")  # fmt: skip


def _pronoun_resolved(clause: Clause, said: dict[str, str | None]) -> Clause:
    """``clause`` with "he" / "she" after "than" read as the name it stands for (unchanged
    when it stands for no one: the caller refuses it)."""
    terms = tuple((said.get(h) or h, sign) for h, sign in clause.fact.terms)
    if len({h for h, _ in terms}) != len(terms):
        return clause  # "Tom has 6 more than he has": himself
    return dataclasses.replace(clause, fact=dataclasses.replace(clause.fact, terms=terms))


def _one_group(
    clauses: list[Clause], together: frozenset[str], everyone: frozenset[str]
) -> bool:
    """Every holder is tied to the others by a difference or a whole the story tells, or by
    being named together ("Marco and his dad went ..."): then "they" and "their" are all of
    them; a holder told only by an amount of its own is a stranger they may not include."""
    group: dict[str, str] = {h: h for h in everyone}

    def root(h: str) -> str:
        while group[h] != h:
            h = group[h]
        return h

    ties = [c.fact.terms for c in clauses if c.fact.kind != "told"]
    for terms in [*ties, tuple((h, 1) for h in together)]:
        named = [h for h, _ in terms if h in group]
        for other in named[1:]:
            group[root(other)] = root(named[0])
    return len({root(h) for h in everyone}) == 1


def _named_together(p: _Patterns, sentences: tuple[SourceSpan, ...]) -> frozenset[str]:
    """The holders a sentence of no number names as its subject, together ("Marco and his
    dad went strawberry picking"): whom "their" and "they" may gather."""
    found: set[str] = set()
    for span in sentences[:-1]:
        text = span.text.strip().lower()
        if re.search(rf"\b{NUMBER}\b", text):
            continue
        subject = p.together.match(text)
        if subject is not None:
            found.update(_holder(h) for h in re.split(r",? and |, ", subject.group(1)))
    return frozenset(found)


def _asked(
    p: _Patterns, span: SourceSpan, holders: frozenset[str], pronoun: dict[str, str]
) -> tuple[tuple[tuple[str, int], ...], str, Clause] | None:
    """The question: the asked signed holders, the unknown's role, and its verb and thing as
    a clause (for the checks of one verb and one thing)."""
    text = span.text.strip().lower()
    for index, pattern in enumerate(p.asked):
        match = pattern.fullmatch(text)
        if match is None:
            continue
        h = _resolve(_holder(match.group("h")), pronoun) if _group(match, "h") else None
        b = _group(match, "b")
        other = _resolve(_holder(b), pronoun) if b is not None else None
        terms: tuple[tuple[str, int], ...]
        if index in (0, 4) and h is not None:
            terms, kind = ((h, 1),), "compared"
        elif index in (1, 5):
            named: list[str | None] = [EVERY] if _group(match, "they") else [h, other]
            if _group(match, "they") and _group(match, "all") is None:
                return None
            if None in named or len(set(named)) != len(named):
                return None
            terms, kind = tuple((n, 1) for n in named if n is not None), "whole"
        elif h is not None and other is not None and h != other:
            sign = 1 if match.group("way") in _UP else -1
            terms, kind = ((h, sign), (other, -sign)), "difference"
        else:
            return None
        fact = Fact(terms, kind)
        said = _group(match, "way") or re.match(r"how (far|long|high)\b", text)
        way = said if isinstance(said, str) or said is None else said.group(1)
        thing = _thing(_group(match, "t") or _group(match, "u"))  # "how much ..., in pounds?"
        aux = match.group("aux") or asked_tense(match.group("v"))  # "they caught": did
        if aux is None:
            return None
        clause = Clause(fact, match.group("v"), aux, thing,
                         tail=_group(match, "tail"), way=way)  # fmt: skip
        return terms, kind, clause
    return None


def _resolve(holder: str, pronoun: dict[str, str]) -> str | None:
    """ "his" / "her" alone: the one name the possessed holder's possessive stands for
    (:func:`_owner_of_pronoun`); None when it stands for no one."""
    if holder in ("his", "her", "hers"):
        return pronoun.get("her" if holder == "hers" else holder)
    return holder


def _owner_of_pronoun(holders: frozenset[str], names: frozenset[str]) -> dict[str, str]:
    """Which name "his" or "her" alone stands for: the one name, when the one possessed holder
    is told with that possessive ("his dad" beside Marco: "his" is Marco)."""
    kin = [h for h in holders if h.split()[0] in ("his", "her")]
    named = [h for h in holders if h in names]
    if len(kin) != 1 or len(named) != 1:
        return {}
    return {kin[0].split()[0]: named[0]}


def read_chains(
    text: str, sentences: tuple[SourceSpan, ...], mentions: tuple[Mention, ...]
) -> Told | None:
    """The chain reading of the whole text (see the module docstring), or None."""
    if not text.isascii() or not re.search(
        r"\b(?:than|together|between|of (?:them|these|those))\b", text.lower()
    ):
        return None
    names = frozenset(
        value for m in mentions if m.kind == "actor" for key, value in m.attributes if key == "name"
    ) | _introduced(sentences)
    if not names:
        return None
    p = _patterns()
    holders: frozenset[str] = frozenset()
    clauses: list[Clause] = []
    consumed: list[tuple[int, int]] = []
    condition = question_condition(sentences[-1])  # "If they drew 41 ..., how many ...?"
    if condition is not None:
        story, question_span = (*sentences[:-1], condition[0]), condition[1]
    else:
        story, question_span = condition_cut(sentences)  # "If Leo caught 40 fish, what's ..."
    for span in story:
        read = _sentence(p, span, holders)
        if read is None:
            return None
        clauses.extend(read[0])
        if read[1] is not None:
            consumed.append(read[1])
    if not whole_of_them(clauses):
        return None
    clauses = _subjects_resolved(clauses, mentions)
    together = _named_together(p, sentences)
    if not all(_named(h, names) for c in clauses for h, _ in c.fact.terms) or not all(
        _named(h, names) for h in together
    ):
        return None  # a word read as a holder that the text names as no one
    told_holders = frozenset(h for c in clauses for h, _ in c.fact.terms) - {EVERY, "he", "she"}
    told_holders |= together
    kin = [h for h in told_holders if h.split()[0] in ("his", "her")]
    if kin and len(told_holders - set(kin)) != 1:
        return None  # "his dad" beside exactly one name
    pronoun = _owner_of_pronoun(told_holders, names)
    standing = {"he": pronoun.get("his"), "she": pronoun.get("her")}
    if any(h in standing for c in clauses for h, _ in c.fact.terms):
        # "His brother has 6 fewer rubber bands than he has": the one name his brother is his
        clauses = [_pronoun_resolved(c, standing) for c in clauses]
        if any(h in standing for c in clauses for h, _ in c.fact.terms):
            return None
    question = _asked(p, question_span, told_holders, pronoun)
    if question is None or not clauses:
        return None
    terms, kind, asked = question
    if not all(_named(h, names) for h, _ in terms):
        return None
    everyone = told_holders | {h for h, _ in terms} - {EVERY}
    gathers = any(h == EVERY for c in [*clauses, asked] for h, _ in c.fact.terms)
    if len(everyone) < 2 or (gathers and not _one_group(clauses, together, everyone)):
        return None  # "they" over a holder nothing ties to the others ("Zed has 9 apples")
    if not _they_named_before(p, clauses, everyone, sentences):
        return None
    terms = every_holder(terms, everyone)
    clauses = [dataclasses.replace(c, fact=dataclasses.replace(
        c.fact, terms=every_holder(c.fact.terms, everyone))) for c in clauses]  # fmt: skip
    if not {h for h, _ in terms} <= {h for c in clauses for h, _ in c.fact.terms}:
        return None  # a holder the story tells nothing of
    if not one_verb_thing_time([*clauses, asked]):
        return None
    units = {c.unit for c in clauses if c.unit is not None}
    if len(units) > 1:
        return None
    said = {c.thing[-1] for c in clauses if c.thing is not None} | {noun_key(u) for u in units}
    measured = bool(said & _MEASURED)
    consumed.append((sentences[-1].start, sentences[-1].end))
    return Told(
        facts=tuple(c.fact for c in clauses),
        asked=terms,
        asked_kind=kind,
        consumed=tuple(consumed),
        counts=not measured,
        observations=frozenset({"subset"} if any(c.elided == "of" for c in clauses) else ()),
    )


def _they_named_before(
    p: _Patterns,
    clauses: list[Clause],
    everyone: frozenset[str],
    sentences: tuple[SourceSpan, ...],
) -> bool:
    """Every whole told of "they" comes after every holder of the reading is named
    (:func:`~practiceloop.arith.side_they.they_after_every_holder`)."""
    told = [
        (c.fact.number[0], frozenset(h for h, _ in c.fact.terms) - {EVERY})
        for c in clauses
        if c.fact.number is not None
    ]
    for clause in clauses:
        if clause.elided != "they" or clause.fact.number is None:
            continue
        at = clause.fact.number[0]
        before = _named_together(p, (*(s for s in sentences[:-1] if s.end <= at), sentences[-1]))
        if not they_after_every_holder(at, told, everyone, before):
            return False
    return True


def _subjects_resolved(clauses: list[Clause], mentions: tuple[Mention, ...]) -> list[Clause]:
    """Each clause whose subject is "he" / "she" with that pronoun read as the one person
    named before it (:func:`~practiceloop.arith.chain_pronouns.subject_pronoun_holder`);
    unresolved, it stays a pronoun and the reading refuses it."""
    out: list[Clause] = []
    for at, clause in enumerate(clauses):
        terms = clause.fact.terms
        number = clause.fact.number
        if terms and terms[0][0] in ("he", "she") and number is not None:
            kin = any(h.split()[0] in ("his", "her") for c in clauses[:at] for h, _ in c.fact.terms)
            holder = subject_pronoun_holder(terms[0][0], number[0], mentions, kin)
            if holder is not None and holder not in {h for h, _ in terms[1:]}:
                fact = dataclasses.replace(clause.fact, terms=((holder, terms[0][1]), *terms[1:]))
                clause = dataclasses.replace(clause, fact=fact)
        out.append(clause)
    return out
