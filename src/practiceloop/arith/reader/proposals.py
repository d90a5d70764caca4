"""Stage 8 of the reader: relation proposals, one relation per schema whose cue the text shows.

:func:`propose_relations` binds only roles a cue marks: the question's unknown (its state or
verb), a quantity marked ``left``/``now`` (a change's result) or ``at the start`` (its start), a
quantity whose verb moves things (a change), a quantity compared "N more than" (a comparison's
difference), a quantity counted "each"/"per" (a group's size). The plain "had N" quantities are
left for practice to assign. Each schema's proposal is one function below.
"""

from __future__ import annotations

import dataclasses
from typing import Final

from practiceloop.arith._compositions import propose_compositions
from practiceloop.arith._told_sides import of_the_subject_kind
from practiceloop.arith.complement_rates import read_rest
from practiceloop.arith.complements import read_complement
from practiceloop.arith.lexicon import HAVE_VERBS, verb_key
from practiceloop.arith.reader.rates import propose_rate_groups
from practiceloop.arith.reader.told_sides import (
    kind_compared_to_the_asked,
    rate_of_the_asked_side,
    rates_summed_per_group,
)
from practiceloop.arith.reading import (
    COREFERENCE,
    RESULT_STATES,
    QuantityView,
    TargetView,
    asks_the_groups,
    entity_compatible,
    quantity_views,
    target_view,
)
from practiceloop.kernel.frame import Mention, Relation, Target
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "coreference_relations",
    "groups_ended_with",
    "listed_kinds",
    "one_step_difference",
    "propose_change",
    "propose_change_chain",
    "propose_combine",
    "propose_compare",
    "propose_complement",
    "propose_complement_groups",
    "propose_groups",
    "propose_relations",
    "propose_requirement",
    "total_after_a_loss",
]

Roles = list[tuple[str, str | None]]


@dataclasses.dataclass(slots=True)
class Proposing:
    """What every proposal reads: the frame's mentions, the target, the quantities that fit
    it, and the relations proposed so far."""

    mentions: tuple[Mention, ...]
    target: TargetView
    unknown: str
    cues: dict[str, Mention]
    rated: list[QuantityView]  # quantities of the story (or stated in the question)
    fits: list[QuantityView]  # every valued quantity that counts what the question asks
    spans: dict[str, SourceSpan]
    relations: list[Relation]

    def relation(self, organ: str, roles: Roles) -> None:
        """Propose ``organ``'s relation with ``roles``; the bound mentions are its evidence."""
        spans = self.spans
        evidence = tuple(spans[m] for _, m in roles if m is not None and m in spans)
        self.relations.append(
            Relation(
                relation_id=f"r_{organ}",
                relation_type=organ,
                roles=tuple(roles),
                evidence_spans=evidence,
            )
        )

    def cue_of(self, mention_id: str | None) -> str | None:
        """The cue a quantity or the unknown was read with (its ``cue`` attribute)."""
        for mention in self.mentions:
            if mention.mention_id == mention_id:
                return next((v for k, v in mention.attributes if k == "cue"), None)
        return None


def _unique(ids: list[str]) -> str | None:
    return ids[0] if len(ids) == 1 else None


def propose_relations(
    mentions: tuple[Mention, ...], targets: tuple[Target, ...]
) -> tuple[Relation, ...]:
    """One relation per schema whose cue the reader read; only read roles are bound.

    Every pronoun gets a coreference with its antecedent unbound; with a question read, the
    comparison, the change (and a chain of two), the combination and the groups each propose
    their relation when their cue is there.
    """
    target = target_view(targets)
    relations = coreference_relations(mentions)
    if target is None or target.mention_id is None:
        return tuple(relations)
    views = quantity_views(mentions)
    p = Proposing(
        mentions=mentions,
        target=target,
        unknown=target.mention_id,
        cues={m.mention_id: m for m in mentions if m.kind == "cue"},
        # a rate told in the question is given, as "how many 8 dollar toys" tells a price
        rated=[q for q in views if not q.in_question or q.state is not None or q.per],
        fits=[
            q
            for q in views
            if q.mention_id and entity_compatible(q.entity, q.modifier, q.unit, target)
        ],
        spans={m.mention_id: m.span for m in mentions},
        relations=relations,
    )
    if not propose_requirement(p) and _need(p, p.unknown) is None:
        propose_compare(p)
        propose_change(p)
    propose_combine(p)
    if not propose_rate_groups(p):  # the rates round's readings first, else the plain one
        propose_groups(p)
    read = tuple(p.relations)
    return (*read, *propose_compositions(mentions, targets, read))


