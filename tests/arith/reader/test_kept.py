"""Stage 5e: "all but N", what a move left where it was (authored texts only)."""

from __future__ import annotations

from practiceloop.arith.reader.kept import moved_verb_of_a_rate, whole_told_in_all
from tests.arith._helpers import refused

from ._stages import attrs, closes_to, reading

_JARS = "A crate had 12 jars and Ben sold all but 5 jars."




def test_all_but_kept() -> None:
    """ "sold all but 5 jars" after "a crate had 12 jars": the 5 is what the selling kept."""
    kept = attrs(_JARS, "5")
    assert (kept["kept"], kept["direction"], kept["verb"]) == ("all_but", "loss", "sold")
    assert kept["owner"] == "ben" and "moved_cue" in kept
    assert attrs("A wall has 7 lamps and you light all but 2 of them.", "2")["kept"] == "all_but"
    # no verb before the phrase, no whole before it, two wholes, or a whole told after it:
    # not read, and the "remaining" hazard stays
    for text in (
        "A farmer had 20 sheep. All but 8 ran away.",
        "Ben sold all but 5 jars.",
        "A crate had 12 jars and a shelf had 6 jars. Ben sold all but 5 jars.",
        "Ben sold all but 5 jars of the 12 in the crate.",
    ):
        assert "kept" not in attrs(text, "5" if "5" in text else "8"), text
        assert any(o.kind == "remaining" for o in reading(text).observations), text
    assert not any(o.kind == "remaining" for o in reading(_JARS).observations)


def test_all_but_kept_closes() -> None:
    """What moved is the whole less what was kept, when the rate fills what moved."""
    for text, value in [
        (_JARS + " Each jar cost $3. How much money did Ben make?", 21),
        ("A crate had 12 jars and Ben bought all but 5 jars. Each jar cost $3. How much did Ben spend?", 21),  # noqa: E501
        ("A wall has 7 balloons and you pop all but 2 of them. If each balloon popped gives 3 points, how many points do you get?", 15),  # noqa: E501
        ("A board has 8 pegs and you hit all but 3 of them. If each peg hit gives 2 points, how many points do you get?", 10),  # noqa: E501
    ]:  # fmt: skip
        closes_to(text, value)
    # near misses: what is left asked, a rate of the thing alone, a move that is no trade,
    # the whole someone else's, a rate per what was kept
    refused("A farmer had 20 sheep and lost all but 8 of them. How many sheep are left?")
    refused("A farmer had 20 sheep and lost all but 8 of them. Each sheep has 4 legs. How"
             " many legs are left?")  # fmt: skip
    refused(_JARS + " Each jar cost $3. How much are the jars left worth?")
    refused("A crate had 12 jars and Ben gave away all but 5 jars. Each jar cost $3. How much"
             " money did Ben make?")  # fmt: skip
    refused("Tom had 12 jars. Ben sold all but 5 jars. Each jar cost $3. How much money did"
             " Tom make?")  # fmt: skip
    refused(_JARS + " Each jar kept gives 3 points. How many points does Ben get?")
    refused("A wall has 7 balloons and you miss all but 2 of them. If each balloon popped"
             " gives 3 points, how many points do you get?")  # fmt: skip


def test_moved_verb_of_a_rate() -> None:
    """ "each lamp lit gives 3 points": a rate per what "light" moved; "each lamp costs" is not."""
    r = reading("If each lamp lit gives 3 points, how many points do you get?")
    found = [i for i, t in enumerate(r.toks) if t.text == "3"]
    read = [(found[0], found[0], {"per": "lamp"})]
    assert moved_verb_of_a_rate(r, read, "lamp", "light") == found[0] - 2
    assert moved_verb_of_a_rate(r, read, "lamp", "miss") is None
    assert moved_verb_of_a_rate(r, read, "jar", "light") is None
    r = reading("Each lamp costs 3 dollars.")
    found = [i for i, t in enumerate(r.toks) if t.text == "3"]
    assert moved_verb_of_a_rate(r, [(found[0], found[0], {"per": "lamp"})], "lamp", "cost") is None


def test_read_kept() -> None:
    """The stage runs from one entry, in the quantity stage: the kept amount is read there."""
    assert attrs(_JARS, "5")["cue"].startswith("c")


def test_whole_told_in_all() -> None:
    """ "had 9 candles total" is the one whole "all but" takes from; a total that moved or
    any other state is none."""
    assert whole_told_in_all({"state": "in_all", "verb": "had", "entity": "candle"})
    assert not whole_told_in_all({"state": "in_all", "direction": "gain"})
    assert not whole_told_in_all({"state": "now"})
    assert not whole_told_in_all({"verb": "had"})
    text = "If a box had 9 candles total and Mia sold all but 4 candles"
    assert attrs(text + ".", "4")["kept"] == "all_but"
    closes_to("Each candle cost $3. " + text + ", how much money would she have made?", 15)
    towers = (
        "In a board game, each tower captured gives you 4 points. If a map has 9 towers total"
        " and you capture all but 3 of them, how many points would you earn?"
    )
    closes_to(towers, 24)
    # a whole told "left", a move that is no trade, a rate per what was kept: refused
    refused("Each candle cost $3. If a box had 9 candles left and Mia sold all but 4 candles,"
             " how much money would she have made?")  # fmt: skip
    refused("Each candle cost $3. If a box had 9 candles total and Mia gave away all but 4"
             " candles, how much money would she have made?")  # fmt: skip
    refused("In a board game, each tower kept gives you 4 points. If a map has 9 towers total"
             " and you capture all but 3 of them, how many points would you earn?")  # fmt: skip
