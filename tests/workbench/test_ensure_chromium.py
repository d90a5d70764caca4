"""``scripts/ensure-chromium.sh``: idempotent, says what it does, fails loudly when it cannot.

The script installs nothing here: ``CHROMIUM`` points it at stand-in binaries, and the path
that would install runs as an unprivileged user, where the script must refuse and explain.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from .conftest import CHROMIUM, REPO

SCRIPT = REPO / "scripts" / "ensure-chromium.sh"


def _run(chromium: Path, *prefix: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*prefix, "bash", str(SCRIPT)], env={**os.environ, "CHROMIUM": str(chromium)},
        capture_output=True, text=True, timeout=60, check=False,
    )


def _fake(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "chromium"
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(0o755)
    return path


def test_a_present_browser_is_reported_and_left_alone(tmp_path: Path) -> None:
    fake = _fake(tmp_path, 'echo "Chromium 1.2.3 stand-in"')
    for _ in range(2):  # idempotent: the second run does exactly what the first did
        done = _run(fake)
        assert done.returncode == 0, done.stderr
        assert f"using Chromium 1.2.3 stand-in at {fake}" in done.stdout
        assert "apt-get" not in done.stdout


def test_a_browser_that_does_not_run_fails_loudly(tmp_path: Path) -> None:
    done = _run(_fake(tmp_path, "exit 3"))
    assert done.returncode == 1
    assert "exists but does not run" in done.stderr


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("setpriv") is None,
                    reason="needs root and setpriv to run the script as another user")
def test_without_root_it_explains_what_to_run(tmp_path: Path) -> None:
    done = _run(tmp_path / "absent", "setpriv", "--reuid=65534", "--regid=65534",
                "--clear-groups")
    assert done.returncode == 1
    assert "is missing" in done.stdout
    assert "not root, so cannot install it" in done.stderr
    assert "apt-get install -y --no-install-recommends chromium" in done.stderr


def test_the_real_browser_is_installed() -> None:
    # `make test` runs `make browser-deps` first; a machine without Chromium fails here too.
    done = _run(CHROMIUM)
    assert done.returncode == 0, done.stderr
    assert "using Chromium" in done.stdout