def propose_complement(
    text: str, mentions: tuple[Mention, ...], targets: tuple[Target, ...]
) -> tuple[Relation, ...]:
    """A told subset of a told whole, the rest asked: "Ivy picked 12 red pears and 9 green
    pears. If only 15 of the pears were ripe, how many were not ripe?" proposes ``complement``
    with one part role per amount of pears (left for practice to assign), the 15 as its
    subset and the unknown as the complement, when
    :func:`~practiceloop.arith.complements.read_complement` reads the text so (the subset's
    and the asked property complements); nothing otherwise ("how many were not broken?")."""
    read = read_complement(text, mentions, targets)
    target = target_view(targets)
    if read is None or target is None or target.mention_id is None:
        return ()
    # the parts are plain amounts no cue marks: left for practice to assign, as for combine
    roles: list[tuple[str, str | None]] = [(f"part_{i + 1}", None) for i in range(len(read.parts))]
    roles += [("subset", read.subset), ("complement", target.mention_id)]
    spans = {m.mention_id: m.span for m in mentions}
    return (
        Relation(
            relation_id="r_complement",
            relation_type="complement",
            roles=tuple(roles),
            evidence_spans=tuple(spans[m] for _, m in roles if m in spans),
        ),
    )


def propose_complement_groups(
    text: str, mentions: tuple[Mention, ...], targets: tuple[Target, ...]
) -> tuple[Relation, ...]:
    """A told subset of a told whole, then a rate over the rest: "Nina had 9 lamps but 3 of
    them weren't working. She sold the working lamps for $5 each. How much money did she
    make?" proposes ``complement_groups`` with one part role per amount of the whole (left for
    practice to assign), the subset, the rate and the unknown as the total, when
    :func:`~practiceloop.arith.complement_rates.read_complement_rate` reads the text so (the
    rate's group told with the complement of the subset's property); "If 10 of them were not
    picked and the rest were put into 8 teams, how many are in each team?" proposes
    ``complement_partition`` (the subset, the 8 teams, the unknown as the share) when
    :func:`~practiceloop.arith.complement_rates.read_rest_shared` reads it; nothing otherwise
    ("sold each lamp for $5": the rate may be per every lamp)."""
    read = read_rest(text, mentions, targets)
    target = target_view(targets)
    if read is None or target is None or target.mention_id is None:
        return ()
    roles: list[tuple[str, str | None]] = [(f"part_{i + 1}", None) for i in range(len(read.parts))]
    if read.organ == "complement_groups":
        roles += [("subset", read.subset), ("per_group", read.rate), ("total", target.mention_id)]
    else:
        roles += [("subset", read.subset), ("groups", read.rate), ("per_group", target.mention_id)]
    spans = {m.mention_id: m.span for m in mentions}
    return (
        Relation(
            relation_id=f"r_{read.organ}",
            relation_type=read.organ,
            roles=tuple(roles),
            evidence_spans=tuple(spans[m] for _, m in roles if m in spans),
        ),
    )


def coreference_relations(mentions: tuple[Mention, ...]) -> list[Relation]:
    """A coreference per pronoun ("he", "she", "they"), its antecedent unbound: the reader
    never resolves a pronoun."""
    return [
        Relation(
            relation_id=f"r_{mention.mention_id}",
            relation_type=COREFERENCE,
            roles=(("pronoun", mention.mention_id), ("antecedent", None)),
            evidence_spans=(mention.span,),
        )
        for mention in mentions
        if mention.kind == "pronoun"
    ]


def _question_cue(target: TargetView) -> bool:
    """The question compares: "How many more ... than", "How many fewer"."""
    return target.than is not None or target.state in ("more", "fewer")


