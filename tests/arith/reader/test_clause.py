"""Stage 5b: the clause of a number, walked back and forth (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.clause import (
    Clause,
    listed_before,
    parallel_now,
    shared_subject,
    then_after_and,
    then_after_subject,
)

from ._stages import at, attrs, closes_to, reading


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


def test_clause_subject_past_a_word_of_intent() -> None:
    """ "His uncle plans to give 3 cupcakes each": the uncle is the subject, not "plans"."""
    text = "Jo bought 48 cupcakes. His uncle plans to give 3 cupcakes each to his cousins."
    assert attrs(text, "3")["subject_noun"] == "uncle"
    assert attrs(text.replace("plans to", "will"), "3")["subject_noun"] == "uncle"


def test_period_of_its_own_count() -> None:
    # "every day" after the 4 laps is their rate; the 15 days it counts are no rate per day
    for said in ("each", "every"):
        text = f"Tom runs 4 laps {said} day for 15 days. How many laps does he run?"
        assert attrs(text, "4")["per"] == "day"
        assert "per" not in attrs(text, "15")
    # a period that counts another unit is still per the period said before it
    assert attrs("Every day Ryan spends 6 hours reading.", "6")["per"] == "day"
    assert attrs("Every week Tom works 5 days.", "5")["per"] == "week"
