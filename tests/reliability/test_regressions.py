"""Regression tests for what the reliability suites found, each with its exact failing input.

Every test names the suite that found the problem. Fixed problems are plain tests; a gap that
is reported but not ours to close is an ``xfail(strict=True)`` test, so that the day it is
closed the test says so.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from practiceloop.arith.reader import ReaderRefusal, read
from practiceloop.kernel.gate import GateStatus, decide_search_gate
from practiceloop.kernel.identity import Digest
from practiceloop.kernel.record import sealed
from practiceloop.kernel.residual import ContractResidual, ResidualKind
from practiceloop.loop.evidence import practice_problem
from practiceloop.store import EvidenceStore, ObjectNotFoundError, query_episodes
from practiceloop.store.errors import SizeOutOfRangeError

from .profile import load_texts

pytestmark = pytest.mark.corpus

LONE_SURROGATE = "\ud800"


@pytest.fixture
def store(tmp_path: Path) -> EvidenceStore:
    problem_id, text = load_texts(1)[0]
    evidence = practice_problem(problem_id, text)
    opened = EvidenceStore.open(tmp_path / "store.sqlite", create=True)
    opened.append(list(evidence.objects), [(problem_id, Digest(evidence.entry_id))])
    return opened


# Found by test_boundaries (store.EvidenceStore.*): binding a str with no UTF-8 form raised
# UnicodeEncodeError out of sqlite3 (not an sqlite3.Error, so not translated), e.g.
# EvidenceStore.get('\ud800'). Fixed in store/sqlite.py: such a key is "not found".


def test_a_lookup_by_an_int_beyond_sqlite_integers_is_not_found(store: EvidenceStore) -> None:
    # Found by test_boundaries' long profile: store.inclusion_proof(2**63) raised OverflowError
    # (sqlite3 cannot bind it); list(store.iter_objects(start="\ud800")) UnicodeEncodeError.
    with store:
        with pytest.raises(ObjectNotFoundError):
            store.inclusion_proof(2**63)  # type: ignore[arg-type]
        with pytest.raises(ObjectNotFoundError):
            store.get(-(2**70))  # type: ignore[arg-type]
        assert store.has_problem(2**64) is False  # type: ignore[arg-type]
        assert list(store.iter_objects(start=LONE_SURROGATE)) == []  # type: ignore[arg-type]


def test_a_huge_int_in_a_batch_is_an_invalid_object(store: EvidenceStore) -> None:
    # Found by test_boundaries' long profile: append([(10**5000, kind, body)]) raised ValueError
    # (the int's repr in the message) instead of InvalidObjectError.
    from practiceloop.store import InvalidObjectError

    with store:
        with pytest.raises(InvalidObjectError):
            store.append([(10**5000, "problem_frame", b"{}")])  # type: ignore[list-item]
        with pytest.raises(InvalidObjectError):
            store.append([], [(10**5000, Digest("a" * 64))])  # type: ignore[list-item]


def test_a_lookup_by_an_id_with_no_utf8_form_is_not_found(store: EvidenceStore) -> None:
    with store:
        with pytest.raises(ObjectNotFoundError):
            store.get(Digest(LONE_SURROGATE))
        with pytest.raises(ObjectNotFoundError):
            store.leaf_index(Digest("a" * 63 + LONE_SURROGATE))
        with pytest.raises(ObjectNotFoundError):
            store.inclusion_proof(Digest(LONE_SURROGATE))
        assert store.has_object(Digest(LONE_SURROGATE)) is False
        assert store.has_problem("svamp-" + LONE_SURROGATE) is False
        assert list(store.iter_objects(kind=LONE_SURROGATE)) == []


def test_the_not_found_error_for_such_an_id_prints(store: EvidenceStore) -> None:
    with store, pytest.raises(ObjectNotFoundError) as caught:
        store.get(Digest(LONE_SURROGATE))
    str(caught.value).encode("utf-8")  # a message a terminal can print


# Found by test_boundaries (store.EvidenceStore.iter_objects): a start position past SQLite's
# INTEGER range raised OverflowError, e.g. list(store.iter_objects(start=2**63)).


def test_iterating_from_beyond_sqlite_integers_yields_nothing(store: EvidenceStore) -> None:
    with store:
        assert list(store.iter_objects(start=2**63)) == []
        assert list(store.iter_objects(start=10**30, kind="problem_frame")) == []
        assert len(list(store.iter_objects(start=0))) == store.log_size()


# Found by test_boundaries' long profile (store.EvidenceStore.log_root / consistency_proof /
# log_roots): a size past CPython's int-to-str limit, e.g. store.log_root(10**5000), raised
# ValueError("Exceeds the limit (4300 digits) ...") while building the SizeOutOfRangeError
# message. Fixed in store/sqlite.py (the message names such a size by its bit length).


def test_a_huge_size_is_out_of_range_not_unprintable(store: EvidenceStore) -> None:
    with store:
        for call in (lambda: store.log_root(10**5000),
                     lambda: store.consistency_proof(10**5000, 1),
                     lambda: store.log_roots([1, 10**5000])):
            with pytest.raises(SizeOutOfRangeError) as caught:
                call()
            assert "bits" in str(caught.value)


# Found by test_boundaries' long profile (store.query_episodes): an offset past SQLite's INTEGER
# range, query_episodes(store, offset=2**63), raised OverflowError; the docstring promises an
# empty page for an offset beyond the end. Fixed in store/index.py.


def test_an_offset_beyond_sqlite_integers_is_an_empty_page(store: EvidenceStore) -> None:
    with store:
        page = query_episodes(store, offset=2**63)
        assert page.episodes == () and page.total == query_episodes(store).total


# Found by test_boundaries' re-sealed forgeries (loop.md s3 gate, s7): the gate took a
# residual's kind and axis on trust, so a residual re-classified (say hazard_blocked ->
# missing_role) and re-sealed, self-consistent, of the assessment and with its code, turned a
# blocked context eligible. Fixed in kernel/gate.py: the gate takes the organ's classification
# table (the manifest's) and re-derives both; so does the replay adapter (issue 16).


def _table(assessment: object) -> object:
    from practiceloop.arith.manifest import ARITH_MANIFEST

    entry = ARITH_MANIFEST.organ(assessment.candidate_organ)  # type: ignore[attr-defined]
    assert entry is not None
    return entry.classification


def _blocked_chain() -> tuple[object, object, tuple[ContractResidual, ...]]:
    from practiceloop.loop.episode import practice

    for _, text in load_texts(50):
        result = practice(text)
        for episode in result.episodes:
            residuals = tuple(r for r in episode.records if type(r) is ContractResidual)
            if residuals and decide_search_gate(
                result.frame, episode.assessment, residuals, _table(episode.assessment)  # type: ignore[arg-type]
            ).status is GateStatus.BLOCKED:
                return result.frame, episode.assessment, residuals
    raise AssertionError("no blocked context among the first 50 SVAMP problems")


def test_a_residual_reclassified_and_resealed_does_not_open_the_gate() -> None:
    frame, assessment, residuals = _blocked_chain()
    forged = []
    for residual in residuals:
        fields = {f.name: getattr(residual, f.name) for f in dataclasses.fields(residual)
                  if f.name != "residual_id"}
        fields.update(residual_kind=ResidualKind.MISSING_ROLE, source_axis="role")
        forged.append(sealed(ContractResidual, **fields))
    decision = decide_search_gate(frame, assessment, tuple(forged), _table(assessment))  # type: ignore[arg-type]
    assert decision.status is GateStatus.UNASSESSABLE


# Found by fuzz/atheris_reader.py (not by the Hypothesis fuzz): a sentence opening with "After"
# and holding a non-word token before its verb crashed the reader's after_a_move rule
# (verb_direction("") indexed "".split()[0]), and read() turned the IndexError into a
# ReaderRefusal('reader_fault'). 384 of the 8,473 development problems (1 SVAMP, 383 GSM8K,
# e.g. gsm8k-train-00009) were unreadable. Fixed in arith/_text.py: no word, no direction.


@pytest.mark.parametrize("text", [
    "After\x00had4",  # the minimal input atheris found, shrunk
    " waites had 12 customers. After som\x01\x00\x00\x00e left he st\nill had 14 customers. now?",
    "After lunch, he had 4 apples.",
    "After that, Tom had 5 pens. How many pens does Tom have?",
])
def test_a_sentence_opening_with_after_and_a_comma_is_read(text: str) -> None:
    assert not isinstance(read(text), ReaderRefusal)


@pytest.mark.corpus
def test_no_development_problem_is_refused_by_the_reader() -> None:
    texts = [text for _, text in load_texts(1000)]
    texts += [text for _, text in load_texts(400, "gsm8k_train.jsonl")]
    refused = [text[:80] for text in texts if isinstance(read(text), ReaderRefusal)]
    assert not refused, refused[:5]
