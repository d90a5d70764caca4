"""Each reading rule is one function with a docstring and a test of its name.

A rule is a function a stage module of :mod:`practiceloop.arith.reader` exports (its
``__all__``). Its docstring says what English it reads; the mirror test module
(``tests/arith/reader/test_<stage>.py``) holds a test named ``test_<rule>`` (or
``test_<rule>_<case>``). A newcomer who adds a rule and no test sees this fail.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
STAGES = (
    "tokens",
    "measured",
    "people",
    "cues",
    "place_moves",
    "motion",
    "transfers",
    "held_with",
    "arrivals",
    "nouns",
    "numerals",
    "periods",
    "quantities",
    "groups",
    "clause",
    "clause_after",
    "containers",
    "requirements",
    "distributive",
    "prices",
    "kinds",
    "listing",
    "counted",
    "kept",
    "ellipsis",
    "some_said",
    "leaving",
    "after_moves",
    "hazards",
    "question",
    "purchase",
    "states",
    "scores",
    "proposals",
    "told_sides",
    "scales",
    "portions",
    "what_asked",
    "rates",
    "ages",
    "tendered",
)


def _rules(stage: str) -> list[str]:
    module = importlib.import_module(f"practiceloop.arith.reader.{stage}")
    return [
        name
        for name in module.__all__
        if inspect.isfunction(value := getattr(module, name))
        and value.__module__ == module.__name__
    ]


def _tests(stage: str) -> list[str]:
    tree = ast.parse((HERE / f"test_{stage}.py").read_text(encoding="utf-8"))
    return [
        n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")
    ]


@pytest.mark.parametrize("stage", STAGES)
def test_every_rule_has_a_docstring_and_a_test(stage: str) -> None:
    module = importlib.import_module(f"practiceloop.arith.reader.{stage}")
    tests = _tests(stage)
    rules = _rules(stage)
    assert rules, stage
    for rule in rules:
        assert inspect.getdoc(getattr(module, rule)), f"{stage}.{rule} has no docstring"
        named = [t for t in tests if t == f"test_{rule}" or t.startswith(f"test_{rule}_")]
        assert named, f"{stage}.{rule} has no test named test_{rule} in test_{stage}.py"


def test_every_stage_is_listed() -> None:
    package = Path(importlib.import_module("practiceloop.arith.reader").__file__ or "").parent
    modules = {p.stem for p in package.glob("*.py")} - {"__init__"}
    assert modules == set(STAGES)
