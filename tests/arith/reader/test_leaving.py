"""Stage 5f: what a move left, told after "leaving" (authored)."""

from __future__ import annotations

from tests.arith._helpers import refused

from ._stages import attrs, closes_to, reading


def test_someone_else_said() -> None:
    """A person noun or anything owned may be a person a pronoun points to."""
    from practiceloop.arith.reader.leaving import someone_else_said

    def said(text: str) -> bool:
        r = reading(text)
        return someone_else_said(r, len(r.toks))

    assert said("Rui gave 3 cups to his aunt.") and said("The baker sold 3 cups.")
    assert not said("Rui sold some cups at a market.")


def test_left_by_leaving() -> None:
    """ "sold some cups at a market leaving him with 9 cups": the 9 are left, not sold."""
    story = "Rui sold some cups at a market leaving him with 9 cups."
    nine = attrs(story, "9")
    assert nine["state"] == "left" and "direction" not in nine
    closes_to(story + " If he had 25 cups initially How many cups did he sell?", 16)
    closes_to(
        "Rui sold 7 cups at a market leaving him with 9 cups. How many cups did he have "
        "at first?",
        16,
    )
    # "them" may be many; two people, or a receiver: whose 9 they are is not read
    for told in (
        "Rui sold some cups at a market leaving them with 9 cups.",
        "Rui sold some cups to Ona leaving her with 9 cups.",
        "Rui gave some cups to his aunt leaving her with 9 cups.",
    ):
        assert "state" not in attrs(told, "9"), told
        refused(told + " If he had 25 cups initially How many cups did he give?")
