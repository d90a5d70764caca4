"""Numbers nothing in the text links to the asked quantity (:mod:`arith.unlinked`).

Authored texts only (general English, never a corpus sentence). Each reason is shown holding
for the numbers it sets aside, and refused where a word of the text could tie the number to
what the relation computes: a move between the two people, the other person asked, an end
of the change that is not the asked person's.
"""

from __future__ import annotations

import pytest

from practiceloop.arith.unlinked import (
    also_beside_the_grouped,
    count_of_a_purchase,
    groups_of_another,
    holder_beside_own_change,
    made_for_people,
    period_of_a_total,
    price_apart,
    tellers_counted,
    total_split_otherwise,
)
from practiceloop.loop.evaluate import Category

from ._helpers import not_covered, reason_holds, verdict_of

# --- holder_beside_own_change ----------------------------------------------------------------

BESIDE = "Last week Ada had 20 dollars and Ben had 15 dollars. They washed cars on Sunday and now Ada has 45 dollars and Ben has 60 dollars. How much money did Ada earn on Sunday?"  # noqa: E501
APART = "Last week Ada had 20 dollars and Ben had 15 dollars. Ada washed cars and now has 45 dollars. Ben walked dogs and now has 60 dollars. How much money did Ben earn?"  # noqa: E501


def test_holder_beside_own_change() -> None:
    assert verdict_of(BESIDE) == (Category.CLOSED_UNIQUE, 25)
    assert reason_holds(holder_beside_own_change, BESIDE, "15")
    assert reason_holds(holder_beside_own_change, BESIDE, "60")
    assert verdict_of(BESIDE.replace("did Ada", "did Ben")) == (Category.CLOSED_UNIQUE, 45)
    assert verdict_of(APART) == (Category.CLOSED_UNIQUE, 45)
    assert reason_holds(holder_beside_own_change, APART, "20")
    assert reason_holds(holder_beside_own_change, APART, "45")


@pytest.mark.parametrize(
    "text",
    [
        # a move between the two, with a number or without one
        "Ada had 20 dollars and Ben had 15 dollars. Ben gave Ada some money. Now Ada has 45 dollars and Ben has 10 dollars. How much money did Ada earn?",  # noqa: E501
        "Ada had 20 dollars and Ben had 15 dollars. Ben gave her 5 dollars. Now Ada has 45 dollars and Ben has 10 dollars. How much money did Ada earn?",  # noqa: E501
        "Ada had 20 dollars and Ben had 15 dollars. Ada sold lemonade and now has 45 dollars. Ben lent her money and now has 10 dollars. How much money did Ada earn?",  # noqa: E501
        "Ada had 20 apples and Ben had 15 apples. They picked apples and gave each other some. Now Ada has 45 apples and Ben has 60 apples. How many apples did Ada pick?",  # noqa: E501
        # both asked, or a stranger asked
        BESIDE.replace("did Ada earn", "did they earn"),
        BESIDE.replace("did Ada earn", "did Ada and Ben earn"),
        BESIDE.replace("did Ada earn", "did Cal earn"),
        # no start of the asked person's own, or a move of hers the change does not bind
        "Ben had 15 dollars. Ada sold lemonade and now has 45 dollars. How much money did Ada earn?",  # noqa: E501
        "Ada had 20 dollars and Ben had 15 dollars. Ada sold lemonade and spent 5 dollars. Now Ada has 45 dollars and Ben has 60 dollars. How much money did Ada earn?",  # noqa: E501
        # the other person's amount told of the asked one's thing
        "Last week Ada had 20 dollars in the bank and Ben had 15 dollars in Ada's jar. They washed cars and now Ada has 45 dollars and Ben has 60 dollars. How much money did Ada earn?",  # noqa: E501
        # a group, not a clause of its own
        "Ada and Ben had 20 dollars. Ada sold lemonade and now has 45 dollars. How much money did Ada earn?",  # noqa: E501
    ],
)  # fmt: skip
def test_holder_beside_own_change_refused(text: str) -> None:
    assert not_covered(text)


# --- made_for_people -------------------------------------------------------------------------

FOR_COUSINS = "Lena is making bracelets for her 9 cousins. She has 20 beads and each bracelet takes 4 beads. How many bracelets can Lena make?"  # noqa: E501
FOR_GUESTS = (
    "Mia bought 30 balloons for her 6 guests. 4 balloons popped. How many balloons are left?"
)


