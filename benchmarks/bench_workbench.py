"""The Workbench's slowest page on a large synthesised store.

The store: ``--templates`` SVAMP problems are practised by the real loop once; each is then
copied into distinct problems until the store holds ``--episodes`` episodes. A copy appends a
marker to the problem text and re-seals every record of the chain from the bottom up (each id
recomputed by the audit's identity rules, references rewritten to the new ids), so every copy is
a distinct, id-consistent chain of real shape and size, at a fraction of the loop's cost.
Digests that are not record ids (a run's input digest, a candidate's content digest) are copied
as they are: the Workbench does not display them as checked.

The measure: the real server (``make_server``) on 127.0.0.1, pages fetched over HTTP from this
process; each page ``--repeat`` times after one warm-up fetch. Pages: dashboard, first and last
page of the list (deep ``OFFSET``), each filter (disposition, organ, residual code, operator,
text search that matches and one that does not, all combined) on its last page, the episode
with the most records, a sample of other episodes, a record page, and two error pages.

    PYTHONPATH=src python benchmarks/bench_workbench.py [--episodes 4000] [--templates 60]
        [--repeat 5] [--store PATH]

``--store PATH`` keeps the synthesised store there and reuses it when it already holds the
asked number of episodes. Prints one JSON object; ``slowest_page`` is the page whose median
latency is the highest.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from _common import corpus, emit, problems, rounded, timed
from practiceloop.audit.recompute import KINDS, iter_nested, recompute_kind_id
from practiceloop.evidence import practice_problem
from practiceloop.kernel.identity import canonical_bytes
from practiceloop.store import EvidenceStore, append_checkpoint
from practiceloop.workbench import make_server

Record = dict[str, Any]
Chain = list[tuple[str, Record]]  # (kind, record) in the order the loop emitted them

BATCH_PROBLEMS = 500  # problems per append transaction while synthesising


def _substitute(value: Any, mapping: dict[str, str]) -> Any:
    if type(value) is str:
        return mapping.get(value, value)
    if type(value) is list:
        return [_substitute(v, mapping) for v in value]
    if type(value) is dict:
        return {k: _substitute(v, mapping) for k, v in value.items()}
    return value


def _reseal(kind: str, record: Record, mapping: dict[str, str]) -> Record:
    """``record`` with references rewritten and its nested and own ids recomputed."""
    fresh: Record = _substitute(record, mapping)
    for _, nested_kind, nested in iter_nested(kind, fresh):
        if type(nested) is not dict:
            continue
        nested.update(_substitute(nested, mapping))  # a sibling resealed just before
        field = KINDS[nested_kind].id_field
        new_id = recompute_kind_id(nested_kind, nested)
        assert new_id is not None
        mapping.setdefault(nested[field], new_id)
        nested[field] = new_id
    fresh = _substitute(fresh, mapping)
    field = KINDS[kind].id_field
    new_id = recompute_kind_id(kind, fresh)
    assert new_id is not None
    mapping.setdefault(fresh[field], new_id)
    fresh[field] = new_id
    return fresh


def _copy(template: Chain, problem_id: str, marker: str) -> list[tuple[str, str, bytes]]:
    """One distinct problem from a template chain: text marked, every id re-sealed."""
    text = next(r["source_text"] for k, r in template if k == "problem_frame")
    mapping: dict[str, str] = {}
    out = []
    for kind, record in template:
        if kind == "problem_frame" and record["source_text"] == text:
            record = {**record, "source_text": f"{text} {marker}"}
        elif kind == "practice_problem":
            record = {**record, "problem_id": problem_id}
        fresh = _reseal(kind, record, mapping)
        body = canonical_bytes({"kind": kind, "record": fresh})
        out.append((fresh[KINDS[kind].id_field], kind, body))
    return out


def _templates(count: int) -> list[Chain]:
    """The first ``count`` SVAMP problems that the loop turns into at least one episode."""
    chains: list[Chain] = []
    for problem_id, text in problems(corpus("svamp")):
        evidence = practice_problem(problem_id, text)
        chain = [(k, json.loads(b)["record"]) for _, k, b in evidence.objects]
        if chain[-1][1]["trace_ids"]:
            chains.append(chain)
        if len(chains) == count:
            return chains
    raise SystemExit(f"SVAMP has fewer than {count} problems with an episode")


def _episodes_in(path: Path) -> int:
    with EvidenceStore.open_readonly(path) as store:
        return sum(
            len(json.loads(o.body)["record"]["trace_ids"])
            for o in store.iter_objects(kind="practice_problem", verify=False)
        )


def synthesise(path: Path, episodes: int, templates: int) -> dict[str, Any]:
    """Write a store of at least ``episodes`` episodes at ``path``; what it took."""
    chains = _templates(templates)
    made = problem_count = 0
    start = time.perf_counter()
    with EvidenceStore.open(path, create=True) as store:
        while made < episodes:
            objects: list[tuple[str, str, bytes]] = []
            claims: list[tuple[str, str]] = []
            for _ in range(BATCH_PROBLEMS):
                if made >= episodes:
                    break
                chain = chains[problem_count % len(chains)]
                problem_id = f"synth-{problem_count:07d}"
                copied = _copy(chain, problem_id, f"[copy {problem_count}]")
                objects += copied
                claims.append((problem_id, copied[-1][0]))
                made += len(chain[-1][1]["trace_ids"])
                problem_count += 1
            store.append(objects, claims)  # type: ignore[arg-type]
        append_checkpoint(store)
        records = store.log_size()
    return {
        "synthesis_seconds": rounded(time.perf_counter() - start),
        "problems": problem_count,
        "records": records,
        "store_mb": rounded(path.stat().st_size / 1e6, 1),
    }


def _get(port: int, path: str) -> tuple[int, bytes, float]:
    """``(status, body, seconds)`` of one GET, connection set-up included."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        start = time.perf_counter()
        conn.request("GET", path)
        response = conn.getresponse()
        body = response.read()
        return response.status, body, time.perf_counter() - start
    finally:
        conn.close()


