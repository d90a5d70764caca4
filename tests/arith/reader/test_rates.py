"""Stage 5f and 7c: amounts of one group, "in a block", "each block" (authored texts)."""

from __future__ import annotations

from practiceloop.arith.reader.rates import each_group_said, each_with, grouped_things
from tests.arith._helpers import frame_of

from ._stages import at, attrs, closes_to, reading, target


def test_each_group_said() -> None:
    """The groups the text says "each" of, and the groups of amounts read per a group."""
    r = reading("Leo gives 3 cards to each of the 9 boys. Each day he walks. He reads 4 pages "
                "per hour.")  # fmt: skip
    assert {"boy", "day", "hour"} <= each_group_said(r, [])
    assert "card" not in each_group_said(r, [])


def test_one_of_a_group_said() -> None:
    """ "20 houses in a block" is per block when the text says "each block"; not otherwise."""
    text = "There are 20 houses in a block. Leo gives 3 cards to each house in each block."
    assert attrs(text, "20")["per"] == "block"
    assert "per" not in attrs("There are 20 houses in a block. Leo gives 3 cards to each house.",
                              "20")  # fmt: skip
    assert "per" not in attrs("There are 4 eggs in a nest.", "4")
    # a move, a group of the thing itself, or "a block of flats" tells no group
    assert "per" not in attrs("Leo sold 5 cards in a shop. Each shop is red.", "5")
    assert "per" not in attrs("There are 20 houses in a block of flats. Each block is tall.",
                              "20")  # fmt: skip
    closes_to("There are 6 houses on a block. Each house gets 4 letters. How many letters does "
              "each block get?", 24)  # fmt: skip


def test_asked_in_a_group() -> None:
    """ "How many houses are in a block?" asks per block when an amount is per block."""
    text = "Leo gives 3 cards to each house. He gives 60 cards to each block. "
    assert target(text + "How many houses are in a block?").per == "block"
    assert target("Leo has 4 boxes. How many boxes are in a room?").per is None
    assert target(text + "How many houses are there?").per is None
    closes_to(text + "How many houses are in a block?", 20)


def test_propose_one_group() -> None:
    """A count of houses asked per block is a partition of the block's cards by the rate per
    house; the cards of each block are equal groups of the houses of a block."""
    closes_to("Leo gives 3 cards to each house. He gives 60 cards to each block. How many "
              "houses are in a block?", 20)  # fmt: skip
    closes_to("There are 20 houses in a block. Leo gives 3 cards to each house. How many cards "
              "does he give to each block?", 60)  # fmt: skip


def test_what_lasts() -> None:
    """ "How many days would the soda cans last?" asks days of soda cans."""
    found = target("Ivy bought 360 soda cans. She drank 9 soda cans a day. How many days "
                   "would the soda cans last?")  # fmt: skip
    assert (found.unit, found.entity, found.modifier) == ("day", "can", "soda")
    # money names a unit of its own: the time asked stays the one unit read (as before)
    found = target("Ann has 60 dollars. She spends 5 dollars a day. How many days will her "
                   "money last her?")  # fmt: skip
    assert (found.unit, found.entity) == ("day", None)
    # an event's time, or no determiner before the thing: nothing read
    assert target("Lee earns $ 2 every week. If he earns $ 10 in all How many weeks did the "
                  "harvest last?").entity is None  # fmt: skip
    assert target("Ivy drank 9 cans a day. How many days would 90 cans last?").entity is None


def test_propose_lasting() -> None:
    """The one rate per the asked time of the asked kind is the size; the groups asked."""
    closes_to("Ivy bought 360 soda cans and 162 lime cans. She drank 122 lime cans and 9 soda "
              "cans a day. How many days would the soda cans last?", 40)  # fmt: skip
    closes_to("Ann has 60 dollars. She spends 5 dollars a day. How many days will her money "
              "last?", 12)  # fmt: skip


def test_money_from_selling() -> None:
    """ "from selling the caps" names the thing the asked money came from."""
    text = "A shop makes $5 off each cap and $9 off each scarf. It sold 20 caps and 4 scarves. "
    assert dict(frame_of(text + "How much money did it make from selling the caps?")
                .targets[0].attributes)["source"] == "cap"  # fmt: skip
    assert "source" not in dict(frame_of(text + "How much money did it make?")
                                .targets[0].attributes)  # fmt: skip
    assert "source" not in dict(frame_of(text + "How many caps did it sell?")
                                .targets[0].attributes)  # fmt: skip


def test_propose_sold_source() -> None:
    """The one rate per the thing sold is the size of equal groups; its groups are filled."""
    text = "A shop makes $5 off each cap and $9 off each scarf. It sold 20 caps and 4 scarves. "
    closes_to(text + "How much money did it make from selling the scarves?", 36)
    closes_to(text + "How much money did it make by selling caps?", 100)


