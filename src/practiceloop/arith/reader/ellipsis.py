"""Stage 5d of the reader: an elided object, named where the text said the same verb before.

"Ana and her dad were picking beans. Ana picked 20 and her dad picked 13.": the 20 and the 13
count beans, the object the text gave "picking" before any amount was told. The quantity
stage copies the last thing counted into an amount whose noun is elided; with nothing
counted before it, this stage names the object of the same verb said earlier, if the text
says exactly one. Pure functions over a :class:`Reading`.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.reader.nouns import is_noun, noun_words
from practiceloop.arith.reader.tokens import Reading

__all__ = ["object_said_before"]

_NO_OBJECT: Final = frozenset({"be", "have"})
"""Verb keys that take no object an amount could elide ("was sorting", "had 4")."""


def object_said_before(r: Reading, first: int, attrs: dict[str, str]) -> None:
    """ "were picking carrots ... Carol picked 29": an amount whose object is elided (marked
    ``elided`` ``object``), with no thing read for it, counts the noun said right after an
    earlier form of its verb ("picking" and "picked" share a key). Left unread: no such form
    before it, two of them naming different nouns, a gerund after it, or "be" and "have"
    ("Rita was sorting in an album with 4 on each page": no object said)."""
    if attrs.get("elided") != "object" or "entity" in attrs or "unit" in attrs:
        return
    key = lx.verb_key(attrs.get("verb"))
    if key is None or key in _NO_OBJECT:
        return  # "was", "had": no verb whose object English leaves out
    named: set[str] = set()
    for index in range(first):
        if lx.verb_key(r.word(index)) != key or not is_noun(r, index + 1):
            continue
        _, said = noun_words(r, index + 1)
        if said and not said[-1].endswith("ing"):  # "was sorting": a verb, no object
            named.add(lx.noun_key(said[-1]))
    if len(named) == 1:
        attrs["entity"] = next(iter(named))