def propose_compare(p: Proposing) -> None:
    """A comparison: asked ("How many more X does Ann have than Bob?": the difference is the
    unknown, with the question's comparison cue), or read ("Ann has 4 more pens than Bob. How
    many pens does Bob have?": the one compared amount is the difference, and the unknown is
    the side whose owner or time the question names)."""
    target, unknown, mentions = p.target, p.unknown, p.mentions
    if _question_cue(target):
        cue = next(
            (
                m.mention_id
                for m in mentions
                if m.kind == "cue"
                and m.span.sentence_index == p.spans[unknown].sentence_index
                # the question's own cue, never a "fewer" of another sentence
                and any(("direction", d) in m.attributes for d in ("more", "fewer"))
            ),
            None,
        )
        p.relation(
            "compare",
            [("referent", None), ("compared", None), ("difference", unknown), ("direction", cue)],
        )
        return
    if target.state is not None:
        return
    compared = [q for q in p.fits if q.compare is not None and not q.in_question]
    compared += kind_compared_to_the_asked(target, p.rated)
    diff = _unique([q.mention_id for q in compared]) or one_step_difference(p, compared)
    if diff is None:
        return
    q = next(q for q in compared if q.mention_id == diff)
    owner_side = target.owner is not None and target.owner == q.owner
    than_side = target.owner is not None and target.owner == q.than
    if q.than_side is not None:  # "12 more on monday than on tuesday": sides by time
        owner_side = target.side is not None and target.side == q.side
        than_side = target.side is not None and target.side == q.than_side
    cue_id = next(
        (
            v
            for m in mentions
            if m.mention_id == diff
            for k, v in m.attributes
            if k == "compare_cue" and v
        ),
        None,
    )
    p.relation(
        "compare",
        [
            ("referent", unknown if than_side else None),
            ("compared", unknown if owner_side else None),
            ("difference", diff),
            ("direction", cue_id),
        ],
    )


def _need(p: Proposing, mention_id: str | None) -> str | None:
    """The ``need`` a quantity or the unknown was read with (``reader.requirements``)."""
    for mention in p.mentions:
        if mention.mention_id == mention_id:
            return next((v for k, v in mention.attributes if k == "need"), None)
    return None


def propose_requirement(p: Proposing) -> bool:
    """A requirement, what is done towards it and what is still needed, one of them asked:
    "The recipe calls for 9 cups of rice. Omar already put in 5 cups of rice. How many more
    cups of rice does he need to add?" is a change from the done amount (start) by what is
    still needed (change, a gain) to the required amount (result). The two told amounts must
    each be the only one of the asked thing read so (two requirements of it, or none done,
    propose nothing, and so does an amount of no kind when the question asks one kind); two
    to four amounts done, the still-needed one asked, are the parts of a sum
    (:func:`_done_summed`). The direction is the cue the still-needed amount was read with, or
    else the question's gain, or else the requirement's verb. A question that takes away
    ("need to give away") proposes nothing. True when it proposed (the comparison and change
    readings of the same question are then not proposed; nor are they when a requirement is
    asked and this reading finds no unique amounts: "He has spent $20" is nothing done toward
    "needs $50")."""
    asked = _need(p, p.unknown)
    if asked is None:
        return False
    told: dict[str, list[QuantityView]] = {"required": [], "done": [], "remaining": []}
    for q in p.fits:
        need = _need(p, q.mention_id)
        if need in told:
            told[need].append(q)
            if p.target.modifier is not None and q.modifier is None:
                return False  # "needs 100 cans ... how many more big cans": of which kind?
    if (
        asked == "remaining"
        and not told[asked]
        and len(told["required"]) == 1
        and 1 < len(told["done"]) <= 4
    ):
        return _done_summed(p, told["done"], told["required"][0])
    if told[asked] or any(len(told[n]) != 1 for n in told if n != asked):
        return False
    one = {n: (told[n][0] if n != asked else None) for n in told}
    ids = {n: (q.mention_id if q is not None else p.unknown) for n, q in one.items()}
    remaining, required = one["remaining"], one["required"]
    direction = None
    if p.target.direction == "loss" or _cue_direction(p, required) == "loss":
        # "needs to sell 60 cakes ... How many more does he need to sell?": a goal of a move
        # that takes away, asked with that very move, is reached by adding to it
        goal = _goal_cue(p, required)
        if goal is None:
            return False
        direction = goal
    elif remaining is not None and remaining.direction == "gain":
        direction = p.cue_of(remaining.mention_id)
    if direction not in p.cues and p.target.direction == "gain":
        direction = p.cue_of(p.unknown)
    if direction not in p.cues and required is not None:
        direction = p.cue_of(required.mention_id)
    p.relation(
        "change",
        [
            ("start", ids["done"]),
            ("change", ids["remaining"]),
            ("result", ids["required"]),
            ("direction", direction if direction in p.cues else None),
        ],
    )
    return True


