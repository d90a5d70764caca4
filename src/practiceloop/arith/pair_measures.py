"""A pair told backwards with a measure: the checks of the told-scaled clause's further
wordings (issue 15, a pair told backwards or by its sum).

"Nadia walked 18 kilometers, which was twice as far as Hannah walked.", "Ben ran 40 minutes,
twice as long as Kim ran.", "Kim has 18 cards, which is twice as many as Lou has." The clause
tells the scaled holder's amount and the scale in one (the ``_TOLD`` pattern of
:mod:`~practiceloop.arith.scale_clauses`, whose base is then solved backwards); this module
says when such a clause reads:

* "which is" / "which was" tells the time of the clause's own verb: "walked ..., which was",
  "has ..., which is"; never "walked ..., which is" (another time, a comparison with now);
* "as far" compares distances only (the told thing a distance unit: "kilometers", "miles"),
  "as long" durations or lengths only ("minutes", "hours", "inches"); "as many" / "as much"
  any thing, as before.

"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from practiceloop.arith.lexicon import DISTANCE_UNITS, TIME_UNITS, noun_key

__all__ = ["told_measure_reads"]

_COPULA_TIME: Final = {"is": "does", "was": "did"}
"""The auxiliary whose time "which is" / "which was" tells (checked as "as Kim does/did")."""

_MEASURED: Final = {
    "far": DISTANCE_UNITS,
    "long": DISTANCE_UNITS | TIME_UNITS,
}
"""The units each "as <way> as" compares."""


def told_measure_reads(
    groups: Mapping[str, str | None], same_time: Callable[[str, str | None], bool]
) -> bool:
    """Whether a clause's ``cop`` ("which is" / "which was") tells its verb's own time and its
    ``way`` ("as far", "as long") compares the unit its told ``thing`` is of; True when the
    clause has neither group (every other clause pattern)."""
    verb = groups.get("verb") or ""
    cop = groups.get("cop")
    if cop is not None and not same_time(verb, _COPULA_TIME[cop]):
        return False
    way = groups.get("way")
    if way in _MEASURED:
        thing = groups.get("thing")
        if thing is None or " " in thing or noun_key(thing) not in _MEASURED[way]:
            return False
    return True
