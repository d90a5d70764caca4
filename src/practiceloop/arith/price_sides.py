"""Prices of items told by a difference from another item's, then summed: the price reading.

"A pen costs $3 more than a pencil. A pencil costs $2. How much do both cost?" The sides are
the items ("a pen", "the pencil"), each with one price; :func:`read_price_sides` reads every
sentence of the story into facts of :mod:`practiceloop.arith.sides`:

* a price told: "<Item> costs|cost $<N>";
* a price compared: "<Item> costs|cost $<N> more|less than <Item>";
* two of them joined by "and" (each with its subject and verb), and a price told as the
  question's condition ("If a pencil costs $2, how much ...?");

and the question as the sum of every item told ("How much do both cost?", "How much do the pen
and the pencil cost together?", "Find the total cost of both items.", "What is the total cost of the
pen and the pencil?") or one item's price ("How much does the pen cost?"). A payer ("How much
did Tom pay for a pen and a pencil?") is no item: the owner proofs refuse a stranger, so the
reading does not read it.

What makes it sound: an item is "a|an|the" and one or two plain words (no name, no possessive,
no number: "a pen" and "the pen" are one item, "the red pen" and "the blue pen" two); a
difference's "than" names another item, never a multiple ("less than twice the pencil" is no
item) nor two items ("more than a pen and a pencil" leaves "a pencil" no clause); one price word
for every amount ("$"), one tense ("costs" against "does", "cost" of one item against "did"; a
modal "would cost" is no clause); "both" asks exactly two items told, a question naming items
names exactly every item told, each once, each bought one ("a" / "the"); every story sentence
is read word by word (a distractor sentence, a third thing, a stranger leaves the reading
None); the sides framework then requires every number to be one fact's, no observation, one
equation per item and no price below zero.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.sides import (
    NOT_A_KIND,
    NUMBER,
    Fact,
    Told,
    is_money,
    number_value,
    told_and_asked,
)
from practiceloop.kernel.frame import Mention
from practiceloop.kernel.span import SourceSpan

__all__ = ["may_read", "read_price_sides"]

_ITEM: Final = r"(?:a|an|the) [a-z]+(?: [a-z]+)?"
_CLAUSE: Final = re.compile(
    rf"(?P<h>{_ITEM}) (?P<v>costs|cost) (?P<n>{NUMBER})(?: (?P<cmp>more|less) than (?P<b>{_ITEM}))?"
)
_ALL: Final = r"(?: together| in all| in total| altogether| all together| combined)?"
_ITEMS: Final = rf"(?:both(?: items| things)?|(?P<x>{_ITEM}) and (?P<y>{_ITEM}))"
_ASK_SUM: Final = re.compile(rf"how much (?P<v>do|did) {_ITEMS} cost{_ALL}\?")
_ASK_TOTAL: Final = re.compile(
    rf"(?:find|calculate|what is|what was|what's) the (?:total|combined) (?:cost|price)"
    rf" of {_ITEMS}[.?]"
)
_ASK_ONE: Final = re.compile(rf"how much (?P<v>does|did) (?P<x>{_ITEM}) cost\?")
_JOIN: Final = re.compile(r",? and ")
_MAY: Final = re.compile(r"\bcosts? \$", re.IGNORECASE)


def may_read(text: str) -> bool:
    """A cheap first test: the text tells a price by "cost(s) $"."""
    return _MAY.search(text) is not None


def _item(said: str) -> str | None:
    """An item as its key: the words after the article, the last as its noun; None for a word
    no item is ("the other", "a few")."""
    words = said.split()[1:]
    if any(w in NOT_A_KIND for w in words):
        return None
    return " ".join((*words[:-1], noun_key(words[-1])))


class _Story:
    """What the sentences read so far tell: the items in order and the tense."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.present: set[bool] = set()

    def clause(self, text: str, offset: int) -> Fact | None:
        match = _CLAUSE.fullmatch(text)
        if match is None or not is_money(match.group("n")):
            return None
        value = number_value(match.group("n"))
        holder = _item(match.group("h"))
        if value is None or holder is None:
            return None
        self.present.add(match.group("v") == "costs")
        span = (offset + match.start("n"), offset + match.end("n"))
        said = match.group("b")
        if said is None:
            self.items.append(holder)
            return Fact(((holder, 1),), "told", span, value)
        base = _item(said)
        if base is None or base == holder or value <= 0:
            return None
        sign = 1 if match.group("cmp") == "more" else -1
        self.items.extend((holder, base))
        return Fact(((holder, sign), (base, -sign)), "difference", span, value)

    def asked(self, text: str) -> tuple[tuple[tuple[str, int], ...], str] | None:
        one = _ASK_ONE.fullmatch(text)
        if one is not None:
            self.present.add(one.group("v") == "does")
            holder = _item(one.group("x"))
            return None if holder is None else (((holder, 1),), "compared")
        match = _ASK_SUM.fullmatch(text) or _ASK_TOTAL.fullmatch(text)
        if match is None:
            return None
        verb = match.groupdict().get("v")
        if verb is not None:
            self.present.add(verb == "do")
        told = list(dict.fromkeys(self.items))
        if match.group("x") is None:
            named = told if len(told) == 2 else []
        else:
            x, y = _item(match.group("x")), _item(match.group("y"))
            named = [] if x is None or y is None or x == y else [x, y]
        if not named or sorted(named) != sorted(told):
            return None
        return tuple((h, 1) for h in named), "whole"


def read_price_sides(
    text: str, sentences: tuple[SourceSpan, ...], mentions: tuple[Mention, ...]
) -> Told | None:
    """The price reading of the whole text (see the module docstring), or None."""
    del mentions  # no holder is a person: the reading needs no names
    if not text.isascii() or not 2 <= len(sentences) <= 4 or not may_read(text):
        return None
    story = _Story()
    facts: list[Fact] = []
    consumed: list[tuple[int, int]] = []
    # "If a pencil costs $2, how much ...?": the condition is told
    told, asked_text, start = told_and_asked(sentences, ", ")
    for text_of, begin, end in told:
        body = text_of.strip().rstrip(".,").lower()
        offset = begin + (len(text_of) - len(text_of.lstrip()))
        if body.startswith("if "):
            body, offset = body[3:], offset + 3
        last = 0
        pieces: list[tuple[str, int]] = []
        for join in _JOIN.finditer(body):
            pieces.append((body[last : join.start()], offset + last))
            last = join.end()
        pieces.append((body[last:], offset + last))
        for piece, at in pieces:
            fact = story.clause(piece, at)
            if fact is None:
                return None
            facts.append(fact)
        consumed.append((begin, end))
    question = story.asked(asked_text)
    if question is None or len(story.present) != 1:
        return None
    asked, kind = question
    if not all(any(h == t for f in facts for t, _ in f.terms) for h, _ in asked):
        return None  # an item the story never priced
    consumed.append((sentences[-1].start, sentences[-1].end))
    return Told(
        facts=tuple(facts), asked=asked, asked_kind=kind, consumed=tuple(consumed), counts=False
    )
