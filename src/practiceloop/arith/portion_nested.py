"""A sixth shape of the portion reading: a share of a share, each told as a property.

"Terez has 44 cows. 50% of the cows are female, and 30% of the females are pregnant. How many
pregnant female cows does Terez have?" The first share is of the told whole; the second is of
the first share, named by the first share's property as a noun ("of the females", "of the
juniors", "of the female cows"), never "of them" (the whole or the share?) nor of the whole
again (two properties of one whole tell nothing of how they overlap). The question asks the
second share of the first, by both properties ("How many pregnant female cows ...?", "How many
(of the) juniors are athletes?"), and nothing else: the first share, the whole, a property of
the whole alone are no part of this reading.

The sentences are, in order: opening sentences that say nothing countable; the whole ("Terez
has 44 cows on his farm.", "There are 500 students in a school.", read by
:func:`~.portion_clauses.clauses`); the two shares, in one sentence joined by "and" or in two,
each "<F> of the <noun> are <property>" or "Of the <noun>, <F> are <property>", the first also
"<F> of them are ..." or "<F> are ..." (of the whole just told), or telling the whole itself
when no sentence before does ("Of the 240 guests, 60 percent are female", "60% of the 240
guests are female"); the question. Every verb is a
form of "be" of the whole's tense ("There were 40 ducks. Half of them are white": another
time), the whole counts things (no money), its holder is the question's, no share says "not",
and the amounts come out whole (the portion reading's own checks).
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith._portion_base import Shape, one_holder, opening_says_nothing, same_thing
from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.numbers import parse_digits
from practiceloop.arith.portion_clauses import FRACTION, HOLDER, WORD, Clause, clauses
from practiceloop.arith.portion_clauses import fraction_phrase as _fraction
from practiceloop.arith.portion_kinds import one_tense
from practiceloop.kernel.frame import Mention, Observation
from practiceloop.kernel.span import SourceSpan

__all__ = ["read_nested"]

_NOUNS: Final = rf"{WORD}(?: {WORD}){{0,2}}"
_PROPERTY: Final = (
    rf"(?P<prop>{WORD}(?: {WORD}){{0,2}}(?: (?:in|on|at|from|with) (?:the |a |an )?{WORD}"
    rf"(?: {WORD})?)?)"
)
"""A property: one to three words, then at most one place or source ("involved in sports",
"in the band"); no "not" (:data:`~.portion_clauses.WORD` refuses it) and no number."""
_SHARE: Final = re.compile(
    rf"(?P<frac>{FRACTION})(?: of (?:(?P<them>them)|(?P<det>the |all the |all )?(?P<of>{_NOUNS})))?"
    rf" (?P<aux>are|were) {_PROPERTY}"
)
_TOLD_IN: Final = (
    re.compile(
        rf"(?:Of|Out of) (?:the |all the |all )?(?P<num>\d[\d,]*) (?P<of>{_NOUNS}),"
        rf" (?P<frac>{FRACTION}) (?:of them )?(?P<aux>are|were) {_PROPERTY}"
    ),
    re.compile(
        rf"(?P<frac>{FRACTION}) of (?:the |all the |all )?(?P<num>\d[\d,]*) (?P<of>{_NOUNS})"
        rf" (?P<aux>are|were) {_PROPERTY}"
    ),
)
"""A first share that tells its whole: "Of the 240 guests, 60 percent are female", "60% of
the 240 guests are female"."""
_OF_FIRST: Final = re.compile(
    rf"Of (?:the |all the )?(?P<of>{_NOUNS}), (?P<frac>{FRACTION}) (?:of them )?(?P<aux>are|were)"
    rf" {_PROPERTY}"
)
_JOIN: Final = re.compile(r",? and |, ")

