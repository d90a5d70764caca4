"""Fixtures of the reliability suites: the active profile, the corpora, the fuzz context.

The profile (``ci`` unless ``HYPOTHESIS_PROFILE=long``) sizes every suite; see ``profile.py``.
Hypothesis profiles of the same names are registered here, but never loaded globally: each
reliability test takes its settings from :func:`hypothesis_settings`, so the other suites'
settings are untouched when everything runs in one session.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from . import figures
from .boundaries import Context, build_context
from .profile import PROFILES, Profile, active, corpus_file, load_texts

for _profile in PROFILES.values():
    settings.register_profile(
        _profile.name,
        max_examples=_profile.fuzz_examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                               HealthCheck.filter_too_much],
        derandomize=_profile.name == "ci",
        print_blob=True,
    )


def hypothesis_settings(examples: int | None = None) -> settings:
    """The active profile's Hypothesis settings (``examples`` overrides max_examples)."""
    base = settings.get_profile(active().name)
    if examples is None:
        return base
    return settings(base, max_examples=examples)


@pytest.fixture(scope="session")
def profile() -> Profile:
    return active()


@pytest.fixture(scope="session")
def svamp() -> Path:
    """The SVAMP corpus; fails loudly when ``../shared/corpora`` is missing."""
    try:
        return corpus_file("svamp.jsonl")
    except FileNotFoundError as exc:
        pytest.fail(str(exc))


@pytest.fixture(scope="session")
def fuzz_context(
    profile: Profile, svamp: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Context]:
    """Real calls of every boundary over real SVAMP problems, a real store, bundle, checkpoints."""
    texts = tuple(text for _, text in load_texts(profile.capture_problems))
    context = build_context(texts, tmp_path_factory.mktemp("fuzz"))
    try:
        yield context
    finally:
        context.store.close()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if figures.FIGURES:
        figures.note("session", "profile", active().name)
        figures.note("session", "exit_status", int(exitstatus))
        figures.write()
