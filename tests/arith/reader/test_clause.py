"""Stage 5b: the clause of a number, walked back and forth (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.clause import (
    Clause,
    adverb_before_verb,
    after_a_move,
    joined_holder,
    listed_before,
    now_of_the_next_clause,
    parallel_now,
    shared_subject,
    then_after_and,
    then_after_subject,
)

from ._stages import at, attrs, closes_to, never_wrong, reading


def test_read_clause() -> None:
    found = attrs("On monday Ann gave 4 red pens to Bob.", "4")
    assert (found["verb"], found["direction"], found["owner"], found["side"]) == (
        "gave",
        "loss",
        "ann",
        "monday",
    )
    assert found["subject"].startswith("a") and found["cue"].startswith("c")
    money = attrs("Ann bought 3 pens for $ 6.", "$ 6")
    assert money["direction"] == "loss"  # buying loses money


def test_coordinated_amount() -> None:
    found = attrs("Ann played chess with 4 kids and checkers with 5 kids.", "5")
    assert (found["verb"], found["activity"], found["owner"]) == ("played", "checker", "ann")


def test_listed_before() -> None:
    r = reading("He uses 30 bricks to build a wall and 45 bricks to build a shed.")
    assert listed_before(r, at(r, "30"), at(r, "and"))
    assert not listed_before(r, at(r, "45"), at(r, "and"))  # its side ends elsewhere


def test_a_purpose_is_a_side() -> None:
    """ "30 bricks to build a wall and 45 bricks to build a shed": each amount is on the side of
    its purpose; the second is listed under the first one's verb; the question pairs them."""
    text = "Omar has 100 bricks. He uses 30 bricks to build a wall and 45 bricks to build a shed. "
    first, second = attrs(text, "30"), attrs(text, "45")
    assert (first["side"], second["side"]) == ("to build wall", "to build shed")
    assert second["verb"] == "uses" and second["subject"] == first["subject"]
    question = "How many more bricks did he use to build the shed than he did to build the wall?"
    closes_to(text + question, 15)


def test_shared_subject() -> None:
    r = reading("He gave 9 cookies to his friend and ate 18.")
    assert shared_subject(r, at(r, "and") - 1, at(r, "18")) == r.pronoun_at[at(r, "He")]
    assert attrs("He gave 9 cookies to his friend and ate 18.", "18")["subject"] == "p0"
    assert shared_subject(r, at(r, "gave") - 2, at(r, "18")) == ""  # nothing before "He"
    r = reading("Ann got 30 cards from Jane and gave 12.")
    assert shared_subject(r, at(r, "and") - 1, at(r, "12")) == r.actor_at[at(r, "Ann")]


def test_each_before() -> None:
    assert attrs("Each box holds 6 pens.", "6")["per"] == "box"
    # the price stage names the group the clause told per each (reader.prices)
    assert attrs("He has 8 comics, each of which cost $ 4.", "$ 4")["per"] == "comic"
    assert attrs("She made sure each of the shelves had 6 books.", "6")["per"] == "shelf"
    # a period said alone: the name after it is the subject, no noun of the phrase
    assert attrs("Every day Ryan spends 6 hours on it.", "6")["per"] == "day"
    assert attrs("Each week Ann saves 5 dollars.", "5")["per"] == "week"
    assert attrs("Each box Ann packs holds 6 pens.", "6")["per"] != "day"
    # a container of a thing is per the container: "each pack of gum" per pack
    assert attrs("Each pack of gum has 12 sticks.", "12")["per"] == "pack"
    assert attrs("Each piece of cake has 300 calories.", "300")["per"] == "cake"


def test_price_of_one() -> None:
    text = "An ice cream cone costs 99 cents. How much would 2 cones cost?"
    assert attrs(text, "99")["per"] == "cone"
    closes_to(text, 198)  # in cents, as the text counts them
    assert "per" not in attrs("A pen and a cup cost 99 cents.", "99")
    # a noun after a preposition is where the thing is, not what the price is of
    assert attrs("Each candle in a box cost $3.", "$3")["per"] == "candle"
    assert attrs("A box cost $3.", "$3")["per"] == "box"


def test_side_before() -> None:
    assert attrs("On monday she had 7 bags.", "7")["side"] == "monday"
    assert "side" not in attrs("She had 7 bags.", "7")