_AFTER: Final = rf"(?:(?P<there>are there|were there)|(?P<aux>does|did|do) {HOLDER} have)"
_ASK_NAMED: Final = re.compile(rf"How many (?P<words>{_NOUNS}(?: {WORD}){{0,2}}) {_AFTER}\?")
""""How many pregnant female cows does Terez have?": the second property, the first, then
the whole's noun or not (split by :func:`_named_both`)."""
_ASK_ARE: Final = re.compile(
    rf"How many (?:of the )?(?P<of>{_NOUNS}) (?P<be>are|were) (?P<not>not )?{_PROPERTY}\?"
)
""""How many (of the) juniors are athletes?": the first share by its noun, the second by its
property."""


def read_nested(
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    observations: tuple[Observation, ...],
    names: set[str],
) -> Shape | None:
    """The shape a share of a share makes of the text (see the module docstring), or None."""
    if len(sentences) < 2:
        return None
    opening: list[SourceSpan] = []
    whole: Clause | None = None
    shares: list[_Share] = []
    for sentence in sentences[:-1]:
        told = _shares(sentence)
        if told is not None:
            shares.extend(told)
            continue
        read = clauses(sentence)
        if read is None and whole is None and not shares:
            opening.append(sentence)
            continue
        if read is None or whole is not None or shares or len(read) != 1:
            return None
        if read[0].kind != "told" or read[0].way is not None:
            return None
        whole = read[0]
    if len(shares) != 2:
        return None
    if whole is None:
        whole = _told_in(shares[0])  # "Of the 240 guests, 60 percent are female."
    elif "num" in shares[0][0].groupdict():
        return None  # a whole told twice
    if "num" in shares[1][0].groupdict():
        return None  # the second share is of the first, never of a whole of its own
    if whole is None or whole.amount is None or whole.value is None or whole.thing is None:
        return None
    thing = whole.thing
    if thing == ("money",):
        return None
    first, second = shares
    if not _of_whole(first[2], thing) or not _names_share(second[2], first[1], thing):
        return None
    if not all(opening_says_nothing(s, mentions, observations, thing) for s in opening):
        return None
    question = sentences[-1].text.strip()
    offset = sentences[-1].start + (len(sentences[-1].text) - len(sentences[-1].text.lstrip()))
    asked = _asked(question, first[1], second[1], thing, offset)
    if asked is None:
        return None
    role, holder, negation = asked
    said = [h for h in (whole.holder, holder) if h is not None]
    if said and one_holder(said, [], holder, names) is None:
        return None
    if whole.holder is None and holder is not None:
        return None  # "There are 40 cows ... How many ... does Tom have?"
    steps = [("take", first[4]), ("take", second[4])]
    if not one_tense(whole.verb, steps, question):
        return None
    factors = []
    for share in (first, second):
        value = _fraction(share[0].group("frac"))
        if value is None or not 0 < value[0] < 1:
            return None
        factors.append(((share[5], share[5] + len(share[0].group("frac"))), value[0], value[1]))
    consumed = [whole.verb_span, *(s[4].verb_span for s in (first, second)), negation]
    return Shape(
        factors=tuple(factors),
        told=whole.amount,
        told_value=whole.value,
        told_role="whole",
        asked_role=role,
        consumed=tuple(c for c in consumed if c is not None),
        counts=True,
        thing=thing[-1],
        steps=(("take", 0), ("take_part", 1)),
    )


_Share = tuple[re.Match[str], str, str | None, str, Clause, int]
"""(the match, the property, what the share is of as written, ``whole`` or ``named``, a
clause carrying its verb, where its fraction starts)."""


def _shares(sentence: SourceSpan) -> list[_Share] | None:
    """The one or two shares a sentence tells ("50% of the cows are female, and 30% of the
    females are pregnant."), or None."""
    text = sentence.text.strip()
    offset = sentence.start + (len(sentence.text) - len(sentence.text.lstrip()))
    if not text.endswith("."):
        return None
    text = text[:-1]
    one = _share(text, offset)
    if one is not None:
        return [one]
    for join in _JOIN.finditer(text):
        left = _share(text[: join.start()], offset)
        right = _share(text[join.end() :], offset + join.end())
        if left is not None and right is not None:
            return [left, right]
    return None


