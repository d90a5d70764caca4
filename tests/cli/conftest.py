"""Shared fixtures of the CLI tests: a runner that keeps stdout and stderr apart, real stores.

Stores are built by the real ``run`` command on the authored problems of
``tests/audit/authored.jsonl`` (problems written for the tests, never the development corpora);
the helpers that damage stores are shared with the audit tests (``tests/audit/planting.py``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from practiceloop.cli import cli
from tests.audit.planting import AUTHORED, copy_store

SRC = Path(__file__).resolve().parents[2] / "src"


def invoke(*args: str | os.PathLike[str]) -> Result:
    """Run ``practiceloop ARGS`` in process (stdout and stderr kept apart)."""
    return CliRunner().invoke(cli, [os.fspath(a) for a in args])


def run_cli(
    *args: str | os.PathLike[str], timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``practiceloop ARGS`` in a real subprocess (``python -m practiceloop.cli``)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, "-m", "practiceloop.cli", *(os.fspath(a) for a in args)],
                          capture_output=True, text=True, env=env, timeout=timeout, check=False)


@pytest.fixture(scope="session")
def built_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store built by ``practiceloop run`` over the authored problems."""
    path = tmp_path_factory.mktemp("cli") / "store.sqlite"
    result = invoke("run", AUTHORED, "--store", path, "--engine", "inprocess")
    assert result.exit_code == 0, result.stderr
    return path


@pytest.fixture
def store(built_store: Path, tmp_path: Path) -> Path:
    """A private copy of the built store and its checkpoints."""
    return copy_store(built_store, tmp_path / "store.sqlite")
