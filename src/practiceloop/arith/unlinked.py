"""Numbers nothing in the text links to the asked quantity (issue 15, a helper round).

The reasons of :mod:`.unbearing` prove from the whole text that a number cannot reach the
asked quantity. These do the same for the distractors word-problem writers insert on purpose
(another person's amounts beside the asked person's, the people a thing is made for, a list
told without commas); each holds only when no word of the text could tie the number to what
the relation computes:

* :func:`holder_beside_own_change`: another person's amounts ("Jason had 16 dollars ... now
  Jason has 69 dollars") when the question asks how much the asked person's amount changed
  and the relation binds that person's own amount before and after: the change is the
  difference of those two, whatever anybody else holds, unless a move ties the two people,
  and no sentence that names the other person tells one.

Pure functions of a frame, a quantity view, the amounts a relation binds and the target, with
the signature of :data:`practiceloop.arith.unbearing.SetAsideReason`; they read the frame's
mentions, relations and source text to check a reason, never to infer a role. This module
imports no other set-aside module: :mod:`.unbearing` lists its reasons after its own.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import verb_class
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    attribute,
    owner_of,
    quantity_views,
    sentence_words,
)
from practiceloop.kernel.frame import ProblemFrame, Relation

__all__ = ["UNLINKED_REASONS", "holder_beside_own_change"]

_OBJECTS: Final = frozenset({"him", "her", "them", "us", "me", "each", "other", "both"})
"""Words by which a sentence may tell a move to or from someone it does not name."""

_POSSESSIVES: Final = frozenset({"his", "her", "their", "its", "my", "our", "your", "s"})
"""Words that tell whose a thing is ("s" of "Ada's", split off as a word)."""


def _relation(frame: ProblemFrame, organ: str) -> Relation | None:
    return next((r for r in frame.relations if r.relation_type == organ), None)


def _named_in(frame: ProblemFrame, name: str, sentence: int) -> bool:
    """An actor mention of ``name`` lies in ``sentence``."""
    return any(
        m.kind == "actor"
        and m.span.sentence_index == sentence
        and attribute(m.attributes, "name") == name
        for m in frame.mentions
    )


def _moves_in(frame: ProblemFrame, sentence: int) -> bool:
    """A cue of the reader that moves something (a gain or a loss) lies in ``sentence``."""
    return any(
        m.kind == "cue"
        and m.span.sentence_index == sentence
        and attribute(m.attributes, "direction") in ("gain", "loss")
        for m in frame.mentions
    )


def holder_beside_own_change(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` is an amount another person holds, and the relation is the asked person's own
    change told by both its ends: "Last week Fred had 19 dollars and Jason had 16 dollars.
    They washed cars and now Fred has 40 dollars and Jason has 69 dollars. How much money did
    Fred earn?" (Jason's 16 and 69 say nothing of Fred's 40 - 19). A ``change`` whose unknown
    is the move the question asks by a verb ("earn", "make"), whose start and result are
    both bound and both the asked person's (a named owner); ``q`` a plain holding (no move,
    rate or comparison) of someone else, named in ``q``'s sentence, who is not asked, not the
    question's "than", and owns no bound amount. Nothing may tie the two: every sentence
    that names that person tells no move of the reader's and no object pronoun ("Jason gave
    him 5"); the asked person's own moves are the relation's. Refused: the other person
    asked, a move in a sentence naming them, a start or a result not the asked person's."""
    relation = _relation(frame, organ)
    if organ != "change" or relation is None or relation.role("change") != target.mention_id:
        return False
    asked = target.owner
    if asked is None or asked == "group" or target.direction is None:
        return False
    ends = [relation.role("start"), relation.role("result")]
    views = {v.mention_id: v for v in quantity_views(frame.mentions)}
    if any(m is None or m not in views or owner_of(frame, views[m]) != asked for m in ends):
        return False
    if q.in_question or q.direction is not None or q.compare is not None or q.per is not None:
        return False
    if q.additional or verb_class(q.verb) != "observation":
        return False
    holder = owner_of(frame, q)
    if holder is None or holder in ("group", asked, target.than):
        return False
    if not _named_in(frame, holder, q.sentence):
        return False
    if any(owner_of(frame, b) == holder for b in bound):
        return False
    if _clause_names(frame, q, asked):
        return False  # "Ben had 15 dollars in Ada's jar"
    told = {m.span.sentence_index for m in frame.mentions if m.kind == "actor"
            and attribute(m.attributes, "name") == holder}  # fmt: skip
    return not any(
        _moves_in(frame, s) or _OBJECTS & set(sentence_words(frame, s)) for s in told
    )


def _clause_names(frame: ProblemFrame, q: QuantityView, name: str) -> bool:
    """The clause of ``q`` (from its sentence's start or the last mark or "and" before its
    number, to the next one after it) spells ``name`` or a possessive."""
    mention = frame.mention(q.mention_id)
    if mention is None:
        return True
    text = frame.source_text
    sentence = frame.sentences[q.sentence]
    before = text[sentence.start : mention.span.start]
    opened = [m.end() for m in re.finditer(r"[,;]|\band\b|\bbut\b", before)]
    start = sentence.start + (opened[-1] if opened else 0)
    tail = re.search(r"[.,;!?]|\band\b|\bbut\b", text[mention.span.end : sentence.end])
    end = mention.span.end + (tail.start() if tail else sentence.end - mention.span.end)
    said = {w.lower() for w in re.findall(r"[A-Za-z]+", text[start:end])}
    return name in said or bool(said & _POSSESSIVES)


UNLINKED_REASONS: Final = (("holder_beside_own_change", holder_beside_own_change),)
"""The reasons of this module, by name, in the order they are tried."""