def test_made_for_people() -> None:
    assert verdict_of(FOR_COUSINS) == (Category.CLOSED_UNIQUE, 5)
    assert reason_holds(made_for_people, FOR_COUSINS, "9")
    assert verdict_of(FOR_GUESTS) == (Category.CLOSED_UNIQUE, 26)
    assert reason_holds(made_for_people, FOR_GUESTS, "6")
    used = "Lena is making bracelets for her 9 cousins. She made 7 bracelets and each bracelet takes 4 beads. How many beads did Lena use?"  # noqa: E501
    assert verdict_of(used) == (Category.CLOSED_UNIQUE, 28)
    # a share asked binds the people: they are groups, never set aside
    assert verdict_of(
        "Mia bought 30 balloons for her 6 guests. How many balloons did Mia buy for each guest?"
    ) == (Category.CLOSED_UNIQUE, 5)


@pytest.mark.parametrize(
    "text",
    [
        # something given to each of them, or shared among them
        "Tom baked 24 cookies for his 6 friends and gave them 3 cookies each. How many cookies are left?",  # noqa: E501
        "Tom baked 24 cookies for his 6 friends. Each got 3 cookies. How many cookies are left?",
        "Tom baked 24 cookies for his 6 friends. He gave one to each friend. How many cookies are left?",  # noqa: E501
        "Tom baked 24 cookies for his 6 friends. Every friend got 2 cookies. How many cookies are left?",  # noqa: E501
        "Tom baked 24 cookies for his 6 friends. He gave 2 cookies per friend. How many cookies are left?",  # noqa: E501
        "Mia bought 30 balloons for her 6 guests. Her guests took 4 balloons. How many balloons are left?",  # noqa: E501
        "Mia saved 30 dollars for her 2 trips. She spent 12 dollars on each trip. How much money does she have left?",  # noqa: E501
        # one each for them, unsaid: the relation has no number of its own for it
        "Lena is making bracelets for her 9 cousins. Each bracelet takes 4 beads. How many beads does she need?",  # noqa: E501
        "Lena is making bracelets for her 9 cousins. She has made 4 bracelets. How many more bracelets does she need to make?",  # noqa: E501
        "Tom bought tickets for his 3 friends and himself. Each ticket costs 4 dollars. How much did he spend?",  # noqa: E501
        # the people asked
        "Tom baked 24 cookies for his 6 friends. How many friends does Tom have?",
        "Lena is making bracelets for her 9 cousins. She has 20 beads and each bracelet takes 4 beads. How many cousins will not get a bracelet?",  # noqa: E501
    ],
)  # fmt: skip
def test_made_for_people_refused(text: str) -> None:
    assert not_covered(text)


# --- count_of_a_purchase ---------------------------------------------------------------------

BOUGHT = "Omar spent $ 12 to buy 4 books. Now he has $ 5. How much did Omar have before he spent his money?"  # noqa: E501
LEFT = "Omar had $ 30. He bought 4 books for $ 12. How much money does he have left?"


def test_count_of_a_purchase() -> None:
    assert verdict_of(BOUGHT) == (Category.CLOSED_UNIQUE, 17)
    assert reason_holds(count_of_a_purchase, BOUGHT, "4")
    assert verdict_of(LEFT) == (Category.CLOSED_UNIQUE, 18)
    assert reason_holds(count_of_a_purchase, LEFT, "4")
    # the price of one asked binds the count: a sharing, never a set-aside
    assert verdict_of("Omar spent $ 12 to buy 4 books. How much did each book cost?") == (
        Category.CLOSED_UNIQUE,
        3,
    )


@pytest.mark.parametrize(
    "text",
    [
        # a price of one asked beside the money held
        "Omar spent $ 12 to buy 4 books. Now he has $ 5. How much did each book cost?",
        # more of the thing bought, or a price per thing
        "Omar had $ 30. He bought 4 books for $ 12. Then he bought 2 more books at the same price. How much money does he have left?",  # noqa: E501
        "Omar had $ 30. He bought 4 books for $ 12 and sold 2 books. How much money does he have left?",  # noqa: E501
        "Omar had $ 30. He bought 4 books for $ 12 each. How much money does he have left?",
        # the thing asked
        "Omar had $ 30. He bought 4 books for $ 12. How many books does he have?",
        "Omar had $ 30. He bought 4 books for $ 12. How much would 6 books cost?",
        # no money paid for them in their clause
        "Omar had $ 30. He bought 4 books with 12 pages. How much money does he have left?",
    ],
)  # fmt: skip
def test_count_of_a_purchase_refused(text: str) -> None:
    assert not_covered(text)


# --- total_split_otherwise -------------------------------------------------------------------

SPLIT = "The book had 300 pages divided into 10 chapters. It took Ann 5 days to read the book. How many pages did she read per day?"  # noqa: E501


