"""The audit's public modules export exactly what they mean to (style.md habit 9)."""

from __future__ import annotations

import importlib

import pytest

EXPECTED = {
    "practiceloop.audit": [
        "Check", "Closure", "ExitBit", "Finding", "Mode", "Severity", "VerifyReport", "closure",
        "exit_code", "verify_bundle_bytes", "verify_store",
    ],
    "practiceloop.audit.findings": ["Check", "ExitBit", "Finding", "Severity", "exit_code"],
    "practiceloop.audit.disposition": [
        "REPLAY_REFUSAL_DISPOSITIONS", "REPLAY_RESULT_DISPOSITIONS", "SEALED_DISPOSITIONS",
        "Derivation", "Resolver", "derive_disposition",
    ],
    "practiceloop.audit.chain": ["Closure", "closure"],
    "practiceloop.audit.bundle": ["verify_bundle_bytes"],
}


def isort_key(name: str) -> tuple[int, str]:
    """The order ruff (RUF022) keeps ``__all__`` in: CONSTANTS, then Classes, then functions."""
    return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_exports_are_exact_and_sorted(name: str) -> None:
    module = importlib.import_module(name)
    assert module.__all__ == EXPECTED[name]
    assert module.__all__ == sorted(module.__all__, key=isort_key)
    for export in module.__all__:
        assert hasattr(module, export)


@pytest.mark.parametrize("name", ["practiceloop.audit.recompute", "practiceloop.audit.verify"])
def test_other_modules_sort_their_exports(name: str) -> None:
    module = importlib.import_module(name)
    assert module.__all__ == sorted(module.__all__, key=isort_key)
    assert all(hasattr(module, export) for export in module.__all__)
