"""The reader's two-step proposals: a second relation read around a first one.

Private to the reader. A two-step organ (:mod:`practiceloop.arith.organs.composed`) is
proposed only when the text shows both steps' cues: a sharing or a rate the reader already
proposed as ``partition`` / ``equal_groups`` or a move it proposed as ``change``, *and* the
amounts the other step needs. Only the roles those cues mark are bound: the move and its verb
cue, the rate, the question's unknown; every other role is left for practice to fill.
"""

from __future__ import annotations

from practiceloop.arith._listed_beside import listed_before_the_count, listed_beside_the_groups
from practiceloop.arith.lexicon import HAVE_VERBS, verb_key
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    entity_compatible,
    quantity_views,
    target_view,
)
from practiceloop.arith.spent_groups import paid_from_a_holding
from practiceloop.kernel.frame import Mention, Relation, Target

__all__ = [
    "first_gain_holds",
    "gained_then_changed",
    "gained_then_shared",
    "given_in_equal_shares",
    "groups_gained_first",
    "held_after_gained_groups",
    "held_before_the_move",
    "held_in_all_before_kept",
    "moved_alike_by_owners",
    "moved_by_one_verb",
    "moved_in_equal_shares",
    "propose_compositions",
]

_Roles = list[tuple[str, str | None]]


def _plain(q: QuantityView) -> bool:
    return q.per is None and q.compare is None and not q.in_question


def _movers(amounts: list[QuantityView]) -> list[QuantityView]:
    return [q for q in amounts if q.direction is not None and q.state is None]


def _holdings(amounts: list[QuantityView]) -> list[QuantityView]:
    return [q for q in amounts if q.direction is None and q.state in (None, "start")]


def _cue(mentions: tuple[Mention, ...], q: QuantityView) -> str | None:
    for mention in mentions:
        if mention.mention_id == q.mention_id:
            return next((v for k, v in mention.attributes if k == "cue" and v), None)
    return None


def _parts(count: int) -> _Roles:
    return [(f"part_{i + 1}", None) for i in range(max(2, count))]


def held_in_all_before_kept(
    mentions: tuple[Mention, ...], movers: list[QuantityView], amounts: list[QuantityView]
) -> list[QuantityView]:
    """ "If a box had 7 bars total and Ada sold all but 4 bars": a whole told "in all" (state
    ``in_all``, no move) is what the one move of an amount "all but" kept
    (:mod:`~practiceloop.arith.reader.kept`) takes from, as a plain holding is. Empty unless
    the only move is such a kept amount: a total beside any other move stays no start."""
    if len(movers) != 1 or not _kept(mentions, movers[0]):
        return []
    return [q for q in amounts if q.state == "in_all" and q.direction is None]


def _kept(mentions: tuple[Mention, ...], q: QuantityView) -> bool:
    return any(
        m.mention_id == q.mention_id and ("kept", "all_but") in m.attributes for m in mentions
    )


def first_gain_holds(movers: list[QuantityView]) -> bool:
    """ "Tom bought 12 boxes of candy and gave 7 to his brother": the first amount, gained
    before a later move (and not "N more"), is what the later move changes: it starts the
    step, as :func:`~practiceloop.arith.reader.proposals.propose_change` reads it."""
    first, later = sorted(movers, key=lambda q: q.start)
    return first.direction == "gain" and not first.additional and later.direction is not None


def moved_by_one_verb(mentions: tuple[Mention, ...], movers: list[QuantityView]) -> bool:
    """ "She sold 4 bead necklaces and 3 gem stone necklaces": two or more amounts moved by
    one verb (one cue, its amounts coordinated after it), none of them "N more", are what
    that verb moved in all: their sum is a first step a rate then fills ("If each necklace
    cost 3 dollars, how much money did she earn?"). Two verbs ("sold 4 ... and bought 3")
    are two moves, no sum."""
    cues = {_cue(mentions, q) for q in movers}
    return (
        len(movers) > 1
        and len(cues) == 1
        and None not in cues
        and len({q.direction for q in movers}) == 1
        and not any(q.additional for q in movers)
    )


