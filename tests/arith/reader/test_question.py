"""Stage 7: the question's target and its unknown (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.question import find_how, length_asked, nearest_verb, so_that
from tests.arith._helpers import frame_of

from ._stages import at, attrs, closes_to, never_wrong, reading, target


def test_read_target() -> None:
    frame = frame_of("Ann has 7 red apples. How many more red apples does Ann have than Bob?")
    (found,) = frame.targets
    assert found.evidence_spans[0].text == "How many more red apples does Ann have than Bob?"
    unknown = frame.mention(dict(found.attributes)["mention"])
    assert unknown is not None and unknown.kind == "unknown"
    assert unknown.span.text == "How many more red apples"
    (total,) = frame_of("Ann has 7 apples. What is the total?").targets  # what_total's
    assert dict(total.attributes)["elided"] == "thing"
    assert frame_of("Ann has 7 apples.").targets == ()


def test_find_how() -> None:
    r = reading("How big is it? How much is it? How are you?", quantities=False)
    assert find_how(r, 0, len(r.toks) - 1) == 0
    lo, hi = r.sentence_bounds[2]
    assert find_how(r, lo, hi) == -1  # "how are": no amount asked


def test_asked_thing() -> None:
    asked = target("Ann has 3 bags of rice. How many bags of rice does Ann have?")
    assert (asked.unit, asked.entity) == ("bag", "rice")
    assert target("A box is 4 feet long. How big is the box?").state == "each"
    asked = target("Ann has 3 pens. How many more pens does Bob have?")
    assert (asked.state, asked.entity) == ("more", "pen")


def test_two_kinds_asked() -> None:
    text = "6 red pears, 9 yellow pears and 4 green pears are in the box. How many red and green "
    text += "pears are in the box?"
    asked = target(text)
    assert (asked.entity, asked.modifier, asked.state) == ("pear", "red green", "in_all")
    closes_to(text, 10)
    assert target("How many flowers and sticks are in the vase?").also == "stick"


def test_two_kinds_and_a_state_are_more_than_one_step() -> None:
    text = "Ann had 6 red pears and 4 green pears. She ate 2 red pears. How many red and green "
    text += "pears are left?"
    assert target(text).also is not None
    never_wrong(text, 8)


def test_how_much_money() -> None:
    asked = target("Ann has 4 pens. How much did the pens cost?")
    assert (asked.unit, asked.entity) == ("dollar", "money")
    asked = target("Ann had $ 4. How much does Ann have now?")
    assert (asked.unit, asked.entity) == ("dollar", "money")
    assert target("Ann has 4 kg of rice. How much rice does Ann have?").entity == "rice"


def test_than_asked() -> None:
    asked = target("How many more pages did he read on monday than on tuesday?")
    assert (asked.state, asked.side, asked.than_side) == ("more", "monday", "tuesday")
    asked = target("Ann has 7 pens. Lee has 3. How many more pens does Ann have than Lee?")
    assert asked.than == "lee"
    asked = target("How many more red beads than blue beads did she give away?")
    assert (asked.than, asked.than_modifier, asked.than_verb) == ("bead", "blue", "give")


def test_asked_side_lists_purposes_and_activities() -> None:
    asked = target("How many blocks did he use to build the tower and the house altogether?")
    assert asked.side == "to build tower and to build house"
    asked = target("How many hours does he spend on learning english, chinese and spanish?")
    assert asked.side == "on learning english and on learning chinese and on learning spanish"
    assert target("How many pages did he read on monday and tuesday?").side == (
        "monday and tuesday"
    )


def test_compared_to_is_than() -> None:
    closes_to(
        "There were 40 parents and 90 pupils at the show. How many more pupils were there "
        "compared to parents?",
        50,
    )


def test_asked_side() -> None:
    assert target("How many pens did she buy on monday?").side == "monday"
    assert target("How many pens did she buy in the morning?").side == "morning"
    assert target("How many pens did she buy on monday and wednesday?").side == (
        "monday and wednesday"
    )


def test_two_times_asked_together_are_no_side() -> None:
    text = "Omar read 4 pages on monday, 5 pages on tuesday and 2 pages on wednesday. How many "
    text += "more pages did he read on monday and tuesday than on wednesday?"
    never_wrong(text, 7)


def test_spent_on_asked() -> None:
    asked = target("Ann has $ 9. How much money did she spend on the battery and the radio?")
    assert asked.objects == "battery radio"
    assert target("How much money did she receive for the battery?").objects is None


def test_so_that() -> None:
    r = reading("How many pens must she give so that she has 9 left?", quantities=False)
    assert so_that(r, at(r, "so"), "so")
    assert not so_that(r, at(r, "she"), "she")


def test_need_to_names_the_verb_after_it_and_so_that_is_its_own_clause() -> None:
    """ "How many does she need to give away so that she will have 9 left?": the asked verb is
    "give"; the "so that" clause's "left" belongs to its own amount, not to the asked one."""
    text = "Rosa has 12 red pens and 40 blue pens. How many blue pens does she need to give away "
    text += "so that she will have 9 blue pens left?"
    asked = target(text)
    assert (asked.verb, asked.direction, asked.state) == ("give", "loss", None)
    assert attrs(text, "9")["state"] == "left"
    closes_to(text, 31)


