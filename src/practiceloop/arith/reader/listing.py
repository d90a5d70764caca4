"""Stage 5e of the reader: what an amount shares with words told around it in its clause.

"For Easter Kim received 11 pieces of candy from her aunts and 5 pieces from her cousin": the
second amount has no verb of its own; it is listed under the first one's, each amount followed
by the same preposition and whom or where it came from (the plain coordination, "6 storks and
2 birds came", is :func:`~.quantities.share_coordinated`'s). "Rita was sorting her stamps in
an album with 4 on each page": the bare size counts the things named before the container.
"""

from __future__ import annotations

import itertools
from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.reader.cues import is_verb
from practiceloop.arith.reader.ellipsis import object_told
from practiceloop.arith.reader.nouns import is_noun
from practiceloop.arith.reader.tokens import Reading

__all__ = ["listed_with_source", "parallel_side", "size_of_named_thing"]

Read = tuple[int, int, dict[str, str]]
_SOURCES: Final = frozenset({"from", "to", "at", "for"})
_MOVE_KEYS: Final = ("verb", "direction", "cue")
_SUBJECT_KEYS: Final = ("subject", "owner")
_LIST_JOINS: Final = (["and"], [","], [",", "and"])
"""What may stand between one listed amount's source phrase and the next amount."""


def _source_phrase(r: Reading, index: int, limit: int) -> int | None:
    """The token after "from <at most four words>" starting at ``index``, when every word
    there is a plain word (no verb, number, mark or clause opener); None otherwise."""
    if r.word(index) not in _SOURCES:
        return None
    probe = index + 1
    while probe < limit and probe - index <= 5:
        word = r.word(probe)
        if not word or is_verb(word) or word in lx.CONTROL_WORDS or r.toks[probe].kind != "word":
            break
        probe += 1
    return probe if probe > index + 1 else None


def listed_with_source(r: Reading, read: list[Read]) -> None:
    """ "received 11 pieces of candy from her aunts and 5 pieces from her cousin": an amount
    with no verb, listed with "and", a comma or ", and" right after an earlier amount's "from
    <whom>" ("sold 12 boxes of lemon cakes to her aunt, 5 boxes of plum cakes to her mother,
    and 4 boxes ..."), and itself followed by the same preposition, takes the earlier amount's
    verb, direction and cue, and its subject when it has none.
    Not when the later amount has a verb of its own, the prepositions differ ("from her aunts
    and 5 pieces for her cousin"), anything but the source phrase and "and" stands between,
    or the two are in different sentences."""
    for (first, _, attrs), (nxt, _, later) in itertools.pairwise(read):
        if "verb" not in attrs or "direction" not in attrs or "verb" in later:
            continue
        if not r.same_sentence(first, nxt):
            continue
        start = r.phrase_end.get(first, first + 1)
        end = _source_phrase(r, start, nxt)
        if end is None or [r.toks[i].text.lower() for i in range(end, nxt)] not in _LIST_JOINS:
            continue
        after = r.phrase_end.get(nxt, nxt + 1)
        if r.word(after) != r.word(start) or not r.same_sentence(nxt, after):
            continue
        for key in _MOVE_KEYS:
            if key in attrs:
                later[key] = attrs[key]
        for key in _SUBJECT_KEYS:  # the one verb's subject moved both
            if key in attrs and key not in later:
                later[key] = attrs[key]


_CONTAINER_OPENERS: Final = frozenset({"in", "into", "on", "onto"})
_DETERMINERS: Final = frozenset({"a", "an", "the", "his", "her", "their", "its", "my", "our"})


def size_of_named_thing(r: Reading, first: int, attrs: dict[str, str]) -> None:
    """ "Rita was sorting her stamps in an album with 4 on each page": a bare size before "on
    each" / "in each" (``elided`` ``object``) with nothing counted before it counts the plural
    noun named before the container ("her stamps", "his baseball cards", then "in an album",
    then "with"): entity ``stamp``. Nothing when something was counted before it (the
    ellipsis rule copies that), when no "with" opens the size, when no container phrase or no
    plural noun comes before it within the clause ("sorting in an album with 4 on each page").
    After something counted, only when the clause names its own object
    (:func:`~practiceloop.arith.reader.ellipsis.object_told`: "Rita had 9 coins. She sorted her
    stamps in an album with 4 on each page" counts stamps)."""
    if attrs.get("elided") != "object" or "entity" in attrs or "unit" in attrs:
        return
    if r.last_thing and not object_told(r, first, attrs):
        return
    if "per" not in attrs or r.word(first - 1) != "with":
        return
    probe = first - 2  # the container's noun
    if not is_noun(r, probe) or lx.noun_key(r.word(probe)) != r.word(probe):
        return  # "in an album": one container, named in the singular
    probe -= 1
    if r.word(probe) in _DETERMINERS:
        probe -= 1
    if r.word(probe) not in _CONTAINER_OPENERS:
        return
    noun = probe - 1
    word = r.word(noun)
    if not is_noun(r, noun) or noun in r.actor_at or lx.noun_key(word) == word:
        return
    opener = noun - 1
    while opener > noun - 3 and is_noun(r, opener) and opener not in r.actor_at:
        opener -= 1  # "his baseball cards": a modifier or two before the noun
    if r.word(opener) not in _DETERMINERS or not r.same_sentence(opener, first):
        return
    attrs["entity"] = lx.noun_key(word)


def parallel_side(r: Reading, read: list[Read]) -> None:
    """ "29 campers went rowing and 66 campers went hiking in the morning": two clauses told
    alike, one verb each, the same verb and thing, joined by "and" with at most one word
    (the activity) after the first verb, and a time read only at the end of the second: the
    time is both clauses'. Not across a mark or another verb ("picked 5 apples and ate 3 on
    Monday"), nor when the first clause has its own time."""
    for (first, _, attrs), (nxt, _, later) in itertools.pairwise(read):
        if "side" in attrs or "side" not in later or not r.same_sentence(first, nxt):
            continue
        verb = attrs.get("verb")
        if verb is None or later.get("verb") != verb or attrs.get("entity") != later.get("entity"):
            continue
        end = r.phrase_end.get(first, first + 1)
        joins = [r.word(i) for i in range(end, nxt)]
        if len(joins) in (2, 3) and joins[0] == verb.split()[0] and joins[-1] == "and":
            attrs["side"] = later["side"]
