"""A chain holder said by a pronoun or a kin noun (:mod:`practiceloop.arith.chain_pronouns`).

Authored texts only: the subject "he" / "she" of the one person named before it, and "his
friend Kwame", close right; a pronoun of two people, of a person named in a sentence of no
number, or after a kin holder, another holder, another thing or a question of another
holder are refused.
"""

from __future__ import annotations

import pytest

from practiceloop.arith.chain_pronouns import named_kin, subject_pronoun_holder
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, verdict_of

READ = [
    ("Dario has 40 shells. He has 7 more shells than Lia. How many shells do Dario and Lia have together?", 73),  # noqa: E501
    ("Greta has 18 stickers. She has 5 fewer stickers than Ivo. How many stickers does Ivo have?", 23),  # noqa: E501
    ("Greta has 18 stickers. She has 5 fewer than Ivo. How many stickers do Greta and Ivo have in all?", 41),  # noqa: E501
    ("Paco has 12 cards. His friend, Remy, has 9 more cards than Paco. How many cards do Paco and Remy have together?", 33),  # noqa: E501
    ("Paco has 12 cards. His friend Remy has 9 more cards than Paco. How many cards does Remy have?", 21),  # noqa: E501
    ("Yara has 30 beads. She has 8 more than her cousin Tess. How many beads does Tess have?", 22),
]  # fmt: skip

REFUSED = [
    # a pronoun of two people, one named in a sentence of no number
    "Dario and Lia went to the beach. Dario found 40 shells. She found 7 more shells than Dario. How many shells did they find together?",  # noqa: E501
    "His dad has 40 shells. He has 7 more shells than Lia. How many shells do Lia and Dario have together?",  # noqa: E501
    # the pronoun as the one compared to itself, another thing, another holder asked
    "Dario has 40 shells. He has 7 more shells than Dario. How many shells does Dario have?",
    "Dario has 40 shells. He has 7 more stones than Lia. How many shells does Lia have?",
    "Dario has 40 shells. He has 7 more shells than Lia. How many shells does Omar have?",
    # another time, a modal, a negation, a kin noun that names no one read
    "Dario had 40 shells. He has 7 more shells than Lia. How many shells do Dario and Lia have together?",  # noqa: E501
    "Dario has 40 shells. He will have 7 more shells than Lia. How many shells does Lia have?",
    "Dario has 40 shells. He does not have 7 more shells than Lia. How many shells does Lia have?",
    "Paco has 12 cards. His friend, also, has 9 more cards than Paco. How many cards do they have together?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), READ)
def test_chain_holders_read(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", REFUSED)
def test_chain_holders_refuse_their_wrong_neighbours(text: str) -> None:
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


def test_named_kin() -> None:
    assert named_kin("his friend kwame") == "kwame"
    assert named_kin("her friend, nelly,") == "nelly"
    assert named_kin("his dad") == "his dad"
    assert named_kin("mitchell") == "mitchell"


def test_subject_pronoun_holder() -> None:
    frame = frame_of("Dario has 40 shells. He has 7 more shells than Lia. How many does Lia have?")
    at = frame.source_text.index("He has")
    assert subject_pronoun_holder("he", at, frame.mentions, kin_before=False) == "dario"
    assert subject_pronoun_holder("he", at, frame.mentions, kin_before=True) is None
    two = frame_of(
        "Dario has 40 shells. Lia has 3. He has 7 more than Ugo. How many does Ugo have?"
    )
    at_two = two.source_text.index("He has")
    assert subject_pronoun_holder("he", at_two, two.mentions, False) is None


def test_subject_pronoun_holder_agrees_in_gender() -> None:
    """The one person named before "she" is no antecedent of it when the name table says he is
    a man: the pronoun speaks of someone the text never names."""
    frame = frame_of("Dario has 40 shells. She has 7 more shells than Lia. How many does Lia have?")
    at = frame.source_text.index("She has")
    assert subject_pronoun_holder("she", at, frame.mentions, kin_before=False) is None
    assert subject_pronoun_holder("he", at, frame.mentions, kin_before=False) == "dario"
    refused = "Dario has 40 shells. She has 7 more shells than Lia. How many shells does Lia have?"
    spelled = "Dario has 40 shells. He has 7 more shells than Lia. How many shells does Lia have?"
    assert verdict_of(refused)[0] is not Category.CLOSED_UNIQUE
    assert verdict_of(spelled) == (Category.CLOSED_UNIQUE, 33)


def test_two_people_named_before_a_pronoun_of_one_gender() -> None:
    """The chain reading leaves "He" of two people named before it unread; the name table
    fixes it as Dario (Lia is a girl's name), and the comparison closes right."""
    text = "Dario has 40 shells. Lia has 12 shells. He has 7 more shells than Ugo. How many shells does Ugo have?"  # noqa: E501
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, 33)
