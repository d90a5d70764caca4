"""Stage 5c of the reader: a distributive "each" after an amount, per the count said before it.

"Sam bought 3 books for 4 dollars each": "each" says the 4 dollars are per one of the books
the clause has just counted, not per some group the text leaves unsaid. The quantity stage
reads such an amount as a rate per ``each``; this stage, run over the amounts read, names the
group when the clause says it right before. Pure functions over a :class:`Reading`.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.reader.nouns import head, is_noun
from practiceloop.arith.reader.tokens import Reading

__all__ = [
    "each_of_a_count",
    "each_to_recipients",
    "group_after_each_of",
    "item_named_once",
    "priced_item_before",
]

_LINKS: Final = frozenset({"for", "at"})
"""Words that may stand between the count and the amount told per one of it ("3 books for
$4 each", "3 books at $4 each"); "gave 3 friends 4 apples each" has none."""

_MANY: Final = frozenset({"and", "they", "we", "both", "all"})
"""Words before the count that may make the clause's subject many ("Tom and Ann bought 3
books for $4 each"): "each" may then be per person, so it is left unread."""


def each_of_a_count(r: Reading, read: list[tuple[int, int, dict[str, str]]]) -> None:
    """ "Sam bought 3 books for 4 dollars each", "gave 3 friends 4 apples each": an amount told
    "each" (no noun after it) right after a count of another thing in its clause, only "for" or
    "at" between them, is per one of that thing (``per`` becomes the counted noun). Left as
    ``each``: no count right before ("They have 4 apples each"), a count of the same thing, or
    a clause whose subject may be many ("Tom and Ann bought 3 books for $4 each")."""
    for index, (first, _last, attrs) in enumerate(read):
        if attrs.get("per") != "each" or index == 0:
            continue
        before, _, counted = read[index - 1]
        thing = counted.get("entity") or counted.get("unit")
        end = r.phrase_end.get(before, before + 1)
        if (
            thing is None
            or "per" in counted
            or thing in (attrs.get("entity"), attrs.get("unit"))
            or not r.same_sentence(before, first)
            or any(r.word(i) not in _LINKS for i in range(end, first))
        ):
            continue
        opening = r.sentence_bounds[r.sentence_of[first]][0]
        if any(
            r.word(i) in _MANY and not priced_item_before(r, i, before)
            for i in range(opening, before)
        ):
            continue
        attrs["per"] = thing
        if index >= 2 and priced_item_before(r, before - 1, before):
            item_first, _, item = read[index - 2]
            if item_named_once(r, item_first, thing):
                item["listed"] = "before_count"  # "a lamp for $30 and two chairs ..."


def item_named_once(r: Reading, price: int, counted: str) -> bool:
    """ "bought a lamp for $30 and two chairs for $15 each": the item priced at token
    ``price`` is named by the noun right before "for" / "at" ("lamp"), and that noun is said
    nowhere else in the text ("She returned the lamp", "How much did the lamp cost?" speak of
    it apart); nor is the ``counted`` thing named in the question ("How much did the chairs
    cost?" asks them alone)."""
    if r.word(price - 1) not in _LINKS or not is_noun(r, price - 2):
        return False
    noun = lx.noun_key(r.word(price - 2))
    if any(lx.noun_key(r.word(i)) == noun for i in range(len(r.toks)) if i != price - 2):
        return False
    if r.question < 0:
        return True
    lo, hi = r.sentence_bounds[r.question]
    return not any(lx.noun_key(r.word(i)) == counted for i in range(lo, hi + 1))


_MONEY_WORDS: Final = frozenset({"dollar", "dollars", "cent", "cents"})


def priced_item_before(r: Reading, index: int, count: int) -> bool:
    """ "bought a lamp for $30 and two chairs for $15 each": the "and" at ``index`` stands
    right before the ``count`` and right after a price (a comma between), so it joins one
    priced item of a list to the next, not two subjects ("Tom and Ann bought 3 books for $4
    each"). False for any other "and", and for "2 lamps and 3 chairs for $15 each" (no price
    before: "each" may be per lamp too). The price before the "and" is then marked
    ``listed=before_count``: an item listed before the counted ones, in the same move."""
    if r.word(index) != "and" or index + 1 != count:
        return False
    at = index - 1
    if r.toks[at].text == ",":
        at -= 1
    if at < 0 or not r.same_sentence(index, at):
        return False
    if r.toks[at].kind == "money":
        return True
    return r.word(at) in _MONEY_WORDS and at > 0 and r.toks[at - 1].kind == "num"


_OWNERS: Final = frozenset({"the", "his", "her", "their", "its", "my", "our", "your"})


def group_after_each_of(r: Reading, index: int) -> str | None:
    """ "gave 3 cards to each of his 5 friends", "to each of the friends": after "each" at
    ``index``, "of", an article or a possessive, then perhaps a number, the plural noun is the
    group one share goes to (its key: ``friend``). None when no "of" follows "each", or no
    plural noun follows (the caller reads "each <noun>" as before)."""
    if r.word(index + 1) != "of" or r.word(index + 2) not in _OWNERS:
        return None
    at = index + 3
    if at < len(r.toks) and r.toks[at].kind == "num":
        at += 1
    word = r.word(at)
    if not is_noun(r, at) or lx.noun_key(word) == word:
        return None
    return head(r, at)


def each_to_recipients(r: Reading, index: int) -> str | None:
    """ "gave 3 cupcakes each to his cousins", "handed out 2 pens apiece to the students":
    after "each" / "apiece" at ``index``, "to" and an article or a possessive, the plural
    noun names whom one share went to (its key: ``cousin``), as "to each of his cousins"
    does (:func:`group_after_each_of`). None when no "to" follows, no article or possessive
    stands before the noun ("each to Bo"), a number counts them ("each to his 5 cousins":
    a count of its own), no plural noun follows, or the clause's subject may be many ("They
    gave 3 each to the kids": "each" may be each of them)."""
    if r.word(index + 1) != "to" or r.word(index + 2) not in _OWNERS:
        return None
    opening = r.sentence_bounds[r.sentence_of[index]][0]
    if any(r.word(i) in _MANY for i in range(opening, index)):
        return None  # "They gave 3 cupcakes each to the kids": each of them, or each kid?
    at = index + 3
    word = r.word(at)
    if not is_noun(r, at) or at in r.actor_at or lx.noun_key(word) == word:
        return None
    return head(r, at)
