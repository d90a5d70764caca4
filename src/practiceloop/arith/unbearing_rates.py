"""A rate of a thing the text counts nowhere else: "Each book had 66 pages" when books are asked.

"Each book had 66 pages and it took Frank 12 days to finish each book. If he takes 492 days
to finish all books, how many books did he read?": the pages per book could reach the asked
books only through a count of pages, and the text tells none; the question asks no pages. So
the 66 cannot bear on the asked number (:func:`rate_of_an_untold_thing`, a whole-text reason
of :mod:`.unbearing`).
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.reading import QuantityView, TargetView, quantity_views
from practiceloop.kernel.frame import ProblemFrame

__all__ = [
    "count_of_the_one_group",
    "groups_of_another_thing",
    "rate_of_an_untold_thing",
    "rate_of_uncounted_groups",
]

_WORD: Final = re.compile(r"[A-Za-z]+")
_EACH: Final = re.compile(r"\b(?:each|every|per)\s+([A-Za-z]+)", re.IGNORECASE)


def _thing(q: QuantityView | TargetView) -> tuple[str | None, str | None]:
    return q.entity, q.unit


def rate_of_an_untold_thing(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` is a rate per the very group a bound rate is per ("66 pages" per book beside "12
    days" per book), of a thing no other amount of the text counts (no pages told anywhere
    else, and its word said nowhere but right after its number), which the question does not
    ask (not pages, not per page), each of the two told per the group on its own ("each
    book" twice): no step can carry it to the asked number. "Each truck uses 3 tanks of 150
    liters" (one "each truck") or "30 bricks in a single row and 50 rows in each wall" (the
    rows said again) may be a rate of the groups of the other, and are none."""
    if q.per in (None, "each") or q.compare is not None or q.entity is None:
        return False
    if not any(b.per == q.per and _thing(b) != _thing(q) for b in bound):
        return False
    things = {q.entity, q.unit} - {None}
    if things & {target.entity, target.unit, target.per, target.also, target.than}:
        return False
    if any(
        v.mention_id != q.mention_id and things & {v.entity, v.unit, v.per}
        for v in quantity_views(frame.mentions)
    ):
        return False
    mention = frame.mention(q.mention_id)
    if mention is None:
        return False
    # the thing is said nowhere but right after its own number ("30 bricks in a single row
    # and 50 rows in each wall": the rows are also what the bricks are in)
    text = frame.source_text
    said = [
        m.start()
        for m in _WORD.finditer(text)
        if noun_key(m.group().lower()) in things and m.start() >= mention.span.end
    ]
    elsewhere = [
        m.start()
        for m in _WORD.finditer(text)
        if noun_key(m.group().lower()) in things and m.start() < mention.span.end
    ]
    if elsewhere or len(said) != 1:
        return False
    # each rate told per its group on its own ("Each book had 66 pages and it took him 12 days
    # to finish each book"): one "each truck" for two amounts may not be the group of both
    groups = [
        m for m in _EACH.finditer(text) if noun_key(m.group(1).lower()) == q.per
    ]
    return len(groups) >= 2


def groups_of_another_thing(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` counts groups another thing was put into ("the bananas are organized into 47
    groups and oranges are organized into 178 groups", the oranges' groups asked): the bound
    groups are of the same noun and hold the asked thing (their subject noun), in the same
    sentence and under the same verb, and ``q``'s hold another named thing. What the bananas
    were grouped into says nothing of the oranges' groups."""
    if q.entity is None or q.subject_noun is None or q.per is not None:
        return False
    if target.entity is None or q.subject_noun == target.entity:
        return False
    return any(
        b.entity == q.entity
        and b.subject_noun == target.entity
        and b.sentence == q.sentence
        and b.verb == q.verb
        and b.mention_id != q.mention_id
        for b in bound
    )


def count_of_the_one_group(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` counts the groups every bound amount is told of one of ("38 letters to each of
    the 78 blocks. If there are 19 houses on a block, how many letters does he give each
    house?": the letters and the houses are a block's), while the question asks of one group
    or of one part of one: how many blocks there are changes no block's amounts."""
    if q.per is not None or q.entity is None or q.compare is not None:
        return False
    if target.per is None or target.state not in ("each", None):
        return False
    told = [b for b in bound if not b.in_question]
    if not told or any(b.per is None for b in told):
        return False
    of_one = [b for b in told if b.per == q.entity]
    return len(of_one) >= 2 or (len(of_one) == 1 and target.per == q.entity)


def rate_of_uncounted_groups(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` is a rate per groups nothing counts ("placing her pencils into rows with 22
    pencils in each row", no number of rows told, none asked) beside a bound rate per other
    groups the text counts ("6 packs of pencils each one having 14 pencils"): with no count
    of its groups, the rate reaches no amount."""
    group = q.per
    if group in (None, "each") or q.compare is not None:
        return False
    if not any(b.per not in (None, "each", group) for b in bound):
        return False
    if group in {target.entity, target.unit, target.per}:
        return False
    if any(
        v.mention_id != q.mention_id and group in {v.entity, v.unit, v.per}
        for v in quantity_views(frame.mentions)
    ):
        return False
    unknown = frame.mention(target.mention_id or "")
    if unknown is None:
        return False
    asked = frame.sentences[unknown.span.sentence_index].text
    return group not in {noun_key(w.lower()) for w in _WORD.findall(asked)}
