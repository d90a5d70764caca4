"""A chain reading's question told as "What is the total number of <thing> they <verb>?"
(:mod:`practiceloop.arith.side_chains`)."""

from __future__ import annotations

import re

from practiceloop.arith.lexicon import told_in_past, told_in_present
from practiceloop.kernel.span import SourceSpan

__all__ = ["asked_tense", "condition_cut", "total_number_asked"]


def total_number_asked(holder: str, thing: str) -> re.Pattern[str]:
    """ "what's the total number of fish they caught together?", "what is the combined number
    of cards kim and lou have?": the sum of every holder ("they") or of two named ones, asked
    with no auxiliary (the verb's own form tells the time: :func:`asked_tense`)."""
    return re.compile(
        rf"(?:what is|what's|what was) the (?P<all>total|combined) number of (?P<t>{thing})"
        rf" (?:(?P<h>{holder}) and (?P<b>{holder})|(?P<they>they)(?: both)?) (?P<v>[a-z]+)"
        r"(?: together| altogether| in all| in total)?(?P<aux>)\?"
    )


def asked_tense(verb: str) -> str | None:
    """The auxiliary a verb asked with none tells: "did" for a past form ("caught"), "does"
    for a present one ("have"), None when the form tells neither ("put", "read")."""
    if told_in_past(verb):
        return "did"
    if told_in_present(verb):
        return "does"
    return None


def condition_cut(sentences: tuple[SourceSpan, ...]) -> tuple[tuple[SourceSpan, ...], SourceSpan]:
    """The story's sentences and the question: "If Leo caught 40 fish, what's the total ...?"
    (a condition the reader left in the question's sentence, before ", what") is told like the
    story, in a span of its own; otherwise the last sentence is the question."""
    last = sentences[-1]
    cut = last.text.find(", what")
    if not last.text.lstrip().lower().startswith("if ") or cut < 0:
        return sentences[:-1], last
    condition = SourceSpan(last.text[:cut], last.start, last.start + cut, last.sentence_index)
    rest = last.text[cut + 2 :]
    asked = SourceSpan(rest, last.start + cut + 2, last.end, last.sentence_index)
    return (*sentences[:-1], condition), asked
