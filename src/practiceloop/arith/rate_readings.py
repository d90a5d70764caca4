"""Rates told in general English: the checks of issue 15's rates, prices and equal groups.

Each function is one reading of a rate the text tells in a form the older rules did not read,
with the checks that refuse its wrong neighbours. They are pure functions of a frame (and of
the relation a candidate binds), called by cue accounting and the organs' gate, so that what
the reader reads and what the proofs accept agree.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from practiceloop.arith.capacity import whole_of
from practiceloop.arith.lexicon import MEASURE_UNITS, TIME_UNITS, noun_key
from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    actor_names,
    at_asked_times,
    owner_of,
    quantity_views,
    target_view,
)
from practiceloop.arith.set_aside import listed_beside, sentence_words
from practiceloop.arith.unbearing_rates import groups_of_another_thing
from practiceloop.kernel.frame import Mention, ProblemFrame, Relation

NotYet = Callable[[ProblemFrame, QuantityView], bool]
"""``(frame, amount) -> bool``: the amount's move is told not done yet."""

__all__ = [
    "asked_as_done",
    "asks_how_long_it_lasts",
    "each_of_the_groups_alike",
    "groups_not_done",
    "kind_fits",
    "lasting_unread",
    "one_group_contexts",
    "one_group_mismatch",
    "one_group_read",
    "participle_of_the_groups",
    "share_of_another",
    "sold",
    "told_of_the_group",
]

_WORD: Final = re.compile(r"[A-Za-z][A-Za-z'-]*|\S")
_CLAUSE_END: Final = frozenset({".", ",", ";", "?", "!", "and", "how", "if", "then"})


def sold(q: QuantityView) -> bool:
    """``q`` was told sold ("sold 12 cakes and 4 pies"): money made on it is a trade's, and
    money made on a list sold is not on one of its things alone."""
    return verb_stem(q.verb) == "sell"


def kind_fits(modifier: str | None, asked: str | None) -> bool:
    """A kind told ("soda" bottles) fits the asked kind when either is unsaid or they share a
    word: a rate of "water bottles" a day shares no "soda bottles" into days."""
    return modifier is None or asked is None or bool(set(modifier.split()) & set(asked.split()))


_EACH_HAVING: Final = frozenset({"having", "with", "holding", "containing", "has", "had"})


def each_of_the_groups_alike(
    words: list[str], groups: set[str | None], things: set[str | None]
) -> bool:
    """ "He has 7 bookshelves with each having the same number of books", "2 sets of tables,
    each having the same number of chairs", "3 chapters, each with the same number of pages":
    "each" right after a plural group noun (or its "with"), then "having", "with", "holding"
    or "containing", in a sentence that says "the same" or "equal": the groups are equal, as
    "each bookshelf has the same number" says. ``words`` are the sentence's lower-case words;
    ``groups`` the group nouns (keys) the relation reads; ``things`` what it shares: "the same
    number of pens" says nothing of books."""
    if not ({"same", "equal", "equally"} & set(words)):
        return False
    said = [noun_key(words[i + 2]) for i in range(len(words) - 2) if words[i : i + 2] == [
        "number", "of"]]  # fmt: skip
    if any(thing not in things for thing in said):
        return False
    for index, word in enumerate(words[1:-1], start=1):
        if word != "each" or words[index + 1] not in _EACH_HAVING:
            continue
        before = words[index - 1] if words[index - 1] != "with" else words[index - 2]
        if noun_key(before) in groups and noun_key(before) != before:
            return True
    return False


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


# --- amounts of one group: "20 houses in a block", "14 letters to each block" -----------------


def one_group_contexts(
    frame: ProblemFrame, target: TargetView, group: str | None
) -> frozenset[str]:
    """The groups a total or a count of groups may be told of, beside none, for a relation
    whose rate is per ``group``: the group the question asks about ("in each block", "in a
    block") when it is not ``group``; with the rate's size asked ("How many letters does he
    give each house?", ``group`` the asked one), any other group an amount is told per ("24
    letters to each block", "6 houses on a block"). The unit proof then holds every bound
    total and count to one of them (:func:`one_group_mismatch`)."""
    if target.per is not None and target.per != group:
        return frozenset({target.per})
    if target.per is None or target.per != group:
        return frozenset()
    views = quantity_views(frame.mentions)
    return frozenset(q.per for q in views if q.per is not None and q.per not in ("each", group))


def _context(
    relation: Relation, role: str, views: dict[str, QuantityView], target: TargetView
) -> tuple[bool, str | None]:
    """(known, group) of the amount in ``role``: a bound amount's ``per``, the question's
    ``per`` for the unknown; unknown when the role is not bound."""
    mention_id = relation.role(role)
    if mention_id is None:
        return False, None
    if mention_id == target.mention_id:
        return True, target.per
    view = views.get(mention_id)
    return (view is not None), (view.per if view is not None else None)