@pytest.mark.parametrize(
    ("text", "state"),
    [
        ("She now has 7 pens.", "now"),
        ("She still has 7 pens.", "now"),
        ("She has a total of 7 pens.", "in_all"),
        ("In all she has 7 pens.", "in_all"),
        ("Together they have 7 pens.", "in_all"),
        ("Altogether the boxes weighed 7 pounds.", "in_all"),
        ("She initially had 7 pens.", "start"),
        ("At first she had 7 pens.", "start"),
    ],
)
def test_state_before(text: str, state: str) -> None:
    assert attrs(text, "7")["state"] == state


def test_clause_verb() -> None:
    found = attrs("The kids got on 5 buses.", "5")
    assert found["verb"] == "got on" and found["direction"] == "gain"
    assert attrs("She sold 7 pens.", "7")["verb"] == "sold"
    # a participle before a plural noun is no verb; after a subject it is
    text = "If 20 kids suggested adding mashed potatoes 12 suggested adding rice."
    assert attrs(text, "12")["verb"] == "suggested"
    assert attrs("She played cards with 15 kids.", "15")["verb"] == "played"


def test_shared_subject_after_and_now() -> None:
    text = "Nell gave some cards to Jeff and now has 40 cards left."
    found = attrs(text, "40")
    assert found["owner"] == "nell" and found["state"] in ("now", "left")


def test_clause_subject() -> None:
    assert attrs("Adam and Jackie have 7 pens.", "7")["owner"] == "group"
    assert attrs("The tree has 7 apples.", "7")["subject_noun"] == "tree"
    found = attrs("Baker's friend bought 20 cakes at the fair.", "20")
    assert found.get("owner") != "baker"
    assert found.get("subject_noun") == "friend"
    # bought "from him": the amount is his loss, not the friend's (cues.taken_from)
    found = attrs("Baker's friend bought 20 cakes from him.", "20")
    assert found["direction"] == "loss" and "subject_noun" not in found
    # an adverb of time says when, not who: "then later picked 19 more" has no subject noun
    text = "A florist had 37 roses. She sold 16 of them and then later picked 19 more."
    assert "subject_noun" not in attrs(text, "19")


def test_possessor_is_not_the_subject() -> None:
    found = attrs("Baker's friend bought 20 cakes from him.", "20")
    assert (found.get("owner"), found.get("subject")) == (None, None)


def test_verb_activity() -> None:
    assert attrs("She played tag with 4 kids.", "4")["activity"] == "tag"
    assert "activity" not in attrs("She played with 4 kids.", "4")


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


def test_each_shared() -> None:
    """ "Each kit came with a brush and had 6 paints": per kit, as "Each kit had 6 paints"."""
    assert attrs("Each kit came with a brush and had 6 paints.", "6")["per"] == "kit"
    closes_to(
        "Leo bought 3 kits. Each kit came with a brush and had 6 paints. How many paints did "
        "Leo buy?",
        18,
    )
    # no "each" opening the chain, or a number before the "and": not per anything
    assert "per" not in attrs("The kit came with a brush and had 6 paints.", "6")
    assert attrs("Each kit had 2 brushes and held 6 paints.", "6").get("per") != "kit"


def test_money_of_any_unit_moves_as_money() -> None:
    """Buying for cents spends them, as buying for dollars does; selling earns either."""
    assert attrs("He bought a pencil for 35 cents.", "35")["direction"] == "loss"
    assert attrs("He bought a pencil for 35 dollars.", "35")["direction"] == "loss"
    assert attrs("He sold a pencil for 35 cents.", "35")["direction"] == "gain"
    assert attrs("He bought 35 pencils.", "35")["direction"] == "gain"


def test_then_after_subject() -> None:
    text = "Omar had 5 kites and Nina had 3 kites. Nina then bought 4 more kites."
    r = reading(text)
    assert then_after_subject(r, at(r, "then"))
    assert attrs(text, "4")["owner"] == "nina"
    r = reading("Tom had 5 kites and then he bought 3 kites.")
    assert not then_after_subject(r, at(r, "then"))  # no actor right before it
    r = reading("If Tom had 5 kites, then he bought 3 kites.")
    assert not then_after_subject(r, at(r, "then"))
    r = reading("Ann gave Tom then 3 kites.")
    assert not then_after_subject(r, at(r, "then"))  # Tom opens no clause, no verb after
    closes_to(
        "Nina had 3 kites and Omar had 5 kites. Nina then bought 4 more kites. "
        "How many more kites does Nina have than Omar now?",
        2,
    )


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


