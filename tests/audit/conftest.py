"""Fixtures of the audit tests: a real store built once, and a private copy per test.

The helpers that build and damage stores live in :mod:`.planting` (shared with ``tests/cli``).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from practiceloop.audit import Check, VerifyReport
from practiceloop.store.note import Signer

from .planting import build_store, copy_store


@pytest.fixture(scope="session")
def built_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_store(tmp_path_factory.mktemp("loop") / "store.sqlite")


@pytest.fixture
def store(built_store: Path, tmp_path: Path) -> Path:
    """A private copy of the built store, free to tamper with."""
    return copy_store(built_store, tmp_path / "store.sqlite")


@pytest.fixture(scope="session")
def log_key() -> Signer:
    """The key the signed store's checkpoints are signed with (the log's key)."""
    return Signer.generate("practiceloop.test/log")


@pytest.fixture(scope="session")
def signed_built(tmp_path_factory: pytest.TempPathFactory, log_key: Signer) -> Path:
    return build_store(tmp_path_factory.mktemp("signed") / "store.sqlite", signer=log_key)


@pytest.fixture
def signed_store(signed_built: Path, tmp_path: Path) -> Path:
    """A private copy of the store built with signed checkpoints."""
    return copy_store(signed_built, tmp_path / "store.sqlite")


def found(report: VerifyReport) -> set[Check]:
    """The checks a report raised."""
    return {finding.check for finding in report.findings}


def subjects(report: VerifyReport, check: Check) -> set[str]:
    """The subjects a report names for one check."""
    return {finding.subject for finding in report.findings if finding.check is check}


def only(report: VerifyReport, allowed: Iterable[Check]) -> None:
    """Assert that the report raised nothing outside ``allowed``."""
    extra = found(report) - set(allowed)
    assert not extra, [str(f) for f in report.findings if f.check in extra]