def _pages(port: int, index: Any, rng: random.Random) -> Iterator[tuple[str, str, int]]:
    """``(name, path, expected status)`` of every page measured."""
    from practiceloop.workbench._index import Filters

    summary = index.summary()
    top = {
        "disposition": summary.by_disposition[0][0],
        "organ": summary.by_organ[0][0],
        "residual": summary.by_residual[0][0],
        "operator": summary.by_operator[0][0] if summary.by_operator else "",
    }

    def last(**params: str) -> str:
        filters = Filters(disposition=params.get("disposition"), organ=params.get("organ"),
                          residual=params.get("residual"), operator=params.get("operator"),
                          text=params.get("q"))
        first = index.episodes(filters, 1)
        query = {**params, "page": str(first.pages)} if first.pages > 1 else params
        return "/episodes" + (f"?{urlencode(query)}" if query else "")

    yield "dashboard", "/", 200
    yield "list_first_page", "/episodes", 200
    yield "list_last_page", last(), 200
    for name, value in top.items():
        if value:
            yield f"filter_{name}_last_page", last(**{name: value}), 200
    yield "search_match_last_page", last(q="apples"), 200
    yield "search_no_match", "/episodes?q=zzzz-never-there", 200
    yield "all_filters", last(**{k: v for k, v in top.items() if v}, q="the"), 200
    rows = index.episodes(Filters(), 1, per_page=10_000).rows
    biggest = max(rows, key=lambda r: len(r.codes))  # a cheap proxy; sampled pages cover more
    yield "episode_page", f"/episodes/{biggest.trace_id}", 200
    for number, row in enumerate(rng.sample(rows, min(10, len(rows)))):
        yield f"episode_sample_{number}", f"/episodes/{row.trace_id}", 200
    yield "record_page", f"/records/{biggest.entry_id}", 200
    yield "error_unknown_episode", "/episodes/" + "ab" * 32, 404
    yield "error_page_beyond_last", "/episodes?page=999999999", 404


def measure(path: Path, repeat: int) -> dict[str, Any]:
    """Serve ``path`` and time every page; the per-page medians and the slowest one."""
    build_seconds, server = timed(lambda: make_server(path, "127.0.0.1", 0, quiet=True))
    if server.store_problem is not None:
        raise SystemExit(f"the store cannot be read: {server.store_problem}")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    port = int(server.server_address[1])
    pages: dict[str, dict[str, Any]] = {}
    try:
        for name, page_path, expected_status in _pages(port, server.get_app().index,
                                                       random.Random(0)):
            status, body, _ = _get(port, page_path)  # warm-up (and a correctness check)
            if status != expected_status:
                raise SystemExit(f"{page_path}: status {status}, expected {expected_status}")
            if name.startswith("episode") and b'data-bad="0"' not in body:
                raise SystemExit(f"{page_path}: a synthesised record id does not recompute")
            times = [_get(port, page_path)[2] for _ in range(repeat)]
            pages[name] = {
                "path": page_path,
                "median_ms": rounded(statistics.median(times) * 1000, 2),
                "max_ms": rounded(max(times) * 1000, 2),
            }
    finally:
        server.shutdown()
        server.server_close()
    slowest = max(pages, key=lambda n: pages[n]["median_ms"])
    return {
        "index_build_seconds": rounded(build_seconds),
        "slowest_page": {"name": slowest, **pages[slowest]},
        "pages": pages,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--episodes", type=int, default=4_000)
    parser.add_argument("--templates", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--store", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        path = args.store or Path(scratch) / "workbench.sqlite"
        made: dict[str, Any] = {"reused_store": False}
        if path.exists() and _episodes_in(path) >= args.episodes:
            made["reused_store"] = True
        else:
            if path.exists():
                raise SystemExit(f"{path} exists with fewer episodes; remove it or pick another")
            made.update(synthesise(path, args.episodes, args.templates))
        figures = measure(path, args.repeat)
        emit({
            "benchmark": "workbench",
            "episodes": _episodes_in(path),
            "templates": args.templates,
            "repeat": args.repeat,
            **made,
            **figures,
        })


if __name__ == "__main__":
    main()
