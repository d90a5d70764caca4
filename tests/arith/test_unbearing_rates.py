"""A rate of a thing the text counts nowhere else (:mod:`practiceloop.arith.unbearing_rates`)."""

from __future__ import annotations

from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.arith.unbearing_rates import (
    count_of_the_one_group,
    groups_of_another_thing,
    rate_of_an_untold_thing,
    rate_of_uncounted_groups,
)
from tests.arith._helpers import frame_of


def _holds(text: str, aside: int, bound: list[int]) -> bool:
    frame = frame_of(text)
    target = target_view(frame.targets)
    assert target is not None
    views = {q.value: q for q in quantity_views(frame.mentions)}
    return rate_of_an_untold_thing(
        frame, "partition", views[aside], [views[b] for b in bound], target
    )


def test_rate_of_an_untold_thing() -> None:
    """The pages per book cannot reach the books asked: no pages are counted elsewhere."""
    text = ("Each book had 66 pages and it took Lee 12 days to finish each book. He took 48 "
            "days to finish all books. How many books did he read?")  # fmt: skip
    assert _holds(text, 66, [12, 48])
    assert not _holds(text, 12, [66, 48])  # days are counted again (48 days)
    # pages asked, or counted elsewhere, or one "each" for both rates, or the word said again
    assert not _holds(text.replace("How many books did he read?", "How many pages did he read?"),
                      66, [12, 48])  # fmt: skip
    assert not _holds(text.replace("He took 48 days", "He read 99 pages in 48 days"),
                      66, [12, 48])  # fmt: skip
    assert not _holds("Each truck uses 3 tanks with a capacity of 150 liters. There are 3 trucks. "
                      "How many liters can the trucks carry?", 3, [150, 3])  # fmt: skip


def test_groups_of_another_thing() -> None:
    """The apples' groups say nothing of the pears' groups asked."""
    text = ("There are 40 apples and 30 pears. If the apples are organized into 8 groups and "
            "the pears are organized into 5 groups How big is each group of pears?")  # fmt: skip
    frame = frame_of(text)
    target = target_view(frame.targets)
    assert target is not None
    views = {q.value: q for q in quantity_views(frame.mentions)}
    assert groups_of_another_thing(frame, "partition", views[8], [views[30], views[5]], target)
    assert not groups_of_another_thing(frame, "partition", views[5], [views[30], views[8]], target)
    assert not groups_of_another_thing(frame, "partition", views[8], [views[30]], target)


def test_count_of_the_one_group() -> None:
    """How many blocks there are changes no block's letters or houses."""
    text = ("A mailman gives 38 letters to each of the 78 blocks. If there are 19 houses on a "
            "block, how many letters does he give each house?")  # fmt: skip
    frame = frame_of(text)
    target = target_view(frame.targets)
    assert target is not None
    views = {q.value: q for q in quantity_views(frame.mentions)}
    assert count_of_the_one_group(frame, "partition", views[78], [views[38], views[19]], target)
    assert not count_of_the_one_group(frame, "partition", views[78], [views[38]], target)
    frame = frame_of(text.replace("each house?", "in all?"))
    target = target_view(frame.targets)
    assert target is not None
    views = {q.value: q for q in quantity_views(frame.mentions)}
    assert not count_of_the_one_group(frame, "partition", views[78], [views[38], views[19]], target)


def test_rate_of_uncounted_groups() -> None:
    """Pencils per row reach no amount when no rows are counted; counted rows may."""
    text = ("Faye was placing her pencils into rows with 22 pencils in each row. She had 6 packs "
            "of pencils each one having 14 pencils. How many pencils does she have?")  # fmt: skip
    frame = frame_of(text)
    target = target_view(frame.targets)
    assert target is not None
    views = {q.value: q for q in quantity_views(frame.mentions)}
    assert rate_of_uncounted_groups(frame, "equal_groups", views[22], [views[6], views[14]], target)
    counted = text.replace("into rows", "into 4 rows")
    frame = frame_of(counted)
    target = target_view(frame.targets)
    assert target is not None
    views = {q.value: q for q in quantity_views(frame.mentions)}
    assert not rate_of_uncounted_groups(
        frame, "equal_groups", views[22], [views[6], views[14]], target
    )
