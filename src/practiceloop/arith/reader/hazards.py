"""Stage 6 of the reader: hazards, what the text says that no organ models.

After the quantities are read, :func:`read_hazards` records, as observations with the span
where it saw them, the steps no single organ here can take: a pattern to continue, what is
left over after filling groups, a fraction of an amount, "the rest", a rate times a group that
is itself counted by a rate, a move that did not happen, a subset ("N of them") told of an amount, a
threshold ("to beat", "at least"), an age, an implicit factor ("back and forth"). Every organ
blocks on them at the gate, and the cue-accounting proof refuses any candidate that leaves one
unconsumed: the loop may not close a problem whose text holds a step it did not read.

Each rule is a fixed phrase or a structural test over the quantities already read; every
window is bounded, so reading stays linear.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.numbers import NUMBER_WORDS
from practiceloop.arith.reader.tokens import Reading
from practiceloop.arith.reading import attribute

__all__ = [
    "HAZARD_KINDS",
    "read_fractions",
    "read_hazards",
    "read_listed_times",
    "read_negated_moves",
    "read_nested_rates",
    "read_ordinal_periods",
    "read_phrases",
    "read_shared_costs",
    "read_sharers_beside",
    "read_subsets",
]

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
    ("remaining", ("all", "but")),  # "all but 8 ran away": 8 stayed, the move is not told
    ("remaining", ("all", "except")),
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
"""Every observation kind :func:`read_hazards` records (``rest``, "the rest", is no hazard:
the cue-accounting proof lets only a loss consume it)."""


def read_hazards(r: Reading) -> None:
    """Record every hazard of the text; run after the cues and quantities are read."""
    read_phrases(r)
    read_listed_times(r)
    read_ordinal_periods(r)
    read_fractions(r)
    read_negated_moves(r)
    read_nested_rates(r)
    read_subsets(r)
    read_shared_costs(r)
    read_sharers_beside(r)


def _seen_at(r: Reading, index: int) -> dict[str, str]:
    """An observation's attributes for the token at ``index``: its clause and its text."""
    return {"clause": r.clause_of(index), "word": r.toks[index].text[:40].lower()}


def read_phrases(r: Reading) -> None:
    """A fixed phrase of :data:`_PHRASES` ("if this pattern continues", "left over", "of the
    rest", "to beat", "years old", "back and forth"); "remaining" in the question asks for
    what is left and is no hazard there."""
    words = r.words
    for index, word in enumerate(words):
        for kind, phrase in _BY_FIRST.get(word, ()):
            if tuple(words[index : index + len(phrase)]) != phrase:
                continue
            if kind == "remaining" and r.clause_of(index) == "question":
                continue  # "How many are remaining?" asks for what is left: no hazard
            if kind == "rest" and r.word(index - 1) == "of":
                continue  # "5 of the rest" is "of the rest" (remaining), read above
            if kind == "subset_of" and index in r.place_out_of:
                continue  # "took 12 out of the jar": a place (reader.place_moves)
            if kind == "remaining" and index in r.cue_at:
                continue  # "sold all but 5 jars": what the move kept, read (kept.all_but_kept)
            r.observe(kind, index, _seen_at(r, index))


def read_listed_times(r: Reading) -> None:
    """Two or more days listed together for fewer amounts ("On Monday, Wednesday and Friday
    he walks 7 dogs"): the amount is had on each day, a product the text leaves unsaid.
    Days told apart ("on monday than on tuesday") are no list."""
    days: dict[int, list[int]] = {}
    listed = -1  # the last day read, while a list of days goes on ("Monday, Wednesday and")
    for index, word in enumerate(r.words):
        if word in _WEEKDAYS and r.clause_of(index) == "body":
            if listed >= 0 and all(
                r.toks[i].text in (",", "and", "on") or r.word(i) in ("and", "on")
                for i in range(listed + 1, index)
            ):
                sentence = r.toks[index].sentence
                days.setdefault(sentence, [listed]).append(index)
            listed = index
    counted: dict[int, int] = {}
    for first, _ in _quantities(r):
        sentence = r.toks[first].sentence
        counted[sentence] = counted.get(sentence, 0) + 1
    for sentence, found in days.items():
        if counted.get(sentence, 0) < len(found):
            r.observe("implicit_factor", found[0], _seen_at(r, found[0]))


def read_ordinal_periods(r: Reading) -> None:
    """A period counted by its ordinal in the body ("in the first hour ... the second hour")
    while the question asks per that period: some periods are gone, which no organ here
    subtracts."""
    lo, hi = r.sentence_bounds[r.question] if r.question >= 0 else (0, -1)
    asked = {lx.noun_key(r.word(i)) for i in range(lo, hi + 1)} & lx.TIME_UNITS
    for index, word in enumerate(r.words):
        if (
            word in _ORDINALS
            and r.clause_of(index) == "body"
            and lx.noun_key(r.word(index + 1)) in asked
        ):
            r.observe("sequence", index, _seen_at(r, index))