def test_time_to_do_each() -> None:
    """ "It took Frank 3 days to finish each book" is 3 days per book, Frank's."""
    found = attrs("It took Frank 3 days to finish each book.", "3")
    assert (found["per"], found["owner"]) == ("book", "frank")
    assert "per" not in attrs("It took Frank 3 days to finish the book.", "3")
    assert "per" not in attrs("Frank read for 3 days to finish each book.", "3")
    closes_to("Each book had 249 pages and it took Frank 3 days to finish each book. How many "
              "pages did he read per day?", 83)  # fmt: skip


def test_propose_groups_of_a_total() -> None:
    """Of two rates per the asked books, the one whose thing a total counts shares it."""
    closes_to("Each book had 66 pages and it took Lee 12 days to finish each book. He took 48 "
              "days to finish all books. How many books did he read?", 4)  # fmt: skip


GROUPED = ("There are 40 apples and 30 pears. If the apples are organized into 8 groups and "
           "the pears are organized into 5 groups ")  # fmt: skip


def test_grouped_things() -> None:
    """What the text puts into groups, by group noun; a compound subject puts in none."""
    r = reading(GROUPED + "How big is each group of pears?")
    assert grouped_things(r) == {"group": {"apple", "pear"}}
    r = reading("If the apples and pears are organized into 10 groups How big is each group?")
    assert grouped_things(r) == {}


def test_size_of_each_group() -> None:
    """ "How big is each group of pears?" asks pears per group; with one thing grouped, "How
    big is each group?" asks it; two things grouped and none named, nothing."""
    found = target(GROUPED + "How big is each group of pears?")
    assert (found.per, found.entity, found.state) == ("group", "pear", "each")
    assert target("There are 40 apples. The apples are organized into 8 groups. How big is each "
                  "group?").entity == "apple"  # fmt: skip
    assert target(GROUPED + "How big is each group?").entity is None
    closes_to(GROUPED + "How big is each group of apples?", 5)


def test_each_with() -> None:
    """ "each with", "each one having": the token where the amount per one stands."""
    r = reading("She had 6 packs each one having 14 pens and 2 bags each with 3 pens.")
    assert each_with(r, at(r, "each")) == at(r, "14")
    assert each_with(r, at(r, "each", 1)) == at(r, "3")
    r = reading("Each box has 3 pens.")
    assert each_with(r, at(r, "Each")) is None


def test_each_with_of_a_count() -> None:
    """ "6 packs of pencils each one having 14 pencils" is 14 per pack; "3 kids, each with 4
    balloons" 4 per kid; money or a rate before "each" names no group."""
    assert attrs("She had 6 packs of pencils each one having 14 pencils.", "14")["per"] == "pack"
    assert attrs("There were 3 kids, each with 4 balloons.", "4")["per"] == "kid"
    assert "per" not in attrs("She paid $6, each with 4 coins.", "4")
    closes_to("There were 3 kids, each with 4 balloons. How many balloons were there?", 12)


def test_propose_counted_groups() -> None:
    """Of two rates of the asked pencils, the one per the counted packs fills the total."""
    closes_to("Faye was placing her pencils into rows with 22 pencils in each row. She had 6 "
              "packs of pencils each one having 14 pencils. How many pencils does she have?", 84)


def test_earned_off_each() -> None:
    """ "makes $10 off each t-shirt sold" is money earned per t-shirt; "$3 off each cake"
    after another verb is a discount, no rate."""
    assert attrs("The shop makes $ 10 off each cap sold.", "$ 10")["per"] == "cap"
    assert attrs("Ivy earns $3 off every cake.", "$3")["per"] == "cake"
    found = attrs("The shop makes $ 5 off each cap and $ 9 off each scarf.", "$ 9")
    assert found["per"] == "scarf"  # the verb before the list
    assert "per" not in attrs("The store takes $3 off each cake.", "$3")
    assert "per" not in attrs("Ivy got $3 off each cake.", "$3")
    closes_to("The shop makes $ 10 off each cap sold. It made $ 60 by selling caps. How many "
              "caps did it sell?", 6)  # fmt: skip
    closes_to("Ivy earns $3 off every cake. She sold 12 cakes. How much did she earn?", 36)


def test_propose_rate_groups() -> None:
    """One of the round's proposals, else none (the plain groups proposal reads the rest)."""
    closes_to("Ann has 60 dollars. She spends 5 dollars a day. How many days will her money "
              "last?", 12)  # fmt: skip
    closes_to("Ivy has 12 boxes. Each box has 3 pens. How many pens does she have?", 36)


def test_read_rates() -> None:
    """The stage's three readings, each on the amounts read."""
    assert attrs("There are 20 houses in a block. Leo gives 3 cards to each block.", "20")[
        "per"
    ] == "block"
    assert attrs("It took Frank 3 days to finish each book.", "3")["per"] == "book"
    assert attrs("There were 3 kids, each with 4 balloons.", "4")["per"] == "kid"
