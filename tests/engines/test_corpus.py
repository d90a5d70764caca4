"""The streaming corpus reader: every bad-line reason, framing, and the real corpora."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from practiceloop.engines import corpus as corpus_module
from practiceloop.engines.corpus import BadLine, CorpusProblem, count_lines, read_corpus
from practiceloop.engines.errors import CorpusError


def _read(tmp_path: Path, data: bytes) -> list[CorpusProblem | BadLine]:
    path = tmp_path / "c.jsonl"
    path.write_bytes(data)
    items = list(read_corpus(path))
    assert count_lines(path) == len(items)
    return items


def _line(**fields: object) -> bytes:
    return json.dumps(fields).encode() + b"\n"


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b"{not json\n", "not_json"),
        (b'{"id": "a", "question": NaN}\n', "not_json"),
        (b'{"id": "a", "id": "b", "question": "q"}\n', "not_json"),
        (b'{"id": "a", "question": "q"} {}\n', "not_json"),
        (b"[1, 2]\n", "not_object"),
        (b'"text"\n', "not_object"),
        (b'{"question": "q"}\n', "no_id"),
        (b'{"id": 7, "question": "q"}\n', "bad_id"),
        (b'{"id": null, "question": "q"}\n', "bad_id"),
        (b'{"id": "", "question": "q"}\n', "bad_id"),
        (b'{"id": "a"}\n', "no_question"),
        (b'{"id": "a", "question": 3}\n', "no_question"),
        (b'{"id": "a", "question": "lone \\ud800 surrogate"}\n', "no_utf8_form"),
        (b'{"id": "\\udfff", "question": "q"}\n', "no_utf8_form"),
        (b'{"id": "a", "question": "caf\xe9"}\n', "not_utf8"),
    ],
)
def test_each_bad_line_is_named_and_reading_goes_on(
    tmp_path: Path, line: bytes, reason: str
) -> None:
    items = _read(tmp_path, _line(id="first", question="q1") + line + _line(id="z", question="q"))
    assert items == [
        CorpusProblem(1, "first", "q1"),
        BadLine(2, reason),
        CorpusProblem(3, "z", "q"),
    ]


def test_a_repeated_id_keeps_the_first_line(tmp_path: Path) -> None:
    data = _line(id="a", question="one") + _line(id="a", question="two")
    assert _read(tmp_path, data) == [CorpusProblem(1, "a", "one"), BadLine(2, "repeated_id")]


def test_a_refused_line_does_not_claim_its_id(tmp_path: Path) -> None:
    data = _line(id="a") + _line(id="a", question="q")
    assert _read(tmp_path, data) == [BadLine(1, "no_question"), CorpusProblem(2, "a", "q")]


def test_framing_blank_lines_crlf_bom_and_no_final_newline(tmp_path: Path) -> None:
    data = (
        b"\xef\xbb\xbf"
        + _line(id="a", question="q")
        + b"\n  \r\n"
        + b'{"id": "b", "question": "r"}\r\n'
        + b'{"id": "c", "question": "s \\u2028 t"}'
    )
    assert _read(tmp_path, data) == [
        CorpusProblem(1, "a", "q"),
        CorpusProblem(4, "b", "r"),
        CorpusProblem(5, "c", "s \u2028 t"),
    ]


def test_text_is_kept_exactly_and_gold_is_never_needed(tmp_path: Path) -> None:
    text = "  Tom has 3 apples.\tHow many? \U0001f34e "
    assert _read(tmp_path, _line(id="é-1", question=text)) == [CorpusProblem(1, "é-1", text)]


def test_a_line_too_long_is_skipped_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(corpus_module, "MAX_LINE_BYTES", 64)
    monkeypatch.setattr(corpus_module, "_CHUNK", 16)
    long_line = _line(id="long", question="x" * 500)
    exact = _line(id="ok", question="y" * 36)  # 64 bytes and a newline: fits exactly
    assert len(exact) == 65
    unfinished = b'{"id": "t", "question": "' + b"z" * 80  # too long, and no final newline
    data = _line(id="a", question="q") + long_line + exact + unfinished
    assert _read(tmp_path, data) == [
        CorpusProblem(1, "a", "q"),
        BadLine(2, "line_too_long"),
        CorpusProblem(3, "ok", "y" * 36),
        BadLine(4, "line_too_long"),
    ]


def test_a_reader_abandoned_mid_corpus_closes_on_any_thread(tmp_path: Path) -> None:
    # A run stopped mid-corpus leaves its reader to the garbage collector, which may finalize
    # it on another thread (a Dask client's, an executor's): closing must not raise there.
    path = tmp_path / "c.jsonl"
    path.write_text("".join(json.dumps({"id": f"p{n}", "question": "q"}) + "\n"
                            for n in range(3)), encoding="utf-8")
    reader = read_corpus(path)
    assert isinstance(next(reader), CorpusProblem)
    raised: list[BaseException] = []

    def close() -> None:
        try:
            reader.close()
        except BaseException as exc:
            raised.append(exc)

    closer = threading.Thread(target=close)
    closer.start()
    closer.join()
    assert raised == []


def test_a_corpus_that_cannot_be_read_raises_corpus_error(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="cannot read corpus"):
        list(read_corpus(tmp_path / "missing.jsonl"))
    with pytest.raises(CorpusError):
        count_lines(tmp_path)  # a directory
    with pytest.raises(CorpusError) as info:
        list(read_corpus(tmp_path))
    assert "hint:" in info.value.diagnostics()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.binary(max_size=40).map(lambda b: b.replace(b"\n", b"")), max_size=8))
def test_arbitrary_bytes_never_raise_and_number_every_line(lines: list[bytes]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "c.jsonl"
        path.write_bytes(b"\n".join(lines))
        items = list(read_corpus(path))
        assert count_lines(path) == len(items)
    expected = [i + 1 for i, line in enumerate(lines) if line.strip()]
    assert [item.line_no for item in items] == expected
    for item in items:
        if isinstance(item, CorpusProblem):
            item.problem_id.encode("utf-8")
            item.text.encode("utf-8")


@pytest.mark.corpus
@pytest.mark.parametrize(("fixture", "size"), [("svamp", 1000), ("gsm8k", 7473)])
def test_the_development_corpora_read_clean(
    request: pytest.FixtureRequest, fixture: str, size: int
) -> None:
    path: Path = request.getfixturevalue(fixture)
    items = list(read_corpus(path))
    assert len(items) == size == count_lines(path)
    assert all(isinstance(item, CorpusProblem) for item in items)
