"""The authority manifest's recomputed digests (manifest.py ``recomputed_digest``).

A manifest is a frozen dataclass, immutable by contract like a record (record.py): its
recomputed digest is remembered for that very object. A manifest or table with a field
replaced is a new object (forged before it is handed over) and is recomputed; these tests
check the recomputed digests against the tests' own JSON + hashlib.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from practiceloop.kernel.manifest import AuthorityManifest, OperatorRow, recomputed_digest
from practiceloop.kernel.residual import ResidualKind

from ._independent import sha256_hex as independent_digest
from ._toy_domain import DEFAULT_ROWS
from ._toy_domain import make_manifest as _shared_rows_manifest


def make_manifest() -> AuthorityManifest:
    """A toy manifest whose tables are its own (these tests replace fields of them)."""
    return _shared_rows_manifest(rows=tuple(dataclasses.replace(row) for row in DEFAULT_ROWS))


def test_recomputed_digest_is_the_digest_of_the_description() -> None:
    manifest = make_manifest()
    for _ in range(2):  # recomputed, then remembered: the same value both times
        assert recomputed_digest(manifest) == independent_digest(manifest.describe())
        assert recomputed_digest(manifest) == manifest.manifest_digest
        assert recomputed_digest(manifest.operator_set) == manifest.operator_set.operator_set_id


def _with(table: Any, **changes: object) -> Any:
    """A copy of ``table`` with ``changes`` written around its constructor: a new object."""
    copy = dataclasses.replace(table)
    for name, value in changes.items():
        object.__setattr__(copy, name, value)
    return copy


def test_a_table_with_a_field_replaced_deep_inside_is_recomputed() -> None:
    manifest = make_manifest()
    assert recomputed_digest(manifest) == manifest.manifest_digest
    row = _with(manifest.operator_set.rows[0], charge=manifest.operator_set.rows[0].charge + 1)
    operator_set = _with(manifest.operator_set, rows=(row, *manifest.operator_set.rows[1:]))
    forged = _with(manifest, operator_set=operator_set)
    assert recomputed_digest(forged) == independent_digest(forged.describe())
    assert recomputed_digest(forged) != manifest.manifest_digest
    bool_charge = _with(operator_set, rows=(_with(row, charge=True), *operator_set.rows[1:]))
    # True equals 1 in Python, not in canonical JSON
    assert recomputed_digest(bool_charge) == independent_digest(bool_charge.describe())
    assert recomputed_digest(manifest) == manifest.manifest_digest


def test_an_equal_but_different_value_is_recomputed_to_the_same_digest() -> None:
    manifest = make_manifest()
    entry = manifest.organs[0]
    remembered = recomputed_digest(manifest)
    text = _with(entry, version="".join(entry.version))  # equal text, another object
    copy = _with(manifest, organs=(text, *manifest.organs[1:]))
    assert recomputed_digest(copy) == remembered  # recomputed, and rightly the same


def test_a_copy_is_checked_on_its_own() -> None:
    manifest = make_manifest()
    assert recomputed_digest(manifest) == manifest.manifest_digest
    copy = dataclasses.replace(manifest)
    object.__setattr__(copy, "manifest_version", "forged")
    assert recomputed_digest(copy) == independent_digest(copy.describe())
    assert recomputed_digest(copy) != copy.manifest_digest
    assert recomputed_digest(manifest) == manifest.manifest_digest


@pytest.mark.parametrize("charge", [0, -1, True, 1.0, "1"])
def test_an_operator_row_charges_a_positive_int(charge: object) -> None:
    with pytest.raises(ValueError, match="charge must be a positive int"):
        OperatorRow("op", "1", "organ", ResidualKind.MISSING_ROLE, None, charge, print)  # type: ignore[arg-type]
    assert OperatorRow("op", "1", "organ", ResidualKind.MISSING_ROLE, None, 1, print).charge == 1  # type: ignore[arg-type]


def test_a_row_accepts_its_organ_kind_and_code_only() -> None:
    """loop.md s4: a row is aimed at an organ, a residual kind and (unless None) one code."""
    from ._toy_domain import THREE, practise

    residual = practise(THREE).residuals[0]
    organ, kind, code = residual.candidate_organ, residual.residual_kind, residual.residual_code
    other_kind = next(k for k in ResidualKind if k is not kind)

    def aimed(organ: object, kind: ResidualKind, code: str | None) -> OperatorRow:
        return OperatorRow("op", "1", organ, kind, code, 1, print)  # type: ignore[arg-type]

    assert aimed(organ, kind, None).accepts(residual)
    assert aimed(organ, kind, code).accepts(residual)
    assert not aimed(organ, kind, f"{code}_other").accepts(residual)
    assert not aimed(organ, other_kind, None).accepts(residual)
    assert not aimed(f"{organ}_other", kind, None).accepts(residual)
