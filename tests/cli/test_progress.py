"""Honest progress: the bar counts problems settled (not lines read), with elapsed time and
rate; ``--quiet`` and ``--verbose``; plain aligned text when standard output is not a terminal.
"""

from __future__ import annotations

import io
import json
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

from rich.console import Console

from practiceloop.cli._progress import RunBar, describe
from practiceloop.engines import RunProgress, Settled

from .conftest import AUTHORED, SRC, invoke

PROBLEMS = len(AUTHORED.read_text(encoding="utf-8").splitlines())
BOX = re.compile("[─│┃━┏┓┗┛┡┩└┘┌┐├┤┼╇╈═║]")


def _progress(sealed: int, lines_done: int = 10, **counts: int) -> RunProgress:
    return RunProgress(total_lines=10, lines_done=lines_done, sealed=sealed,
                       skipped=counts.get("skipped", 0), failed=counts.get("failed", 0),
                       bad_lines=counts.get("bad", 0), committed=0)


def test_the_bar_counts_problems_settled_not_lines_read() -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=200)
    with RunBar(console, bar=True, verbose=False) as bar:
        bar(_progress(2, lines_done=10, skipped=1))  # every line read, 3 settled
        task = bar._progress.tasks[0]
        assert (task.completed, task.total) == (3, 10)
        assert not task.finished  # so the elapsed time keeps counting
        bar(_progress(7, skipped=1, failed=1, bad=1))
        assert task.finished
        bar._progress.refresh()
    shown = out.getvalue()
    assert "sealed 7 · skipped 1 · failed 1 · bad 1" in shown
    assert re.search(r"\d+\.\d sealed/s", shown)
    assert "10/10" in shown


def test_verbose_says_what_became_of_every_line(tmp_path: Path) -> None:
    result = invoke("run", AUTHORED, "--store", tmp_path / "s.sqlite", "--engine", "inprocess",
                    "--verbose")
    assert result.exit_code == 0, result.stderr
    told = [line for line in result.stderr.splitlines() if line.startswith("line ")]
    ids = [json.loads(line)["id"] for line in AUTHORED.read_text(encoding="utf-8").splitlines()]
    assert told == [f"line {n}: sealed {i}" for n, i in enumerate(ids, start=1)]
    again = invoke("run", AUTHORED, "--store", tmp_path / "s.sqlite", "--engine", "inprocess",
                   "-v")
    assert f"line 1: skipped (already sealed) {ids[0]}" in again.stderr
    assert describe(Settled(4, "", "bad_line", "not_json")) == "line 4: bad line: not_json"


def test_quiet_prints_nothing_but_problems(tmp_path: Path) -> None:
    result = invoke("run", AUTHORED, "--store", tmp_path / "s.sqlite", "--engine", "inprocess",
                    "--quiet")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "" and result.stderr == ""
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x", "question": "Tom has 3 apples."}\n{broken\n', encoding="utf-8")
    result = invoke("run", bad, "--store", tmp_path / "b.sqlite", "--engine", "inprocess", "-q")
    assert result.exit_code == 65 and result.stdout == ""
    assert "bad line 2: not_json" in result.stderr
    both = invoke("run", AUTHORED, "--store", tmp_path / "s.sqlite", "--quiet", "--verbose")
    assert both.exit_code == 64


def test_tables_are_plain_aligned_text_in_a_pipe(tmp_path: Path) -> None:
    store = tmp_path / "s.sqlite"
    result = invoke("run", AUTHORED, "--store", store, "--engine", "inprocess")
    assert result.exit_code == 0
    for output in (result.stdout, invoke("stats", "--store", store).stdout,
                   invoke("practice", "Tom has 5 apples. He ate 2 apples. How many apples "
                                      "are left?").stdout):
        assert not BOX.search(output), output
        assert output == "\n".join(line.rstrip() for line in output.split("\n"))
    lines = result.stdout.splitlines()
    values = [line for line in lines if line.lstrip().startswith(("problems read", "log root"))]
    # The value column starts at one offset on every row.
    starts = {len(line) - len(line.split("  ")[-1].lstrip()) for line in values}
    assert len(starts) == 1, values


def test_a_terminal_gets_the_bar_and_its_final_counts(tmp_path: Path) -> None:
    """A real pseudo-terminal: the bar draws, ends at every line settled, and the table is
    boxed."""
    main, secondary = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "200", "LINES": "50",
           "TERM": "xterm"}
    process = subprocess.Popen(
        [sys.executable, "-m", "practiceloop", "run", str(AUTHORED), "--store",
         str(tmp_path / "s.sqlite"), "--engine", "inprocess"],
        stdin=secondary, stdout=secondary, stderr=secondary, env=env, close_fds=True)
    os.close(secondary)
    chunks: list[bytes] = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([main], [], [], 1)
        if ready:
            try:
                data = os.read(main, 65536)
            except OSError:  # the other side closed
                break
            if not data:
                break
            chunks.append(data)
        elif process.poll() is not None:
            break
    process.wait(timeout=30)
    os.close(main)
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", b"".join(chunks).decode("utf-8", "replace"))
    assert process.returncode == 0, shown
    assert f"{PROBLEMS}/{PROBLEMS}" in shown
    assert f"sealed {PROBLEMS} · skipped 0 · failed 0 · bad 0" in shown
    assert "sealed/s" in shown
    assert BOX.search(shown)  # a terminal gets the boxed table
