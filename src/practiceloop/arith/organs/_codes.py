"""Every code an arithmetic organ can emit, classified once.

:data:`CLASSIFICATION` gives each code its residual kind and source axis (what the gate and the
residual projection read, loop.md s3 and s7); :data:`HAZARD_OBSERVATIONS` maps the reader's
hazard observations to their codes; :func:`table_for` is one organ's rows (its own codes and
the common ones) and :func:`role_code` the missing-binding code of a role. Data and two small
functions only: the checks that emit these codes are in :mod:`._contract`.
"""

from __future__ import annotations

from practiceloop.kernel.residual import ResidualClassification, ResidualKind

__all__ = [
    "CLASSIFICATION",
    "COMMON_CODES",
    "GLOBAL_OBSERVATIONS",
    "HAZARD_OBSERVATIONS",
    "role_code",
    "table_for",
]

_K = ResidualKind
CLASSIFICATION: ResidualClassification = (
    ("relation_unread", _K.MISSING_RELATION, "relation"),
    ("target_unread", _K.MISSING_PROPOSAL, "target"),
    ("target_unbound", _K.TARGET_UNBOUND, "target"),
    ("start_unbound", _K.MISSING_ROLE, "role"),
    ("change_unbound", _K.MISSING_ROLE, "role"),
    ("result_unbound", _K.MISSING_ROLE, "role"),
    ("part_unbound", _K.MISSING_ROLE, "role"),
    ("whole_unbound", _K.MISSING_ROLE, "role"),
    ("referent_unbound", _K.MISSING_ROLE, "role"),
    ("compared_unbound", _K.MISSING_ROLE, "role"),
    ("difference_unbound", _K.MISSING_ROLE, "role"),
    ("groups_unbound", _K.MISSING_ROLE, "role"),
    ("per_group_unbound", _K.MISSING_ROLE, "role"),
    ("total_unbound", _K.MISSING_ROLE, "role"),
    ("subset_unbound", _K.MISSING_ROLE, "role"),
    ("complement_unbound", _K.MISSING_ROLE, "role"),
    ("base_unbound", _K.MISSING_ROLE, "role"),
    ("factor_unbound", _K.MISSING_ROLE, "role"),
    ("scaled_unbound", _K.MISSING_ROLE, "role"),
    ("told_unbound", _K.MISSING_ROLE, "role"),
    ("rest_unbound", _K.MISSING_ROLE, "role"),
    ("sum_unbound", _K.MISSING_ROLE, "role"),
    ("told_amount_unbound", _K.MISSING_ROLE, "role"),
    ("direction_unbound", _K.MISSING_ROLE, "direction"),
    ("direction_ambiguous", _K.AMBIGUOUS_ROLE, "direction"),
    ("owner_unresolved", _K.MISSING_ROLE, "owner"),
    ("role_assignment_ambiguous", _K.AMBIGUOUS_ROLE, "role"),
    ("negation_present", _K.HAZARD_BLOCKED, "text"),
    ("modal_assertion", _K.HAZARD_BLOCKED, "text"),
    ("multiplier_unread", _K.HAZARD_BLOCKED, "text"),
    ("number_unreadable", _K.HAZARD_BLOCKED, "text"),
    ("sequence_unread", _K.HAZARD_BLOCKED, "text"),
    ("remainder_unread", _K.HAZARD_BLOCKED, "text"),
    ("remaining_unread", _K.HAZARD_BLOCKED, "text"),
    ("nested_rate_unread", _K.HAZARD_BLOCKED, "text"),
    ("negated_move_present", _K.HAZARD_BLOCKED, "text"),
    ("subset_unplaced", _K.HAZARD_BLOCKED, "text"),
    ("threshold_unread", _K.HAZARD_BLOCKED, "text"),
    ("age_unread", _K.HAZARD_BLOCKED, "text"),
    ("implicit_factor_unread", _K.HAZARD_BLOCKED, "text"),
    ("derived_quantity_unread", _K.HAZARD_BLOCKED, "text"),
    ("role_incompatible", _K.UNIT_OBJECT_CONFLICT, "role"),
    ("role_bound_twice", _K.INEXACT_PROVENANCE, "role"),
    ("distractor_unjustified", _K.INEXACT_PROVENANCE, "role"),
    ("owner_mismatch", _K.UNIT_OBJECT_CONFLICT, "owner"),
    ("too_many_parts", _K.UNSUPPORTED_TOPOLOGY, "relation"),
    ("quantity_thing_unread", _K.NONLOCAL_BINDING, "entity"),
    ("quantity_unplaced", _K.UNSUPPORTED_TOPOLOGY, "relation"),
    ("compound_target", _K.UNSUPPORTED_TOPOLOGY, "target"),
    ("quantities_unaccounted", _K.UNSUPPORTED_TOPOLOGY, "relation"),
)
"""Every code an arithmetic organ can emit, with its residual kind and source axis.

What an operator can fix is an eligible kind (a role, a direction, an owner, the target, an
ambiguity); what it cannot (a negation, a modal, an ill-fitting unit, a topology no organ
reads) blocks the whole episode, so that practice never searches where it cannot be sound.
"""

HAZARD_OBSERVATIONS = (
    ("negation", "negation_present"),
    ("modal", "modal_assertion"),
    ("factor", "multiplier_unread"),
    ("percent", "multiplier_unread"),
    ("fraction_of", "multiplier_unread"),
    ("unread_number", "number_unreadable"),
    ("sequence", "sequence_unread"),
    ("remainder", "remainder_unread"),
    ("remaining", "remaining_unread"),
    ("nested_rate", "nested_rate_unread"),
    ("negated_move", "negated_move_present"),
    ("threshold", "threshold_unread"),
    ("age", "age_unread"),
    ("implicit_factor", "implicit_factor_unread"),
    ("subset_of", "subset_unplaced"),
    ("derived", "derived_quantity_unread"),
)
# a step no organ reads blocks wherever the text says it, not only near the relation
GLOBAL_OBSERVATIONS = frozenset(kind for kind, _ in HAZARD_OBSERVATIONS) - {"negation", "modal"}
COMMON_CODES = (
    "relation_unread",
    "target_unread",
    "target_unbound",
    "owner_unresolved",
    "role_assignment_ambiguous",
    "negation_present",
    "modal_assertion",
    "multiplier_unread",
    "number_unreadable",
    "sequence_unread",
    "remainder_unread",
    "remaining_unread",
    "nested_rate_unread",
    "negated_move_present",
    "subset_unplaced",
    "threshold_unread",
    "age_unread",
    "implicit_factor_unread",
    "derived_quantity_unread",
    "role_incompatible",
    "role_bound_twice",
    "distractor_unjustified",
    "owner_mismatch",
    "quantity_thing_unread",
    "quantity_unplaced",
    "compound_target",
    "quantities_unaccounted",
)


def role_code(role: str) -> str:
    """The missing-binding code of a quantity role (``part_3`` -> ``part_unbound``)."""
    stem, _, index = role.rpartition("_")
    return (stem if index.isdigit() else role) + "_unbound"


def table_for(codes: tuple[str, ...]) -> ResidualClassification:
    """The rows of :data:`CLASSIFICATION` for an organ's codes plus the common ones."""
    wanted = set(codes) | set(COMMON_CODES)
    return tuple(row for row in CLASSIFICATION if row[0] in wanted)
