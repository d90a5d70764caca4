"""The engines package exports exactly its public names, sorted, each defined."""

from __future__ import annotations

import importlib

import pytest

import practiceloop.engines as engines

MODULES = [
    "practiceloop.engines",
    "practiceloop.engines.base",
    "practiceloop.engines.corpus",
    "practiceloop.engines.dask",
    "practiceloop.engines.driver",
    "practiceloop.engines.errors",
    "practiceloop.engines.inprocess",
    "practiceloop.engines.process",
    "practiceloop.engines.work",
]


@pytest.mark.parametrize("name", MODULES)
def test_all_is_sorted_and_defined(name: str) -> None:
    module = importlib.import_module(name)
    exported = module.__all__
    # isort-style, as ruff's RUF022 keeps it: CONSTANTS, then Classes, then functions.
    def order(n: str) -> tuple[int, str]:
        return (0 if n.isupper() else 1 if n[:1].isupper() else 2, n)

    assert list(exported) == sorted(exported, key=order)
    assert len(set(exported)) == len(exported)
    for item in exported:
        assert hasattr(module, item), item


def test_the_package_exports_exactly_its_interface() -> None:
    assert set(engines.__all__) == {
        "DEFAULT_BATCH_SIZE", "DEFAULT_SHARD_SIZE", "ENGINE_NAMES", "BadLine", "CorpusError",
        "CorpusProblem", "DaskEngine", "Engine", "EngineError", "EngineLostError",
        "EngineUnavailableError", "InProcessEngine", "ProblemFailure", "ProcessEngine",
        "ProgressFn", "RunProgress", "RunSummary", "SchedulerUnreachableError", "Settled",
        "count_lines",
        "default_workers", "make_engine", "read_corpus", "run_corpus",
    }


def test_importing_the_package_is_light_and_never_imports_dask() -> None:
    import subprocess
    import sys

    code = (
        "import sys, practiceloop.engines as e\n"
        "heavy = ['distributed', 'practiceloop.engines.driver', 'practiceloop.kernel.identity']\n"
        "print([m for m in heavy if m in sys.modules])\n"
        "e.run_corpus\n"
        "print('practiceloop.engines.driver' in sys.modules, 'distributed' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["[]", "True False"]


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        engines.nothing  # noqa: B018
