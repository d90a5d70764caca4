"""Tampering: every kind of planted corruption in a real store is found by ``verify``, named by
its message id, and makes it exit non-zero (system.md "Audit" and "Reliability").

The store is built by ``practiceloop run`` from the first problems of SVAMP, in two runs (so a
copy of the store after the first run exists, with the second run's checkpoint newer than it).
Then, on private copies:

* one byte flipped in EVERY stored object in turn (``flips_per_object`` positions each, chosen
  by a seeded generator), each verified on its own: ``PL101 object-hash-mismatch`` on that
  object;
* every other kind of damage, each on its own, at ``kind_targets`` objects of every record kind
  (every object in the long profile): a flipped byte with its leaf hash rewritten to match, two
  bodies swapped (with and without their leaf hashes), a record deleted (with and without its
  log entry), a log entry deleted, the log truncated (with and without its objects), the store
  rolled back to the older copy while the newer checkpoint exists, and rolled back then grown
  again;
* damaged database files (bytes flipped, pages zeroed or repeated, the file cut), and records
  planted with fields changed and everything re-hashed, the checkpoints file rewritten to match.

The per-finding tests in ``tests/audit`` check each message id once, by hand; this suite is the
systematic matrix. Its figures go to the reliability report.
"""

from __future__ import annotations

import collections
import concurrent.futures
import dataclasses
import hashlib
import json
import multiprocessing
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practiceloop.kernel.identity import canonical_bytes
from practiceloop.store import checkpoint_path

from . import figures
from ._stores import Tamperer, Verdict, cli, copy_store, flip_every_object, log, verify
from .conftest import hypothesis_settings
from .profile import Profile, active, head
from .strategies import json_values

pytestmark = [pytest.mark.corpus, pytest.mark.slow]

SUITE = "tamper"
SRC = Path(__file__).resolve().parents[2] / "src"

Row = tuple[int, str, str, bytes, bytes]  # (seq, id, kind, body, leaf hash)


def leaf(body: bytes) -> bytes:
    """RFC 9162 leaf hash, written out again (never the store's code)."""
    return hashlib.sha256(b"\x00" + body).digest()


@dataclasses.dataclass(frozen=True)
class Built:
    store: Path
    older: Path  # the store after the first run, with its own (older) checkpoints
    corpus: Path
    rows: tuple[Row, ...]


