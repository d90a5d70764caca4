"""``practiceloop run``: a corpus sealed, resumed, and every kind of bad line reported."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from practiceloop.audit import verify_store
from practiceloop.store import checkpoint_path, read_checkpoints
from tests.audit.planting import rows

from .conftest import AUTHORED, invoke

PROBLEMS = len(AUTHORED.read_text().splitlines())


def _log_size(path: Path) -> int:
    ((size,),) = rows(path, "SELECT count(*) FROM log")
    return int(size)


def test_a_run_seals_every_problem_and_checkpoints(tmp_path: Path) -> None:
    store = tmp_path / "store.sqlite"
    result = invoke("run", AUTHORED, "--store", store, "--engine", "inprocess", "--json")
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["problems"] == summary["sealed"] == PROBLEMS
    assert summary["skipped"] == 0 and summary["bad_lines"] == [] and summary["failures"] == []
    assert summary["log_size"] == summary["new_objects"] == _log_size(store)
    assert summary["checkpoint"] == {"size": summary["log_size"], "root": summary["log_root"],
                                     "signed_by": None}
    assert read_checkpoints(checkpoint_path(store))[-1].root == summary["log_root"]
    assert verify_store(store).ok


def test_the_summary_table_for_people(tmp_path: Path) -> None:
    result = invoke("run", AUTHORED, "--store", tmp_path / "s.sqlite", "--engine", "inprocess")
    assert result.exit_code == 0
    for label in ("Run summary", "sealed by this run", "already sealed", "bad corpus lines",
                  "log root", "checkpoint"):
        assert label in result.stdout


def test_a_second_run_skips_everything_already_sealed(store: Path) -> None:
    before = _log_size(store)
    result = invoke("run", AUTHORED, "--store", store, "--engine", "inprocess", "--json")
    assert result.exit_code == 0
    summary = json.loads(result.stdout)
    assert (summary["sealed"], summary["skipped"], summary["new_objects"]) == (0, PROBLEMS, 0)
    assert _log_size(store) == before


def test_a_run_on_the_process_engine_gives_the_same_root(built_store: Path, tmp_path: Path) -> None:
    result = invoke("run", AUTHORED, "--store", tmp_path / "p.sqlite", "--engine", "process",
                    "--workers", "2", "--batch-size", "3", "--json")
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["log_root"] == read_checkpoints(checkpoint_path(built_store))[-1].root
    assert summary["vouched"] == summary["sealed"] == PROBLEMS  # the workers' checks, taken


def test_recheck_takes_no_workers_word_and_seals_the_same_log(
    built_store: Path, tmp_path: Path
) -> None:
    result = invoke("run", AUTHORED, "--store", tmp_path / "r.sqlite", "--engine", "process",
                    "--workers", "2", "--recheck", "--json")
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    assert (summary["vouched"], summary["sealed"]) == (0, PROBLEMS)
    assert summary["log_root"] == read_checkpoints(checkpoint_path(built_store))[-1].root


BAD_CORPUS = b"\n".join([
    b'{"id": "good-1", "question": "Tom had 3 apples. He ate 1 apple. How many apples are left?"}',
    b"this is not json",
    b'{"id": "no-question"}',
    b'{"id": 7, "question": "A numeric id."}',
    b'{"id": "good-1", "question": "The same id again."}',
    b'{"id": "surrogate", "question": "Broken \\ud800 text"}',
    b'{"id": "latin1", "question": "caf\xe9"}',
    b"[1, 2, 3]",
    b'{"question": "no id at all"}',
    b'{"id": "good-2", "question": "Ann has 4 pens and 3 more pens. How many pens in all?"}',
]) + b"\n"
EXPECTED_BAD = [(2, "not_json"), (3, "no_question"), (4, "bad_id"), (5, "repeated_id"),
                (6, "no_utf8_form"), (7, "not_utf8"), (8, "not_object"), (9, "no_id")]


@pytest.fixture
def bad_corpus(tmp_path: Path) -> Path:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(BAD_CORPUS)
    return path


def test_bad_lines_are_named_skipped_and_counted(bad_corpus: Path, tmp_path: Path) -> None:
    store = tmp_path / "store.sqlite"
    result = invoke("run", bad_corpus, "--store", store, "--engine", "inprocess")
    assert result.exit_code == 65
    for line_no, reason in EXPECTED_BAD:
        assert f"bad line {line_no}: {reason}" in result.stderr
    assert "8 bad corpus lines were skipped" in result.stderr
    assert "Traceback" not in result.stderr
    assert verify_store(store).ok  # the good problems were sealed all the same


def test_bad_lines_in_json(bad_corpus: Path, tmp_path: Path) -> None:
    result = invoke("run", bad_corpus, "--store", tmp_path / "s.sqlite", "--engine",
                    "inprocess", "--json")
    assert result.exit_code == 65
    summary = json.loads(result.stdout)
    assert [(b["line"], b["reason"]) for b in summary["bad_lines"]] == EXPECTED_BAD
    assert summary["sealed"] == 2


def test_a_missing_corpus(tmp_path: Path) -> None:
    result = invoke("run", tmp_path / "absent.jsonl", "--store", tmp_path / "s.sqlite")
    assert result.exit_code == 66
    assert result.stderr.startswith("practiceloop: error: cannot read corpus")


@pytest.mark.parametrize("args", [["--engine", "inprocess", "--workers", "2"],
                                  ["--engine", "process", "--scheduler", "tcp://127.0.0.1:1"],
                                  ["--batch-size", "0"]],
                         ids=["inprocess-workers", "scheduler-without-dask", "batch-zero"])
def test_options_that_do_not_combine(args: list[str], tmp_path: Path) -> None:
    result = invoke("run", AUTHORED, "--store", tmp_path / "s.sqlite", *args)
    assert result.exit_code == 64
    assert not (tmp_path / "s.sqlite").exists()


def test_a_file_that_is_not_a_store(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my notes\n")
    result = invoke("run", AUTHORED, "--store", path, "--engine", "inprocess")
    assert result.exit_code == 65
    assert "is not a practiceloop evidence store" in result.stderr
    assert path.read_text() == "my notes\n"


def test_a_locked_store(store: Path) -> None:
    holder = sqlite3.connect(store, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another writer holds the lock
    try:
        more = store.parent / "more.jsonl"
        more.write_text(json.dumps({"id": "new", "question": "Bo has 2 cups."}) + "\n")
        result = invoke("run", more, "--store", store, "--engine", "inprocess")
    finally:
        holder.rollback()
        holder.close()
    assert result.exit_code == 75
    assert "locked by another writer" in result.stderr and "Traceback" not in result.stderr


def test_a_rolled_back_store_refuses_the_next_checkpoint(store: Path, tmp_path: Path) -> None:
    old = tmp_path / "old.sqlite"
    old.write_bytes(store.read_bytes())
    more = tmp_path / "more.jsonl"
    more.write_text(json.dumps({"id": "m1", "question": "Bo has 9 cups. He broke 4 cups. "
                                "How many cups does Bo have now?"}) + "\n")
    assert invoke("run", more, "--store", store, "--engine", "inprocess").exit_code == 0
    store.write_bytes(old.read_bytes())
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"id": "o1", "question": "Al has 2 hats."}) + "\n")
    result = invoke("run", other, "--store", store, "--engine", "inprocess")
    assert result.exit_code == 1
    assert "checkpoint" in result.stderr and "Traceback" not in result.stderr


def test_the_progress_bar_path_seals_the_same_log(
    built_store: Path, tmp_path: Path
) -> None:
    # FORCE_COLOR makes rich treat the captured stderr as a terminal: the bar's path.
    from click.testing import CliRunner

    from practiceloop.cli import cli

    result = CliRunner().invoke(
        cli, ["run", str(AUTHORED), "--store", str(tmp_path / "b.sqlite"), "--engine", "process",
              "--workers", "2"], env={"FORCE_COLOR": "1"})
    assert result.exit_code == 0, result.stderr
    assert f"sealed {PROBLEMS} · skipped 0 · failed 0 · bad 0" in result.stderr  # the bar
    root = read_checkpoints(checkpoint_path(built_store))[-1].root
    assert read_checkpoints(checkpoint_path(tmp_path / "b.sqlite"))[-1].root == root
