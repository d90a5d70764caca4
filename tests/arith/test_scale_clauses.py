"""The scale reading's clauses (arith/scale_clauses.py): a holder told by a possessed person
noun and a name ("his sister, Laura"). Authored texts only."""

from __future__ import annotations

import pytest

from practiceloop.arith.scale_clauses import clauses
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import frame_of, refused, verdict_of


def test_a_person_noun_told_with_a_name_is_the_name() -> None:
    frame = frame_of("Omar has twice as many stamps as his brother, Ravi. How many stamps does Omar have?")  # noqa: E501
    read = clauses(frame.sentences[0])
    assert read is not None and [(c.name, c.base) for c in read] == [("Omar", "Ravi")]


CLOSED = [
    ("Omar has twice as many stamps as his brother, Ravi. If Ravi has 12 stamps, how many stamps does Omar have?", 24),  # noqa: E501
    ("Omar has twice as many stamps as his brother, Ravi. If Omar has 12 stamps, how many stamps does Ravi have?", 6),  # noqa: E501
    ("Omar has twice as many stamps as his brother, Ravi. If Ravi has 12 stamps, how many stamps do they have in all?", 36),  # noqa: E501
    ("Elmo has 3 times as many books as his sister, Laura. Laura has twice as many books as her brother, Stu. If Elmo has 24 books, how many books does Stu have?", 4),  # noqa: E501
    ("Nina picked half as many apples as her cousin, Leo. Leo picked 20 apples. How many apples did Nina pick?", 10),  # noqa: E501
]  # fmt: skip

