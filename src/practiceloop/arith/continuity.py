"""The target-continuity proof's check (``arith.target_continuity``): the solved-for role is
the question's unknown, and the relation answers the question the text asks: its owner, its
time, its thing, a move asked as done told done, a place the text names.

Called by :mod:`practiceloop.arith.proofs` (which seals the outcome). Most checks are named
functions of the modules imported here; the comment beside each call quotes the wrong closure
it refuses.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Final

from practiceloop.arith._asked_phrases import asked_phrase_partial
from practiceloop.arith._bound_views import bound_views, first_of_side, side_of
from practiceloop.arith._compare_events import events_read, sides_by_events
from practiceloop.arith._compare_parts import parts_read
from practiceloop.arith._compare_sides import (
    given_away_asked_held,
    held_compared_with_a_move,
    loss_asked_after,
    moved_between_sides,
    movers_named,
    moves_told_done,
    nothing_done_untold,
)
from practiceloop.arith._composed_checks import composed_target, sum_of_the_asked
from practiceloop.arith._moves_compared import ORGAN as MOVES_COMPARED
from practiceloop.arith._moves_compared import moves_bound_as_read
from practiceloop.arith._possessor_checks import used_of_another
from practiceloop.arith._share_checks import (
    groups_listed_with_others,
    shared_by_many_asked_of_one,
    shared_not_yet,
)
from practiceloop.arith._sharing_checks import (
    groups_of_someones,
    spending_untold,
)
from practiceloop.arith._target_checks import (
    NOT_DONE_WORDS,
    asked_owner_untold,
    asked_place_untold,
    compared_not_yet,
    done_not_yet,
    filled_by_another_thing,
    groups_of_another,
    groups_outside_the_rate,
    kind_untold,
    member_counted_twice,
    move_of_anothers_things,
    move_told,
    names_someone,
    other_activity_bound,
    part_outside_the_group,
    parts_not_yet,
    rate_of_another,
    told_by_another,
    told_not_yet,
    trade_asked_otherwise,
    unit_asked_untold,
)
from practiceloop.arith._told_checks import told_sides_target
from practiceloop.arith.antecedents import pronoun_names_another, pronoun_of_no_one
from practiceloop.arith.asked_subjects import asked_subject_untold
from practiceloop.arith.change_times import (
    asked_before_another_move,
    result_told_before_a_move,
    start_asked_after,
    start_told_after_a_move,
)
from practiceloop.arith.lexicon import HAVE_VERBS
from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.organs.composed import Composition, composition
from practiceloop.arith.organs.portion import bound_as_read as portion_bound_as_read
from practiceloop.arith.organs.scale import bound_as_read as scale_bound_as_read
from practiceloop.arith.organs.sides import ORGAN as SIDES
from practiceloop.arith.organs.sides import bound_as_read as sides_bound_as_read
from practiceloop.arith.proportions import ORGAN as PROPORTION
from practiceloop.arith.proportions import bound_as_read as proportion_bound_as_read
from practiceloop.arith.rate_checks import rate_target_codes
from practiceloop.arith.rate_verbs import rate_code
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    asks_the_groups,
    at_asked_times,
    entity_compatible,
    owner_of,
    target_view,
)
from practiceloop.arith.told_places import amount_told_elsewhere, there_held_moved_by_someone
from practiceloop.arith.untold_amounts import untold_amount_beside
from practiceloop.kernel.frame import Mention, ProblemFrame, Relation
from practiceloop.kernel.span import SourceSpan

__all__ = ["check_target"]

_SIDES_OF_MANY: Final = frozenset({"combine", "compare", "change_compare", "sides", "scale"})
"""Organs whose roles hold several people's amounts: a pronoun of another person is a side."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Asked:
    """What every target check reads: the relation of ``organ`` bound in ``frame``, the role
    solved for (``role``), the question's target and unknown, and each bound role's view."""

    frame: ProblemFrame
    relation: Relation
    organ: str
    role: str
    target: TargetView
    unknown: Mention
    bound: dict[str, QuantityView]
    comp: Composition | None

    @property
    def shares(self) -> bool:
        """A relation that shares a total into groups (partition, or a composition ending so)."""
        return self.organ == "partition" or (
            self.comp is not None and self.comp.second == "partition"
        )

    @property
    def multiplied(self) -> bool:
        """A relation that multiplies groups (equal_groups, or a composition ending so)."""
        return self.organ == "equal_groups" or (
            self.comp is not None and self.comp.second == "equal_groups"
        )


