"""Time the arithmetic reader per problem on a corpus (a measurement, not a test).

Usage: ``PYTHONPATH=src python scripts/measure_reader_speed.py [svamp|gsm8k|PATH]``. Prints
one JSON object: problems, mean and worst microseconds per ``read`` (best of three passes).
"""

from __future__ import annotations

import json
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from practiceloop.arith.reader import read  # noqa: E402

CORPORA = {
    "svamp": ROOT.parent / "shared" / "corpora" / "svamp.jsonl",
    "gsm8k": ROOT.parent / "shared" / "corpora" / "gsm8k_train.jsonl",
}


def main() -> int:
    name = sys.argv[1] if len(sys.argv) > 1 else "svamp"
    path = CORPORA.get(name, pathlib.Path(name))
    lines = path.read_text(encoding="utf-8").split("\n")
    texts = [json.loads(line)["question"] for line in lines if line.strip()]
    best: list[float] = [float("inf")] * len(texts)
    for _ in range(3):
        for index, text in enumerate(texts):
            started = time.perf_counter()
            read(text)
            best[index] = min(best[index], time.perf_counter() - started)
    mean = sum(best) / len(best)
    print(
        json.dumps(
            {
                "corpus": name,
                "problems": len(texts),
                "mean_us": round(mean * 1e6, 1),
                "max_us": round(max(best) * 1e6, 1),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
