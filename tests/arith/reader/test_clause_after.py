"""Stage 5b, forward: from a number's phrase to its clause's end (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.clause_after import (
    adverb_before_verb,
    after_a_move,
    joined_holder,
    now_of_the_next_clause,
)

from ._stages import at, attrs, closes_to, never_wrong, reading


def test_side_after_reads_a_listed_side() -> None:
    text = "Every day Lia spends a total of 5 hours on painting walls and washing cars."
    assert attrs(text, "5")["side"] == "on painting wall and on washing car"
    assert attrs("Lia spends 2 hours on painting walls and 3 hours on washing cars.", "2")[
        "side"
    ] == "on painting wall"


def test_side_after() -> None:
    assert attrs("There were 9 kids on monday.", "9")["side"] == "monday"
    assert attrs("There were 600 visitors the previous day.", "600")["side"] == "previous day"
    # past an "and", a time is the next amount's
    assert "side" not in attrs("He had 9 pens and on monday 3 pens.", "9")


def test_left_after() -> None:
    assert attrs("He has 33 dollars left.", "33")["state"] == "left"
    assert attrs("There were 12 trees left.", "12")["state"] == "left"
    found = attrs("Then 9 customers left.", "9")
    assert (found["verb"], found["direction"]) == ("left", "loss")


def test_were_left_is_a_result() -> None:
    assert attrs("If 12 trees were left How many trees?", "12")["state"] == "left"


@pytest.mark.parametrize(
    ("text", "state"),
    [
        ("She has 7 pens now.", "now"),
        ("She has 7 pens altogether.", "in_all"),
        ("She has 7 pens in all.", "in_all"),
        ("She had 7 pens initially.", "start"),
        ("She had 7 pens at the start.", "start"),
        ("She had 7 pens to begin with.", "start"),
        ("She had 7 pens at first.", "start"),
        ("She had 7 pens earlier.", "start"),
        ("She had 7 pens previously.", "start"),
        ("She weighed 7 pounds before starting school.", "start"),
    ],
)
def test_state_after(text: str, state: str) -> None:
    assert attrs(text, "7")["state"] == state
    assert "state" not in attrs("She ate 7 pens the first night.", "7")  # a time, no start
    assert "state" not in attrs("She ate 7 pens before lunch.", "7")  # a time, not a gerund


def test_verb_after() -> None:
    found = attrs("Then 5 more ducks came.", "5")
    assert (found["verb"], found["direction"]) == ("came", "gain")
    assert attrs("At the stop 22 people get off the bus.", "22")["direction"] == "loss"
    assert attrs("Then 4 ducks flew south.", "4")["activity"] == "south"
    found = attrs("39 students rode on the first bus.", "39")  # any verb, moving or not
    assert found["verb"] == "rode" and "direction" not in found
    assert "verb" not in attrs("5 were in the box.", "5")  # a state's, not a verb's


def test_after_a_move() -> None:
    r = reading("After some more arrived he had 8 boxes. After school he had 9 boxes.")
    assert after_a_move(r, at(r, "8"))
    assert not after_a_move(r, at(r, "9"))  # no move in the "after" clause


def test_what_is_held_after_a_move_is_now() -> None:
    """ "After some more came he had 9": the amount held after the move is the result."""
    text = "A clerk had 4 boxes. After some more arrived he had 9 boxes. "
    text += "How many new boxes arrived?"
    assert attrs(text, "9").get("state") == "now"
    assert "state" not in attrs(text, "4")
    closes_to(text, 5)
    assert "state" not in attrs("After school he had 9 boxes.", "9")
    # the amount inside the "after" clause is the move, not what is held
    assert "state" not in attrs("After he had 9 boxes he sold 3 boxes.", "9")


def test_everyday_after() -> None:
    assert attrs("She reads 5 pages everyday.", "5")["per"] == "day"
    assert attrs("He spends 2 hours on painting walls everyday.", "2")["per"] == "day"
    assert attrs("Everyday she reads 5 pages.", "5")["per"] == "day"
    text = "He spends a total of 4 hours on painting walls and doors everyday."
    assert attrs(text, "4")["per"] == "day"  # after the side's list
    text = "He spends 4 hours on painting walls and reads books everyday."
    assert "per" not in attrs(text, "4")  # a clause of its own
    # the jogging is done every day, not the loss
    assert "per" not in attrs("After she started jogging everyday she lost 5 kilograms.", "5")
    assert "per" not in attrs("She lost 5 kilograms after jogging everyday.", "5")


def test_joined_holder() -> None:
    text = "A club has 12 boys and 9 girls. 4 more girls joined the club."
    assert attrs(text, "4")["subject_noun"] == "club"
    r = reading(text)
    found: dict[str, str] = {}
    joined_holder(r, at(r, "joined"), "joined", found)
    assert found == {"subject_noun": "club"}
    for other in ("joined the club in May.", "joined Tom.", "came to the club."):
        r = reading("4 more girls " + other)
        found = {}
        joined_holder(r, at(r, "girls") + 1, r.word(at(r, "girls") + 1), found)
        assert found == {}, other
    closes_to(text + " How many more girls than boys does the club have now?", 1)
    # another place joined: the club's girls did not change
    never_wrong(
        "A club has 12 boys and 9 girls. 4 more girls joined the choir. "
        "How many more boys than girls does the club have now?",
        3,
    )


def test_adverb_before_verb() -> None:
    """ "Ada sold lemonade and now has 45 dollars": the adverb stands between "and" and the
    verb, and the verb's subject is still Ada."""
    r = reading("Ada sold lemonade and now has 45 dollars.")
    assert adverb_before_verb(r, at(r, "now")) == 1
    assert adverb_before_verb(r, at(r, "has")) == 0
    found = attrs("Ada sold lemonade and now has 45 dollars.", "45")
    assert (found["owner"], found["state"]) == ("ada", "now")
    found = attrs("Ada sold lemonade and still has 45 dollars.", "45")
    assert found["owner"] == "ada"
    # a time adverb before a noun opens no shared verb
    assert "owner" not in attrs("Ada sold lemonade and now 45 dollars are left.", "45")


def test_now_of_the_next_clause() -> None:
    """ "He bought 37 more at a show and now has 90": the "now" is the 90's, not the 37's."""
    text = "Sanjay had some stamps. He bought 37 more at a stamp show and now has 90."
    assert "state" not in attrs(text, "37") and attrs(text, "90")["state"] == "now"
    r = reading(text)
    assert now_of_the_next_clause(r, at(r, "now"))
    assert not now_of_the_next_clause(reading("He gave away 5 and 3 are left now."), 6)
    closes_to(text + " How many stamps did Sanjay have before the show?", 53)
    never_wrong("Wei had some marbles. He won 12 more in a game and now has 40. How many marbles does Wei have now?", 40)  # noqa: E501


def test_walk_forward() -> None:
    """The walk forward records a state told after the number ("12 left") and stops at
    another person's clause."""
    found = attrs("Ann had 12 pens left after she gave some to Tom.", "12")
    assert found.get("state") == "left"
    # "After 9 customers left he still had 12": the walk from 9 stops at "he", his clause
    assert attrs("After 9 customers left he still had 12 customers.", "9").get("state") != "now"
