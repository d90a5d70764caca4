"""Where each bound amount was told, against the place the question asks of (issue 15).

"There are 7 trees in the park. Workers planted 3 more in the garden. How many trees are in
the park now?": the question asks of the park, and the 3 trees were planted in the garden;
counting them answers of another place. A place is a phrase "in / at / on / inside / into /
onto the X" (or "to the X" after a verb of coming or going: "8 more kids came to the store"),
the noun key of X; times ("in the morning", "at the end") are no places. Pure functions of a
frame, read by the target-continuity proof.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith._target_checks import NO_PLACE, PLACE_DETERMINER, asked_places
from practiceloop.arith.lexicon import MONEY_UNITS, noun_key
from practiceloop.arith.reading import QuantityView, TargetView, owner_of, quantity_views
from practiceloop.kernel.frame import ProblemFrame

__all__ = ["amount_told_elsewhere", "places_told_with", "there_held_moved_by_someone"]

_PLACE: Final = re.compile(rf"\b(at|in|on|inside|into|onto)\s+{PLACE_DETERMINER}\s+([a-z]+)")
_GOAL: Final = re.compile(
    rf"\b(?:came|come|comes|went|go|goes|moved|walked|ran|drove|flew|swam|arrived)"
    rf"\s+(?:back\s+)?(to)\s+{PLACE_DETERMINER}\s+([a-z]+)"
)


def places_told_with(frame: ProblemFrame, view: QuantityView) -> frozenset[str]:
    """The places told with the amount ``view``: in its sentence from the number to the next
    told number (or the sentence's end). A place told before the number is where the move
    happened, not where the things are ("At a station 18 people got off" the train), and
    money's "on the X" is what it was spent on. Noun keys; empty when no place is told."""
    if not 0 <= view.sentence < len(frame.sentences):
        return frozenset()
    sentence = frame.sentences[view.sentence]
    others = sorted(
        q.start
        for q in quantity_views(frame.mentions)
        if q.sentence == view.sentence and not q.in_question and q.mention_id != view.mention_id
    )
    later = [start for start in others if start > view.start]
    text = frame.source_text[view.start : later[0] if later else sentence.end].lower()
    money = view.entity == "money" or view.unit in MONEY_UNITS
    found = [
        m.group(2)
        for pattern in (_PLACE, _GOAL)
        for m in pattern.finditer(text)
        if not (money and m.group(1) == "on")
    ]
    return frozenset(noun_key(word) for word in found if word not in NO_PLACE)


def amount_told_elsewhere(
    frame: ProblemFrame, bound: dict[str, QuantityView], target: TargetView
) -> bool:
    """True when the question asks of a place ("How many trees are in the park?") and a bound
    amount of the text was told with places none of which is an asked one ("planted 3 more in
    the garden"): it counts things of another place. Amounts told with no place, or with the
    asked place among theirs, are of it as far as the text tells."""
    asked = {place for place, _, _ in asked_places(frame, target)}
    if not asked:
        return False
    for view in bound.values():
        if view.in_question:
            continue
        told = places_told_with(frame, view)
        if told and not told & asked:
            return True
    return False


_THERE_HELD: Final = re.compile(r"^\s*there\s+(?:is|are|was|were)\b", re.IGNORECASE)


def there_held_moved_by_someone(
    frame: ProblemFrame, bound: dict[str, QuantityView], target: TargetView
) -> bool:
    """True when a change starts from what a place holds, told with "there" and no one's
    name ("There were 18 apples in the basket"), and either the question asks what a person
    has ("How many apples does Sam have?": the basket's apples are not Sam's), or the question
    asks of the place and a bound move is a person's told with no place ("Sam picked 10
    apples. ... How many apples are in the basket now?": what Sam picked is not said to be in
    the basket)."""
    start = bound.get("start")
    if start is None or start.in_question or owner_of(frame, start) is not None:
        return False
    if not 0 <= start.sentence < len(frame.sentences):
        return False
    if not _THERE_HELD.match(frame.sentences[start.sentence].text) or not places_told_with(
        frame, start
    ):
        return False
    if owner_of(frame, target) not in (None, "group"):
        return True
    if not asked_places(frame, target):
        return False
    return any(
        name.startswith("change")
        and not view.in_question
        and not places_told_with(frame, view)
        and owner_of(frame, view) not in (None, "group")
        for name, view in bound.items()
    )