@pytest.fixture(scope="module")
def built(profile: Profile, svamp: Path, tmp_path_factory: pytest.TempPathFactory) -> Built:
    directory = tmp_path_factory.mktemp("tamper")
    half = head(profile.tamper_problems // 2, directory / "half.jsonl")
    corpus = head(profile.tamper_problems, directory / "corpus.jsonl")
    store = directory / "store.sqlite"
    for part in (half, corpus):
        result = cli("run", part, "--store", store, "--engine", "inprocess", "--json")
        assert result.exit_code == 0, result.stderr
        if part is half:
            older = copy_store(store, directory / "older.sqlite")
    rows = tuple(log(store))
    assert len(checkpoint_path(store).read_bytes().splitlines()) == 2
    figures.note(SUITE, "store", {"problems": profile.tamper_problems, "objects": len(rows),
                                  "kinds": len({r[2] for r in rows})})
    return Built(store, older, corpus, rows)


def test_the_built_store_verifies_clean(built: Built) -> None:
    verdict = verify(built.store)
    assert verdict.exit_code == 0 and not verdict.findings, verdict


def _flip(body: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(body))
    return body[:at] + bytes([body[at] ^ (1 << rng.randrange(8))]) + body[at + 1:]


def _record(kind: str, verdict: Verdict, detected: bool) -> None:
    figures.count(SUITE, f"planted:{kind}")
    figures.count(SUITE, f"detected:{kind}", int(detected))
    figures.count(SUITE, f"exit:{kind}:{verdict.exit_code}")
    for message_id in sorted(verdict.ids):
        figures.count(SUITE, f"ids:{kind}:{message_id}")


def test_one_flipped_byte_in_every_stored_object_is_detected(
    built: Built, profile: Profile, tmp_path: Path
) -> None:
    """Every object in turn: one byte flipped, ``verify`` run, the byte restored. The objects
    are split across a few worker processes, each flipping its share on its own copy."""
    workers = max(1, min(4, os.cpu_count() or 1))
    shares = [[(r[1], r[2], r[3]) for r in built.rows[n::workers]] for n in range(workers)]
    copies = [str(copy_store(built.store, tmp_path / f"flip-{n}.sqlite")) for n in range(workers)]
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
        jobs = [pool.submit(flip_every_object, copy, share, profile.seed, profile.flips_per_object)
                for copy, share in zip(copies, shares, strict=True)]
        results = [item for job in jobs for item in job.result()]
    assert len(results) == len(built.rows) * profile.flips_per_object
    missed = []
    for kind, object_id, at, exit_code, findings in results:
        verdict = Verdict(exit_code, findings)
        detected = bool(exit_code & 1) and verdict.names("PL101", object_id)
        _record("flip", verdict, detected)
        figures.count(SUITE, f"flip_kind:{kind}")
        if not detected:
            missed.append(f"{kind} {object_id} byte {at}: {verdict}")
    figures.note(SUITE, "flip_workers", workers)
    assert not missed, missed[:5]
    for copy in copies:
        assert verify(Path(copy)).exit_code == 0, "the restores left a store changed"


# -- the other kinds of damage ------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Plant:
    """One planted corruption: a label, the SQL, and the findings that must name it."""

    what: str
    statements: tuple[tuple[str, tuple[Any, ...]], ...]
    expect: tuple[tuple[str, str | None], ...]  # (message id, subject or None) -- all required
    any_of: tuple[str, ...] = ()  # at least one of these message ids too


def _targets(rows: tuple[Row, ...], profile: Profile, rng: random.Random) -> list[Row]:
    """Every object (long) or ``kind_targets`` objects of every record kind (ci)."""
    if profile.kind_targets is None:
        return list(rows)
    by_kind: dict[str, list[Row]] = collections.defaultdict(list)
    for row in rows:
        by_kind[row[2]].append(row)
    chosen: list[Row] = []
    for kind in sorted(by_kind):
        chosen += rng.sample(by_kind[kind], min(profile.kind_targets, len(by_kind[kind])))
    return sorted(chosen)


def _partner(row: Row, rows: tuple[Row, ...], rng: random.Random) -> Row:
    """Another object of the same kind (else any other object)."""
    same = [r for r in rows if r[2] == row[2] and r[1] != row[1]]
    return rng.choice(same or [r for r in rows if r[1] != row[1]])


def _plants(built: Built, profile: Profile) -> Iterator[Plant]:
    rng = random.Random(profile.seed + 1)
    rows = built.rows
    last = rows[-1][0]
    for seq, object_id, _kind, body, _ in _targets(rows, profile, rng):
        flipped = _flip(body, rng)
        yield Plant("flip_rehashed", (
            ("UPDATE objects SET body = ? WHERE id = ?", (flipped, object_id)),
            ("UPDATE log SET leaf_hash = ? WHERE object_id = ?", (leaf(flipped), object_id)),
        ), (("PL504", None),))
        other = _partner((seq, object_id, _kind, body, b""), rows, rng)
        yield Plant("swap_bodies", (
            ("UPDATE objects SET body = ? WHERE id = ?", (other[3], object_id)),
            ("UPDATE objects SET body = ? WHERE id = ?", (body, other[1])),
        ), (("PL101", object_id), ("PL101", other[1])))
        yield Plant("swap_bodies_rehashed", (
            ("UPDATE objects SET body = ? WHERE id = ?", (other[3], object_id)),
            ("UPDATE objects SET body = ? WHERE id = ?", (body, other[1])),
            ("UPDATE log SET leaf_hash = ? WHERE object_id = ?", (leaf(other[3]), object_id)),
            ("UPDATE log SET leaf_hash = ? WHERE object_id = ?", (leaf(body), other[1])),
        ), (("PL202", object_id), ("PL202", other[1]), ("PL504", None)))
        yield Plant("delete_record", (
            ("DELETE FROM objects WHERE id = ?", (object_id,)),
        ), (("PL501", None),))
        yield Plant("delete_record_and_log_entry", (
            ("DELETE FROM log WHERE object_id = ?", (object_id,)),
            ("DELETE FROM objects WHERE id = ?", (object_id,)),
        ), (), ("PL505",) if seq == last else ("PL503",))
        yield Plant("delete_log_entry", (
            ("DELETE FROM log WHERE object_id = ?", (object_id,)),
        ), (("PL502", object_id),), ("PL505",) if seq == last else ("PL503",))
    cuts = sorted({rng.randrange(1, len(rows)) for _ in range(3 if profile.kind_targets else 20)})
    for cut in [*cuts, len(rows) - 1]:
        yield Plant("truncate_log", (
            ("DELETE FROM log WHERE seq >= ?", (cut,)),
        ), (("PL505", None), ("PL502", None)))
        yield Plant("truncate_log_and_objects", (
            ("DELETE FROM problems WHERE entry_id IN "
             "(SELECT object_id FROM log WHERE seq >= ?)", (cut,)),
            ("DELETE FROM objects WHERE id IN (SELECT object_id FROM log WHERE seq >= ?)",
             (cut,)),
            ("DELETE FROM log WHERE seq >= ?", (cut,)),
        ), (("PL505", None),))


def test_every_other_kind_of_damage_is_detected_and_named(
    built: Built, profile: Profile, tmp_path: Path
) -> None:
    work = copy_store(built.store, tmp_path / "kinds.sqlite")
    pristine = tmp_path / "pristine.sqlite"
    copy_store(built.store, pristine)
    missed: list[str] = []
    for plant in _plants(built, profile):
        shutil.copyfile(pristine, work)
        with Tamperer(work) as tamper:
            tamper.run(*plant.statements)
        verdict = verify(work)
        detected = verdict.exit_code != 0 and all(
            verdict.names(message_id, subject) for message_id, subject in plant.expect
        ) and (not plant.any_of or bool(verdict.ids & set(plant.any_of)))
        _record(plant.what, verdict, detected)
        if not detected:
            missed.append(f"{plant.what}: expected {plant.expect} {plant.any_of}, got {verdict}")
    assert not missed, missed[:5]


def test_a_store_rolled_back_while_a_newer_checkpoint_exists(built: Built, tmp_path: Path) -> None:
    work = tmp_path / "rolled.sqlite"
    shutil.copyfile(built.older, work)  # the older database ...
    shutil.copyfile(checkpoint_path(built.store), checkpoint_path(work))  # ... newer checkpoints
    verdict = verify(work)
    detected = verdict.exit_code != 0 and verdict.names("PL505")
    _record("rollback", verdict, detected)
    assert detected, verdict


def test_a_rolled_back_store_that_grew_again(built: Built, svamp: Path, tmp_path: Path) -> None:
    work = tmp_path / "regrown.sqlite"
    shutil.copyfile(built.older, work)
    published = tmp_path / "published.checkpoints"  # the newer checkpoints, kept elsewhere
    shutil.copyfile(checkpoint_path(built.store), published)
    other = tmp_path / "other.jsonl"
    lines = svamp.read_bytes().splitlines(keepends=True)
    other.write_bytes(b"".join(lines[500:500 + len(built.rows) // 5 + 30]))
    assert cli("run", other, "--store", work, "--engine", "inprocess").exit_code == 0
    assert len(log(work)) > len(built.rows), "the regrown log must pass the checkpoint's size"
    verdict = verify(work, checkpoints=published)
    detected = verdict.exit_code != 0 and verdict.names("PL504")
    _record("rollback_regrown", verdict, detected)
    assert detected, verdict


def test_the_exit_codes_are_the_process_exit_codes(built: Built, tmp_path: Path) -> None:
    """One real ``python -m practiceloop.cli verify`` per exit bit: what a shell sees."""
    cases = {}
    flipped = copy_store(built.store, tmp_path / "flipped.sqlite")
    _, object_id, _, body, _ = built.rows[len(built.rows) // 2]
    middle = len(body) // 2
    damaged = body[:middle] + bytes([body[middle] ^ 0x20]) + body[middle + 1:]
    with Tamperer(flipped) as tamper:
        tamper.run(("UPDATE objects SET body = ? WHERE id = ?", (damaged, object_id)))
    cases["corrupt"] = (flipped, 1)
    unlogged = copy_store(built.store, tmp_path / "unlogged.sqlite")
    with Tamperer(unlogged) as tamper:
        tamper.run(("DELETE FROM objects WHERE id = ?", (built.rows[3][1],)))
    cases["incomplete"] = (unlogged, 2)
    cases["clean"] = (built.store, 0)
    for name, (store, bit) in cases.items():
        process = subprocess.run(
            [sys.executable, "-m", "practiceloop.cli", "verify", "--store", str(store)],
            capture_output=True, text=True, timeout=120, check=False,
            env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        )
        assert (process.returncode & bit) == bit and (bit or process.returncode == 0), \
            (name, process.returncode, process.stdout[-500:], process.stderr[-500:])
        assert process.returncode == verify(store).exit_code, name
        if bit:
            assert "PL" in process.stdout, process.stdout[-500:]
        figures.count(SUITE, "subprocess_verifies")


# -- damaged database files ----------------------------------------------------------------------

_DAMAGE: tuple[str, ...] = ("flip_byte", "zero_page", "repeat_page", "cut", "flip_header")


def _damaged(data: bytes, how: str, rng: random.Random) -> bytes:
    page = int.from_bytes(data[16:18], "big")
    page = 65536 if page == 1 else page
    pages = len(data) // page
    if how == "flip_byte":
        at = rng.randrange(100, len(data))
    elif how == "flip_header":
        at = rng.randrange(0, 100)
    else:
        at = -1
    if at >= 0:
        return data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1:]
    number = rng.randrange(1, pages)
    if how == "zero_page":
        return data[:number * page] + bytes(page) + data[(number + 1) * page:]
    if how == "repeat_page":
        other = rng.randrange(1, pages)
        chunk = data[other * page:(other + 1) * page]
        return data[:number * page] + chunk + data[(number + 1) * page:]
    return data[:rng.randrange(0, len(data))]


def test_damaged_database_files_never_crash_verify_and_never_pass_changed(
    built: Built, profile: Profile, tmp_path: Path
) -> None:
    """A damaged file gives an exit code of the audit's bitmask, never a crash; and a store
    that verifies clean after the damage still holds exactly the same log."""
    data = built.store.read_bytes()
    rng = random.Random(profile.seed + 2)
    work = tmp_path / "damaged.sqlite"
    shutil.copyfile(checkpoint_path(built.store), checkpoint_path(work))
    outcomes: collections.Counter[str] = collections.Counter()
    for number in range(profile.damaged_files):
        how = _DAMAGE[number % len(_DAMAGE)]
        work.write_bytes(_damaged(data, how, rng))
        for suffix in ("-wal", "-shm"):
            Path(f"{work}{suffix}").unlink(missing_ok=True)
        verdict = verify(work)
        assert 0 <= verdict.exit_code <= 7, (how, verdict)
        assert "internal error" not in verdict.stderr, (how, verdict.stderr)
        if verdict.exit_code == 0:
            assert log(work) == list(built.rows), f"{how}: verify passed a changed log"
            figures.count(SUITE, "harmless:damaged_file")  # unused space: the log is intact
        outcomes[f"{how}:{'clean' if verdict.exit_code == 0 else 'detected'}"] += 1
        _record("damaged_file", verdict, verdict.exit_code != 0)
    figures.note(SUITE, "damaged_files", dict(outcomes))


# -- planted records: fields changed, every hash and the checkpoints rewritten to match ---------


def _strip_prose(value: object) -> object:
    """A record without its prose (loop.md s2: explanation never enters an identity)."""
    if isinstance(value, dict):
        return {k: _strip_prose(v) for k, v in value.items() if k != "explanation"}
    if isinstance(value, list):
        return [_strip_prose(v) for v in value]
    return value


def _merkle_root(leaves: list[bytes]) -> bytes:
    """RFC 9162 MTH, written out again."""
    if not leaves:
        return hashlib.sha256(b"").digest()
    if len(leaves) == 1:
        return leaves[0]
    split = 1 << ((len(leaves) - 1).bit_length() - 1)
    return hashlib.sha256(b"\x01" + _merkle_root(leaves[:split])
                          + _merkle_root(leaves[split:])).digest()


@st.composite
def _planted(
    draw: Callable[[st.SearchStrategy[Any]], Any], rows: tuple[Row, ...]
) -> tuple[int, bytes]:
    index = draw(st.integers(0, len(rows) - 1))
    document = json.loads(rows[index][3])
    paths: list[tuple[Any, ...]] = []

    def walk(value: Any, path: tuple[Any, ...]) -> None:
        paths.append(path)
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, (*path, key))
        elif isinstance(value, list):
            for position, item in enumerate(value):
                walk(item, (*path, position))

    walk(document["record"], ("record",))
    path = draw(st.sampled_from(paths[1:]))
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    how = draw(st.sampled_from(["replace", "drop", "add", "duplicate"]))
    if how == "drop" and isinstance(parent, dict):
        del parent[path[-1]]
    elif how == "add" and isinstance(parent, dict):
        parent[draw(st.text(min_size=1, max_size=4))] = draw(json_values(4))
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(path[-1], parent[path[-1]])
    else:
        parent[path[-1]] = draw(json_values(6))
    try:
        body = canonical_bytes(document)
    except ValueError:  # NaN, huge ints, lone surrogates: stored as whatever bytes JSON gives
        body = json.dumps(document, ensure_ascii=False).encode("utf-8", "surrogatepass")
    return index, body


@pytest.fixture(scope="module")
def planting(built: Built, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    directory = tmp_path_factory.mktemp("planted")
    return copy_store(built.store, directory / "pristine.sqlite"), directory / "work.sqlite"


@hypothesis_settings(active().planted_examples)
@given(data=st.data())
def test_a_planted_record_is_named_even_with_every_hash_rewritten(
    built: Built, planting: tuple[Path, Path], data: st.DataObject
) -> None:
    """An attacker with the file changes one record, re-hashes its leaf and publishes a new
    checkpoint over the new root. Unless only prose changed, verify names the record."""
    pristine, work = planting
    index, body = data.draw(_planted(built.rows), label="planted record")
    _, object_id, kind, original, _ = built.rows[index]
    shutil.copyfile(pristine, work)
    with Tamperer(work) as tamper:
        tamper.run(("UPDATE objects SET body = ? WHERE id = ?", (body, object_id)),
                   ("UPDATE log SET leaf_hash = ? WHERE object_id = ?", (leaf(body), object_id)))
    leaves = [leaf(body if r[1] == object_id else r[3]) for r in built.rows]
    line = canonical_bytes({"root": _merkle_root(leaves).hex(), "size": len(leaves)}) + b"\n"
    checkpoint_path(work).write_bytes(line)
    verdict = verify(work)
    assert "internal error" not in verdict.stderr, verdict.stderr
    assert 0 <= verdict.exit_code <= 7, verdict
    try:
        prose_only = _strip_prose(json.loads(body)) == _strip_prose(json.loads(original))
    except ValueError:
        prose_only = False
    if body == original or prose_only:
        figures.count(SUITE, "planted_prose_only")  # outside every id: only a pinned root helps
        return
    detected = verdict.exit_code != 0 and any(s == object_id for _, s in verdict.findings)
    _record("planted_record", verdict, detected)
    assert detected, (kind, object_id, body[:300], verdict)
