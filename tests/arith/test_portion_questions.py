"""The question of the portion reading's first shape (authored texts)."""

from __future__ import annotations

from practiceloop.arith.portion_questions import asked, question
from practiceloop.kernel.span import SourceSpan


def _span(text: str) -> SourceSpan:
    return SourceSpan(text=text, start=0, end=len(text), sentence_index=0)


def test_asked() -> None:
    def ask(text: str) -> tuple[str, str | None] | None:
        read = asked(*question(_span(text)))
        return None if read is None else (read.kind, read.holder)

    assert ask("How many cups does Ivy have left?") == ("left", "Ivy")
    assert ask("how many nuts were left?") == ("left", None)
    assert ask("How many sheep remain with Mary?") == ("left", "Mary")
    assert ask("How much money, in dollars, was left over?") == ("left", None)
    assert ask("How much is left of Ivy's money?") == ("left", "Ivy")
    assert ask("What is the amount of money Ivy has left?") == ("left", "Ivy")
    assert ask("How many cups did Ivy give?") == ("moved", "Ivy")
    assert ask("How much did she have at first?") == ("start", "she")
    assert ask("How many of them are male?") == ("prop", None)
    assert ask("How many of the pies are not eaten with forks?") == ("rest", None)
    # "had" asks before the move or after it: unread
    assert ask("How many cups did Ivy have?") is None
    assert ask("How many cups did Ivy find?") is None  # no verb that takes things
