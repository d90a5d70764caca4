"""Whose amount: "a fly with 6 legs", "The spiders have how many legs?" (authored)."""

from __future__ import annotations

from tests.arith._helpers import refused

from ._stages import attrs, closes_to, target


def test_holder_with() -> None:
    """ "a crab with 10 legs" tells the crab's legs; a verb or a person before "with" and an
    amount with its own subject tell no holder."""
    assert attrs("A crab with 10 legs sat on the sand.", "10")["subject_noun"] == "crab"
    assert attrs("The jar with 40 beads is full.", "40")["subject_noun"] == "jar"
    assert "subject_noun" not in attrs("Ravi played with 5 friends.", "5")
    assert "subject_noun" not in attrs("Ravi came with 5 friends.", "5")
    assert attrs("Ravi has a jar with 40 beads.", "40").get("owner") == "ravi"


def test_holder_with_refuses_a_sum_of_another_holders_part() -> None:
    """Parts of the crab are no legs of the ants; asked of all in the place, they are."""
    story = "There are 6 ants on a log. Each ant has 6 legs. A crab with 10 legs is also on the log."  # noqa: E501
    refused(story + " How many legs do the ants have in all?")
    closes_to(story + " How many legs are on the log in all?", 46)
    refused("There are 4 vans. Each van has 4 wheels. A cart with 2 wheels is there too. How many wheels do the vans have?")  # noqa: E501


def test_fronted_holder() -> None:
    """ "The ants have how many legs?" asks of the ants, as "How many legs do the ants
    have?" does; "In all, how many ..." names no holder."""
    assert target("There are 6 ants. Each ant has 6 legs. The ants have how many legs?").subject_noun == "ant"  # noqa: E501
    assert target("There are 6 ants. Each ant has 6 legs. In all, how many legs are there?").subject_noun is None  # noqa: E501
    refused("There are 6 ants on a log. Each ant has 6 legs. A crab with 10 legs is also on the log. The ants have how many legs?")  # noqa: E501
    closes_to("There are 6 ants on a log. Each ant has 6 legs. The ants have how many legs?", 36)
