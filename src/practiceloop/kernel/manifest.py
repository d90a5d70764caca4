"""The static authority manifest (loop.md s4): every authority the loop may call, named.

Written as plain values by a domain (no discovery, no dynamic import, no naming convention, no
fallback). It names:

* organs: ``candidate_organ -> (version, applies, assess, residual classification table,
  ordered proof obligation refs)``. An organ with no proof obligations must say so with
  ``declares_no_proof_obligations=True``; an empty tuple alone is refused, and nothing a caller
  passes at replay time can declare it (ADR-0229 s10);
* proof authorities: ``obligation ref -> (version, verify)``;
* the operator set: ordered rows (operator id, version, accepted organ / residual kind /
  residual code, charge per candidate); its digest is ``operator_set_id``;
* the gate and budget policy tables, by their versions and content.

``manifest_digest`` covers every name, version and table, never a callable, so a change of any
authority changes every dependent id (it enters the replay input's ``schema_versions``).
Construction raises ``ValueError`` on an inconsistent manifest: that is a bug in the domain's
static code, found the moment it is imported.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from practiceloop.kernel._memo import remembered
from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.budget import BUDGET_POLICY_VERSION, BUDGET_TABLE
from practiceloop.kernel.candidate import CandidateDelta, OperatorDecline
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.kernel.gate import BLOCKING_ORDER, ELIGIBLE_ORDER, GATE_POLICY_VERSION
from practiceloop.kernel.identity import Digest, digest
from practiceloop.kernel.proof import ProofOutcome
from practiceloop.kernel.record import identity_payload
from practiceloop.kernel.residual import ContractResidual, ResidualClassification, ResidualKind

__all__ = [
    "MANIFEST_SCHEMA_VERSION",
    "AuthorityManifest",
    "OperatorPropose",
    "OperatorRow",
    "OperatorSet",
    "OrganApplies",
    "OrganAssess",
    "OrganEntry",
    "ProofAuthority",
    "ProofVerify",
    "recomputed_digest",
]

MANIFEST_SCHEMA_VERSION = "authority_manifest.v1"

OrganApplies = Callable[[ProblemFrame], bool]
OrganAssess = Callable[[ProblemFrame], ContractAssessment]
ProofVerify = Callable[[ProblemFrame, ContractAssessment], ProofOutcome]
OperatorPropose = Callable[
    [ProblemFrame, ContractAssessment, ContractResidual],
    tuple[CandidateDelta, ...] | OperatorDecline,
]


@dataclasses.dataclass(frozen=True, slots=True)
class OrganEntry:
    """One organ: its contract function, classification table and proof obligations."""

    organ: str
    version: str
    applies: OrganApplies
    assess: OrganAssess
    classification: ResidualClassification
    proof_obligations: tuple[str, ...]
    declares_no_proof_obligations: bool = False

    def __post_init__(self) -> None:
        if bool(self.proof_obligations) == self.declares_no_proof_obligations:
            raise ValueError(
                f"organ {self.organ}: declare proof obligations, or declare explicitly"
                " that there are none"
            )
        codes = [code for code, _, _ in self.classification]
        if len(codes) != len(set(codes)):
            raise ValueError(f"organ {self.organ}: a code is classified twice")
        if len(self.proof_obligations) != len(set(self.proof_obligations)):
            raise ValueError(f"organ {self.organ}: a proof obligation is listed twice")

    @property
    def contract_replay_target(self) -> str:
        """The static name of this organ's contract function (ADR-0229 s6.2)."""
        return f"organ:{self.organ}@{self.version}"

    def describe(self) -> dict[str, Any]:
        return {
            "organ": self.organ,
            "version": self.version,
            "contract_replay_target": self.contract_replay_target,
            "classification": [
                [code, kind.value, axis] for code, kind, axis in self.classification
            ],
            "proof_obligations": list(self.proof_obligations),
            "declares_no_proof_obligations": self.declares_no_proof_obligations,
        }


@dataclasses.dataclass(frozen=True, slots=True)
class ProofAuthority:
    """One proof obligation and the pure verifier that decides it."""

    obligation_ref: str
    version: str
    verify: ProofVerify