REFUSED = [
    "Omar has twice as many stamps as his brother, Ravi. If his brother has 12 stamps, how many stamps does Omar have?",  # noqa: E501
    "Omar has twice as many stamps as his brother, Ravi. If Raj has 12 stamps, how many stamps does Omar have?",  # noqa: E501
    "Omar has twice as many stamps as his brother, Ravi. If Ravi has 12 coins, how many stamps does Omar have?",  # noqa: E501
    "Omar has twice as many stamps as his brother, Ravi. If Ravi had 12 stamps, how many stamps does Omar have?",  # noqa: E501
    "Omar has twice as many stamps as his brother, Ravi, and Sam. If Ravi has 12 stamps, how many stamps does Omar have?",  # noqa: E501
    "Omar has twice as many stamps as his brother, Ravi and Sam. If Ravi has 12 stamps, how many stamps does Omar have?",  # noqa: E501
    "Omar has twice as many stamps as his brother, Ravi. If Ravi has 12 stamps, how many stamps does Sam have?",  # noqa: E501
    "Omar does not have twice as many stamps as his brother, Ravi. If Ravi has 12 stamps, how many stamps does Omar have?",  # noqa: E501
    "Omar had twice as many stamps as his brother, Ravi. If Ravi has 12 stamps, how many stamps does Omar have?",  # noqa: E501
    "Omar has twice as many stamps as his brother, Ravi. Ravi gave away 4 stamps. If Ravi has 12 stamps, how many stamps does Omar have?",  # noqa: E501
    "Elmo has 3 times as many books as his sister, Laura. Lara has twice as many books as her brother, Stu. If Elmo has 24 books, how many books does Stu have?",  # noqa: E501
    "Elmo has 3 times as many books as his sister, Laura. Laura has twice as many pens as her brother, Stu. If Elmo has 24 books, how many books does Stu have?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), CLOSED)
def test_a_named_kin_holder_closes_right(text: str, value: int) -> None:
    category, found = verdict_of(text)
    assert category is Category.CLOSED_UNIQUE and found == value


@pytest.mark.parametrize("text", REFUSED)
def test_its_wrong_neighbours_are_refused(text: str) -> None:
    refused(text)


PLACE_AND_ONLY_CLOSED = [
    ("Angie bought three times as many pretzels at the mall as Shelly did. Shelly bought half as many pretzels as Barry. If Barry bought 12 pretzels, how many pretzels did Angie buy?", 18),  # noqa: E501
    ("Kim bought 4 pens. Lou bought three times as many pens at the store as Kim did. How many pens did they buy together?", 16),  # noqa: E501
    ("Lou has 12 cards and only half of what Kim has. How many cards does Kim have?", 24),
    ("Lou has 12 cards, only 3 times what Kim has. How many cards does Kim have?", 4),
    ("Lou picked 8 apples and only a quarter of what Kim picked. How many apples did Kim pick?", 32),  # noqa: E501
    ("Cheryl has thrice as many pencils as Cyrus. Madeline has 63 pencils and only half of what Cheryl has. How many pencils do the three of them have altogether?", 231),  # noqa: E501
]  # fmt: skip

PLACE_AND_ONLY_REFUSED = [
    "Angie bought three times as many pretzels at the mall as Shelly did. Shelly bought half as many pretzels at the fair as Barry. If Barry bought 12 pretzels, how many did Angie buy?",  # noqa: E501
    "Angie bought three times as many pretzels at the mall as Shelly did. Shelly bought half as many pretzels as Barry. If Barry bought 12 pretzels, how many did Angie buy at the fair?",  # noqa: E501
    "Angie bought three times as many pretzels at the weekend as Shelly did. Shelly bought half as many pretzels as Barry. If Barry bought 12 pretzels, how many did Angie buy?",  # noqa: E501
    "Angie bought three times as many pretzels at the mall as Shelly did at the fair. Shelly bought half as many pretzels as Barry. If Barry bought 12 pretzels, how many did Angie buy?",  # noqa: E501
    "Kim bought 4 pens at the fair. Lou bought three times as many pens at the store as Kim did. How many pens did Lou buy?",  # noqa: E501
    "Kim bought 4 pens. Lou bought three times as many pens at the store as Kim did. Max bought three times as many pens at the mall as Lou did. How many pens did Max buy?",  # noqa: E501
    "Lou has 12 cards and half of what Kim has. How many cards does Kim have?",
    "Lou has 12 cards and only half of what Kim had. How many cards does Kim have?",
    "Lou has 12 cards and only half of what Kim buys. How many cards does Kim have?",
    "Lou has 12 cards and only half of what Kim has. How many stamps does Kim have?",
    "Lou has 12 cards and only half of what Kim has. Kim gave away 4 cards. How many cards does Kim have?",  # noqa: E501
    "Lou has 12 cards and only half of what Kim has in his box. How many cards does Kim have?",
    "Lou has 12 cards and only half of what Kim has. How many cards will Kim have?",
    "Lou has 13 cards and only a quarter of what Kim has. Kim has 3 times as many cards as Max. How many cards does Max have?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), PLACE_AND_ONLY_CLOSED)
def test_a_scale_at_one_place_or_told_with_only_closes_right(text: str, value: int) -> None:
    category, found = verdict_of(text)
    assert category is Category.CLOSED_UNIQUE and found == value


@pytest.mark.parametrize("text", PLACE_AND_ONLY_REFUSED)
def test_two_places_a_time_or_a_bare_and_is_refused(text: str) -> None:
    refused(text)


BUT_CLOSED = [
    ("Granger has five times as many spots as his brother, Cisco. But Cisco has 5 less than half as many spots as his cousin, Rover. If Rover has 46 spots, how many spots do Granger and Cisco have combined?", 108),  # noqa: E501
    ("Kim has 12 shells. But Lou has twice as many shells as Kim. How many shells do they have together?", 36),  # noqa: E501
]  # fmt: skip

BUT_REFUSED = [
    "Kim has 12 shells. But Lou does not have twice as many shells as Kim. How many shells does Lou have?",  # noqa: E501
    "Kim has 12 shells. But Lou may have twice as many shells as Kim. How many shells does Lou have?",  # noqa: E501
    "Kim has 12 shells. But Lou had twice as many shells as Kim. How many shells does Lou have?",
    "Kim has 12 shells. But then Lou has twice as many shells as Kim. How many shells does Lou have?",  # noqa: E501
    "Kim has 12 shells. But Lou lost twice as many shells as Kim. How many shells does Lou have?",
    "Granger has five times as many spots as his brother, Cisco. But Cisco has 5 less than half as many spots as his cousin, Rover. If Rover has 47 spots, how many spots do Granger and Cisco have combined?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), BUT_CLOSED)
def test_a_clause_after_but_tells_the_same_fact(text: str, value: int) -> None:
    category, found = verdict_of(text)
    assert category is Category.CLOSED_UNIQUE and found == value


@pytest.mark.parametrize("text", BUT_REFUSED)
def test_but_lets_no_negation_modal_or_other_verb_through(text: str) -> None:
    refused(text)
