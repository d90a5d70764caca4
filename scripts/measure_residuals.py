"""Measure the arithmetic domain on the development corpora (or any JSONL corpus).

Usage::

    PYTHONPATH=src python scripts/measure_residuals.py [--corpus svamp|gsm8k|PATH] [--show CATEGORY]

Prints, per corpus: how many problems each residual code appears in, how many refused
assessments the gate blocks (by reason), and the evaluation categories (via
:mod:`practiceloop.evaluate`), as JSON. Reads ``../shared/corpora`` relative to the repository.
"""

from __future__ import annotations

import argparse
import collections
import json
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "scripts"))

from _practice_standin import practice as standin  # noqa: E402

from practiceloop.evaluate import evaluate  # noqa: E402

CORPORA = {
    "svamp": ROOT.parent / "shared" / "corpora" / "svamp.jsonl",
    "gsm8k": ROOT.parent / "shared" / "corpora" / "gsm8k_train.jsonl",
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", action="append", default=None)
    parser.add_argument("--show", default=None, help="print problems of one category (or 'wrong')")
    args = parser.parse_args()
    for name in args.corpus or ["svamp", "gsm8k"]:
        path = CORPORA.get(name, pathlib.Path(name))
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]
        results = {}
        started = time.perf_counter()

        def run(text: str, _results: dict = results):
            _results[text] = standin(text)
            return _results[text]

        report = evaluate(rows, run)
        elapsed = time.perf_counter() - started
        codes: collections.Counter[str] = collections.Counter()
        blocking: collections.Counter[str] = collections.Counter()
        organs: collections.Counter[str] = collections.Counter()
        for result in results.values():
            seen = set()
            for episode in result.episodes:
                seen.update(f"{episode.assessment.candidate_organ}:{r.residual_code}" for r in episode.residuals)
                if episode.practice_disposition == "sealed_original_refusal":
                    kinds = {r.residual_kind.value for r in episode.residuals}
                    blocking.update(f"{episode.assessment.candidate_organ}:{r.residual_code}" for r in episode.residuals if r.residual_kind.value not in ("missing_proposal", "missing_relation", "missing_role", "target_unbound", "ambiguous_relation", "ambiguous_role"))
                    del kinds
            codes.update(seen)
            organs.update({a.candidate_organ for a in result.assessments})
        out = {
            "corpus": name,
            "seconds": round(elapsed, 2),
            **report.summary(),
            "organs_applying": dict(organs.most_common()),
            "residual_codes_problems": dict(codes.most_common(40)),
            "blocking_codes": dict(blocking.most_common(20)),
        }
        print(json.dumps(out, indent=1))
        if args.show:
            by_id = {row["id"]: row for row in rows}
            for verdict in report.verdicts:
                hit = verdict.right is False if args.show == "wrong" else verdict.category == args.show
                if hit:
                    row = by_id[verdict.problem_id]
                    print(verdict.problem_id, verdict.category, verdict.value, "gold", row.get("answer"), "|", row["question"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
