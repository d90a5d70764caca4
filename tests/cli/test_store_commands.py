"""``verify``, ``show``, ``export`` and ``stats`` on a store built by ``run``."""

from __future__ import annotations

import collections
import hashlib
import json
from pathlib import Path

import pytest

from practiceloop.audit.recompute import decode_object, recompute_kind_id
from practiceloop.store import checkpoint_path
from practiceloop.store.merkle import leaf_hash
from tests.audit.planting import rows, tamper

from .conftest import invoke


def _trace(path: Path, disposition: str = "sealed_candidate_replay_closed") -> str:
    for object_id, body in rows(path, "SELECT id, body FROM objects WHERE kind = "
                                 "'sealed_practice_trace'"):
        if json.loads(body)["record"]["practice_disposition"] == disposition:
            return str(object_id)
    raise AssertionError(f"no {disposition} trace")


# -- verify --------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["--full", "--quick"])
def test_verify_a_clean_store(built_store: Path, mode: str) -> None:
    result = invoke("verify", "--store", built_store, mode)
    assert result.exit_code == 0, result.stdout
    (line,) = result.stdout.splitlines()
    assert line.endswith(": OK") and "0 errors" in line


def test_verify_json(built_store: Path) -> None:
    result = invoke("verify", "--store", built_store, "--json")
    report = json.loads(result.stdout)
    assert report["ok"] is True and report["exit_code"] == 0 and report["findings"] == []
    assert report["mode"] == "full" and report["steps"] == [0, 1, 2, 3, 4, 5]
    assert report["objects"] == report["log_size"] > 0 and report["seconds"] >= 0


def test_verify_names_each_finding_on_its_own_line(store: Path) -> None:
    ((victim, body),) = rows(store, "SELECT id, body FROM objects WHERE kind = "
                              "'contract_residual' LIMIT 1")
    forged = bytes(body).replace(b'"residual_code":"', b'"residual_code":"x', 1)
    tamper(store, ("UPDATE objects SET body = ? WHERE id = ?", (forged, victim)))
    result = invoke("verify", "--store", store)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert f"error: PL101 object-hash-mismatch {victim}: " in "\n".join(lines)
    assert any(line.startswith(f"error: PL201 record-id-mismatch {victim}: ") for line in lines)
    assert lines[-1].endswith("FAILED (exit 1)")
    findings = json.loads(invoke("verify", "--store", store, "--json").stdout)["findings"]
    assert {(f["id"], f["subject"]) for f in findings} >= {("PL101", victim), ("PL201", victim)}


def test_verify_a_store_that_is_not_there(tmp_path: Path) -> None:
    result = invoke("verify", "--store", tmp_path / "absent.sqlite")
    assert result.exit_code == 4
    assert "PL001 store-unreadable" in result.stdout


