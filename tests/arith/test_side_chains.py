"""Comparisons reached through a third side (:mod:`practiceloop.arith.side_chains`).

Authored texts only (general English, never a corpus sentence): each rule closes its own
sentence right, and refuses its wrong neighbours (another thing, time, verb, holder, measure,
a question asking the other way, a negation, a modal, a move not done, a stranger).
"""

from __future__ import annotations

import pytest

from practiceloop.arith.side_chains import read_chains
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, verdict_of


def chains(text: str) -> bool:
    frame = frame_of(text)
    return read_chains(frame.source_text, frame.sentences, frame.mentions) is not None


READ = [
    # a chain through a third side, to one holder or a difference
    ("Nia has 14 beads. Omar has 6 fewer beads than Nia and 3 more beads than Pam. How many beads does Pam have?", 5),  # noqa: E501
    # a subject pronoun of the one person named before it (arith/chain_pronouns.py)
    ("Nia has 14 beads. She has 6 fewer beads than Omar. Pam has 2 more beads than Omar. How many beads does Pam have?", 22),  # noqa: E501
    ("Nia has 6 fewer beads than Omar. Omar has 8 more beads than Pam. If Pam has 20 beads How many more beads does Nia have than Pam?", 2),  # noqa: E501
    ("Nia has 6 fewer beads than Omar and 9 more beads than Pam. How many more beads does Omar have than Pam?", 15),  # noqa: E501
    # "who" after the holder it tells of; a second clause after ", but"
    ("Nia has 3 fewer beads than Omar who has 8 more beads than Pam. Pam has 5 beads. How many beads does Nia have?", 10),  # noqa: E501
    ("Nia caught 4 more fish than Omar did, but Pam caught 7 fewer fish than Nia. If Pam caught 5 fish, how many fish did Omar catch?", 8),  # noqa: E501
    # "N things less than", "than the number of things that", a difference from a sum
    ("Ivo did 30 sit-ups in class today. Kai did 12 more sit-ups than Ivo. Lea did 5 sit-ups less than Kai. How many sit-ups did Lea do?", 37),  # noqa: E501
    ("Ivo brought 6 kites to the beach. If Ivo brought 2 more kites than the number of kites that Kai brought How many kites did Kai bring to the beach?", 4),  # noqa: E501
    ("Ivo has 3 more cups than Kai. Together Ivo and Kai have 11 cups. Lea has 2 cups more than Ivo and Kai together do. How many cups does Lea have?", 13),  # noqa: E501
    # wholes: "together their", named holders "in all", three names "a total of"
    ("Lia and her mom went apple picking. Together their apples weighed 30 pounds. Lia's apples weighed 12 pounds. How much more did her mom's apples weigh than hers?", 6),  # noqa: E501
    ("Ivo, Kai, and Lea have a total of 50 cards. Ivo has 10 more cards than Kai. If Kai has 15 cards, how many cards does Lea have?", 10),  # noqa: E501
    # the sum of everyone the story ties together
    ("Ivo has 7 more stamps than Kai. If Kai has 10 stamps, how many stamps do they have together?", 27),  # noqa: E501
    # money, number words, an adverb of every amount, a unit said after the question
    ("Ivo has $10 less than Kai. If Kai has $26, how much money does Ivo have?", 16),
    ("Ivo read twenty more pages than Kai. If Kai read 15 pages, how many pages did they read altogether?", 50),  # noqa: E501
    ("Ivo answered three fewer questions correctly than Kai. If Kai answered 35 questions correctly, how many did Ivo answer correctly?", 32),  # noqa: E501
    ("Ivo weighs 9 pounds more than Kai. If Kai weighs 40 pounds, how much does Ivo weigh, in pounds?", 49),  # noqa: E501
    # "than he has" of the one name a possessed holder is of
    ("Ivo has 15 stamps. His brother has 6 fewer stamps than he has. How many stamps does his brother have?", 9),  # noqa: E501
    # holders a sentence of no number introduces, distances compared
    ("The cat, the dog and the hen had a race. The cat ran 19 meters. The dog ran 10 meters farther than the cat. The hen ran 5 meters lesser than the dog. How far did the hen run?", 24),  # noqa: E501
    # a part "N of them" of a whole of named holders; a bare number after the whole
    ("Rosa and Femi have 70 shells together. Rosa has 39 of them. How many shells does Femi have?", 31),  # noqa: E501
    ("Rosa and her brother together found 70 shells. Her brother found 39 of them. How many shells did Rosa find?", 31),  # noqa: E501
    ("Rosa and Femi found 70 shells. Femi found 39 of them. How many shells did Rosa find?", 31),
    ("Ayo and Lin picked 80 pears between them. Ayo picked 55. How many pears did Lin pick?", 25),
    ("Ayo, Lin and Kim have 50 cards together. Ayo has 20 of them and Lin has 18 of them. How many cards does Kim have?", 12),  # noqa: E501
]  # fmt: skip

