"""Regenerate every command output the README quotes, or check that none is stale.

    .venv/bin/python scripts/readme_outputs.py --write     # rewrite README.md's quoted outputs
    .venv/bin/python scripts/readme_outputs.py --check     # exit 1 and show the difference
    .venv/bin/python scripts/readme_outputs.py --screenshots   # also docs/workbench-*.png

Each quoted output in README.md sits between ``<!-- readme-output: NAME -->`` and
``<!-- /readme-output -->``, as a fenced block that starts with the command line. This script
runs the demo exactly as ``make demo`` does (``practiceloop demo --store
build/demo/store.sqlite``, in a scratch folder, so that the README's relative paths are the
ones a person has after ``make demo``), then runs each command of :data:`OUTPUTS` there and
writes what it printed (standard output and standard error, as a terminal shows them both)
under its command line. ``tests/test_readme.py`` runs ``--check``'s comparison, so a change
that moves a figure (the arithmetic domain's coverage, a record id, a count) fails the tests
until this script is run with ``--write`` and the README reviewed.

What legitimately differs between two runs is compared as a placeholder, never quoted
differently: seconds, rates and the process engine's worker count (the number of cores).
Nothing quoted depends on the demo's signing key, which is new at every run.
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Final

REPO: Final = Path(__file__).resolve().parents[1]
README: Final = REPO / "README.md"
SHOWN: Final = ".venv/bin/practiceloop"  # how the README names the command make demo installed
STORE: Final = "build/demo/store.sqlite"
MAYA: Final = ("Maya had 12 marbles. She gave 5 marbles to her brother. "
               "How many marbles does Maya have now?")

OUTPUTS: Final[dict[str, list[str]]] = {
    "practice": ["practice", MAYA],
    "show": ["show", "demo-change-loss", "--store", STORE],
    "verify": ["verify", "--store", STORE],
    "export-bundle": ["export", "--store", STORE, "--trace", "demo-change-loss", "--bundle",
                      "build/demo/trace.bundle.json"],
    "verify-bundle": ["verify", "--bundle", "build/demo/trace.bundle.json"],
    "eval": ["eval", "--store", STORE, "--gold", "build/demo/demo.jsonl"],
    "api-tour": ["python", "examples/api_tour.py"],
}
"""Block name -> the command it quotes (``practiceloop`` arguments, or ``python FILE``)."""

RESTATE: Final = (
    "README.md quotes outputs that are no longer what the commands print. Regenerate them "
    "with `.venv/bin/python scripts/readme_outputs.py --write` and review the change."
)

_BLOCK: Final = re.compile(
    r"(<!-- readme-output: (?P<name>[a-z-]+) -->\n```\n)(?P<body>.*?)"
    r"(```\n<!-- /readme-output -->)",
    re.S,
)
_VOLATILE: Final = (
    (re.compile(r"(seconds\s+)\d+\.\d+"), r"\g<1>S"),
    (re.compile(r"(rate\s+)\d+\.\d+"), r"\g<1>R"),
    (re.compile(r"in \d+\.\d+ s:"), "in S s:"),
    (re.compile(r"\(\d+ workers\)"), "(N workers)"),
)


def normalized(text: str) -> str:
    """``text`` with what differs between runs (seconds, rates, core counts) as placeholders."""
    for pattern, placeholder in _VOLATILE:
        text = pattern.sub(placeholder, text)
    return text


def _run(argv: Sequence[str], cwd: Path) -> str:
    env = {**os.environ, "COLUMNS": "100"}
    env.pop("FORCE_COLOR", None)
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=600,
                          check=False)
    if done.returncode != 0:
        raise SystemExit(f"{shlex.join(argv)} exited {done.returncode}:\n{done.stderr}")
    return done.stderr + done.stdout  # warnings come first, as a terminal shows them


def generate(scratch: Path) -> dict[str, str]:
    """Block name -> its body (command line and output), run in the folder ``scratch``."""
    practiceloop = [sys.executable, "-m", "practiceloop"]
    _run([*practiceloop, "demo", "--store", STORE, "--engine", "inprocess"], scratch)
    (scratch / "examples").mkdir()
    (scratch / "examples" / "api_tour.py").write_bytes(
        (REPO / "examples" / "api_tour.py").read_bytes())
    bodies: dict[str, str] = {}
    for name, argv in OUTPUTS.items():
        if argv[0] == "python":
            command, shown = [sys.executable, *argv[1:]], f".venv/bin/{shlex.join(argv)}"
        else:
            command, shown = [*practiceloop, *argv], f"{SHOWN} {shlex.join(argv)}"
        printed = _run(command, scratch)
        bodies[name] = f"$ {shown}\n{printed}"
    return bodies


def quoted(readme: str) -> dict[str, str]:
    """Block name -> the body README.md quotes."""
    return {m.group("name"): m.group("body") for m in _BLOCK.finditer(readme)}


def rewrite(readme: str, bodies: dict[str, str]) -> str:
    """README text with every block's body replaced by ``bodies``' (unknown names kept)."""
    def replace(match: re.Match[str]) -> str:
        body = bodies.get(match.group("name"), match.group("body"))
        return match.group(1) + body + match.group(4)

    return _BLOCK.sub(replace, readme)


def stale(readme: str, bodies: dict[str, str]) -> list[str]:
    """A unified diff of every block whose quoted body differs (beyond placeholders); [] when
    the README is current. A block missing from either side is stale too."""
    found = quoted(readme)
    lines: list[str] = []
    for name in sorted(set(found) | set(bodies)):
        if name not in found or name not in bodies:
            lines.append(f"block {name!r}: only in {'README.md' if name in found else 'OUTPUTS'}")
            continue
        old, new = normalized(found[name]), normalized(bodies[name])
        if old != new:
            lines += difflib.unified_diff(old.splitlines(), new.splitlines(),
                                          f"README.md [{name}]", f"regenerated [{name}]",
                                          lineterm="")
    return lines


def screenshots(store: Path) -> None:
    """docs/workbench-dashboard.png and docs/workbench-episode.png, from the demo store."""
    import threading

    from playwright.sync_api import sync_playwright

    import practiceloop
    from practiceloop.workbench import make_server

    with practiceloop.open_store(store) as reader:
        trace = reader.problem("demo-change-loss").trace_ids[0]
    server = make_server(store, "127.0.0.1", 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                 args=["--headless", "--no-sandbox"])
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            for path, name in (("", "dashboard"), (f"episodes/{trace}", "episode")):
                page.goto(server.url + path)
                height = min(1600, page.evaluate("() => document.documentElement.scrollHeight"))
                page.screenshot(path=str(REPO / "docs" / f"workbench-{name}.png"),
                                full_page=True,
                                clip={"x": 0, "y": 0, "width": 1280, "height": height})
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="rewrite README.md's outputs")
    mode.add_argument("--check", action="store_true", help="exit 1 when one is stale")
    parser.add_argument("--screenshots", action="store_true",
                        help="also retake docs/workbench-*.png (needs /usr/bin/chromium)")
    args = parser.parse_args(argv)
    readme = README.read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as scratch:
        bodies = generate(Path(scratch))
        if args.screenshots:
            screenshots(Path(scratch) / STORE)
    if args.check:
        diff = stale(readme, bodies)
        if diff:
            print("\n".join([RESTATE, *diff]))
            return 1
        print("README.md: every quoted output is current")
        return 0
    README.write_text(rewrite(readme, bodies), encoding="utf-8")
    print(f"README.md: {len(bodies)} outputs written")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
