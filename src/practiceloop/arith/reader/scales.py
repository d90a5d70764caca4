"""The scale stage: a multiplier word read as the factor of a multiple of another's amount.

"Lou has twice as many shells as Kim": "twice" is the factor of a scale (two times what Kim
has). :func:`read_factor_words` records it as a quantity mention (its value, and the verb
cue of its clause), so that the ``scale`` relation can bind it as its factor and quantity
accounting sees the word read; :func:`propose_scale` proposes that relation when
:func:`~practiceloop.arith.scales.read_scale` reads the whole text as a scale. A number
spelled before "times" ("three times as many") is a quantity mention already.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Final

from practiceloop.arith.numbers import FACTOR_WORDS, PART_WORDS, format_rational
from practiceloop.arith.reader.tokens import Reading
from practiceloop.arith.scales import read_scale
from practiceloop.arith.whole_text import relation_left_open
from practiceloop.kernel.frame import Mention, Observation, Relation, Target
from practiceloop.kernel.span import SourceSpan

__all__ = ["propose_scale", "read_factor_words"]

_SCALE_WORDS: Final = ("twice", "half", "double", "triple", "thrice")
_ONE: Final = ("a", "one")
_COMPARED: Final = ("many", "much", "far", "long")
"""The words after "twice as": "as far" / "as long" only in a measure told backwards
("walked 18 miles, which was twice as far as Kim walked", :mod:`~practiceloop.arith.pair_measures`),
which only the scale reading of the whole text keeps."""


def read_factor_words(r: Reading, targets: tuple[Target, ...]) -> None:
    """ "twice as many", "half as much", "triple as many", "a third as many", "one-fourth as
    many": the multiplier word (or the part phrase) before "as many" / "as much" becomes a
    quantity mention of its value (2, 1/2, 3, 1/3, 1/4) with the verb cue just before it (the
    "one" of "one-third", read as a count, becomes the part phrase), when
    :func:`~practiceloop.arith.scales.read_scale` then reads the whole text as a scale
    (otherwise nothing changes: every other frame stays as it was). Nothing for "half of",
    "twice a week", "a third of", or a multiplier word anywhere else; "twice as far" / "twice
    as long" only where the scale reading reads them (a measure told backwards)."""
    covered = {
        (m.span.start, m.span.end): i for i, m in enumerate(r.mentions) if m.kind == "quantity"
    }
    saved, counted = list(r.mentions), dict(r.counts)
    changed = False
    for index, tok in enumerate(r.toks):
        first, value = _factor_phrase(r, index)
        if value is None or not _before_compared(r, index):
            continue
        if not r.same_sentence(first, index) or (tok.start, tok.end) in covered:
            continue
        attrs = {"value": format_rational(value)}
        cue = r.cue_at.get(first - 1)
        if cue is not None:
            attrs["cue"] = cue
        head = r.toks[first]
        replaced = covered.get((head.start, head.end)) if first != index else None
        if replaced is not None:  # "one-third": the "one" read as a count is the part's
            old = r.mentions[replaced]
            r.mentions[replaced] = dataclasses.replace(
                old, span=r.span(first, index), attributes=tuple(sorted(attrs.items()))
            )
        elif first != index and any(r.toks[first].start <= s < tok.end for s, _ in covered):
            continue
        else:
            r.add("q", "quantity", first, index, attrs)
        changed = True
    if not changed:
        return
    sentences = tuple(r.span(lo, hi) for lo, hi in r.sentence_bounds)
    if read_scale(r.text, sentences, tuple(r.mentions), targets, tuple(r.observations)) is None:
        r.mentions[:] = saved
        r.counts = counted


def _before_compared(r: Reading, index: int) -> bool:
    """Token ``index`` is followed by "as many" / "as much" / "the number of", or by "what",
    "of what" or "the" (a base told by a clause: "half of what Kim picked", "a third the
    cups Kim has", which only a scale reading of the whole text keeps), in its own
    sentence."""
    if r.word(index + 1) == "as":
        return r.word(index + 2) in _COMPARED and r.same_sentence(index, index + 2)
    if r.word(index + 1) == "what" or (r.word(index + 1), r.word(index + 2)) == ("of", "what"):
        return r.same_sentence(index, index + 2)
    following = (r.word(index + 1), r.word(index + 2), r.word(index + 3))
    if following == ("the", "number", "of"):
        return r.same_sentence(index, index + 3)
    return r.word(index + 1) == "the" and r.same_sentence(index, index + 2)


def _factor_phrase(r: Reading, index: int) -> tuple[int, Fraction | None]:
    """The multiplier phrase ending at token ``index``: its first token and value ("twice":
    2; "a third", "one-third", "one third": 1/3); None when the token ends none."""
    word = r.word(index)
    if word in _SCALE_WORDS and not (word == "half" and r.word(index - 1) in _ONE):
        return index, FACTOR_WORDS[word]
    part = PART_WORDS.get(word)
    if part is None or index < 2:
        return index, None
    first = index - 2 if r.toks[index - 1].text == "-" else index - 1
    if first < 0 or r.word(first) not in _ONE or (first == index - 2 and r.word(first) != "one"):
        return index, None
    return first, part


def propose_scale(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
) -> tuple[Relation, ...]:
    """ "Kim has 4 shells. Lou has three times as many shells as Kim. How many shells does Lou
    have?" proposes ``scale`` with the factor bound and the unknown as the scaled amount, the
    sum or the difference (or as the base when the scaled amount is told); the told amount is
    left for practice to fill with the reading's one candidate, when
    :func:`~practiceloop.arith.scales.read_scale` reads the whole text so; nothing otherwise
    ("three times more", a base of another thing, another sentence)."""
    read = read_scale(text, sentences, mentions, targets, observations)
    if read is None:
        return ()
    # the told amount is left for practice to fill (its one candidate is the reading's), so
    # that the closure is an episode whose candidate the proofs replay
    return (relation_left_open("scale", read.roles, read.roles[-2][0], mentions),)
