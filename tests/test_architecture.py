"""The folder layout is the architecture: imports point one way, checked by parsing the source.

kernel  <-  arith (domain)  <-  loop (orchestrator, evidence, evaluation)
   ^                                                            ^
 store (knows only canonical identity)  <-  audit  <-  engines, workbench, cli (the shell)
                                                   <-  reexecution (re-practises through
                                                       the engines; below the cli)
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "practiceloop"

# For each part of the package: the practiceloop modules it may import (prefix match).
ALLOWED: dict[str, tuple[str, ...]] = {
    "kernel": ("practiceloop.kernel",),
    "arith": ("practiceloop.kernel", "practiceloop.arith"),
    "loop": ("practiceloop.kernel", "practiceloop.arith", "practiceloop.loop"),
    "errors": (),
    "store": ("practiceloop.kernel.identity", "practiceloop.errors", "practiceloop.store"),
    "audit": ("practiceloop.kernel.identity", "practiceloop.store", "practiceloop.audit"),
    # verify --replay: the installed reader and manifest, the loop's work, run on the engines.
    "reexecution": ("practiceloop.kernel.identity", "practiceloop.arith.manifest",
                    "practiceloop.arith.reader", "practiceloop.loop.evidence",
                    "practiceloop.engines", "practiceloop.store", "practiceloop.audit"),
}


def _part(path: Path) -> str:
    relative = path.relative_to(PACKAGE)
    return relative.parts[0].removesuffix(".py")


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
        elif isinstance(node, ast.ImportFrom) and node.level:
            found.append("<relative import>")
    return found


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if _part(p) in ALLOWED)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_down(path: Path) -> None:
    allowed = ALLOWED[_part(path)]
    for name in _imports(path):
        assert name != "<relative import>", f"{path}: use absolute imports"
        if name == "practiceloop" or name.startswith("practiceloop."):
            assert name.startswith(allowed), f"{path} imports {name}; allowed: {allowed}"


def test_every_part_is_covered() -> None:
    parts = {_part(p) for p in PACKAGE.rglob("*.py")} - {"__init__"}
    shell = {"cli", "engines", "workbench", "__main__"}  # __main__: python -m practiceloop
    assert parts <= set(ALLOWED) | shell, f"unclassified parts: {parts - set(ALLOWED) - shell}"


def test_package_ships_py_typed() -> None:
    assert (PACKAGE / "py.typed").is_file()
