"""The typed views over a frame (reading.py), on authored texts."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from practiceloop.arith.reading import asks_the_groups, mention_value, quantity_views, target_view
from tests.arith._helpers import frame_of


def test_quantity_views_read_the_new_attributes() -> None:
    frame = frame_of("Omar read 5 more pages on monday than on tuesday.")
    (view,) = quantity_views(frame.mentions)
    assert (view.side, view.than_side) == ("monday", "tuesday")


def test_asks_the_groups() -> None:
    """One rule, used by the reader, the partition organ and both target proofs: the groups a
    rate is per are asked by their noun, by a unit of the rate's thing, or by a bare unit."""
    cases = [
        ("Each box has 6 eggs. How many boxes are there?", True),
        ("Each bag has 11 cookies. How many bags of cookies are there?", True),
        ("He read 8 pages per day. How many days did he read?", True),
        ("Each bag has 11 cookies. How many bags of rice are there?", False),
        ("Each box has 6 eggs. How many eggs are there?", False),
    ]
    for text, asked in cases:
        frame = frame_of(text)
        target = target_view(frame.targets)
        (size,) = [q for q in quantity_views(frame.mentions) if q.per is not None]
        assert target is not None and asks_the_groups(size, target) is asked, text


# -- the domain's one memo: a frame's quantity views (reading.py) ------------------------------

_MEMO_TEXTS = (
    "Tom had 5 apples. He gave 2 apples to Ann. How many apples does Tom have now?",
    "Each box has 6 eggs. There are 4 boxes. How many eggs are there?",
    "Mia has 3 red pens and 4 blue pens. How many pens does she have in all?",
    "Omar read 5 more pages on monday than on tuesday. He read 9 on tuesday. How many did he "
    "read on monday?",
)


def test_remembered_views_equal_the_views_built_afresh() -> None:
    from practiceloop.arith import reading
    from practiceloop.loop.evidence import practice_problem

    reading._VIEWS.clear()
    for index, text in enumerate(_MEMO_TEXTS):
        practice_problem(f"p{index}", text)
    kept = {build for build, _ in reading._VIEWS}
    assert kept == {reading._counted_views, reading._first_target_view}  # both were asked
    for (build, _), (records, views) in reading._VIEWS.items():
        assert views == build(records)  # type: ignore[operator]


def test_practice_is_byte_identical_with_and_without_the_views_memo(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from practiceloop.arith import reading
    from practiceloop.loop.evidence import practice_problem

    def problems() -> list[object]:
        return [practice_problem(f"p{i}", text).objects for i, text in enumerate(_MEMO_TEXTS)]

    class _Forgets(dict[int, object]):
        def __setitem__(self, key: int, value: object) -> None:
            pass  # nothing is kept, so every call builds its views afresh

    cached = problems()
    monkeypatch.setattr(reading, "_VIEWS", _Forgets())
    uncached = problems()
    assert not reading._VIEWS
    assert cached == uncached


def test_an_equal_copy_of_the_mentions_is_a_miss_and_a_list_is_never_kept() -> None:
    from practiceloop.arith import reading

    frame = frame_of(_MEMO_TEXTS[0])
    reading._VIEWS.clear()
    first = quantity_views(frame.mentions)
    copy = tuple(list(frame.mentions))
    assert copy is not frame.mentions
    assert quantity_views(copy) == first and len(reading._VIEWS) == 2  # computed, kept apart
    assert quantity_views(frame.mentions) is first  # the very tuple: the kept answer
    assert quantity_views(list(frame.mentions)) == first  # type: ignore[arg-type]
    assert len(reading._VIEWS) == 2  # a list may change: never remembered
    asked = target_view(frame.targets)
    assert target_view(frame.targets) is asked and len(reading._VIEWS) == 3
    assert target_view(tuple(list(frame.targets))) == asked and len(reading._VIEWS) == 4


def test_the_views_memo_is_bounded() -> None:
    from practiceloop.arith import reading

    reading._VIEWS.clear()
    frames = [frame_of(f"Tom had {n} apples. How many apples does Tom have?") for n in range(300)]
    for frame in frames:
        quantity_views(frame.mentions)
    assert 0 < len(reading._VIEWS) <= reading._VIEWS_KEPT


def test_named_in_its_clause() -> None:
    """A pronoun is not a person its own clause names after it; past a comma it may be."""
    from practiceloop.arith.reading import named_in_its_clause

    frame = frame_of("Jill has 15 pencils. She gave 6 pencils to Tom.")
    she = next(m.mention_id for m in frame.mentions if m.kind == "pronoun")
    assert named_in_its_clause(frame, she, "tom")
    assert not named_in_its_clause(frame, she, "jill")
    frame = frame_of("Ann had 5 apples. After she ate 3, Ann had 2 apples left.")
    she = next(m.mention_id for m in frame.mentions if m.kind == "pronoun")
    assert not named_in_its_clause(frame, she, "ann")
    assert not named_in_its_clause(frame, "p9", "ann")  # no such pronoun


def test_at_asked_times() -> None:
    """Amounts told at a time the question does not ask are not what it asks; a week or a
    weekend asked holds the days told in it; an amount told at no time is no evidence."""
    from practiceloop.arith.reading import at_asked_times

    def told(text: str) -> bool:
        frame = frame_of(text)
        target = target_view(frame.targets)
        assert target is not None
        amounts = [q for q in quantity_views(frame.mentions) if q.per is None]
        return at_asked_times(target, amounts)

    days = "Ivo ate 3 apples on Monday and 4 apples on Tuesday. "
    assert told(days + "How many apples did he eat?")
    assert told(days + "How many apples did he eat this week?")
    assert not told(days + "How many apples did he eat next week?")
    assert not told(days + "How many apples did he eat on Friday?")
    assert not told(days + "How many apples did he eat over the weekend?")
    assert told("Ivo ate 3 apples on Saturday and 4 on Sunday. How many did he eat this weekend?")
    assert told("Ivo ate 3 apples. How many apples did he eat on Friday?")


def test_of_asked_holder_and_time() -> None:
    """The amounts a whole asked may be made of: the asked owner's, at the asked times."""
    from practiceloop.arith.reading import of_asked_holder_and_time

    def values(text: str) -> list[str]:
        frame = frame_of(text)
        target = target_view(frame.targets)
        assert target is not None
        amounts = [q for q in quantity_views(frame.mentions) if not q.in_question]
        return [str(q.value) for q in of_asked_holder_and_time(frame, target, amounts)]

    assert values("Ana has 3 pens and Leo has 4 pens. How many pens does Leo have?") == ["4"]
    both = "Ana has 3 pens and Leo has 4 pens. How many pens do Ana and Leo have together?"
    assert values(both) == ["3", "4"]
    days = "Ivo ate 3 apples on Monday and 4 apples on Tuesday. "
    assert values(days + "How many apples did he eat on Tuesday?") == ["4"]
    assert values(days + "How many apples did he eat this week?") == ["3", "4"]
    assert values(days + "How many apples did he eat next week?") == []


def test_mention_value() -> None:
    """A mention's value as a rational, whatever its form; None without one, never raising."""
    frame = frame_of("Ivy had 12 pens and 2.5 pounds of rice. How many pens does she have?")
    values = {m.span.text: mention_value(m) for m in frame.mentions if m.kind == "quantity"}
    assert values["12"] == 12 and values["2.5"] == Fraction(5, 2)
    actor = next(m for m in frame.mentions if m.kind == "actor")
    assert mention_value(actor) is None
    bad = dataclasses.replace(actor, attributes=(("value", "twelve"),))
    assert mention_value(bad) is None