def check_target(
    frame: ProblemFrame, relation: Relation, organ: str
) -> tuple[tuple[str, ...], tuple[SourceSpan, ...]]:
    """The target-continuity codes of ``relation`` (the relation of ``organ``) in ``frame``,
    with the spans they point at; no codes when the relation answers the asked question.

    The checks run in a fixed order (the codes' order enters the sealed proof record), grouped
    by what they read: who and where is asked, a share, a product, the organ's own reading, moves
    done, kinds, the sides compared, the things asked, owners, times.
    """
    target = target_view(frame.targets)
    if target is None or target.mention_id is None:
        return ("target_missing",), ()
    asked = [name for name, m in relation.roles if m == target.mention_id]
    unknown = frame.mention(target.mention_id)
    if len(asked) != 1 or unknown is None or unknown.kind != "unknown":
        return ("unknown_role_not_target",), ()
    at = _Asked(
        frame,
        relation,
        organ,
        asked[0],
        target,
        unknown,
        bound_views(frame, relation),
        composition(organ),
    )
    codes = [code for checks in _CHECKS for code in checks(at)]
    return tuple(codes), (unknown.span,)


def _who_and_where_asked(at: _Asked) -> list[str]:
    """The asked owner, place, subject and unit are told; pronouns name someone told."""
    frame, bound, target = at.frame, at.bound, at.target
    codes: list[str] = []
    if asked_owner_untold(frame, target):
        codes.append("target_owner_untold")  # "Jack received 4 ... did Zed receive?"
    if pronoun_of_no_one(frame):
        codes.append("pronoun_of_no_one")  # "Mia has 20 hats. ... How many of his hats ...?"
    # sums and comparisons count other people's amounts by design ("Yara has 30 beads. She
    # has 8 more than Tess. How many does Tess have?"): their sides are checked as read
    if at.organ not in _SIDES_OF_MANY and pronoun_names_another(frame, bound.values(), target):
        codes.append("pronoun_names_another")  # "Ann ... Tom is here. He gave 4 caps each"
    if used_of_another(frame, bound.values()):
        codes.append("used_of_another")  # "Ana has 100 cents ... buy with Nikhil's money?"
    if asked_place_untold(frame, target):
        codes.append("target_place_untold")  # "... at the pool ... are at the store now?"
    elif amount_told_elsewhere(frame, bound, target):
        codes.append("target_place_mismatch")  # "3 more in the garden ... in the park now?"
    changed = at.organ in ("change", "change_chain")
    if (
        changed
        and at.role in ("result", "start")
        and untold_amount_beside(frame, at.unknown.span.sentence_index)
    ):
        codes.append("move_untold")  # "ate 17 candies on Monday and some on Tuesday"
    if changed and there_held_moved_by_someone(frame, bound, target):
        codes.append("target_owner_mismatch")  # "18 apples in the basket. Sam picked 10"
    if asked_subject_untold(frame, target):
        codes.append("target_subject_untold")  # "60 miles per hour ... does a bus travel?"
    if unit_asked_untold(frame, bound):
        codes.append("target_unit_unread")  # "... weighs 40 pounds ... weigh, in ounces?"
    return codes


def _composed(at: _Asked) -> list[str]:
    """A composition's own target checks (:mod:`practiceloop.arith._composed_checks`)."""
    if at.comp is None:
        return []
    return list(composed_target(at.frame, at.comp, at.role, at.bound, at.target))