def _asks_many(mentions: tuple[Mention, ...], target: TargetView) -> bool:
    """The question asks about many owners: "they", or a group it names."""
    if target.owner == "group":
        return True
    pronoun = next((m for m in mentions if m.mention_id == target.subject), None)
    return pronoun is not None and ("pronoun", "they") in pronoun.attributes


def moved_alike_by_owners(
    mentions: tuple[Mention, ...], movers: list[QuantityView], target: TargetView
) -> bool:
    """ "Ivan bought 6 cubes and his friend bought 2 cubes. How much did they spend?": two or
    more amounts moved the same way by one verb said again for each owner, every amount its
    own owner's (a name or a person noun read as its subject), none "N more", and the question
    asks about them all ("they", or the group it names): their sum is what they all moved, a
    first step a rate then fills. Asked of one of them ("how much did she spend?"), or two
    amounts of one owner, or two verbs ("bought 6 ... sold 2"), it is none."""
    owners = [q.owner or q.subject_noun for q in movers]
    return (
        len(movers) > 1
        and None not in owners
        and len(set(owners)) == len(owners)
        and len({verb_key(q.verb) for q in movers} | {None}) == 2
        and len({q.direction for q in movers}) == 1
        and not any(q.additional for q in movers)
        and _asks_many(mentions, target)
    )


def _first_step(
    mentions: tuple[Mention, ...],
    amounts: list[QuantityView],
    name: str,
    link: _Roles,
    target: TargetView | None = None,
) -> tuple[str, _Roles] | None:
    """The first step over ``amounts`` (what the link counts): one move and something held
    is a change; two or more amounts held and no move is a sum; so are amounts one verb moved
    in all, or that owners asked together each moved alike, before a rate fills them."""
    movers, held = _movers(amounts), _holdings(amounts)
    held = held or held_in_all_before_kept(mentions, movers, amounts)
    if name == "groups" and not held and moved_by_one_verb(mentions, movers):
        return f"combine_{name}", [*_parts(len(movers)), *link]
    alike = target is not None and moved_alike_by_owners(mentions, movers, target)
    if name == "groups" and not held and alike:
        return f"combine_{name}", [*_parts(len(movers)), *link]
    if not held and len(movers) == 2 and first_gain_holds(movers):
        held, movers = movers[:1], movers[1:]
    if len(movers) == 1 and held:
        mover = movers[0]
        return f"change_{name}", [
            ("start", None),
            ("change", mover.mention_id),
            *link,
            ("direction", _cue(mentions, mover)),
        ]
    if len(held) > 1 and not movers:
        return f"combine_{name}", [*_parts(len(held)), *link]
    return None


def _counting(views: tuple[QuantityView, ...], group: str | None) -> list[QuantityView]:
    return [q for q in views if _plain(q) and group is not None and group in (q.entity, q.unit)]


def _shared_amounts(
    mentions: tuple[Mention, ...], relation: Relation, target: TargetView
) -> list[QuantityView] | None:
    """The plain amounts of what a partition shares (not its groups); None when the shared
    thing is not read."""
    views = quantity_views(mentions)
    size = next((q for q in views if q.mention_id == relation.role("per_group")), None)
    groups_asked = relation.role("groups") == target.mention_id
    shared: QuantityView | TargetView | None = size if groups_asked else target
    group = size.per if groups_asked and size is not None else target.per
    if shared is None:
        return None
    counted = {q.mention_id for q in _counting(views, group)}
    return [
        q
        for q in views
        if _plain(q)
        and q.mention_id not in counted
        and entity_compatible(q.entity, None, q.unit, shared)
    ]


def _around_partition(
    mentions: tuple[Mention, ...], relation: Relation, target: TargetView
) -> list[tuple[str, _Roles]]:
    amounts = _shared_amounts(mentions, relation, target)
    if amounts is None:
        return []
    link = [("groups", relation.role("groups")), ("per_group", relation.role("per_group"))]
    found = _first_step(mentions, amounts, "partition", link)
    return [found] if found else []


def _rates_of_the_asked(views: tuple[QuantityView, ...], target: TargetView) -> list[QuantityView]:
    """The amounts of the asked thing told per a named group ("4 coins in each pile")."""
    return [
        q
        for q in views
        if q.per not in (None, "each")
        and q.compare is None
        and entity_compatible(q.entity, None, q.unit, target)
    ]


