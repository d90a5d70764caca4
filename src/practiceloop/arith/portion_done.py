"""A seventh shape of the portion reading: a share of a whole told by what it did or does, the
share or the rest asked by the same words, the rest by their negation.

"There were 500 visitors at the fair. 40 percent of them fell ill. How many of them did not
fall ill?" Every one of the whole did the thing or did not, so the rest is what did not; the
question must say the share's verb (by its lemma, in the tense the share's verb has: "did"
after "fell", "do" after "have") and every word after it the same ("did not pass the test"
after "passed the test", never "did not pass the quiz" nor "did not pass" after "passed the
test in May"), and the thing it asks is the whole's (or "of them"). The share is "<F> of
(them | the <whole's noun>) <verb> [<words>]" ("40 percent of the students have glasses"),
its verb no form of "be", no "have" before a participle, no modal, nothing in it "not"; the whole
"There are 60 students [in the class]." or "<Holder> has 60 cards." (read by
:func:`~.portion_clauses.clauses`), before the share or after it in the question's "If"
clause ("If there were 500 visitors,"), or in the share ("Out of 60 students, 75% passed the
test", "75% of the 60 students passed the test"); a share sentence cut off by the question
("40 percent of the students have glasses, how many ...?") ends at its comma.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith._portion_base import Shape, one_holder, opening_says_nothing, same_thing
from practiceloop.arith.lexicon import noun_key, verb_key
from practiceloop.arith.numbers import parse_digits
from practiceloop.arith.portion_clauses import FRACTION, WORD, Clause, clauses
from practiceloop.arith.portion_clauses import fraction_phrase as _fraction
from practiceloop.kernel.frame import Mention, Observation
from practiceloop.kernel.span import SourceSpan

__all__ = ["read_done"]

_NOT_VERBS: Final = frozenset(
    """is are was were be been being am had do does did will would can could shall should may
    might must got get gets""".split()
)
"""Words that are no verb of a deed here: "be" (a property, read by the shares shape), an
auxiliary or a modal ("will pass": not done), "got" (often a passive)."""
_DEED: Final = rf"(?P<verb>[a-z]+)(?P<words>(?: {WORD}){{0,3}})"
"""A verb and up to three words after it ("fell ill", "passed the test", "have glasses")."""
_SHARE: Final = re.compile(
    rf"(?P<frac>{FRACTION}) of (?:(?P<them>them)|(?:the |all the )(?P<of>{WORD}(?: {WORD})??))"
    rf" {_DEED}"
)
_TOLD_IN: Final = (
    re.compile(
        rf"(?P<out>Out of|Of) (?:the |all the |all )?(?P<num>\d[\d,]*) (?P<of>{WORD}(?: {WORD})??),"
        rf" (?P<frac>{FRACTION}) (?:of them )?{_DEED}"
    ),
    re.compile(
        rf"(?P<frac>{FRACTION}) of (?:the |all the |all )?(?P<num>\d[\d,]*)"
        rf" (?P<of>{WORD}(?: {WORD})??) {_DEED}"
    ),
)
"""A share that tells its whole: "Out of 60 students, 75% passed the test", "Of the 60
students, ...", "75% of the 60 students passed the test"."""
_ASKED: Final = re.compile(
    rf"How many(?: (?P<thing>{WORD}))?(?: of (?:them|the (?P<of>{WORD})))?"
    rf" (?:(?P<aux>did|do|does) (?P<not>not )?(?P<base>[a-z]+)|(?P<verb>[a-z]+))"
    rf"(?P<words>(?: {WORD}){{0,3}})\?"
)
"""The question: "How many (students | of them | of the students) did not pass the test?",
"How many students passed the test?"."""
_PAST: Final = frozenset({"did"})