def test_then_after_and() -> None:
    text = "Omar brought 2 kites to the beach and then bought 3 more kites there."
    r = reading(text)
    assert then_after_and(r, at(r, "then"))
    assert attrs(text, "3")["owner"] == "omar"  # the subject before "and" is shared
    r = reading("Omar brought 2 kites and then he bought 3 more kites.")
    assert not then_after_and(r, at(r, "then"))  # its own subject
    r = reading("Omar had 2 kites, then Nina bought 3 more kites.")
    assert not then_after_and(r, at(r, "then"))
    closes_to(
        text + " If Nina brought 9 kites to the beach how many more kites did Nina have than "
        "Omar at the beach?",
        4,
    )


def test_own_verb_after() -> None:
    """ "and 3 cards were torn": an amount with a verb of its own after its noun phrase is no
    amount listed under the verb before the "and"."""
    torn = "Ann received 5 cards from her aunt and 3 cards were torn."
    assert attrs(torn, "3").get("verb") != "received"
    broke = "Ann got 5 kites from Bo, 4 kites from Cy, and 3 kites broke."
    assert attrs(broke, "3").get("verb") == "broke"
    # a kind before the noun, or "left" after it, is no verb of the amount's own
    closes_to(
        "Ann bought 2 country albums and 8 pop albums. Each album had 7 songs. How many songs "
        "did Ann buy?",
        70,
    )
    listed = "Ann bought 5 pens for Bo and 3 pens for Cy."
    assert attrs(listed, "3")["verb"] == "bought"
    striped = "Sam had 9 plain shirts and 12 striped shirts."
    assert attrs(striped, "12")["verb"] == "had"  # a participle before a plural noun: a kind


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


def test_parallel_now() -> None:
    """ "now Ada has 45 dollars and Ben has 60 dollars": the second clause, told like the
    first, is told as now too; a clause told otherwise, or with another verb, is not."""
    text = "They washed cars and now Ada has 45 dollars and Ben has 60 dollars."
    r = reading(text)
    ben = Clause(verb="has", subject=r.actor_at[at(r, "Ben")])
    assert parallel_now(r, at(r, "and", 1), ben)
    assert not parallel_now(r, at(r, "and", 1), Clause(verb="spent", subject=ben.subject))
    assert not parallel_now(r, at(r, "and", 1), Clause(verb="has"))  # no subject of its own
    assert attrs(text, "60")["state"] == "now" and attrs(text, "60")["owner"] == "ben"
    assert "state" not in attrs("Ada had 45 dollars and Ben has 60 dollars.", "60")
    assert "state" not in attrs("Now Ada has 45 dollars and Ben spent 60 dollars.", "60")


def test_now_of_the_next_clause() -> None:
    """ "He bought 37 more at a show and now has 90": the "now" is the 90's, not the 37's."""
    text = "Sanjay had some stamps. He bought 37 more at a stamp show and now has 90."
    assert "state" not in attrs(text, "37") and attrs(text, "90")["state"] == "now"
    r = reading(text)
    assert now_of_the_next_clause(r, at(r, "now"))
    assert not now_of_the_next_clause(reading("He gave away 5 and 3 are left now."), 6)
    closes_to(text + " How many stamps did Sanjay have before the show?", 53)
    never_wrong("Wei had some marbles. He won 12 more in a game and now has 40. How many marbles does Wei have now?", 40)  # noqa: E501


def test_clause_subject_past_a_word_of_intent() -> None:
    """ "His uncle plans to give 3 cupcakes each": the uncle is the subject, not "plans"."""
    text = "Jo bought 48 cupcakes. His uncle plans to give 3 cupcakes each to his cousins."
    assert attrs(text, "3")["subject_noun"] == "uncle"
    assert attrs(text.replace("plans to", "will"), "3")["subject_noun"] == "uncle"
