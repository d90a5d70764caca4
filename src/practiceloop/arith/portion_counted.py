"""Two ways a portion story tells a number of its one thing without naming the thing after
the number (used by :mod:`practiceloop.arith.portion_clauses`):

* a number lost *of* the whole: "He uses 16 of them", "She ate 5 of the cookies", "He sold 8
  of his cards", or of what the moves before it left: "then broke 15 of the remaining eggs",
  "gave 3 of what was left to Ann": the number counts the story's thing (named again, or
  "them"), and it is a loss, never a whole or a gain ("He bought 16 of them" is not read);
* a whole told inside one container: "John buys a box of 40 light bulbs", "Mia has a jar of
  120 beads": the number counts the things in the one container (never money, never "3
  boxes of 40", never a measure: "a pound of 40 ..." is not read);
* containers of one stuff counted: "Jame has 60 bars of gold", "He sold 4 bags of rice": the
  number counts the containers (the thing is "gold bar", "rice bag"; a question of the stuff
  alone, "how much gold", or of things inside, "how many pencils" of "3 boxes of pencils",
  names another thing).
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith.lexicon import CONTAINERS, noun_key

__all__ = ["OF_THE_WHOLE", "ONE_CONTAINER", "container_fits", "containers_of", "of_the_whole"]

_CONTAINERS: Final = frozenset(
    """bag basket batch bottle bowl box bucket bunch bundle carton case crate jar pack package
    packet sack stack tray tin tub""".split()
)
"""Containers a whole may be told in: one of them holds the number of things after "of"."""

ONE_CONTAINER: Final = r"(?P<container>(?:a|an|one) (?P<cword>[a-z]+) of )?"
"""Before a whole's number: "a box of" (checked by :func:`container_fits`)."""

OF_THE_WHOLE: Final = (
    r"(?P<ofwhole> of (?:(?P<ofthem>them)|(?P<ofleft>what (?:is|was) left|the rest"
    r"|the remaining(?: (?P<remwhat>[a-z][a-z'’-]*(?: [a-z][a-z'’-]*){0,2}?))?)"
    r"|(?P<ofdet>the|his|her|their) (?P<ofwhat>[a-z][a-z'’-]*(?: [a-z][a-z'’-]*){0,2}?)))?"
)
"""After a number with no noun of its own: "of them", "of the light bulbs", "of his cards"
(the number counts the whole's thing), "of the remaining eggs", "of what was left", "of the
rest" (a number of what the moves before it left); read by :func:`of_the_whole`."""


def container_fits(groups: dict[str, str | None], thing: tuple[str, ...] | None) -> bool:
    """A whole told inside one container ("a box of 40 light bulbs") may be read: the
    container word is a container (:data:`_CONTAINERS`) and the number counts a named thing
    that is no money; True as well when no container is said."""
    if not groups.get("container"):
        return True
    word = groups.get("cword") or ""
    return noun_key(word) in _CONTAINERS and thing is not None and thing != ("money",)


def of_the_whole(
    groups: dict[str, str | None], way: str | None
) -> tuple[bool, tuple[str, ...] | None, str | None, str | None] | None:
    """A number lost "of them" / "of the X" / "of his X": (read, the thing said or None for
    "them", "them" or None, the possessive or None); (False, None, None, None) when no such
    phrase is said; None when it is said but cannot be read (a noun of the number's own
    beside it, a number of money, or a move that is no loss)."""
    if not groups.get("ofwhole"):
        return False, None, None, None
    num = groups.get("num") or ""
    if way != "loss" or groups.get("thing") or num.startswith("$") or groups.get("sign"):
        return None
    if groups.get("ofthem"):
        return True, None, "them", None
    if groups.get("ofleft"):  # "15 of the remaining eggs": of what is left, a number lost
        left = (groups.get("remwhat") or "").split()
        said = (*left[:-1], noun_key(left[-1])) if left else None
        return True, said, "left", None
    words = (groups.get("ofwhat") or "").split()
    if not words or words[-1] in ("money", "dollars", "dollar"):
        return None
    thing = (*words[:-1], noun_key(words[-1]))
    det = groups.get("ofdet")
    return True, thing, "the", det if det in ("his", "her", "their") else None


def containers_of(groups: dict[str, str | None]) -> tuple[str, ...] | None:
    """ "60 bars of gold", "4 bags of rice": the containers counted, as the thing "gold bar",
    "rice bag" (the stuff one word, the noun before "of" one container word of the lexicon's,
    never "dozen"); None for anything else ("$400 of furniture", "3 cups of the flour")."""
    num = groups.get("num") or ""
    word, worth = groups.get("thing") or "", (groups.get("worth") or "").split()
    if num.startswith("$") or groups.get("sign") or " " in word or len(worth) != 2:
        return None
    container = noun_key(word)
    if container not in CONTAINERS or container == "dozen" or worth[1] in ("money", "dollars"):
        return None
    return (noun_key(worth[1]), container)
