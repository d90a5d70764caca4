"""The question of the portion reading's first shape: what it asks of the story, read by one
pattern each (see :mod:`practiceloop.arith.portion_shares`)."""

from __future__ import annotations

import dataclasses
import re
from typing import Final

from practiceloop.arith.portion_clauses import HOLDER as _HOLDER
from practiceloop.arith.portion_clauses import THING as _THING
from practiceloop.arith.portion_clauses import VERB as _VERB
from practiceloop.arith.portion_clauses import WORD as _WORD
from practiceloop.arith.portion_clauses import loses as _loses
from practiceloop.arith.portion_clauses import noun_phrase as _thing
from practiceloop.kernel.span import SourceSpan

__all__ = ["Asked", "asked", "question"]

_BE: Final = r"(?P<aux>is|are|was|were)"
_PROP: Final = rf"(?P<prop>(?:not )?{_WORD}(?: {_WORD}| with {_WORD}| by {_WORD}){{0,3}})"


def question(span: SourceSpan) -> tuple[str, int]:
    """The question's text, its first letter upper case (the reader cuts "If ... ," off "how
    many ...?"), and where it starts."""
    text = span.text.strip()
    offset = span.start + (len(span.text) - len(span.text.lstrip()))
    return text[:1].upper() + text[1:], offset


@dataclasses.dataclass(frozen=True, slots=True)
class Asked:
    """What the question asks of the story."""

    kind: str
    """``left`` (what the holder has after the move), ``moved`` (the portion, by its verb),
    ``start`` (the whole, asked back from what was left), ``prop`` (the portion, by its
    property) or ``rest`` (the rest, by the rest's property or the portion's negated)."""
    holder: str | None
    thing: tuple[str, ...] | None
    verb: str | None = None
    prop: str | None = None
    negation: tuple[int, int] | None = None  # the "not <property>" a "rest" question reads
    over: tuple[int, int] | None = None  # the "left over" a "left" question reads


_HOW: Final = rf"How (?P<much>many|much)(?: (?P<thing>{_THING}))?(?:, in dollars,)?"
_QTAIL: Final = r"(?P<qtail>(?: (?:in|at|on|from|with|for) (?:the|his|her|their|a) [a-z]+)?)"
_ASK_HAVE: Final = re.compile(
    rf"{_HOW} (?P<aux>does|do|will|did) {_HOLDER} (?:have|has)(?P<state> left| now)?{_QTAIL}\?"
)
_ASK_LEFT: Final = re.compile(
    rf"{_HOW}(?: of them)? (?:is|are|was|were|will be) (?P<left>left over|left|remaining)"
    rf"(?: (?:for|with) {_HOLDER}|{_QTAIL})\?"
)
_ASK_WHAT_LEFT: Final = (
    re.compile(rf"What is the amount of (?P<thing>money|{_THING}) {_HOLDER} (?:has|had) left\?"),
    re.compile(rf"How much is left of {_HOLDER}['’]s (?P<thing>money)\?"),
)
"""What is left asked by its amount: "What is the amount of money Derek has left?", "How much
is left of John's money?"."""
_ASK_REMAIN: Final = re.compile(
    rf"{_HOW} (?:remain|remains|remained)(?: with {_HOLDER}|{_QTAIL})\?"
)
_ASK_MOVED: Final = re.compile(rf"{_HOW} did {_HOLDER} {_VERB}(?: away)?{_QTAIL}\?")
_ASK_START: Final = re.compile(
    rf"{_HOW} did {_HOLDER} have (?:at first|originally|in the beginning|at the beginning"
    r"|to begin with|at the start|initially)\?"
)
_ASK_PROP: Final = re.compile(
    rf"{_HOW}(?: of them| of the (?P<ofthing>{_THING}))? {_BE} {_PROP}\?"
)
_ASK_THERE: Final = re.compile(rf"How many (?P<thing>{_WORD}) (?:are|were) there\?")


def asked(text: str, offset: int) -> Asked | None:
    """What the question asks (see :class:`Asked`); None for any other question."""
    match = _ASK_START.fullmatch(text)
    if match is not None:
        return Asked("start", match.group("subj"), _thing(match.group("thing")))
    match = _ASK_HAVE.fullmatch(text)
    if match is not None:
        if match.group("aux") == "did" and match.group("state") != " left":
            return None  # "How many did she have?": before the move or after it
        return Asked("left", match.group("subj"), _thing(match.group("thing")))
    match = _ASK_LEFT.fullmatch(text)
    if match is not None:
        over = None
        if match.group("left") == "left over":
            over = (offset + match.start("left"), offset + match.end("left"))
        return Asked("left", match.group("subj"), _thing(match.group("thing")), over=over)
    match = _ASK_REMAIN.fullmatch(text)
    if match is not None:
        return Asked("left", match.group("subj"), _thing(match.group("thing")))
    for pattern in _ASK_WHAT_LEFT:
        match = pattern.fullmatch(text)
        if match is not None:
            return Asked("left", match.group("subj"), _thing(match.group("thing")))
    match = _ASK_MOVED.fullmatch(text)
    if match is not None:
        verb = match.group("verb")
        if not _loses(verb):
            return None
        return Asked("moved", match.group("subj"), _thing(match.group("thing")), verb=verb)
    match = _ASK_PROP.fullmatch(text)
    if match is not None and match.group("much") == "many":
        prop = match.group("prop")
        if match.group("thing") and match.group("ofthing"):
            return None
        thing = _thing(match.group("thing") or match.group("ofthing"))
        if prop.startswith("not "):
            at = offset + match.start("prop")
            return Asked("rest", None, thing, prop=prop[4:], negation=(at, at + len(prop)))
        return Asked("prop", None, thing, prop=prop)
    match = _ASK_THERE.fullmatch(text)
    if match is not None:
        return Asked("prop", None, None, prop=match.group("thing"))
    return None
