"""The chain reading's clauses and the checks over all of them (authored texts)."""

from __future__ import annotations

from practiceloop.arith import side_chains
from practiceloop.arith.chain_clauses import EVERY, Clause, every_holder, whole_of_them

from ._helpers import frame_of


def _clauses(text: str) -> list[Clause]:

    frame = frame_of(text)
    p = side_chains._patterns()
    out: list[Clause] = []
    for span in frame.sentences[:-1]:
        read = side_chains._sentence(p, span, frozenset())
        assert read is not None
        out.extend(read[0])
    return out


def test_whole_of_them() -> None:
    """ "N of them" and a bare number are parts of a whole told before, the part's holder one
    of the whole's; a whole with no "together" only when "N of them" takes from it."""
    assert whole_of_them(
        _clauses("Rosa and Femi have 70 shells together. Rosa has 39 of them. How many?")
    )
    assert not whole_of_them(
        _clauses("Rosa and Femi have 70 shells together. Ines has 39 of them. How many?")
    )
    assert whole_of_them(
        _clauses("Rosa and Femi found 70 shells. Femi found 39 of them. How many?")
    )
    assert not whole_of_them(
        _clauses("Rosa and Femi found 70 shells. Femi found 39 shells. How many?")
    )


def test_every_holder() -> None:
    """ "their" / "they" stands for every holder the clauses name, in one order."""
    assert every_holder(((EVERY, 1),), frozenset({"ann", "bo"})) == (("ann", 1), ("bo", 1))
    assert every_holder((("ann", 1), ("bo", -1)), frozenset({"cy"})) == (("ann", 1), ("bo", -1))
