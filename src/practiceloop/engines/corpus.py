"""Streaming JSONL corpus reader: one problem per line, bad lines named, never all in memory.

:func:`read_corpus` yields, in file order, a :class:`CorpusProblem` ``(line_no, problem_id,
text)`` for each good line and a :class:`BadLine` ``(line_no, reason)`` for each line it
refuses; blank lines are skipped. A line is an object with a string ``id`` and a string
``question`` (other keys are ignored: gold answers are never read). ``line_no`` counts from 1.

Refusal reasons (stable codes, scripts may match on them):

``line_too_long``  more than :data:`MAX_LINE_BYTES` bytes (the rest of the line is skipped)
``not_utf8``       the line's bytes are not UTF-8
``not_json``       not one JSON value (also: NaN/Infinity, a repeated key in an object); an
                   ignored field may hold an integer of any length or nesting of any depth
``not_object``     a JSON value other than an object
``no_id``          no ``id`` key
``bad_id``         ``id`` is not a non-empty string
``no_question``    no ``question`` key, or it is not a string
``no_utf8_form``   ``id`` or ``question`` holds a lone surrogate (escaped ``\\ud800``): it has
                   no UTF-8 form, so it could never be hashed or stored
``question_too_long``  ``question`` takes more than :data:`MAX_QUESTION_BYTES` (64 KiB) of
                   UTF-8: refused before any work is spent on it
``repeated_id``    an ``id`` already seen on an earlier line (the first one wins)

Only opening and reading the file raise (:class:`CorpusError`); content never does. To refuse
repeats the reader must remember every id it has seen; it keeps them in a private temporary
SQLite database on disk (:class:`_SeenIds`), so its memory stays bounded whatever the corpus's
length: a run streams, and nothing it holds grows with the corpus.

The input is opened once and read once (:class:`Corpus`): a pipe, a FIFO or standard input
(``-``) is read whole, never reopened.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, Final, NamedTuple

from practiceloop.engines._json_line import NotJson, parse_line
from practiceloop.engines.errors import CorpusError

__all__ = [
    "MAX_LINE_BYTES",
    "MAX_QUESTION_BYTES",
    "STDIN_NAME",
    "BadLine",
    "Corpus",
    "CorpusProblem",
    "corpus_name",
    "count_lines",
    "question_too_long",
    "read_corpus",
]

MAX_LINE_BYTES: Final = 1 << 20
"""A longer line is refused (a real word problem is a few kilobytes)."""

MAX_QUESTION_BYTES: Final = 64 * 1024
"""A longer question (in bytes of UTF-8) is refused before any work: the longest development
problem is under 1 KiB, and the reader's cost grows with the text's length."""

STDIN_NAME: Final = "-"
"""The name of a corpus read from a stream (standard input)."""

_CHUNK: Final = 1 << 20


class CorpusProblem(NamedTuple):
    """A good line: its 1-based number, the problem's corpus id, its text."""

    line_no: int
    problem_id: str
    text: str


class BadLine(NamedTuple):
    """A refused line: its 1-based number and one stable reason code (see the module doc)."""

    line_no: int
    reason: str


class _SeenIds:
    """The ids seen so far, in a temporary on-disk SQLite table (bounded memory, any size).

    ``sqlite3.connect("")`` opens a private database in a temporary file that SQLite deletes on
    close; only its page cache (SQLite's default, about 2 MB) lives in memory. Nothing here
    needs durability, so the journal is off and nothing is synced. One reader uses it at a
    time, but a reader abandoned mid-corpus may be finalized by the garbage collector on
    another thread: hence no same-thread check (its close would raise there).
    """

    def __init__(self) -> None:
        self._conn = sqlite3.connect("", isolation_level=None, check_same_thread=False)
        self._conn.execute("PRAGMA journal_mode = OFF")
        self._conn.execute("PRAGMA synchronous = OFF")
        self._conn.execute("CREATE TABLE seen (id TEXT PRIMARY KEY) WITHOUT ROWID")
        self._conn.execute("BEGIN")  # one transaction for the whole read: no per-id commit

    def add(self, problem_id: str) -> bool:
        """Remember ``problem_id``; True when it was not seen before."""
        cursor = self._conn.execute("INSERT OR IGNORE INTO seen (id) VALUES (?)", (problem_id,))
        return cursor.rowcount == 1

    def close(self) -> None:
        self._conn.close()


def _has_utf8_form(text: str) -> bool:
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _parse(raw: bytes, line_no: int, seen: _SeenIds) -> CorpusProblem | BadLine:
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        return BadLine(line_no, "not_utf8")
    if line_no == 1 and line.startswith("\ufeff"):
        line = line[1:]  # a byte-order mark is an editor's habit, not content
    try:
        value = parse_line(line)
    except NotJson:
        return BadLine(line_no, "not_json")
    if type(value) is not dict:
        return BadLine(line_no, "not_object")
    if "id" not in value:
        return BadLine(line_no, "no_id")
    problem_id = value["id"]
    if type(problem_id) is not str or not problem_id:
        return BadLine(line_no, "bad_id")
    text = value.get("question")
    if type(text) is not str:
        return BadLine(line_no, "no_question")
    if not (_has_utf8_form(problem_id) and _has_utf8_form(text)):
        return BadLine(line_no, "no_utf8_form")
    if question_too_long(text):
        return BadLine(line_no, "question_too_long")
    if not seen.add(problem_id):
        return BadLine(line_no, "repeated_id")
    return CorpusProblem(line_no, problem_id, text)


