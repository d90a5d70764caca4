"""What the proofs check of a category named before its kinds, and of two parts told one by one.

Private to :mod:`practiceloop.arith.accounting` and the composed checks. "For the fair Omar
baked treats. He baked 6 muffins and 14 tarts.": the first sentence tells, with no amount, the
move the next sentence tells with its amounts; its verb is that move told twice, consumed when
the relation binds the kinds. "One had 20 stickers and the other had 31" lists two parts.
Pure functions of the frame's spans, source text and the bound amounts' views (the reader's
attributes are read only for what the frame binds, never to infer a role).
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import noun_key, verb_class, verb_key
from practiceloop.arith.reading import QuantityView
from practiceloop.arith.set_aside import sentence_words
from practiceloop.kernel.frame import Mention, ProblemFrame

__all__ = ["category_of_a_list", "category_told", "one_and_the_other"]


def category_told(frame: ProblemFrame, cue: Mention, bound: list[QuantityView]) -> bool:
    """``cue`` is the verb of a sentence that holds no quantity and ends with it and a plural
    noun ("Omar baked treats."), and the next sentence holds two or more bound amounts of
    that noun (the kinds the reader counted as it), each moved by a verb of the cue's class
    ("baked 6 muffins and 14 tarts"): the same move, told first of the category. False for a
    sentence with an amount, a verb not ending its sentence with one noun, another class of
    verb in the next sentence ("sold 6 muffins"), or kinds not bound."""
    sentence = cue.span.sentence_index
    if any(m.kind == "quantity" and m.span.sentence_index == sentence for m in frame.mentions):
        return False
    said = sentence_words(frame, sentence)
    verb = cue.span.text.lower()
    if len(said) < 2 or said[-2] != verb:
        return False
    category = noun_key(said[-1])
    if category == said[-1]:
        return False  # no plural: "made a pie"
    cls = verb_class(verb)
    kinds = [q for q in bound if q.sentence == sentence + 1]
    return len(kinds) >= 2 and all(
        q.entity == category and q.unit is None and verb_class(q.verb) == cls for q in kinds
    )


_OTHER: Final = re.compile(r"\band\s+the\s+other\s+(?:[a-z]+\s+)?$", re.IGNORECASE)


def one_and_the_other(frame: ProblemFrame, a: QuantityView, b: QuantityView) -> bool:
    """Two amounts of one sentence told one by one, "One had 20 stickers and the other had
    31": the sentence opens with "One" and the later amount follows "and the other" and at
    most one word (its verb) after the earlier one. A list of two parts, as "20 and 31" is.
    False in two sentences, without "One" opening the sentence, or with more between."""
    earlier, later = (a, b) if a.start < b.start else (b, a)
    first, second = frame.mention(earlier.mention_id), frame.mention(later.mention_id)
    if first is None or second is None or earlier.sentence != later.sentence:
        return False
    if sentence_words(frame, earlier.sentence)[:1] != ["one"]:
        return False
    between = frame.source_text[first.span.end : second.span.start]
    if between.count(" and ") != 1:
        return False
    return _OTHER.search(between) is not None


def category_of_a_list(others: list[QuantityView], subset: QuantityView, thing: str) -> bool:
    """ "Priya picked 14 daisies and 9 lilies. If she only used 18 of the flowers": a definite
    "N of the X" whose X no amount of the text counts names what the one list told before it
    is: the list's kinds are X (the text's word; the reader knows no taxonomy). ``others`` are
    every amount of the text but the subset and the question's.

    Only when the text tells nothing else: exactly two amounts (a longer list may mix in a kind
    that X does not name, "14 daisies, 9 lilies and 6 ferns", and nothing in the text tells
    which), both before the subset, in one sentence, under one verb (a holding or a gain, no
    rate, comparison or state), of one owner, each counting a thing read and none X, all of
    one unit; and no amount's noun or kind says X ("5 flower vases"). False otherwise: "used
    18 of the daisies" (a kind the text counts), a third amount told elsewhere ("She also
    bought 6 roses"), a second owner, a move before the list."""
    if len(others) != 2 or not thing:
        return False
    said = {q.entity for q in others} | {q.unit for q in others}
    said |= {word for q in others for word in (q.modifier or "").split()}
    if thing in said or None in {q.entity for q in others}:
        return False
    return (
        all(
            q.start < subset.start
            and q.per is None
            and q.compare is None
            and q.state is None
            and q.direction in (None, "gain")
            and not q.additional
            for q in others
        )
        and len({q.sentence for q in others}) == 1
        and len({verb_key(q.verb) for q in others}) == 1
        and len({(q.owner, q.subject_noun) for q in others}) == 1
        and len({q.unit for q in others}) == 1
        and len({q.direction for q in others}) == 1
    )
