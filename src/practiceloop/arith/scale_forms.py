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
  of the clause.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.kernel.span import SourceSpan

__all__ = [
    "COUNTED_HOLDERS",
    "condition_after_question",
    "listed_whole_asked",
    "offset_thing",
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


_CONDITION: Final = re.compile(r"if [A-Z][^,;?]*\?")


def condition_after_question(
    sentences: tuple[SourceSpan, ...],
) -> tuple[tuple[SourceSpan, ...], SourceSpan] | None:
    """ "How many dolls do they have combined if Vera has 20 dolls?": when the reader cut the
    text's last "if ...?" clause off a question with no stop of its own, the body sentences
    with that condition last (read as "If Vera has 20 dolls,") and the question (its text
    without the "?"); None when the text ends in anything else."""
    if len(sentences) < 3:
        return None
    ask, condition = sentences[-2], sentences[-1]
    if _CONDITION.fullmatch(condition.text.strip()) is None:
        return None
    text = ask.text.strip()
    if not text.startswith(("How many", "How much")) or text[-1:] in ".?!,;:":
        return None
    return (*sentences[:-2], condition), ask


def offset_thing(
    before: str | None, after: str | None, thing: str | None
) -> tuple[bool, str | None]:
    """The thing of an offset told beside its number: "5 roommates more than" (``before``) or
    "5 more roommates than" (``after``), never both; it must be the clause's own ``thing``
    when the clause tells one ("5 more cups than twice as many plates" is refused). Returns
    whether the clause reads, and its thing (the offset's when the clause tells none)."""
    told = before or after
    if before is not None and after is not None:
        return False, None
    if told is None:
        return True, thing
    if any(word in ("more", "fewer", "less", "than") for word in told.split()):
        return False, None
    if thing is not None and thing != told:
        return False, None
    return True, told
