"""SourceSpan: an exact, ordered slice of a problem's source text (loop.md s3, ADR-0230 s11).

A span's payload is the object ``{text, start, end, sentence_index}``. Whether ``text`` is the
exact slice ``source_text[start:end]`` can only be judged against a source: see
:func:`spans_exact`. Spans are kept in order and duplicates are kept; nothing here sorts or
deduplicates them.
"""

from __future__ import annotations

from collections.abc import Iterable

from practiceloop.kernel.record import record

__all__ = ["SourceSpan", "spans_exact"]


@record()
class SourceSpan:
    """``text`` seen at ``source_text[start:end]`` in sentence ``sentence_index``."""

    text: str
    start: int
    end: int
    sentence_index: int

    def _rules(self) -> str | None:
        if self.start > self.end:
            return "start after end"
        if len(self.text) != self.end - self.start:
            return "text length differs from end - start"
        return None


def spans_exact(spans: Iterable[SourceSpan], source_text: str) -> bool:
    """True when every span is exactly the slice of ``source_text`` it claims."""
    return all(
        span.end <= len(source_text) and source_text[span.start : span.end] == span.text
        for span in spans
    )
