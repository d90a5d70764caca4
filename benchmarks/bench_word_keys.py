"""The reader's word keys: what the memo of ``lexicon.noun_key`` / ``verb_key`` saves.

Reads every third problem of SVAMP, GSM8K train and MultiArith with the reader, interleaving
rounds with the two memos (A) and with the library called on every word (B), and reports the
CPU microseconds per problem of each round and the ratio of the medians (B / A). Also times, in
a fresh interpreter, the first key asked (importing lemminflect and numpy, loading the
dictionary), which every process pays once.

    PYTHONPATH=src python benchmarks/bench_word_keys.py [--rounds 3] [--step 3]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

import practiceloop.arith.lexicon as lx
from _common import CORPORA, REPO, emit, problems, rounded
from practiceloop.arith.reader import read

_FILES = ("svamp.jsonl", "gsm8k_train.jsonl", "multiarith.jsonl")
_FIRST_KEY = (
    "import time; t = time.perf_counter()\n"
    "from practiceloop.arith.lexicon import noun_key; noun_key('cookies')\n"
    "print(time.perf_counter() - t)"
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--step", type=int, default=3, help="read every STEP-th problem")
    args = parser.parse_args()
    texts: list[str] = []
    for name in _FILES:
        texts += [text for _, text in problems(CORPORA / name)][:: args.step]
    kept = (lx._noun_lemma, lx._verb_lemma)
    plain = (lx._noun_lemma.__wrapped__, lx._verb_lemma.__wrapped__)
    for text in texts:  # warm: the dictionary is loaded and the memos filled
        read(text)
    rounds: dict[str, list[float]] = {"memo": [], "no_memo": []}
    try:
        for _ in range(args.rounds):
            for label, pair in (("memo", kept), ("no_memo", plain)):
                lx._noun_lemma, lx._verb_lemma = pair  # type: ignore[assignment]
                started = time.process_time()
                for text in texts:
                    read(text)
                rounds[label].append((time.process_time() - started) / len(texts) * 1e6)
    finally:
        lx._noun_lemma, lx._verb_lemma = kept
    first = subprocess.run(
        [sys.executable, "-c", _FIRST_KEY],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(REPO / "src")},
    )
    emit(
        {
            "benchmark": "word_keys",
            "problems": len(texts),
            "cpu_us_per_problem": {k: [rounded(v, 1) for v in vs] for k, vs in rounds.items()},
            "no_memo_over_memo": rounded(
                statistics.median(rounds["no_memo"]) / statistics.median(rounds["memo"]), 3
            ),
            "memo_sizes": {
                "nouns": kept[0].cache_info().currsize,
                "verbs": kept[1].cache_info().currsize,
            },
            "first_key_seconds": rounded(float(first.stdout.strip()), 3),
        }
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
