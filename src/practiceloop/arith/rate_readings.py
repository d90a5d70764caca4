"""Rates told in general English: the readings of issue 15's rates, prices and equal groups.

Each function is one reading of a rate the text tells in a form the older rules did not read
(a participle of the groups, amounts of one group, a stock that lasts, groups told equal),
with the checks bound to it. They are pure functions of a frame (and of the relation a
candidate binds), called by the organs, cue accounting and the proofs, so that what the reader
reads and what the proofs accept agree. The checks against wrong neighbours are in
:mod:`.rate_checks`.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import TIME_UNITS, noun_key
from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.reading import QuantityView, TargetView, quantity_views, target_view
from practiceloop.kernel.frame import Mention, ProblemFrame, Relation

__all__ = [
    "asks_how_long_it_lasts",
    "each_of_the_groups_alike",
    "kind_fits",
    "lasting_unread",
    "one_group_contexts",
    "one_group_mismatch",
    "one_group_read",
    "participle_of_the_groups",
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
