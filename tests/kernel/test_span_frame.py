"""SourceSpan and ProblemFrame (loop.md s3): exact spans, order and duplicates kept, the frame
digest recomputed independently."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practiceloop.kernel.frame import (
    FRAME_SCHEMA_VERSION,
    Mention,
    Observation,
    ProblemFrame,
    Relation,
    Target,
    build_frame,
    frame_spans,
)
from practiceloop.kernel.record import RecordError, is_well_formed
from practiceloop.kernel.span import SourceSpan, spans_exact

from ._independent import (
    FUZZ,
    PROBLEMS,
    READER_ID,
    READER_VERSION,
    expected_id,
    read_problem,
    sentence_spans,
    sha256_hex,
    span,
)

# -- spans -------------------------------------------------------------------------------------


def test_span_rules() -> None:
    assert SourceSpan("abc", 2, 5, 0).end == 5
    with pytest.raises(RecordError):
        SourceSpan("", 3, 2, 0)  # start after end
    with pytest.raises(RecordError):
        SourceSpan("ab", 0, 3, 0)  # text length differs from end - start
    with pytest.raises(RecordError):
        SourceSpan("a", -1, 0, 0)
    with pytest.raises(RecordError):
        SourceSpan("a", True, 2, 0)


def test_spans_exact_against_the_source() -> None:
    text = PROBLEMS["tom"].text
    assert spans_exact((span(text, "apples", 1), span(text, "Tom")), text)
    assert not spans_exact((SourceSpan("Tam", 0, 3, 0),), text)
    assert not spans_exact((SourceSpan("x", len(text), len(text) + 1, 0),), text)


def test_span_payload_is_the_four_fields() -> None:
    assert sha256_hex({"text": "Tom", "start": 0, "end": 3, "sentence_index": 0}) == sha256_hex(
        {"end": 3, "sentence_index": 0, "start": 0, "text": "Tom"}
    )


# -- frames ------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", sorted(PROBLEMS))
def test_frame_digest_recomputed_independently(key: str) -> None:
    frame = read_problem(key)
    assert frame.problem_frame_digest == expected_id(frame)
    assert frame.frame_schema_version == FRAME_SCHEMA_VERSION
    assert spans_exact(frame_spans(frame), frame.source_text)


def test_equal_texts_same_reader_give_the_same_frame() -> None:
    assert read_problem("tom") == read_problem("tom")
    assert read_problem("tom").problem_frame_digest == read_problem("tom").problem_frame_digest


def test_reader_version_and_text_enter_the_digest() -> None:
    digests = {
        read_problem("tom").problem_frame_digest,
        read_problem("tom", reader_version="toy_reader.v2").problem_frame_digest,
        read_problem("ann").problem_frame_digest,
    }
    assert len(digests) == 3


def _rebuild(frame: ProblemFrame, **changes: Any) -> ProblemFrame:
    fields = {
        f.name: getattr(frame, f.name)
        for f in dataclasses.fields(frame)
        if f.name != "problem_frame_digest"
    }
    fields.update(changes)
    return build_frame(**fields)


def test_span_reorder_and_duplication_change_the_digest() -> None:
    frame = read_problem("tom")
    relation = frame.relations[0]
    spans = (frame.sentences[0], frame.sentences[1])
    ordered = _rebuild(frame, relations=(dataclasses.replace(relation, evidence_spans=spans),))
    reordered = _rebuild(
        frame, relations=(dataclasses.replace(relation, evidence_spans=spans[::-1]),)
    )
    duplicated = _rebuild(
        frame, relations=(dataclasses.replace(relation, evidence_spans=(*spans, spans[1])),)
    )
    digests = {f.problem_frame_digest for f in (frame, ordered, reordered, duplicated)}
    assert len(digests) == 4
    # Duplicates are kept, not folded away.
    assert duplicated.relations[0].evidence_spans == (*spans, spans[1])
    for f in (ordered, reordered, duplicated):
        assert f.problem_frame_digest == expected_id(f)


def test_frame_refuses_inexact_or_inconsistent_parts() -> None:
    frame = read_problem("tom")
    mention = frame.mentions[0]
    cases: list[Callable[[], object]] = [
        # Well typed, but not the slice of the source at 1..4.
        lambda: _rebuild(frame, sentences=(SourceSpan("Tom", 1, 4, 0),)),
        # Duplicate mention id.
        lambda: _rebuild(frame, mentions=(*frame.mentions, dataclasses.replace(mention, kind="x"))),
        # Attributes not sorted by unique key.
        lambda: dataclasses.replace(mention, attributes=(("z", "1"), ("a", "2"))),
        lambda: Target("t2", (("a", "1"), ("a", "2")), ()),
        lambda: Observation("o1", "negation", (("k", "v"), ("k", "w")), ()),
        # A role bound to an unknown mention; duplicate relation id; duplicate role name.
        lambda: _rebuild(frame, relations=(Relation("r1", "change", (("actor", "ghost"),), ()),)),
        lambda: _rebuild(frame, relations=(*frame.relations, frame.relations[0])),
        lambda: Relation("r9", "change", (("a", None), ("a", None)), ()),
        # Duplicate target id.
        lambda: _rebuild(frame, targets=(*frame.targets, frame.targets[0])),
    ]
    for case in cases:
        with pytest.raises(RecordError):
            case()
    # A longer text whose spans are all still exact is a different, valid frame.
    longer = _rebuild(frame, source_text=frame.source_text + " ")
    assert longer.problem_frame_digest not in (frame.problem_frame_digest, "")
    assert longer.problem_frame_digest == expected_id(longer)


def test_frame_helpers() -> None:
    frame = read_problem("tom")
    assert frame.mention("q1") is frame.mentions[0]
    assert frame.mention("nope") is None
    relation = frame.relations[0]
    assert relation.role("actor") is None  # the pronoun stands for the actor: not read
    assert relation.role("start") == "q1"
    assert relation.role("absent") is None
    spans = list(frame_spans(frame))
    assert spans[: len(frame.sentences)] == list(frame.sentences)
    assert spans[len(frame.sentences)] == frame.mentions[0].span


def test_non_ascii_frame_spans_are_code_point_slices() -> None:
    frame = read_problem("mia")
    half = next(m for m in frame.mentions if m.mention_id == "q2")
    assert half.span.text == "1½"
    assert frame.source_text[half.span.start : half.span.end] == "1½"
    assert dict(half.attributes)["value"] == "3/2"


# -- properties --------------------------------------------------------------------------------

_WORDS = st.lists(
    st.text(
        st.characters(exclude_categories=["Cs", "Zs", "Cc"], exclude_characters=".?!"),
        min_size=1,
        max_size=6,
    ),
    min_size=1,
    max_size=6,
)


@FUZZ
@given(_WORDS, st.data())
def test_any_exact_span_of_any_text_seals_independently(
    words: list[str], data: st.DataObject
) -> None:
    text = " ".join(words) + "."
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    piece = SourceSpan(text[start:end], start, end, 0)
    frame = build_frame(
        reader_id=READER_ID,
        reader_version=READER_VERSION,
        source_text=text,
        sentences=sentence_spans(text),
        mentions=(Mention("m1", "cue", piece, ()),),
        relations=(),
        targets=(),
        observations=(),
    )
    assert frame.problem_frame_digest == expected_id(frame)
    assert is_well_formed(frame, ProblemFrame)
    shifted = SourceSpan(text[start:end] + "x", start, end + 1, 0)
    if text[start : end + 1] != shifted.text:
        with pytest.raises(RecordError):
            build_frame(
                reader_id=READER_ID,
                reader_version=READER_VERSION,
                source_text=text,
                sentences=sentence_spans(text),
                mentions=(Mention("m1", "cue", shifted, ()),),
                relations=(),
                targets=(),
                observations=(),
            )
