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
from practiceloop.arith.reader.cues import is_verb
from practiceloop.arith.reader.nouns import is_noun, noun_words
from practiceloop.arith.reader.tokens import Reading

__all__ = ["object_said_before", "object_told", "started_with_the_object_said"]

_NO_OBJECT: Final = frozenset({"be", "have"})
"""Verb keys that take no object an amount could elide ("was sorting", "had 4")."""


_BEFORE_OBJECT: Final = frozenset(
    {"the", "a", "an", "all", "some", "these", "those", "his", "her", "their", "its", "my",
     "our", "your"}
)
"""Words that may open a verb's object before its noun ("put *the* vases")."""

_NO_THING: Final = frozenset({"rest", "remainder", "remaining", "others", "other"})
"""Nouns of an object that name no thing of their own ("put the rest into cages")."""


def object_told(r: Reading, first: int, attrs: dict[str, str]) -> bool:
    """ "They put the vases on shelves with 4 on each shelf": an amount whose object is
    elided (``elided`` ``object``, no thing read) whose own clause's verb says its object,
    a noun of another thing than the last one counted: the amount counts that object, not
    the last thing, so no ellipsis may copy the last thing into it (it stays unread unless
    another rule reads it). False for an object that is the last thing ("put the lamps on
    shelves"), one that names no thing ("put the rest into cages"), a pronoun, or no verb in
    the number's sentence before it."""
    if attrs.get("elided") != "object" or "entity" in attrs or "unit" in attrs:
        return False
    key = lx.verb_key(attrs.get("verb"))
    if key is None or first >= len(r.toks):
        return False
    sentence = r.toks[first].sentence
    verb = next(
        (
            i
            for i in range(first - 1, -1, -1)
            if r.toks[i].sentence == sentence and lx.verb_key(r.word(i)) == key
        ),
        None,
    )
    if verb is None:
        return False
    at = verb + 1
    while r.word(at) in _BEFORE_OBJECT:
        at += 1
    if at >= first or not is_noun(r, at):
        return False
    _, said = noun_words(r, at)
    if not said:
        return False
    thing = lx.noun_key(said[-1])
    return thing not in _NO_THING and thing != r.last_thing.get("entity")


def object_said_before(r: Reading, first: int, attrs: dict[str, str]) -> None:
    """ "were picking carrots ... Carol picked 29", "was collecting cans. After he collected 26
    more": an amount whose object is elided (marked ``elided`` ``object``, or "N more" with
    no noun, then marked ``more``), with no thing read for it, counts the noun said right after an
    earlier form of its verb ("picking" and "picked" share a key). Left unread: no such form
    before it, two of them naming different nouns, an object listed with another ("were
    gathering acorns and pinecones"), a gerund after it, or "be" and "have"
    ("Rita was sorting in an album with 4 on each page": no object said)."""
    more = "additional" in attrs and "elided" not in attrs  # "collected 26 more"
    if (attrs.get("elided") != "object" and not more) or "entity" in attrs or "unit" in attrs:
        return
    key = lx.verb_key(attrs.get("verb"))
    if key is None or key in _NO_OBJECT:
        return  # "was", "had": no verb whose object English leaves out
    named: set[str] = set()
    for index in range(first):
        if lx.verb_key(r.word(index)) != key or not is_noun(r, index + 1):
            continue
        after, said = noun_words(r, index + 1)
        if said and not said[-1].endswith("ing"):  # "was sorting": a verb, no object
            listed = r.word(after) in ("and", "or") or (
                after < len(r.toks) and r.toks[after].text == ","
            )
            named.add("" if listed else lx.noun_key(said[-1]))  # "acorns and pinecones"
    if len(named) == 1 and "" not in named:
        attrs["entity"] = next(iter(named))
        if more:
            attrs["elided"] = "more"


_STARTS: Final = frozenset({"started", "starts", "began", "begins"})
_OWN: Final = frozenset({"his", "her", "their", "its", "my", "our", "your", "the", "some", "all"})
_BE: Final = frozenset({"was", "were", "is", "are", "been"})
_CLAUSE_END: Final = frozenset({"but", "and", "then", "so", "before", "when"})


def _started_with(r: Reading, first: int) -> bool:
    """ "started with N", "started out with N", "began with N"."""
    if r.word(first - 1) != "with":
        return False
    verb = first - 2 - (r.word(first - 2) == "out")
    return r.word(verb) in _STARTS


def started_with_the_object_said(r: Reading, first: int, end: int, attrs: dict[str, str]) -> None:
    """ "Ivo was selling his old records. He started out with 30 but sold 12 of them.": a bare
    number right after "started (out) with" / "began with", ending its clause, with nothing
    counted before it, counts the one plural object an earlier verb took (its possessive or
    article skipped) and ends its clause: the 30 are records (marked ``elided`` ``object``).
    Left unread: an object listed with another ("his records and his lamps"), a thing
    or a unit said after the number, an amount told before it (the quantity stage's ellipsis
    copies that one), two different plural objects said before it, a verb that takes no
    object ("was", "had"), or no plural object at all ("was selling at the fair")."""
    if "entity" in attrs or "unit" in attrs or not _started_with(r, first):
        return
    following = r.word(end)
    if following and following not in _CLAUSE_END and r.toks[end].kind == "word":
        return  # "started out with 30 records" is read as before; "with 30 left" is no start
    if r.last_thing:
        return
    named: set[str] = set()
    for index in range(first):
        word = r.word(index)
        progressive = word.endswith("ing") and r.word(index - 1) in _BE
        if not (is_verb(word) or progressive) or lx.verb_key(word) in _NO_OBJECT:
            continue
        at = index + 1
        while r.word(at) in _OWN:
            at += 1
        after, said = noun_words(r, at)
        if said and lx.noun_key(said[-1]) != said[-1] and not said[-1].endswith("ing"):
            comma = after < len(r.toks) and r.toks[after].text == ","
            listed = comma or r.word(after) in ("and", "or")
            named.add("" if listed else lx.noun_key(said[-1]))  # "records and lamps": two
    if len(named) == 1 and "" not in named:
        attrs["entity"], attrs["elided"] = next(iter(named)), "object"
