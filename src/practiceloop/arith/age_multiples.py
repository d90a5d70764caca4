"""Ages told as a multiple of another's: the multiplier clauses of the age reading.

"Ben is twice as old as Ann", "Mia is half as old as her father", "Tom's age is three times
Sam's age", "Jo is 4 times as old as Al, who is 5", "In 3 years, Ben will be twice as old as
Ann", "Two years ago, Ben was 3 times as old as Ann", "In 7 years, Ben will be 3 times as old
as Ann is now", "In 4 years, Ben will be twice Ann's age then".

A multiple holds at the time its clause tells: both ages are taken at that time ("In 3 years,
Ben will be twice as old as Ann": Ben's age then is twice Ann's age then), unless the clause
says the other age is taken now ("as old as Ann is now | today", "Ann's age now"). A bare
"twice Ann's age" in a clause told at another time is refused (which time it means is not
said), and so is "then" in a clause told now. The multiplier is "twice", "thrice", "half",
"double", "triple" (a value told in words) or "<N> times" (a number of the text, the number
of the fact). "twice older", "3 times younger", "twice as young", fractions ("3/4 times",
"a third of"), "more than twice" and a person a multiple of himself are no pattern here: the
age reading refuses the sentence.

Each clause is one :class:`~practiceloop.arith.sides.Fact` of kind ``scale``: the person's
age at the clause's time less the multiplier times the other's age at its time is zero.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Final

from practiceloop.arith.sides import NUMBER

__all__ = ["WORD_MULTIPLES", "scale_patterns", "scaled_sides"]

WORD_MULTIPLES: Final = {
    "twice": Fraction(2),
    "double": Fraction(2),
    "thrice": Fraction(3),
    "triple": Fraction(3),
    "half": Fraction(1, 2),
}
"""The multipliers told in words, and their values."""


def scale_patterns(
    person: str, other: str, name: str, kin: str, now: str, shift: str, opener: str
) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The scale clauses, built from the age reading's fragments: ``person`` (the subject,
    group ``p``), ``other`` (a compared person), ``name`` (a capitalized name), ``kin`` (the
    kin nouns), ``now``
    (an optional "now | today"), ``shift`` (a span after the clause, groups ``t*``) and
    ``opener`` (a span opening the clause and its comma, groups ``t*``)."""
    as_old = r"(?:(?P<k>twice|thrice|half)|(?P<kn>" + NUMBER + r") times)"
    of_age = r"(?:(?P<k>twice|thrice|half|double|triple)|(?P<kn>" + NUMBER + r") times)"
    # the other person of "as old as": a person, or "he | she is" ("as old as she is")
    versus = rf"(?P<q>{other}|he(?= is)|she(?= is))"
    as_tail = r"(?P<qnow> is (?:now|today|currently)| (?:now|today))?(?: is)?"
    possessive = (
        rf"(?P<pos>)(?:(?P<q>{name}['’]s (?:{kin})|(?:his|her) (?:{kin})|{name})"
        rf"(?:['’]s|(?<=s)['’])|(?P<qpos>his|her))"
    )
    of_tail = r"(?: (?P<qthen>then|at that time)| (?P<qnow>now|today))?"
    who = rf"(?:, who is (?P<n>{NUMBER})(?: years? old)?)?"
    be = r"(?P<be>is|was|will be)(?: (?:now|currently))?"
    bodies = (
        rf"{as_old} as old as {versus}{as_tail}{who}",
        rf"{of_age} (?:of )?{possessive} age{of_tail}",
        rf"{of_age} the age of (?P<pos>)(?P<q>{other}){of_tail}",
    )
    made: list[tuple[str, re.Pattern[str]]] = []
    for body in bodies:
        made.append(("scale", re.compile(rf"(?P<p>{person}) {be} {body}{now}(?: {shift})?")))
        made.append(("scale", re.compile(rf"{opener}, (?P<p>{person}) {be} {body}")))
    for body in bodies[1:]:
        made.append(
            ("scale", re.compile(rf"(?P<p>{person})['’]s age {be} {body}{now}(?: {shift})?"))
        )
    return tuple(made)


def scaled_sides(match: re.Match[str], shifted: bool) -> tuple[str, bool] | None:
    """The other person's phrase of a scale clause and whether the other's age is taken at the
    clause's time (True) or now (False); None when the clause does not say which time it
    means ("In 4 years, Ben will be twice Ann's age") or says "then" of a clause told now."""
    groups = match.groupdict()
    phrase = groups.get("q") or {"his": "him", "her": "her"}.get(groups.get("qpos") or "")
    if not phrase:
        return None
    possessive = groups.get("pos") is not None
    if groups.get("qnow"):
        return phrase, False
    if groups.get("qthen"):
        return (phrase, True) if shifted else None
    if possessive and shifted:
        return None
    return phrase, True
