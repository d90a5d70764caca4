"""Run the reliability suites at a profile and print their figures (JSON or a markdown table).

    python scripts/reliability_report.py                      # ci profile, markdown
    python scripts/reliability_report.py --profile long --format json --output figures.json

Runs ``pytest tests/reliability`` in a subprocess with ``HYPOTHESIS_PROFILE`` set (so the
suites size themselves, see ``tests/reliability/profile.py``) and
``PRACTICELOOP_RELIABILITY_FIGURES`` pointing at a temporary file where the suites write what
they counted; reads the pytest JUnit XML for each suite's time and outcome. Exits with pytest's
exit code, so a failing suite fails the report. ``docs/reliability.md`` holds the table of a
real run, produced by this script.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

SUITES = {
    "test_boundaries": "Boundary fuzz",
    "test_tamper": "Tampering",
    "test_crash": "Crashes (SIGKILL)",
    "test_determinism": "Determinism",
    "test_regressions": "Regressions",
}


def run(profile: str, pytest_args: list[str]) -> tuple[int, dict[str, Any], dict[str, Any], float]:
    """Run the suites; (exit code, figures, per-suite timings and outcomes, wall seconds)."""
    with tempfile.TemporaryDirectory() as scratch:
        figures_path = Path(scratch) / "figures.json"
        junit = Path(scratch) / "junit.xml"
        env = {**os.environ, "HYPOTHESIS_PROFILE": profile,
               "PRACTICELOOP_RELIABILITY_FIGURES": str(figures_path)}
        started = time.perf_counter()
        process = subprocess.run(
            [sys.executable, "-m", "pytest", "tests/reliability", "-p", "no:cacheprovider",
             "-q", f"--junitxml={junit}", *pytest_args],
            cwd=ROOT, env=env, check=False,
        )
        wall = time.perf_counter() - started
        figures = json.loads(figures_path.read_text()) if figures_path.exists() else {}
        suites = _junit(junit) if junit.exists() else {}
    return process.returncode, figures, suites, wall


def _junit(path: Path) -> dict[str, Any]:
    suites: dict[str, Any] = defaultdict(lambda: {"tests": 0, "failed": 0, "skipped": 0,
                                                  "xfailed": 0, "seconds": 0.0})
    for case in ElementTree.parse(path).iter("testcase"):
        module = case.get("classname", "").rsplit(".", 1)[-1]
        suite = suites[module]
        suite["tests"] += 1
        suite["seconds"] += float(case.get("time", 0))
        if case.find("failure") is not None or case.find("error") is not None:
            suite["failed"] += 1
        skipped = case.find("skipped")
        if skipped is not None:
            suite["xfailed" if "xfail" in (skipped.get("type") or "") else "skipped"] += 1
    return dict(suites)


def _counts(figures: dict[str, Any], suite: str) -> dict[str, int]:
    return dict(figures.get(suite, {}).get("counts", {}))


def summarize(profile: str, figures: dict[str, Any], suites: dict[str, Any], wall: float,
              exit_code: int) -> dict[str, Any]:
    """The report as one JSON-ready object."""
    fuzz, tamper, crash = (_counts(figures, s) for s in ("fuzz", "tamper", "crash"))
    kinds = sorted({k.split(":", 1)[1] for k in tamper if k.startswith("planted:")})
    tamper_rows = []
    for kind in kinds:
        ids = sorted(k.rsplit(":", 1)[1] for k in tamper if k.startswith(f"ids:{kind}:"))
        exits = sorted({int(k.rsplit(":", 1)[1]) for k in tamper if k.startswith(f"exit:{kind}:")})
        tamper_rows.append({"kind": kind, "planted": tamper.get(f"planted:{kind}", 0),
                            "detected": tamper.get(f"detected:{kind}", 0),
                            "harmless": tamper.get(f"harmless:{kind}", 0),
                            "message_ids": ids, "exit_codes": exits})
    severities = {k.split(":", 1)[1]: v for k, v in fuzz.items() if k.startswith("severity:")}
    labels = {k.split(":", 1)[1]: v for k, v in fuzz.items() if k.startswith("label:")}
    determinism = figures.get("determinism", {})
    return {
        "profile": profile,
        "python": platform.python_version(),
        "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores",
        "exit_code": exit_code,
        "wall_seconds": round(wall, 1),
        "suites": {SUITES.get(name, name): {**data, "seconds": round(data["seconds"], 1)}
                   for name, data in sorted(suites.items())},
        "fuzz": {
            "boundaries": figures.get("fuzz", {}).get("boundaries"),
            "public_callables": figures.get("fuzz", {}).get("public_callables"),
            "exempt": figures.get("fuzz", {}).get("exempt"),
            "inputs": fuzz.get("inputs", 0),
            "corrupted_arguments_by_severity": severities,
            "corruption_labels": len(labels),
            "refusals_required_and_given": fuzz.get("refused_as_required", 0),
            "forgeries_accepted_as_lawful_input": fuzz.get("forgery_accepted_as_lawful", 0),
            "memo_comparisons": fuzz.get("memo_comparisons", 0),
            "guard_calls": fuzz.get("guard_calls", 0),
            "escaped_exceptions": fuzz.get("escaped_exceptions", 0),
            "results_checked_for_partial_records": fuzz.get(
                "results_checked_for_partial_records", 0),
            "partial_records": fuzz.get("partial_records", 0),
            "typed_raises": fuzz.get("typed_raises", 0),
            "untyped_raises": fuzz.get("untyped_raises", 0),
        },
        "tamper": {"store": figures.get("tamper", {}).get("store"), "kinds": tamper_rows,
                   "planted_prose_only": tamper.get("planted_prose_only", 0),
                   "flip_workers": figures.get("tamper", {}).get("flip_workers"),
                   "subprocess_verifies": tamper.get("subprocess_verifies", 0)},
        "crash": {**crash, "problems": figures.get("crash", {}).get("problems"),
                  "objects": figures.get("crash", {}).get("objects"),
                  "sealed_at_each_kill": figures.get("crash", {}).get("sealed_at_each_kill")},
        "determinism": {k: determinism.get(k) for k in ("builds", "problems", "stores", "runs",
                                                         "not_used")},
    }


def markdown(report: dict[str, Any]) -> str:
    """The reliability table (and its detail tables) for docs/reliability.md."""
    fuzz, tamper, crash, det = (report[k] for k in ("fuzz", "tamper", "crash", "determinism"))
    seconds = {name: data["seconds"] for name, data in report["suites"].items()}
    planted = sum(row["planted"] for row in tamper["kinds"])
    detected = sum(row["detected"] for row in tamper["kinds"])
    harmless = sum(row.get("harmless", 0) for row in tamper["kinds"])
    flips = next((row for row in tamper["kinds"] if row["kind"] == "flip"), None)
    sev = fuzz["corrupted_arguments_by_severity"]
    verifies = crash.get("clean_verifies_between_runs", crash.get("clean_verifies_after_a_kill", 0))
    runs = det.get("runs") or {}
    lines = [
        f"Profile `{report['profile']}`, CPython {report['python']}, {report['machine']}; "
        f"whole run {report['wall_seconds']} s, pytest exit code {report['exit_code']}.",
        "",
        "| suite | tried | planted / required | detected / given | lost | time |",
        "|---|---|---|---|---|---|",
        f"| Boundary fuzz | {fuzz['inputs']} calls of {fuzz['boundaries']} boundaries, "
        f"{sum(sev.values())} arguments corrupted ({sev.get('ILL', 0)} ill-formed, "
        f"{sev.get('FOREIGN', 0)} of another episode, {sev.get('FORGED', 0)} forged and "
        f"re-sealed, {sev.get('VALUE', 0)} lawful) "
        f"| {fuzz['refusals_required_and_given']} refusals required "
        f"| {fuzz['refusals_required_and_given']} typed refusals; exceptions escaped: "
        f"{fuzz['escaped_exceptions']} of {fuzz['guard_calls']} guard calls; partial records: "
        f"{fuzz['partial_records']} of {fuzz['results_checked_for_partial_records']} results; "
        f"untyped raises: {fuzz['untyped_raises']} | - | {seconds.get('Boundary fuzz', 0)} s |",
        f"| Tampering | store of {(tamper['store'] or {}).get('objects')} objects; "
        f"{flips['planted'] if flips else 0} single-byte flips (every object) + "
        f"{planted - (flips['planted'] if flips else 0)} other corruptions "
        f"| {planted} planted | {detected} detected, named, exit != 0"
        + (f"; {harmless} harmless (damage in unused file space: log intact, verify clean)"
           if harmless else "") + " | - "
        f"| {seconds.get('Tampering', 0)} s |",
        f"| Crashes | {crash.get('kills', 0)} SIGKILLs over {crash.get('rounds', 0)} resumed "
        f"runs of {crash.get('problems')} problems ({crash.get('kills_mid_corpus', 0)} "
        f"mid-corpus) | {verifies} verifies between runs, {crash.get('kills', 0)} after a kill "
        f"| {verifies} clean; resumed store = reference "
        f"({crash.get('resumed_stores_identical_to_reference', 0)}x) "
        f"| {crash.get('committed_problems_lost', 0)} committed lost, "
        f"{crash.get('objects_duplicated', 0)} duplicated "
        f"| {seconds.get('Crashes (SIGKILL)', 0)} s |",
        f"| Determinism | {len(runs)} stores of {det.get('problems')} problems: "
        f"{len(det.get('builds') or [])} CPython builds, "
        f"{len({r['hashseed'] for r in runs.values()})} hash seeds, "
        f"{len({r['engine'] for r in runs.values()})} engines "
        f"| 1 store expected | {len(det.get('stores') or [])} distinct store(s) | - "
        f"| {seconds.get('Determinism', 0)} s |",
        "",
        "Corruptions planted in the tamper suite, by kind:",
        "",
        "| kind | planted | detected | harmless | message ids reported | exit codes |",
        "|---|---:|---:|---:|---|---|",
    ]
    for row in tamper["kinds"]:
        lines.append(f"| {row['kind']} | {row['planted']} | {row['detected']} | "
                     f"{row.get('harmless', 0)} | "
                     f"{', '.join(row['message_ids'])} | "
                     f"{', '.join(map(str, row['exit_codes']))} |")
    lines += ["", "Determinism runs (every one gave the same objects and root):", "",
              "| run | CPython | build | engine | PYTHONHASHSEED | objects |",
              "|---|---|---|---|---|---:|"]
    for label, run_ in sorted(runs.items()):
        lines.append(f"| {label} | {run_['python']} | {run_['build']} | {run_['engine']} | "
                     f"{run_['hashseed']} | {run_['log_size']} |")
    for store in det.get("stores") or []:
        lines += ["", f"Store: {store[0]} objects, sha256 `{store[1]}`, root `{store[2]}`."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", choices=["ci", "long"], default="ci")
    parser.add_argument("--format", choices=["markdown", "json"], default="markdown")
    parser.add_argument("--output", type=Path, help="write the report here (default: stdout)")
    parser.add_argument("pytest_args", nargs="*", help="extra pytest arguments (after --)")
    args = parser.parse_args(argv)
    exit_code, figures, suites, wall = run(args.profile, args.pytest_args)
    report = summarize(args.profile, figures, suites, wall, exit_code)
    text = markdown(report) if args.format == "markdown" else json.dumps(report, indent=2) + "\n"
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