def read_fractions(r: Reading) -> None:
    """ "two thirds of", "three quarters": a fraction of an amount, a product no organ reads
    ("a third" after "a", "one", "each" is already a multiplier observation)."""
    for index, word in enumerate(r.words):
        if word in _FRACTION_PARTS and r.word(index - 1) in NUMBER_WORDS:
            r.observe("fraction_of", index, _seen_at(r, index))


_SHORT_OF: Final = frozenset({"almost", "nearly"})
"""Adverbs that, right before a verb, say its move fell short of happening."""


def read_negated_moves(r: Reading) -> None:
    """A gain or loss verb with a negation in the three words before it ("did not buy",
    "never gave"), or "almost" / "nearly" right before it ("almost bought", "nearly gave
    away"): a move that did not happen."""
    moves = {
        m.mention_id
        for m in r.mentions
        if m.kind == "cue" and attribute(m.attributes, "direction") in ("gain", "loss")
    }
    for index in sorted(i for i, cue in r.cue_at.items() if cue in moves):
        if r.word(index - 1) in _SHORT_OF and r.same_sentence(index, index - 1):
            r.observe("negated_move", index, _seen_at(r, index))  # "almost bought"
            continue
        for back in range(index - 1, max(-1, index - 4), -1):
            if not r.same_sentence(index, back):
                break
            word = r.word(back)
            if word in lx.NEGATION_WORDS or word.endswith(("n't", "n’t")):
                r.observe("negated_move", index, _seen_at(r, index))
                break


def _quantities(r: Reading) -> list[tuple[int, dict[str, str]]]:
    """(first token, attributes) of every quantity read, in source order."""
    first_of = {tok.start: index for index, tok in enumerate(r.toks)}
    return [
        (first_of[m.span.start], dict(m.attributes))
        for m in r.mentions
        if m.kind == "quantity" and m.span.start in first_of
    ]


def read_nested_rates(r: Reading) -> None:
    """A rate per a thing that another rate counts ("12 bottles per minute" and "4 shifts
    of 5 minutes each"; "6 apples per bag" and "3 bags per box"): a product of two rates,
    two steps no single organ takes."""
    read = _quantities(r)
    groups = {attrs["per"] for _, attrs in read if attrs.get("per") not in (None, "each")}
    for first, attrs in read:
        counted = {attrs.get("entity"), attrs.get("unit")} - {None}
        if "per" in attrs and counted & groups:
            r.observe("nested_rate", first, _seen_at(r, first))


def read_subsets(r: Reading) -> None:
    """ "N of them" or "N of the X" told with a verb that moves nothing ("she has read 9 of
    them", "he empties 2 of the jars"): a part of an amount already counted, which may not
    be added beside it."""
    for first, attrs in _quantities(r):
        partial = attrs.get("elided") == "of_them" or "partitive" in attrs
        if partial and "direction" not in attrs:
            r.observe("subset", first, _seen_at(r, first))


_SPLITTING: Final = lx.words("split splits splitting")


def read_shared_costs(r: Reading) -> None:
    """ "buys 3 cakes for $12 each and splits the cost with his brother": a sharing "with"
    someone the text does not count is a division by a number it leaves unsaid (the sharers,
    the subject among them), an ``implicit_factor``. "split 12 apples with 3 friends" and
    "split them into groups of 5" say their number, and "shared some with his brother" is a
    giving: none is a hazard here."""
    words = r.words
    for index, word in enumerate(words):
        if word not in _SPLITTING:
            continue
        ahead = [i for i in range(index + 1, index + 7) if r.same_sentence(index, i)]
        with_at = next((i for i in ahead if words[i] == "with"), None)
        if with_at is None:
            continue
        said = range(index + 1, min(with_at + 5, len(words)))
        if any(
            r.same_sentence(index, i)
            and (r.toks[i].kind in ("num", "money") or words[i] in NUMBER_WORDS)
            for i in said
        ):
            continue
        r.observe("implicit_factor", index, _seen_at(r, index))


_SHARED_AMONG: Final = lx.words("among amongst between")
_BESIDE_THE_COUNTED: Final = lx.words("""
    himself herself themselves myself ourselves yourself him her me us them his their my
    our your a an the one another
    """)


def read_sharers_beside(r: Reading) -> None:
    """ "shared them equally among 6 friends and himself", "between 4 boys and their
    teacher": sharers counted by a number and someone more beside them ("and" then a person)
    are more than the number says, a division by a number the text leaves unsaid (an
    ``implicit_factor``). "among 6 friends" and "among 6 friends and 4 cousins" (a second
    number) say their count."""
    words = r.words
    for index, word in enumerate(words):
        if word not in _SHARED_AMONG:
            continue
        number = index + 1
        if not r.same_sentence(index, number) or not (
            r.toks[number].kind == "num" or words[number] in NUMBER_WORDS
        ):
            continue
        ahead = [i for i in range(number + 1, number + 4) if r.same_sentence(index, i)]
        joined = next((i for i in ahead if words[i] == "and"), None)
        if joined is None:
            continue
        beside = joined + 1
        if r.same_sentence(index, beside) and (
            words[beside] in _BESIDE_THE_COUNTED or beside in r.actor_at
        ):
            r.observe("implicit_factor", index, _seen_at(r, index))
