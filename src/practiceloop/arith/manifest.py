"""``ARITH_MANIFEST``: every arithmetic authority the loop may call, named as plain code.

No discovery, no dynamic import, no naming convention: the organs, their proof obligations, the
proof authorities and the ordered operator table are written out below. Changing any of them
changes ``ARITH_MANIFEST.manifest_digest`` and with it every dependent id.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import accounting, proofs
from practiceloop.arith import operators as ops
from practiceloop.arith.organs import (
    change,
    change_chain,
    combine,
    compare,
    complement,
    composed,
    equal_groups,
    partition,
    portion,
    proportion,
    scale,
    sides,
)
from practiceloop.kernel.manifest import (
    AuthorityManifest,
    OperatorPropose,
    OperatorRow,
    OperatorSet,
    OrganEntry,
    ProofAuthority,
)
from practiceloop.kernel.residual import ResidualKind

__all__ = ["ARITH_MANIFEST", "MANIFEST_VERSION", "OBLIGATIONS", "OPERATOR_SET_VERSION"]

MANIFEST_VERSION: Final = "arith_manifest.v13"
OPERATOR_SET_VERSION: Final = "arith_operator_set.v4"

OBLIGATIONS: Final = (
    *proofs.OBLIGATIONS,
    accounting.QUANTITY_ACCOUNTING,
    accounting.CUE_ACCOUNTING,
)
"""Every arithmetic organ's proof obligations, in the order replay calls them: the five that
check the candidate frame against itself, then the two that check it against its text."""

_ORGANS: Final = tuple(
    OrganEntry(
        organ=module.ORGAN,
        version=module.VERSION,
        applies=module.applies,
        assess=module.assess,
        classification=module.CLASSIFICATION,
        proof_obligations=OBLIGATIONS,
    )
    for module in (
        change, change_chain, combine, compare, complement, equal_groups, partition, scale,
        portion,
        sides,
        proportion,
    )
) + tuple(
    OrganEntry(
        organ=two.organ,
        version=two.version,
        applies=two.applies,
        assess=two.assess,
        classification=two.classification,
        proof_obligations=OBLIGATIONS,
    )
    for two in composed.COMPOSITIONS
)

_PROOFS: Final = (
    ProofAuthority(proofs.EXACT_EVALUATION, proofs.PROOF_VERSION, proofs.exact_evaluation),
    ProofAuthority(proofs.RESULT_DOMAIN, proofs.PROOF_VERSION, proofs.result_domain),
    ProofAuthority(proofs.UNIT_CONSISTENCY, proofs.PROOF_VERSION, proofs.unit_consistency),
    ProofAuthority(proofs.GROUNDING, proofs.PROOF_VERSION, proofs.grounding),
    ProofAuthority(proofs.TARGET_CONTINUITY, proofs.PROOF_VERSION, proofs.target_continuity),
    ProofAuthority(
        accounting.QUANTITY_ACCOUNTING,
        accounting.ACCOUNTING_VERSION,
        accounting.quantity_accounting,
    ),
    ProofAuthority(
        accounting.CUE_ACCOUNTING, accounting.ACCOUNTING_VERSION, accounting.cue_accounting
    ),
)

_K = ResidualKind
# (operator id, accepted kind, accepted code or None for any code of the kind, propose).
# Order matters only for the replay order of candidates; each operator declines the codes
# it does not handle, so at most one row proposes for a given residual.
_OPERATORS: Final[tuple[tuple[str, ResidualKind, str | None, OperatorPropose], ...]] = (
    ("target_resolution", _K.TARGET_UNBOUND, "target_unbound", ops.target_resolution),
    ("role_fill", _K.MISSING_ROLE, None, ops.role_fill),
    ("direction_from_cue", _K.MISSING_ROLE, "direction_unbound", ops.direction_from_cue),
    ("direction_from_cue", _K.AMBIGUOUS_ROLE, "direction_ambiguous", ops.direction_from_cue),
    ("owner_coreference", _K.MISSING_ROLE, "owner_unresolved", ops.owner_coreference),
    ("role_assignment", _K.AMBIGUOUS_ROLE, "role_assignment_ambiguous", ops.role_assignment),
    (
        "distractor_exclusion",
        _K.AMBIGUOUS_ROLE,
        "role_assignment_ambiguous",
        ops.distractor_exclusion,
    ),
)

_ROWS: Final = tuple(
    OperatorRow(
        operator_id=f"arith.{name}.{organ.organ}.{kind.value}",
        version=ops.OPERATOR_VERSION,
        organ=organ.organ,
        residual_kind=kind,
        residual_code=code,
        charge=1,
        propose=propose,
    )
    for organ in _ORGANS
    for name, kind, code, propose in _OPERATORS
)

ARITH_MANIFEST: Final = AuthorityManifest(
    manifest_version=MANIFEST_VERSION,
    organs=_ORGANS,
    proofs=_PROOFS,
    operator_set=OperatorSet(version=OPERATOR_SET_VERSION, rows=_ROWS),
)
"""The arithmetic domain's static authority manifest."""