def test_before_asked() -> None:
    text = "Eva spent $ 6 on a book. Then she spent $ 4 on a pen. Now she has $ 10. How much did "
    text += "Eva have before she spent her money?"
    asked = target(text)
    assert asked.state == "start"
    closes_to(text, 20)


def test_asked_subject() -> None:
    asked = target("Tom has 4 pens. How many pens does Tom have?")
    assert (asked.owner, asked.subject) == ("tom", "a1")
    asked = target("How many pens did Zachary and David buy?")
    assert (asked.owner, asked.members) == ("group", "zachary david")
    assert target("Tom has 4 pens. How many pens does he have?").subject == "p0"


def test_a_possessor_in_the_question_is_not_the_subject() -> None:
    """ "How many does Sara's sister have?" asks about the sister, not about Sara."""
    asked = target("Sara's sister has 4 pens. How many pens does Sara's sister have?")
    assert (asked.subject_noun, asked.owner, asked.subject) == ("sister", None, None)


def test_asked_subject_noun() -> None:
    assert target("The tree had 9 figs. How many figs does the tree have?").subject_noun == "tree"
    # a place after a preposition is not the subject
    assert target("Dan had 9 apps. How many apps are left on his phone?").subject_noun is None
    # an ordinal numbers a part: it is no subject noun
    asked = target("How many more songs does the second album have than the first album?")
    assert asked.subject_noun is None


def test_question_verb() -> None:
    asked = target("How many apples did Tom pick?")
    assert (asked.verb, asked.direction) == ("pick", "gain")
    asked = target("How many people got off the bus?")
    assert (asked.verb, asked.direction) == ("got off", "loss")
    asked = target("How many hours did they go rowing and hiking?")
    assert (asked.activity, asked.also) == ("rowing", "hiking")


def test_tense_and_time() -> None:
    text = "5 ducks were swimming in the pond. 3 more ducks came to join them. How many ducks "
    text += "are swimming in the pond?"
    assert target(text).tense == "present"
    closes_to(text, 8)
    assert target("How many ducks were there then?").time == "now"
    assert target("How many ducks were there?").tense is None


def test_future_state() -> None:
    """ "would she have" asks for the state after the story's moves; "will she buy" a move."""
    text = "Tom has 20 books. If he sold 7 of them, how many books would he have?"
    asked = target(text)
    assert asked.tense == "future"
    closes_to(text, 13)
    assert target("Ann has 8 pens. How many pens will she buy?").tense is None
    assert target("Ann has 8 pens. How many pens will be in the box?").tense == "future"


def test_extra_asked() -> None:
    """ "how many extra roses": the noun after "extra" is the thing asked; "how many extra did
    she buy" asks no noun."""
    text = "Eva cut 12 roses and 9 lilies. If she only used 15 of the flowers, how many extra roses did she cut?"  # noqa: E501
    assert target(text).entity == "rose"
    assert target(text.replace("extra roses", "extra")).entity is None
    assert target("Eva had 9 pens. How many extra pens does she have?").entity == "pen"
    assert target("Eva had 9 pens. How many pens does she have?").entity == "pen"


def test_priced_asked() -> None:
    """ "how many 8 dollar toys could he buy": the price is told, the toys are asked; what the
    money "had left" is, is the money's, not the toys' state."""
    text = "Will had 57 dollars. He spent 27 dollars on a game. How many 6 dollar toys could he buy with the money he had left?"  # noqa: E501
    asked = target(text)
    assert (asked.entity, asked.state) == ("toy", None)
    closes_to(text, 5)
    closes_to("Ann saved 3 dollars. She got another 37 dollars. How many 8 dollar toys could she buy?", 5)  # noqa: E501


def test_far_or_long() -> None:
    text = "Sam walks 3 miles per hour. How far does he walk in 4 hours?"
    assert target(text).unit == "mile"
    closes_to(text, 12)
    text = "A car goes 50 miles per hour. How long will it take to go 200 miles?"
    assert target(text).unit == "hour"
    closes_to(text, 4)
    # no time said: a length, the one thing the text counts (asked_elided_thing)
    assert target("A rope is 10 feet. How long is the rope?").unit == "foot"
    two = "Sam walks 3 miles and 200 yards. How far did he walk?"
    assert target(two).unit is None  # two distances: which one is not said


def test_length_asked() -> None:
    """ "How long is each piece?": a length or a time, the one unit the text says; "How long
    did it take?" asks a time only."""
    text = "A rope 72 feet long is cut into 9 equal pieces. How long is each piece?"
    assert target(text).unit == "foot"
    closes_to(text, 8)
    closes_to("A board 48 inches long is cut into 8 equal parts. How long is each part?", 6)
    r = reading("How long is it? How long did it take?", quantities=False)
    assert length_asked(r, at(r, "long"))
    assert not length_asked(r, at(r, "long", 1))
    # a length and a time both said: which one is asked is not said
    both = "A board 48 inches long is cut into 8 equal parts in 4 minutes. How long is each part?"
    assert target(both).unit is None
    never_wrong(both, 6)
    # "How long did ..." asks the time, never the length
    assert target("A trail 12 miles long took Al 4 hours. How long did he walk?").unit == "hour"


