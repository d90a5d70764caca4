"""Stage 7c of the reader: a question that opens with "what" or an imperative, read as the
"how many / how much" question it means.

"What's the total number of apples they picked?", "Calculate the total cost of the pens.",
"Find the total number of pages she read." ask a total as "What is the total ..." does
(:func:`~.question.what_total`, whose opener :func:`total_opener` reads); "What does she have
left?", "What is the amount left?", "What was her remaining balance?" ask what is left as "How
much does she have left?" does (:func:`what_left`); "What is the number of apples she has
left?" asks as "How many apples does she have left?" does (:func:`what_number`). Each rule
reads the words the question
says and nothing else: the thing asked is read by the question stage after it (its noun, or
the one thing the text counts), and a question that says anything else is left unread. Pure
functions over a :class:`~.tokens.Reading`.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith.reader.nouns import noun_phrase
from practiceloop.arith.reader.tokens import Reading, asked_by_imperative

__all__ = [
    "WHAT_IS",
    "total_opener",
    "what_left",
    "what_money_verb",
    "what_number",
    "what_price",
]

WHAT_IS: Final = frozenset({"what's", "what’s"})
""""what" and "is" in one word."""
_BE: Final = frozenset({"is", "was", "are", "were", "be"})
_WILL: Final = frozenset({"will", "would"})


def total_opener(r: Reading, at: int) -> int:
    """The token after the words at ``at`` that ask for an amount: "what is/was/are/were",
    "what will/would be", "what's", "calculate", "find (out)", "determine", "compute"; -1 when
    the words there ask nothing ("what" before another verb, "find" after a subject: "she
    finds", a word of another kind)."""
    word = r.word(at)
    if word in WHAT_IS:
        return at + 1
    if word == "what":
        probe = at + 1 + (r.word(at + 1) in _WILL)
        return probe + 1 if r.word(probe) in _BE else -1
    if asked_by_imperative(r, at):
        return at + 1 + (r.word(at + 1) == "out")
    return -1


_MONEY_LEFT: Final = frozenset({"balance", "change", "money"})
_AMOUNT: Final = frozenset({"amount", "balance", "money", "change"})
_LEFT: Final = frozenset({"left", "remaining"})
_DO: Final = frozenset({"does", "do", "did", "will", "would"})
_WHOSE: Final = frozenset({"the", "his", "her", "their", "its", "my", "your"})


def what_left(r: Reading, lo: int, hi: int, attrs: dict[str, str]) -> tuple[int, int] | None:
    """ "What does she have left?", "What will Tom have left?", "What is the amount left?",
    "What is the amount of money left?", "What was her remaining balance?": what is left,
    asked by "what" (money when the question says money or a balance, or the text counts
    dollars or cents; else the thing is the one the text counts, read after it). Returns the
    token of "what" and the token the question stage reads on from (the auxiliary, so that it
    reads the subject, the verb and "left" as after "how much", or the word "left" or
    "remaining" itself, the state it reads with its cue); None for any other form ("What did
    she buy?", "What is left of the cake?")."""
    for at in range(lo, hi):
        word = r.word(at)
        if word == "what" and r.word(at + 1) in _DO:
            if _have_left(r, at + 2, hi):
                _money_if_counted(r, attrs, False)
                return at, at + 1
            continue
        probe = total_opener(r, at) if word in WHAT_IS or word == "what" else -1
        if probe < 0:
            continue
        end = _amount_left(r, probe, hi)
        if end < 0:
            continue
        said = [r.word(i) for i in range(probe, end)]
        _money_if_counted(r, attrs, bool(set(said) & _MONEY_LEFT))
        left = next(i for i in range(probe, end) if r.word(i) in _LEFT)
        return at, left  # the question stage reads "left" there: the state and its cue
    return None


def _have_left(r: Reading, at: int, hi: int) -> bool:
    """ "she have left", "Tom have left", "they have left in the bank": a subject (one word, a
    person the reader read), "have", then "left" (a place or a purpose may follow)."""
    if at not in r.actor_at and at not in r.pronoun_at:
        return False
    return r.word(at + 1) == "have" and r.word(at + 2) == "left" and at + 2 <= hi


def _amount_left(r: Reading, at: int, hi: int) -> int:
    """After "what is": "the amount left", "the amount of money left", "her remaining
    balance", "the money remaining"; the token after the phrase, or -1. The phrase must end
    the question (the question mark) or a comma or "in dollars" follow it."""
    if r.word(at) not in _WHOSE:
        return -1
    probe = at + 1
    remaining = r.word(probe) == "remaining"
    probe += remaining
    if r.word(probe) not in _AMOUNT:
        return -1
    probe += 1
    if r.word(probe) == "of" and r.word(probe + 1) == "money":
        probe += 2
    if not remaining:
        if r.word(probe) not in _LEFT:
            return -1
        probe += 1
    end = r.toks[probe].text if probe <= hi else ""
    return probe if end in ("?", ",", ".") or r.word(probe) == "in" else -1


def _money_if_counted(r: Reading, attrs: dict[str, str], said: bool) -> None:
    """Money is asked when the question says it, or the text counts dollars or cents (cents
    when it counts only cents), as "how much" with no noun asks it."""
    units = {
        value
        for m in r.mentions
        if m.kind == "quantity"
        for key, value in m.attributes
        if key == "unit" and value in ("dollar", "cent")
    }
    if not said and not units:
        return
    attrs["entity"] = "money"
    attrs["unit"] = "cent" if units == {"cent"} else "dollar"


_COUNTED: Final = frozenset({"number", "amount"})


def what_number(r: Reading, lo: int, hi: int, attrs: dict[str, str]) -> tuple[int, int] | None:
    """ "What is the number of apples she has left?", "Calculate the number of cookies each
    child will eat.", "What was the amount of money he spent?": "the number of X" asks as
    "how many X" does, "the amount of X" as "how much X" (the asked thing its noun phrase;
    the state, the subject and the verb are read after it by the question stage, and no
    total is said: "the total number of" is :func:`~.question.what_total`'s). Returns the
    opener's token and the index after the noun phrase; None for any other form, or no noun
    after "of"."""
    for at in range(lo, hi - 2):
        probe = total_opener(r, at)
        if probe < 0 or r.word(probe) not in ("the", "his", "her", "their"):
            continue
        if r.word(probe + 1) not in _COUNTED or r.word(probe + 2) != "of":
            continue
        probe += 3 + (r.word(probe + 3) in ("the", "his", "her", "their"))
        index, phrase = noun_phrase(r, probe)
        if "entity" not in phrase:
            return None
        if phrase["entity"] == "money" or phrase["entity"] in ("dollar", "cent"):
            phrase = {"unit": "dollar" if phrase["entity"] != "cent" else "cent", "entity": "money"}
        attrs.update(phrase)
        return at, index
    return None


_MONEY_VERBS: Final = frozenset(
    "earn earns earned spend spends spent pay pays paid save saves saved charge charges"
    " charged owe owes owed".split()
)
"""Verbs whose object is money ("What did she earn?" asks an amount); "buy", "make", "get"
may ask a thing ("What did she buy?") and are left out."""


def what_money_verb(
    r: Reading, lo: int, hi: int, attrs: dict[str, str]
) -> tuple[int, int] | None:
    """ "What will she earn in 5 hours?", "What did Tom spend on books?": "what", an
    auxiliary, a subject (a person the reader read) and a verb whose object is money
    (:data:`_MONEY_VERBS`) ask the money "how much" asks, when the text counts dollars or cents.
    Returns the token of "what" and the auxiliary's (the question stage reads the subject and
    the verb from there); None for any other form ("What did she buy?", a thing after the
    verb: "What did she pay for the book with?" is read, "what did she earn" of a text of no
    money is not)."""
    for at in range(lo, hi - 2):
        if r.word(at) != "what" or r.word(at + 1) not in _DO:
            continue
        subject = at + 2
        if subject not in r.actor_at and subject not in r.pronoun_at:
            return None
        if r.word(subject + 1) not in _MONEY_VERBS:
            return None
        _money_if_counted(r, attrs, False)
        if attrs.get("entity") != "money":
            return None
        return at, at + 1
    return None


_PRICE_STATES: Final = frozenset({"new", "current", "final", "original", "regular"})
_PRICE_NOUNS: Final = frozenset({"price", "cost", "value"})


def what_price(r: Reading, lo: int, hi: int, attrs: dict[str, str]) -> tuple[int, int] | None:
    """ "What is the new price?", "What's the original price of the lamp?", "What will be the
    current value of the car?": a price said with the word that tells which (new, current,
    final, original, regular) asks money, as "how much does it cost" does. Returns the
    opener's token and the index after "price" (the question stage reads on from there);
    None for any other form ("What is the price?" says no which; "the total price" is
    :func:`~.question.what_total`'s). Read only beside a percent (the portion reading's
    price shapes): "A pen costs $3. Ann bought 4 pens. What is the new price?" asks no total
    nor any price a move of a number tells."""
    if not any(t.text == "%" or t.text.lower() == "percent" for t in r.toks):
        return None
    for at in range(lo, hi - 2):
        probe = total_opener(r, at)
        if probe < 0 or r.word(probe) not in ("the", "its"):
            continue
        if r.word(probe + 1) not in _PRICE_STATES or r.word(probe + 2) not in _PRICE_NOUNS:
            return None
        attrs["unit"], attrs["entity"] = "dollar", "money"
        return at, probe + 3
    return None
