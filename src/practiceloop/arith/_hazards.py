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
)
"""Every observation kind :class:`HazardReading` records."""


class HazardReading(TextReading):
    """Observations of the steps no organ models (see the module docstring)."""

    def read_hazards(self) -> None:
        """Record every hazard of the text; run after the cues and quantities are read."""
        self.read_phrases()
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
                self.observe(kind, index, self.seen_at(index))

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
        """"N of them" told with a verb that moves nothing ("she has read 9 of them"): a part
        of an amount already counted, which may not be added beside it."""
        for first, attrs in self.quantities():
            if attrs.get("elided") == "of_them" and "direction" not in attrs:
                self.observe("subset", first, self.seen_at(first))
