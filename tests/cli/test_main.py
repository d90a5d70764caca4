"""The command group: help, exit codes, and the one place errors become exit codes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from practiceloop.audit import Check
from practiceloop.cli import EXIT_CODES, CliError, ExitCode, cli
from practiceloop.cli._exit import describe_error
from practiceloop.engines import (
    CorpusError,
    EngineLostError,
    EngineUnavailableError,
    SchedulerUnreachableError,
)
from practiceloop.store import (
    CheckpointMismatchError,
    CorruptObjectError,
    NotAStoreError,
    ObjectConflictError,
    ObjectNotFoundError,
    StoreCorruptError,
    StoreIOError,
    StoreLockedError,
    StoreNotFoundError,
    StoreReadOnlyError,
)

from .conftest import invoke

DOCS = Path(__file__).resolve().parents[2] / "docs" / "cli.md"
COMMANDS = sorted(cli.commands)


def test_the_commands_are_the_documented_ones() -> None:
    assert COMMANDS == ["checkpoint", "demo", "eval", "export", "key", "practice", "run", "serve",
                        "show", "stats", "verify"]


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_everywhere_lists_the_exit_codes(command: str | None) -> None:
    result = invoke(*([command] if command else []), "--help")
    assert result.exit_code == 0
    assert "Exit codes:" in result.stdout and "130" in result.stdout


def test_version() -> None:
    result = invoke("--version")
    assert result.exit_code == 0 and "practiceloop" in result.stdout


@pytest.mark.parametrize("args", [["--no-such-option"], ["no-such-command"], ["show"],
                                  ["verify", "--quick", "--full", "--nonsense"]],
                         ids=["option", "command", "missing-argument", "bad-option"])
def test_usage_errors_exit_64(args: list[str]) -> None:
    result = invoke(*args)
    assert result.exit_code == ExitCode.USAGE == 64
    assert "Traceback" not in result.stderr


def test_docs_list_every_command_exit_code_and_finding() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for command in COMMANDS:
        assert re.search(rf"^###? `?practiceloop {command}", text, re.M), command
    for code, _ in EXIT_CODES:
        assert f"| {code} |" in text, code
    for check in Check:
        assert f"`PL{check.number:03d}` | `{check.slug}`" in text, check.message_id
    documented = set(re.findall(r"PL\d{3}", text))
    assert documented == {f"PL{check.number:03d}" for check in Check}


@pytest.mark.parametrize(("error", "code"), [
    (StoreNotFoundError(Path("s")), 66),
    (ObjectNotFoundError("a" * 64), 66),
    (CorpusError(Path("c"), "missing"), 66),
    (NotAStoreError(Path("s"), "no"), 65),
    (StoreCorruptError(Path("s"), "truncated"), 1),
    (CorruptObjectError("a" * 64, "leaf", "x", "y"), 1),
    (ObjectConflictError("a" * 64, "x", "y"), 1),
    (CheckpointMismatchError("rolled back"), 1),
    (StoreLockedError(Path("s"), 5.0), 75),
    (EngineLostError("process", "killed"), 75),
    (StoreReadOnlyError(Path("s"), "ro"), 77),
    (StoreIOError(Path("s"), "disk full"), 74),
    (EngineUnavailableError("dask", "dask"), 69),
    (SchedulerUnreachableError("tcp://x:1", "refused"), 69),
    (CliError("m", ExitCode.CANT_CREATE), 73),
    (RuntimeError("boom"), 70),
    (KeyboardInterrupt(), 130),
], ids=lambda v: type(v).__name__ if isinstance(v, BaseException) else str(v))
def test_every_error_family_maps_to_its_code(error: BaseException, code: int) -> None:
    mapped, message, _ = describe_error(error)
    assert mapped == code
    assert "\n" not in message and message


def test_a_bug_is_one_line_and_traceback_shows_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import practiceloop.audit as audit  # the verify command imports verify_store when it runs

    def explode(*_: object, **__: object) -> None:
        raise RuntimeError("planted bug\nsecond line")

    monkeypatch.setattr(audit, "verify_store", explode)
    result = invoke("verify", "--store", "x.sqlite")
    assert result.exit_code == 70
    assert result.stderr.splitlines()[0] == (
        "practiceloop: error: internal error: RuntimeError: planted bug")
    assert "Traceback" not in result.stderr
    shown = invoke("--traceback", "verify", "--store", "x.sqlite")
    assert isinstance(shown.exception, RuntimeError)


def test_a_mistyped_command_is_a_usage_error_that_suggests_the_command() -> None:
    # click 8.4 and later (pyproject.toml's range) suggest the command meant.
    result = invoke("verfy", "--store", "x.sqlite")
    assert result.exit_code == ExitCode.USAGE
    assert "No such command 'verfy'" in result.stderr
    assert "Did you mean 'verify'?" in result.stderr


def test_a_bare_command_prints_the_help_and_is_a_usage_error() -> None:
    result = invoke()
    assert result.exit_code == ExitCode.USAGE
    assert "Usage: " in result.stderr and "Commands:" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_installed_click_is_in_the_declared_range() -> None:
    import importlib.metadata

    from packaging.requirements import Requirement

    declared = [Requirement(r) for r in importlib.metadata.requires("practiceloop") or []]
    (click_requirement,) = [r for r in declared if r.name == "click"]
    assert click_requirement.specifier.contains(importlib.metadata.version("click"))