def test_priced_asked_hyphen() -> None:
    """ "how many 25-cent stamps": the price joined to its unit by a hyphen is a price too."""
    text = "Nikhil has 250 cents. How many 25-cent stamps can he buy with all of it?"
    assert target(text).entity == "stamp"
    closes_to(text, 10)
    closes_to("Lia has 90 dollars. How many 15-dollar books can she buy?", 6)


def test_what_total() -> None:
    text = "Tom picked 5 apples. Ann picked 7 apples. What is the total number of apples they picked?"  # noqa: E501
    asked = target(text)
    assert (asked.entity, asked.state, asked.verb) == ("apple", "in_all", "picked")
    closes_to(text, 12)
    closes_to("Tom picked 5 apples. Ann picked 7 apples. What was the sum of the apples?", 12)
    asked = target("Tom spent $3 on a pen and $8 on a book. What will be the total cost?")
    assert (asked.unit, asked.entity, asked.state) == ("dollar", "money", "in_all")
    assert frame_of("Tom has 5 apples. What is the color of the apples?").targets == ()


def test_asked_elided_thing() -> None:
    """ "How much did they jump altogether?": every amount counts inches, so inches are asked;
    two things counted leave the asked thing unread."""
    text = "The frog jumped 31 inches and the toad jumped 35 inches. How much did they jump altogether?"  # noqa: E501
    asked = target(text)
    assert (asked.unit, asked.state) == ("inch", "in_all")
    closes_to(text, 66)
    assert target("Kim has 6 pens and 4 cups. How many are left?").entity is None
    asked = target("Kim has 6 pens. How much did the pens cost?")
    assert (asked.unit, asked.entity) == ("dollar", "money")  # money is said, not elided


def test_some_first() -> None:
    text = "Dave had won some tickets. He used 12 tickets. If he still has 14 tickets left How "
    text += "many tickets did Dave win?"
    assert target(text).state == "start"
    closes_to(text, 26)
    closes_to(
        "Josh had some marbles. He lost 21 marbles. If he has 12 marbles now How many marbles "
        "did he have?",
        33,
    )


@pytest.mark.parametrize(
    "text",
    [
        # an amount of the asked thing said before "some": the question asks for a change
        "Tom had 5 apples. He bought some apples. Now he has 9 apples. How many apples did he buy?",
        # another verb than the asked one
        "Tom found some apples. He ate 2 apples. How many apples did he buy?",
        # an asked time names the amount itself
        "Tom picked some apples on monday. He ate 2 apples. How many apples did he pick on monday?",
        # a rate of the asked thing: equal groups, not a change
        "Debby bought some bottles. She drank 9 bottles a day. How many bottles had she bought?",
    ],
)
def test_some_is_not_the_start_otherwise(text: str) -> None:
    assert target(text).state != "start"


def test_nearest_verb() -> None:
    r = reading("Dave had won some tickets. Then some came.", quantities=False)
    assert nearest_verb(r, at(r, "some")) == "won"
    assert nearest_verb(r, at(r, "some", 1)) == ""  # "then" opens the clause


def test_unit_asked_alone() -> None:
    """A unit asked alone asks the one thing the story counts in it."""
    text = "Ana had 12 slices of pie while her brother had 9. If they ate 5 slices the first "
    text += "night, how many slices do they have left?"
    asked = target(text)
    assert (asked.unit, asked.entity) == ("slice", "pie")
    closes_to(text, 16)
    # a unit of two things: which is asked is not read, it stays as asked
    two = target("Ana had 4 bags of rice and 3 bags of beans. How many bags does she have?")
    assert (two.unit, two.entity) == (None, "bag")
    # a unit the story never says: as asked
    assert target("Ana had 4 pies. How many slices does she have?").unit is None


def test_hedge_skipped() -> None:
    """ "did he actually earn": the verb is "earn"; a hedge with no verb after it stays."""
    text = "Omar earned 4 dollars. How much money did he actually earn?"
    assert target(text).verb == "earn"
    r = reading("Did he really earn it? Did she really?", quantities=False)
    from practiceloop.arith.reader.question import hedge_skipped

    assert hedge_skipped(r, at(r, "really")) == at(r, "earn")
    assert hedge_skipped(r, at(r, "really", 1)) == at(r, "really", 1)


def test_some_first_moved_in_shares() -> None:
    """A rate moved to groups is a move from the start; a rate per day is none."""
    shares = "Ida had some beads. She gave 4 beads to each of her 3 cousins and has 5 beads left."
    assert target(shares + " How many beads did Ida have?").state == "start"
    daily = "Ida bought some beads. She used 4 beads a day. If the beads lasted 3 days"
    assert target(daily + " How many beads had she bought?").state != "start"

