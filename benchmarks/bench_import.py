"""Import time of ``practiceloop.kernel``, the engines and the CLI, in fresh interpreters.

Two measures per target, each over ``--runs`` fresh subprocesses (median):

* ``importtime_ms``: ``python -X importtime -c "import M"``, summing the *self* time of every
  module that the import loaded and a bare interpreter does not (Python's own accounting,
  free of process start-up);
* ``wall_ms``: wall clock of ``python -c "import M"`` minus that of ``python -c "pass"``.

The kernel target imports every module of ``practiceloop.kernel.CHAIN`` (the package alone
imports none of them). A warm-up run per target writes the bytecode caches first (even when
``PYTHONDONTWRITEBYTECODE`` is set), as an installed package has them.

The CLI is also timed end to end as ``practiceloop --help`` (its console-script entry point,
``practiceloop.cli:main``). A module that fails to import is reported with its error instead of
figures. Target: the kernel under 50 ms.

    PYTHONPATH=src python benchmarks/bench_import.py [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from _common import REPO, emit, rounded

# What the console script does: import the entry point and call it.
_CLI_HELP = (
    "import sys; sys.argv = ['practiceloop', '--help']\n"
    "from practiceloop.cli import main; main()"
)


def _kernel_statement() -> str:
    """``import`` of every kernel module: the package itself imports none of its chain.

    A plain statement, not ``importlib.import_module``: ``-X importtime`` logs only imports
    made by the import statement.
    """
    from practiceloop.kernel import CHAIN

    return "import " + ", ".join(f"practiceloop.kernel.{name}" for name in CHAIN)


# label -> the import statement timed.
TARGETS = {
    "practiceloop.kernel": _kernel_statement(),
    "practiceloop.loop.evidence": "import practiceloop.loop.evidence",
    "practiceloop.engines": "import practiceloop.engines",
    "practiceloop.engines.driver": "import practiceloop.engines.driver",
    "practiceloop.cli": "import practiceloop.cli",
}


def _env() -> dict[str, str]:
    src = str(REPO / "src")
    path = os.environ.get("PYTHONPATH", "")
    env = {**os.environ, "PYTHONPATH": src + (os.pathsep + path if path else "")}
    # An installed package has its bytecode cached; a timing that recompiled the sources on
    # every run would measure the compiler. Let the warm-up run write the caches.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


class _Failed(Exception):
    pass


def _run(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, *args], env=_env(), capture_output=True, text=True,
                          check=False, **kwargs)  # type: ignore[call-overload]
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        raise _Failed(lines[-1])
    return done  # type: ignore[no-any-return]


def _wall(args: list[str], runs: int) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        _run(args)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def _self_times(code: str) -> dict[str, int]:
    """module -> self import time in microseconds, from ``-X importtime``."""
    done = _run(["-X", "importtime", "-c", code])
    times: dict[str, int] = {}
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, _cumulative, name = line.removeprefix("import time:").split("|")
        times[name.strip()] = int(self_us)
    return times


def _importtime(code: str, runs: int, baseline: set[str]) -> tuple[float, int]:
    totals = []
    count = 0
    for _ in range(runs):
        times = _self_times(code)
        new = {name: us for name, us in times.items() if name not in baseline}
        totals.append(sum(new.values()) / 1000)
        count = len(new)
    return statistics.median(totals), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh interpreters per figure")
    args = parser.parse_args()
    bare = _wall(["-c", "pass"], args.runs)
    figures: dict[str, object] = {"runs": args.runs, "bare_interpreter_ms": rounded(bare * 1000, 1)}
    baseline = set(_self_times("pass"))  # modules a bare interpreter loads anyway
    for module, code in TARGETS.items():
        try:
            _run(["-c", code])  # warm-up: compiles and caches the bytecode once
            importtime_ms, modules = _importtime(code, args.runs, baseline)
            wall = _wall(["-c", code], args.runs) - bare
        except _Failed as exc:
            figures[module] = {"error": str(exc)}
            continue
        figures[module] = {
            "importtime_ms": rounded(importtime_ms, 1),
            "wall_ms": rounded(wall * 1000, 1),
            "modules_loaded": modules,
        }
    try:
        _run(["-c", _CLI_HELP])
        help_wall = _wall(["-c", _CLI_HELP], args.runs)
        figures["cli_help_wall_ms"] = rounded(help_wall * 1000, 1)
    except _Failed as exc:
        figures["cli_help_wall_ms"] = {"error": str(exc)}
    kernel = figures["practiceloop.kernel"]
    assert isinstance(kernel, dict)
    figures["kernel_under_50ms"] = kernel.get("importtime_ms", float("inf")) < 50
    emit({"benchmark": "import", **figures})


if __name__ == "__main__":
    main()