def _lines(handle: BinaryIO) -> Iterator[bytes | None]:
    """Each line without its newline; ``None`` for a line longer than the limit."""
    while raw := handle.readline(MAX_LINE_BYTES + 1):
        if raw.endswith(b"\n"):
            yield raw[:-1]  # a "\r" left before it is JSON whitespace
        elif len(raw) <= MAX_LINE_BYTES:
            yield raw  # the last line, without a newline
        else:
            # Skip to the end of this line in bounded steps, whatever its length.
            while (raw := handle.readline(_CHUNK)) and not raw.endswith(b"\n"):
                pass
            yield None


def question_too_long(text: str) -> bool:
    """True when ``text`` takes more than :data:`MAX_QUESTION_BYTES` bytes of UTF-8.

    Cheap for any length: only a text of more than a quarter of the limit in characters is
    encoded (a character takes at most four bytes). A text without a UTF-8 form counts its
    surrogates as three bytes each, as they would be escaped.
    """
    if len(text) <= MAX_QUESTION_BYTES // 4:
        return False
    return len(text.encode("utf-8", "surrogatepass")) > MAX_QUESTION_BYTES


def corpus_name(source: str | os.PathLike[str] | BinaryIO) -> str:
    """How a corpus source is named to people: its path, or ``-`` for a stream."""
    return os.fspath(source) if isinstance(source, str | os.PathLike) else STDIN_NAME


class Corpus:
    """One corpus, opened once and read once: a path, or a binary stream (``-``: stdin).

    :attr:`total` is how many items :meth:`items` will yield when that is known before
    reading: a seekable input (a regular file, standard input redirected from one) is counted
    on the same handle and rewound to where it started; a pipe, a FIFO or a terminal cannot be
    read twice, so its total is ``None`` and it is only streamed. Nothing is ever opened twice,
    so a corpus given through a pipe (``<(...)``, ``/dev/stdin``, ``-``) is read whole.

    With ``count`` false nothing is counted (:attr:`total` is ``None``). Usable as a context
    manager; a stream given by the caller is left open. Raises :class:`CorpusError` when the
    file cannot be opened or read.
    """

    def __init__(self, source: str | os.PathLike[str] | BinaryIO, *, count: bool = True) -> None:
        self.name = corpus_name(source)
        self._owned = isinstance(source, str | os.PathLike)
        if isinstance(source, str | os.PathLike):
            try:
                self._handle: BinaryIO = Path(source).open("rb")  # noqa: SIM115 - closed in close()
            except OSError as exc:
                raise CorpusError(Path(source), exc.strerror or str(exc)) from exc
        else:
            self._handle = source
        try:
            self.total = self._count() if count else None
        except BaseException:
            self.close()
            raise

    def _count(self) -> int | None:
        handle = self._handle
        try:
            if not handle.seekable():
                return None
            start = handle.tell()
            total = sum(1 for raw in _lines(handle) if raw is None or raw.strip())
            handle.seek(start)
        except OSError as exc:
            raise CorpusError(Path(self.name), exc.strerror or str(exc)) from exc
        return total

    def items(self) -> Iterator[CorpusProblem | BadLine]:
        """A problem or a bad line per non-blank line, in order (see :func:`read_corpus`)."""
        seen = _SeenIds()
        line_no = 0
        try:
            for raw in _lines(self._handle):
                line_no += 1
                if raw is None:
                    yield BadLine(line_no, "line_too_long")
                elif raw.strip():
                    yield _parse(raw, line_no, seen)
        except OSError as exc:
            raise CorpusError(Path(self.name), exc.strerror or str(exc)) from exc
        finally:
            seen.close()

    def close(self) -> None:
        """Close the file this object opened (a stream given by the caller stays open)."""
        if self._owned:
            self._handle.close()

    def __enter__(self) -> Corpus:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_corpus(source: str | os.PathLike[str] | BinaryIO) -> Iterator[CorpusProblem | BadLine]:
    """Stream the corpus at ``source`` (a path, or a binary stream read from where it is).

    A problem or a bad line per non-blank line, in order. Raises :class:`CorpusError` when the
    file cannot be opened or read (missing, a directory, an I/O error); never for its content.
    Reads the input once (a stream is not counted first; see :class:`Corpus`).
    """
    with Corpus(source, count=False) as corpus:
        yield from corpus.items()


def count_lines(path: str | os.PathLike[str]) -> int:
    """How many items :func:`read_corpus` will yield for the file at ``path``.

    Reads the file once, line by line in bounded memory; raises :class:`CorpusError` like
    :func:`read_corpus`.
    """
    with Corpus(path) as corpus:
        if corpus.total is None:  # a pipe or a FIFO: counting it consumes it
            raise CorpusError(Path(path), "it is a stream; it cannot be counted before reading")
        return corpus.total
