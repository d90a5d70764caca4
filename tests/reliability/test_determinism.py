"""Determinism: the same corpus gives byte-identical stores -- every object's bytes, in the same
log order, and the same Merkle root -- across runs, ``PYTHONHASHSEED`` values, engines and
CPython builds (system.md "Engines" and "Reliability").

Each store is built in a subprocess by ``_determinism_probe.py`` (the standard library, the
package source and the installed lemminflect and numpy the reader's word keys need, on
``PYTHONPATH``: no install per interpreter), which prints the SHA-256
over all logged objects and the root. The interpreters are found on the machine: the one
running the tests, Debian's ``/usr/bin/python3.11``, every pyenv CPython 3.11+ under
``$PYENV_ROOT/versions`` (``/root/.pyenv/versions``), ``python3.X`` on ``PATH``, and any listed
in ``PRACTICELOOP_PYTHONS`` (``os.pathsep``-separated). Two executables of one build (a venv
and its base) count once. At least two distinct builds are required; the test names the ones
it used (in its output and in the reliability figures).
"""

from __future__ import annotations

import concurrent.futures
import glob
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from . import figures
from .profile import Profile, head

pytestmark = [pytest.mark.corpus, pytest.mark.slow]

SUITE = "determinism"
SRC = Path(__file__).resolve().parents[2] / "src"
PROBE = Path(__file__).with_name("_determinism_probe.py")
MINIMUM = (3, 11)

_IDENTIFY = (
    "import json, platform, sys; print(json.dumps({'version': list(sys.version_info[:3]), "
    "'build': ' '.join(platform.python_build()), 'compiler': platform.python_compiler(), "
    "'implementation': sys.implementation.name, 'sqlite': __import__('sqlite3').sqlite_version}))"
)


def candidates() -> list[str]:
    """Interpreter paths worth trying, in order of preference (the running one first)."""
    found = [sys.executable, "/usr/bin/python3.11"]
    pyenv = os.environ.get("PYENV_ROOT", "/root/.pyenv")
    found += sorted(glob.glob(f"{pyenv}/versions/3.*/bin/python3"))
    for minor in range(11, 20):
        path = shutil.which(f"python3.{minor}")
        if path:
            found.append(path)
    found += [p for p in os.environ.get("PRACTICELOOP_PYTHONS", "").split(os.pathsep) if p]
    return list(dict.fromkeys(found))


def builds() -> tuple[dict[str, dict[str, object]], list[str]]:
    """Distinct supported CPython builds: build key -> identity (with ``executable``); and a
    line per candidate that was skipped, saying why."""
    distinct: dict[str, dict[str, object]] = {}
    skipped: list[str] = []
    for path in candidates():
        if not os.access(path, os.X_OK):
            skipped.append(f"{path}: not found")
            continue
        try:
            process = subprocess.run([path, "-s", "-c", _IDENTIFY], capture_output=True,
                                     text=True, timeout=60, check=True)
            identity = json.loads(process.stdout)
        except (OSError, subprocess.SubprocessError, ValueError) as exc:
            skipped.append(f"{path}: cannot run ({type(exc).__name__})")
            continue
        version = tuple(identity["version"])
        if identity["implementation"] != "cpython" or version < MINIMUM:
            skipped.append(f"{path}: {identity['implementation']} {version} is not supported")
            continue
        key = f"CPython {'.'.join(map(str, version))} ({identity['build']}, {identity['compiler']})"
        imports = subprocess.run([path, "-s", "-c", "import lemminflect"], capture_output=True,
                                 env=_env(), timeout=120, check=False)
        if imports.returncode != 0:
            skipped.append(f"{path}: {key} cannot import the installed lemminflect and numpy")
            continue
        if key in distinct:
            skipped.append(f"{path}: same build as {distinct[key]['executable']}")
            continue
        distinct[key] = {**identity, "executable": path}
    return distinct, skipped


# The reader's word keys come from lemminflect (and numpy, which it imports): the probe gets the
# installed copies beside the source, and a build that cannot import them is not used.
DEPENDENCIES = sorted({str(Path(spec.origin).parents[1]) for name in ("lemminflect", "numpy")
                       if (spec := importlib.util.find_spec(name)) and spec.origin})


def _env() -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONHASHSEED", "PYTHONPATH", "PYTHONHOME")}
    env["PYTHONPATH"] = os.pathsep.join([str(SRC), *DEPENDENCIES])
    return env


def _probe(python: str, corpus: Path, store: Path, engine: str, seed: str) -> dict[str, object]:
    env = _env()
    if seed != "random":
        env["PYTHONHASHSEED"] = seed
    process = subprocess.run([python, "-s", str(PROBE), str(corpus), str(store), engine],
                             capture_output=True, text=True, env=env, timeout=600, check=False)
    assert process.returncode == 0, f"{python} {engine} seed {seed}:\n{process.stderr[-3000:]}"
    result: dict[str, object] = json.loads(process.stdout.strip().splitlines()[-1])
    return result


def test_the_same_corpus_gives_byte_identical_stores_everywhere(
    profile: Profile, svamp: Path, tmp_path: Path
) -> None:
    found, skipped = builds()
    print("CPython builds used:", *found, sep="\n  ")
    print("not used:", *skipped, sep="\n  ")
    figures.note(SUITE, "builds", sorted(found))
    figures.note(SUITE, "not_used", skipped)
    assert len(found) >= 2, (
        f"determinism across CPython builds needs two distinct builds, found {sorted(found)}; "
        f"skipped: {skipped}. Install another CPython 3.11+ or list one in PRACTICELOOP_PYTHONS.")
    corpus = head(profile.determinism_problems, tmp_path / "corpus.jsonl")
    here = sys.executable
    runs: list[tuple[str, str, str, str]] = []  # (label, python, engine, seed)
    for key, identity in found.items():
        runs.append((f"build {key}", str(identity["executable"]), "inprocess", "0"))
    runs.append(("same build and seed again", here, "inprocess", "0"))
    for seed in profile.hash_seeds:
        if seed != "0":
            runs.append((f"PYTHONHASHSEED={seed}", here, "inprocess", seed))
    runs.append(("process engine (2 workers)", here, "process", "1"))
    if importlib.util.find_spec("distributed") is not None:
        runs.append(("dask engine (local cluster, 2 workers)", here, "dask", "2"))
    else:
        figures.note(SUITE, "dask", "not installed: engine skipped")
    with concurrent.futures.ThreadPoolExecutor(max(1, min(4, os.cpu_count() or 1))) as pool:
        jobs = {label: pool.submit(_probe, python, corpus, tmp_path / f"run-{n}.sqlite",
                                   engine, seed)
                for n, (label, python, engine, seed) in enumerate(runs)}
        results = {label: job.result() for label, job in jobs.items()}
    stores = {(r["log_size"], r["objects_sha256"], r["root"]) for r in results.values()}
    for label, result in results.items():
        assert result["root"] == result["root_recomputed"], f"{label}: the store's root is wrong"
        assert result["problems"] == profile.determinism_problems and not result["failures"], \
            (label, result)
    figures.note(SUITE, "runs", {label: {k: r[k] for k in ("python", "build", "engine",
                                                           "hashseed", "log_size")}
                                 for label, r in results.items()})
    figures.note(SUITE, "problems", profile.determinism_problems)
    figures.note(SUITE, "stores", [list(s) for s in sorted(stores)])
    assert len(stores) == 1, "stores differ:\n" + "\n".join(
        f"  {label}: {r['log_size']} objects, sha256 {r['objects_sha256']}, root {r['root']}"
        for label, r in results.items())