def _around_rate(mentions: tuple[Mention, ...], target: TargetView) -> list[tuple[str, _Roles]]:
    """The one rate of the asked thing ("each pile had 4 coins") and the amounts of its groups:
    groups moved or summed before they are filled, or the filled groups changed after."""
    if target.per is not None or target.state in ("each", "more", "fewer"):
        return []  # the size of a share or a comparison is asked: no total to make
    views = quantity_views(mentions)
    rates = _rates_of_the_asked(views, target)
    if len(rates) != 1:
        return []
    size = rates[0]
    groups = _counting(views, size.per)
    found: list[tuple[str, _Roles]] = []
    link = [("per_group", size.mention_id), ("total", target.mention_id)]
    first = _first_step(mentions, groups, "groups", link, target)
    if first is not None:
        found.append(first)
    # the filled groups changed after: "3 boxes, 6 eggs in each; he broke 4 eggs"
    things = [q for q in views if _plain(q) and entity_compatible(q.entity, None, q.unit, target)]
    moved = _movers(things)
    if len(moved) == 1 and (
        (_holdings(groups) and not _movers(groups))
        or groups_gained_first(groups, moved[0], size, target)
    ):
        found.append(
            (
                "groups_change",
                [
                    ("groups", None),
                    ("per_group", size.mention_id),
                    ("change", moved[0].mention_id),
                    ("result", target.mention_id),
                    ("direction", _cue(mentions, moved[0])),
                ],
            )
        )
    # more of the asked thing beside the filled groups: "12 sets, 14 chairs in each; there
    # are also 6 chairs extra"
    beside = _holdings(things)
    listed = listed_beside_the_groups(views, size, target, listed_before_the_count(mentions))
    if listed:  # "bought 6 tickets for $7 each and a program for $5": one move in all
        beside, moved, groups = listed, [], [q for q in groups if q.direction is None]
    if beside and not moved and (listed or (_holdings(groups) and not _movers(groups))):
        found.append(
            (
                "groups_combine",
                [
                    ("groups", None),
                    ("per_group", size.mention_id),
                    *[(f"part_{i + 1}", None) for i in range(len(beside))],
                    ("whole", target.mention_id),
                ],
            )
        )
    return found


def groups_gained_first(
    groups: list[QuantityView], moved: QuantityView, size: QuantityView, target: TargetView
) -> bool:
    """ "Ayesha baked 5 trays of muffins with 12 on each tray. Her family ate 14 of them. How
    many muffins are left?": the groups counted once, gained (not "N more") before the one
    later move of what they hold, and nothing of them held: the gain is what the move changes,
    as the first gain of a chain starts it (:func:`first_gain_holds`), when the question asks
    what is held after (:func:`held_after_gained_groups`). Two counts of groups, a count held
    beside the gain, or a gain told after the move are no such start."""
    if len(groups) != 1 or groups[0].additional or groups[0].state is not None:
        return False
    return (
        groups[0].direction == "gain"
        and groups[0].start < moved.start
        and held_after_gained_groups(groups[0], size, target)
    )


def held_after_gained_groups(groups: QuantityView, size: QuantityView, target: TargetView) -> bool:
    """Groups moved (not held) start a change only as a gain whose rate came with them ("bought
    3 bags with 20 balloons in each"; not "bought 3 shirts for $15 each": that money went out)
    and a question of what is held after ("left", "now", a verb of having, or none: "How many
    balloons are left?"; "How much did she spend?" asks a move). True for groups held."""
    if groups.direction is None:
        return True
    asks_held = target.state in ("left", "now") or target.verb is None or target.verb in HAVE_VERBS
    return groups.direction == "gain" and size.direction in (None, "gain") and asks_held


