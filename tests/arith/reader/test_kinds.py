"""Stage 5d: a category named before its kinds (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.kinds import category_named, category_of_kinds, category_rated
from practiceloop.loop.evaluate import Category

from ._stages import answer, attrs, closes_to, reading

COVERED = (Category.DIRECT, Category.CLOSED_UNIQUE)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("For the picnic Lena packed snacks. She packed 3 pears.", None),  # "pack": no class
        ("For the picnic Lena bought snacks. She bought 3 pears.", ("snack", "transfer_in")),
        ("At the farm Raj picked berries.", ("berry", "transfer_in")),
        ("At the farm Raj picked 9 berries.", None),  # it counts
        ("At the farm Raj likes berries.", None),  # no making or getting
        ("At the farm Raj baked a pie.", None),  # no plural
        ("At the farm Raj picked berries for his aunt.", None),  # no category at the end
    ],
)
def test_category_named(text: str, named: tuple[str, str] | None) -> None:
    r = reading(text)
    assert category_named(r, 0) == named


def test_category_of_kinds() -> None:
    text = ("For the fair Omar baked treats. He baked 6 muffins and 14 tarts. After the fair "
            "he had 5 to take home. How many treats did he sell?")  # fmt: skip
    assert attrs(text, "6")["entity"] == "treat" and attrs(text, "6")["modifier"] == "muffin"
    assert attrs(text, "14")["modifier"] == "tart"
    left = attrs(text, "5")
    assert left["entity"] == "treat" and left["elided"] == "category" and left["state"] == "now"
    # the question asks no category: the kinds stay kinds
    other = ("For the fair Omar baked treats. He baked 6 muffins and 14 tarts. How many "
             "muffins did he bake?")  # fmt: skip
    assert attrs(other, "6")["entity"] == "muffin"
    # kinds of another verb class than the category's
    sold = ("For the fair Omar baked treats. He sold 6 muffins and 14 tarts. How many treats "
            "did he sell?")  # fmt: skip
    assert attrs(sold, "6")["entity"] == "muffin"
    # one kind is no list
    one = "For the fair Omar baked treats. He baked 6 muffins. How many treats did he bake?"
    assert attrs(one, "6")["entity"] == "muffin"
    r = reading("Omar likes treats. He baked 6 muffins and 4 tarts. How many treats?")
    category_of_kinds(r, [])  # nothing read: nothing changes, no fault


def test_category_of_kinds_end_to_end() -> None:
    closes_to("For the fair Omar baked treats. He baked 6 muffins and 14 tarts. After the fair "
              "he had 5 to take home. How many treats did he sell?", 15)  # fmt: skip
    closes_to("For the party Tia bought drinks. She bought 8 sodas and 4 juices. After the "
              "party she had 3 left. How many drinks did they drink?", 9)  # fmt: skip
    # no category named first: no taxonomy is guessed
    assert answer("Omar baked 6 muffins and 14 tarts. After the fair he had 5 to take home. "
                  "How many treats did he sell?")[0] not in COVERED  # fmt: skip


def test_category_rated() -> None:
    """A rate per the category a sentence named licenses the kinds listed after it as that
    category, as a question asking the category does; a rate per one kind, or a category no
    sentence names, leaves the kinds as they are."""
    text = ("Ivo bought presents. He bought 4 kites and 2 yoyos. Each present cost 3 dollars. "
            "How much did he spend?")  # fmt: skip
    assert attrs(text, "4")["entity"] == "present" and attrs(text, "4")["modifier"] == "kite"
    r = reading(text)
    assert category_rated([(0, 0, {"per": "present"})], "present")
    assert not category_rated([(0, 0, {"per": "kite"})], "present")
    assert not category_rated([(0, 0, {})], "present") and r.question >= 0
    closes_to(text, 18)
    # a rate of one kind: the kinds stay kinds, no sum is priced
    kite = text.replace("Each present cost", "Each kite cost")
    assert attrs(kite, "4")["entity"] == "kite"
    assert answer(kite)[0] not in COVERED
    # no sentence names the category: "each present" over kites and yoyos is refused
    unnamed = ("Ivo bought 4 kites and 2 yoyos. Each present cost 3 dollars. How much did he "
               "spend?")  # fmt: skip
    assert answer(unnamed)[0] not in COVERED
