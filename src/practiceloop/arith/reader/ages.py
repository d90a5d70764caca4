"""The question of an age: "How old is Tom?", "What will be Ann's age in 3 years?".

The unknown of an age question is read only here; what it asks (whose age, at what time) is
read by the age reading of the whole text (:mod:`practiceloop.arith.age_sides`), which closes
only what its closed patterns read.
"""

from __future__ import annotations

from practiceloop.arith.reader.tokens import Reading

__all__ = ["age_asked"]


def age_asked(r: Reading, lo: int, hi: int, attrs: dict[str, str]) -> tuple[int, int] | None:
    """ "How old ..." (the unknown spans "How old"), or "What is | was | will be <P>'s
    age", "Calculate | Find the age of <P>" (it spans the opener to "age"), within tokens
    ``lo``..``hi``: the token that opens it and the index after it, the unit ``year``; None for
    any other question."""
    for at in range(lo, hi):
        if r.word(at) == "how" and r.word(at + 1) == "old":
            attrs["unit"] = "year"
            return at, at + 2
        if r.word(at) in ("what", "calculate", "find"):
            end = next((i for i in range(at + 1, min(hi + 1, at + 8)) if r.word(i) == "age"), -1)
            if end > 0:
                attrs["unit"] = "year"
                return at, end + 1
    return None
