"""Start-up of the command line: ``import practiceloop.cli`` and ``--help`` load only click.

The store, the engines, the loop, the audit and rich are imported inside the commands that use
them. These tests fail if an eager import of any of them comes back, and keep the values the
option table writes out (so as not to import them) equal to the ones they stand for.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from .conftest import SRC

# Modules and packages (with everything under them) that must stay unloaded until a command runs.
HEAVY = (
    "sqlite3",
    "rich",
    "multiprocessing",
    "concurrent.futures",
    "practiceloop.arith",
    "practiceloop.audit",
    "practiceloop.engines",
    "practiceloop.loop.episode",
    "practiceloop.loop.evaluate",
    "practiceloop.loop.evidence",
    "practiceloop.kernel",
    "practiceloop.store",
    "practiceloop.workbench",
)

# Imports the command line, runs `practiceloop ARGV` when ARGV is given (it must exit 0), then
# prints (last line) the heavy modules loaded.
_PROBE = """
import json, sys
heavy, argv = json.loads(sys.argv[1]), json.loads(sys.argv[2])
import practiceloop.cli
if argv:
    try:
        practiceloop.cli.main(argv)
    except SystemExit as exit:
        assert exit.code == 0, exit.code
loaded = (m for m in sys.modules if any(m == h or m.startswith(h + ".") for h in heavy))
print(json.dumps(sorted(loaded)))
"""


def _heavy_loaded(*argv: str) -> list[str]:
    """The heavy modules that a fresh interpreter holds after ``practiceloop ARGV``."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(HEAVY), json.dumps(argv)],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )
    assert done.returncode == 0, done.stderr
    loaded: list[str] = json.loads(done.stdout.splitlines()[-1])
    return loaded


def test_importing_the_cli_loads_no_heavy_module() -> None:
    assert _heavy_loaded() == []


@pytest.mark.parametrize("argv", [
    ("--help",),
    ("--version",),
    *((command, "--help") for command in
      ("demo", "practice", "run", "verify", "show", "export", "stats", "eval", "serve")),
], ids=" ".join)
def test_help_loads_no_heavy_module(argv: tuple[str, ...]) -> None:
    assert _heavy_loaded(*argv) == []


def _params(command: str, name: str) -> list[Any]:
    from practiceloop.cli import cli

    return [p for p in cli.commands[command].params if p.name == name]


def test_written_out_values_are_the_ones_they_stand_for() -> None:
    from practiceloop.audit import Mode
    from practiceloop.engines import DEFAULT_BATCH_SIZE, ENGINE_NAMES
    from practiceloop.loop.episode import RunShape

    (shape,) = _params("practice", "shape")
    assert list(shape.type.choices) == [s.value for s in RunShape]
    assert shape.default == RunShape.OPEN.value
    (engine,) = _params("run", "engine")
    assert (tuple(engine.type.choices), engine.default) == (ENGINE_NAMES, ENGINE_NAMES[0])
    (demo_engine,) = _params("demo", "engine")
    assert (tuple(demo_engine.type.choices), demo_engine.default) == (ENGINE_NAMES,
                                                                      ENGINE_NAMES[0])
    (batch_size,) = _params("run", "batch_size")
    assert batch_size.default == DEFAULT_BATCH_SIZE
    from practiceloop.cli import _store_commands

    assert {_store_commands._QUICK, _store_commands._FULL} == {m.value for m in Mode}
    assert [p.is_flag for p in (*_params("verify", "quick"), *_params("verify", "full"))] == [
        True, True]
