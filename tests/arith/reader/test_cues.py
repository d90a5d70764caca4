"""Stage 3: verbs, cues and observations (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.cues import gerund_object, is_verb, verb_direction
from practiceloop.arith.reading import attribute
from tests.arith._helpers import frame_of

from ._stages import attrs, closes_to, never_wrong, reading


def _cues(text: str) -> dict[str, dict[str, str]]:
    return {m.span.text: dict(m.attributes) for m in frame_of(text).mentions if m.kind == "cue"}


@pytest.mark.parametrize(
    ("word", "verb"),
    [
        ("gave", True),
        ("contains", True),
        ("visited", True),
        ("sang", False),
        ("apple", False),
        ("split", True),  # "are split into teams of 12": a verb, never the thing split
        ("divides", True),
    ],
)
def test_is_verb(word: str, verb: bool) -> None:
    # a listed form, or any longer word in -ed ("visited"); "sang" is neither
    assert is_verb(word) is verb


def test_is_verb_split() -> None:
    """ "split" moves nothing: the sharing's verb, and no noun of a number."""
    closes_to("The 96 students in the gym are split into teams of 12. How many teams are there?", 8)
    closes_to("Four friends split a $36 lunch bill equally. How much does each friend pay?", 9)
    never_wrong("Four friends split a $36 lunch bill equally. How much did the lunch cost?", 36)


@pytest.mark.parametrize(
    ("verb", "money", "direction"),
    [
        ("bought", False, "gain"),
        ("bought", True, "loss"),  # buying loses money
        ("sold", True, "gain"),
        ("sold", False, "loss"),
        ("came", False, "gain"),
        ("left", False, "loss"),
        ("got off", False, "loss"),
        ("got on", False, "gain"),
        ("get out", False, "loss"),
        ("sang", False, ""),
        ("", False, ""),
    ],
)
def test_verb_direction(verb: str, money: bool, direction: str) -> None:
    assert verb_direction(verb, money) == direction


def test_deleted_and_died_lose() -> None:
    assert attrs("Dan had 9 songs. He deleted 4 songs.", "4")["direction"] == "loss"
    closes_to("Dan had 19 songs on his phone. He deleted 5 songs. How many songs does Dan "
              "have left?", 14)  # fmt: skip


def test_read_cues() -> None:
    cues = _cues("Ann bought 5 pens and has 2 more pens than Bob. 4 pens were left. The gift")
    assert cues["bought"] == {"cue": "bought", "direction": "gain", "money_direction": "loss"}
    assert cues["more"] == {"cue": "more", "direction": "more"}
    assert "left" not in cues  # "were left" is a state, not a move
    assert "gift" not in cues
    assert _cues("9 customers left.")["left"]["direction"] == "loss"
    assert "harvest" not in _cues("It took 5 weeks of harvest.")  # a noun after a determiner


def test_the_cue_of_got_off_loses_like_its_verb() -> None:
    """The cue the question's "got off" points at reads the phrase, not "got" alone."""
    text = "30 people were on the train. At the station some people got off the train. "
    text += "Then there were 12 people left on the train. How many people got off the train?"
    frame = frame_of(text)
    cues = [m for m in frame.mentions if m.kind == "cue" and m.span.text == "got"]
    assert cues and all(attribute(m.attributes, "direction") == "loss" for m in cues)
    closes_to(text, 18)
    got_on = "9 people were on the train. At the station 4 people got on the train. "
    got_on += "How many people are on the train now?"
    cue = next(m for m in frame_of(got_on).mentions if m.kind == "cue" and m.span.text == "got")
    assert attribute(cue.attributes, "direction") == "gain"
    never_wrong(got_on, 13)


def test_given_passive() -> None:
    """ "she was also given a $10 tip" is her gain; "18 pies were sold" stays a loss."""
    text = "Ann earns $15 an hour. For 4 hours she worked, she was also given a $10 tip. How much did she earn in all?"  # noqa: E501
    assert attrs(text, "$10")["direction"] == "gain"
    never_wrong(text, 70)
    text = "A bakery had 75 pies. After a busy morning, 18 pies were left. How many pies were sold?"
    closes_to(text, 57)