def _share(text: str, offset: int) -> _Share | None:
    """One share: "<F> of the <noun> are <property>", "Of the <noun>, <F> are <property>"
    (named: ``named``), "<F> of them are ...", "<F> are ..." (of the whole: ``whole``)."""
    match = _SHARE.fullmatch(text) or _OF_FIRST.fullmatch(text)
    if match is None:
        match = next((m for p in _TOLD_IN if (m := p.fullmatch(text)) is not None), None)
    if match is None:
        return None
    groups = match.groupdict()
    of = groups.get("of")
    aux = match.group("aux")
    verb = Clause(
        "property", None, aux,
        verb_span=(offset + match.start("aux"), offset + match.end("aux")),
    )  # fmt: skip
    kind = "named" if of is not None else "whole"
    return match, match.group("prop"), of, kind, verb, offset + match.start("frac")


def _told_in(share: _Share) -> Clause | None:
    """The whole a first share tells in it ("Of the 240 guests"), as a clause with no holder
    and the share's verb."""
    match = share[0]
    if "num" not in match.groupdict():
        return None
    value = parse_digits(match.group("num"))
    if value is None:
        return None
    at = share[5] - match.start("frac")
    span = (at + match.start("num"), at + match.end("num"))
    return Clause("told", None, match.group("aux"), span, value, _key(match.group("of")))


def _key(words: str) -> tuple[str, ...]:
    """A noun phrase as a key: its words lower case, the last as its noun."""
    parts = words.lower().split()
    return (*parts[:-1], noun_key(parts[-1]))


def _of_whole(of: str | None, thing: tuple[str, ...]) -> bool:
    """The first share is of the whole: "of them", unsaid, or the whole's noun."""
    return of is None or same_thing(thing, _key(of))


def _names_share(of: str | None, prop: str, thing: tuple[str, ...]) -> bool:
    """ "of the females" after "are female", "of the juniors" after "are juniors", "of the
    female cows": the second share is of the first, named by its property as a noun (alone
    or before the whole's noun), never of the whole ("of the cows")."""
    if of is None or same_thing(thing, _key(of)):
        return False
    named = _key(of)
    said = _key(prop)
    return named == said or named == (*prop.lower().split(), thing[-1])


def _asked(
    question: str, first: str, second: str, thing: tuple[str, ...], offset: int
) -> tuple[str, str | None, tuple[int, int] | None] | None:
    """(the role asked, the question's holder, the "not" it reads) when it asks the second
    share of the first by both properties (``part_2``), or the rest of the first share by the
    second property's other kind or its negation (``rest_2``: "How many female worker ants
    are there?" after "20% of the worker ants are male", "How many juniors are not
    athletes?"); None otherwise."""
    named = _ASK_NAMED.fullmatch(question)
    if named is not None:
        words = named.group("words")
        for said, role in ((second, "part_2"), (_OTHER_KIND.get(second), "rest_2")):
            if said is not None and _named_both(words, first, said, thing):
                return role, named.groupdict().get("subj"), None
        return None
    are = _ASK_ARE.fullmatch(question)
    if are is None or not _names_share(are.group("of"), first, thing):
        return None
    prop = are.group("prop")
    if are.group("not"):  # "How many juniors are not athletes?"
        negation = (offset + are.start("not"), offset + are.start("not") + 3)
        return ("rest_2", None, negation) if prop == second else None
    if prop == second:
        return "part_2", None, None
    if prop == _OTHER_KIND.get(second):
        return "rest_2", None, None
    return None


_OTHER_KIND: Final = {"male": "female", "female": "male"}
"""The two kinds that split any group of animals or people between them: the rest of a share
told of one is the other."""


def _named_both(words: str, first: str, second: str, thing: tuple[str, ...]) -> bool:
    """ "pregnant female cows", "pregnant females": the second property, then the first (as
    a noun, or before the whole's noun)."""
    if not words.startswith(second + " "):
        return False
    rest = words[len(second) + 1 :]
    return _names_share(rest, first, thing)
