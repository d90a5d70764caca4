"""What the proofs check of a two-step organ beyond one step's checks (see organs.composed).

Private to :mod:`practiceloop.arith.proofs`: the amount handed from one step to the next (a
count is a whole, non-negative amount) and the target (the unknown takes a role the
composition may ask, of the asked thing and owner). The units of both steps are
:mod:`practiceloop.arith._composed_units`. Pure functions of a frame, its relation and the
bound amounts' views.
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from typing import Final

from practiceloop.arith._composed_units import Bound, first_step
from practiceloop.arith._compositions import held_after_gained_groups, moved_by_one_verb
from practiceloop.arith._target_checks import asked_places
from practiceloop.arith.lexicon import HAVE_VERBS, POSSESSED_NOUN, noun_key
from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.organs.composed import Composition, composition
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    actor_names,
    asks_the_groups,
    attribute,
    entity_compatible,
    owner_of,
    quantity_views,
    sentence_words,
    target_view,
)
from practiceloop.kernel.frame import Mention, ProblemFrame, Relation

__all__ = [
    "asked_verb",
    "change_at_the_asked_time",
    "composed_domain",
    "composed_target",
    "cue_of",
    "events_of_the_rate",
    "first_step_at_the_asked_time",
    "gained_groups_then_changed",
    "groups_filled",
    "hours_worked_paid",
    "kept_placed",
    "one_move_summed",
    "parts_of_the_asked_holder",
    "sum_of_the_asked",
    "sum_owners_asked",
]



_TRADES: Final = frozenset({"buy", "sell", "pay", "spend", "purchase", "order"})


def _money_of_other_moves(comp: Composition, bound: Bound, target: TargetView) -> bool:
    """Money asked of a trade ("how much did they spend?") over groups a change counts after
    a move that is no trade ("bought 6 packs ... used 2 packs"): the money went on the 6
    bought, not on the 4 the change leaves."""
    if comp.first != "change" or comp.second != "equal_groups" or target.entity != "money":
        return False
    if target.verb is None or target.verb in HAVE_VERBS:
        return False
    moves = [q for name, q in bound.items() if name in ("start", "change") and q.verb]
    return any(verb_stem(q.verb) not in _TRADES for q in moves if q.direction is not None)


def _change_is_the_share(frame: ProblemFrame, comp: Composition, bound: Bound) -> bool:
    """ "He shares 30 stickers equally among 6 friends": a change told by the same verb as the
    groups it is shared into is what is shared, not a move before the sharing (the shared
    total is the 30, not what the 30 left)."""
    change, groups = bound.get("change"), bound.get("groups")
    if comp.first != "change" or comp.second != "partition" or change is None or groups is None:
        return False
    cue = cue_of(frame, change.mention_id)
    if cue is None or cue != cue_of(frame, groups.mention_id):
        return False
    moved, into = frame.mention(change.mention_id), frame.mention(groups.mention_id)
    if moved is None or into is None or moved.span.end > into.span.start:
        return False
    # one object, shared: no second clause ("and put the rest into 4 jars") between them
    between = frame.source_text[moved.span.end : into.span.start]
    words = set(re.findall(r"[a-z]+", between.lower()))
    return not re.search(r"[.,;!?]", between) and not words & _ANOTHER_CLAUSE


_ANOTHER_CLAUSE: Final = frozenset(
    {"and", "then", "rest", "remaining", "remainder", "left", "others", "other", "but"}
)
"""Words that open another clause, or name what a move left, between a move and its groups."""


def _asks_the_move(comp: Composition, bound: Bound, target: TargetView) -> bool:
    """ "She gave 1 bag to Jo. How many apples did she give to Jo?": the question asks what
    the change moved (its verb, the same way), or what the first step moved ("earns 8 dollars
    an hour ... spent 10 ... How much did he earn?"), while the composition's outcome is what
    the move left, or what was held with it. Not when every other amount bound was moved by the
    asked verb too ("picked 5 baskets, then picked 3 more ... how many did he pick?")."""
    change = bound.get("change")
    if change is None or target.verb is None or target.verb in HAVE_VERBS:
        return False
    if target.state in ("left", "now"):
        return False  # "How many does she have left to use?": what the move left
    asked = verb_stem(target.verb)
    if verb_stem(change.verb) != asked or change.direction != target.direction:
        # "earns 8 dollars an hour ... spent 10 dollars. How much did he earn?": the question
        # asks, by its verb and way, the move of the first step, not what the change left
        return any(
            verb_stem(q.verb) == asked and q.direction == target.direction
            for name, q in bound.items()
            if name != "change" and not q.in_question
        )
    held = [q for name, q in bound.items() if name != "change" and q.per is None]
    return any(verb_stem(q.verb) != asked for q in held if not q.in_question)


def _moved_by_another(frame: ProblemFrame, change: QuantityView | None, asked: str | None) -> bool:
    """The change's owner is not read, and its sentence names or describes someone other than
    the ``asked`` owner before its verb ("His sister sold all but 6 of them"): the move is that
    person's, not the asked owner's."""
    if change is None:
        return False
    mention = frame.mention(change.mention_id)
    moved = attribute(mention.attributes, "moved_cue") if mention is not None else None
    cue = frame.mention(moved) if moved else cue_of(frame, change.mention_id)
    if cue is None:
        return False
    start = frame.source_text.rfind(".", 0, cue.span.start) + 1
    before = frame.source_text[start : cue.span.start].lower()
    named = any(
        m.kind == "actor"
        and start <= m.span.start < cue.span.start
        and attribute(m.attributes, "name") != asked
        for m in frame.mentions
    )
    return named or POSSESSED_NOUN.search(before) is not None


def _actors_in(frame: ProblemFrame, sentence: int | None) -> set[str | None]:
    """The names of the actors named in ``sentence``."""
    return {
        attribute(m.attributes, "name")
        for m in frame.mentions
        if m.kind == "actor" and m.span.sentence_index == sentence
    }


def _shared_by_one_owner(frame: ProblemFrame, comp: Composition, bound: Bound) -> bool:
    """A sum of two owners' amounts shared by one of them ("Zoe had 30 pens and Al had 20.
    Zoe shared her pens equally", or the rate told as hers: "Nora puts her eggs into groups
    of 4"): she shares hers, not the sum."""
    if comp.first != "combine" or comp.second != "partition":
        return False
    owners = {owner_of(frame, q) for q in first_step(comp, bound)}
    if len(owners - {None}) < 2:
        return False
    groups = bound.get("groups")
    sentence = groups.sentence if groups is not None else None
    size = bound.get("per_group")
    if size is not None and (size.owner in owners or _ones_own(frame, size)):
        return True  # "Nora wants to put her eggs into groups of 4": Nora's eggs alone
    return bool(_actors_in(frame, sentence) & owners)


def _ones_own(frame: ProblemFrame, size: QuantityView) -> bool:
    """The sentence of a rate tells what it groups as one person's things: "puts her eggs
    into groups of 4" ("their eggs" may be everyone's)."""
    said = sentence_words(frame, size.sentence)
    return any(
        word in ("his", "her", "my", "your") and noun_key(nxt) == size.entity
        for word, nxt in itertools.pairwise(said)
    )


def _moved_within(frame: ProblemFrame, comp: Composition, bound: Bound) -> bool:
    """A sum of owners' amounts then changed by a move between them: "Ben had 20 stamps and
    Amy had 12. Ben gave Amy 4." leaves what they have together as it was; the move's own
    sentence names another owner of the sum, so it stays inside it."""
    change = bound.get("change")
    if comp.first != "combine" or comp.second != "change" or change is None:
        return False
    owners = {owner_of(frame, q) for q in first_step(comp, bound)} - {None}
    mover = owner_of(frame, change)
    return bool((_actors_in(frame, change.sentence) - {mover, None}) & owners)


def _moved_as_the_rate_says(frame: ProblemFrame, size: QuantityView, bound: Bound) -> bool:
    """A rate whose groups a verb describes ("5 points for each star she finds": the rate's
    own cue) is per what that verb moved: every move of the change step is that verb's."""
    cue = cue_of(frame, size.mention_id)
    if cue is None:
        return True
    key = verb_stem(cue.span.text)
    moves = [q for name, q in bound.items() if name == "change" and not q.in_question]
    return all(verb_stem(q.verb) == key for q in moves)


def composed_domain(comp: Composition, value: Fraction, link: Fraction | None) -> tuple[str, ...]:
    """The amount handed between the steps: never negative; a whole number when it counts
    groups (or is the start of a count); a share is never empty."""
    codes: list[str] = []
    if link is not None and link < 0:
        codes.append("negative_intermediate")
    if link is not None and comp.link == "groups" and link.denominator != 1:
        codes.append("non_integer_count")
    if comp.second == "partition" and value == 0:
        codes.append("empty_share")
    return tuple(codes)


def composed_target(
    frame: ProblemFrame, comp: Composition, asked: str, bound: Bound, target: TargetView
) -> tuple[str, ...]:
    """The unknown takes a role this composition asks, of the asked thing; a change happens
    to the asked owner."""
    if asked not in comp.asked:
        return ("unknown_role_not_target",)
    size = bound.get("per_group")
    if (
        comp.second == "equal_groups"
        and size is not None
        and target.modifier is not None
        and not set((size.modifier or "").split()) & set(target.modifier.split())
    ):
        # "How many saltwater animals" over groups of "39 animals" each: which groups hold
        # the asked kind is not read
        return ("target_kind_unread",)
    changed = comp.first == "change" and size is not None
    kept = bound.get("change")
    if kept is not None and kept_placed(frame, kept, "change", comp.organ):
        if size is None or not _moved_what_the_rate_fills(frame, kept, size, target):
            return ("rate_groups_unread",)  # "sold all but 5 ... each jar has 3 lids"
    elif changed and size is not None and not _moved_as_the_rate_says(frame, size, bound):
        # "5 points for each star she finds" over "found 4 stars and lost 3": the rate is per
        # star found, and the change counts the stars held after a loss
        return ("rate_groups_unread",)
    groups_asked = comp.second == "partition" and asked == "groups"
    if groups_asked and (size is None or not asks_the_groups(size, target)):
        return ("target_thing_mismatch",)
    shares = comp.second == "partition" and asked == "per_group"
    if shares and any(
        not entity_compatible(q.entity, None, q.unit, target) for q in first_step(comp, bound)
    ):
        return ("target_thing_mismatch",)
    if not first_step_at_the_asked_time(comp, bound, target):
        return ("target_time_mismatch",)
    if not change_at_the_asked_time(bound, target):
        return ("target_time_mismatch",)
    if not gained_groups_then_changed(comp, bound, target):
        return ("target_move_not_held",)
    if _moved_within(frame, comp, bound):
        return ("move_within_the_sum",)
    if _change_is_the_share(frame, comp, bound):
        return ("change_is_the_share",)
    if _money_of_other_moves(comp, bound, target):
        return ("target_move_not_held",)
    if "change" in (comp.first, comp.second) and asked in ("total", "result", "groups"):
        if target.state == "start":
            return ("target_state_mismatch",)  # "at first": before the move, no outcome
        if _asks_the_move(comp, bound, target):
            return ("target_move_not_held",)
    if _shared_by_one_owner(frame, comp, bound):
        return ("sharer_not_every_owner",)
    change = bound.get("change")
    asked_owner = owner_of(frame, target)
    owner = owner_of(frame, change) if change is not None else None
    if asked_owner not in (None, "group") and owner is not None and owner != asked_owner:
        return ("target_owner_mismatch",)
    moved_by_another = _moved_by_another(frame, change, asked_owner)
    if asked_owner not in (None, "group") and owner is None and moved_by_another:
        return ("target_owner_mismatch",)
    if comp.first == "combine" and not sum_owners_asked(frame, first_step(comp, bound), target):
        return ("target_owner_mismatch",)
    if comp.first == "combine" and not sum_of_the_asked(frame, first_step(comp, bound), target):
        return ("target_owner_mismatch",)
    if not parts_of_the_asked_holder(frame, comp, bound, target):
        return ("target_owner_mismatch",)
    return ()


def parts_of_the_asked_holder(
    frame: ProblemFrame, comp: Composition, bound: Bound, target: TargetView
) -> bool:
    """ "8 spiders, each has 8 legs; a fly with 6 legs is also in the web. How many legs do the
    spiders have?": a question that asks what a thing holds (its subject noun, "the spiders",
    or the place it asks of when that is the holder of the filled groups: "How many roses are
    in the vases?") sums only parts told of that thing. False when a part of the sum is told
    of another holder ("a jug with 5 roses", "the box has 4 pens"), or, for the sum beside
    filled groups (``groups_combine``), of no holder at all: the groups are the asked
    holder's, a loose amount beside them is not shown to be. True when the question asks of
    no thing, or of a place that holds no group ("How many legs are in the web?")."""
    noun = target.subject_noun
    size = bound.get("per_group")
    if noun is None and size is not None:
        held = {size.subject_noun, size.per} - {None}
        noun = next((p for p, _, _ in asked_places(frame, target) if p in held), None)
    if noun is None:
        return True
    parts = [q for name, q in bound.items() if name.startswith("part_")]
    if any(q.subject_noun not in (None, noun) for q in parts):
        return False
    return comp.second != "combine" or all(q.subject_noun == noun for q in parts)


def first_step_at_the_asked_time(comp: Composition, bound: Bound, target: TargetView) -> bool:
    """ "made 10 cups yesterday and 8 cups today ... how many minutes did it work today?": when
    the question asks one of the times the first step's amounts are told at, every one of them
    told at a time is told at an asked one (the sum of both days is no answer about today).
    True when the question reads no time, or asks a time none of them is told at ("on Monday
    ... on Friday ... this week": the days lie within the week asked)."""
    if target.side is None:
        return True
    asked = set(target.side.split(" and "))
    timed = [q.side for q in first_step(comp, bound) if q.side is not None]
    return not set(timed) & asked or all(side in asked for side in timed)


def gained_groups_then_changed(comp: Composition, bound: Bound, target: TargetView) -> bool:
    """Filled groups a verb moved, then changed (``groups_change``): the groups a gain told
    before the change, their rate gained with them, what is held after asked
    (:func:`~practiceloop.arith._compositions.held_after_gained_groups`): "bought 3 shirts for
    $15 each and a hat for $9. How much did she spend?" is no 45 changed by 9, and "She used
    45 balloons. She bought 3 bags of 20." no 60 less 45. True for groups held."""
    groups, size, change = bound.get("groups"), bound.get("per_group"), bound.get("change")
    if comp.organ != "groups_change" or groups is None or size is None:
        return True
    if groups.direction is None:
        return True
    before = change is None or change.in_question or groups.start < change.start
    return before and held_after_gained_groups(groups, size, target)


def change_at_the_asked_time(bound: Bound, target: TargetView) -> bool:
    """ "had 3 bags of 20 balloons on Monday. On Tuesday she used 45. How many did she have on
    Monday?": a question that asks a time asks what a move told at another time had not yet
    changed; the bound change must be told at an asked time, or at none. True when the
    question reads no time."""
    change = bound.get("change")
    if target.side is None or change is None or change.side is None or change.in_question:
        return True
    return change.side in set(target.side.split(" and "))


def kept_placed(frame: ProblemFrame, q: QuantityView, role: str, organ: str) -> bool | None:
    """None when ``q`` is no amount "all but" kept (:mod:`~.reader.kept`); else whether it
    is placed where it may be: the change of ``change_groups``, taken from the whole told
    before it so that what the move took is the groups a rate fills. As a plain change
    ("All but 5 ran away. How many are left?" is 5, not the whole less 5), a part or a group
    count it is no amount the text moved."""
    mention = frame.mention(q.mention_id)
    if mention is None or ("kept", "all_but") not in mention.attributes:
        return None
    return organ == "change_groups" and role == "change"


def _moved_what_the_rate_fills(
    frame: ProblemFrame, kept: QuantityView, size: QuantityView, target: TargetView
) -> bool:
    """The rate is per what the move took, not per what it kept: its group is told with the
    move's own participle ("each target hit gives 4 points" after "hit all but 3"), or the
    question asks the money a trade moved the other way ("sold all but 5 ... how much money
    did she make?"). "Each jar costs 3 dollars. How much are the jars left worth?", a rate of
    the thing alone over a move that is no trade, is neither."""
    mention = frame.mention(kept.mention_id)
    if mention is not None and ("rate_moved", "said") in mention.attributes:
        return True
    cue = frame.mention(attribute(mention.attributes, "moved_cue") or "") if mention else None
    money = target.unit == "dollar" and size.unit == "dollar"
    return money and _trade_asked(cue, cue_of(frame, target.mention_id))


def sum_owners_asked(frame: ProblemFrame, parts: list[QuantityView], target: TargetView) -> bool:
    """The question asks about every owner of a first sum's parts: parts of two or more read
    owners ("Ivan bought 6 cubes and his friend bought 2 cubes") are asked together ("they",
    a group, or no one in particular), never of one of them ("how much did Ivan spend?",
    "how much did he spend?")."""
    owners = {owner_of(frame, q) for q in parts} - {None}
    if len(owners) < 2:
        return True
    asked = owner_of(frame, target)
    if asked == "group":
        return owners <= target.owners or not target.owners
    if asked is not None:
        return False
    pronoun = frame.mention(target.subject) if target.subject is not None else None
    return pronoun is None or ("pronoun", "they") in pronoun.attributes


def sum_of_the_asked(frame: ProblemFrame, parts: list[QuantityView], target: TargetView) -> bool:
    """A named asked owner owns the first sum: "Tom bought 3 mugs and 5 cups ... how much did
    Ava spend?" (a part of another read owner) and "Ava went in. She bought 3 mugs and 5 cups
    ... how much did Tom spend?" (a part of a pronoun left unresolved, and the asked owner named
    nowhere before that pronoun: it cannot point at Tom) are False. True when no one, a group
    or a thing is asked, or every part is the asked owner's or a pronoun's that may name the
    asked owner (named before it, the question included when it comes first). A thing asked as
    the subject that is one part's kind and not the others' ("how long did the boats take?")
    is False too."""
    kinds = [{q.entity, *(q.modifier or "").split()} for q in parts]
    noun = target.subject_noun
    if noun is not None and any(noun in k for k in kinds) and not all(noun in k for k in kinds):
        return False  # "3 cars and 2 boats ... how long did the boats take?": one kind asked
    asked = owner_of(frame, target)
    if asked in (None, "group") or asked not in actor_names(frame):
        return True  # no one, a group, or a thing asked ("how many wheels do the toys have")
    for q in parts:
        owner = owner_of(frame, q)
        if owner is not None and owner != asked:
            return False
        pronoun = frame.mention(q.subject) if owner is None and q.subject is not None else None
        if pronoun is not None and pronoun.kind == "pronoun" and not any(
            m.kind == "actor"
            and attribute(m.attributes, "name") == asked
            and m.span.start < pronoun.span.start
            for m in frame.mentions
        ):
            return False
    return True


def asked_verb(q: QuantityView, target: TargetView) -> bool:
    """``q`` was read with the verb the question asks ("how many did she lose?"), moving the
    way it asks: "how many got off?" is not asked of "8 got on" (one verb, "get", two ways)."""
    asked = target.verb or target.than_verb
    return (
        asked is not None
        and verb_stem(asked) == verb_stem(q.verb)
        and (target.verb is None or None in (target.direction, q.direction)
             or target.direction == q.direction)
    )  # fmt: skip


def one_move_summed(frame: ProblemFrame, relation: Relation, organ: str) -> bool:
    """The relation sums what one verb moved and a rate fills the sum ("sold 4 bead
    necklaces and 3 gem stone necklaces. If each necklace cost 3 dollars"), and the question
    asks that move: its own verb ("how many caps did she lose?"), or the money a trade moved
    the other way ("how much money did she earn?" after "sold"). Its parts are that move's
    amounts, so the verb is consumed and no part is "verb_unplaced". A move the question does
    not ask ("lost 4 red pens and 3 blue pens ... how many caps does she have?") is none."""
    comp = composition(organ)
    target = target_view(frame.targets)
    if target is None or comp is None or (comp.first, comp.second) != ("combine", "equal_groups"):
        return False
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    parts = [views.get(m or "") for name, m in relation.roles if name.startswith("part_")]
    found = [q for q in parts if q is not None]
    if len(found) != len(parts):
        return False
    size = views.get(relation.role("per_group") or "")
    if size is not None and (events_of_the_rate(found, size) or groups_filled(found, size)):
        return True
    if size is not None and hours_worked_paid(frame, found, size, target):
        return True
    if not moved_by_one_verb(frame.mentions, found):
        return False
    if asked_verb(found[0], target):
        return True
    cue, asked = (cue_of(frame, m) for m in (found[0].mention_id, target.mention_id))
    return target.unit == "dollar" and _trade_asked(cue, asked)


def _trade_asked(cue: Mention | None, asked: Mention | None) -> bool:
    """``cue`` moves money the other way than its thing (a trade: "sold" gains money) and the
    question's cue ``asked`` moves money that way ("how much did she earn?")."""
    if cue is None or asked is None:
        return False
    paid = attribute(cue.attributes, "money_direction")
    traded = paid is not None and paid != attribute(cue.attributes, "direction")
    return traded and paid == attribute(asked.attributes, "money_direction")


def events_of_the_rate(parts: list[QuantityView], size: QuantityView) -> bool:
    """Every part counts the events of its own verb, and the rate is per one such event
    ("rode the carousel 4 times and the slide 2 times. If each ride cost 3 tickets"): the verb
    is what the rate's groups are, consumed by the rate, so it is no "verb_unplaced"."""
    return bool(parts) and all(
        q.entity is not None and q.entity == verb_stem(q.verb) == size.per for q in parts
    )


def hours_worked_paid(
    frame: ProblemFrame, parts: list[QuantityView], size: QuantityView, target: TargetView
) -> bool:
    """Every part counts periods of work ("worked 4 hours on Monday and 3 hours on Tuesday"),
    the rate is money earned per that period ("earns 6 dollars an hour") and the question asks
    money earned ("how much money did he make?"): pay per hour is per hour worked, so the verb
    is what the rate's groups are, no "verb_unplaced". Hours slept, a rate paid out ("pays 6
    dollars an hour"), or a question of money spent, is none."""
    asked = cue_of(frame, target.mention_id)
    return (
        bool(parts)
        and all(verb_stem(q.verb) == "work" and q.unit == size.per for q in parts)
        and size.unit == "dollar"
        and size.direction == "gain"
        and asked is not None
        and attribute(asked.attributes, "money_direction") == "gain"
    )


_FILLING = frozenset({"fill", "pack", "load", "stack"})
"""Verbs that fill containers: their object is the groups a rate fills."""


def groups_filled(parts: list[QuantityView], size: QuantityView) -> bool:
    """Every part counts the containers a verb of filling filled, and the rate is what one of
    them holds ("filled 4 bags on Saturday and 3 more bags on Sunday. If each bag had 6 cans"):
    the verb says the groups were filled, the rate with what, so it is no "verb_unplaced"."""
    return bool(parts) and all(
        verb_stem(q.verb) in _FILLING and size.per is not None and size.per in (q.entity, q.unit)
        for q in parts
    )


def cue_of(frame: ProblemFrame, mention_id: str | None) -> Mention | None:
    """The cue mention a quantity (or the unknown) was read with, or None."""
    mention = frame.mention(mention_id or "")
    return frame.mention(attribute(mention.attributes, "cue") or "") if mention else None
