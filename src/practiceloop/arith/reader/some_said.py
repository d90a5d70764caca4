"""Stage 5e of the reader: an elided noun whose antecedent is an amount told as "some".

"Lee made some pies. He sold 14 of them.": nothing was counted before the 14, so the quantity
stage's ellipsis (which copies the last thing counted) leaves it unread; English reads "them"
as the pies the text opened with "some". This stage names that thing, and only when the text
leaves no other plural "them" could point to. Pure functions over a :class:`Reading`.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.reader.cues import is_verb
from practiceloop.arith.reader.nouns import is_noun, noun_words
from practiceloop.arith.reader.tokens import Reading

__all__ = ["some_said_before"]

_ELIDED: Final = frozenset({"of_them", "subject", "object"})
"""The ellipses this stage may name: "sold 14 of them", "After a storm 5 died", "gave 16 to
his sister" (and "12 more", an addition with its noun unsaid)."""
_PLURAL_PRONOUNS: Final = frozenset({"they", "them", "their", "theirs", "these", "those"})


def _plural(word: str) -> bool:
    """A noun said in the plural ("pies", "friends"): its key is not the word itself."""
    return bool(word) and lx.noun_key(word) != word


def _some_objects(r: Reading, end: int) -> list[tuple[int, str]]:
    """Every "some <plural noun>" before token ``end``: (the token of "some", the noun key)."""
    found = []
    for index in range(end):
        if r.word(index) != "some" or not is_noun(r, index + 1):
            continue
        _, said = noun_words(r, index + 1)
        if said:
            found.append((index, said[-1]))
    return found


def some_said_before(r: Reading, first: int, attrs: dict[str, str]) -> None:
    """ "Lee made some pies. He sold 14 of them." / "Ivy planted some roses. After a frost 5
    died.", "Kwame had some stickers. His aunt gave him 12 more", "Chen had some crayons. He
    gave 16 to his sister": an amount whose noun is elided (``of_them``, ``subject``,
    ``object``, or "N more" with no noun), with nothing counted
    before it and no thing read for it, counts the plural noun of the one "some <noun>" told
    before it as a verb's object; the elision mark stays, so every organ sees the noun was
    not spelled out. Left unread: a thing counted before it (the quantity stage's ellipsis
    copies that), two "some" objects, "some" opening a sentence ("Some pies burned": a part,
    not the whole), a noun listed with another ("some pies and cakes"), the noun said before
    "some", a singular noun ("some bread"), or any other plural noun or plural pronoun said
    between "some <noun>" and the number ("some pies for his friends ... 14 of them": the
    friends could be meant)."""
    more = "additional" in attrs and "elided" not in attrs  # "His aunt gave him 12 more"
    if (attrs.get("elided") not in _ELIDED and not more) or "entity" in attrs or "unit" in attrs:
        return
    if r.last_thing:
        return
    found = _some_objects(r, first)
    if len(found) != 1:
        return
    some, word = found[0]
    if not _plural(word) or not (is_verb(r.word(some - 1)) or r.word(some - 1) in lx.HAVE_VERBS):
        return
    thing = lx.noun_key(word)
    after, _ = noun_words(r, some + 1)
    listed = r.word(after) in ("and", "or") or (after < len(r.toks) and r.toks[after].text == ",")
    if listed and is_noun(r, after + 1):
        return  # "some pies and cakes": two things
    if any(lx.noun_key(r.word(i)) == thing for i in range(some)):
        return  # the thing was said before: "some" of it is a part, not the whole
    for index in range(after, first):
        word_here = r.word(index)
        if word_here in _PLURAL_PRONOUNS:
            return  # "they" / "them" could be another plural
        if is_noun(r, index) and _plural(word_here):
            return  # another plural noun "them" could point to
    attrs["entity"] = thing
    if more:
        attrs["elided"] = "more"
