"""The Workbench's slowest page on a large synthesised store.

The store: ``--templates`` SVAMP problems are practised by the real loop once; each is then
copied into distinct problems until the store holds ``--episodes`` episodes. A copy appends a
marker to the problem text and re-seals every record of the chain from the bottom up (each id
recomputed by the audit's identity rules, references rewritten to the new ids), so every copy is
a distinct, id-consistent chain of real shape and size, at a fraction of the loop's cost.
Digests that are not record ids (a run's input digest, a candidate's content digest) are copied
as they are: the Workbench does not display them as checked.

The measure: the real server (``make_server``, whose start reads the index summary and
verifies the checkpoints: ``server_start_seconds``) on 127.0.0.1, pages fetched over HTTP from
this process; each page
``--repeat`` times after one warm-up fetch. Pages, found as a person finds them (dashboard links,
pager): the dashboard, first and last page of the list (deep ``OFFSET``), each filter's most
frequent value on its last page, text searches (common, rare, no match), all filters at once,
the longest of 200 sampled episodes and 10 others, a record page, and two error pages. Every
episode page must report that all its record ids recompute (a check of the synthesis).

    PYTHONPATH=src python benchmarks/bench_workbench.py [--episodes 3000] [--templates 60]
        [--repeat 5] [--store PATH]

``--store PATH`` keeps the synthesised store there and reuses it when it already holds the
asked number of episodes. Prints one JSON object; ``slowest_page`` is the page whose median
latency is the highest.
"""

from __future__ import annotations

import argparse
import html
import http.client
import json
import random
import re
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

from _common import corpus, emit, problems, rounded, timed
from practiceloop.audit.recompute import KINDS, iter_nested, recompute_kind_id
from practiceloop.kernel.identity import canonical_bytes
from practiceloop.loop.evidence import practice_problem
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


def _episodes_in(path: Path) -> tuple[list[str], list[str]]:
    """The trace ids and the entry ids of the store's problem entries (one pass over the log)."""
    traces: list[str] = []
    entries: list[str] = []
    with EvidenceStore.open_readonly(path) as store:
        for obj in store.iter_objects(kind="practice_problem", verify=False):
            traces += json.loads(obj.body)["record"]["trace_ids"]
            entries.append(obj.object_id)
    return traces, entries


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


def _pages(
    port: int, path: Path, traces: list[str], entries: list[str], rng: random.Random
) -> Iterator[tuple[str, str, int]]:
    """``(name, path, expected status)`` of every page measured, found as a person would:
    the dashboard's links give the most frequent value of each filter, the pager its last page.
    """
    _, dashboard, _ = _get(port, "/")
    top: dict[str, str] = {}
    for link in re.findall(r'href="/episodes\?([a-z]+=[^"&]+)"', dashboard.decode()):
        name, value = parse_qsl(html.unescape(link))[0]
        top.setdefault(name, value)  # charts list values by descending count: first is top

    def last(**params: str) -> str:
        first = "/episodes" + (f"?{urlencode(params)}" if params else "")
        _, body, _ = _get(port, first)
        found = re.search(rb"page 1 of (\d+)", body)
        pages = int(found.group(1)) if found else 1
        return first if pages == 1 else "/episodes?" + urlencode({**params, "page": pages})

    yield "dashboard", "/", 200
    yield "list_first_page", "/episodes", 200
    yield "list_last_page", last(), 200
    for name, value in sorted(top.items()):
        yield f"filter_{name}_last_page", last(**{name: value}), 200
    yield "search_common_last_page", last(q="how many"), 200
    yield "search_rare", last(q="apples"), 200
    yield "search_no_match", "/episodes?q=zzzz-never-there", 200
    yield "all_filters_last_page", last(**top, q="the"), 200
    sample = rng.sample(traces, min(200, len(traces)))
    with EvidenceStore.open_readonly(path) as store:  # the longest chain among 200 episodes
        biggest = max(sample, key=lambda t: len(store.get(t)))
    yield "episode_longest_of_200", f"/episodes/{biggest}", 200
    for number, trace_id in enumerate(sample[:10]):
        yield f"episode_sample_{number}", f"/episodes/{trace_id}", 200
    yield "record_page", f"/records/{rng.choice(entries)}", 200
    yield "error_unknown_episode", "/episodes/" + "ab" * 32, 404
    yield "error_page_beyond_last", "/episodes?page=999999999", 404


def measure(path: Path, repeat: int, traces: list[str], entries: list[str]) -> dict[str, Any]:
    """Serve ``path`` and time every page; the per-page medians and the slowest one."""
    start_seconds, server = timed(lambda: make_server(path, "127.0.0.1", 0, quiet=True))
    if server.store_problem is not None:
        raise SystemExit(f"the store cannot be read: {server.store_problem}")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    port = int(server.server_address[1])
    pages: dict[str, dict[str, Any]] = {}
    try:
        pages_to_time = _pages(port, path, traces, entries, random.Random(0))
        for name, page_path, expected_status in pages_to_time:
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
        "server_start_seconds": rounded(start_seconds),
        "slowest_page": {"name": slowest, **pages[slowest]},
        "pages": pages,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--episodes", type=int, default=3_000)
    parser.add_argument("--templates", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--store", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        path = args.store or Path(scratch) / "workbench.sqlite"
        made: dict[str, Any] = {"reused_store": path.exists()}
        if not path.exists():
            made.update(synthesise(path, args.episodes, args.templates))
        traces, entries = _episodes_in(path)
        if len(traces) < args.episodes:
            raise SystemExit(f"{path} holds {len(traces)} episodes, fewer than asked; "
                             "remove it or pick another path")
        figures = measure(path, args.repeat, traces, entries)
        emit({
            "benchmark": "workbench",
            "episodes": len(traces),
            "templates": args.templates,
            "repeat": args.repeat,
            **made,
            **figures,
        })


if __name__ == "__main__":
    main()
