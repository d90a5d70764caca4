"""More ways English tells a scale reading's question and sentences (issue 15, the
multiplier family; read by :mod:`practiceloop.arith.scale_clauses` and
:mod:`practiceloop.arith.scales`).

Each rule is one named function that turns a wording into what the scale reading already
reads, so that the reader, the ``scale`` organ, the solver and the proofs, which all call
:func:`~practiceloop.arith.scales.read_scale`, keep agreeing:

* :func:`listed_whole_asked`: the sum asked of holders named in a list ("How many dolls do
  Aida, Sophie, and Vera have combined?", "How many fish did Keith and Blaine catch?") or
  counted ("the two of them", "the three", "all three", "both of them"): the count must be
  the number of holders the text names;
* :func:`condition_after_question`: the told amount put after the question ("How many dolls
  do they have combined if Vera has 20 dolls?"): the question and its condition, read as if
  the condition came first;
* :func:`offset_thing`: the thing of a "more than" offset told beside its number ("5 more
  roommates than twice as many as Bob", "25 pounds more than Sam"), which must be the thing
  of the clause;
* :func:`fraction_factor`: a factor written as a fraction ("1/4 as many turtles as Kim");
* :func:`unit_after_question`: the asked thing told after a comma ("How much does Sam
  weigh, in pounds?"), which must be the thing of the text;
* :func:`scaled_base_phrase` and :func:`base_verb_as_aux`: the base told by a clause after
  the factor ("half of what Kim picked", "thrice what Kim does", "twice the number of cups
  Kim has", "a third the cups Kim has"), whose verb must be the scaled clause's own verb or
  an auxiliary of its tense;
* :func:`went_together`: a sentence that only tells the holders went somewhere together
  ("Kim and Lou went fishing."): no amount, no one else.

Amounts told in dollars are money ("35 dollars more than Ian" beside "$100" and "how much
money": :mod:`~practiceloop.arith.scale_clauses` keys the noun "dollars" as money).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import Final

from practiceloop.kernel.span import SourceSpan

__all__ = [
    "COUNTED_HOLDERS",
    "FRACTION_FACTOR",
    "base_verb_as_aux",
    "condition_after_question",
    "fraction_factor",
    "listed_whole_asked",
    "offset_thing",
    "scaled_base_phrase",
    "unit_after_question",
    "went_together",
]

_NAME: Final = r"[A-Z][a-z]+"
_THING: Final = r"[a-z]+(?: [a-z]+){0,2}"
_ALL: Final = r"(?: (?:together|in all|altogether|in total|combined))?"

COUNTED_HOLDERS: Final = {
    "the two": 2,
    "the two of them": 2,
    "both of them": 2,
    "the three": 3,
    "the three of them": 3,
    "all three": 3,
    "all three of them": 3,
}
"""Subjects that count the holders the question sums ("the two of them": two)."""

_COUNTED: Final = "|".join(sorted(COUNTED_HOLDERS, key=len, reverse=True))
_LISTED: Final = re.compile(
    rf"How (?:many|much)(?: (?P<thing>{_THING}))? (?P<ask>do|did)"
    rf" (?:(?P<list>{_NAME}(?:, {_NAME})*,? and {_NAME})|(?P<counted>{_COUNTED}))"
    rf" (?P<verb>[a-z]+){_ALL}\?"
)
_NAMES: Final = re.compile(_NAME)


def listed_whole_asked(text: str) -> tuple[dict[str, str | None], tuple[str, ...], int] | None:
    """ "How many dolls do Aida, Sophie, and Vera have combined?", "How many fish did Keith and
    Blaine catch?", "How many cups do the three of them have in all?": the sum asked of the
    listed holders (each named once) or of a counted number of holders. Returns the match's
    groups (``thing``, ``ask``, ``verb``), the listed names (empty when counted) and the
    count; None for any other question ("they", one name, "each", anything after)."""
    match = _LISTED.fullmatch(text)
    if match is None:
        return None
    groups = match.groupdict()
    if groups["list"] is not None:
        names = tuple(_NAMES.findall(groups["list"]))
        if len(set(names)) != len(names):
            return None
        return groups, names, len(names)
    return groups, (), COUNTED_HOLDERS[groups["counted"]]


def scaled_base_phrase(holder: str, thing: str) -> str:
    """The pattern of a base told by a clause after the factor: "(of) what <Holder> <verb>",
    "the number of <thing> <Holder> <verb>", "the <thing> <Holder> <verb>" (the groups
    ``counted``, ``base`` and ``again``, the clause's verb)."""
    return (
        rf"(?:(?:of )?what|the number of (?P<counted>{thing})|the (?P<named>{thing}))"
        rf" (?P<base>{holder}) (?P<again>[a-z]+)"
    )


_AUXILIARIES: Final = frozenset({"does", "did", "has", "had", "do"})


def base_verb_as_aux(
    again: str | None, verb: str, same_verb: Callable[[str, str], bool]
) -> str | None:
    """The verb of a base told by a clause ("half of what Kim picked"): "" when there is
    none, the auxiliary itself ("thrice what Kim does", whose tense the caller checks as of
    "as Kim does"), "" when it is the scaled clause's own verb ("Lou picked half of what Kim
    picked"), None for any other verb ("Lou picked half of what Kim bought")."""
    if again is None:
        return ""
    if again in _AUXILIARIES:
        return again
    return "" if same_verb(again, verb) else None


FRACTION_FACTOR: Final = r"(?P<frac>[1-9]/[1-9]\d?)(?: times)?"
"""A factor written as a fraction: "1/4 as many turtles as", "3/4 times as many as"."""


def fraction_factor(text: str) -> Fraction | None:
    """The value of a factor written as a fraction ("1/4": 1/4); None for a whole number or
    zero ("4/2", "0/3"), which no one writes as a multiplier."""
    top, bottom = (int(part) for part in text.split("/"))
    value = Fraction(top, bottom)
    return value if top > 0 and value.denominator != 1 else None


_CONDITION: Final = re.compile(r"if [A-Z][^,;?]*\?")


def condition_after_question(
    sentences: tuple[SourceSpan, ...],
) -> tuple[tuple[SourceSpan, ...], SourceSpan, str] | None:
    """ "How many dolls do they have combined if Vera has 20 dolls?" (or "... than Marcus, if
    Jayden has 20 pencils?"): when the reader cut the text's last "if ...?" clause off a
    question with no stop of its own (a comma at most), the body sentences with that
    condition last (read as "If Vera has 20 dolls,"), the question's span and its text as a
    question ("How many dolls do they have combined?"); None when the text ends in anything
    else."""
    if len(sentences) < 3:
        return None
    ask, condition = sentences[-2], sentences[-1]
    if _CONDITION.fullmatch(condition.text.strip()) is None:
        return None
    text = ask.text.strip()
    text = text[:-1] if text.endswith(",") else text
    if not text.startswith(("How many", "How much")) or text[-1:] in ".?!,;:":
        return None
    return (*sentences[:-2], condition), ask, f"{text}?"


_UNIT: Final = re.compile(r"(?P<ask>How (?:many|much) .*), in (?P<unit>[a-z]+)\?")


def unit_after_question(text: str) -> tuple[str, str] | None:
    """ "How much does Sam weigh, in pounds?": the question without its unit ("How much does
    Sam weigh?") and the unit ("pounds"), which the caller must find to be the text's thing;
    None when no unit follows a comma."""
    match = _UNIT.fullmatch(text)
    if match is None:
        return None
    return f"{match.group('ask')}?", match.group("unit")


_WENT: Final = re.compile(
    rf"(?P<one>{_NAME}) and (?P<two>{_NAME})"
    r" (?:went(?: [a-z]+){1,3}|(?:are|were) [a-z]+ing(?: [a-z]+(?:['’]s)?){1,5})\."
)


def went_together(text: str) -> tuple[str, str] | None:
    """ "Kim and Lou went fishing.", "Kim and Lou went to the fair.", "Kim and Lou are selling
    pears at the farmer's market.": a sentence that only tells two named people went somewhere
    or were doing something together (nothing moved, no number): their names (which the
    caller must find to be the reading's holders); None for anything else."""
    match = _WENT.fullmatch(text.strip())
    if match is None or match.group("one") == match.group("two"):
        return None
    return match.group("one"), match.group("two")


def offset_thing(
    before: str | None,
    after: str | None,
    thing: str | None,
    key: Callable[[str | None], tuple[str, ...] | None],
) -> tuple[bool, str | None]:
    """The thing of an offset told beside its number: "5 roommates more than" (``before``) or
    "5 more roommates than" (``after``), never both; it must be the clause's own ``thing``
    when the clause tells one, compared by ``key`` ("4 dollars more than half as much money"
    reads; "5 more cups than twice as many plates" is refused). Returns
    whether the clause reads, and its thing (the offset's when the clause tells none)."""
    told = before or after
    if before is not None and after is not None:
        return False, None
    if told is None:
        return True, thing
    if any(word in ("more", "fewer", "less", "than") for word in told.split()):
        return False, None
    if thing is not None and key(thing) != key(told):
        return False, None
    return True, thing or told