def read_done(
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    observations: tuple[Observation, ...],
    names: set[str],
) -> Shape | None:
    """The shape a share told by a deed makes of the text (see the module docstring), or
    None."""
    if len(sentences) < 2:
        return None
    body = list(sentences[:-1])
    opening: list[SourceSpan] = []
    whole: Clause | None = None
    share: tuple[re.Match[str], int] | None = None
    for index, sentence in enumerate(body):
        found = _share(sentence, last=index == len(body) - 1)
        if found is not None:
            if share is not None:
                return None
            share = found
            told = _told_in(*found)
            if told is not None:
                if whole is not None:
                    return None  # a whole told twice
                whole = told
            continue
        read = clauses(sentence)
        if read is None:
            if whole is not None or share is not None:
                return None
            opening.append(sentence)
            continue
        if whole is not None or len(read) != 1 or read[0].kind != "told" or read[0].way:
            return None
        whole = read[0]
    if share is None or whole is None or whole.amount is None or whole.value is None:
        return None
    thing = whole.thing
    if thing is None or thing == ("money",):
        return None
    match, at = share
    if match.group("of") is not None and not same_thing(thing, _key(match.group("of"))):
        return None
    if not all(opening_says_nothing(s, mentions, observations, thing) for s in opening):
        return None
    question = sentences[-1]
    text = question.text.strip()
    start = question.start + (len(question.text) - len(question.text.lstrip()))
    asked = _asked(text[:1].upper() + text[1:], match, thing)
    if asked is None:
        return None
    role, negation = asked
    if whole.holder is not None and one_holder([whole.holder], [], None, names) is None:
        return None
    value = _fraction(match.group("frac"))
    if value is None or not 0 < value[0] < 1:
        return None
    factor = ((at + match.start("frac"), at + match.end("frac")), value[0], value[1])
    consumed = [whole.verb_span, (at + match.start("verb"), at + match.end("verb"))]
    if match.groupdict().get("out"):  # "Out of 60 students,": the whole the share is of
        consumed.append((at + match.start("out"), at + match.end("out")))
    if negation is not None:
        consumed.append((start + negation[0], start + negation[1]))
    return Shape(
        factors=(factor,),
        told=whole.amount,
        told_value=whole.value,
        told_role="whole",
        asked_role=role,
        consumed=tuple(c for c in consumed if c is not None),
        counts=True,
        thing=thing[-1],
    )


def _share(sentence: SourceSpan, *, last: bool) -> tuple[re.Match[str], int] | None:
    """(the share's match, where its text starts) when the sentence is one share told by a
    deed; a sentence ending in a comma only right before the question."""
    text = sentence.text.strip()
    offset = sentence.start + (len(sentence.text) - len(sentence.text.lstrip()))
    if text.startswith("If ") or not (text.endswith(".") or (last and text.endswith(","))):
        return None
    said = text[:1].upper() + text[1:-1]
    match = _SHARE.fullmatch(said) or next(
        (m for p in _TOLD_IN if (m := p.fullmatch(said)) is not None), None
    )
    if match is None or match.group("verb") in _NOT_VERBS or match.group("verb") == "not":
        return None
    after = (match.group("words").split() or [""])[0]
    if match.group("verb") in ("have", "has") and re.fullmatch(r"[a-z]+(?:ed|en|ne)", after):
        return None  # "have passed", "have eaten": a deed told by "have" and its participle
    return match, offset


def _told_in(match: re.Match[str], at: int) -> Clause | None:
    """The whole a share tells in it ("Out of 60 students"), as a clause with no holder."""
    if "num" not in match.groupdict():
        return None
    value = parse_digits(match.group("num"))
    if value is None:
        return None
    span = (at + match.start("num"), at + match.end("num"))
    return Clause("told", None, None, span, value, _key(match.group("of")))


def _key(words: str) -> tuple[str, ...]:
    parts = words.lower().split()
    return (*parts[:-1], noun_key(parts[-1]))


def _asked(
    question: str, share: re.Match[str], thing: tuple[str, ...]
) -> tuple[str, tuple[int, int] | None] | None:
    """(``part`` or ``rest``, the "not" read) when the question asks the share by its very
    deed or the rest by the deed negated, of the whole's thing; None otherwise."""
    match = _ASKED.fullmatch(question)
    if match is None or match.group("words") != share.group("words"):
        return None
    for said in (match.group("thing"), match.group("of")):
        if said is not None and not same_thing(thing, _key(said)):
            return None
    told = share.group("verb")
    if match.group("verb") is not None:  # "How many students passed the test?"
        return ("part", None) if match.group("verb") == told else None
    base, aux = match.group("base"), match.group("aux")
    if verb_key(base) != verb_key(told) or base in _NOT_VERBS:
        return None
    if (aux in _PAST) != (told != base and verb_key(told) == base and not told.endswith("s")):
        return None  # "did" after a past verb ("fell"), "do" after a present one ("have")
    if match.group("not") is None:
        return None  # "How many did pass?": emphasis, read nowhere
    return "rest", (match.start("not"), match.start("not") + 3)
