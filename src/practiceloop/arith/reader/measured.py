"""Stage 7c of the reader: a height asked by "how tall" or "how high"."""

from __future__ import annotations

from practiceloop.arith import lexicon as lx
from practiceloop.arith.reader.tokens import Reading

__all__ = ["tall_or_high"]


def tall_or_high(r: Reading, attrs: dict[str, str]) -> None:
    """ "How tall is Ben?", "How high was the kite?" ask a height, in the one unit of length
    the text says ("142 centimeters"); none or two (inches and feet) leave the asked unit
    unread."""
    said: set[str] = set()
    for mention in r.mentions:
        if mention.kind == "quantity":
            got = dict(mention.attributes)
            said |= {got.get(k, "") for k in ("unit", "entity")} & lx.DISTANCE_UNITS
    if len(said) == 1:
        attrs["unit"] = said.pop()
