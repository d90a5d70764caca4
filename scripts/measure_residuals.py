"""Measure the arithmetic domain on the development corpora (or any JSONL corpus).

Usage::

    PYTHONPATH=src python scripts/measure_residuals.py [--corpus svamp|gsm8k|multiarith|PATH ...]
                                                        [--show CATEGORY|wrong]

Runs the live loop (:func:`practiceloop.loop.episode.practice` with ``ARITH_MANIFEST`` and the
arithmetic reader) on every problem and prints, per corpus, one JSON object: the evaluation
categories and soundness (:mod:`practiceloop.loop.evaluate`), how many problems each residual code
appears in, which codes block episodes at the gate, and what stopped each uncovered problem
(``stopped_by``, the table of docs/domain.md). ``--show`` then lists the problems of
one category (or every wrong one) with the value the loop implied and the gold answer.
Reads ``../shared/corpora`` relative to the repository root.
"""

from __future__ import annotations

import argparse
import collections
import json
import pathlib
import sys
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from practiceloop.arith.manifest import ARITH_MANIFEST  # noqa: E402
from practiceloop.arith.reader import read  # noqa: E402
from practiceloop.kernel.gate import ELIGIBLE_ORDER  # noqa: E402
from practiceloop.kernel.operator_result import CandidateOperatorRefusal  # noqa: E402
from practiceloop.kernel.proof import ProofOutcome, ProofStatus  # noqa: E402
from practiceloop.kernel.replay import ReplayAdapterResult  # noqa: E402
from practiceloop.kernel.residual import ContractResidual  # noqa: E402
from practiceloop.loop.episode import practice  # noqa: E402
from practiceloop.loop.evaluate import BLOCKED_DISPOSITION, evaluate  # noqa: E402

CORPORA = {
    "svamp": ROOT.parent / "shared" / "corpora" / "svamp.jsonl",
    "gsm8k": ROOT.parent / "shared" / "corpora" / "gsm8k_train.jsonl",
    "multiarith": ROOT.parent / "shared" / "corpora" / "multiarith.jsonl",
}
_ELIGIBLE = {kind.value for kind in ELIGIBLE_ORDER}


def load(path: pathlib.Path) -> list[dict[str, Any]]:
    """Corpus rows; split on newlines only (questions may hold U+2028)."""
    text = path.read_text(encoding="utf-8")
    return [json.loads(line) for line in text.split("\n") if line.strip()]


def stopped_by(result: Any, category: str) -> set[str]:
    """What stopped an uncovered problem: ``unread: ...`` (no question, no relation), every
    hazard that blocked it, or every refusal an open problem's candidates met (a contract
    code, ``obligation:code`` of a proof, ``no candidate`` when an operator found none)."""
    if category == "unread":
        if result.frame is None:
            return {"unread: reader refused"}
        return {
            "unread: no question read"
            if not result.frame.targets
            else "unread: no relation proposed"
        }
    if category == "blocked":
        return {f"blocked: {c}" for a in result.assessments for c in a.unresolved_hazards}
    found: set[str] = set()
    for episode in result.episodes:
        for record in episode.records:
            if isinstance(record, ProofOutcome) and record.status is ProofStatus.REFUSED:
                ref = record.obligation_ref.rsplit(".", 1)[-1]
                found.update(f"{category}: {ref}:{c}" for c in record.reason_codes)
            elif (
                isinstance(record, ReplayAdapterResult)
                and record.replay_disposition.value == "contract_refused"
            ):
                found.update(f"{category}: contract:{c}" for c in record.reason_codes)
            elif (
                isinstance(record, CandidateOperatorRefusal)
                and "no_compatible_candidate" in record.reason_codes
            ):
                found.add(f"{category}: no candidate")
    return found


def measure(name: str, rows: list[dict[str, Any]]) -> tuple[dict[str, Any], Any]:
    results: dict[str, Any] = {}

    def run(text: str) -> Any:
        results[text] = practice(text, manifest=ARITH_MANIFEST, reader=read)
        return results[text]

    started = time.perf_counter()
    report = evaluate(rows, run)
    elapsed = time.perf_counter() - started
    codes: collections.Counter[str] = collections.Counter()
    blocking: collections.Counter[str] = collections.Counter()
    organs: collections.Counter[str] = collections.Counter()
    for result in results.values():
        seen: set[str] = set()
        blocked: set[str] = set()
        for episode in result.episodes:
            organ = episode.assessment.candidate_organ
            residuals = [r for r in episode.records if isinstance(r, ContractResidual)]
            seen.update(f"{organ}:{r.residual_code}" for r in residuals)
            if episode.practice_disposition == BLOCKED_DISPOSITION:
                blocked.update(
                    f"{organ}:{r.residual_code}"
                    for r in residuals
                    if r.residual_kind.value not in _ELIGIBLE
                )
        codes.update(seen)
        blocking.update(blocked)
        organs.update({a.candidate_organ for a in result.assessments})
    stopped: collections.Counter[str] = collections.Counter()
    for row, verdict in zip(rows, report.verdicts, strict=True):
        if verdict.category not in ("direct", "closed_unique", "closed_disagree"):
            stopped.update(stopped_by(results[row["question"]], verdict.category))
    summary = {
        "corpus": name,
        "seconds": round(elapsed, 2),
        **report.summary(),
        "organs_applying": dict(organs.most_common()),
        "residual_code_problems": dict(codes.most_common()),
        "blocking_code_problems": dict(blocking.most_common()),
        "stopped_by": dict(stopped.most_common()),
    }
    return summary, report


def main() -> int:
    parser = argparse.ArgumentParser(description="measure the arithmetic domain on corpora")
    parser.add_argument("--corpus", action="append", default=None)
    parser.add_argument("--show", default=None, help="list the problems of a category, or 'wrong'")
    args = parser.parse_args()
    for name in args.corpus or ["svamp", "gsm8k", "multiarith"]:
        rows = load(CORPORA.get(name, pathlib.Path(name)))
        summary, report = measure(name, rows)
        print(json.dumps(summary, indent=1))
        if args.show:
            by_id = {str(row["id"]): row for row in rows}
            for verdict in report.verdicts:
                wanted = (
                    verdict.right is False
                    if args.show == "wrong"
                    else verdict.category == args.show
                )
                if wanted:
                    row = by_id[verdict.problem_id]
                    print(
                        verdict.problem_id,
                        verdict.category,
                        verdict.value,
                        "gold",
                        row.get("answer"),
                        "|",
                        row["question"],
                    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
