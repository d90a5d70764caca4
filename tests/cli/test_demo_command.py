"""``practiceloop demo``: the shipped demo run end to end, each step shown as its command."""

from __future__ import annotations

import json
from pathlib import Path

from practiceloop.audit import verify_store
from practiceloop.cli._demo_command import demo_corpus
from practiceloop.store import read_checkpoints
from practiceloop.store.keys import read_verifier

from .conftest import invoke

STEPS = ["key generate", "run", "checkpoint", "verify --store", "export", "verify --attestation",
         "stats", "eval"]


def test_the_demo_runs_every_step_and_says_what_to_try_next(tmp_path: Path) -> None:
    store = tmp_path / "demo" / "store.sqlite"
    result = invoke("demo", "--store", store, "--engine", "inprocess")
    assert result.exit_code == 0, result.stderr
    shown = [line for line in result.stdout.splitlines() if line.startswith("$ ")]
    assert len(shown) == len(STEPS)
    for line, step in zip(shown, STEPS, strict=True):
        assert line.split(" ", 2)[2].startswith(step), line
    assert result.stdout.count(": OK") == 2  # the store's audit and the attestation's
    tail = result.stdout.split("What to try next:")[1]
    assert f"serve --store {store}" in tail.splitlines()[1]
    # What it left behind: the corpus, the keys, a signed checkpoint, an attestation.
    folder = store.parent
    assert (folder / "demo.jsonl").read_bytes() == demo_corpus()
    verifier = read_verifier(folder / "keys" / "practiceloop-demo.pub")
    assert verify_store(store, trusted_keys=[verifier]).ok
    assert read_checkpoints(Path(f"{store}.checkpoints"))[-1].origin == "practiceloop-demo"
    statement = json.loads((folder / "trace.intoto.json").read_text(encoding="utf-8"))
    assert statement["payloadType"] == "application/vnd.in-toto+json"


def test_a_folder_that_holds_a_demo_is_refused(tmp_path: Path) -> None:
    store = tmp_path / "store.sqlite"
    assert invoke("demo", "--store", store, "--engine", "inprocess").exit_code == 0
    again = invoke("demo", "--store", store, "--engine", "inprocess")
    assert again.exit_code == 73
    assert "already exists" in again.stderr and "hint: remove" in again.stderr


def test_a_folder_that_cannot_be_made_stops_before_any_step(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    result = invoke("demo", "--store", tmp_path / "file" / "store.sqlite")
    assert result.exit_code == 73
    assert "$ " not in result.stdout
