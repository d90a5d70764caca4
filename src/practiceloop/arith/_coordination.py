"""Amounts told together: which of two amounts the text lists side by side.

A list ("Baker made 149 cakes and 91 pastries"), a list told without its commas ("99 bananas
9 eggs and 27 marbles"), a coordination whose later amount says its verb once ("did 29 more
push-ups but 13 fewer crunches"), two clauses joined by "and" ("read 7 of the books and
watched 4 of the movies") and two things the text lists apart under one verb elsewhere. Used
by :func:`practiceloop.arith.set_aside` (``listed_other_thing``) to check that a number set
aside as another thing is listed beside a bound amount. Pure functions of a frame and its
quantity views; they read spans and source text only.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.reading import QuantityView, quantity_views, sentence_words
from practiceloop.kernel.frame import ProblemFrame

__all__ = [
    "clauses_joined",
    "coordinated",
    "listed_apart",
    "listed_without_commas",
    "named_by_a_bound_rate",
    "one_verb",
]


def named_by_a_bound_rate(frame: ProblemFrame, q: QuantityView, bound: list[QuantityView]) -> bool:
    """The sentence of a bound rate, another than ``q``'s, spells ``q``'s thing: what the rate
    groups may be that thing too ("split a collection of eggs and bananas into groups of 3",
    the size read of the bananas alone). A thing another amount of that sentence reads as
    its own or as its group ("makes $5 off each cap and $9 off each scarf": the caps of the
    $5) is that amount's, named apart from the rate's groups."""
    rates = [b for b in bound if b.per is not None and b.sentence != q.sentence]
    if not rates:
        return False
    views = quantity_views(frame.mentions)
    return any(
        q.entity in {noun_key(w) for w in sentence_words(frame, b.sentence)}
        and not any(
            q.entity in (o.entity, o.per)
            for o in views
            if o.sentence == b.sentence and o.mention_id != b.mention_id
        )
        for b in rates
    )


def one_verb(q: QuantityView, b: QuantityView) -> bool:
    """Two amounts of one coordination are told with one verb: the same, or none read for
    the later one, whose verb is the earlier one's said once ("did 29 more push-ups but 13
    fewer crunches")."""
    later = q if q.start > b.start else b
    earlier = b if later is q else q
    same = verb_stem(b.verb) == verb_stem(q.verb)
    return same or (later.verb is None and earlier.verb is not None)


_CLAUSES_JOINED: Final = re.compile(
    r"^(?:\s+[A-Za-z-]+){0,3}\s*,?\s*(?:and|but|while)\s+[A-Za-z]+\s+(?:\$\s*)?$"
)


def clauses_joined(frame: ProblemFrame, q: QuantityView, b: QuantityView) -> bool:
    """Two amounts in two clauses joined by "and", the later one's verb right after it:
    "read 7 of the books and watched 4 of the movies"."""
    earlier, later = (q, b) if q.start < b.start else (b, q)
    first, second = frame.mention(earlier.mention_id), frame.mention(later.mention_id)
    if first is None or second is None:
        return False
    return bool(_CLAUSES_JOINED.match(frame.source_text[first.span.end : second.span.start]))


def listed_apart(frame: ProblemFrame, q: QuantityView, b: QuantityView) -> bool:
    """The two things ``q`` and ``b`` count were listed side by side under one verb in
    another sentence ("There are 8 different movies and 21 different books ... you read 7 of
    the books and watched 4 of the movies"): the text tells them apart as two things, so a
    move of one, told with its own verb, is no move of the other."""
    if q.entity is None or b.entity is None or q.entity == b.entity:
        return False
    views = quantity_views(frame.mentions)
    return any(
        {x.entity, y.entity} == {q.entity, b.entity}
        and x.sentence == y.sentence != q.sentence
        and x.start < y.start
        and verb_stem(x.verb) == verb_stem(y.verb)
        and coordinated(frame, x, y)
        for x in views
        for y in views
    )


_JOINED: Final = re.compile(r"(?:,|\band\b|\bbut\b|\bwhile\b)\s*(?:\$\s*)?$")


def coordinated(frame: ProblemFrame, q: QuantityView, b: QuantityView) -> bool:
    """The later of two amounts follows a conjunction after the earlier one's words ("9 apples
    and 6 pears", "29 more push-ups but 13 less crunches"): a list, not a nesting ("3 cartons
    of 12 eggs") or a clause of its own."""
    earlier, later = (q, b) if q.start < b.start else (b, q)
    first, second = frame.mention(earlier.mention_id), frame.mention(later.mention_id)
    if first is None or second is None:
        return False
    between = frame.source_text[first.span.end : second.span.start]
    if _JOINED.search(between) and "." not in between:
        return True
    return listed_without_commas(frame, between, second.span.end)


_LIST_ITEM: Final = r"\s+[A-Za-z-]+(?:\s+of\s+[A-Za-z-]+)?"
_BARE_NEXT: Final = re.compile(rf"^{_LIST_ITEM}\s+$")
_LIST_GOES_ON: Final = re.compile(
    rf"^{_LIST_ITEM}(?:\s+\d[\d,.]*{_LIST_ITEM})*\s*(?:,\s*(?:and\s+)?|\band\s+)\$?\s?\d"
)


def listed_without_commas(frame: ProblemFrame, between: str, end: int) -> bool:
    """Two amounts of a list told without its commas: "Rebecca has 99 bananas 9 eggs and 27
    marbles" (the later amount right after the earlier one's noun, and the list goes on to
    an "and" or a comma and one more amount). "In 2 days 5 birds came" is no list."""
    return bool(_BARE_NEXT.match(between)) and bool(
        _LIST_GOES_ON.match(frame.source_text[end : end + 80])
    )
