"""Stage 7b: the change asked back from an amount handed over to pay (authored texts only)."""

from __future__ import annotations

from practiceloop.arith.reader.tendered import (
    change_asked,
    every_item_priced,
    read_tendered,
    tendered_amount,
)
from practiceloop.kernel.frame import Mention
from tests.arith._helpers import frame_of, quantity_id, refused

from ._stages import attrs, closes_to, reading, target

_MUGS = "Mira bought 4 mugs for $6 each."


def _asked(text: str) -> bool:
    r = reading(text)
    return change_asked(r)


def _tendered(text: str, span: str) -> bool:
    r = reading(text)
    frame = frame_of(text)
    wanted = frame.mention(quantity_id(frame, span))
    assert wanted is not None
    mention = next(m for m in r.mentions if m.span == wanted.span and m.kind == "quantity")
    assert isinstance(mention, Mention)
    return tendered_amount(r, mention)


def test_change_asked() -> None:
    """ "change" named as the money given back, not as a verb."""
    assert _asked(_MUGS + " She paid with a $50 bill. How much change did she get?")
    assert _asked(_MUGS + " She paid with a $50 bill. How much did she get in change?")
    assert _asked("Yosef paid with 300 cents. How many cents did he get back in change?")
    assert not _asked(_MUGS + " She paid with a $50 bill. How much did the price change?")
    assert not _asked(_MUGS + " She paid with a $50 bill. How much did she spend?")


def test_tendered_amount() -> None:
    """Paid with an amount, or handed to the seller; never to another person, never a count
    of bills, never paying for a thing told nowhere else."""
    assert _tendered(_MUGS + " She paid with a $50 bill.", "$50")
    assert _tendered(_MUGS + " She pays with $50.", "$50")
    assert _tendered(_MUGS + " She gave the cashier $50.", "$50")
    assert _tendered(_MUGS + " She handed the clerk a $50 bill.", "$50")
    assert _tendered("Mira paid for the mugs with a $50 bill. The mugs cost $24.", "$50")
    assert not _tendered(_MUGS + " She paid with two $20 bills.", "$20")
    assert not _tendered(_MUGS + " She gave her sister a $20 bill.", "$20")
    assert not _tendered(_MUGS + " She paid her sister with a $20 bill.", "$20")
    assert not _tendered(_MUGS + " She paid for a lamp with a $50 bill.", "$50")
    assert not _tendered(_MUGS + " Later she paid with a $50 bill for a lamp.", "$50")
    assert not _tendered(_MUGS + " She had $50.", "$50")


def test_read_tendered() -> None:
    """The bill read as money held from the start, the change as the money left."""
    text = _MUGS + " She paid with a $50 bill. How much change did she get?"
    held = attrs(text, "$50")
    assert held["state"] == "start" and held["tendered"] == "paid"
    assert "direction" not in held and "cue" not in held
    asked = target(text)
    assert (asked.entity, asked.unit, asked.state) == ("money", "dollar", "left")
    # no change asked, two bills, a coupon, a sale: nothing read
    for other in (
        _MUGS + " She paid with a $50 bill. How much did she spend?",
        _MUGS + " She paid with a $20 bill and a $10 bill. How much change did she get?",
        _MUGS + " She used a $5 coupon and paid with a $50 bill. How much change did she get?",
        "Mira sold 4 mugs for $6 each. She paid with a $50 bill. How much change did she get?",
    ):
        assert attrs(other, "$50" if "$50" in other else "$20").get("tendered") is None, other
    assert read_tendered(reading("No question here."), ()) == ()


def test_read_tendered_closes() -> None:
    """The change of a purchase paid from the bill: the bill less what was bought."""
    for text, value in [
        ("Deepa buys 6 notebooks at $3 each and pays with a $20 bill. How much change does she get?", 2),  # noqa: E501
        ("Sally bought 3 frames at $3 each. She paid with a $20 bill. How much change did she get?", 11),  # noqa: E501
        ("Tom bought a book for $7. He paid with a $20 bill. How much change did he get?", 13),
        ("Ken bought a hat for $15 and paid with $20. How much change did he get?", 5),
        ("Yosef bought 8 pencils for 30 cents each. He paid with 300 cents. How many cents did he get back in change?", 60),  # noqa: E501
        (_MUGS + " She handed the cashier $50. How much change will she get?", 26),
        ("Each mug costs $6. Mira bought 4 mugs. She paid with a $50 bill. How much change did she get?", 26),  # noqa: E501
    ]:
        closes_to(text, value)
    for text in (
        _MUGS + " She paid with a $50 bill. How much did she spend?",
        _MUGS + " Her friend paid with a $50 bill. How much change did Mira get?",
        "Mira plans to buy 4 mugs for $6 each. She pays with a $50 bill. How much change does she get?",  # noqa: E501
        _MUGS + " She paid with a $20 bill. How much change did she get?",
        _MUGS + " She also bought a lamp. She paid with a $50 bill. How much change did she get?",
    ):
        refused(text)


def test_every_item_priced() -> None:
    """Every part of a sentence of paying has a number: no item bought at no told price."""

    def priced(text: str) -> bool:
        r = reading(text)
        paid = [m for m in r.mentions if m.kind == "quantity" and ("entity", "money") in m.attributes]  # noqa: E501
        return every_item_priced(r, paid)

    assert priced("Pia buys a scarf for $16 and a hat for $3.")
    assert priced("Sally bought 3 frames, each costing her $3.")
    assert not priced("Pia buys a scarf for $16 and a hat.")
    assert not priced("Pia buys a hat, and a scarf for $16.")
    refused("Pia buys a scarf for $16 and a hat. She pays with a $20 bill. How much change does she get?")  # noqa: E501
    # a purchase told after the bill: the bill paid for what came before only
    refused("Pia buys a scarf for $16. She pays with a $20 bill. Then she buys a hat for $3. How much change did she get?")  # noqa: E501
