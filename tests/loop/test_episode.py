"""The live loop on real text: every id recomputed independently, both shapes, determinism."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tests.kernel._toy_domain  # noqa: F401  (declares kernel II kinds' identity fields)
from practiceloop.kernel.identity import canonical_bytes, digest
from practiceloop.kernel.record import full_form, full_form_bytes, identity_payload, record_id
from practiceloop.kernel.replay import ReplayAdapterResult
from practiceloop.kernel.trace import PracticeTraceRefusal, SealedPracticeTrace
from practiceloop.loop.episode import Episode, Practice, RunShape, practice
from practiceloop.loop.evidence import encode_record
from tests.kernel._independent import SELF_ID, assert_sealed

CORPORA = Path(__file__).resolve().parents[3] / "shared" / "corpora"

# Short problems written for these tests: one per organ and one with a distractor.
TEXTS = (
    "Dan had 8 apples. He ate 3 apples. How many apples does Dan have now?",
    "Sara has 4 red pens and 5 blue pens. How many pens does Sara have in all?",
    "Tom has 9 stickers. Ann has 4 stickers. How many more stickers does Tom have than Ann?",
    "There are 6 boxes. Each box has 7 pencils. How many pencils are there in all?",
    "Lena shares 20 cookies equally among 4 friends. How many cookies does each friend get?",
    "Mia had 10 balloons. She gave 4 balloons to Joe. She is 9 years old. How many balloons"
    " does Mia have left?",
)


def _svamp(n: int) -> list[str]:
    path = CORPORA / "svamp.jsonl"
    assert path.is_file(), f"development corpus missing: {path}"
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line)["question"] for _, line in zip(range(n), handle, strict=False)]


def _replay_dispositions(result: Practice) -> list[list[str]]:
    return [
        [r.replay_disposition.value for r in episode.records if type(r) is ReplayAdapterResult]
        for episode in result.episodes
    ]


@pytest.mark.parametrize("shape", list(RunShape))
@pytest.mark.parametrize("text", TEXTS)
def test_every_id_in_an_episode_recomputes_independently(text: str, shape: RunShape) -> None:
    result = practice(text, shape=shape)
    assert result.frame is not None and result.assessments
    records = list(result.records)
    kinds = Counter(type(r).__name__ for r in records)
    for item in records:
        assert type(item).__name__ in SELF_ID, f"no independent identity for {type(item).__name__}"
        assert_sealed(item)  # the tests' own canonical JSON + hashlib, never the kernel's
    for episode in result.episodes:
        assert type(episode.trace) is SealedPracticeTrace, episode.trace
        assert episode.trace is episode.records[-1]
    assert kinds["ProblemFrame"] >= 1 and kinds["ContractAssessment"] >= 1


@pytest.mark.parametrize("text", TEXTS)
def test_every_reference_of_a_trace_resolves_within_its_episode(text: str) -> None:
    for episode in practice(text).episodes:
        trace = episode.trace
        assert type(trace) is SealedPracticeTrace
        ids = {getattr(r, SELF_ID[type(r).__name__]) for r in episode.records}
        # The frame and the original assessment are the problem's records, shared by episodes.
        ids.update((trace.problem_frame_digest, episode.assessment.assessment_id))
        for ref in (*trace.upstream_identity_chain, *trace.trace_records):
            assert ref in ids, f"{ref} unresolved in {trace.practice_disposition}"


def test_open_and_embedded_shapes_replay_the_same_candidates_the_same_way() -> None:
    compared = 0
    for text in (*TEXTS, *_svamp(150)):
        open_, embedded = practice(text), practice(text, shape=RunShape.EMBEDDED)
        assert _replay_dispositions(open_) == _replay_dispositions(embedded)
        assert [e.practice_disposition for e in open_.episodes] == [
            e.practice_disposition for e in embedded.episodes
        ]
        compared += sum(map(len, _replay_dispositions(open_)))
    assert compared > 50  # the comparison really covered replayed candidates


def test_practice_is_deterministic_to_the_byte() -> None:
    for text in (*TEXTS, *_svamp(40)):
        first = [encode_record(r) for r in practice(text).records]
        second = [encode_record(r) for r in practice(text).records]
        assert first == second


def test_closed_frames_are_exactly_the_candidates_whose_replay_closed() -> None:
    seen_closed = 0
    for text in (*TEXTS, *_svamp(100)):
        for episode in practice(text).episodes:
            closed = [
                r
                for r in episode.records
                if type(r) is ReplayAdapterResult
                and r.replay_disposition.value == "contract_and_proof_closed"
            ]
            assert len(episode.closed_frames) == len(closed)
            seen_closed += len(closed)
    assert seen_closed > 0


def test_text_without_utf8_form_is_a_reader_refusal_not_an_exception() -> None:
    result = practice("Dan had 3 apples\ud800. How many?")
    assert result.frame is None and result.reader_refusal is not None
    assert result.episodes == () and list(result.records) == []


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=300))
def test_practice_never_raises_and_seals_every_episode(text: str) -> None:
    result = practice(text)
    for episode in result.episodes:
        assert isinstance(episode, Episode)
        assert type(episode.trace) in (SealedPracticeTrace, PracticeTraceRefusal)


def _assert_stored_bytes_are_the_validated_encoding(result: Practice) -> None:
    # The bytes sealed() kept for the store and the id it set are those the validated encoder
    # gives for the record's fields now.
    for item in result.records:
        assert full_form_bytes(item) == canonical_bytes(full_form(item))
        assert record_id(item) == digest(identity_payload(item))


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=300) | st.sampled_from(TEXTS))
def test_stored_bytes_and_ids_are_the_validated_encoding(text: str) -> None:
    _assert_stored_bytes_are_the_validated_encoding(practice(text))


def test_stored_bytes_and_ids_of_real_problems_are_the_validated_encoding() -> None:
    for text in _svamp(60):
        _assert_stored_bytes_are_the_validated_encoding(practice(text))