def one_group_mismatch(frame: ProblemFrame, relation: Relation, target: TargetView) -> bool:
    """True when an equal-groups or partition relation binds a total and a count of groups
    told of different groups ("14 letters to each block" over "6 houses on a street"), one of
    one group and the other of none ("20 houses in a block ... How many letters does he give
    in all?"), or of the very group its rate is per. Amounts of one block times a rate per
    house are the block's; amounts of two groups are no product at all."""
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    known_total, total = _context(relation, "total", views, target)
    known_groups, groups = _context(relation, "groups", views, target)
    if total is None and groups is None:
        return False
    if known_total and known_groups and total != groups:
        return True
    size_id = relation.role("per_group")
    size = target.per if size_id == target.mention_id else None
    if size_id in views:
        size = views[size_id].per
    return size is not None and size in (total, groups)


def told_of_the_group(
    frame: ProblemFrame, relation: Relation, target: TargetView, role: str
) -> bool:
    """The amount bound in ``role`` (a total or a count of groups) is told per the one group
    the whole relation is of ("6 houses on a block" beside "24 letters to each block"): its
    "per" is that group's, no rate of its own (:func:`one_group_mismatch` holds it)."""
    if role not in ("total", "groups") or one_group_mismatch(frame, relation, target):
        return False
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    mine = views.get(relation.role(role) or "")
    other = relation.role("groups" if role == "total" else "total")
    theirs = target.per if other == target.mention_id else None
    if other in views:
        theirs = views[other].per
    return mine is not None and mine.per is not None and mine.per == theirs


def one_group_read(frame: ProblemFrame, relation: Relation | None) -> tuple[tuple[int, int], ...]:
    """The (start, end) of an amount of one group counting the groups of a rate ("20 houses in
    a block" beside "9 letters to each house"), read as the groups of equal groups whose total
    the question asks of one such group ("How many letters does he give in each block?"): a
    product of two rates is one step then, and the ``nested_rate`` hazard read there is this
    relation's own. At the gate (groups not bound yet) every such amount of the text is
    read; on a candidate, only the one bound."""
    if relation is None or relation.relation_type != "equal_groups":
        return ()
    target = target_view(frame.targets)
    if target is None or target.per is None or relation.role("total") != target.mention_id:
        return ()
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    size = views.get(relation.role("per_group") or "")
    if size is None or size.per in (None, "each", target.per):
        return ()
    groups_id = relation.role("groups")
    told = [views[groups_id]] if groups_id in views else list(views.values())
    read = []
    for g in told:
        mention = frame.mention(g.mention_id)
        if mention is not None and g.per == target.per and size.per in (g.entity, g.unit):
            read.append((mention.span.start, mention.span.end))
    return tuple(read)


# --- how long a stock lasts: "How many days would the soda bottles last?" --------------------

_LASTS_AT_END: Final = re.compile(
    r"\blasts?\s*(?:her|him|them|us|me)?\s*[?.!]?\s*$", re.IGNORECASE
)


def asks_how_long_it_lasts(frame: ProblemFrame, target: TargetView) -> bool:
    """The question asks a time a stock lasts: its unit is a time and it ends "last" ("How
    many days would the soda bottles last?", "will the money last her?")."""
    unknown = frame.mention(target.mention_id or "")
    if unknown is None or target.unit not in TIME_UNITS:
        return False
    sentence = frame.sentences[unknown.span.sentence_index]
    return _LASTS_AT_END.search(sentence.text) is not None


def lasting_unread(frame: ProblemFrame, relation: Relation, target: TargetView) -> bool:
    """A partition asking how long a stock lasts (:func:`asks_how_long_it_lasts`) whose rate
    is no using up: a stock lasts only against what is drunk, eaten, spent or given away per
    day (the rate's own verb a loss), never against more bought each day; and a rate that
    names no kind ("9 bottles a day") while the text counts the stock's thing of another kind
    than the asked one ("162 water bottles" beside the soda bottles asked) may be of both."""
    if relation.relation_type != "partition" or relation.role("groups") != target.mention_id:
        return False
    if target.entity is None or not asks_how_long_it_lasts(frame, target):
        return False  # "How many weeks did the harvest last?": an event's time, no stock
    views = quantity_views(frame.mentions)
    size = next((q for q in views if q.mention_id == relation.role("per_group")), None)
    if size is None:
        return False
    if size.direction != "loss":
        return True
    if size.modifier is not None or target.modifier is None:
        return False
    return any(
        q.entity == size.entity and not kind_fits(q.modifier, target.modifier)
        for q in views
        if q.mention_id != size.mention_id
    )


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


def groups_not_done(
    frame: ProblemFrame, relation: Relation, target: TargetView, not_yet: NotYet
) -> bool:
    """The groups a rate fills ("Ann will buy 20 caps", "she wants to buy 4 red caps and 3
    blue caps") are told not done (``not_yet``: "will", "wants", "going", a modal before
    their verb) while the question asks what was done ("How much did she spend?"): the total
    of a purchase not made is nothing spent yet. "How much will she spend?" asks after it."""
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    groups = [
        views[m]
        for name, m in relation.roles
        if m in views and (name == "groups" or name.startswith("part_"))
    ]
    return bool(groups) and any(not_yet(frame, g) for g in groups) and asked_as_done(frame, target)
