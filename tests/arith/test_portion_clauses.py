"""The sentences of the portion reading's first shape, one pattern each (authored texts)."""

from __future__ import annotations

from fractions import Fraction

from practiceloop.arith.portion_clauses import Clause, clauses, fraction_phrase
from practiceloop.kernel.span import SourceSpan


def _span(text: str) -> SourceSpan:
    return SourceSpan(text=text, start=0, end=len(text), sentence_index=0)


def _one(text: str) -> Clause:
    read = clauses(_span(text))
    assert read is not None and len(read) == 1, read
    return read[0]


def test_fraction_phrase() -> None:
    assert fraction_phrase("2/5") == (Fraction(2, 5), False)
    assert fraction_phrase("25%") == (Fraction(1, 4), True)
    assert fraction_phrase("ten percent") == (Fraction(1, 10), True)
    assert fraction_phrase("two thirds") == (Fraction(2, 3), False)
    assert fraction_phrase("many percent") is None


def test_clauses_a_whole_told() -> None:
    told = _one("Ivy baked 20 cups.")
    assert (told.kind, told.holder, told.value, told.thing) == ("told", "Ivy", 20, ("cup",))
    there = _one("There are 30 nuts in a bowl.")
    assert (there.kind, there.holder, there.value) == ("told", None, 30)
    money = _one("Ivy earned $200 babysitting.")
    assert money.thing == ("money",) and money.way == "gain"
    # a rate is no whole: "in each bowl" is no closing phrase of it
    assert clauses(_span("There are 30 nuts in each bowl.")) is None


def test_clauses_a_portion_moved() -> None:
    gave = _one("He gave 2/5 of the cookies to his friend.")
    assert (gave.kind, gave.ref, gave.part) == ("moved", "the", Fraction(2, 5))
    assert gave.thing == ("cookie",)
    inline = _one("She spent 2/3 of her $150.")
    assert inline.amount is not None and inline.value == 150 and inline.possessive == "her"
    passive = _one("If 5/6 of the nuts were eaten,")
    assert passive.kind == "moved" and passive.holder is None
    left = _one("Then she spent a third of what was left on books.")
    assert left.ref == "left" and left.left_ref is not None and left.spent_on is not None
    assert _one("She spent half the amount and bought a toy.").bought is not None
    # a verb that gets things, a move to be done, a negation: no portion moved
    assert clauses(_span("She found half of them.")) is None
    assert clauses(_span("She will give half of them away.")) is None
    assert clauses(_span("She did not give half of them away.")) is None


def test_clauses_joined() -> None:
    both = clauses(_span("James buys 100 balls and gives half of them away."))
    assert both is not None and [c.kind for c in both] == ["told", "moved"]
    assert both[1].holder == "James"  # the subject unsaid after "and"
    gapped = clauses(_span("She gave a quarter of her sheep to her sister, and half of the remaining sheep to her brother."))  # noqa: E501
    assert gapped is not None and gapped[1].verb_span is None and gapped[1].ref == "left"
    side = clauses(_span("He gave 3/8 of his money to his mother and 3/10 to his father."))
    assert side is not None and side[1].same_whole and side[1].part == Fraction(3, 10)
    which = clauses(_span("There are 350 trees in the park, 70% of which are pine trees."))
    assert which is not None and [c.kind for c in which] == ["told", "property"]


def test_clauses_a_property_and_the_rest() -> None:
    prop = _one("A third of the guests are female, and the rest are male.")
    assert (prop.kind, prop.prop, prop.rest_prop) == ("property", "female", "male")
    assert clauses(_span("A third of the guests are female, and the rest were male.")) is None


def test_clauses_what_was_left() -> None:
    left = clauses(_span("Ivy spent 1/4 of her money, and now she has $24 left."))
    assert left is not None and [c.kind for c in left] == ["moved", "left"]
    some = _one("Ivy has some money in her purse.")
    assert some.kind == "told" and some.amount is None and some.thing == ("money",)