def test_verify_a_truncated_store_in_a_real_process(store: Path) -> None:
    from .conftest import run_cli

    data = store.read_bytes()
    store.write_bytes(data[: len(data) // 3])
    result = run_cli("verify", "--store", store)
    assert result.returncode == 5, result.stdout + result.stderr
    assert "PL004 store-damaged" in result.stdout and "Traceback" not in result.stderr


@pytest.mark.parametrize("args", [[], ["--store", "a", "--bundle", "b"]], ids=["none", "both"])
def test_verify_needs_exactly_one_subject(args: list[str]) -> None:
    result = invoke("verify", *args)
    assert result.exit_code == 64
    assert "exactly one of --store and --bundle" in result.stderr


# -- show ----------------------------------------------------------------------------------------


def test_show_a_trace_and_everything_it_binds(built_store: Path) -> None:
    trace = _trace(built_store)
    result = invoke("show", trace, "--store", built_store, "--json")
    assert result.exit_code == 0
    shown = json.loads(result.stdout)
    assert shown["root"] == trace and shown["missing"] == []
    records = shown["records"]
    assert [r["position"] for r in records] == sorted(r["position"] for r in records)
    assert all(r["id_reproduces"] for r in records)
    for item in records:  # each id, recomputed independently of the command's own check
        assert recompute_kind_id(item["kind"], item["record"]) == item["id"]
    kinds = {r["kind"] for r in records}
    assert {"problem_frame", "contract_assessment", "geometric_search_run",
            "replay_adapter_result", "sealed_practice_trace"} <= kinds


def test_show_for_people(built_store: Path) -> None:
    trace = _trace(built_store)
    result = invoke("show", trace, "--store", built_store)
    assert result.exit_code == 0
    assert trace in result.stdout and "sealed_practice_trace" in result.stdout
    assert "NO" not in result.stdout.split()  # every id reproduces


def test_show_a_problem_by_its_corpus_id(built_store: Path) -> None:
    result = invoke("show", "authored-combine", "--store", built_store, "--json")
    assert result.exit_code == 0
    records = json.loads(result.stdout)["records"]
    assert records[-1]["kind"] == "practice_problem"
    assert records[-1]["record"]["problem_id"] == "authored-combine"


def test_show_names_a_missing_bound_record(store: Path) -> None:
    trace = _trace(store)
    victim = json.loads(bytes(rows(store, "SELECT body FROM objects WHERE id = ?", trace)[0][0])
                        )["record"]["replay_result_ids"][0]
    tamper(store, ("DELETE FROM objects WHERE id = ?", (victim,)))
    result = invoke("show", trace, "--store", store)
    assert result.exit_code == 2
    assert f"missing: {victim}" in result.stdout


@pytest.mark.parametrize("name", ["0" * 64, "no-such-problem"])
def test_show_what_is_not_there(built_store: Path, name: str) -> None:
    result = invoke("show", name, "--store", built_store)
    assert result.exit_code == 66 and "Traceback" not in result.stderr


def test_every_id_a_table_prints_is_taken_back(built_store: Path) -> None:
    trace = _trace(built_store)
    table = invoke("show", trace, "--store", built_store).stdout
    shown = json.loads(invoke("show", trace, "--store", built_store, "--json").stdout)
    full = {r["id"][:12]: r["id"] for r in shown["records"]}
    printed = [word for line in table.splitlines() for word in line.split()
               if word in full]
    assert len(set(printed)) == len(full)  # the table prints every record's short id
    for short_id in printed:
        again = invoke("show", short_id, "--store", built_store, "--json")
        assert again.exit_code == 0, again.stderr
        assert json.loads(again.stdout)["root"] == full[short_id]
    assert json.loads(invoke("show", trace[:8], "--store", built_store, "--json").stdout)[
        "root"] == trace


def test_a_prefix_too_short_is_not_a_name(built_store: Path) -> None:
    result = invoke("show", _trace(built_store)[:7], "--store", built_store)
    assert result.exit_code == 66
    assert "first 8" in result.stderr


def test_an_ambiguous_name_is_a_usage_error_listing_the_matches(tmp_path: Path) -> None:
    from practiceloop.loop.evidence import practice_problem
    from tests.audit.planting import AUTHORED

    first, second = (json.loads(line) for line in
                     AUTHORED.read_text(encoding="utf-8").splitlines()[:2])
    frame = next(i for i, kind, _ in practice_problem(first["id"], first["question"]).objects
                 if kind == "problem_frame")
    corpus = tmp_path / "clash.jsonl"
    corpus.write_text(json.dumps(first) + "\n" + json.dumps(
        {"id": frame[:8], "question": second["question"]}) + "\n", encoding="utf-8")
    store = tmp_path / "clash.sqlite"
    assert invoke("run", corpus, "--store", store, "--engine", "inprocess").exit_code == 0
    result = invoke("show", frame[:8], "--store", store)
    assert result.exit_code == 64
    assert f"'{frame[:8]}' is ambiguous: it names 2 records" in result.stderr
    assert frame in result.stderr and f"the entry of problem {frame[:8]}" in result.stderr
    assert invoke("show", frame[:10], "--store", store).exit_code == 0


def test_export_takes_a_trace_prefix_or_a_problem_with_one_episode(
    built_store: Path, tmp_path: Path
) -> None:
    trace = _trace(built_store)
    by_prefix, by_full = tmp_path / "prefix.json", tmp_path / "full.json"
    assert invoke("export", "--store", built_store, "--trace", trace[:12], "--bundle",
                  by_prefix).exit_code == 0
    assert invoke("export", "--store", built_store, "--trace", trace, "--bundle",
                  by_full).exit_code == 0
    assert by_prefix.read_bytes() == by_full.read_bytes()
    from practiceloop import open_store

    with open_store(built_store) as reader:
        problem = next(p.problem_id for p in reader.problems() if p.trace_ids == (trace,))
    by_problem = tmp_path / "problem.json"
    assert invoke("export", "--store", built_store, "--trace", problem, "--bundle",
                  by_problem).exit_code == 0
    assert by_problem.read_bytes() == by_full.read_bytes()


# -- export --------------------------------------------------------------------------------------


def test_export_is_the_stored_bytes_in_log_order(built_store: Path, tmp_path: Path) -> None:
    out = tmp_path / "all.jsonl"
    assert invoke("export", "--store", built_store, "--out", out).exit_code == 0
    lines = out.read_bytes().split(b"\n")
    assert lines[-1] == b""
    stored = rows(built_store, "SELECT o.body, l.leaf_hash FROM log l JOIN objects o "
                   "ON o.id = l.object_id ORDER BY l.seq")
    assert lines[:-1] == [bytes(body) for body, _ in stored]
    assert [leaf_hash(line) for line in lines[:-1]] == [leaf for _, leaf in stored]
    streamed = invoke("export", "--store", built_store)
    assert streamed.stdout_bytes == out.read_bytes()


def test_export_refuses_to_write_a_corrupt_store(store: Path, tmp_path: Path) -> None:
    ((victim, body),) = rows(store, "SELECT id, body FROM objects LIMIT 1")
    tamper(store, ("UPDATE objects SET body = ? WHERE id = ?", (bytes(body) + b" ", victim)))
    out = tmp_path / "all.jsonl"
    result = invoke("export", "--store", store, "--out", out)
    assert result.exit_code == 1 and not out.exists()
    assert "Traceback" not in result.stderr


def test_a_bundle_exported_then_verified_offline(store: Path, tmp_path: Path) -> None:
    trace = _trace(store)
    bundle = tmp_path / "trace.bundle"
    assert invoke("export", "--store", store, "--trace", trace, "--bundle", bundle).exit_code == 0
    pinned = tmp_path / "published.checkpoints"
    pinned.write_bytes(checkpoint_path(store).read_bytes())
    store.unlink()  # offline: no database
    checkpoint_path(store).unlink()
    result = invoke("verify", "--bundle", bundle, "--checkpoints", pinned)
    assert result.exit_code == 0, result.stdout
    assert result.stdout.rstrip().endswith(": OK")


def test_a_tampered_bundle_is_rejected(built_store: Path, tmp_path: Path) -> None:
    trace = _trace(built_store)
    bundle = tmp_path / "trace.bundle"
    invoke("export", "--store", built_store, "--trace", trace, "--bundle", bundle)
    document = json.loads(bundle.read_bytes())
    record = document["records"][trace]["record"]
    record["practice_disposition"] = "sealed_all_candidates_refused"
    bundle.write_text(json.dumps(document, sort_keys=True, separators=(",", ":"),
                                 ensure_ascii=False))
    result = invoke("verify", "--bundle", bundle)
    assert result.exit_code == 1
    assert f"PL401 disposition-mismatch {trace}" in result.stdout
    assert "PL603 bundle-inclusion-failed" in result.stdout


def test_export_bundle_options_go_together(built_store: Path, tmp_path: Path) -> None:
    assert invoke("export", "--store", built_store, "--trace", "a" * 64).exit_code == 64
    frame = str(rows(built_store, "SELECT id FROM objects WHERE kind = 'problem_frame'")[0][0])
    result = invoke("export", "--store", built_store, "--trace", frame, "--bundle",
                    tmp_path / "b")
    assert result.exit_code == 65 and "not a trace" in result.stderr


# -- stats ---------------------------------------------------------------------------------------


def test_stats_json_counts_what_the_store_holds(built_store: Path) -> None:
    result = invoke("stats", "--store", built_store, "--json")
    assert result.exit_code == 0
    stats = json.loads(result.stdout)
    bodies = dict(rows(built_store, "SELECT id, body FROM objects"))
    entries = [json.loads(b)["record"] for (b,) in rows(
        built_store, "SELECT body FROM objects WHERE kind = 'practice_problem'")]
    traces = dict.fromkeys(t for e in entries for t in e["trace_ids"])  # distinct, in order
    assert stats["problems"] == len(entries)
    assert stats["unassessed"] == sum(1 for e in entries if not e["assessment_ids"])
    assert stats["episodes"] == len(traces)
    expected = collections.Counter(json.loads(bodies[t])["record"]["practice_disposition"]
                                   for t in traces)
    assert stats["dispositions"] == dict(expected)
    codes = {json.loads(b)["record"]["residual_code"] for (b,) in rows(
        built_store, "SELECT body FROM objects WHERE kind = 'contract_residual'")}
    assert set(stats["residual_codes"]) <= codes and stats["residual_codes"]
    assert stats["operators"] and stats["coverage"]
    assert stats["records"] == len(bodies)


def test_stats_for_people(built_store: Path) -> None:
    result = invoke("stats", "--store", built_store)
    assert result.exit_code == 0
    for title in ("Practice dispositions", "Residual codes", "Operators", "Per organ"):
        assert title in result.stdout


def test_export_lines_hash_like_the_log(built_store: Path) -> None:
    body = invoke("export", "--store", built_store).stdout_bytes.split(b"\n")[0]
    decoded = decode_object(body)
    assert not isinstance(decoded, str)
    assert hashlib.sha256(b"\x00" + body).digest() == leaf_hash(body)
