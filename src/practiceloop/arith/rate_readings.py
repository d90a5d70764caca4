"""Rates told in general English: the checks of issue 15's rates, prices and equal groups.

Each function is one reading of a rate the text tells in a form the older rules did not read,
with the checks that refuse its wrong neighbours. They are pure functions of a frame (and of
the relation a candidate binds), called by cue accounting and the organs' gate, so that what
the reader reads and what the proofs accept agree.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.reading import QuantityView, TargetView, quantity_views
from practiceloop.kernel.frame import Mention, ProblemFrame, Relation

__all__ = ["participle_of_the_groups"]

_WORD: Final = re.compile(r"[A-Za-z][A-Za-z'-]*|\S")
_CLAUSE_END: Final = frozenset({".", ",", ";", "?", "!", "and", "how", "if", "then"})


def _groups_verbs(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> set[str]:
    """The verb lemmas the relation's groups were told with: a bound ``groups`` amount, each
    part of a first sum (``part_1``..), or the question's own verb when the groups are asked."""
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    verbs: set[str] = set()
    for name, mention_id in relation.roles:
        if mention_id is None or not (name == "groups" or name.startswith("part_")):
            continue
        if mention_id == target.mention_id:
            verbs.add(verb_stem(target.verb) or "")
        elif (q := views.get(mention_id)) is not None:
            verbs.add(verb_stem(q.verb) or "")
    return verbs - {""}


def participle_of_the_groups(
    frame: ProblemFrame, cue: Mention, relation: Relation, target: TargetView
) -> bool:
    """ "They make $10 off each t-shirt sold. They sold 6 t-shirts.", "She gets 4 points for
    every basket scored": a participle right after "each" / "every" and the group noun of the
    rate the relation binds (``per_group``), ending its clause, says which groups the rate
    is per; it is consumed when the relation's groups were told with that very verb ("sold
    6 t-shirts", or "how many t-shirts did they sell?"). Over groups of another verb ("baked
    12 cakes" under "each cake sold") it is not: those cakes need not be sold."""
    size_id = relation.role("per_group")
    size: QuantityView | None = next(
        (q for q in quantity_views(frame.mentions) if q.mention_id == size_id), None
    )
    if size is None or size.per is None or size.sentence != cue.span.sentence_index:
        return False
    before = _WORD.findall(frame.source_text[max(0, cue.span.start - 40) : cue.span.start])
    after = _WORD.findall(frame.source_text[cue.span.end : cue.span.end + 12])
    if len(before) < 2 or before[-2].lower() not in ("each", "every"):
        return False
    if noun_key(before[-1].lower()) != size.per:
        return False
    if after and after[0].lower() not in _CLAUSE_END:
        return False
    stem = verb_stem(cue.span.text.lower())
    return stem is not None and stem in _groups_verbs(frame, relation, target)
