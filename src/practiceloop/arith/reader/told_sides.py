"""Stage 7c/8b of the reader: what the question asks of sides and kinds, and the relations
proposed over amounts told apart by a kind, an activity or a purpose (issue 15).

"How many more sacks of ripe oranges than unripe oranges are harvested per day?" asks per
day after its "than"; "How many days would the soda bottles last?" asks of a kind of its
subject; "Each basket has 7 red peaches and 3 green peaches. How many peaches are in each
basket?" sums rates per one group; "4 more pages of math homework than reading homework ...
How many pages of reading homework?" compares the asked kind. The question stage and the
proposal stage call these; the organs and proofs check what they bind
(:mod:`practiceloop.arith._told_sides`).
"""

from __future__ import annotations

from practiceloop.arith import lexicon as lx
from practiceloop.arith._told_sides import activity_or_purpose
from practiceloop.arith.reader.cues import AUX
from practiceloop.arith.reader.nouns import head
from practiceloop.arith.reader.tokens import Reading
from practiceloop.arith.reading import QuantityView, TargetView

__all__ = [
    "kind_compared_to_the_asked",
    "kind_of_the_subject",
    "rate_after_than",
    "rate_of_the_asked_side",
    "rates_summed_per_group",
]


def rate_after_than(r: Reading, at: int, hi: int, attrs: dict[str, str]) -> None:
    """ "How many more sacks of ripe oranges than unripe oranges are harvested per day?": a
    "per"/"each"/"every" and its group after the "than" (the question's last words) asks
    the comparison per that group, as before it ("does Tom read each day than Ann?")."""
    if "per" in attrs:
        return
    for probe in range(at + 1, hi):
        if r.word(probe) in ("per", "each", "every") and r.word(probe + 1):
            if all(not r.word(i) for i in range(probe + 2, hi + 1)):
                attrs["per"] = head(r, probe + 1)
            return


def kind_of_the_subject(r: Reading, at: int) -> tuple[str, str] | None:
    """ "How many days would the soda bottles last?": the subject noun after the auxiliary
    (at ``at``) is a kind of the plural noun right after it, when a word follows that noun
    that is no function word (its verb): (``bottle``, ``soda``). None otherwise ("does the
    tree have": a verb right after the subject; "does the red box hold 9": "box" is
    singular)."""
    noun, after = r.word(at + 1), r.word(at + 2)
    if not noun or noun in lx.STOP_WORDS or noun in lx.PRONOUNS or lx.noun_key(noun) == noun:
        return None
    if not after or (after in lx.STOP_WORDS and after not in AUX) or after in lx.PRONOUNS:
        return None
    return lx.noun_key(noun), r.word(at)


def rates_summed_per_group(target: TargetView, fits: list[QuantityView]) -> list[QuantityView]:
    """ "Each basket has 7 red peaches and 3 green peaches. How many peaches are in each
    basket?", "Every day he spends 4 hours on learning english and 6 hours on learning
    chinese ... How many hours does he spend on learning english and chinese each day?":
    the question asks the thing per a group (``each``) and the story tells two or more
    amounts of it per that group, each of its own kind or side: their sum per group. (The
    combine organ and the proofs check the kinds and sides the question asks.)"""
    if target.state != "each" or target.per is None:
        return []
    rates = [q for q in fits if not q.in_question and q.compare is None and q.per == target.per]
    told_apart = {(q.modifier, q.side) for q in rates}
    return rates if len(rates) > 1 and len(told_apart) == len(rates) else []


def rate_of_the_asked_side(rates: list[QuantityView], target: TargetView) -> list[str]:
    """ "Every day he spends 5 hours on learning english and 4 hours on learning chinese. If
    he learns for 6 days, how many hours does he spend on learning chinese in all?": of
    several rates of the asked thing, the ones on the activity or purpose the question asks
    (:func:`~practiceloop.arith._told_sides.activity_or_purpose`); none when it asks none."""
    if not activity_or_purpose(target.side):
        return []
    return [q.mention_id for q in rates if q.side == target.side]


def kind_compared_to_the_asked(target: TargetView, rated: list[QuantityView]) -> list[QuantityView]:
    """ "If she had to complete 4 more pages of math homework than reading homework, how many
    pages of reading homework did she have to complete?": a difference of another kind of the
    asked thing, whose "than" names the asked kind, compares the asked amount (its referent
    side)."""
    kinds = set((target.modifier or "").split())
    return [
        q
        for q in rated
        if q.compare is not None
        and not q.in_question
        and q.than in kinds
        and (q.entity, q.unit) == (target.entity, target.unit)
        and not kinds & set((q.modifier or "").split())
    ]
