"""The scale stage: a multiplier word read as the factor of a multiple of another's amount.

"Lou has twice as many shells as Kim": "twice" is the factor of a scale (two times what Kim
has). :func:`read_factor_words` records it as a quantity mention (its value, and the verb
cue of its clause), so that the ``scale`` relation can bind it as its factor and quantity
accounting sees the word read; :func:`propose_scale` proposes that relation when
:func:`~practiceloop.arith.scales.read_scale` reads the whole text as a scale. A number
spelled before "times" ("three times as many") is a quantity mention already.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith.numbers import FACTOR_WORDS, format_rational
from practiceloop.arith.reader.tokens import Reading
from practiceloop.arith.scales import read_scale
from practiceloop.kernel.frame import Mention, Observation, Relation, Target
from practiceloop.kernel.span import SourceSpan

__all__ = ["propose_scale", "read_factor_words"]

_SCALE_WORDS: Final = ("twice", "half")


def read_factor_words(r: Reading, targets: tuple[Target, ...]) -> None:
    """ "twice as many", "half as much": the multiplier word before "as many" / "as much"
    becomes a quantity mention of its value (2, 1/2) with the verb cue just before it, when no
    quantity mention covers it and :func:`~practiceloop.arith.scales.read_scale` then reads
    the whole text as a scale (otherwise nothing is added: every other frame stays as it
    was). Nothing for "half of", "twice a week", "double", "twice as long" (no "many" or
    "much"), or a multiplier word anywhere else."""
    covered = {(m.span.start, m.span.end) for m in r.mentions if m.kind == "quantity"}
    before, counted = len(r.mentions), dict(r.counts)
    for index, tok in enumerate(r.toks):
        if tok.lower not in _SCALE_WORDS or (tok.start, tok.end) in covered:
            continue
        if r.word(index + 1) != "as" or r.word(index + 2) not in ("many", "much"):
            continue
        if not (r.same_sentence(index, index + 2)):
            continue
        attrs = {"value": format_rational(FACTOR_WORDS[tok.lower])}
        cue = r.cue_at.get(index - 1)
        if cue is not None:
            attrs["cue"] = cue
        r.add("q", "quantity", index, index, attrs)
    if len(r.mentions) == before:
        return
    sentences = tuple(r.span(lo, hi) for lo, hi in r.sentence_bounds)
    if read_scale(r.text, sentences, tuple(r.mentions), targets, tuple(r.observations)) is None:
        del r.mentions[before:]
        r.counts = counted


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
    spans = {m.mention_id: m.span for m in mentions}
    # the told amount is left for practice to fill (its one candidate is the reading's), so
    # that the closure is an episode whose candidate the proofs replay
    roles = tuple((name, None if name == read.roles[-2][0] else m) for name, m in read.roles)
    return (
        Relation(
            relation_id="r_scale",
            relation_type="scale",
            roles=roles,
            evidence_spans=tuple(spans[m] for _, m in roles if m is not None and m in spans),
        ),
    )