def given_in_equal_shares(
    mentions: tuple[Mention, ...], target: TargetView
) -> list[tuple[str, _Roles]]:
    """ "Sam had some cards. He gave 3 cards to each of his 5 friends and has 2 cards left.
    How many cards did Sam have?": the start asked (state ``start``), the one rate of the
    asked thing moved by a verb (its cue: "gave 3 cards to each"), the one count of its groups
    ("5 friends") and the one amount of the asked thing left or had now: the filled groups
    are the move from the start to what is left (``groups_moved``). Nothing when the rate is
    not moved, another amount of the asked thing moves (more steps than two), no remainder
    or two are told, or the groups are not counted once."""
    if target.state != "start" or target.per is not None:
        return []
    views = quantity_views(mentions)
    rates = _rates_of_the_asked(views, target)
    if len(rates) != 1 or rates[0].direction not in ("gain", "loss"):
        return []
    size = rates[0]
    cue = _cue(mentions, size)
    things = [q for q in views if _plain(q) and entity_compatible(q.entity, None, q.unit, target)]
    left = [q for q in things if q.state in ("left", "now") and q.direction is None]
    if cue is None or _movers(things) or len(left) != 1 or len(_counting(views, size.per)) != 1:
        return []
    roles: _Roles = [
        ("groups", None),
        ("per_group", size.mention_id),
        ("start", target.mention_id),
        ("result", None),
        ("direction", cue),
    ]
    return [("groups_moved", roles)]


def moved_in_equal_shares(
    mentions: tuple[Mention, ...], target: TargetView
) -> list[tuple[str, _Roles]]:
    """ "Ulla had 65 stickers. She gave 5 stickers to each of her 7 friends. How many stickers
    does she have left?", "Hyun had 90 dollars. He bought 4 games for 15 dollars each. How much
    money does he have left?": what is held after (``left``, ``now``) asked, the one rate of
    the asked thing moved by a verb (its cue), the one count of its groups and one plain
    holding of the asked thing told before the rate: the filled groups are the move from that
    start (``groups_moved``, the result asked). Nothing when another amount of the asked thing
    moves (a third step), the rate is not moved, the groups or the start are not told once, or
    the groups are counted in another sentence than the rate ("saved 30 dollars for her 2
    trips. She spent 12 dollars on each trip": what the start was for)."""
    if target.state not in ("left", "now") or target.per is not None:
        return []
    views = quantity_views(mentions)
    rates = _rates_of_the_asked(views, target)
    if len(rates) != 1 or rates[0].direction not in ("gain", "loss"):
        return []
    size = rates[0]
    cue = _cue(mentions, size)
    things = [q for q in views if _plain(q) and entity_compatible(q.entity, None, q.unit, target)]
    held = [q for q in _holdings(things) if q.start < size.start]
    counted = _counting(views, size.per)
    if cue is None or _movers(things) or len(held) != 1 or len(counted) != 1:
        return []
    if counted[0].sentence != size.sentence:
        return []  # "saved 30 dollars for her 2 trips. She spent 12 dollars on each trip."
    roles: _Roles = [
        ("groups", None),
        ("per_group", size.mention_id),
        ("start", None),
        ("result", target.mention_id),
        ("direction", cue),
    ]
    return [("groups_moved", roles)]


def _around_change(
    mentions: tuple[Mention, ...], relation: Relation, target: TargetView
) -> list[tuple[str, _Roles]]:
    """Two or more amounts held before one move: their sum is what the move changes
    ("Katie had 8 pieces while her sister had 23. If they ate 8 ...")."""
    views = quantity_views(mentions)
    change, result = relation.role("change"), relation.role("result")
    if change is None or relation.role("start") is not None:
        return []
    held = _holdings(
        [q for q in views if _plain(q) and entity_compatible(q.entity, None, q.unit, target)]
    )
    if len(held) < 2 or not held_before_the_move(views, held, change):
        return []
    return [
        (
            "combine_change",
            [
                *_parts(len(held)),
                ("change", change),
                ("result", result),
                ("direction", relation.role("direction")),
            ],
        )
    ]


def held_before_the_move(
    views: tuple[QuantityView, ...], held: list[QuantityView], change: str
) -> bool:
    """A holding is told before the move that changes the sum: "Ben had 12 red cookies and 7
    blue cookies. He ate 10 of them." A move told before every holding ("Ben ate 10 cookies.
    He had 12 red cookies and 7 blue cookies.") may have come before or after them: False. A
    move asked (no amount told) is after them all."""
    moved = next((q for q in views if q.mention_id == change), None)
    return moved is None or moved.in_question or any(q.start < moved.start for q in held)