@dataclasses.dataclass(frozen=True, slots=True)
class OperatorRow:
    """One operator and what it accepts. ``residual_code=None`` accepts any code of the kind."""

    operator_id: str
    version: str
    organ: str
    residual_kind: ResidualKind
    residual_code: str | None
    charge: int
    propose: OperatorPropose

    def __post_init__(self) -> None:
        if type(self.charge) is not int or self.charge < 1:
            raise ValueError(f"operator {self.operator_id}: charge must be a positive int")

    def accepts(self, residual: ContractResidual) -> bool:
        """True when this row is aimed at ``residual``'s organ, kind and code."""
        return (
            residual.candidate_organ == self.organ
            and residual.residual_kind is self.residual_kind
            and (self.residual_code is None or self.residual_code == residual.residual_code)
        )

    def describe(self) -> list[Any]:
        kind = self.residual_kind.value
        return [self.operator_id, self.version, self.organ, kind, self.residual_code, self.charge]


@dataclasses.dataclass(frozen=True, slots=True)
class OperatorSet:
    """The closed, ordered operator table; ``operator_set_id`` is its digest."""

    version: str
    rows: tuple[OperatorRow, ...]
    operator_set_id: Digest = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        pairs = [(row.operator_id, row.version) for row in self.rows]
        if len(pairs) != len(set(pairs)):
            raise ValueError("an operator (id, version) is listed twice")
        object.__setattr__(self, "operator_set_id", digest(self.describe()))

    def describe(self) -> dict[str, Any]:
        return {"operator_set_version": self.version, "rows": [row.describe() for row in self.rows]}

    def row(self, operator_id: str, version: str) -> OperatorRow | None:
        """The row of one operator, or None."""
        for row in self.rows:
            if row.operator_id == operator_id and row.version == version:
                return row
        return None


@dataclasses.dataclass(frozen=True, slots=True)
class AuthorityManifest:
    """Every organ, proof authority and operator the loop may call, and the policy tables."""

    manifest_version: str
    organs: tuple[OrganEntry, ...]
    proofs: tuple[ProofAuthority, ...]
    operator_set: OperatorSet
    manifest_digest: Digest = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        names = [entry.organ for entry in self.organs]
        if len(names) != len(set(names)):
            raise ValueError("an organ is listed twice")
        refs = [proof.obligation_ref for proof in self.proofs]
        if len(refs) != len(set(refs)):
            raise ValueError("a proof obligation has two authorities")
        for entry in self.organs:
            missing = set(entry.proof_obligations) - set(refs)
            if missing:
                raise ValueError(f"organ {entry.organ}: no authority for {sorted(missing)}")
        for row in self.operator_set.rows:
            if row.organ not in names:
                raise ValueError(f"operator {row.operator_id}: unknown organ {row.organ}")
        object.__setattr__(self, "manifest_digest", digest(self.describe()))

    def describe(self) -> dict[str, Any]:
        """The manifest's identity-bearing description: names, versions, tables; no callables."""
        return {
            "manifest_schema_version": MANIFEST_SCHEMA_VERSION,
            "manifest_version": self.manifest_version,
            "organs": [entry.describe() for entry in self.organs],
            "proofs": [[proof.obligation_ref, proof.version] for proof in self.proofs],
            "operator_set": self.operator_set.describe(),
            "gate_policy": {
                "version": GATE_POLICY_VERSION,
                "eligible": [kind.value for kind in ELIGIBLE_ORDER],
                "blocking": [kind.value for kind in BLOCKING_ORDER],
            },
            "budget_policy": {
                "version": BUDGET_POLICY_VERSION,
                "table": [[reason, identity_payload(limits)] for reason, limits in BUDGET_TABLE],
            },
        }

    def organ(self, name: str) -> OrganEntry | None:
        """The organ entry named ``name``, or None (never a fallback)."""
        for entry in self.organs:
            if entry.organ == name:
                return entry
        return None

    def proof(self, obligation_ref: str) -> ProofAuthority | None:
        """The authority of one obligation, or None."""
        for proof in self.proofs:
            if proof.obligation_ref == obligation_ref:
                return proof
        return None


def _described_digest(table: AuthorityManifest | OperatorSet) -> Digest:
    return digest(table.describe())


def recomputed_digest(table: AuthorityManifest | OperatorSet) -> Digest:
    """``digest(table.describe())``, recomputed (loop.md s4: a table's id is never trusted).

    Remembered only while every field of every table it covers is the very same object
    (:mod:`~practiceloop.kernel._memo`). Raises what :func:`~practiceloop.kernel.identity.digest`
    raises.
    """
    return remembered(_described_digest, table)
