"""The units a two-step organ's proof checks (see organs.composed): private to proofs.

Both steps and the link between them: the first step's amounts count one thing, and a sum is a
list the text makes; groups count what a rate is per, filled with the rate's thing; the rate's
thing is the asked one; money paid for a list is not for one of its things alone. Pure
functions of a frame and the bound amounts' views (:func:`composed_units`); the target and the
domain of a composition are :mod:`practiceloop.arith._composed_checks`.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith._category_checks import one_and_the_other
from practiceloop.arith._listed_beside import (
    item_left_unpriced,
    item_named_again,
    move_told_not_done,
)
from practiceloop.arith.complement_rates import rest_bound
from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.organs.composed import Composition
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    actor_names,
    entity_compatible,
    owner_of,
    quantity_views,
)
from practiceloop.kernel.frame import ProblemFrame

__all__ = [
    "Bound",
    "composed_units",
    "first_step",
    "groups_of_another_thing",
    "holds_another_thing",
    "paid_for_more",
]

Bound = dict[str, QuantityView]


def first_step(comp: Composition, bound: Bound) -> list[QuantityView]:
    """The bound amounts of the composition's first step."""
    if comp.first == "combine":
        return [v for name, v in bound.items() if name.startswith("part_")]
    if comp.first == "change":
        return [v for name, v in bound.items() if name in ("start", "change")]
    if comp.first == "complement":
        return [v for name, v in bound.items() if name.startswith("part_") or name == "subset"]
    return [v for name, v in bound.items() if name in ("groups",)]


def _counts(q: QuantityView, group: str | None) -> bool:
    return group is not None and group in (q.entity, q.unit)


def composed_units(
    frame: ProblemFrame, comp: Composition, bound: Bound, target: TargetView
) -> tuple[str, ...]:
    """The units: the first step's amounts count one thing (their kinds may differ), the link
    thing the second step takes; a rate is per the groups counted, of the thing totalled. A
    first sum is a list the text makes: its parts coordinated ("2 piles of quarters and 3
    piles of dimes"), marked as more ("3 more bags"), or each its own owner's; an amount of
    the thing said on its own ("Two rows are closed") is no part of it."""
    if comp.first == "complement":
        return rest_bound(frame, comp.organ, bound, target)
    first = first_step(comp, bound)
    if comp.first == "combine" and not _listed(frame, first):
        return ("part_unlisted",)
    # groups are counted by their group noun: "2 piles of quarters and 3 piles of dimes"
    # are 5 piles; any other sum adds one thing (of any kinds)
    if comp.second != "equal_groups":
        for index, left in enumerate(first):
            for right in first[index + 1 :]:
                if not entity_compatible(left.entity, None, left.unit, right):
                    return ("unit_mismatch",)
    size = bound.get("per_group")
    if comp.second == "equal_groups":  # the first step counts the groups
        group = size.per if size is not None else None
        if any(not _counts(q, group) for q in first):
            return ("group_unit_mismatch",)
        if size is not None and any(holds_another_thing(frame, q, size) for q in first):
            return ("group_unit_mismatch",)
        if size is not None and _contents_differ(first, size):
            return ("group_unit_mismatch",)
        if size is not None and not entity_compatible(size.entity, None, size.unit, target):
            return ("total_unit_mismatch",)
    elif comp.second == "partition":  # the first step makes the total shared
        groups = bound.get("groups")  # None when the count of groups is the unknown
        shared: QuantityView | TargetView = size if size is not None and groups is None else target
        if any(not entity_compatible(q.entity, None, q.unit, shared) for q in first):
            return ("total_unit_mismatch",)
        if any(not _kind_of(q, shared) or not _kind_of(q, target) for q in first):
            return ("total_unit_mismatch",)  # "162 water bottles" in the soda bottles shared
        if size is not None and groups is not None and not _counts(groups, size.per):
            return ("group_unit_mismatch",)
        if size is not None and size.side is not None and any(
            q.side is not None and q.side != size.side for q in first
        ):  # "48 on Monday and 12 on Tuesday ... gave 3 each to his cousins on Monday"
            return ("rate_time_mismatch",)
    elif comp.second == "combine":  # filled groups beside more of the asked thing
        if item_left_unpriced(frame, bound):
            return ("total_for_other_things",)  # "6 tickets for $7 each ... and a hat"
        if item_named_again(frame, bound):
            return ("item_named_again",)  # "... and a program for $5. He returned the program."
        if move_told_not_done(frame, bound):  # "will drive ... for 4 hours ... How far did"
            return ("move_not_done",)
        groups = bound.get("groups")
        parts = [v for name, v in bound.items() if name.startswith("part_")]
        if any(not entity_compatible(q.entity, q.modifier, q.unit, target) for q in parts):
            return ("unit_mismatch",)
        if size is not None and groups is not None and not _counts(groups, size.per):
            return ("group_unit_mismatch",)
        if size is not None and not entity_compatible(size.entity, None, size.unit, target):
            return ("total_unit_mismatch",)
    else:  # then a change: of the asked thing
        change = bound.get("change")
        if change is not None and not entity_compatible(change.entity, None, change.unit, target):
            return ("unit_mismatch",)
        if comp.first == "combine":
            if any(not entity_compatible(q.entity, None, q.unit, target) for q in first):
                return ("unit_mismatch",)
        else:
            groups = bound.get("groups")
            if size is not None and groups is not None and not _counts(groups, size.per):
                return ("group_unit_mismatch",)
            if size is not None and not entity_compatible(size.entity, None, size.unit, target):
                return ("total_unit_mismatch",)
            money = target.unit in ("dollar", "cent")
            if comp.link == "change" and money and groups is not None and paid_for_more(
                frame, groups
            ):
                return ("total_for_other_things",)  # "buys 4 bars at $2 each and a drink"
            if comp.link == "change" and size is not None and size.side is not None and any(
                q.side != size.side for q in bound.values() if q.per is None
            ):
                return ("rate_time_mismatch",)  # "Last year bars cost $2 each. He buys 4"
    return ()