REFUSED = [
    # the other direction, a side below nothing on the way to the asked one
    "Nia has 14 beads. Omar has 6 fewer beads than Nia and 3 more beads than Pam. How many more beads does Pam have than Nia?",  # noqa: E501
    "Omar has 4 beads. Nia has 12 fewer beads than Omar and 2 more beads than Pam. How many beads does Pam have?",  # noqa: E501
    # another thing, another time, another verb
    "Nia has 14 beads. Omar has 6 fewer rings than Nia and 3 more rings than Pam. How many rings does Pam have?",  # noqa: E501
    "Nia had 14 beads. Omar has 6 fewer beads than Nia and 3 more beads than Pam. How many beads does Pam have?",  # noqa: E501
    "Nia has 14 beads. Omar has 6 fewer beads than Nia. Omar gave 2 beads to Pam. Pam has 5 more beads than Omar. How many beads does Pam have?",  # noqa: E501
    # a negation, a modal, a move not done, a pronoun holder, a stranger's question
    "Nia has 14 beads. Omar does not have 6 fewer beads than Nia. Pam has 2 more beads than Omar. How many beads does Pam have?",  # noqa: E501
    "Nia has 14 beads. Omar can have 6 fewer beads than Nia. Pam has 2 more beads than Omar. How many beads does Pam have?",  # noqa: E501
    "Nia has 14 beads. Omar will have 6 fewer beads than Nia. Pam has 2 more beads than Omar. How many beads does Pam have?",  # noqa: E501
    "Nia has 14 beads. Ada has 3 beads. She has 6 fewer beads than Omar. Pam has 2 more beads than Omar. How many beads does Pam have?",  # noqa: E501
    "Nia has 14 beads. Omar has 6 fewer beads than Nia. Pam has 2 more beads than Omar. How many beads does Zed have?",  # noqa: E501
    # a whole not told as a whole, "they" over a stranger, "his" of no one
    "Lia and her mom went apple picking. Their apples weighed 30 pounds. Lia's apples weighed 12 pounds. How much more did her mom's apples weigh than hers?",  # noqa: E501
    "Ivo has 4 cups. Kai has 3 more cups than Ivo. Lea has 7 cups. How many cups do they have together?",  # noqa: E501
    "Lia and her mom went apple picking. Together their apples weighed 30 pounds. Lia's apples weighed 12 pounds. How much more did his mom's apples weigh than his?",  # noqa: E501
    # a measure asked that the story does not compare, a unit it never counts in
    "The cat and the dog had a race. The cat jumped 19 inches. The dog jumped 10 inches higher than the cat. How far did the dog jump?",  # noqa: E501
    "Ivo weighs 9 pounds more than Kai. If Kai weighs 40 pounds, how much does Ivo weigh, in ounces?",  # noqa: E501
    # a place phrase that hides a move, a place the question adds
    "Nia has 14 beads at home where she lost some beads. Omar has 6 fewer beads than Nia. Pam has 2 more beads than Omar. How many beads does Pam have?",  # noqa: E501
    "Nia has 14 beads. Omar has 6 fewer beads than Nia. Pam has 2 more beads than Omar. How many beads does Pam have in her box?",  # noqa: E501
    # two facts for one difference, what the text tells asked
    "Nia has 14 beads. Omar has 6 fewer beads than Nia. Omar has 5 fewer beads than Nia. How many beads does Omar have?",  # noqa: E501
    # "N of them" of a stranger, before the whole, of another verb, modal; a stranger asked
    "Rosa and Femi have 70 shells together. Ines has 39 of them. How many shells does Femi have?",
    "Rosa has 39 of them. Rosa and Femi have 70 shells together. How many shells does Femi have?",
    "Rosa and Femi found 70 shells. Femi sold 39 of them. How many shells did Rosa find?",
    "Rosa and Femi have 70 shells together. Rosa will have 39 of them. How many shells does Femi have?",  # noqa: E501
    "Rosa and Femi have 70 shells together. Rosa has 39 of them. How many shells does Ines have?",
    # a whole with no "together" and no "of them" (each may have 70); "each"; a bare number first
    "Rosa and Femi found 70 shells. Femi found 39 shells. How many shells did Rosa find?",
    "Rosa and Femi each found 70 shells. Femi found 39 of them. How many shells did Rosa find?",
    "Ayo picked 55. Ayo and Lin picked 80 pears between them. How many pears did Lin pick?",
    "Ayo and Lin picked 80 pears between them. Ayo ate 55. How many pears did Lin pick?",
    "Ayo and Lin picked 80 pears between them. Ayo picked 55. How many plums did Lin pick?",
    # one of three holders left out; a move after the parts
    "Ayo, Lin and Kim have 50 cards together. Ayo has 20 of them. How many cards does Kim have?",
    "Rosa and Femi have 70 shells together. Rosa has 39 of them. Femi gave away 5 shells. How many shells does Femi have?",  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), READ)
def test_read_chains(text: str, value: int) -> None:
    assert chains(text)
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)


@pytest.mark.parametrize("text", REFUSED)
def test_read_chains_refuses_its_wrong_neighbours(text: str) -> None:
    assert verdict_of(text)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)
