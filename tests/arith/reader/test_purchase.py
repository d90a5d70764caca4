"""Stage 7b: the price asked of the one thing one person bought (authored)."""

from __future__ import annotations

from tests.arith._helpers import refused

from ._stages import closes_to, reading, target


def test_asked_price_noun() -> None:
    """ "How much did the <noun> cost?" names the thing priced; other questions name none."""
    from practiceloop.arith.reader.purchase import asked_price_noun

    def asked(question: str) -> list[str] | None:
        r = reading(question)
        lo, hi = r.sentence_bounds[r.question]
        return asked_price_noun(r, lo, hi)

    assert asked("How much did the mug cost?") == ["mug"]
    assert asked("How much does a sun hat cost?") == ["sun", "hat"]
    assert asked("How much did each mug cost?") is None
    assert asked("How much did she spend?") is None
    assert asked("How much did the mugs and the cups cost?") is None


def test_cost_of_a_purchase() -> None:
    """The asked price is the buyer's spending: her owner, a loss, the purchase its move."""
    text = "Eva had $12 at first. She bought a mug. Now she has $5. How much did the mug cost?"
    asked = target(text)
    assert asked.owner == "eva" and asked.direction == "loss"
    closes_to(text, 7)
    closes_to(
        "Eva had $5 left after she bought a sun hat. She had $12 at first. "
        "How much did the sun hat cost?",
        7,
    )
    # a move told besides the purchase is a step of its own, read by the chain
    closes_to(
        "Eva had $12 at first. She bought a mug. Then she found $3. Now she has $5. "
        "How much did the mug cost?",
        10,
    )
    # another buyer, another thing bought with it, a purchase not done, a number bought,
    # a person noun, or two people: the price is not the one change read
    for story in (
        "Eva had $5 left after Kim bought a mug. She had $12 at first.",
        "Eva had $5 left after she bought a mug and a cup. She had $12 at first.",
        "Eva had $12 at first. She wanted to buy a mug. She has $5 now.",
        "Eva had $12 at first. She did not buy a mug. She has $5 now.",
        "Eva had $12 at first. Her aunt bought a mug. She has $5 left.",
        "Eva had $12 and Kim had $9. She bought a mug. Now she has $5.",
        "Eva had $12 at first. They bought a mug. Now they have $5.",
    ):
        refused(story + " How much did the mug cost?")
    refused(
        "Eva had $12 at first. She bought 2 mugs. She has $5 left. How much did each mug cost?"
    )
    # the asked thing is not the one bought
    refused(
        "Eva had $5 left after she bought a mug. She had $12 at first. How much did the cup cost?"
    )