def test_given_to_receiver() -> None:
    """ "His dad gave him 25 quarters": a gain for the one it reaches; a giver the story
    names keeps the giving a loss (whose story it is is not read from the sentence)."""
    text = "Sam had 5 quarters. His dad gave him 25 quarters. How many quarters does Sam have now?"
    assert attrs(text, "25")["direction"] == "gain"
    closes_to(text, 30)
    assert attrs("Sam had 9 pens. He gave her 4 pens.", "4")["direction"] == "loss"
    assert attrs("Sam had 9 pens. His dad gave 4 pens to Ann.", "4")["direction"] == "loss"


def test_read_observations() -> None:
    frame = frame_of(
        "Tom did not eat twice as many apples. He might eat 50% of them. How many could be left?"
    )
    seen = {(o.kind, attribute(o.attributes, "word")) for o in frame.observations}
    assert {("negation", "not"), ("factor", "twice"), ("modal", "might"), ("percent", "%")} <= seen
    assert ("modal", "could") not in seen  # the question's modal is its own
    words = {
        attribute(o.attributes, "word")
        for o in frame_of("Ann didn't eat a third of 3/4 of the pies.").observations
    }
    assert {"didn't", "third", "3/4"} <= words


def test_percentage_is_a_multiplier() -> None:
    frame = frame_of("Ivy gets the same percentage every year. Ivy made $ 50. How much in all?")
    assert any(o.kind == "percent" for o in frame.observations)


def test_verb_in_compound() -> None:
    """ "the school bake sale" names a sale; "the girls bake 5 pies" bakes."""
    assert "bake" not in _cues("For the school bake sale Ana made 20 pies.")
    assert "bake" in _cues("The girls bake 5 pies.")  # a plural subject: a verb
    assert "bake" in _cues("The kids bake cookies on Sunday.")
    assert "bake" in _cues("Ana and Ben bake 5 pies.")  # no determiner before: a verb
    closes_to(
        "For the school bake sale Ana made 20 pies. If she sold 8 of them and then made 5 "
        "more, how many pies would she have?",
        17,
    )


def test_gerund_of_spending() -> None:
    """ "spent 6 dollars buying paint": the gerund says what the money went to."""
    assert "buying" not in _cues("Ana spent 6 dollars buying paint.")
    assert "buying" not in _cues("Ana had to spend $6 buying paint.")
    # its own amount after it: a move of its own
    assert "buying" in _cues("Ana spent $30 buying 5 notebooks.")
    # no amount of money before it: a verb
    assert "buying" in _cues("Ana was buying 3 pens.")
    closes_to(
        "In the fall Ana earned 12 dollars washing cars and in the winter she earned 20 "
        "dollars. If she had to spend 6 dollars buying soap, how much money did she end up "
        "with?",
        26,
    )


def test_relative_clause_verb() -> None:
    """ "the candy they received" names the candy; it moves nothing of its own."""
    assert "received" not in _cues("Ana and Ben combined the candy they received.")
    assert "earned" not in _cues("She saved the money she earned.")
    # an amount after it in its clause: a move of that amount
    assert "received" in _cues("On the day they received 5 letters, Ana smiled.")
    # no noun phrase before the pronoun: a verb of its own
    assert "received" in _cues("Then they received 4 cards.")


def test_taken_from() -> None:
    """A taking from someone the story follows is that one's loss."""
    # a giver no one follows takes from "him": his loss
    cue = _cues("Omar baked 30 pies. His neighbor bought 12 pies from him.")["bought"]
    assert (cue["direction"], cue["source"]) == ("loss", "pronoun")
    closes_to(
        "Omar baked 30 pies. If his neighbor bought 12 pies from him, how many pies would Omar "
        "still have?",
        18,
    )
    # a thing that holds them and that the question asks about: the thing's loss
    text = "The bush had 9 berries. Lia picked 4 berries from the bush. How many berries are "
    text += "on the bush now?"
    assert _cues(text)["picked"]["direction"] == "loss"
    closes_to(text, 5)
    # the question asks about the taker: her gain, as read
    mine = "The bush had 9 berries. Lia picked 4 berries from the bush. How many berries does "
    mine += "Lia have?"
    assert _cues(mine)["picked"]["direction"] == "gain"
    # a taker the story follows, from "him": not read as a transfer (whose story is not said)
    assert _cues("Lia bought 5 pens from him.")["bought"]["direction"] == "gain"