def _shared(at: _Asked) -> list[str]:
    """A share is told by the asked owner, of the asked thing, done, and into the asked groups."""
    frame, bound, target = at.frame, at.bound, at.target
    codes: list[str] = []
    if told_by_another(frame, bound, target):
        codes.append("target_owner_mismatch")  # "Another school gave away 30 pencils"
    if not at.shares:
        return codes
    if filled_by_another_thing(frame, bound, target):
        codes.append("target_thing_mismatch")
    shared = bound.get("total")
    # a price asked ("How much does each pack cost?") is the same told as possible or done
    price_asked = target.entity == "money" and verb_stem(target.verb) == "cost"
    if (
        shared is not None
        and not price_asked
        and parts_not_yet(frame, [shared], at.unknown.span.sentence_index)
    ) or shared_not_yet(frame, bound, target):
        codes.append("move_not_done")  # "She will share 40 pens among 8. How many did each get?"
    if groups_listed_with_others(frame, bound):
        codes.append("target_thing_mismatch")  # "packed them in 5 bags and 2 boxes"
    if shared_by_many_asked_of_one(frame, bound, target):
        codes.append("target_owner_mismatch")  # "They put all the cookies ... did Rania fill?"
    if at.organ == "partition" and at.role == "groups":
        size = bound.get("per_group")
        if size is None or not asks_the_groups(size, target):
            codes.append("target_thing_mismatch")
        if spending_untold(frame, bound, target):
            codes.append("target_move_unread")  # "has 80 dollars ... How many did he buy?"
    return codes


def _multiplied(at: _Asked) -> list[str]:
    """A product asked is of groups told at the asked time, by the asked owner, done; then the
    rates' checks (a stock lasting, a share of another, a purchase not made...)."""
    frame, bound, target = at.frame, at.bound, at.target
    codes: list[str] = []
    if at.multiplied and at.role == "total":
        # "She worked 6 hours on Monday. How much did she earn on Tuesday?": the groups of a
        # total asked at a time are told at it
        told = [q for q in bound.values() if q.per is None and not q.in_question]
        if not at_asked_times(target, told):
            codes.append("target_side_mismatch")
        if groups_of_another(frame, told, target) or groups_of_someones(frame, told, target):
            codes.append("target_owner_mismatch")  # "Tom worked 6 hours ... did Sara earn?"
        if parts_not_yet(frame, told, at.unknown.span.sentence_index):
            codes.append("move_not_done")  # "She will work 5 hours. How much did she earn?"
        if at.organ == "equal_groups" and trade_asked_otherwise(frame, told, target):
            codes.append("target_move_mismatch")  # "bought 3 pens ... did he earn?"
        rate = rate_code(frame, list(bound.values()), target, at.unknown.span.sentence_index)
        if rate is not None:
            codes.append(rate)  # "bakes 3 pies a day ... 2 books a week for each child"
    codes.extend(rate_target_codes(frame, at.relation, at.organ, at.role, target, at.multiplied))
    return codes


def _bound_as_read(at: _Asked) -> list[str]:
    """The organs whose whole-text reading fixes their binding: bound as that reading reads."""
    frame, relation, organ = at.frame, at.relation, at.organ
    if organ == "scale" and not scale_bound_as_read(frame, relation):
        return ["target_scale_unread"]  # the holder, thing or way the question asks
    if organ == "portion" and not portion_bound_as_read(frame, relation):
        return ["target_portion_unread"]  # the portion, the rest or the whole, as asked
    if organ == SIDES and not sides_bound_as_read(frame, relation):
        return ["target_sides_unread"]  # the sides, sum or difference the question asks
    if organ == PROPORTION and not proportion_bound_as_read(frame, relation):
        return ["target_sides_unread"]  # the amount of the count the question asks
    if organ == MOVES_COMPARED and not moves_bound_as_read(frame, relation):
        return ["target_sides_unread"]  # the told move and the solved one, as asked
    return []


