"""A side a change fixes, compared with a told one (arith/_moves_compared.py: change_compare).

Authored general English only (never a corpus sentence)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from practiceloop.arith._moves_compared import (
    ORGAN,
    moves_bound_as_read,
    moves_candidates,
    moves_compared_value,
    one_person_pronoun,
    one_place,
    propose_moves_compared,
    read_moves_compared,
    solved_side,
)
from practiceloop.arith.reading import target_view
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, relation, verdict_of, with_roles

TRAIN = (
    "30 kids were on the train. At the station 12 kids got on the train while some got off "
    "the train. Then there were 25 kids altogether on the train. How many more kids got off "
    "the train than those that got on?"
)
ROSES = "Ann planted 14 roses. After a frost 5 died. How many more roses survived the frost than those that died?"  # noqa: E501
GUESTS = "A cook had 12 guests. After some left he still had 5 guests. How many more guests left than those that stayed behind?"  # noqa: E501
SHELLS = (
    "Ravi had 40 shells. He found 8 new shells. After losing some he had 30 left. How many "
    "more shells did he lose than he found?"
)


def _read(text: str):  # type: ignore[no-untyped-def]
    frame = frame_of(text)
    return read_moves_compared(frame.source_text, frame.mentions, frame.targets)


def test_read_moves_compared() -> None:
    train = _read(TRAIN)
    assert train is not None and train.shape == "other_move"
    assert (train.solved_compared, train.way) == (True, "gain")
    assert [name for name, _ in train.roles] == ["start", "change", "result"]
    roses = _read(ROSES)
    assert roses is not None and (roses.shape, roses.solved_compared) == ("rest_of_loss", True)
    guests = _read(GUESTS)
    assert guests is not None and (guests.shape, guests.solved_compared) == ("move_to_rest", True)
    shells = _read(SHELLS)
    assert shells is not None and (shells.shape, shells.solved_compared) == ("other_move", True)
    # the question in the other order: the told side is the "more" one
    flipped = _read(ROSES.replace("survived the frost than those that died", "died than survived"))
    assert flipped is not None and not flipped.solved_compared


@pytest.mark.parametrize(
    "text",
    [
        # no unknown move told ("some"): the end alone does not say two moves
        TRAIN.replace(" while some got off the train", ""),
        # "some" of another thing
        TRAIN.replace("some got off", "some dogs got off"),
        # a third amount: a distractor, another move
        TRAIN.replace("Then there", "4 adults sat down. Then there"),
        # the told move not done yet
        SHELLS.replace("He found 8", "He will find 8"),
        # a second holder's move
        SHELLS.replace("He found 8 new shells", "His sister found 8 new shells"),
        # another place
        TRAIN.replace("got on the train while", "got on the bus while"),
        # another possessor
        ROSES.replace("5 died", "5 of Bo's roses died"),
        # a verb that is neither side's ("bloomed" is no staying)
        ROSES.replace("survived the frost", "bloomed"),
        # "fewer" asked
        ROSES.replace("How many more", "How many fewer"),
        # the loss told before the start
        "After a frost 5 roses died. Ann planted 14 roses. How many more roses survived than died?",
        # a "he" beside a "she": two holders
        SHELLS.replace("He found", "She found"),
        # a side asked at a time, or at a place the story never names
        ROSES.replace("than those that died?", "than those that died last year?"),
        GUESTS.replace("stayed behind?", "stayed in the hall?"),
        # the start at another time
        "Ann planted 14 roses last year. After a frost 5 died. How many more roses survived than died?",  # noqa: E501
    ],
)
def test_read_moves_compared_refuses(text: str) -> None:
    assert _read(text) is None
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


def test_one_place() -> None:
    assert one_place("5 got on the bus and 3 got off the bus.", frozenset())
    assert not one_place("5 got on the bus and 3 got off the van.", frozenset())
    assert one_place("In Ann's yard 5 roses died.", frozenset({"ann"}))
    assert not one_place("In Bo's yard 5 roses died.", frozenset({"ann"}))
    assert not one_place("Ann saw Bo's roses.", frozenset({"ann", "bo"}))


def test_one_person_pronoun() -> None:
    assert one_person_pronoun("She had 4 pins. She lost some of her pins.")
    assert not one_person_pronoun("She had 4 pins. After losing some he had 2.")
    assert one_person_pronoun("30 kids were on the train.")


def test_solved_side_and_moves_compared_value() -> None:
    for text, solved, value in ((TRAIN, 17, 5), (ROSES, 9, 4), (GUESTS, 7, 2), (SHELLS, 18, 10)):
        result_frame = _closed(text)
        rel = relation(result_frame, ORGAN)
        assert solved_side(result_frame, rel) == solved
        assert moves_compared_value(result_frame, rel) == Fraction(value)


def _closed(text: str):  # type: ignore[no-untyped-def]
    from practiceloop.loop.episode import practice

    result = practice(text)
    episode = next(e for e in result.episodes if e.assessment.candidate_organ == ORGAN)
    (frame,) = episode.closed_frames
    return frame


def test_moves_bound_as_read() -> None:
    frame = _closed(TRAIN)
    assert moves_bound_as_read(frame, relation(frame, ORGAN))
    # the start and the end swapped: no longer what the text reads
    swapped = with_roles(frame, ORGAN, start="q2", result="q0")
    assert not moves_bound_as_read(swapped, relation(swapped, ORGAN))
    assert moves_compared_value(swapped, relation(swapped, ORGAN)) is None


def test_propose_moves_compared() -> None:
    frame = frame_of(GUESTS)
    (proposed,) = propose_moves_compared(frame.source_text, frame.mentions, frame.targets)
    target = target_view(frame.targets)
    assert target is not None
    assert proposed.roles == (("start", None), ("result", None), ("difference", target.mention_id))
    refused = frame_of(GUESTS.replace("some left", "some cats left"))
    assert propose_moves_compared(refused.source_text, refused.mentions, refused.targets) == ()


def test_moves_candidates() -> None:
    frame = frame_of(ROSES)
    target = target_view(frame.targets)
    assert target is not None
    found = moves_candidates(frame, relation(frame, ORGAN), target)
    assert found == {"start": ("q0",), "change": ("q1",), "difference": ()}


@pytest.mark.parametrize(
    ("text", "value"),
    [(TRAIN, 5), (ROSES, 4), (GUESTS, 2), (SHELLS, 10)],
)
def test_change_compare_closes(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)
