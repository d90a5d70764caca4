"""What is left of a holding after equal groups moved out of it (authored texts only)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reading import QuantityView, TargetView, quantity_views, target_view
from practiceloop.arith.spent_groups import (
    left_after_groups,
    left_after_groups_candidates,
    mover_of_groups,
    paid_from_a_holding,
)
from practiceloop.kernel.frame import Mention, ProblemFrame
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import frame_of, quantity_id, relation
from tests.arith.reader._stages import answer, closes_to

BOUGHT = "Mara has $40. She buys 3 lamps that cost $9 each. How much money does Mara have left?"
GAVE = "Jun had 60 marbles. He gave 4 marbles to each of his 11 friends. How many marbles does Jun have left?"  # noqa: E501


def _left(
    text: str,
) -> tuple[
    ProblemFrame,
    TargetView,
    tuple[QuantityView, QuantityView, QuantityView, Mention] | None,
]:
    frame = frame_of(text)
    view = target_view(frame.targets)
    assert view is not None
    return frame, view, left_after_groups(frame.mentions, view)


def test_left_after_groups_reads_money_and_things() -> None:
    frame, _, found = _left(BOUGHT)
    assert found is not None
    start, groups, size, cue = found
    assert (start.mention_id, groups.mention_id, size.mention_id) == (
        quantity_id(frame, "$40"),
        quantity_id(frame, "3"),
        quantity_id(frame, "$9"),
    )
    frame, _, found = _left(GAVE)
    assert found is not None
    assert found[1].mention_id == quantity_id(frame, "11")
    assert found[2].mention_id == quantity_id(frame, "4")


@pytest.mark.parametrize(
    "text",
    [
        # the start asked, a rate of another thing, two holdings, another move, no held amount
        "Mara has $40. She buys 3 lamps that cost $9 each. How much money did Mara have at first?",
        "Jun had 60 marbles. He gave 4 stickers to each of his 11 friends. How many marbles does Jun have left?",  # noqa: E501
        "Mara has $40. She buys 3 lamps that cost $9 each. Lee has $6. How much money does Mara have left?",  # noqa: E501
        "Mara has $40. She buys 3 lamps that cost $9 each. She finds $5. How much money does Mara have left?",  # noqa: E501
        "Mara buys 3 lamps that cost $9 each. How much money does Mara have left?",
    ],
)
def test_left_after_groups_reads_only_one_holding_and_one_rate(text: str) -> None:
    assert _left(text)[2] is None


def test_mover_of_groups() -> None:
    """Money: the verb of the count must trade (money moves against the things); things: the
    verb of the rate must move them."""
    frame = frame_of(BOUGHT)
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    size, count = views[quantity_id(frame, "$9")], views[quantity_id(frame, "3")]
    cue = mover_of_groups(frame.mentions, size, count, money=True)
    assert cue is not None and "buy" in frame.source_text[cue.span.start : cue.span.end].lower()
    frame = frame_of("Mara has $40. She sees 3 lamps that cost $9 each. How much money does Mara have left?")  # noqa: E501
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    size, count = views[quantity_id(frame, "$9")], views[quantity_id(frame, "3")]
    assert mover_of_groups(frame.mentions, size, count, money=True) is None
    # a sale told with what the things cost: no price they sold for
    frame = frame_of("Mara has $40. She sells 3 lamps that cost $9 each. How much money does Mara have now?")  # noqa: E501
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    size, count = views[quantity_id(frame, "$9")], views[quantity_id(frame, "3")]
    assert mover_of_groups(frame.mentions, size, count, money=True) is None


def test_paid_from_a_holding_proposes_and_candidates() -> None:
    frame = frame_of(BOUGHT)
    view = target_view(frame.targets)
    assert view is not None
    ((organ, roles),) = paid_from_a_holding(frame.mentions, view)
    assert organ == "groups_moved"
    assert dict(roles)["per_group"] == quantity_id(frame, "$9")
    assert dict(roles)["result"] == view.mention_id
    found = left_after_groups_candidates(frame, relation(frame, "groups_moved"), view)
    assert found["groups"] == (quantity_id(frame, "3"),)
    assert found["start"] == (quantity_id(frame, "$40"),)
    assert found["result"] == ()


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (BOUGHT, 13),
        ("Mara had 40 dollars. Mara bought 3 lamps for 9 dollars each. How much money does she have left?", 13),  # noqa: E501
        ("Mara had $40. She bought 3 lamps, each costing her $9. How much money does Mara have now?", 13),  # noqa: E501
        ("Mara has $40. If she buys 3 lamps that cost $9 each, how much money will she have left?", 13),  # noqa: E501
        ("Pavel had $25. He bought 7 notebooks at $3 each. How many dollars does Pavel have left?", 4),  # noqa: E501
        ("Dana had $32. She bought 6 pounds of pears at $3 per pound. How much money does she have left?", 14),  # noqa: E501
        ("Kofi had $20. He sold 6 mugs for $3 each. How much money does Kofi have now?", 38),
        (GAVE, 16),
        ("Ann had 15 stamps. Her aunt gave her 3 sheets with 10 stamps on each sheet. How many stamps does Ann have now?", 45),  # noqa: E501
    ],
)
def test_left_after_groups_closes(text: str, value: int) -> None:
    closes_to(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Mara has $40. Lee buys 3 lamps that cost $9 each. How much money does Mara have left?",
        "Mara has $40. She wants to buy 3 lamps that cost $9 each. How much money does Mara have left?",  # noqa: E501
        "Mara has $40. She will buy 3 lamps that cost $9 each. How much money does Mara have now?",
        "Mara has $40. She did not buy 3 lamps that cost $9 each. How much money does Mara have left?",  # noqa: E501
        "Mara has $40. She can buy 3 lamps that cost $9 each. How much money does Mara have left?",
        "Mara has $40. She buys 3 lamps that cost $9 each and a rug. How much money does Mara have left?",  # noqa: E501
        "Mara has $40. She buys 3.5 lamps that cost $9 each. How much money does Mara have left?",
        "Mara has $40. She buys 3 lamps that cost $9 each. How many lamps does Mara have left?",
        "Mara has $40. Last year lamps cost $9 each. She buys 3 lamps. How much money does Mara have left?",  # noqa: E501
        "Mara has $20. She buys 3 lamps that cost $9 each. How much money does Mara have left?",
        "Mara has $40. She buys 3 lamps that cost $9 each. How much money does Mara have left in cents?",  # noqa: E501
        "Jun had 60 marbles. Eli gave 4 marbles to each of his 11 friends. How many marbles does Jun have left?",  # noqa: E501
        "Jun had 60 marbles. He plans to give 4 marbles to each of his 11 friends. How many marbles does Jun have left?",  # noqa: E501
        "Jun had 60 marbles. He gave 4 marbles to each of his 11 friends and 3 to his brother. How many marbles does Jun have left?",  # noqa: E501
        "Ann had 15 stamps. Her aunt will give her 3 sheets with 10 stamps on each sheet. How many stamps does Ann have now?",  # noqa: E501
    ],
)
def test_left_after_groups_refuses_its_neighbours(text: str) -> None:
    category, _ = answer(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE)
