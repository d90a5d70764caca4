"""The public Python API: exactly the names of ``practiceloop.__all__``, light to import,
``python -m practiceloop``, and its reference built from the docstrings (pdoc)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import practiceloop
from practiceloop.engines import InProcessEngine
from tests.audit.planting import AUTHORED

REPO = Path(__file__).resolve().parents[1]
SRC = REPO / "src"
TEXT = ("Maya had 12 marbles. She gave 5 marbles to her brother. "
        "How many marbles does Maya have now?")

PUBLIC = [
    "DirectCheck", "Episode", "Practice", "Problem", "RunShape", "RunSummary", "StoreReader",
    "StoredRecord", "__version__", "open_store", "practice", "run_corpus",
]


def _python(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env,
                          timeout=120, check=False)


def test_all_is_exactly_the_public_api() -> None:
    assert practiceloop.__all__ == PUBLIC
    for name in PUBLIC:
        assert getattr(practiceloop, name) is not None, name
        assert name in dir(practiceloop)
    assert not hasattr(practiceloop, "no_such_name")


def test_the_public_names_come_from_the_loop_the_store_and_the_driver() -> None:
    for name in PUBLIC:
        module = getattr(getattr(practiceloop, name), "__module__", "practiceloop")
        assert module.split(".")[1:2] in ([], ["loop"], ["store"], ["engines"]), (name, module)
        assert ".kernel" not in module, (name, module)


def test_importing_practiceloop_loads_nothing_beneath_it() -> None:
    done = _python("-c", "import json, sys, practiceloop; "
                         "print(json.dumps(sorted(m for m in sys.modules "
                         "if m.startswith('practiceloop.') or m in ('sqlite3', 'rich'))))")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_practice_records_is_a_tuple_of_distinct_records_in_canonical_order() -> None:
    result = practiceloop.practice(TEXT)
    assert isinstance(result, practiceloop.Practice)
    assert type(result.records) is tuple
    assert result.records[0] is result.frame
    from practiceloop.loop.evidence import encode_record

    ids = [encode_record(item)[0] for item in result.records]
    assert len(ids) == len(set(ids))
    # Every episode's records are in it, in the episode's order.
    for episode in result.episodes:
        positions = [ids.index(encode_record(r)[0]) for r in episode.records]
        assert positions == sorted(positions)
    assert result.records == practiceloop.practice(TEXT).records


def test_run_corpus_then_open_store(tmp_path: Path) -> None:
    store_path = tmp_path / "store.sqlite"
    with InProcessEngine() as engine:
        summary = practiceloop.run_corpus(AUTHORED, store_path, engine=engine)
    assert isinstance(summary, practiceloop.RunSummary)
    assert summary.sealed == summary.problems > 0
    with practiceloop.open_store(store_path) as store:
        assert isinstance(store, practiceloop.StoreReader)
        assert store.log_size() == summary.log_size and store.log_root() == summary.log_root
        assert len(list(store.problems())) == summary.problems


def test_python_dash_m_practiceloop_is_the_command() -> None:
    done = _python("-m", "practiceloop", "practice", TEXT)
    assert done.returncode == 0, done.stderr
    assert "sealed_practice_trace" in done.stdout
    assert _python("-m", "practiceloop", "--version").stdout.startswith("practiceloop, version")


def test_the_api_reference_builds_from_the_docstrings(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("build_api_reference",
                                                  REPO / "scripts" / "build_api_reference.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    page = script.build(tmp_path).read_text(encoding="utf-8")
    for name in PUBLIC:
        assert f'id="{name}"' in page, name
    # The docstrings themselves are on the page, not only the names.
    assert "Practise one problem text" in page
    assert "Open the evidence store at" in page
