"""Stage 5d: what an amount is per, or counts, when its clause says it another way (authored)."""

from __future__ import annotations

from ._stages import answer, attrs, closes_to


def test_each_of_a_bought_thing() -> None:
    """ "buying kites at the fair for 8 dollars each": the 8 dollars are per kite."""
    text = "Ivan and Rosa were buying kites at the fair for 8 dollars each."
    assert attrs(text, "8")["per"] == "kite"
    assert attrs("The shop sold new lamps for $9 each.", "$9")["per"] == "lamp"
    closes_to(
        "Ivan was buying kites at the fair for 8 dollars each. He bought 6 kites in the"
        " morning and 2 kites in the evening. How much did he spend?",
        64,
    )
    # a singular object, two objects, a number between, or no "for": left per "each"
    assert attrs("Ivan and Rosa were buying a kite for 8 dollars each.", "8")["per"] == "each"
    assert attrs("Ivan was buying kites and hats for 8 dollars each.", "8")["per"] == "each"
    assert attrs("They bought kites with 2 tails for 8 dollars each.", "8")["per"] == "each"
    assert attrs("They paid 8 dollars each.", "8")["per"] == "each"
    # a rate per kite does not make a question over one buyer of two a sum of both: Rosa's
    # kites, told in a clause of her own, are set aside, and Ivan's 6 are priced alone
    category, value = answer(
        "Ivan was buying kites at the fair for 8 dollars each. Ivan bought 6 kites and Rosa"
        " bought 2 kites. How much did Ivan spend?"
    )
    assert (category.value, value) == ("closed_unique", 48)


def test_times_of_a_verb() -> None:
    """ "swam the pool 5 times": the 5 counts swims, the events of the verb."""
    text = "Lena swam the lake 5 times and the river 2 times. Each swim took 9 minutes."
    assert attrs(text, "5")["entity"] == "swim"
    assert attrs(text, "2")["entity"] == "swim"
    assert attrs("Lena jumped 6 times on Monday.", "6")["entity"] == "jump"
    # a multiplier, a frequency or a having is no count of events
    assert "entity" not in attrs("Lena ran 3 times as far as Tom.", "3")
    assert "entity" not in attrs("Lena swims 3 times a week.", "3")
    assert "entity" not in attrs("Lena had 3 times the cards of Tom.", "3")


def test_each_of_the_subject() -> None:
    """ "At the fair kites were 6 dollars each": the 6 dollars are per kite."""
    assert attrs("At the fair kites were 6 dollars each.", "6")["per"] == "kite"
    assert attrs("At the market pears cost 2 dollars each.", "2")["per"] == "pear"
    # a person or singular subject, or another verb: left per "each"
    assert attrs("The boys were paid 4 dollars each.", "4")["per"] == "each"
    assert attrs("The kite was 6 dollars each.", "6")["per"] == "each"
    closes_to(
        "At the fair kites were 6 dollars each. Ravi bought 2 red kites and 3 blue kites."
        " How much did he spend?",
        30,
    )


def test_verb_of_a_coordinated_amount() -> None:
    """ "bought 2 kites for his sister and 3 kites for his cousins": the 3 were bought too."""
    text = "Ravi bought 2 kites for his sister and 3 kites for his cousins."
    assert attrs(text, "3")["verb"] == "bought"
    assert attrs(text, "3")["owner"] == "ravi"
    closes_to("Each kite was 6 dollars. " + text + " How much did he spend?", 30)
    # another sentence, or a verb between the two: no verb shared
    assert "verb" not in attrs("Ravi bought 2 kites for Ann. And 3 kites for Bo.", "3")
    lost = "Ravi bought 2 kites for Ann who lost them and 3 kites for Bo."
    assert "verb" not in attrs(lost, "3")
    # an amount whose noun phrase a verb of its own follows is moved by that verb
    torn = "Ravi got 2 kites from Ann, 4 kites from Bo, and 3 kites were torn."
    assert "verb" not in attrs(torn, "3")