def test_total_split_otherwise() -> None:
    assert verdict_of(SPLIT) == (Category.CLOSED_UNIQUE, 60)
    assert reason_holds(total_split_otherwise, SPLIT, "10")
    herd = "The farm had 60 cows divided into 3 barns. The farmer milked them over 4 days. How many cows did he milk per day?"  # noqa: E501
    assert verdict_of(herd) == (Category.CLOSED_UNIQUE, 15)
    # the days taken are the groups when a share per day is asked: bound, and the pages
    # the photos are spread over set aside
    album = "The album had 96 photos equally spread over 8 pages. It took Lee 3 days to fill the album. How many photos did Lee put in each day?"  # noqa: E501
    assert verdict_of(album) == (Category.CLOSED_UNIQUE, 32)
    assert reason_holds(total_split_otherwise, album, "8")
    # the share per the parts the text splits it into is asked: they are the groups
    asked = SPLIT.replace("did she read per day", "are in each chapter")
    assert verdict_of(asked) == (Category.CLOSED_UNIQUE, 30)


@pytest.mark.parametrize(
    "text",
    [
        # the parts told again, or a number per part
        "The book had 300 pages divided into 10 chapters. It took Ann 5 days to read the book and she read 2 chapters a day. How many pages did she read per day?",  # noqa: E501
        "The book had 300 pages divided into 10 chapters. Ann read the same number of chapters each day for 5 days. How many pages did she read per day?",  # noqa: E501
        "The book had 300 pages divided into 10 chapters. Each chapter has a picture. It took Ann 5 days to read the book. How many pages did she read per day?",  # noqa: E501
        "The farm had 60 cows divided into 3 barns. The farmer milked them over 4 days, one barn at a time. How many cows did he milk per day?",  # noqa: E501
        # what she read is not the total split
        "The book had 300 pages divided into 10 chapters. Ann read 4 chapters in 2 days. How many pages did she read per day?",  # noqa: E501
    ],
)  # fmt: skip
def test_total_split_otherwise_refused(text: str) -> None:
    assert not_covered(text)


# --- tellers_counted -------------------------------------------------------------------------

TOLD = "He was told by 12 of the workers that they pack 40 boxes per day. How many days will it take to pack 200 boxes?"  # noqa: E501


def test_tellers_counted() -> None:
    assert verdict_of(TOLD) == (Category.CLOSED_UNIQUE, 5)
    assert reason_holds(tellers_counted, TOLD, "12")
    said = "12 workers said that they pack 40 boxes per day. How many days will it take to pack 200 boxes?"  # noqa: E501
    assert verdict_of(said) == (Category.CLOSED_UNIQUE, 5)
    assert reason_holds(tellers_counted, said, "12")
    per_day = "He was told by 12 of the workers that they pack 40 boxes in 5 days. How many boxes do they pack per day?"  # noqa: E501
    assert verdict_of(per_day) == (Category.CLOSED_UNIQUE, 8)


@pytest.mark.parametrize(
    "text",
    [
        # what they told is each one's, or one of them's
        "He was told by 12 of the workers that each of them packs 40 boxes per day. How many boxes do they pack per day?",  # noqa: E501
        "He was told by 12 of the workers that they each pack 40 boxes per day. How many days will it take to pack 200 boxes?",  # noqa: E501
        "He was told by 12 of the workers that they pack 40 boxes per day each. How many days will it take to pack 200 boxes?",  # noqa: E501
        "He was told by 12 of the workers that a worker packs 40 boxes per day. How many days will it take to pack 200 boxes?",  # noqa: E501
        "He was told by 12 of the workers that they pack 40 boxes per day. How many boxes does each worker pack per day?",  # noqa: E501
        # the amount is not what they told
        "The workers pack 40 boxes per day. He was told by 12 of the workers that the boss is away. How many days will it take to pack 200 boxes?",  # noqa: E501
    ],
)  # fmt: skip
def test_tellers_counted_refused(text: str) -> None:
    assert not_covered(text)


# --- period_of_a_total -----------------------------------------------------------------------

PERIODS = "The stand made 300 dollars in the first 10 days and 200 dollars in the remaining 5 days. How much did the stand make in all?"  # noqa: E501
READ_IN = "Ann read 40 pages in 2 hours and 30 pages in 3 hours. How many pages did Ann read?"


def test_period_of_a_total() -> None:
    assert verdict_of(PERIODS) == (Category.CLOSED_UNIQUE, 500)
    assert reason_holds(period_of_a_total, PERIODS, "10")
    assert reason_holds(period_of_a_total, PERIODS, "5")  # "the remaining" is no rest of things
    assert verdict_of(READ_IN) == (Category.CLOSED_UNIQUE, 70)
    assert reason_holds(period_of_a_total, READ_IN, "2")