def _kind_of(q: QuantityView, shared: QuantityView | TargetView) -> bool:
    """``q``'s kind fits the kind ``shared`` is told of: either unsaid, or a word shared
    ("9 soda bottles a day" shares no "water bottles")."""
    if q.modifier is None or shared.modifier is None:
        return True
    return bool(set(q.modifier.split()) & set(shared.modifier.split()))


def _listed(frame: ProblemFrame, parts: list[QuantityView]) -> bool:
    """Every part is marked as more, joined to another one, or its own owner's: an actor's,
    or a thing's told under the one verb of every part ("The red box has 5 balls. The blue
    box has 3 balls"); "The cost to rent a bus is $100" beside "the class has $350" is no
    list of two holdings."""
    owners = [owner_of(frame, q) for q in parts]
    actors = actor_names(frame)
    one_verb = len({verb_stem(q.verb) for q in parts}) == 1
    for index, part in enumerate(parts):
        others = parts[:index] + parts[index + 1 :]
        own = (
            owners[index] is not None
            and owners.count(owners[index]) == 1
            and (owners[index] in actors or one_verb)
        )
        if not (
            part.additional
            or own
            or any(
                _joined(frame, part, o)
                or one_and_the_other(frame, part, o)
                or _gapped(frame, part, o)
                for o in others
            )
            or any(_more_after(part, o) for o in others)
        ):
            return False
    return True


def _more_after(part: QuantityView, later: QuantityView) -> bool:
    """``later`` is "N more" of ``part``'s thing, told after it in its sentence under the same
    verb ("filled 4 bags on Saturday and 3 more bags on Sunday"): the "more" adds to ``part``,
    which is the list's first item."""
    return (
        later.additional
        and later.sentence == part.sentence
        and later.start > part.start
        and verb_stem(later.verb) == verb_stem(part.verb)
        and (later.entity, later.unit) == (part.entity, part.unit)
    )


def holds_another_thing(frame: ProblemFrame, groups: QuantityView, size: QuantityView) -> bool:
    """The text says what ``groups`` are filled with, and it is not what the rate ``size``
    counts: "3 crates with pears" are no crates of "each crate held 8 melons". ("33 packs of
    dvds" at "81 dollars each pack" are: "of" names the groups, not what the rate counts.)"""
    mention = frame.mention(groups.mention_id)
    if mention is None:
        return False
    after = re.findall(r"[A-Za-z]+|\d+", frame.source_text[mention.span.end :])[:3]
    if len(after) < 3 or noun_key(after[0]) != size.per or after[1].lower() != "with":
        return False
    if not after[2].isalpha():
        return False  # "30 rows with 71 crayons ... in each row": the rate itself
    held = noun_key(after[2])
    return held != size.entity and held not in (size.modifier or "").split()


def groups_of_another_thing(
    frame: ProblemFrame, groups: QuantityView, total: QuantityView
) -> bool:
    """ "If the bananas are organized into 47 groups": the text says what the groups hold
    (their clause's subject, a thing the text counts), and it is not what the bound total
    counts (356 oranges)."""
    held = groups.subject_noun
    if held is None or total.entity is None or held == total.entity:
        return False
    return any(v.entity == held and v.per is None for v in quantity_views(frame.mentions))


