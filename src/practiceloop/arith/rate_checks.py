"""Checks of the rate readings against their wrong neighbours (issue 15's rates round).

Each function refuses a closure a rate reading of :mod:`.rate_readings` (or an older one) would
otherwise make over a text that says something else: a share of another whole, holder or
group, groups told to hold another thing, a purchase not made, a price of another time, a
total of groups listed beside others. :func:`rate_unit_code` and :func:`rate_target_codes`
are what the unit and target proofs call; every other function is one check they run.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith._sharing_checks import contents_told
from practiceloop.arith._told_checks import groups_held
from practiceloop.arith.capacity import whole_of
from practiceloop.arith.lexicon import MEASURE_UNITS, TIME_UNITS, noun_key
from practiceloop.arith.rate_readings import lasting_unread, one_group_mismatch, sold
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    actor_names,
    at_asked_times,
    attribute,
    owner_of,
    quantity_views,
)
from practiceloop.arith.set_aside import listed_beside, sentence_words
from practiceloop.arith.sources import asked_source
from practiceloop.arith.unbearing_rates import groups_of_another_thing
from practiceloop.kernel.frame import ProblemFrame, Relation

__all__ = [
    "asked_as_done",
    "asked_in_the_past",
    "asked_pronoun_before_the_owner",
    "contents_told_otherwise",
    "groups_beside_others",
    "groups_not_done",
    "money_of_a_list",
    "rate_target_codes",
    "rate_unit_code",
    "share_of_another",
]

_WORD: Final = re.compile(r"[A-Za-z][A-Za-z'-]*|\S")


# --- shares of one whole: whose groups, which whole, which things -----------------------------


def _role_view(
    relation: Relation, role: str, views: dict[str, QuantityView]
) -> QuantityView | None:
    return views.get(relation.role(role) or "")


def _counts_containers_of(groups: QuantityView, per: str | None) -> bool:
    """``groups`` counts containers of the thing ``per`` names ("6 packs of pens", per pen):
    its unit is a container, no measure, and its thing is the one asked per."""
    return (
        per is not None
        and groups.unit is not None
        and groups.entity == per
        and groups.unit != per
        and groups.unit not in TIME_UNITS
        and groups.unit not in MEASURE_UNITS
    )


def _holds_another_thing(groups: QuantityView, target: TargetView) -> bool:
    """``groups`` are groups another thing was put into ("the bananas are organized into 47
    groups" when the oranges' groups are asked): its subject noun names the thing grouped."""
    return (
        groups.entity == target.per
        and groups.subject_noun is not None
        and target.entity is not None
        and groups.subject_noun != target.entity
        and groups.verb is not None
        and groups.verb.endswith("ed")
    )


_CLOSED_CONTAINERS: Final = frozenset(
    {"box", "bag", "pack", "package", "packet", "crate", "jar", "carton", "basket", "bottle",
     "sack", "bucket", "bowl", "tin", "tub"}
)  # fmt: skip
"""Containers whose "of X" names what they hold: "a pack of pens" holds pens (a "set of
tables" may come with chairs, and is none)."""


def contents_told_otherwise(groups: QuantityView, size: QuantityView) -> bool:
    """The groups are containers told to hold another thing than the rate counts: "6 packs
    of pens" under "each pack has 14 pencils" (a count of things per group, no money or
    measure: "33 packs of dvds at 81 dollars each pack" are priced, not filled; "11 sets of
    tables" with "13 chairs" each are no closed containers)."""
    return (
        size.unit is None
        and size.entity is not None
        and groups.unit in _CLOSED_CONTAINERS
        and groups.unit == size.per
        and groups.entity is not None
        and groups.entity != size.entity
    )


def groups_beside_others(frame: ProblemFrame, relation: Relation, target: TargetView) -> bool:
    """Equal groups whose total is asked of everything held ("How many apples does Tom
    have?") while the text lists other things beside the groups, their contents untold
    ("Tom had 3 boxes and 5 bags. Each bag has 4 apples."): the boxes may hold apples too.
    A question that names the groups ("in the bags") asks of them alone."""
    if relation.relation_type != "equal_groups" or relation.role("total") != target.mention_id:
        return False
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    groups = _role_view(relation, "groups", views)
    if groups is None:
        return False
    unknown = frame.mention(target.mention_id or "")
    if unknown is None:
        return False
    named = {noun_key(w) for w in sentence_words(frame, unknown.span.sentence_index)}
    if groups.entity in named or groups.unit in named:
        return False
    bound = {m for _, m in relation.roles}
    return any(
        q.mention_id not in bound
        and q.per is None
        and q.unit is None
        and q.entity not in (None, target.entity)
        and listed_beside(frame, q, [groups], target)
        and not groups_of_another_thing(frame, "", q, [groups], target)
        for q in views.values()
    )


def asked_pronoun_before_the_owner(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> bool:
    """The question asks by a pronoun ("How many pencils does she have?") while the groups
    are a named person's whose name the text gives only after that very pronoun was said
    ("She likes pencils. Tom had 6 packs of pencils."): the pronoun named someone before Tom
    came in, and need not be Tom."""
    pronoun = frame.mention(target.subject or "")
    if pronoun is None or pronoun.kind != "pronoun":
        return False
    said = attribute(pronoun.attributes, "pronoun")
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    groups = _role_view(relation, "groups", views)
    owner = owner_of(frame, groups) if groups is not None else None
    if owner is None:
        return False
    named = [
        m.span.start
        for m in frame.mentions
        if m.kind == "actor" and attribute(m.attributes, "name") == owner
    ]
    return bool(named) and any(
        m.kind == "pronoun"
        and attribute(m.attributes, "pronoun") == said
        and m.span.start < min(named)
        for m in frame.mentions
    )


def share_of_another(frame: ProblemFrame, relation: Relation, target: TargetView) -> str | None:
    """The code of a partition whose total and groups are not one holder's and one whole's,
    or None:

    * ``whole_of_another_holder``: a capacity of one whole ("20 people can ride *the train*
      at the same time", :func:`~practiceloop.arith.capacity.whole_of`) shared into groups
      told in a sentence that never names it ("The bus has 4 rows", "How many seats does the
      wheel have?");
    * ``groups_owner_mismatch``: a total one named person holds shared into groups another
      named person told ("Emily had 18 beads. Tom made 6 necklaces.");
    * ``target_owner_mismatch``: a total of one named person shared for another one asked
      ("Tom read for 12 days. How many books did Ann read?");
    * ``shared_with_another_group``: the size of one group asked while the text lists groups
      of another thing beside the bound ones under one verb ("made 6 necklaces and 3 rings":
      the beads may go into the rings too);
    * ``group_unit_mismatch``: a size per one thing asked over containers of it ("6 packs of
      pens ... How much does each pen cost?": the packs are no pens);
    * ``target_side_mismatch``: a size asked at a time the bound amounts are not told at
      (:func:`~practiceloop.arith.reading.at_asked_times`, or none of them told at a time:
      "How much did each pack cost last year?" over a purchase told at no time), or asked
      "now" over amounts told at a time ("... for 6 packs last year. How much does each pack
      cost now?")."""
    if relation.relation_type != "partition":
        return None
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    total = _role_view(relation, "total", views)
    groups = _role_view(relation, "groups", views)
    if total is not None and (whole := whole_of(frame, total)) is not None:
        told = groups.sentence if groups is not None else None
        unknown = frame.mention(target.mention_id or "")
        if relation.role("groups") == target.mention_id and unknown is not None:
            told = unknown.span.sentence_index
        said = {noun_key(w) for w in sentence_words(frame, told)} if told is not None else set()
        if told is not None and whole not in said:
            return "whole_of_another_holder"  # the train's riders, the bus's rows
    people = actor_names(frame)
    if total is not None and groups is not None:
        owners = {owner_of(frame, total), owner_of(frame, groups)}
        if len(owners & people) == 2:
            return "groups_owner_mismatch"
    asked = owner_of(frame, target)
    if total is not None and asked in people and owner_of(frame, total) in people - {asked}:
        return "target_owner_mismatch"  # "Tom read for 12 days. How many books did Ann read?"
    size_asked = relation.role("per_group") == target.mention_id
    if size_asked and groups is not None and _counts_containers_of(groups, target.per):
        return "group_unit_mismatch"  # "6 packs of pens ... How much does each pen cost?"
    if size_asked and groups is not None and _holds_another_thing(groups, target):
        return "group_unit_mismatch"  # "the bananas are organized into 47 groups" (oranges)
    amounts = [v for v in (total, groups) if v is not None]
    if size_asked and not at_asked_times(target, amounts):
        return "target_side_mismatch"  # "paid $120 for 6 packs on Monday ... on Friday?"
    if size_asked and target.side is not None and all(v.side is None for v in amounts):
        return "target_side_mismatch"  # "paid $120 for 6 packs ... each pack last year?"
    if size_asked and target.time == "now" and target.side is None and any(
        v.side is not None for v in amounts
    ):
        return "target_side_mismatch"  # "... 6 packs last year. How much does each cost now?"
    if groups is not None and size_asked:
        bound = {m for _, m in relation.roles}
        for q in views.values():
            if q.mention_id in bound or q.per is not None:
                continue
            if listed_beside(frame, q, [groups], target) and not groups_of_another_thing(
                frame, "", q, [groups], target
            ):  # groups told to hold another thing ("the bananas ... into 47 groups") are none
                return "shared_with_another_group"
    return None


# --- groups not filled yet: "Ann will buy 20 caps. How much did she spend?" -------------------

_AUXILIARIES: Final = frozenset(
    {"did", "does", "do", "is", "are", "was", "were", "has", "have", "had",
     "will", "would", "can", "could", "should", "must", "might", "may"}
)  # fmt: skip
_DONE_AUX: Final = frozenset({"did", "does", "do", "is", "are", "was", "were", "has", "have"})


def asked_as_done(frame: ProblemFrame, target: TargetView) -> bool:
    """The question's first auxiliary after its unknown tells a fact, done or holding ("How
    much did she spend?", "How many are there?"), no "will", "would" or modal."""
    unknown = frame.mention(target.mention_id or "")
    if unknown is None:
        return False
    tail = frame.source_text[unknown.span.end : unknown.span.end + 60].lower()
    aux = next((w for w in _WORD.findall(tail) if w in _AUXILIARIES), None)
    return aux in _DONE_AUX


_NOT_YET: Final = frozenset({"will", "going", "plans", "wants", "hopes", "ll"})
"""Words that tell a move not done ("will give", "is going to buy", "wants to sell"); a
modal alone ("can make 4 a minute") tells a capacity, read by :mod:`.capacity`."""

_SHARED_ROLES: Final = frozenset({"groups", "per_group", "total"})


def groups_not_done(frame: ProblemFrame, relation: Relation, target: TargetView) -> bool:
    """An amount of the groups, the rate or the total told not done ("Ann will buy 20 caps",
    "Leo will give 3 cards to each house", "It will make $48 by selling caps", "she wants
    to buy 4 red caps and 3 blue caps": "will", "going", "wants", "plans", "hopes" before its
    verb) while the question asks what was done ("How much did she spend?", "How many caps
    did it sell?"): a purchase, a giving or a sale not made is nothing done yet. "How much
    will she spend?" asks after it; the unknown's own verb is the question's."""
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    told = [
        views[m]
        for name, m in relation.roles
        if m in views
        and m != target.mention_id
        and (name in _SHARED_ROLES or name.startswith("part_"))
    ]
    if not asked_as_done(frame, target):
        return False
    if recipients_held(relation, target, views):
        told = [q for q in told if q.mention_id != relation.role("per_group")]
    if any(_cue_not_done(frame, q) for q in told):
        return True
    # a verb read with no cue ("She will read for 12 days"): only against a question in the
    # past ("How many books did she read?"); "the harvest will go on for 4 days ... How many
    # sacks do they harvest per day?" asks a habit, which a future time may share
    return asked_in_the_past(frame, target) and any(_clause_not_done(frame, q) for q in told)


def _cue_not_done(frame: ProblemFrame, q: QuantityView) -> bool:
    """A word of :data:`_NOT_YET`, in lower case, among the three words before the verb cue
    ``q`` was read with ("Ann will buy 20 caps"; "Will bought 20 caps" names Will)."""
    mention = frame.mention(q.mention_id)
    cue_id = attribute(mention.attributes, "cue") if mention is not None else None
    cue = frame.mention(cue_id or "")
    if cue is None:
        return False
    before = _WORD.findall(frame.source_text[max(0, cue.span.start - 40) : cue.span.start])
    return bool(_NOT_YET & set(before[-3:]))


def recipients_held(
    relation: Relation, target: TargetView, views: dict[str, QuantityView]
) -> bool:
    """ "Jason bought 48 cupcakes. He plans to give 3 cupcakes each to his cousins. How many
    cousins does Jason have?": the asked groups are held things
    (:func:`~._told_checks.groups_held`), who a planned rate of another thing is per, its
    giver read as a person and none other than the asked holder: how many they are is no
    move, so the plan's rate is no move asked as done. The total stays checked ("Ann will
    buy 20 caps ... How many friends does she have?" is refused), and so does a giver not
    read as the holder ("Tom will give 4 caps to each friend. How many friends does Ann
    have?")."""
    size = views.get(relation.role("per_group") or "")
    if size is None or not groups_held(relation, target):
        return False
    if size.per != target.entity or size.entity == target.entity:
        return False
    return size.subject_noun is None and size.owner in (None, target.owner)


_PAST_AUX: Final = frozenset({"did", "was", "were"})


def asked_in_the_past(frame: ProblemFrame, target: TargetView) -> bool:
    """The question's first auxiliary after its unknown is "did", "was" or "were"."""
    unknown = frame.mention(target.mention_id or "")
    if unknown is None:
        return False
    tail = frame.source_text[unknown.span.end : unknown.span.end + 60].lower()
    aux = next((w for w in _WORD.findall(tail) if w in _AUXILIARIES), None)
    return aux in _PAST_AUX


_CLAUSE_BREAK: Final = re.compile(r"[.,;!?]|\band\b|\bbut\b|\bthen\b", re.IGNORECASE)


def _clause_not_done(frame: ProblemFrame, q: QuantityView) -> bool:
    """A word of :data:`_NOT_YET`, in lower case, in ``q``'s own clause before its number
    ("She will read for 12 days": a verb no cue was read with; "Will was working" names
    Will)."""
    mention = frame.mention(q.mention_id)
    if mention is None:
        return False
    sentence = frame.sentences[mention.span.sentence_index]
    before = frame.source_text[sentence.start : mention.span.start]
    clause = _CLAUSE_BREAK.split(before)[-1]
    return bool(_NOT_YET & set(_WORD.findall(clause)))  # lower case: "Will" may be a name


def rate_unit_code(
    frame: ProblemFrame,
    relation: Relation,
    organ: str,
    target: TargetView | None,
) -> str | None:
    """The unit proof's code for an equal-groups or partition relation these checks refuse:
    a total and groups of two groups (:func:`~.rate_readings.one_group_mismatch`), groups told
    to hold another thing (:func:`contents_told_otherwise`); None when they hold."""
    if organ not in ("equal_groups", "partition") or target is None:
        return None
    if one_group_mismatch(frame, relation, target):
        return "group_context_mismatch"  # "14 letters to each block" over "on a street"
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    size, groups = _role_view(relation, "per_group", views), _role_view(relation, "groups", views)
    if (
        size is not None
        and groups is not None
        and contents_told_otherwise(groups, size)
        and contents_told(frame, size) != groups.entity  # "A pack of gum has 12 sticks"
    ):
        return "group_unit_mismatch"  # "6 packs of pens ... 14 pencils each"
    return None


def money_of_a_list(target: TargetView, groups: QuantityView, frame: ProblemFrame) -> bool:
    """Money asked of groups whose list may hold other things: spent ("bought 6 tickets and
    a drink"), or made on a sale ("sold 12 cakes and 4 pies"), unless the question asks the
    money of one thing sold (:func:`~.sources.asked_source`)."""
    if target.entity != "money":
        return False
    if target.direction == "loss":
        return True
    return target.direction == "gain" and sold(groups) and asked_source(frame) is None


def rate_target_codes(
    frame: ProblemFrame,
    relation: Relation,
    organ: str,
    asked: str,
    target: TargetView,
    multiplied: bool,
) -> list[str]:
    """The target proof's codes these checks give for ``relation`` (``asked`` the role the
    question's unknown fills; ``multiplied``: equal groups are its last step): a stock that
    lasts against no using up, a share of another whole, holder or group
    (:func:`share_of_another`), money of another thing than the one sold asked, groups not
    filled yet, a total of groups beside others, a question pronoun that named someone
    before the groups' owner."""
    codes: list[str] = []
    if organ == "partition" and asked == "groups" and lasting_unread(frame, relation, target):
        codes.append("rate_not_used_up")  # "bought 9 a day": nothing lasts against it
    if (other := share_of_another(frame, relation, target)) is not None:
        codes.append(other)  # "can ride the train" into the bus's rows; Tom's necklaces
    shared = organ in ("equal_groups", "partition") or multiplied
    if shared and groups_not_done(frame, relation, target):
        codes.append("move_not_done")  # "Ann will buy 20 caps. How much did she spend?"
    if not multiplied or asked != "total":
        return codes
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    size, groups = _role_view(relation, "per_group", views), _role_view(relation, "groups", views)
    source = asked_source(frame)
    if organ == "equal_groups" and source is not None and (
        size is None or size.per != source or (groups is not None and not sold(groups))
    ):
        codes.append("target_source_mismatch")  # "from selling the t-shirts": sold ones
    if groups_beside_others(frame, relation, target):
        codes.append("total_of_other_groups")  # "3 boxes and 5 bags. Each bag has 4"
    if asked_pronoun_before_the_owner(frame, relation, target):
        codes.append("target_owner_mismatch")  # "She likes pens. Tom had 6 packs ..."
    return codes