@pytest.mark.parametrize(
    "text",
    [
        # a rate per a time asked or told, or a time asked
        PERIODS.replace("in all", "per day"),
        "The stand made 300 dollars in the first 10 days and 20 dollars a day in the remaining 5 days. How much did the stand make in all?",  # noqa: E501
        "Ann read 40 pages in 2 hours. She reads 10 pages each hour. How many pages did Ann read?",
        "Ann read 40 pages in 2 hours and 30 pages in 3 hours. How long did Ann read?",
        "Ann read 40 pages in 2 hours and 30 pages in 3 hours. How many pages did Ann read per hour?",  # noqa: E501
        "Ann read 40 pages in 2 days and 30 pages in 3 days. If she reads the same amount every day next week, how many pages will she read?",  # noqa: E501
    ],
)  # fmt: skip
def test_period_of_a_total_refused(text: str) -> None:
    assert not_covered(text)


# --- groups_of_another, also_beside_the_grouped -----------------------------------------------

GROUPED = "There are 40 pears and 90 plums in the shop. If the pears are organized into 8 groups and plums are organized into 10 groups How big is each group of plums?"  # noqa: E501
ALSO = "There are 40 pears in the shop. Ann also has 90 plums. If the plums are organized into 10 groups How big is each group?"  # noqa: E501
ALSO_TWO = "There are 90 plums in Ann's shop. Ann also has 40 pears and 12 figs. If the plums are organized into 10 groups How big is each group?"  # noqa: E501


def test_groups_of_another() -> None:
    assert verdict_of(GROUPED) == (Category.CLOSED_UNIQUE, 9)
    assert reason_holds(groups_of_another, GROUPED, "8")
    assert verdict_of(GROUPED.replace("group of plums", "group of pears")) == (
        Category.CLOSED_UNIQUE,
        5,
    )


def test_also_beside_the_grouped() -> None:
    assert verdict_of(ALSO_TWO) == (Category.CLOSED_UNIQUE, 9)
    assert reason_holds(also_beside_the_grouped, ALSO_TWO, "40")
    assert reason_holds(also_beside_the_grouped, ALSO_TWO, "12")


@pytest.mark.parametrize(
    "text",
    [
        # the groups hold both, or a thing the text does not name, or the other one's
        "There are 40 pears and 90 plums in the shop. If the pears and plums are organized into 10 groups How big is each group?",  # noqa: E501
        "There are 40 pears and 90 plums in the shop. If the fruits are organized into 10 groups How big is each group?",  # noqa: E501
        "There are 40 pears and 90 plums in the shop. If they are organized into 10 groups How big is each group?",  # noqa: E501
        "There are 40 pears in the shop. Ann also has 90 plums. If the plums and pears are organized into 10 groups How big is each group?",  # noqa: E501
        "There are 40 pears in the shop. Ann also has 90 plums. If the plums are organized into 10 groups How big is each group of pears?",  # noqa: E501
        # no "also": two holdings not told apart
        "There are 40 pears in the shop. Ann has 90 plums. If the plums are organized into 10 groups How big is each group?",  # noqa: E501
    ],
)  # fmt: skip
def test_groups_of_another_thing_refused(text: str) -> None:
    assert not_covered(text)


# --- price_apart -------------------------------------------------------------------------------

CAPS = "The shop makes $ 9 off each cap sold. It sold 40 caps in all. If it sold 15 caps on Monday, how many caps did it sell on Tuesday?"  # noqa: E501


def test_price_apart() -> None:
    assert verdict_of(CAPS) == (Category.CLOSED_UNIQUE, 25)
    assert reason_holds(price_apart, CAPS, "$ 9")


@pytest.mark.parametrize(
    "text",
    [
        # money asked, or another amount of money told
        "Pens cost $ 2 each. Tom bought 5 pens and then 3 more pens. How much did he spend?",
        "Pens cost $ 2 each. Tom spent $ 16 on pens. He bought 5 pens first. How many more pens did he buy?",  # noqa: E501
        "Pens cost $ 2 each. Tom has $ 20. He bought 5 pens. How many more pens can he buy?",
        "Pens cost $ 2 each. Tom bought 5 pens and then 3 more pens. How many dollars did he pay?",
        CAPS.replace("how many caps did it sell", "how much money did it make"),
    ],
)  # fmt: skip
def test_price_apart_refused(text: str) -> None:
    assert not_covered(text)
