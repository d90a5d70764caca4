"""The owner checks of the organs' contract (:mod:`._contract`): an owner hidden behind a
pronoun no one resolves, and owners a relation needs to agree (or, for a comparison, to differ)
that do not."""

from __future__ import annotations

from practiceloop.arith._compare_events import sides_by_events
from practiceloop.arith._compare_parts import sides_by_parts
from practiceloop.arith._compare_sides import still_needed_side
from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.reading import (
    COREFERENCE,
    QuantityView,
    TargetView,
    entity_compatible,
    kept_from_a_container,
    owner_of,
    resolved_owner,
)
from practiceloop.kernel.frame import ProblemFrame, Relation

__all__ = ["owner_unresolved", "owners_disagree", "side_roles"]


def owner_unresolved(
    frame: ProblemFrame, view: QuantityView | None, target: TargetView | None
) -> bool:
    subject = view.subject if view is not None else target.subject if target is not None else None
    owner = view.owner if view is not None else target.owner if target is not None else None
    if owner is not None or subject is None or not subject.startswith("p"):
        return False
    if not _actor_before(frame, subject):
        return False  # "A store had 81 bottles ... did they have": no one to choose between
    return resolved_owner(frame, subject, None) is None and _has_coreference(frame, subject)


def _actor_before(frame: ProblemFrame, pronoun: str) -> bool:
    said = frame.mention(pronoun)
    return said is not None and any(
        m.kind == "actor" and m.span.start < said.span.start for m in frame.mentions
    )


def _has_coreference(frame: ProblemFrame, pronoun: str) -> bool:
    return any(
        r.relation_type == COREFERENCE and r.role("pronoun") == pronoun for r in frame.relations
    )


def owners_disagree(
    frame: ProblemFrame,
    organ: str,
    relation: Relation,
    views: dict[str, QuantityView],
    target: TargetView | None,
) -> bool:
    """True when the owners the relation needs to agree (or to differ) do not."""
    owners: dict[str, str | None] = {}
    container = kept_from_a_container(frame, relation, views)
    for name, mention_id in relation.roles:
        view = views.get(mention_id) if mention_id is not None else None
        if view is not None and view.per is not None:
            continue  # "each box has 6 eggs": a rate's subject is its group, no owner
        if name == "start" and container:
            continue  # "a crate had 12 jars and Ben sold all but 5": the crate's, Ben's move
        if view is not None:
            owners[name] = owner_of(frame, view)
        elif target is not None and mention_id == target.mention_id:
            owners[name] = owner_of(frame, target)
    if organ == "compare":
        # a side summed over several amounts ("compared_1", "compared_2") is one owner's
        for side in ("compared", "referent"):
            terms = side_roles(relation, side)
            held = {owners.get(n) for n in terms}
            needed = [views[m] for n in terms if (m := relation.role(n)) in views]
            if len(needed) == len(terms) and still_needed_side(frame, needed):
                held -= {None}  # "The recipe calls for 9 cups ... Tom put in 3": no holder
            if len(terms) > 1 and len(held) > 1:
                return True  # two owners, or one read and one not: no single side
            owners[side] = next(iter(held - {None}), None)
        compared, referent = owners.get("compared"), owners.get("referent")
        difference = owners.get("difference")
        if (
            compared is not None
            and referent is not None
            and compared == referent
            and not _sides_distinct(relation, views, target)
            and not sides_by_parts(frame, relation, target)
            and not sides_by_events(frame, relation, target)
        ):
            return True
        return difference is not None and compared is not None and difference != compared
    known = {owner for owner in owners.values() if owner is not None}
    return len(known) > 1


def _sides_distinct(
    relation: Relation, views: dict[str, QuantityView], target: TargetView | None
) -> bool:
    """True when the text tells a comparison's two sides apart by something other than their
    owner: what they count ("diet soda" / "regular soda"), when ("on monday" / "on tuesday")
    or what was done ("ate" / "had").
    One owner may then hold both sides ("How many more sweet than salty cookies did he eat?").
    """
    sides: list[QuantityView | TargetView] = []
    for side in ("compared", "referent"):
        names = side_roles(relation, side)
        mention_id = relation.role(names[0]) if names else None
        view = views.get(mention_id) if mention_id is not None else None
        if view is None and target is not None and mention_id == target.mention_id:
            sides.append(target)
        elif view is not None:
            sides.append(view)
    if len(sides) != 2:
        return False
    a, b = sides
    if not entity_compatible(a.entity, a.modifier, a.unit, b):
        return True
    if a.side is not None and b.side is not None and a.side != b.side:
        return True  # "on monday" / "on tuesday"
    return a.verb is not None and b.verb is not None and verb_stem(a.verb) != verb_stem(b.verb)


def side_roles(relation: Relation, side: str) -> tuple[str, ...]:
    """The roles of one side of a comparison: ``compared``, or ``compared_1`` .. ``compared_k``
    when the side is the sum of several amounts (see :mod:`.compare`)."""
    return tuple(name for name, _ in relation.roles if name == side or name.startswith(side + "_"))

