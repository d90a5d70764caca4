"""Stage 5e of the reader: amounts listed under one verb, each with where it came from.

"For Easter Kim received 11 pieces of candy from her aunts and 5 pieces from her cousin": the
second amount has no verb of its own; it is listed under the first one's, each amount followed
by the same preposition and whom or where it came from. The plain coordination ("6 storks and
2 birds came") is :func:`~.quantities.share_coordinated`'s.
"""

from __future__ import annotations

import itertools
from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.reader.cues import is_verb
from practiceloop.arith.reader.tokens import Reading

__all__ = ["listed_with_source"]

Read = tuple[int, int, dict[str, str]]
_SOURCES: Final = frozenset({"from", "to", "at", "for"})
_MOVE_KEYS: Final = ("verb", "direction", "cue")


def _source_phrase(r: Reading, index: int, limit: int) -> int | None:
    """The token after "from <at most four words>" starting at ``index``, when every word
    there is a plain word (no verb, number, mark or clause opener); None otherwise."""
    if r.word(index) not in _SOURCES:
        return None
    probe = index + 1
    while probe < limit and probe - index <= 5:
        word = r.word(probe)
        if not word or is_verb(word) or word in lx.CONTROL_WORDS or r.toks[probe].kind != "word":
            break
        probe += 1
    return probe if probe > index + 1 else None


def listed_with_source(r: Reading, read: list[Read]) -> None:
    """ "received 11 pieces of candy from her aunts and 5 pieces from her cousin": an amount
    with no verb, listed with "and" right after an earlier amount's "from <whom>", and itself
    followed by the same preposition, takes the earlier amount's verb, direction and cue.
    Not when the later amount has a verb of its own, the prepositions differ ("from her aunts
    and 5 pieces for her cousin"), anything but the source phrase and "and" stands between,
    or the two are in different sentences."""
    for (first, _, attrs), (nxt, _, later) in itertools.pairwise(read):
        if "verb" not in attrs or "direction" not in attrs or "verb" in later:
            continue
        if not r.same_sentence(first, nxt):
            continue
        start = r.phrase_end.get(first, first + 1)
        end = _source_phrase(r, start, nxt)
        if end is None or end != nxt - 1 or r.word(end) != "and":
            continue
        after = r.phrase_end.get(nxt, nxt + 1)
        if r.word(after) != r.word(start) or not r.same_sentence(nxt, after):
            continue
        for key in _MOVE_KEYS:
            if key in attrs:
                later[key] = attrs[key]