def gained_then_changed(
    mentions: tuple[Mention, ...], relation: Relation, target: TargetView
) -> list[tuple[str, _Roles]]:
    """ "He baked 6 muffins and 14 tarts. After the fair he had 5 to take home. How many did
    he sell?": two or more amounts of the asked thing gained by one verb
    (:func:`moved_by_one_verb`), nothing of it held before them, are what a later move
    changes; their sum starts the change. Not when the change's start is read, when the
    amounts are lost ("sold 4 pens and 3 caps") or moved by two verbs, or when an amount is
    held before them (that start is :func:`_around_change`'s)."""
    change = relation.role("change")
    if change is None or relation.role("start") is not None:
        return []
    things = [
        q
        for q in quantity_views(mentions)
        if _plain(q) and entity_compatible(q.entity, None, q.unit, target)
    ]
    movers = [q for q in _movers(things) if q.mention_id != change]
    if not moved_by_one_verb(mentions, movers) or movers[0].direction != "gain":
        return []
    first = min(q.start for q in movers)
    if any(q.start < first for q in _holdings(things)):
        return []
    return [
        (
            "combine_change",
            [
                *_parts(len(movers)),
                ("change", change),
                ("result", relation.role("result")),
                ("direction", relation.role("direction")),
            ],
        )
    ]


def gained_then_shared(
    mentions: tuple[Mention, ...], relation: Relation, target: TargetView
) -> list[tuple[str, _Roles]]:
    """ "Kim made 8 dollars raking leaves and 12 dollars walking dogs. If she spent 5 dollars a
    week, how long would the money last?": two or more amounts of what a partition shares,
    gained by one verb (:func:`moved_by_one_verb`), or each by its own owner when the question
    asks them all ("Rania baked 30 cookies and her mom baked 18. They put all the cookies in
    bags of 6. How many bags did they fill?": :func:`moved_alike_by_owners`), with nothing of
    it held, are one sum the
    partition then shares (``combine_partition``), as :func:`_around_rate` reads them for a
    rate that fills groups. Not for amounts lost, moved by two verbs ("made 8 dollars and
    found 3": :func:`_around_partition` reads a start and a change), or beside a holding."""
    amounts = _shared_amounts(mentions, relation, target)
    if amounts is None:
        return []
    movers = _movers(amounts)
    if _holdings(amounts) or len(movers) != len(amounts):
        return []
    summed = moved_by_one_verb(mentions, movers) or moved_alike_by_owners(mentions, movers, target)
    if not summed or movers[0].direction != "gain":
        return []
    link = [("groups", relation.role("groups")), ("per_group", relation.role("per_group"))]
    return [("combine_partition", [*_parts(len(movers)), *link])]


def propose_compositions(
    mentions: tuple[Mention, ...], targets: tuple[Target, ...], relations: tuple[Relation, ...]
) -> tuple[Relation, ...]:
    """The two-step relations the text shows around the single-step ones already proposed."""
    target = target_view(targets)
    if target is None or target.mention_id is None:
        return ()
    spans = {m.mention_id: m.span for m in mentions}
    found: list[tuple[str, _Roles]] = []
    for relation in relations:
        if relation.relation_type == "partition":
            found += _around_partition(mentions, relation, target)
            found += gained_then_shared(mentions, relation, target)
        elif relation.relation_type == "change":
            found += _around_change(mentions, relation, target)
            found += gained_then_changed(mentions, relation, target)
    found += _around_rate(mentions, target)
    found += given_in_equal_shares(mentions, target)
    found += paid_from_a_holding(mentions, target)
    found += moved_in_equal_shares(mentions, target)
    proposed: dict[str, Relation] = {}
    for organ, roles in found:
        if organ in proposed:
            continue
        proposed[organ] = Relation(
            relation_id=f"r_{organ}",
            relation_type=organ,
            roles=tuple(roles),
            evidence_spans=tuple(spans[m] for _, m in roles if m is not None and m in spans),
        )
    return tuple(proposed.values())