def _contents_differ(groups: list[QuantityView], size: QuantityView) -> bool:
    """ "3 boxes of 6 pens and 4 boxes of pencils": groups summed whose contents the text
    tells, one of them the thing the rate counts and another not, are no groups of that one
    rate (the boxes of pencils hold pencils). "2 piles of quarters and 3 piles of dimes" under
    "each pile has 10 coins", a rate of a thing none of them is told to hold, may be."""
    contents = {q.entity for q in groups if q.unit is not None and q.unit == size.per}
    return size.entity in contents and len(contents) > 1


_LISTED: Final = (
    r"\A\s*(?:[A-Za-z-]+,?\s+){1,3}?"
    r"(?:(?:for|at|(?:that|which)\s+(?:each\s+)?costs?)\s+"
    r"\$?\s?[\d.,]+\s+(?:[A-Za-z]+\s+)?(?:(?:each|apiece),?\s+)?)?"
    r"(?:and|plus)\s+"
)
_ANOTHER_OBJECT: Final = re.compile(_LISTED + r"(?:a|an|another|some|the|his|her|their|\d+)\b")
_ANOTHER_NAMED: Final = re.compile(_LISTED + r"(?:a|an|another|some|the|his|her|their)\b")
"""After a counted object, the start of another one in the same list ("4 packs of gum *and a*
drink", "3 pens for $2 each *and a* book")."""


_CLAUSE_END: Final = re.compile(r"(?<!\d)\.|\.(?!\d)|[?!;]|,(?!\s*(?:and|plus)\b)")
"""Where the clause after a count ends: a full stop (not a decimal point: "$2.50 each and a
cap"), a question or exclamation mark, a semicolon, or a comma not before "and" / "plus"
("4 pens at $2 each, and a cap" lists on)."""


def paid_for_more(frame: ProblemFrame, groups: QuantityView, *, counted: bool = True) -> bool:
    """ "Mo paid 12 dollars for 4 packs of gum and a drink": the things ``groups`` counts are
    listed with another object (its noun phrase, then "and" or "plus" and a determiner or a
    number; ``counted=False``: a determiner only, since "5 hours on Monday and 2 hours" lists
    no other object), so money told for the list is not for those things alone."""
    mention = frame.mention(groups.mention_id)
    if mention is None:
        return False
    rest = frame.source_text[mention.span.end :]
    clause = _CLAUSE_END.split(rest, maxsplit=1)[0]
    found = (_ANOTHER_OBJECT if counted else _ANOTHER_NAMED).match(clause)
    return found is not None


def _gapped(frame: ProblemFrame, a: QuantityView, b: QuantityView) -> bool:
    """Two amounts of one verb said once, each after its own object, with the same counted
    word ("rode the carousel 4 times and the slide 2 times"): between them only that word,
    "and" (or a comma) and the second object, no other verb and no other amount."""
    earlier, later = (a, b) if a.start < b.start else (b, a)
    first, second = frame.mention(earlier.mention_id), frame.mention(later.mention_id)
    if first is None or second is None or earlier.sentence != later.sentence:
        return False
    if verb_stem(earlier.verb) is None or verb_stem(earlier.verb) != verb_stem(later.verb):
        return False
    text = frame.source_text
    between = re.findall(r"[A-Za-z]+|[^\sA-Za-z]", text[first.span.end : second.span.start])
    after = re.findall(r"[A-Za-z]+", text[second.span.end : second.span.end + 20])[:1]
    if not after or between[:1] != after or not {"and", ","} & set(between[1:2]):
        return False
    inside = [
        m
        for m in frame.mentions
        if m.kind in ("cue", "quantity") and first.span.end <= m.span.start < second.span.start
    ]
    return not inside and all(w.isalpha() for w in between[2:])


def _joined(frame: ProblemFrame, a: QuantityView, b: QuantityView) -> bool:
    """One of two amounts follows a conjunction right after the other one's words."""
    earlier, later = (a, b) if a.start < b.start else (b, a)
    first, second = frame.mention(earlier.mention_id), frame.mention(later.mention_id)
    if first is None or second is None or earlier.sentence != later.sentence:
        return False
    between = frame.source_text[first.span.end : second.span.start]
    return bool(re.search(r"(?:,|\band\b|\bbut\b|\bwhile\b)\s*(?:\$\s*)?$", between))