def _cue_direction(p: Proposing, q: QuantityView | None) -> str | None:
    """The direction of the cue ``q`` was read with (None without one)."""
    cue = p.cues.get(p.cue_of(q.mention_id) or "") if q is not None else None
    return next((v for k, v in cue.attributes if k == "direction"), None) if cue else None


def _goal_cue(p: Proposing, required: QuantityView | None) -> str | None:
    """The requirement's own cue ("needs" in "needs to sell 60 cakes"), when the requirement
    is told with the verb the question asks ("How many more does he need to sell?"): the one
    requirement cue of its sentence. None otherwise: a question that takes away something
    else ("need to give away" after "needs 60 cakes") is no step toward it."""
    if required is None or verb_key(required.verb) != verb_key(p.target.verb):
        return None
    goals = [
        m.mention_id
        for m in p.cues.values()
        if ("requirement", "yes") in m.attributes and m.span.sentence_index == required.sentence
    ]
    return _unique(goals)


def _done_summed(p: Proposing, done: list[QuantityView], required: QuantityView) -> bool:
    """ "Xavier needs 84 plates. He already has 21 green plates and 28 red plates. How many
    more plates does he need?": the amounts done are the parts of a sum the still-needed
    amount changes into the requirement (``combine_change``)."""
    if p.target.direction == "loss" or _cue_direction(p, required) == "loss":
        # "needs to sell 45 rolls ... has sold 1 roll to ..., 10 rolls to ... How many more
        # does she need to sell?": the goal of a move that takes away is reached by adding
        direction = _goal_cue(p, required)
        if direction is None:
            return False
    else:
        direction = p.cue_of(p.unknown) if p.target.direction == "gain" else None
        if direction not in p.cues:
            direction = p.cue_of(required.mention_id)
    p.relation(
        "combine_change",
        [
            *((f"part_{i + 1}", q.mention_id) for i, q in enumerate(done)),
            ("change", p.unknown),
            ("result", required.mention_id),
            ("direction", direction if direction in p.cues else None),
        ],
    )
    return True


def one_step_difference(p: Proposing, differences: list[QuantityView]) -> str | None:
    """ "Steven has 16 peaches. Jake has 7 fewer peaches than Steven and 9 more peaches than
    Jill. How many peaches does Jake have?": of two or more differences read, the one that
    ties the asked owner to an owner whose amount the story tells (Steven's 16) is the one
    step; the others (to Jill, whose amount is not told) are not. None unless exactly one
    difference does."""
    asked = p.target.owner
    if asked is None:
        return None
    told = {q.owner for q in p.fits if q.compare is None and q.per is None and q.owner}
    steps = [
        q.mention_id
        for q in differences
        if (q.owner == asked and q.than in told and q.than != asked)
        or (q.than == asked and q.owner in told and q.owner != asked)
    ]
    return _unique(steps)


def _another_named(q: QuantityView, target: TargetView) -> bool:
    """``q`` is read as the amount of a named owner, and the question names another one:
    "now Fred has 21 dollars and Jason has 78 dollars. How much did Jason make?" (Fred's 21
    is no result of Jason's change)."""
    asked = target.owner
    return asked is not None and asked != "group" and q.owner not in (None, "group", asked)


# A chain reads at most this many moves in turn: each is one more role the practice search
# binds, and a longer list of moves is more often a list of prices than of changes in turn.
MAX_CHAIN_CHANGES: Final = 4


