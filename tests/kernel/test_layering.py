"""The kernel's static surface, checked by parsing its source (loop.md s1, s8; style.md 10).

(a) imports only a standard-library allowlist and the kernel itself; (b) only *down* the chain
(``practiceloop.kernel.CHAIN``; a private helper module sits just below its lowest importer);
(c) no I/O, clock, randomness, environment, subprocess or dynamic import is even named. Nothing
upstream of the replay adapter imports the adapter or the trace, and only ``identity`` hashes.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from practiceloop.kernel import CHAIN

KERNEL = Path(__file__).resolve().parents[2] / "src" / "practiceloop" / "kernel"
PREFIX = "practiceloop.kernel"

STDLIB_ALLOWED = frozenset(
    {
        "__future__",
        "abc",
        "collections",
        "collections.abc",
        "dataclasses",
        "enum",
        "fractions",
        "functools",
        "hashlib",
        "itertools",
        "json",
        "math",
        "operator",
        "re",
        "types",
        "typing",
        "unicodedata",
    }
)

# Names whose mere presence means I/O, a clock, randomness, the environment, a subprocess or a
# dynamic import.
FORBIDDEN_NAMES = frozenset(
    {
        "open",
        "eval",
        "exec",
        "compile",
        "__import__",
        "importlib",
        "os",
        "sys",
        "time",
        "datetime",
        "random",
        "secrets",
        "uuid",
        "socket",
        "subprocess",
        "pathlib",
        "input",
        "print",
        "breakpoint",
        "globals",
        "locals",
        "shutil",
        "tempfile",
        "threading",
        "multiprocessing",
        "asyncio",
        "signal",
        "platform",
        "getpass",
        "ctypes",
        "pickle",
        "marshal",
        "io",
        "urllib",
        "http",
        "sqlite3",
        "logging",
        "environ",
        "getenv",
        "perf_counter",
        "monotonic",
        "urandom",
    }
)

MODULES: dict[str, Path] = {
    path.stem: path for path in sorted(KERNEL.glob("*.py")) if path.stem != "__init__"
}


def _tree(name: str) -> ast.Module:
    path = KERNEL / "__init__.py" if name == "__init__" else MODULES[name]
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _imports(tree: ast.Module) -> list[str]:
    """Every module an import statement names (``from a import b`` names ``a`` and ``a.b``)."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                found.append("." * node.level + (node.module or ""))
                continue
            assert node.module is not None
            found.append(node.module)
            if node.module in ("practiceloop", PREFIX):
                found.extend(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _kernel_imports(name: str) -> set[str]:
    return {
        imported.removeprefix(PREFIX + ".")
        for imported in _imports(_tree(name))
        if imported.startswith(PREFIX + ".")
    }


def _rank() -> dict[str, float]:
    """Chain position of each module: CHAIN's index, and for a private helper module the
    position just above the highest module it imports (so importing it is importing those)."""
    rank: dict[str, float] = {name: float(index) for index, name in enumerate(CHAIN)}
    private = [name for name in MODULES if name not in rank]
    for _ in range(len(private) + 1):
        for name in private:
            below = [rank.get(m, float("inf")) for m in _kernel_imports(name)]
            rank[name] = max(below, default=-1.0) + 0.5
    return rank


RANK = _rank()


def test_every_module_has_a_place() -> None:
    for name in MODULES:
        assert name in CHAIN or name.startswith("_"), f"{name} is public but not in CHAIN"
    assert len(set(CHAIN)) == len(CHAIN)
    assert all(RANK[name] != float("inf") for name in MODULES), "private import cycle"


def test_allowlist_is_standard_library() -> None:
    assert {name.split(".")[0] for name in STDLIB_ALLOWED} <= sys.stdlib_module_names


@pytest.mark.parametrize("name", ["__init__", *MODULES])
def test_imports_only_allowlist_or_kernel(name: str) -> None:
    for imported in _imports(_tree(name)):
        assert not imported.startswith("."), f"{name}: relative import {imported}"
        if imported.startswith("practiceloop"):
            assert imported.startswith(PREFIX + "."), (
                f"{name} imports {imported} outside the kernel"
            )
            continue
        if name == "identity" and imported == "orjson":
            continue  # the kernel's one permitted non-stdlib import, optional (identity.py)
        assert imported in STDLIB_ALLOWED, f"{name} imports {imported}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_point_down_the_chain(name: str) -> None:
    for imported in _kernel_imports(name):
        assert imported in RANK, f"{name} imports unknown kernel module {imported}"
        assert RANK[imported] < RANK[name], f"{name} imports {imported}, which is not below it"


def test_init_imports_no_kernel_module() -> None:
    assert _kernel_imports("__init__") == set()


@pytest.mark.parametrize("name", ["__init__", *MODULES])
def test_no_effectful_names(name: str) -> None:
    for node in ast.walk(_tree(name)):
        if isinstance(node, ast.Name):
            assert node.id not in FORBIDDEN_NAMES, f"{name}:{node.lineno} uses {node.id}"
        elif isinstance(node, ast.Attribute):
            assert node.attr not in FORBIDDEN_NAMES, f"{name}:{node.lineno} uses .{node.attr}"
        elif isinstance(node, ast.alias):
            top = node.name.split(".")[0]
            assert top not in FORBIDDEN_NAMES, f"{name} imports {node.name}"


# The adapter and the trace, with their private helper modules.
REPLAY_AND_TRACE = frozenset(
    name
    for name in (*CHAIN, *MODULES)
    if name in ("replay", "trace") or name.startswith(("_replay", "_trace"))
)


def _closure(name: str) -> set[str]:
    seen: set[str] = set()
    todo = [name]
    while todo:
        for imported in _kernel_imports(todo.pop()):
            if imported not in seen and imported in MODULES:
                seen.add(imported)
                todo.append(imported)
    return seen


@pytest.mark.parametrize(
    "name", [name for name in CHAIN[: CHAIN.index("replay")] if name not in REPLAY_AND_TRACE]
)
def test_upstream_never_reaches_replay_or_trace(name: str) -> None:
    if name not in MODULES:
        pytest.skip(f"{name}.py not written yet")
    assert not _closure(name) & REPLAY_AND_TRACE, f"{name} reaches the adapter or the trace"


def test_trace_imports_replay_value_types_not_its_execution() -> None:
    if "trace" not in MODULES:
        pytest.skip("kernel II: trace.py not written yet")
    assert not _kernel_imports("trace") & {"replay", "_replay_checks"}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_only_identity_hashes_and_encodes(name: str) -> None:
    if name == "identity":
        return
    stdlib = {
        imported for imported in _imports(_tree(name)) if not imported.startswith("practiceloop")
    }
    assert not stdlib & {"hashlib", "json"}, f"{name} hashes or encodes by itself"
    for node in ast.walk(_tree(name)):
        if isinstance(node, ast.Attribute):
            assert node.attr not in {"sha256", "hexdigest", "dumps"}, f"{name}:{node.lineno}"


def test_the_checks_can_fail() -> None:
    """The parser sees what it must: a forbidden import and call in a scratch module."""
    tree = ast.parse("import os\nfrom practiceloop.store import x\nprint(open('f'))\n")
    assert _imports(tree) == ["os", "practiceloop.store"]
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    assert {"print", "open"} <= names & FORBIDDEN_NAMES
