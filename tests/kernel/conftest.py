"""Shared fixtures of the kernel tests: real chains built once per session.

The helpers themselves live in :mod:`._independent` (canonical JSON + hashlib written out
again, short real texts, chain builders, malformed-input strategies). Hypothesis settings are
per test (see ``FUZZ`` there), so this file changes no global profile.
"""

from __future__ import annotations

import pytest

from practiceloop.kernel.residual import ResidualKind

from ._independent import CODE_OF_KIND, UNLISTED_CODE, Chain, chain


@pytest.fixture(scope="session")
def eligible_chain() -> Chain:
    """Tom's problem refused on one missing role: eligible, budget allowed."""
    return chain("tom")


@pytest.fixture(scope="session")
def blocked_chain() -> Chain:
    """Ann's problem refused on a missing role and a negation hazard: blocked."""
    hazard = CODE_OF_KIND[ResidualKind.HAZARD_BLOCKED]
    return chain("ann", (CODE_OF_KIND[ResidualKind.MISSING_ROLE],), (hazard,))


@pytest.fixture(scope="session")
def unclassified_chain() -> Chain:
    """Mia's problem refused on a code the organ's table does not list: blocked, unclassified."""
    return chain("mia", (UNLISTED_CODE,))
