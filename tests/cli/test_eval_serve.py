"""``eval`` measures sealed problems against gold answers; ``serve`` runs the Workbench."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

from .conftest import AUTHORED, SRC, invoke


def _gold(path: Path, answers: dict[str, str], extra: list[dict[str, str]] = ()) -> Path:  # type: ignore[assignment]
    rows = [json.loads(line) for line in AUTHORED.read_text().splitlines()]
    with path.open("w") as handle:
        for row in rows + list(extra):
            handle.write(json.dumps({**row, "answer": answers.get(row["id"], "0")}) + "\n")
    return path


def _closed_problem(store: Path) -> str:
    shown = json.loads(invoke("stats", "--store", store, "--json").stdout)
    assert shown["dispositions"].get("sealed_candidate_replay_closed")
    for problem in ("authored-change-gain", "authored-compare", "authored-equal-groups"):
        result = json.loads(invoke("show", problem, "--store", store, "--json").stdout)
        if any(r["record"].get("practice_disposition") == "sealed_candidate_replay_closed"
               for r in result["records"]):
            return problem
    raise AssertionError("no closed problem among the authored ones")


def test_eval_measures_every_sealed_problem(built_store: Path, tmp_path: Path) -> None:
    closed = _closed_problem(built_store)
    gold = _gold(tmp_path / "gold.jsonl", {closed: "-1"})  # a gold answer it cannot match
    result = invoke("eval", "--store", built_store, "--gold", gold, "--json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["total"] == len(AUTHORED.read_text().splitlines())
    assert closed in report["wrong_ids"]
    categories = ("direct", "closed_unique", "closed_disagree", "open", "blocked", "unread")
    assert sum(report[c] for c in categories) == report["total"]
    assert report["not_in_store"] == [] and report["not_reproduced"] == []
    people = invoke("eval", "--store", built_store, "--gold", gold)
    assert f"wrong: {closed}" in people.stdout


def test_eval_per_problem_lists_every_problem_as_json_lines(
    built_store: Path, tmp_path: Path
) -> None:
    closed = _closed_problem(built_store)
    gold = _gold(tmp_path / "gold.jsonl", {closed: "-1"})
    result = invoke("eval", "--store", built_store, "--gold", gold, "--per-problem", "--json")
    assert result.exit_code == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["id"] for line in lines] == [
        json.loads(row)["id"] for row in AUTHORED.read_text().splitlines()
    ]
    for line in lines:
        assert set(line) == {"id", "outcome", "values", "gold", "right"}
        covered = line["outcome"] in ("direct", "closed_unique")
        assert (line["right"] is not None) == covered  # soundness only of what was covered
        assert len(line["values"]) == (1 if covered else len(line["values"]))
    wrong = next(line for line in lines if line["id"] == closed)
    assert wrong["right"] is False and wrong["gold"] == "-1" and len(wrong["values"]) == 1
    shown = invoke("eval", "--store", built_store, "--gold", gold, "--per-problem", "--json",
                   "--show", "wrong")
    assert [json.loads(line)["id"] for line in shown.stdout.splitlines()] == [
        line["id"] for line in lines if line["right"] is False
    ]
    assert closed in shown.stdout
    blocked = invoke("eval", "--store", built_store, "--gold", gold, "--per-problem", "--json",
                     "--show", "blocked", "--show", "unread")
    picked = {json.loads(line)["outcome"] for line in blocked.stdout.splitlines()}
    assert picked <= {"blocked", "unread"}
    assert picked == {x["outcome"] for x in lines} & {"blocked", "unread"}


def test_eval_per_problem_table_and_show_without_it(built_store: Path, tmp_path: Path) -> None:
    gold = _gold(tmp_path / "gold.jsonl", {})
    people = invoke("eval", "--store", built_store, "--gold", gold, "--per-problem")
    assert people.exit_code == 0, people.stderr
    assert "authored-change-gain" in people.stdout and "closed values" in people.stdout
    alone = invoke("eval", "--store", built_store, "--gold", gold, "--show", "open")
    assert alone.exit_code == 64 and "--per-problem" in alone.stderr


def test_eval_names_what_it_could_not_measure(built_store: Path, tmp_path: Path) -> None:
    extra = [{"id": "not-sealed", "question": "Bo has 2 cups."},
             # A sealed id whose text changed: the loop no longer reproduces its sealed entry.
             {"id": "authored-combine", "question": "Ann has 5 red pens and 3 blue pens. "
              "How many pens does Ann have in all?"}]
    rows = [json.loads(line) for line in AUTHORED.read_text().splitlines()]
    gold = tmp_path / "gold.jsonl"
    with gold.open("w") as handle:
        for row in [r for r in rows if r["id"] != "authored-combine"] + extra:
            handle.write(json.dumps({**row, "answer": "1"}) + "\n")
    result = invoke("eval", "--store", built_store, "--gold", gold, "--json")
    assert result.exit_code == 65
    report = json.loads(result.stdout)
    assert report["not_in_store"] == ["not-sealed"]
    assert report["not_reproduced"] == ["authored-combine"]


def test_eval_refuses_a_gold_file_that_is_not_a_corpus(built_store: Path, tmp_path: Path) -> None:
    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"id": "a", "question": "q", "answer": "1"}\nnot json\n')
    result = invoke("eval", "--store", built_store, "--gold", gold)
    assert result.exit_code == 65 and ":2:" in result.stderr


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_answers_and_stops_on_ctrl_c(built_store: Path) -> None:
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    process = subprocess.Popen(
        [sys.executable, "-m", "practiceloop.cli", "serve", "--store", str(built_store),
         "--port", str(port)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        lines: list[str] = []
        url = None
        while url is None and len(lines) < 3:  # a progress line may come before the address
            lines.append(process.stdout.readline())
            url = re.search(r"http://\S+", lines[-1])
        assert url is not None, lines
        with urllib.request.urlopen(url.group(0).rstrip("/") + "/", timeout=10) as response:
            assert response.status == 200
    finally:
        process.send_signal(signal.SIGINT)
        code = process.wait(timeout=20)
    assert code == 0


def test_serve_a_busy_port(built_store: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = invoke("serve", "--store", built_store, "--port", str(port))
    assert result.exit_code == 69 and "cannot listen" in result.stderr


def test_serve_defaults_are_the_workbench_defaults() -> None:
    from practiceloop.cli import cli
    from practiceloop.workbench import DEFAULT_HOST, DEFAULT_PORT

    defaults = {p.name: p.default for p in cli.commands["serve"].params}
    assert (defaults["host"], defaults["port"]) == (DEFAULT_HOST, DEFAULT_PORT)


def test_serve_a_missing_store(tmp_path: Path) -> None:
    result = invoke("serve", "--store", tmp_path / "absent.sqlite")
    assert result.exit_code == 66
