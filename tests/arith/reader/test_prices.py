"""Stage 5c: a price told of each of the things a count has just counted (authored)."""

from __future__ import annotations

from ._stages import attrs, closes_to, never_wrong


def test_price_of_a_count() -> None:
    """ "3 lamps that cost $9 each": the 9 dollars are per lamp, in every clause of costing
    whose subject is the counted things."""
    assert attrs("Mara buys 3 lamps that cost $9 each.", "$9")["per"] == "lamp"
    assert attrs("Mara buys 3 lamps which cost $9 each.", "$9")["per"] == "lamp"
    assert attrs("Mara buys 3 lamps that each cost $9.", "$9")["per"] == "lamp"
    assert attrs("Mara bought 3 lamps, each of which cost $9.", "$9")["per"] == "lamp"
    assert attrs("Mara bought 3 lamps, each costing her $9.", "$9")["per"] == "lamp"
    assert attrs("Ivo bought 5 kites that cost 4 dollars each.", "4")["per"] == "kite"
    closes_to("Mara buys 3 lamps that cost $9 each. How much does Mara spend?", 27)
    closes_to("Ivo bought 5 kites, each of which cost $4. How much money did he spend?", 20)


def test_price_of_a_count_left_as_read() -> None:
    """No "each" (the price of all or of one?), two of them, a count of a measure, another
    word between, or a count of another sentence: the price is not named per the thing."""
    assert attrs("Mara buys 3 lamps that cost $9.", "$9").get("per") != "lamp"
    assert attrs("Mara buys 3 lamps that each cost $9 each.", "$9").get("per") != "lamp"
    assert attrs("Mara buys 3 pounds of figs that cost $2 each.", "$2").get("per") != "fig"
    assert attrs("Mara buys 3 lamps that cost more than $9 each.", "$9").get("per") != "lamp"
    assert attrs("Mara buys 3 lamps. They cost $9 each.", "$9").get("per") != "lamp"
    never_wrong("Mara buys 3 lamps that cost $9. How much does Mara spend?", 27)
