"""Cue accounting's one question about a bound amount: does its role consume its own cue?

Private to :mod:`practiceloop.arith.accounting` (split out of it to keep one module one
responsibility): :func:`misplaced_cue` names the cue code of a bound amount whose own cue
(a rate, a comparison, an "N more", a totality, a move the question does not ask, a move still
to be done) the role it fills does not consume, or None.
"""

from __future__ import annotations

import itertools
from typing import Final

from practiceloop.arith._composed_checks import asked_verb as _asked_verb
from practiceloop.arith._composed_checks import cue_of, kept_placed
from practiceloop.arith._told_sides import rate_group
from practiceloop.arith.lexicon import HAVE_VERBS
from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.organs.composed import composition
from practiceloop.arith.reading import QuantityView, TargetView, owner_of
from practiceloop.arith.set_aside import sentence_words, verb_category
from practiceloop.kernel.frame import ProblemFrame

__all__ = ["misplaced_cue", "whole_of_the_rest"]


def misplaced_cue(
    frame: ProblemFrame,
    q: QuantityView,
    role: str,
    organ: str,
    target: TargetView,
    bound: list[QuantityView],
    one_move: bool,
) -> str | None:
    """The cue code of a bound amount whose own cue its role does not consume (``one_move``:
    the parts are one verb's move, ``_composed_checks.one_move_summed``)."""
    rated = q.per is not None and role != "per_group" and organ != "portion"
    if rated and not _rate_compared(frame, q, role, organ, target):
        return "rate_unconsumed"  # (a portion reading's closed clauses tell no rate)
    if kept_placed(frame, q, role, organ) is False:
        return "remaining_unconsumed"  # "sold all but 5": 5 is no amount sold
    held = target.verb is None or target.verb in HAVE_VERBS
    sums = role.startswith("part_")  # combine's parts, or a two-step organ's first sum
    if (
        sums
        and (held or composition(organ) is not None)  # a first sum adds what is held
        and verb_category(q.verb) in ("other", "transfer_out", "destroy")
        and not _asked_verb(q, target)
        and not one_move
    ):
        return "verb_unplaced"  # "Earl owes Fred $28" is no part of what Earl has
    if sums and not q.in_question and _yet_to_do(frame, q):
        return "verb_unplaced"  # "needs to sell 12 rolls" is no part of what was sold
    if (
        q.compare is not None
        and not (organ == "compare" and role == "difference")
        and not (organ == "scale" and role.startswith("offset"))  # "3 more than twice"
        and organ != "portion"  # "30% more than his old $250 barbell": the reading's own clause
    ):
        return "comparison_unconsumed"
    if (
        sums
        and not q.in_question
        and _totality_said(frame, q)
        and not whole_of_the_rest(q, organ, bound)
    ):
        return "totality_unconsumed"  # "Together their strawberries weighed 20 pounds"
    if q.additional and _fewer(frame, q) and not (organ == "portion" and role.startswith("factor")):
        return "comparison_unconsumed"  # "6 fewer shells": fewer than what came before, unsaid
    if q.additional and not (
        role == "change"
        or role.startswith("change_")  # a move, alone or in a chain
        # "sold 50% more boxes on Sunday": a portion factor's own "more" (portion_slots)
        or (organ == "portion" and role.startswith("factor"))
        or ((sums or organ == "compare") and role != "difference" and _listed_part(frame, q, bound))
        or (sums and _asked_verb(q, target))
        # what was held and then gained, asked in all: "had 3 bags ... found 7 more bags"
        or (organ == "combine" and sums and q.direction == "gain" and _whole_asked(target, bound))
        # a side that arrived: "6 more storks and 2 more birds came to join them"
        or (organ == "compare" and role != "difference" and q.direction == "gain")
    ):
        return "additional_unconsumed"
    return None


def _rate_compared(
    frame: ProblemFrame, q: QuantityView, role: str, organ: str, target: TargetView
) -> bool:
    """``q`` is a side of a comparison (a part or the whole of a sum) of rates per the group
    the question asks them per ("How many more hours does he spend on X than on Y?" over
    "Every day he spends ..."): the role takes the rate as a rate
    (:func:`~._told_sides.rate_group`)."""
    sides = ("compared", "referent") if organ == "compare" else ("part_", "whole")
    if organ not in ("compare", "combine") or not role.startswith(sides):
        return False
    return q.per is not None and q.per == rate_group(frame, target, organ)


def _yet_to_do(frame: ProblemFrame, q: QuantityView) -> bool:
    """``q``'s verb is an infinitive ("needs *to sell* 12 rolls", "wants to buy 5"): what is
    to be done, not a move the text tells was made."""
    cue = cue_of(frame, q.mention_id)
    if cue is None:
        return False
    before = frame.source_text[max(0, cue.span.start - 4) : cue.span.start].lower().split()
    return before[-1:] == ["to"]


def _fewer(frame: ProblemFrame, q: QuantityView) -> bool:
    """``q`` is "N fewer X" with no "than": an amount compared to one the text does not name
    ("On Sunday she collected 6 fewer shells"), never a further amount of X, in any role."""
    mention = frame.mention(q.mention_id)
    return mention is not None and ("additional", "fewer") in mention.attributes


def whole_of_the_rest(q: QuantityView, organ: str, bound: list[QuantityView]) -> bool:
    """ "A club had 13 members total, but 5 members didn't show up": the one amount told "in
    all" that a ``complement_groups`` relation binds as its whole (one part, its thing the
    subset's) is the whole the subset is taken from: its "total" is consumed there. Never for
    another organ, nor for a whole of two parts."""
    of_it = [b for b in bound if b.per is None and b.entity == q.entity and not b.in_question]
    return organ == "complement_groups" and q.state == "in_all" and len(of_it) == 2


def _totality_said(frame: ProblemFrame, q: QuantityView) -> bool:
    """``q``'s sentence says a whole ("together", "altogether", "combined", "in all", "a total
    of"): an amount told with it is the sum, never one of its parts (unless the reader read it
    as another kind of thing, which the unit proof checks)."""
    words = sentence_words(frame, q.sentence)
    return bool(_TOTALITY & set(words)) or any(
        a == "in" and b == "all" for a, b in itertools.pairwise(words)
    )


_TOTALITY: Final = frozenset({"together", "altogether", "combined", "total"})


def _whole_asked(target: TargetView, bound: list[QuantityView]) -> bool:
    return target.state == "in_all" and all(b.state != "in_all" for b in bound)


def _listed_part(frame: ProblemFrame, q: QuantityView, bound: list[QuantityView]) -> bool:
    """``q`` ("3 more pages") is listed after another bound part of one owner, in one sentence
    under one verb ("8 pages of math, 7 pages of reading and 3 more pages of biology"): the
    "more" adds to the list; it is no comparison with someone else's amount."""
    return any(
        b.mention_id != q.mention_id
        and b.sentence == q.sentence
        and b.start < q.start
        and owner_of(frame, b) == owner_of(frame, q)
        and verb_stem(b.verb) == verb_stem(q.verb)
        for b in bound
    )
