"""Stage 5d of the reader: a category named before the kinds of it a text lists.

"For the fair Omar baked treats. He baked 6 muffins and 14 tarts. After the fair he had 5 to
take home. How many treats did he sell?": the text names the category ("treats") as what one
activity made, then lists what that activity made; the kinds are that category, each of its
own kind. The reader knows no taxonomy (it cannot tell that muffins are treats), so it takes
the text's word for it only in that shape, and only when the question asks the category.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.reader.tokens import Reading

__all__ = ["category_named", "category_of_kinds", "category_rated"]

Read = tuple[int, int, dict[str, str]]
_GAINING: Final = frozenset({"construct", "transfer_in"})
_OWN: Final = ("compare", "additional", "per", "state", "unit", "partitive", "than")


def category_named(r: Reading, sentence: int) -> tuple[str, str] | None:
    """(the category's noun key, the verb's class) when ``sentence`` counts nothing and ends
    with a verb that makes or gets things and a plural noun: "For the sale Wendy made
    pastries.", "Sam picked flowers."; None otherwise ("Sam picked 3 flowers." counts;
    "Sam likes pastries." makes nothing; "Sam made a pie." names no plural; "Sam made
    pastries for his aunt." ends with no category)."""
    lo, hi = r.sentence_bounds[sentence]
    if any(r.toks[i].kind in ("num", "money") for i in range(lo, hi + 1)):
        return None
    last = hi if r.words[hi] else hi - 1
    if last - 1 < lo or r.word(last - 1) in lx.STOP_WORDS:
        return None
    noun, verb = r.word(last), r.word(last - 1)
    if not noun or noun in lx.STOP_WORDS or last in r.actor_at or lx.noun_key(noun) == noun:
        return None
    cls = lx.verb_class(verb)
    if cls not in _GAINING or lx.verb_key(verb) == verb:
        return None  # a verb in the past or a present in -s: "made", "bakes"
    return lx.noun_key(noun), str(cls)


def category_rated(read: list[Read], category: str) -> bool:
    """ "Ava bought plants. She bought 3 ferns and 5 cacti. Each plant cost 4 dollars.": a
    rate of the text is per the category a sentence named (``per`` ``plant``), so the kinds
    listed after it are what the rate counts, as when the question asks the category. False
    when no rate is per it ("Each fern cost 4 dollars": a rate of one kind, not the category's;
    "each flower" with no sentence naming flowers is never asked here)."""
    return any(attrs.get("per") == category for _, _, attrs in read)


def category_of_kinds(r: Reading, read: list[Read]) -> None:
    """The kinds listed right after a category (:func:`category_named`) count that category:
    "He baked 6 muffins and 14 tarts" after "Omar baked treats" reads entity ``treat``
    (modifier ``muffin``, ``tart``); a later bare amount of the story that counts nothing
    named ("he had 5 to take home") counts the category too (``elided`` ``category``), and
    held in a sentence opening with "after" ("After the fair he had 5") it is what is left
    then (state ``now``).

    Only when: the next sentence holds two or more amounts and nothing else counted, each of
    a different noun, none with a unit, a rate, a comparison or a state, each moved by a verb
    of the category's class ("made pastries", "baked 4 cupcakes"); and the question asks the
    category ("How many treats") or a rate of the text is per it (:func:`category_rated`).
    Otherwise nothing changes."""
    if r.question < 0:
        return
    lo, hi = r.sentence_bounds[r.question]
    asked = {lx.noun_key(r.word(i)) for i in range(lo, hi + 1)} - {""}
    for sentence in range(r.question):
        named = category_named(r, sentence)
        if named is None or (named[0] not in asked and not category_rated(read, named[0])):
            continue
        category, cls = named
        kinds = [q for q in read if r.toks[q[0]].sentence == sentence + 1]
        entities = [attrs.get("entity") for _, _, attrs in kinds]
        if (
            len(kinds) < 2
            or None in entities
            or category in entities
            or len(set(entities)) != len(entities)
            or any(key in attrs for _, _, attrs in kinds for key in _OWN)
            or any(lx.verb_class(attrs.get("verb")) != cls for _, _, attrs in kinds)
        ):
            continue
        for _, _, attrs in kinds:
            kind = attrs["entity"]
            attrs["modifier"] = " ".join([*attrs.get("modifier", "").split(), kind])
            attrs["entity"] = category
        for first, _, attrs in read:
            sentence_at = r.toks[first].sentence
            if sentence + 1 < sentence_at < r.question and not any(
                key in attrs for key in ("entity", "unit", "per", "compare", "additional")
            ):
                attrs["entity"], attrs["elided"] = category, "category"
                lo_at, _ = r.sentence_bounds[sentence_at]
                if r.word(lo_at) == "after" and attrs.get("verb") in lx.HAVE_VERBS:
                    attrs["state"] = "now"  # "After the fair he had 5": what is left then
        return
