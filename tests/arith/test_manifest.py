"""ARITH_MANIFEST: static, consistent, and every authority it names is the domain's own."""

from __future__ import annotations

import ast
from pathlib import Path

from practiceloop.arith import operators, proofs
from practiceloop.arith.manifest import ARITH_MANIFEST, OBLIGATIONS
from practiceloop.arith.organs import (
    change,
    change_chain,
    combine,
    compare,
    complement,
    composed,
    equal_groups,
    partition,
    proportion,
    scale,
    sides,
)

ARITH = Path(__file__).resolve().parents[2] / "src" / "practiceloop" / "arith"


def test_organs_and_obligations() -> None:
    names = [entry.organ for entry in ARITH_MANIFEST.organs]
    singles = [
        "change",
        "change_chain",
        "combine",
        "compare",
        "complement",
        "equal_groups",
        "partition",
        "scale",
        "portion",
        "sides",
        "proportion",
    ]
    assert names == singles + [two.organ for two in composed.COMPOSITIONS]
    for two in composed.COMPOSITIONS:
        entry = ARITH_MANIFEST.organ(two.organ)
        assert entry is not None and entry.classification == two.classification
        assert entry.proof_obligations == OBLIGATIONS
    for module in (
        change,
        change_chain,
        combine,
        compare,
        equal_groups,
        partition,
        complement,
        scale,
        sides,
        proportion,
    ):
        entry = ARITH_MANIFEST.organ(module.ORGAN)
        assert entry is not None
        assert entry.assess is module.assess and entry.applies is module.applies
        assert entry.classification == module.CLASSIFICATION
        assert entry.proof_obligations == OBLIGATIONS
    assert [p.obligation_ref for p in ARITH_MANIFEST.proofs] == list(OBLIGATIONS)
    # the five that check the frame against itself, then the two against its text
    assert (
        *proofs.OBLIGATIONS,
        "arith.quantity_accounting",
        "arith.cue_accounting",
    ) == OBLIGATIONS


def test_operator_rows_name_the_domain_operators() -> None:
    proposers = {
        operators.target_resolution,
        operators.role_fill,
        operators.direction_from_cue,
        operators.owner_coreference,
        operators.role_assignment,
        operators.distractor_exclusion,
    }
    rows = ARITH_MANIFEST.operator_set.rows
    assert {row.propose for row in rows} == proposers
    assert len(rows) == 7 * len(ARITH_MANIFEST.organs)
    assert all(row.charge == 1 for row in rows)


def test_manifest_digest_is_stable_across_imports() -> None:
    from practiceloop.arith import manifest as again

    assert again.ARITH_MANIFEST.manifest_digest == ARITH_MANIFEST.manifest_digest
    assert len(ARITH_MANIFEST.manifest_digest) == 64


def test_domain_code_is_pure() -> None:
    """No I/O, clock, randomness, environment or dynamic import in the domain's modules."""
    forbidden_modules = {
        "os",
        "sys",
        "time",
        "random",
        "datetime",
        "subprocess",
        "importlib",
        "io",
        "pathlib",
    }
    forbidden_calls = {"open", "eval", "exec", "__import__", "input", "print"}
    for path in ARITH.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert not {a.name.split(".")[0] for a in node.names} & forbidden_modules, path
            elif isinstance(node, ast.ImportFrom) and node.module:
                assert node.module.split(".")[0] not in forbidden_modules, path
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in forbidden_calls, (path, node.func.id)


def _isort_style(name: str) -> tuple[int, str]:
    """Constants, then classes, then functions, each alphabetical (ruff RUF022)."""
    return (0 if name.isupper() else 1 if name[:1].isupper() else 2, name)


def test_exports_are_sorted() -> None:
    for path in ARITH.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
            ):
                names = [e.value for e in node.value.elts]  # type: ignore[attr-defined]
                assert names == sorted(names, key=_isort_style), path