def test_motion_of_an_amount() -> None:
    """ "9 geese flew away": a verb of motion moves the amount that is its subject."""
    assert _cues("In May 9 wild geese flew away.")["flew"]["direction"] == "loss"
    assert _cues("Then 4 more kids went home.")["went"]["direction"] == "loss"
    assert "went" not in _cues("Ana went to the store and bought 5 pens.")  # no amount moved
    closes_to(
        "9 wild geese flew away from the lake. If there were 30 wild geese on the lake at "
        "first, how many wild geese were left on the lake?",
        21,
    )


def test_handed_out() -> None:
    """ "handed out 27 to students" gives them away; "passed 3 houses" moves nothing."""
    cue = _cues("For lunch they handed out 27 apples to students.")["handed"]
    assert (cue["cue"], cue["direction"]) == ("handed", "loss")
    assert _cues("She passed out 12 flyers.")["passed"]["direction"] == "loss"
    assert "passed" not in _cues("On the way she passed 3 houses.")
    closes_to(
        "The club had 40 flyers. For lunch they handed out 16 to students and put the rest "
        "into stacks. If each stack takes 6 flyers, how many stacks could they make?",
        4,
    )


def test_rid_of() -> None:
    """ "getting rid of 38 of them" loses them; "got 5 pens" gains."""
    assert _cues("They were getting rid of 38 of them.")["getting"]["direction"] == "loss"
    assert _cues("He got rid of 5 old chairs.")["got"]["direction"] == "loss"
    assert _cues("He got 5 old chairs.")["got"]["direction"] == "gain"
    closes_to(
        "A shop had 40 mugs in stock. They ended up getting rid of 16 of them. They put the "
        "rest onto shelves with 6 on each shelf. How many shelves did they use?",
        4,
    )


def test_came_with() -> None:
    """ "Each kit came with a brush" includes the brush; "3 friends came" arrive."""
    assert "came" not in _cues("Each kit came with a brush.")
    assert "comes" not in _cues("The lamp comes with 2 bulbs.")
    assert _cues("Then 3 friends came to the party.")["came"]["direction"] == "gain"


def test_verb_as_modifier() -> None:
    """ "8 pop albums" names albums; "the girls pop 9 balloons" pops them."""
    assert "pop" not in _cues("Ana bought 2 jazz albums and 8 pop albums.")
    assert "pop" in _cues("The girls pop 9 balloons.")  # no number before it
    assert "pop" in _cues("The 4 girls pop 9 balloons.")  # a noun between
    closes_to(
        "Ana bought 2 jazz albums and 8 pop albums. Each album had 9 songs. How many songs "
        "did Ana buy in all?",
        90,
    )


@pytest.mark.parametrize(
    ("text", "word", "noun"),
    [
        ("Kim made 8 dollars raking leaves.", "leaves", True),
        ("Kim made 8 dollars and then the dog leaves.", "leaves", False),  # no gerund
        ("After raking, Kim leaves.", "leaves", False),  # a mark between
        ("Kim was raking left.", "left", False),  # no plural noun
    ],
)
def test_gerund_object(text: str, word: str, noun: bool) -> None:
    r = reading(text, quantities=False)
    assert gerund_object(r, r.words.index(word)) is noun
    if noun:
        assert word not in _cues(text)  # what the gerund acts on cues nothing


def test_found_out() -> None:
    """ "She found out that ..." learns a fact; "found 4 shells" gains them."""
    assert "found" not in _cues("He found out that they pick 8 sacks a day.")
    assert "finds" not in _cues("She finds out how many pens there are.")
    assert _cues("He found 3 shells on the beach.")["found"]["direction"] == "gain"
    assert "found" not in _cues("Ivy found out that the farm picks 8 sacks a day.")
    assert "finds" not in _cues("Ivy finds out the price.")
    assert _cues("Ivy found 4 shells.")["found"]["direction"] == "gain"
    assert _cues("Ivy found out 4 shells.")["found"]["direction"] == "gain"  # a number after
    closes_to(
        "Ivy went to see the pears being picked. She found out that the farm picks 8 sacks "
        "of pears per day. How many sacks of pears will the farm pick after 6 days?",
        48,
    )
