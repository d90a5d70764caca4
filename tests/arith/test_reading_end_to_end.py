"""Readings the organs and the accounting proofs build on, end to end (authored texts).

Each test reads a short text and practises it: the organ rules that rest on what the reader
read (a comparison's summed side, amounts listed beside the asked ones) and the guards that
refuse a reading instead of answering wrongly (another unit of the asked thing, "N more" after
another owner's, an amount taken away before "in all").
"""

from __future__ import annotations

from tests.arith._helpers import assess, frame_of
from tests.arith.reader._stages import closes_to, never_wrong


def test_listed_amounts_of_another_thing_are_not_steps() -> None:
    closes_to(
        "Baker made 30 pies and 12 cakes. He sold 8 pies and 5 cakes. How many pies does baker "
        "have left?",
        22,
    )


def test_listed_kinds_of_the_asked_thing_are_steps() -> None:
    text = "Max has 10 soccer balls and 4 basketballs. 3 soccer balls and 2 basketballs are "
    text += "flat. How many balls in total does Max have?"
    never_wrong(text, 14)
    frame = frame_of(text)
    assert "quantities_unaccounted" in assess(frame, "combine").unresolved_hazards


def test_a_number_of_the_asked_thing_with_another_unit_blocks() -> None:
    # "4 bags" after bags of two things: which bags they are is not read
    text = "Abie had 20 bags of chips and 5 bags of nuts. She gave 4 bags to her friend. How "
    text += "many bags of chips does Abie have left?"
    assert "quantities_unaccounted" in assess(frame_of(text), "change").unresolved_hazards
    # after bags of one thing, "4 bags" are bags of it
    closes_to(text.replace(" and 5 bags of nuts", ""), 16)


def test_more_after_another_owner_is_a_difference() -> None:
    text = "Katie needs 3 pounds of flour. Sheila needs 2 more pounds of flour. How many pounds "
    text += "of flour do they need together?"
    assert "quantity_unplaced" in assess(frame_of(text), "combine").unresolved_hazards


def test_a_side_gained_in_steps_is_summed() -> None:
    closes_to(
        "4 ducks and 6 geese were on the pond. 5 more ducks came to join them. How many more "
        "ducks than geese are on the pond?",
        3,
    )


def test_a_side_with_a_loss_is_not_summed() -> None:
    never_wrong(
        "4 ducks and 6 geese were on the pond. 2 ducks flew away. How many more geese than "
        "ducks are on the pond?",
        4,
    )


def test_a_side_of_two_owners_is_not_summed() -> None:
    never_wrong(
        "Ann has 5 apples. Bob has 3 apples. Carl has 7 apples. How many more apples does Ann "
        "have than Bob?",
        2,
    )


def test_an_amount_taken_away_is_no_part_of_what_is_held() -> None:
    text = "Jerry had 8 figures on a shelf. Later he added 4 more figures and removed 5 figures. "
    text += "How many figures were on his shelf in all?"
    assert "quantity_unplaced" in assess(frame_of(text), "combine").unresolved_hazards
    never_wrong(text, 7)


def test_a_word_with_glued_digits_is_no_amount() -> None:
    # "mp3" names the player: no phantom 3 to account for
    closes_to(
        "Omar had 12 tracks on his mp3 player. He deleted 4 of the tracks. How many tracks "
        "are on his mp3 player now?",
        8,
    )
