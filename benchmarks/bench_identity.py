"""The cost of identities: how much of an episode's time goes to canonical encoding + SHA-256.

Two passes over the same problems (SVAMP by default), in this process, one core:

1. **episodes, instrumented**: :func:`practiceloop.loop.evidence.practice_problem` on every problem
   with the identity functions wrapped by timers: ``encode_hash`` times the functions of
   :mod:`~practiceloop.kernel.identity` (validation, JSON encoding, SHA-256) wherever another
   module bound them; ``identity_total`` adds the record functions that build payloads and
   encode them (``identity_payload``, ``full_form``, ``full_form_bytes``, ``recompute_id``,
   ``_checked``, the check and identity every boundary asks of a record, and ``sealed_forms``,
   the part of ``sealed`` that encodes a new record's two forms). Only the outermost timed call
   counts, so nothing is counted twice;
   an encoder called *by* a payload function counts as payload time, which makes
   ``encode_hash`` a lower bound and ``identity_total`` the figure to judge.
   The same pass without timers gives the plain episode time (the timers' own cost is the
   difference, reported).
2. **floor**: the same records, each encoded and hashed exactly once, with the kernel's own
   encoder for record payloads: its identity payload to its digest, and its full form to the
   canonical bytes the store keeps (``encode_hash_floor`` from payloads built beforehand,
   ``identity_floor`` including building them).

``redundancy`` = time in the episodes / floor: how many times over, in effect, each record's
identity is computed (every boundary recomputes upstream ids, loop.md s2, so it is above 1).
Target: ``identity_share`` <= 0.5.

    PYTHONPATH=src python benchmarks/bench_identity.py [--corpus svamp] [--problems 500]
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from collections.abc import Callable
from typing import Any

import practiceloop.kernel.identity as identity
import practiceloop.kernel.record as record
from _common import corpus, emit, problems, rounded
from practiceloop.loop.episode import practice
from practiceloop.loop.evidence import build_problem_entry, practice_problem

ENCODE_HASH = (
    "canonical_bytes",
    "digest",
    "digest_bytes",
    "validate_payload",
)
PAYLOAD = ("identity_payload", "full_form", "full_form_bytes", "recompute_id")
# What record.py calls by its global names (sealed_forms imported there from kernel.identity).
PAYLOAD_INTERNAL = ("sealed_forms", "_checked")


class _Clock:
    """Accumulated time and calls per level, counting only the outermost timed call (a payload
    function that calls an encoder is one timed call, at the payload level)."""

    def __init__(self) -> None:
        self.seconds = {"encode_hash": 0.0, "payload": 0.0}
        self.calls = {"encode_hash": 0, "payload": 0}
        # One [nanoseconds, calls] pair per wrapped function, summed by stop().
        self._totals: dict[str, list[list[int]]] = {"encode_hash": [], "payload": []}
        self._depth = [0]

    def wrap(self, fn: Callable[..., Any], level: str) -> Callable[..., Any]:
        now = time.perf_counter_ns
        totals = [0, 0]
        self._totals[level].append(totals)
        depth = self._depth

        @functools.wraps(fn)
        def timed(*args: Any, **kwargs: Any) -> Any:
            if depth[0]:
                return fn(*args, **kwargs)
            depth[0] = 1
            start = now()
            try:
                return fn(*args, **kwargs)
            finally:
                totals[0] += now() - start
                totals[1] += 1
                depth[0] = 0

        return timed

    def stop(self) -> None:
        for level, counters in self._totals.items():
            self.seconds[level] = sum(c[0] for c in counters) / 1e9
            self.calls[level] = sum(c[1] for c in counters)


def _install(clock: _Clock) -> Callable[[], None]:
    """Wrap the identity functions where the other practiceloop modules bound them."""
    homes = {name: identity for name in ENCODE_HASH} | {name: record for name in PAYLOAD}
    wrapped = {
        name: clock.wrap(getattr(home, name), "encode_hash" if name in ENCODE_HASH else "payload")
        for name, home in homes.items()
    }
    undo: list[tuple[object, str, object]] = []
    for module_name, module in list(sys.modules.items()):
        if not module_name.startswith("practiceloop") or module is None:
            continue
        for name, home in homes.items():
            original = getattr(home, name)
            if module is not home and getattr(module, name, None) is original:
                undo.append((module, name, original))
                setattr(module, name, wrapped[name])

    for name in PAYLOAD_INTERNAL:  # looked up as a global of record.py at each call
        undo.append((record, name, getattr(record, name)))
        setattr(record, name, clock.wrap(getattr(record, name), "payload"))

    def restore() -> None:
        for module, name, original in undo:
            setattr(module, name, original)

    return restore


def _run(items: list[tuple[str, str]]) -> float:
    start = time.perf_counter()
    for problem_id, text in items:
        practice_problem(problem_id, text)
    return time.perf_counter() - start


def _floor(items: list[tuple[str, str]]) -> tuple[float, float, int]:
    """(encode+hash floor, identity floor incl. payloads, records) for the same records."""
    records: list[object] = []
    for problem_id, text in items:
        result = practice(text)
        records.extend(result.records)
        records.append(build_problem_entry(problem_id, result))
    payloads = [(record.identity_payload(r), record.full_form(r)) for r in records]
    encode, digest_bytes = identity.canonical_bytes, identity.digest_bytes
    start = time.perf_counter()
    for payload, full in payloads:
        digest_bytes(encode(payload))
        encode(full)
    encode_hash = time.perf_counter() - start
    start = time.perf_counter()
    for item in records:
        digest_bytes(encode(record.identity_payload(item)))
        encode(record.full_form(item))
    return encode_hash, time.perf_counter() - start, len(records)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", choices=("svamp", "gsm8k"), default="svamp")
    parser.add_argument("--problems", type=int, default=500)
    args = parser.parse_args()
    items = list(problems(corpus(args.corpus)))[: args.problems]
    _run(items[:50])  # warm caches and lazily built tables before any clock
    plain = _run(items)
    clock = _Clock()
    restore = _install(clock)
    try:
        instrumented = _run(items)
    finally:
        restore()
        clock.stop()
    floor_encode, floor_identity, records = _floor(items)
    encode_hash = clock.seconds["encode_hash"]
    total = encode_hash + clock.seconds["payload"]
    emit({
        "benchmark": "identity",
        "corpus": args.corpus,
        "problems": len(items),
        "records": records,
        "episode_seconds_plain": rounded(plain),
        "episode_seconds_instrumented": rounded(instrumented),
        "timer_overhead_share": rounded((instrumented - plain) / instrumented),
        "encode_hash_seconds": rounded(encode_hash),
        "identity_total_seconds": rounded(total),
        "outermost_calls": clock.calls,
        # Shares of the instrumented time, whose parts were measured in the same pass.
        "encode_hash_share": rounded(encode_hash / instrumented),
        "identity_share": rounded(total / instrumented),
        "identity_share_target_met": total / instrumented <= 0.5,
        "encode_hash_floor_seconds": rounded(floor_encode),
        "identity_floor_seconds": rounded(floor_identity),
        "encode_hash_redundancy": rounded(encode_hash / floor_encode, 2),
        "identity_redundancy": rounded(total / floor_identity, 2),
    })


if __name__ == "__main__":
    main()
