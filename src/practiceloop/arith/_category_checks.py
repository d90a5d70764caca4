"""What cue accounting checks of a category named before its kinds.

Private to :mod:`practiceloop.arith.accounting`. "For the fair Omar baked treats. He baked 6
muffins and 14 tarts.": the first sentence tells, with no amount, the move the next sentence
tells with its amounts; its verb is that move told twice, consumed when the relation binds the
kinds. Pure functions of the frame's spans, source text and the bound amounts' views (the
reader's attributes are read only for what the frame binds, never to infer a role).
"""

from __future__ import annotations

from practiceloop.arith.lexicon import noun_key, verb_class
from practiceloop.arith.reading import QuantityView
from practiceloop.arith.set_aside import sentence_words
from practiceloop.kernel.frame import Mention, ProblemFrame

__all__ = ["category_told"]


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