def propose_change(p: Proposing) -> None:
    """A change, when the question asks what is left, now or at the start, or asks a moving
    verb's amount: the one amount moved by a gain or loss verb is the change, an amount marked
    at the start or as a result fills that role. A present-tense question after things moved
    asks for now ("6 birds were sitting on the fence. 4 more birds came. How many birds are
    sitting on the fence?"). The first amount gained before two later moves ("Baker made 121
    cakes. He sold 105 and bought 170 new ones.") is where the chain starts, not a third move.
    Two moves read make a chain as well (:func:`propose_change_chain`)."""
    target, unknown, fits = p.target, p.unknown, p.fits
    state = target.state
    movers = [q for q in fits if q.direction in ("gain", "loss") and not q.in_question]
    change_state = state
    after_moves = target.tense in ("present", "future")
    if state is None and after_moves and target.direction is None and movers:
        change_state = "now"
    if total_after_a_loss(target, movers):
        change_state = "now"
    if change_state not in ("left", "now", "start") and not (
        state is None and target.direction in ("gain", "loss")
    ):
        return
    changes = [
        q
        for q in fits
        if q.direction in ("gain", "loss")
        and q.state not in ("left", "now", "start")
        and q.compare is None
    ]
    first = min(fits, key=lambda q: q.start, default=None)
    if (
        len(changes) == 3
        and first is not None
        and changes[0] is first
        and first.direction == "gain"
        and not first.additional
    ):
        changes = changes[1:]
    results = [
        q.mention_id
        for q in fits
        if q.state in RESULT_STATES and not q.in_question and not _another_named(q, target)
    ]
    starts = [q.mention_id for q in fits if q.state == "start" and not q.in_question]
    change = _unique([q.mention_id for q in changes])
    roles: Roles
    if change_state in ("left", "now"):
        roles = [("start", _unique(starts)), ("change", change), ("result", unknown)]
    elif change_state == "start":
        roles = [("start", unknown), ("change", change), ("result", _unique(results))]
    else:
        change = unknown
        roles = [("start", _unique(starts)), ("change", unknown), ("result", _unique(results))]
    direction = None
    if change == unknown and target.verb is not None:
        direction = p.cue_of(unknown)
    elif change is not None and change != unknown:
        direction = p.cue_of(change)
    p.relation("change", [*roles, ("direction", direction if direction in p.cues else None)])
    propose_change_chain(p, changes, change_state, starts, results)


def total_after_a_loss(target: TargetView, movers: list[QuantityView]) -> bool:
    """ "She gave away 3 of them, but then bought 48 more. How many would she have total?":
    a "total" held ("have", "be") after a loss of the asked thing asks what is held after the
    moves, not a sum (an amount taken away is no part). "How many did she buy in total?"
    asks a verb's amounts, and a total with no loss before it stays a sum."""
    return (
        target.state == "in_all"
        and (target.verb is None or target.verb in HAVE_VERBS)
        and target.tense in ("present", "future")
        and any(q.direction == "loss" for q in movers)
    )


def propose_change_chain(
    p: Proposing,
    changes: list[QuantityView],
    change_state: str | None,
    starts: list[str],
    results: list[str],
) -> None:
    """A chain of changes in turn to one start: two or more moves read, each with its own verb
    cue, and the result or the start asked ("He sold 5, gave away 3 and bought 8. How many does
    he have now?"); or one move read and one asked ("He ate 3. How many did he buy?", with a
    start and a result read)."""
    unknown = p.unknown
    question_cue_id = p.cue_of(unknown)
    moved = [(q.mention_id, p.cue_of(q.mention_id)) for q in changes]
    chain: Roles | None = None
    if 2 <= len(changes) <= MAX_CHAIN_CHANGES and change_state in ("left", "now"):
        chain = [("start", _unique(starts)), ("result", unknown)]
    elif 2 <= len(changes) <= MAX_CHAIN_CHANGES and change_state == "start":
        chain = [("start", unknown), ("result", _unique(results))]
    elif len(changes) == 1 and change_state is None and question_cue_id in p.cues:
        moved.append((unknown, question_cue_id))
        chain = [("start", _unique(starts)), ("result", _unique(results))]
    if chain is None:
        return
    p.relation(
        "change_chain",
        [
            chain[0],
            *((f"change_{i}", mention) for i, (mention, _) in enumerate(moved, 1)),
            chain[1],
            *(
                (f"direction_{i}", cue if cue in p.cues else None)
                for i, (_, cue) in enumerate(moved, 1)
            ),
        ],
    )