def _moves_done(at: _Asked) -> list[str]:
    """The moves and summed parts a past question counts were done, not only planned."""
    frame, bound, target, comp = at.frame, at.bound, at.target, at.comp
    codes: list[str] = []
    moved_groups = comp is not None and comp.link == "change"  # the filled groups are the move
    moves = [
        q
        for name, q in bound.items()
        if (name.startswith("change") or (moved_groups and name in ("per_group", "groups")))
        and not q.in_question
        and not _still_needed(frame, q)  # "still needs to add 6 more cups": not done, as read
    ]
    if target.tense != "future" and any(told_not_yet(frame, q) for q in moves):
        # "Mia will give away 10 stickers. How many does Mia have now?": not done yet
        codes.append("move_not_done")
    elif done_not_yet(frame, bound):
        codes.append("move_not_done")  # "needs to sell 40 ... He will sell 5 to his aunt"
    summed = at.organ == "combine" or (comp is not None and "combine" in (comp.first, comp.second))
    if summed and at.role in ("whole", "total", "result"):
        parts = [q for name, q in bound.items() if name.startswith("part_")]
        if comp is not None and comp.second == "combine":  # the filled groups are summed too
            parts += [q for name, q in bound.items() if name == "groups"]
        if asked_phrase_partial(frame, parts):
            # "12 shells at the beach and 8 shells at the lake. How many ... at the lake?"
            codes.append("target_phrase_partial")
        if parts_not_yet(frame, parts, at.unknown.span.sentence_index):
            codes.append("move_not_done")  # "She will receive 5 ... How many did she receive?"
    return codes


def _kinds(at: _Asked) -> list[str]:
    """The asked kind is the one counted; a chain's asked move is untold; a share's total is of
    the asked thing."""
    frame, bound, target, organ = at.frame, at.bound, at.target, at.organ
    codes: list[str] = []
    kinds_summed = organ in ("change", "change_chain", "combine", "compare")
    # a whole of no kind, of which one kind is asked, counts every kind: "a total of 7 pages"
    part_asked = organ == "combine" and at.role.startswith("part_")
    kinded = {n: q for n, q in bound.items() if not (part_asked and n == "whole")}
    if kinds_summed and kind_untold(frame, kinded, target):
        codes.append("target_kind_unread")
    chained = organ == "change_chain" and at.role.startswith("change_")
    if chained and move_told(frame, bound, target, at.unknown.span.start):
        codes.append("target_move_told")
    elif organ == "partition" and at.role == "per_group":
        total = bound.get("total")
        if total is None or not entity_compatible(total.entity, total.modifier, total.unit, target):
            codes.append("target_thing_mismatch")
    return codes


def _compared_sides(at: _Asked) -> list[str]:
    """A comparison's sides are read as told: who moved, when, what, done or planned."""
    if at.organ != "compare":
        return []
    frame, relation, bound, target = at.frame, at.relation, at.bound, at.target
    codes: list[str] = []
    if moved_between_sides(frame, relation):
        codes.append("move_between_sides")  # "Nina got 4 kites from Omar": both sides moved
    if not loss_asked_after(frame, relation, target):
        codes.append("target_time_mismatch")  # a side's loss, asked before it ("at first")
    if held_compared_with_a_move(frame, relation, bound):
        codes.append("target_side_unread")  # "has 9 more than Lena. If Lena finds 11"
    if given_away_asked_held(frame, relation, bound, target):
        codes.append("target_side_unread")  # "Sara gave her 4 ... than Sara?": Sara's holding
    if not movers_named(frame, relation):
        codes.append("side_owner_unread")  # "Nina had 3 ... Omar had 9. She bought 4"
    if compared_not_yet(frame, bound, target):
        codes.append("side_move_unread")  # "Ben will do 4 fewer lunges ... did Ben do?"
    if not moves_told_done(frame, relation):
        codes.append("side_move_unread")  # "Mia will give away 10": nothing moved yet
    if not nothing_done_untold(frame, relation):
        codes.append("target_side_unread")  # "... and some beans": what is still needed?
    if not parts_read(frame, relation, target):
        codes.append("target_side_unread")  # "the first chapter ... than the second chapter"
    if not events_read(frame, relation, target):
        codes.append("target_side_unread")  # "from her uncle than she did from her aunt"
    if sides_by_events(frame, relation, target) and any(
        told_not_yet(frame, q, NOT_DONE_WORDS | {"to"}) for q in bound.values()
    ):
        codes.append("side_move_unread")  # "She wants to get 6 dollars from her aunt"
    return codes


