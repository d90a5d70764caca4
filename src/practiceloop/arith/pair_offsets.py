"""An offset on the pair reading's multiple: "<N> more|fewer|less than <F> as many" (issue 15,
the multiplier family; read by :mod:`practiceloop.arith.scale_pairs`).

"A farm has 20 hens and 3 more than twice as many ducks.", "Randy has 60 mango trees. He also
has 5 less than half as many coconut trees as mango trees.", "Leo read 40 pages on Monday. On
Tuesday, he read 4 fewer than twice as many pages." The multiple's side is then the factor
times the told side, plus or minus the offset: the same affine step the scale reading makes of
"3 more than twice as many as Kim" (:data:`~practiceloop.arith.scales.Step`), so the reader,
the ``scale`` organ, the solver and the proofs keep agreeing. The offset is a bare number (its
thing unsaid: "3 more ducks than twice as many" is not read), and the scale phrase the pair
reading consumes then runs from the offset's number to the factor, "more than" included.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from practiceloop.arith.scale_clauses import _amount_value

if TYPE_CHECKING:
    from practiceloop.arith.scale_pairs import PairScale

__all__ = ["PAIR_OFFSET", "with_offset"]

PAIR_OFFSET: Final = (
    r"(?:(?P<off>\$?\d+(?:\.\d+)?|two|three|four|five|six|seven|eight|nine|ten)"
    r" (?P<offway>more|fewer|less) than )?"
)
"""The optional offset before a pair's factor ("3 more than ", "$5 less than ")."""


def with_offset(pair: PairScale | None, match: re.Match[str], at: int) -> PairScale | None:
    """``pair`` with the offset ``match`` tells before its factor (its number's span, value
    and sign, and the scale phrase widened to start at the number), ``pair`` itself when the
    match tells none, None when the offset is not a positive amount or is money beside things
    counted or a bare number beside money ("$3 more than twice as many cows", "3 more than
    twice as much money")."""
    if pair is None or match.groupdict().get("off") is None:
        return pair
    number = match["off"]
    value = _amount_value(number)
    if value is None or value <= 0 or number.startswith("$") != pair.money:
        return None  # "$3 more than twice as many cows", "3 more than twice as much money"
    if not pair.money and value.denominator != 1:
        return None  # "2.5 more than twice as many cows"
    start, end = at + match.start("off"), at + match.end("off")
    sign = 1 if match["offway"] == "more" else -1
    return dataclasses.replace(
        pair,
        factor=(start, pair.factor[1]),
        offset=(start, end),
        offset_value=Fraction(value),
        offset_sign=sign,
    )
