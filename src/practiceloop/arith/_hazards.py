"""The arithmetic reader's hazards: what the text says that no organ models.

Private to the reader. :class:`HazardReading` records, as observations with the span where it
saw them, the steps no single organ here can take: a pattern to continue, what is left over
after filling groups, a fraction of an amount, "the rest", a rate times a group that is itself
counted by a rate, a move that did not happen, a subset ("N of them") told of an amount, a
threshold ("to beat", "at least"), an age, an implicit factor ("back and forth"). Every organ
blocks on them at the gate, and the cue-accounting proof refuses any candidate that leaves one
unconsumed: the loop may not close a problem whose text holds a step it did not read.

Each rule is a fixed phrase or a structural test over the quantities already read; every
window is bounded, so reading stays linear.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith._text import TextReading
from practiceloop.arith.numbers import NUMBER_WORDS
from practiceloop.arith.reading import attribute

__all__ = ["HAZARD_KINDS", "HazardReading"]

_PHRASES: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("sequence", ("pattern",)),
    ("sequence", ("patterns",)),
    ("sequence", ("sequence",)),
    ("sequence", ("continues",)),
    ("remainder", ("left", "over")),
    ("remainder", ("leftover",)),
    ("remainder", ("leftovers",)),
    ("remainder", ("remainder",)),
    ("remainder", ("not", "full")),
    ("remainder", ("partially",)),
    ("remaining", ("of", "the", "rest")),
    ("remaining", ("of", "the", "remaining")),
    ("rest", ("the", "rest")),
    ("rest", ("the", "remaining")),
    ("rest", ("the", "others")),
    ("subset_of", ("out", "of")),
    ("threshold", ("goal",)),
    ("derived", ("profit",)),
    ("derived", ("average",)),
    ("derived", ("averages",)),
    ("threshold", ("beat",)),
    ("threshold", ("beats",)),
    ("threshold", ("exceed",)),
    ("threshold", ("exceeds",)),
    ("threshold", ("surpass",)),
    ("threshold", ("at", "least")),
    ("threshold", ("at", "most")),
    ("threshold", ("enough",)),
    ("threshold", ("minimum",)),
    ("threshold", ("maximum",)),
    ("age", ("years", "old")),
    ("age", ("year", "old")),
    ("age", ("age",)),
    ("age", ("ages",)),
    ("age", ("years", "ago")),
    ("implicit_factor", ("back", "and", "forth")),
    ("implicit_factor", ("round", "trip")),
    ("implicit_factor", ("both", "ways")),
    ("implicit_factor", ("each", "way")),
    ("implicit_factor", ("there", "and", "back")),
)
"""Fixed phrases (lower-case words) and the hazard each one shows."""

_BY_FIRST: Final = {
    first: tuple((kind, words) for kind, words in _PHRASES if words[0] == first)
    for first in {words[0] for _, words in _PHRASES}
}
_WEEKDAYS: Final = lx.words("monday tuesday wednesday thursday friday saturday sunday")
_ORDINALS: Final = lx.words("first second third fourth fifth sixth seventh eighth ninth tenth last")
_FRACTION_PARTS: Final = lx.words("""
    third thirds fourth fourths fifth fifths sixth sixths seventh sevenths eighth eighths
    ninth ninths tenth tenths quarter quarters
    """)

HAZARD_KINDS: Final = (
    "sequence",
    "remainder",
    "fraction_of",
    "remaining",
    "nested_rate",
    "negated_move",
    "subset",
    "threshold",
    "age",
    "implicit_factor",
    "subset_of",
    "derived",
    "rest",
)
"""Every observation kind :class:`HazardReading` records (``rest``, "the rest", is no hazard:
the cue-accounting proof lets only a loss consume it)."""


class HazardReading(TextReading):
    """Observations of the steps no organ models (see the module docstring)."""

    def read_hazards(self) -> None:
        """Record every hazard of the text; run after the cues and quantities are read."""
        self.read_phrases()
        self.read_listed_times()
        self.read_ordinal_periods()
        self.read_fractions()
        self.read_negated_moves()
        self.read_nested_rates()
        self.read_subsets()

    def clause_of(self, index: int) -> str:
        return "question" if self.toks[index].sentence == self.question else "body"

    def seen_at(self, index: int) -> dict[str, str]:
        """An observation's attributes for the token at ``index``: its clause and its text."""
        return {"clause": self.clause_of(index), "word": self.toks[index].text[:40].lower()}

    def read_phrases(self) -> None:
        words = self.words
        for index, word in enumerate(words):
            for kind, phrase in _BY_FIRST.get(word, ()):
                if tuple(words[index : index + len(phrase)]) != phrase:
                    continue
                if kind == "remaining" and self.clause_of(index) == "question":
                    continue  # "How many are remaining?" asks for what is left: no hazard
                if kind == "rest" and self.word(index - 1) == "of":
                    continue  # "5 of the rest" is "of the rest" (remaining), read above
                self.observe(kind, index, self.seen_at(index))

    def read_listed_times(self) -> None:
        """Two or more days listed together for fewer amounts ("On Monday, Wednesday and Friday
        he walks 7 dogs"): the amount is had on each day, a product the text leaves unsaid.
        Days told apart ("on monday than on tuesday") are no list."""
        days: dict[int, list[int]] = {}
        listed = -1  # the last day read, while a list of days goes on ("Monday, Wednesday and")
        for index, word in enumerate(self.words):
            if word in _WEEKDAYS and self.clause_of(index) == "body":
                if listed >= 0 and all(
                    self.toks[i].text in (",", "and", "on") or self.word(i) in ("and", "on")
                    for i in range(listed + 1, index)
                ):
                    sentence = self.toks[index].sentence
                    days.setdefault(sentence, [listed]).append(index)
                listed = index
        counted: dict[int, int] = {}
        for first, _ in self.quantities():
            sentence = self.toks[first].sentence
            counted[sentence] = counted.get(sentence, 0) + 1
        for sentence, found in days.items():
            if counted.get(sentence, 0) < len(found):
                self.observe("implicit_factor", found[0], self.seen_at(found[0]))

    def read_ordinal_periods(self) -> None:
        """A period counted by its ordinal in the body ("in the first hour ... the second hour")
        while the question asks per that period: some periods are gone, which no organ here
        subtracts."""
        lo, hi = self.sentence_bounds[self.question] if self.question >= 0 else (0, -1)
        asked = {lx.noun_key(self.word(i)) for i in range(lo, hi + 1)} & lx.TIME_UNITS
        for index, word in enumerate(self.words):
            if (
                word in _ORDINALS
                and self.clause_of(index) == "body"
                and lx.noun_key(self.word(index + 1)) in asked
            ):
                self.observe("sequence", index, self.seen_at(index))

    def read_fractions(self) -> None:
        """"two thirds of", "three quarters": a fraction of an amount, a product no organ reads
        ("a third" after "a", "one", "each" is already a multiplier observation)."""
        for index, word in enumerate(self.words):
            if word in _FRACTION_PARTS and self.word(index - 1) in NUMBER_WORDS:
                self.observe("fraction_of", index, self.seen_at(index))

    def read_negated_moves(self) -> None:
        """A gain or loss verb with a negation in the three words before it ("did not buy",
        "never gave"): a move that did not happen."""
        moves = {
            m.mention_id
            for m in self.mentions
            if m.kind == "cue" and attribute(m.attributes, "direction") in ("gain", "loss")
        }
        for index in sorted(i for i, cue in self.cue_at.items() if cue in moves):
            for back in range(index - 1, max(-1, index - 4), -1):
                if not self.same_sentence(index, back):
                    break
                word = self.word(back)
                if word in lx.NEGATION_WORDS or word.endswith(("n't", "n’t")):
                    self.observe("negated_move", index, self.seen_at(index))
                    break

    def quantities(self) -> list[tuple[int, dict[str, str]]]:
        """(first token, attributes) of every quantity read, in source order."""
        first_of = {tok.start: index for index, tok in enumerate(self.toks)}
        return [
            (first_of[m.span.start], dict(m.attributes))
            for m in self.mentions
            if m.kind == "quantity" and m.span.start in first_of
        ]

    def read_nested_rates(self) -> None:
        """A rate per a thing that another rate counts ("12 bottles per minute" and "4 shifts
        of 5 minutes each"; "6 apples per bag" and "3 bags per box"): a product of two rates,
        two steps no single organ takes."""
        read = self.quantities()
        groups = {attrs["per"] for _, attrs in read if attrs.get("per") not in (None, "each")}
        for first, attrs in read:
            counted = {attrs.get("entity"), attrs.get("unit")} - {None}
            if "per" in attrs and counted & groups:
                self.observe("nested_rate", first, self.seen_at(first))

    def read_subsets(self) -> None:
        """"N of them" or "N of the X" told with a verb that moves nothing ("she has read 9 of
        them", "he empties 2 of the jars"): a part of an amount already counted, which may not
        be added beside it."""
        for first, attrs in self.quantities():
            partial = attrs.get("elided") == "of_them" or "partitive" in attrs
            if partial and "direction" not in attrs:
                self.observe("subset", first, self.seen_at(first))
