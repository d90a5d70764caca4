"""Verbs of manner of motion: the direction told by the particle or the goal (authored)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.motion import motion_direction, particle_direction
from tests.arith._helpers import refused

from ._stages import at, closes_to, reading


def _direction(text: str, verb: str) -> str:
    r = reading(text)
    return motion_direction(r, at(r, verb))




def test_particle_direction() -> None:
    """Away, off, out, home lose; in, back, inside, here gain; none or both tell nothing."""
    assert particle_direction(["away"]) == "loss" and particle_direction(["off"]) == "loss"
    assert particle_direction(["in"]) == "gain" and particle_direction(["back"]) == "gain"
    assert particle_direction([]) == "" and particle_direction(["back", "home"]) == ""


@pytest.mark.parametrize(
    ("text", "verb", "way"),
    [
        ("There were 12 geese on the lake. 5 geese flew away.", "flew", "loss"),
        ("There were 12 geese on the lake. 5 more geese flew in.", "flew", "gain"),
        ("There were 12 geese on the lake. 5 geese flew off.", "flew", "loss"),
        ("There were 12 geese on the lake. 5 geese flew back.", "flew", "gain"),
        ("There were 12 geese on the lake. 5 geese flew.", "flew", ""),
        ("There were 12 geese on the lake. 5 geese flew over.", "flew", ""),
        ("There were 12 geese on the lake. 5 geese flew onto the lake.", "flew", "gain"),
        ("There were 12 geese on the lake. 5 geese flew onto the roof.", "flew", ""),
        ("There were 12 geese on the lake. 5 geese flew down and landed on the lake.", "flew", "gain"),  # noqa: E501
        ("There were 12 geese on the lake. 5 geese flew down and landed on a barn.", "flew", ""),
        ("There were 12 geese on the lake. 5 geese flew over and joined them.", "flew", "gain"),
        ("There were 12 geese on the lake. 5 geese flew away to the south.", "flew", "loss"),
        ("Nine seals were in the bay. 4 seals swam out of the bay.", "swam", "loss"),
        ("Nine seals were in the bay. 4 seals swam in the bay.", "swam", ""),
        ("Nine seals were in the bay. 4 seals swam into the bay.", "swam", "gain"),
        ("Nine seals were in the bay. 4 seals swam back home.", "swam", "loss"),
        ("Ten toads sat on a rock. 3 toads hopped off.", "hopped", "loss"),
        ("Ten toads sat on a rock. 3 toads hopped onto the rock.", "hopped", "gain"),
        ("Ten toads sat on a rock. 3 toads hopped around.", "hopped", ""),
        ("The mall had 30 shoppers. 7 shoppers walked out.", "walked", "loss"),
        ("The mall had 30 shoppers. 7 shoppers walked in.", "walked", "gain"),
        ("The mall had 30 shoppers. 7 shoppers walked home.", "walked", "loss"),
        ("4 girls were at home. 7 girls walked home.", "walked", ""),
        ("The lot had 30 vans. 7 vans drove off.", "drove", "loss"),
        ("The lot had 30 vans. 7 vans drove down the street.", "drove", ""),
        ("The pen held 30 goats. 7 goats ran inside.", "ran", "gain"),
        ("The pen held 30 goats. 7 goats ran back to the pen.", "ran", "gain"),
        ("The pen held 30 goats. 7 goats ran back to the barn.", "ran", ""),
        ("A room held 30 kids. 7 kids went outside.", "went", "loss"),
        ("A room held 30 kids. 7 kids went to the room.", "went", "gain"),
        ("A room held 30 kids. 7 kids went to the gym.", "went", ""),
    ],
)
def test_motion_direction(text: str, verb: str, way: str) -> None:
    """The words after the manner verb tell whether its subject comes or goes."""
    assert _direction(text, verb) == way


def test_motion_direction_closes_both_ways() -> None:
    """A gain and a loss of the same verb close each its own way; with no direction told,
    the move is not read and nothing closes."""
    closes_to("A pond had 14 frogs. 6 more frogs hopped in. How many frogs are in the pond now?", 20)  # noqa: E501
    closes_to("A pond had 14 frogs. 6 frogs hopped away. How many frogs are in the pond now?", 8)
    closes_to("A shed held 14 bats. 6 bats flew out. How many bats are in the shed now?", 8)
    closes_to("A shed held 14 bats. 6 more bats flew back. How many bats are in the shed now?", 20)
    refused("A pond had 14 frogs. 6 frogs hopped. How many frogs are in the pond now?")
    refused("A shed held 14 bats. 6 bats flew around. How many bats are in the shed now?")
    refused("A shed held 14 bats. 6 bats flew into the barn. How many bats are in the shed now?")
    closes_to("A shed held 14 bats. 6 bats left. How many bats are in the shed now?", 8)