def propose_combine(p: Proposing) -> None:
    """A combination: the whole asked ("in all", "altogether", "in total": one part per
    compatible amount, at least two), a whole read ("a total of 9") with its parts open, or
    "How many emails did Jack receive?" after two or more amounts of that verb (its parts)."""
    target, unknown, fits = p.target, p.unknown, p.fits
    state = target.state
    if state == "in_all":
        parts = [q for q in fits if q.compare is None and q.per is None and q.state != "in_all"]
        count = max(2, len(parts))
        p.relation(
            "combine", [*((f"part_{i + 1}", None) for i in range(count)), ("whole", unknown)]
        )
        return
    rates = rates_summed_per_group(target, p.fits)
    if rates:
        slots: Roles = [(f"part_{i + 1}", None) for i in range(len(rates))]
        p.relation("combine", [*slots, ("whole", unknown)])
        return
    if state is not None or _question_cue(target):
        return
    whole = _unique([q.mention_id for q in fits if q.state == "in_all"])
    done = [
        q
        for q in fits
        if not q.in_question
        and q.compare is None
        and q.per is None
        and q.state is None
        and target.verb not in HAVE_VERBS
        and verb_key(q.verb) == verb_key(target.verb)
    ]
    kinds = listed_kinds(p)
    if whole is not None:
        p.relation("combine", [("part_1", None), ("part_2", None), ("whole", whole)])
    elif len(done) > 1 and target.verb is not None:
        slots = [(f"part_{i + 1}", None) for i in range(len(done))]
        p.relation("combine", [*slots, ("whole", unknown)])
    elif len(kinds) > 1:
        slots = [(f"part_{i + 1}", None) for i in range(len(kinds))]
        p.relation("combine", [*slots, ("whole", unknown)])


def listed_kinds(p: Proposing) -> list[QuantityView]:
    """ "7 red peaches, 15 yellow peaches and 8 green peaches are in the basket. How many
    peaches are in the basket?": the question asks the thing of every kind one sentence
    lists (each kind once, held, nothing moved): the sum of the kinds."""
    target = p.target
    if target.modifier is not None or (target.verb is not None and target.verb not in HAVE_VERBS):
        return []
    kinds = [
        q
        for q in p.fits
        if not q.in_question and q.compare is None and q.per is None and q.state is None
    ]
    plain = all(q.direction is None and q.modifier is not None for q in kinds)
    if not plain or len({q.modifier for q in kinds}) != len(kinds):
        return []
    return kinds if len({q.sentence for q in kinds}) == 1 else []


def groups_ended_with(target: TargetView) -> bool:
    """ "put the rest into folders with 6 files in each one. How many folders did she end up
    with?": the groups a size is per, asked as what there is now, are the groups the things
    were shared into (a plain question, or one in all, asks them too)."""
    return target.state in (None, "in_all", "now")


def propose_groups(p: Proposing) -> None:
    """Equal groups or a partition: "How many in each box?" / "How many per day?" asks a
    group's size (partition); "How many bags of cookies?" after "each bag has 11 cookies" asks
    the groups (partition, the rate the size); one rate of the asked thing and no group asked
    is equal groups with the total asked."""
    target, unknown = p.target, p.unknown
    state = target.state
    rates = [q for q in p.rated if q.per is not None and q.compare is None]
    if state == "each" or (target.per is not None and state not in ("more", "fewer")):
        p.relation("partition", [("total", None), ("groups", None), ("per_group", unknown)])
        return
    if target.entity is None and target.unit is None:
        return
    by_group = [
        q.mention_id for q in rates if asks_the_groups(q, target) and of_the_subject_kind(q, target)
    ]
    size = _unique(by_group)
    if size is not None and groups_ended_with(target):
        p.relation("partition", [("total", None), ("groups", unknown), ("per_group", size)])
        return
    if state not in (None, "in_all"):
        return  # "How many miles ..." asks a unit, read as the thing
    if size is not None:
        p.relation("partition", [("total", None), ("groups", unknown), ("per_group", size)])
        return
    sized = [q for q in rates if entity_compatible(q.entity, q.modifier, q.unit, target)]
    per_group = _unique([q.mention_id for q in sized])
    per_group = per_group or _unique(rate_of_the_asked_side(sized, target))
    if per_group is not None:
        p.relation("equal_groups", [("groups", None), ("per_group", per_group), ("total", unknown)])