def test_verb_of_a_rate_group() -> None:
    """ "4 points for each shell she finds": "finds" says which groups the rate is per."""
    text = "Mia scores 4 points for each shell she finds. She found 3 shells and 2 stones."
    frame_attrs = attrs(text, "4")
    assert frame_attrs["per"] == "shell" and "cue" in frame_attrs
    # no pronoun and verb right after "each shell": nothing recorded
    assert "cue" not in attrs("Mia scores 4 points for each shell. She found 3 shells.", "4")
    closes_to(
        "Mia scores 4 points for each shell she finds. If she found 3 shells on the beach and"
        " 2 on the dock, how many points did she score?",
        20,
    )


def test_read_counted() -> None:
    """The stage runs every rule: a price per the bought thing and counts of a verb's events
    in one text."""
    text = "Lena was buying tokens for 2 dollars each. She rode the train 3 times."
    assert attrs(text, "2")["per"] == "token"
    assert attrs(text, "3")["entity"] == "ride"


def test_agent_of_a_gerund() -> None:
    """ "6 cousins playing chess when 2 more players came": the cousins playing are players."""
    text = "There were 6 cousins playing chess when 2 more players came. Each player had 3 pawns."
    found = attrs(text, "6")
    assert (found["entity"], found["named"]) == ("player", "cousin")
    closes_to(
        "There were 6 cousins playing chess when 2 more players joined. If each player had 3"
        " tokens, how many tokens did they have in all?",
        24,
    )
    # a gerund that names no other amount's thing, or no gerund: the noun said stays
    assert attrs(text.replace("playing", "watching"), "6")["entity"] == "cousin"
    said = "There were 6 cousins at chess when 2 more players came."
    assert attrs(said, "6")["entity"] == "cousin"
    category, _ = answer(
        "There were 6 cousins watching chess when 2 more players joined. If each player had 3"
        " tokens, how many tokens did they have in all?"
    )
    assert category.value not in ("direct", "closed_unique")
    # asked of the noun said, or a rate per it: not the players' sum
    category, _ = answer(
        "There were 6 cousins playing chess when 2 more players joined. If each cousin had 3"
        " tokens, how many tokens did they have in all?"
    )
    assert category.value not in ("direct", "closed_unique")


def test_contents_of_counted_things() -> None:
    """ "3 cartons of 12 eggs": the 12 are per carton, and the 3 count cartons of eggs."""
    text = "Ari bought 3 cartons of 12 eggs."
    assert attrs(text, "12")["per"] == "carton"
    assert (attrs(text, "3")["unit"], attrs(text, "3")["entity"]) == ("carton", "egg")
    closes_to("Ari bought 3 cartons of 12 eggs. How many eggs did he buy?", 36)
    closes_to("Ari has 5 bags of 8 marbles. He gave 2 bags to Amy. How many marbles has he?", 24)
    # "a carton of 12 eggs" tells one carton; the same thing, or a rate of its own, is none
    assert "per" not in attrs("Ari bought a carton of 12 eggs.", "12")
    assert "per" not in attrs("Ari ate 3 apples of 12 apples.", "12")
    assert attrs("Ari bought 3 boxes of 6 pens each.", "6")["per"] == "each"
    # a later "4 boxes of pencils" lends the 3 boxes no content
    later = "Ari bought 3 boxes of 6 pens and 4 boxes of pencils."
    assert attrs(later, "3")["entity"] == "pen" and attrs(later, "4")["entity"] == "pencil"


def test_earned_off_each() -> None:
    """ "The shop makes $ 5 off each jersey": per jersey; "gives/gets $ 5 off each jersey"
    (a discount) and no verb of earning stay unread."""
    assert attrs("The shop makes $ 5 off each jersey.", "$ 5")["per"] == "jersey"
    assert attrs("Tom earns $ 5 off each car he washes.", "$ 5")["per"] == "car"
    assert "per" not in attrs("The shop gives $ 5 off each jersey.", "$ 5")
    assert "per" not in attrs("Tom gets $ 5 off each jersey he buys.", "$ 5")
    assert "per" not in attrs("There is $ 5 off each jersey.", "$ 5")
    closes_to("The shop makes $ 5 off each jersey sold. It made $ 40 by selling jerseys. How many jerseys did it sell?", 8)  # noqa: E501