def _told_sides(at: _Asked) -> list[str]:
    """Kinds and sides told apart: "How many red pens ...?" of pens of no kind; "than blue pens
    does Ann have?" of Bob's; "does she buy?" of what she wants to buy; a total sold of what was
    harvested (:mod:`practiceloop.arith._told_checks`)."""
    multiplied_total = at.multiplied and at.role == "total"
    return list(
        told_sides_target(at.frame, at.relation, at.organ, at.bound, at.target, multiplied_total)
    )


def _compared_side_asked(at: _Asked) -> list[str]:
    """The side of a comparison the question asks is the one the text says."""
    if at.organ != "compare":
        return []
    codes: list[str] = []
    if at.target.than_side is not None and not _sides_read(at.bound, at.target):
        codes.append("target_side_unread")
    difference = at.bound.get("difference")
    if (
        difference is not None
        and at.role in ("compared", "referent")
        and not _compare_side_fits(at.frame, difference, at.target, at.role)
    ):
        codes.append("target_side_unread")
    return codes


def _objects_asked(at: _Asked) -> list[str]:
    """Each bound amount went to one of the things the question names, as the text reads it
    ("How much did Jim spend on the battery and the radio?")."""
    objects = at.target.objects
    if (
        objects is None
        or at.organ == "portion"  # a portion reading names the one thing priced itself
        # "spend on books than pens": each side's purpose is checked by events_read
        or (at.organ == "compare" and sides_by_events(at.frame, at.relation, at.target))
    ):
        return []
    asked_objects = objects.split()
    for view in at.bound.values():
        if view.object is None:
            return ["target_object_unread"]
        if view.object not in asked_objects:
            return ["target_object_mismatch"]
    return []


def _owners(at: _Asked) -> list[str]:
    """Parts, rates and groups summed or multiplied are the asked owners', counted once."""
    frame, bound, target, organ, comp = at.frame, at.bound, at.target, at.organ, at.comp
    codes: list[str] = []
    if organ == "combine" and target.owners:
        # the parts of what named owners hold together are theirs: a part whose sentence names
        # someone but whose owner was not read ("Earl owes Fred $28") may be anyone's
        for name, part in bound.items():
            if not name.startswith("part_"):
                continue
            if owner_of(frame, part) is None and names_someone(frame, part.sentence):
                codes.append("part_owner_unread")
                break
    rated = organ in ("equal_groups", "partition") or (
        comp is not None and comp.second in ("equal_groups", "partition")
    )
    if rated and rate_of_another(frame, bound, target):
        codes.append("target_owner_mismatch")  # "Ann bakes 10 an hour ... did Tom bake?"
    if rated and groups_outside_the_rate(frame, bound):
        codes.append("groups_owner_mismatch")  # "Lou had 6 bags with 5 in each ... Kim had 3"
    whole = bound.get("whole")
    if organ == "combine" and whole is not None:
        if part_outside_the_group(frame, whole, bound):
            codes.append("part_owner_outside_the_group")
        if member_counted_twice(frame, whole, bound, target):
            codes.append("member_counted_twice")  # "Allan brought 5 ... How many did Allan bring?"
    parts = [view for name, view in bound.items() if name.startswith("part_")]
    summed = at.role in ("whole", "complement") and organ in ("combine", "complement")
    if summed and not sum_of_the_asked(frame, parts, target):
        codes.append("target_owner_mismatch")  # "She bought 3 mugs ... did Tom buy?"
    return codes


