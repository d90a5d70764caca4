"""The reader's relation proposals: one relation per schema whose cue the text shows.

Private to the reader. Binds only roles a cue marks (see :func:`propose_relations`).
"""

from __future__ import annotations

from practiceloop.arith._compositions import propose_compositions
from practiceloop.arith.lexicon import HAVE_VERBS
from practiceloop.arith.reading import (
    COREFERENCE,
    RESULT_STATES,
    entity_compatible,
    quantity_views,
    target_view,
    verb_stem,
)
from practiceloop.kernel.frame import Mention, Relation, Target

__all__ = ["propose_relations"]


def _unique(ids: list[str]) -> str | None:
    return ids[0] if len(ids) == 1 else None


def propose_relations(
    mentions: tuple[Mention, ...], targets: tuple[Target, ...]
) -> tuple[Relation, ...]:
    """One relation per schema whose cue the reader read; only read roles are bound.

    A role is *read* when a cue in the text marks it: the question's unknown (its state or
    verb), a quantity marked ``left``/``now`` (a change's result) or ``at the start`` (its
    start), a quantity whose verb moves things (a change), a quantity compared "N more than"
    (a comparison's difference), a quantity counted "each"/"per" (a group's size). The plain
    "had N" quantities are left for practice to assign.
    """
    target = target_view(targets)
    relations: list[Relation] = []
    for mention in mentions:
        if mention.kind == "pronoun":
            relations.append(
                Relation(
                    relation_id=f"r_{mention.mention_id}",
                    relation_type=COREFERENCE,
                    roles=(("pronoun", mention.mention_id), ("antecedent", None)),
                    evidence_spans=(mention.span,),
                )
            )
    if target is None or target.mention_id is None:
        return tuple(relations)
    unknown = target.mention_id
    cues = {m.mention_id: m for m in mentions if m.kind == "cue"}
    qs = [q for q in quantity_views(mentions) if not q.in_question or q.state is not None]
    plain = [q for q in quantity_views(mentions) if q.mention_id]  # every valued quantity
    fits = [q for q in plain if entity_compatible(q.entity, q.modifier, q.unit, target)]
    spans = {m.mention_id: m.span for m in mentions}

    def relation(organ: str, roles: list[tuple[str, str | None]]) -> None:
        evidence = tuple(spans[m] for _, m in roles if m is not None and m in spans)
        relations.append(
            Relation(
                relation_id=f"r_{organ}",
                relation_type=organ,
                roles=tuple(roles),
                evidence_spans=evidence,
            )
        )

    state = target.state
    question_cue = target.than is not None or state in ("more", "fewer")
    if question_cue:
        cue = next(
            (
                m.mention_id
                for m in mentions
                if (
                    m.kind == "cue"
                    and m.span.sentence_index == spans[unknown].sentence_index
                    and ("direction", "more") in m.attributes
                )
                or ("direction", "fewer") in m.attributes
            ),
            None,
        )
        relation(
            "compare",
            [("referent", None), ("compared", None), ("difference", unknown), ("direction", cue)],
        )
    elif state is None:
        compared = [q for q in fits if q.compare is not None and not q.in_question]
        diff = _unique([q.mention_id for q in compared])
        if diff is not None:
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
            relation(
                "compare",
                [
                    ("referent", unknown if than_side else None),
                    ("compared", unknown if owner_side else None),
                    ("difference", diff),
                    ("direction", cue_id),
                ],
            )
    # a question in the present tense after things moved asks for the state now: "6 birds
    # were sitting on the fence. 4 more birds came. How many birds are sitting on the fence?"
    movers = [q for q in fits if q.direction in ("gain", "loss") and not q.in_question]
    change_state = state
    if state is None and target.tense == "present" and target.direction is None and movers:
        change_state = "now"
    if change_state in ("left", "now", "start") or (
        state is None and target.direction in ("gain", "loss")
    ):
        changes = [
            q
            for q in fits
            if q.direction in ("gain", "loss")
            and q.state not in ("left", "now", "start")
            and q.compare is None
        ]
        # the first amount, gained before two later moves ("Baker made 121 cakes. He sold 105
        # and bought 170 new ones."), is where the chain starts, not a third move
        first = min(fits, key=lambda q: q.start, default=None)
        if (
            len(changes) == 3
            and first is not None
            and changes[0] is first
            and first.direction == "gain"
            and not first.additional
        ):
            changes = changes[1:]
        results = [q.mention_id for q in fits if q.state in RESULT_STATES and not q.in_question]
        starts = [q.mention_id for q in fits if q.state == "start" and not q.in_question]
        change = _unique([q.mention_id for q in changes])
        if change_state in ("left", "now"):
            roles = [("start", _unique(starts)), ("change", change), ("result", unknown)]
        elif change_state == "start":
            roles = [("start", unknown), ("change", change), ("result", _unique(results))]
        else:
            change = unknown
            roles = [("start", _unique(starts)), ("change", unknown), ("result", _unique(results))]
        direction = None
        if change == unknown and target.verb is not None:
            direction = next((v for k, v in _attrs_of(mentions, unknown) if k == "cue"), None)
        elif change is not None and change != unknown:
            direction = next((v for k, v in _attrs_of(mentions, change) if k == "cue"), None)
        relation("change", [*roles, ("direction", direction if direction in cues else None)])
        # two changes read, each with its own verb cue, or one read and one asked: a chain
        question_cue_id = next((v for k, v in _attrs_of(mentions, unknown) if k == "cue"), None)
        moved = [(q.mention_id, _cue_of(mentions, q.mention_id)) for q in changes]
        chain: list[tuple[str, str | None]] | None = None
        if len(changes) == 2 and change_state in ("left", "now"):
            chain = [("start", _unique(starts)), ("result", unknown)]
        elif len(changes) == 2 and change_state == "start":
            chain = [("start", unknown), ("result", _unique(results))]
        elif len(changes) == 1 and change_state is None and question_cue_id in cues:
            moved.append((unknown, question_cue_id))
            chain = [("start", _unique(starts)), ("result", _unique(results))]
        if chain is not None:
            relation(
                "change_chain",
                [
                    chain[0],
                    ("change_1", moved[0][0]),
                    ("change_2", moved[1][0]),
                    chain[1],
                    ("direction_1", moved[0][1] if moved[0][1] in cues else None),
                    ("direction_2", moved[1][1] if moved[1][1] in cues else None),
                ],
            )
    if state == "in_all":
        parts = [q for q in fits if q.compare is None and q.per is None and q.state != "in_all"]
        count = max(2, len(parts))
        relation("combine", [*((f"part_{i + 1}", None) for i in range(count)), ("whole", unknown)])
    elif state is None and not question_cue:
        wholes = [q.mention_id for q in fits if q.state == "in_all"]
        whole = _unique(wholes)
        # "How many emails did Jack receive?" after several receptions: the verb's amounts
        done = [
            q
            for q in fits
            if not q.in_question
            and q.compare is None
            and q.per is None
            and q.state is None
            and target.verb not in HAVE_VERBS
            and verb_stem(q.verb) == verb_stem(target.verb)
        ]
        if whole is not None:
            relation("combine", [("part_1", None), ("part_2", None), ("whole", whole)])
        elif len(done) > 1 and target.verb is not None:
            slots: list[tuple[str, str | None]] = [
                (f"part_{i + 1}", None) for i in range(len(done))
            ]
            relation("combine", [*slots, ("whole", unknown)])
    rates = [q for q in qs if q.per is not None and q.compare is None]
    if state == "each" or (target.per is not None and state not in ("more", "fewer")):
        relation("partition", [("total", None), ("groups", None), ("per_group", unknown)])
    elif target.entity is not None and state in (None, "in_all"):
        # "How many bags of cookies?" after "each bag has 11 cookies": the bags are asked
        by_group = [
            q.mention_id
            for q in rates
            if q.per == target.entity
            or (target.unit is not None and q.per == target.unit and q.entity == target.entity)
        ]
        size = _unique(by_group)
        if size is not None:
            relation("partition", [("total", None), ("groups", unknown), ("per_group", size)])
        else:
            sized = [
                q.mention_id
                for q in rates
                if entity_compatible(q.entity, q.modifier, q.unit, target)
            ]
            per_group = _unique(sized)
            if per_group is not None:
                relation(
                    "equal_groups", [("groups", None), ("per_group", per_group), ("total", unknown)]
                )
    return (*relations, *propose_compositions(mentions, targets, tuple(relations)))


def _cue_of(mentions: tuple[Mention, ...], mention_id: str) -> str | None:
    return next((v for k, v in _attrs_of(mentions, mention_id) if k == "cue"), None)


def _attrs_of(mentions: tuple[Mention, ...], mention_id: str) -> tuple[tuple[str, str], ...]:
    for mention in mentions:
        if mention.mention_id == mention_id:
            return mention.attributes
    return ()
