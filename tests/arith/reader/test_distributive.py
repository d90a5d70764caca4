"""Stage 5c: a distributive "each" after an amount, per the count said before it (authored)."""

from __future__ import annotations

from ._stages import attrs, closes_to


def test_each_of_a_count() -> None:
    """ "3 kites for 5 dollars each": the 5 dollars are per kite."""
    text = "Omar bought 3 kites for 5 dollars each. How much money did Omar spend?"
    assert attrs(text, "5")["per"] == "kite"
    closes_to(text, 15)
    gave = "Rosa gave 4 cousins 6 stickers each. How many stickers did Rosa give away?"
    assert attrs(gave, "6")["per"] == "cousin"
    closes_to(gave, 24)
    assert attrs("Omar bought 3 kites at $5 each.", "$5")["per"] == "kite"
    # no count right before, another word between, or a subject that may be many: "each"
    assert attrs("They have 4 kites each.", "4")["per"] == "each"
    assert attrs("Omar bought 3 kites and a hat for 5 dollars each.", "5")["per"] == "each"
    assert attrs("Omar and Rosa bought 3 kites for 5 dollars each.", "5")["per"] == "each"
