"""Hash every record that practice produces for every development problem (the identity gate).

Usage::

    python scripts/hash_corpus_records.py [--src PATH] [--corpus svamp,gsm8k,multiarith]

Practises every problem of ``../shared/corpora/{svamp,gsm8k_train,multiarith}.jsonl`` through
:func:`practiceloop.loop.evidence.practice_problem` (the engines' unit of work) and prints one
JSON object: per corpus and over all of them, the number of records and the SHA-256 of their
``id, kind, canonical bytes`` in canonical order; the same without the ``practice_problem``
entries (whose schema version is not part of the kernel's identities); and the SHA-256 of the
ids alone. Run it at two commits (``--src`` points at another tree's ``src``) and compare:
a speed change must leave every hash equal, a gap fix changes only the hashes it explains.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pathlib
import sys
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
CORPORA = ROOT.parent / "shared" / "corpora"
FILES = {"svamp": "svamp.jsonl", "gsm8k": "gsm8k_train.jsonl", "multiarith": "multiarith.jsonl"}


def _problems(path: pathlib.Path) -> list[tuple[str, str]]:
    with path.open("rb") as handle:
        return [(row["id"], row["question"]) for row in map(json.loads, handle)]


def _hashes(problems: list[tuple[str, str]]) -> dict[str, Any]:
    from practiceloop.loop.evidence import practice_problem

    every, records, ids = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
    count = entries = 0
    for problem_id, text in problems:
        for record_id, kind, body in practice_problem(problem_id, text).objects:
            line = b"%s %s %s\n" % (record_id.encode(), kind.encode(), body)
            every.update(line)
            count += 1
            if kind == "practice_problem":
                entries += 1
            else:
                records.update(line)
                ids.update(record_id.encode() + b"\n")
    return {
        "problems": len(problems),
        "records": count,
        "entries": entries,
        "sha256_all": every.hexdigest(),
        "sha256_without_entries": records.hexdigest(),
        "sha256_ids_without_entries": ids.hexdigest(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=pathlib.Path, default=ROOT / "src")
    parser.add_argument("--corpus", default=",".join(FILES))
    args = parser.parse_args()
    sys.path.insert(0, str(args.src.resolve()))
    result: dict[str, Any] = {"src": str(args.src)}
    total = hashlib.sha256()
    for name in args.corpus.split(","):
        figures = _hashes(_problems(CORPORA / FILES[name]))
        result[name] = figures
        total.update(figures["sha256_without_entries"].encode())
    result["sha256_of_corpus_hashes_without_entries"] = total.hexdigest()
    print(json.dumps(result, indent=2, sort_keys=True))


if __name__ == "__main__":
    main()
