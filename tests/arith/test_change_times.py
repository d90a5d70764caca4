"""A change's start asked "before" a time or an event (authored texts)."""

from __future__ import annotations

from practiceloop.arith.change_times import (
    asked_before_another_move,
    before_words,
    handed_over_to_pay,
    result_told_before_a_move,
    start_asked_after,
    start_told_after_a_move,
)
from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.loop.episode import practice
from practiceloop.loop.evaluate import Category, judge
from tests.arith._helpers import frame_of

STORY = "Tim was gathering acorns in the park. After he gathered 14 more on Sunday, he had 22 acorns."  # noqa: E501


def _covered(text: str) -> tuple[bool, object]:
    verdict = judge("t", practice(text), None)
    return verdict.category in (Category.DIRECT, Category.CLOSED_UNIQUE), verdict.value


def test_before_words() -> None:
    frame = frame_of(STORY + " How many acorns did he have before Sunday?")
    target = target_view(frame.targets)
    assert target is not None and "sunday" in (before_words(frame, target) or ())
    plain = frame_of(STORY + " How many acorns did he have at first?")
    plain_target = target_view(plain.targets)
    assert plain_target is not None and before_words(plain, plain_target) is None


def test_asked_before_another_move() -> None:
    """The start asked "before" the first move's own time or event closes; before another
    time, place or move it is refused."""
    frame = frame_of(STORY + " How many acorns did he have before Monday?")
    target = target_view(frame.targets)
    assert target is not None
    moves = [q for q in quantity_views(frame.mentions) if q.direction is not None]
    assert asked_before_another_move(frame, moves, target)
    assert _covered(STORY + " How many acorns did he have before Sunday?") == (True, 8)
    for asked in ("before Monday", "before the movie", "before he lost some"):
        assert not _covered(STORY + f" How many acorns did he have {asked}?")[0]
    shells = "Rosa had some shells. She found 18 more on the beach and now has 30."
    assert _covered(shells + " How many shells did Rosa have before the beach?") == (True, 12)
    assert not _covered(shells + " How many shells did Rosa have before the park?")[0]


def test_start_asked_after() -> None:
    """A start asked "after" the move is what the move left, never the start."""
    lost = "Wei had some marbles. He lost 12 marbles in a game and now has 40 marbles."
    frame = frame_of(lost + " How many marbles did Wei have after the game?")
    target = target_view(frame.targets)
    assert target is not None and start_asked_after(frame, target)
    for asked in ("after the game", "after he lost some"):
        assert not _covered(lost + f" How many marbles did Wei have {asked}?")[0]
    assert _covered(lost + " How many marbles did Wei have before the game?") == (True, 52)


def test_result_told_before_a_move() -> None:
    """A past state told before a later move is not the end of a chain that counts the move;
    told after every move, or in the present, or with the move in the past perfect, it is."""
    later = "Linda had 50 balloons. Some balloons popped and she had 36 left."
    frame = frame_of(later + " Then she bought 10 more. How many balloons popped?")
    views = {q.value: q for q in quantity_views(frame.mentions)}
    bound = {"start": views[50], "result": views[36], "change_1": views[10]}
    assert result_told_before_a_move(frame, bound)
    assert not result_told_before_a_move(frame, {"start": views[50], "result": views[36]})
    for then in ("Then she bought 10 more.", "Later she found 10 more.", "After that she won 10."):
        assert not _covered(f"{later} {then} How many balloons popped?")[0]
    assert _covered(
        "Linda had 50 balloons. She bought 10 more. Some balloons popped and she had 36 left."
        " How many balloons popped?"
    ) == (True, 24)
    assert _covered(
        "Linda has 36 balloons now. She had 50 balloons. Some popped and then she bought 10"
        " more. How many balloons popped?"
    ) == (True, 24)
    assert _covered(
        "Tom had 40 cards. He had 25 cards left. He had sold some and had bought 7 cards."
        " How many cards did he sell?"
    ) == (True, 22)


def test_start_told_after_a_move() -> None:
    """An amount told after a move with a verb of no holding is no start; told with a verb
    of holding, or as earlier ("initially", the past perfect), it is."""
    gum = "Jim bought 4 packs of gum with 5 pieces in each pack."
    frame = frame_of(gum + " He chewed 7 pieces. How many pieces does he have left?")
    views = {q.value: q for q in quantity_views(frame.mentions)}
    bound = {"groups": views[4], "per_group": views[5], "start": views[7]}
    assert start_told_after_a_move(frame, bound)
    assert not start_told_after_a_move(frame, {"start": views[7]})
    for told in ("He chewed 7 pieces.", "He tossed 7 pieces."):
        assert not _covered(f"{gum} {told} How many pieces does he have left?")[0]
    assert _covered(
        "Baker sold 44 cakes. If he had made 48 cakes initially, how many cakes would baker"
        " still have?"
    ) == (True, 4)


def test_handed_over_to_pay() -> None:
    """A bill handed over after the purchase is still what the purchase is paid from."""
    text = "Tom bought a book for $7. He paid with a $20 bill. How much change did he get?"
    frame = frame_of(text)
    views = {q.value: q for q in quantity_views(frame.mentions)}
    assert handed_over_to_pay(frame, views[20]) and not handed_over_to_pay(frame, views[7])
    assert _covered(text) == (True, 13)
    # not handed over: told as had after the purchase, nothing read as paid from it
    had = frame_of("Tom bought a book for $7. He had $20. How much money did he have left?")
    assert not any(handed_over_to_pay(had, q) for q in quantity_views(had.mentions))
