"""The deed shape of the portion reading: a share told by what it did or does, the share or
the rest asked by the same words (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.portion_done import read_done
from tests.arith._helpers import frame_of, refused, verdict_of


def _roles(text: str) -> tuple[str, str] | None:
    frame = frame_of(text)
    names = {dict(m.attributes)["name"] for m in frame.mentions if m.kind == "actor"}
    read = read_done(frame.sentences, frame.mentions, frame.observations, names)
    return None if read is None else (read.told_role, read.asked_role)


@pytest.mark.parametrize(
    ("text", "roles"),
    [
        ("There were 300 guests at the fair. 20 percent of the guests fell ill. How many guests did not fall ill?", ("whole", "rest")),  # noqa: E501
        ("Kim has 40 cousins. 25% of them like chess. How many of them do not like chess?", ("whole", "rest")),  # noqa: E501
        ("There are 90 pupils in the hall. 30% of the pupils wear hats. How many pupils wear hats?", ("whole", "part")),  # noqa: E501
        ("There are 90 pupils in the hall. 30% of the pupils have hats, how many pupils do not have hats?", ("whole", "rest")),  # noqa: E501
        # the whole told in the share
        ("Out of 40 runners, 25% finished the race. How many runners did not finish the race?", ("whole", "rest")),  # noqa: E501
        ("Of the 40 runners, 25% finished the race. How many of them did not finish the race?", ("whole", "rest")),  # noqa: E501
        ("25% of the 40 runners finished the race. How many runners finished the race?", ("whole", "part")),  # noqa: E501
    ],
)
def test_read_done(text: str, roles: tuple[str, str]) -> None:
    assert _roles(text) == roles


@pytest.mark.parametrize(
    "text",
    [
        # other words after the verb, another verb, another tense, a modal, a negated share
        "There were 300 guests at the fair. 20 percent of the guests fell ill. How many guests did not fall sick?",  # noqa: E501
        "There were 300 guests at the fair. 20 percent of the guests fell ill. How many guests did not feel ill?",  # noqa: E501
        "There were 300 guests at the fair. 20 percent of the guests fell ill. How many guests do not fall ill?",  # noqa: E501
        "There were 300 guests at the fair. 20 percent of the guests will fall ill. How many guests will not fall ill?",  # noqa: E501
        "There were 300 guests at the fair. 20 percent of the guests did not fall ill. How many guests did not fall ill?",  # noqa: E501
        "There were 300 guests at the fair. 20 percent of the guests fell ill. How many guests did not fall ill again?",  # noqa: E501
        # a share of another group, another thing asked
        "There were 300 guests at the fair. 20 percent of the girls fell ill. How many guests did not fall ill?",  # noqa: E501
        "There were 300 guests at the fair. 20 percent of the guests fell ill. How many girls did not fall ill?",  # noqa: E501
        # a whole told twice, another group asked
        "There are 50 runners. Out of 40 runners, 25% finished the race. How many runners did not finish the race?",  # noqa: E501
        "Out of 40 runners, 25% finished the race. How many walkers did not finish the race?",
        # "have" before a participle
        "There are 90 pupils in the hall. 30% of the pupils have passed the test. How many pupils have not passed the test?",  # noqa: E501
    ],
)
def test_read_done_refuses(text: str) -> None:
    assert _roles(text) is None


def test_rest_of_a_deed_closes() -> None:
    text = "Kim has 40 cousins. 25% of them like chess. How many of them do not like chess?"
    assert verdict_of(text)[1] == 30


@pytest.mark.parametrize(
    "text",
    [
        # a number besides, a share that is no whole number
        "There were 300 guests at the fair. 20 percent of the guests fell ill. 5 guests left early. How many guests did not fall ill?",  # noqa: E501
        "There were 301 guests at the fair. 20 percent of the guests fell ill. How many guests did not fall ill?",  # noqa: E501
    ],
)
def test_rest_of_a_deed_refused(text: str) -> None:
    refused(text)
