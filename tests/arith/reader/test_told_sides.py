"""Stage 7c/8b: sides and kinds asked, and relations proposed over them (authored texts)."""

from __future__ import annotations

from tests.arith._helpers import frame_of

from ._stages import closes_to, target


def _types(text: str) -> list[str]:
    return [r.relation_type for r in frame_of(text).relations if r.relation_type != "coreference"]


def test_rate_after_than() -> None:
    asked = target("How many more sacks of red apples than green apples are picked per day?")
    assert (asked.state, asked.per, asked.than_modifier) == ("more", "day", "green")
    asked = target("How many more pages does Tom read each day than Ann?")
    assert (asked.state, asked.per, asked.than) == ("more", "day", "ann")
    # "each" before the question's end names no group the comparison is asked per
    assert target("How many more pens than each of his friends does he have?").per is None
    assert target("How many more pens does he have than Ann?").per is None


def test_kind_of_the_subject() -> None:
    asked = target("How many days would the soda bottles last?")
    assert (asked.subject_noun, asked.subject_kind) == ("bottle", "soda")
    asked = target("How many apples does the tree have?")
    assert (asked.subject_noun, asked.subject_kind) == ("tree", None)
    assert target("How many pens does the red box hold?").subject_kind is None


def test_rates_summed_per_group() -> None:
    text = "Each crate has 12 red plums and 9 yellow plums. How many plums are in each crate?"
    assert "combine" in _types(text)
    closes_to(text, 21)
    # one rate per the group, or two of one kind: nothing summed per group
    assert "combine" not in _types("Each crate has 12 plums. How many plums are in each crate?")
    text = "Each crate has 12 red plums. Each crate has 9 red plums. How many plums in each crate?"
    assert "combine" not in _types(text)
    closes_to(
        "Every day Lia spends 2 hours on painting walls and 3 hours on washing cars. If she "
        "works for 9 days, how many hours does she spend on painting walls and washing cars "
        "each day?",
        5,
    )


def test_rate_of_the_asked_side() -> None:
    text = (
        "Every day Lia spends 2 hours on painting walls and 3 hours on washing cars. If she "
        "works for 4 days, how many hours does she spend on washing cars in all?"
    )
    assert "equal_groups" in _types(text)
    closes_to(text, 12)
    # a time asked picks no rate among activities
    assert "equal_groups" not in _types(text.replace("on washing cars in all", "on monday"))


def test_kind_compared_to_the_asked() -> None:
    text = (
        "Ivo read 9 pages of math books. He read 4 more pages of math books than history "
        "books. How many pages of history books did he read?"
    )
    assert "compare" in _types(text)
    closes_to(text, 5)
    # the difference names another kind after "than": nothing of the asked one
    assert "compare" not in _types(text.replace("than history books", "than art books"))
