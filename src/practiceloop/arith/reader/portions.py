"""The portion stage: a fraction written in words read as the fraction of a told amount.

"She lost half of them", "He sold two thirds of his cards", "one-fourth of the apples": the
fraction phrase before "of" becomes one quantity mention of its value (1/2, 2/3, 1/4), so that
the ``portion`` relation can bind it and quantity accounting sees it read; a count the
earlier stages read inside it ("two" of "two thirds", "one" of "one-fourth") becomes that
phrase. :func:`propose_portion` proposes the relation when
:func:`~practiceloop.arith.portions.read_portion` reads the whole text as a portion. A
fraction in digits ("2/5") or a percent ("25%", "ten percent") is a quantity mention already.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Final

from practiceloop.arith.numbers import (
    FACTOR_WORDS,
    NUMBER_WORDS,
    format_rational,
    fraction_value,
)
from practiceloop.arith.portions import read_portion
from practiceloop.arith.reader.tokens import Reading
from practiceloop.arith.whole_text import relation_left_open
from practiceloop.kernel.frame import Mention, Observation, Relation, Target
from practiceloop.kernel.span import SourceSpan

__all__ = ["propose_portion", "read_portion_words"]

_SINGULAR: Final = "third|quarter|fourth|fifth|sixth|seventh|eighth|ninth|tenth"
_PLURAL: Final = "thirds|quarters|fourths|fifths|sixths|sevenths|eighths|ninths|tenths"
_COUNT: Final = "two|three|four|five|six|seven|eight|nine"
_WORD_FRACTION: Final = re.compile(
    rf"(?<![A-Za-z-])(?:(?:(?:one|a)[- ](?:{_SINGULAR}|half)|half|(?:{_COUNT})[- ](?:{_PLURAL}))"
    r"(?= (?:of|are|were|is)\b)|half(?= (?:the|his|her|their) ))",
    re.IGNORECASE,
)
"""A fraction written in words right before "of" ("half of", "a third of", "two-thirds of")
or a verb of being ("one-fifth are from Canada"), or "half" before a determiner ("half the
amount", "half her daisies"); not "one and a half", not "half an hour"."""
_FACTOR_WORD: Final = re.compile(
    rf"(?<![A-Za-z-])(?:twice|half|double|triple|thrice|(?:one|a)[- ](?:{_SINGULAR}))"
    r"(?= (?:as many|as much|that many|this many|that much|that amount|this amount)\b)",
    re.IGNORECASE,
)
"""A multiplier word right before "as many", "that many", "that amount" ("twice as many",
"half that amount", "a third as many"): the factor of a multiple of a told amount."""


def read_portion_words(r: Reading, targets: tuple[Target, ...]) -> None:
    """ "half of them", "a third of the cookies", "two-thirds of his cards": each fraction
    written in words before "of" becomes a quantity mention of its value (the count read
    inside it, "two" of "two thirds", becomes the phrase), when
    :func:`~practiceloop.arith.portions.read_portion` then reads the whole text as a portion
    (otherwise nothing changes). Nothing for "half an hour", "one and a half", "twice a week",
    "half as many" (no "of")."""
    found = [*_WORD_FRACTION.finditer(r.text), *_FACTOR_WORD.finditer(r.text)]
    if not found:
        _thing_of_the_told(r, targets)
        return
    first_at = {tok.start: i for i, tok in enumerate(r.toks)}
    last_at = {tok.end: i for i, tok in enumerate(r.toks)}
    saved, counted = list(r.mentions), dict(r.counts)
    changed = False
    for match in found:
        first, last = first_at.get(match.start()), last_at.get(match.end())
        value = FACTOR_WORDS.get(match.group().lower()) or fraction_value(match.group())
        if first is None or last is None or value is None or _after_a_count(r, first):
            continue
        attrs = {"value": format_rational(value)}
        cue = r.cue_at.get(first - 1)
        if cue is not None:
            attrs["cue"] = cue
        inside = [
            i
            for i, m in enumerate(r.mentions)
            if m.kind == "quantity" and match.start() <= m.span.start < match.end()
        ]
        if len(inside) > 1:
            continue
        if inside:  # "two" of "two thirds": the count is the fraction's
            old = r.mentions[inside[0]]
            r.mentions[inside[0]] = dataclasses.replace(
                old, span=r.span(first, last), attributes=tuple(sorted(attrs.items()))
            )
        else:
            r.add("q", "quantity", first, last, attrs)
        changed = True
    if not changed:
        return
    sentences = tuple(r.span(lo, hi) for lo, hi in r.sentence_bounds)
    if read_portion(r.text, sentences, tuple(r.mentions), targets, tuple(r.observations)) is None:
        r.mentions[:] = saved
        r.counts = counted
    _thing_of_the_told(r, targets)


def _thing_of_the_told(r: Reading, targets: tuple[Target, ...]) -> None:
    """ "Darwin has 600$": a told amount the quantity stage read with no thing takes the one
    the portion reading reads (money, of a number the dollar sign follows), so that it is no
    number of an unread thing."""
    sentences = tuple(r.span(lo, hi) for lo, hi in r.sentence_bounds)
    read = read_portion(r.text, sentences, tuple(r.mentions), targets, tuple(r.observations))
    if read is None or read.told_thing is None:
        return
    told = read.roles[-2][1]
    for index, mention in enumerate(r.mentions):
        attrs = dict(mention.attributes)
        if mention.mention_id != told or "entity" in attrs or "unit" in attrs:
            continue
        attrs["entity"] = read.told_thing
        if read.told_thing == "money":
            attrs["unit"] = "dollar"
        r.mentions[index] = dataclasses.replace(mention, attributes=tuple(sorted(attrs.items())))


def _after_a_count(r: Reading, first: int) -> bool:
    """ "one and a half", "2 and a half": the fraction ends a number, no portion of its own."""
    if r.word(first - 1) != "and" or first < 2:
        return False
    before = r.toks[first - 2]
    return before.kind == "num" or r.word(first - 2) in NUMBER_WORDS


def propose_portion(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
) -> tuple[Relation, ...]:
    """ "Neil baked 20 cookies. He gave 2/5 of the cookies to his friend. How many cookies
    are left for Neil?" proposes ``portion`` with the fraction bound and the unknown as the
    portion, the rest or the whole; the told amount is left for practice to fill with the
    reading's one candidate, when :func:`~practiceloop.arith.portions.read_portion` reads the
    whole text so; nothing otherwise."""
    read = read_portion(text, sentences, mentions, targets, observations)
    if read is None:
        return ()
    # the told amount is left for practice to fill (its one candidate is the reading's), so
    # that the closure is an episode whose candidate the proofs replay
    return (relation_left_open("portion", read.roles, read.roles[-2][0], mentions),)