def _times(at: _Asked) -> list[str]:
    """The asked activity and time are the ones the bound amounts were told at."""
    frame, bound, target = at.frame, at.bound, at.target
    codes: list[str] = []
    if other_activity_bound(frame, bound, target, at.unknown.span.sentence_index):
        codes.append("target_activity_mismatch")  # "went hiking ... did swimming": another
    moved = [q for n, q in bound.items() if n.startswith("change")]
    if at.role == "start" and asked_before_another_move(frame, moved, target):
        codes.append("target_time_mismatch")  # "... on Sunday. How many before Monday?"
    elif at.role == "start" and start_asked_after(frame, target):
        codes.append("target_time_mismatch")  # "lost 12 in a game ... after the game?"
    changed = at.organ in ("change", "change_chain")
    if changed and result_told_before_a_move(frame, bound):
        codes.append("target_time_mismatch")  # "she had 36 left. Then she bought 10 more"
    if start_told_after_a_move(frame, bound):
        codes.append("target_time_mismatch")  # "bought 4 packs ... He chewed 7 pieces"
    if changed and move_of_anothers_things(frame, bound, target):
        codes.append("target_owner_mismatch")  # "She ate 4 of Ben's apples": Ben's loss
    return codes


def _owner_of_the_change(at: _Asked) -> list[str]:
    """A change or comparison asked of one owner is bound to that owner's amounts."""
    organ, frame, bound = at.organ, at.frame, at.bound
    if organ not in ("change", "change_chain", "compare") or at.role == "referent":
        return []
    asked_owner = owner_of(frame, at.target)
    anchor = bound.get("difference") if organ == "compare" else next(iter(bound.values()), None)
    if organ == "compare" and at.role == "difference":
        anchor = first_of_side(bound, "compared")
    owner = owner_of(frame, anchor) if anchor is not None else None
    if asked_owner is not None and owner is not None and asked_owner != owner:
        return ["target_owner_mismatch"]
    return []


_CHECKS: Final[tuple[Callable[[_Asked], list[str]], ...]] = (
    _who_and_where_asked,
    _composed,
    _shared,
    _multiplied,
    _bound_as_read,
    _moves_done,
    _kinds,
    _compared_sides,
    _told_sides,
    _compared_side_asked,
    _objects_asked,
    _owners,
    _times,
    _owner_of_the_change,
)
"""The target checks in the order their codes are sealed."""


def _still_needed(frame: ProblemFrame, view: QuantityView) -> bool:
    mention = frame.mention(view.mention_id)
    return mention is not None and ("need", "remaining") in mention.attributes


def _sides_read(bound: dict[str, QuantityView], target: TargetView) -> bool:
    """True when the bound sides of "more on monday than on tuesday" are read at those times:
    the compared amount at the question's time, the referent at the time after "than"."""
    return all(q.side == target.side for q in side_of(bound, "compared")) and all(
        q.side == target.than_side for q in side_of(bound, "referent")
    )


def _compare_side_fits(
    frame: ProblemFrame, difference: QuantityView, target: TargetView, side: str
) -> bool:
    """True when the text says which side of "N more X than Y" the question asks about.

    The compared side is asked when the question describes what the difference counts (same
    thing, same verb when the question names one); the referent side when the question names
    the "than" owner or thing. Anything else is a guess.
    """
    if difference.than_side is not None:  # "12 more on monday than on tuesday"
        wanted = difference.than_side if side == "referent" else difference.side
        return target.side is not None and target.side == wanted
    asked_owner = owner_of(frame, target)
    if (
        side == "compared"
        and difference.modifier is not None
        and not set(difference.modifier.split()) & set((target.modifier or "").split())
    ):
        return False  # "12 more green apples than red": "how many apples" names neither side
    if side == "referent":
        return difference.than is not None and difference.than in (
            asked_owner,
            target.entity,
            target.modifier,
        )
    if asked_owner is not None and difference.owner is not None:
        return asked_owner == difference.owner
    same_thing = entity_compatible(difference.entity, difference.modifier, difference.unit, target)
    verb_read = target.verb is None or target.verb in HAVE_VERBS
    return same_thing and (verb_read or verb_stem(target.verb) == verb_stem(difference.verb))
