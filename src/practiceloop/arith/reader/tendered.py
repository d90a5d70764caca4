"""Stage 7b of the reader: the change asked back from an amount handed over to pay.

"Deepa buys 6 notebooks at $3 each and pays with a $20 bill. How much change does she get?":
the change is what is left of the $20 once the notebooks are paid for. When the question asks
the change (:func:`change_asked`) and the text tells exactly one amount of money handed over
to pay (:func:`tendered_amount`: "paid with a $20 bill", "gave the cashier $25"), that amount
is read as money held (no move, no verb cue of its own) and the question as the money left
(state ``left``), as "Deepa had $20. She buys 6 notebooks at $3 each. How much money does she
have left?" is read. The organs and proofs then check the purchase against it as they check
any holding. Nothing changes when no change is asked (a bill told beside a question of the
cost stays a told amount the proofs must account for), when two amounts or none are handed
over, or when a count of bills is told ("paid with two $10 bills").
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith.lexicon import noun_key, verb_key
from practiceloop.arith.numbers import NUMBER_WORDS
from practiceloop.arith.reader.tokens import Reading
from practiceloop.kernel.frame import Mention, Target

__all__ = ["change_asked", "every_item_priced", "read_tendered", "tendered_amount"]

_CHANGE_OPENERS: Final = frozenset({"much", "in", "as", "the", "her", "his", "their", "my"})
"""Words right before "change" when it names the money given back: "How much change", "get
back in change", "receive as change", "What is her change"."""

_HANDED_TO: Final = frozenset(
    {"cashier", "clerk", "seller", "shopkeeper", "salesman", "saleswoman", "salesperson",
     "vendor", "waiter", "waitress", "teller", "driver", "man", "woman"}
)  # fmt: skip
"""Whom an amount is handed to when it pays for a purchase ("gave the cashier $25")."""



def change_asked(r: Reading) -> bool:
    """The question names the money given back as "change" ("How much change did she get?",
    "How much does he get in change?", "How many cents did he get back in change?"), the
    word after "much", "in", "as" or a determiner, not a verb ("How much did the price
    change?")."""
    lo, hi = r.sentence_bounds[r.question]
    return any(
        r.word(at) == "change" and r.word(at - 1) in _CHANGE_OPENERS for at in range(lo + 1, hi + 1)
    )


def _token_at(r: Reading, start: int) -> int:
    return next((i for i, tok in enumerate(r.toks) if tok.start == start), -1)


_PLAIN_BETWEEN: Final = frozenset({"with", "a", "an", "one", "the", "it", "them", "everything"})
"""Words that may stand between the verb of paying and the amount handed over ("paid the
cashier with a $20 bill", "paid for them with $50"), beside the seller and a "for" phrase."""

_NOT_PLAIN_PAY: Final = frozenset(
    {"coupon", "discount", "off", "tip", "tax", "refund", "voucher", "rebate", "fee"}
)
"""Words of an amount that lowers or raises what is paid: no plain purchase paid from a bill."""


_HANDING: Final = frozenset({"pay", "give", "hand"})
"""Lemmas of the verbs that hand an amount over to pay."""


def _verb_before(r: Reading, first: int, verb: str) -> int:
    said = verb.split()[0].lower()
    at = first - 1
    while at >= 0 and r.same_sentence(first, at):
        if r.word(at) == said:
            return at
        at -= 1
    return -1


def _paid_for_another_thing(r: Reading, at: int, first: int) -> bool:
    """ "paid for a lamp with a $50 bill", "paid with a $50 bill for a lamp": the thing a "for"
    names in the clause of paying (skipping articles and numbers) is told nowhere else in the
    text: the bill paid for a thing whose price is not told."""
    lo, hi = r.sentence_bounds[r.sentence_of[first]]
    for index in range(at + 1, hi + 1):
        if r.word(index) != "for":
            continue
        noun = index + 1
        while noun <= hi and (r.word(noun) in _PLAIN_BETWEEN or r.toks[noun].kind == "num"):
            noun += 1
        said = noun_key(r.word(noun))
        if not said or said in ("it", "them", "everything"):
            continue
        if r.toks[noun - 1].kind == "num":
            continue  # "for 4 mugs that cost $6 each": the purchase itself, counted
        elsewhere = any(
            noun_key(r.word(i)) == said for i in range(len(r.toks)) if i != noun
        )
        if not elsewhere:
            return True
    return False


def _outside_for(r: Reading, lo: int, hi: int) -> list[str]:
    """The words from token ``lo`` up to ``hi`` (not included), without a "for" phrase ("paid
    for the mugs with a $50 bill": "for the mugs" runs up to "with")."""
    said: list[str] = []
    skipping = False
    for index in range(lo, hi):
        word = r.word(index)
        if word == "for":
            skipping = True
        elif word == "with":
            skipping = False
        if not skipping:
            said.append(word)
    return said


def tendered_amount(r: Reading, mention: Mention) -> bool:
    """An amount of money handed over to pay: its verb "pay" with "with" right before it (an
    article or "one" between: "paid with a $20 bill", "pays with $50"), or its verb "give" or
    "hand" with the seller it went to right before it ("handed the cashier $25", "gave the
    clerk a $50 bill"). Only articles, the seller and a "for" phrase may stand between the
    verb and the amount ("paid her sister with $20", "gave his brother a $20 bill": no
    payment to a seller); never a count of bills before it ("paid with two $10 bills": a
    count the amount is per), nor a "for" naming a thing told nowhere else
    (:func:`_paid_for_another_thing`)."""
    attrs = dict(mention.attributes)
    if attrs.get("entity") != "money" or attrs.get("unit") not in ("dollar", "cent"):
        return False
    if "per" in attrs or "compare" in attrs or attrs.get("verb") is None:
        return False
    verb = verb_key(attrs.get("verb"))
    if verb not in _HANDING:
        return False
    first = _token_at(r, mention.span.start)
    at = _verb_before(r, first, attrs["verb"]) if first > 0 else -1
    if at < 0:
        return False
    before = first - 1
    if r.word(before) in ("a", "an", "one"):
        before -= 1
    elif r.toks[before].kind == "num" or r.word(before) in NUMBER_WORDS:
        return False
    between = _outside_for(r, at + 1, first)
    if any(w not in _PLAIN_BETWEEN and w not in _HANDED_TO for w in between):
        return False
    if _paid_for_another_thing(r, at, first):
        return False
    if verb == "pay":
        return r.word(before) == "with"
    return r.word(before) in _HANDED_TO


def _rebuilt(mention: Mention, attrs: dict[str, str]) -> Mention:
    return Mention(
        mention_id=mention.mention_id,
        kind=mention.kind,
        span=mention.span,
        attributes=tuple(sorted(attrs.items())),
    )


def _paid_out(quantities: list[Mention], tendered: Mention) -> bool:
    """Every other amount of money the text moves is paid out (a price or a purchase: money
    lost), at least one, and none of them paid or handed over as the bill was: a sale or
    money earned beside the bill is no purchase it paid for, and a second amount handed over
    ("paid with a $20 bill and a $10 bill") is a payment the one bill is not."""
    moved = [
        dict(m.attributes)
        for m in quantities
        if m.mention_id != tendered.mention_id and ("entity", "money") in m.attributes
    ]
    if any(verb_key(a.get("verb")) in _HANDING for a in moved):
        return False  # "paid with a $20 bill and a $10 bill": more than one amount handed
    return bool(moved) and all(a.get("direction") == "loss" for a in moved)


_LIST_MARKS: Final = frozenset({",", "and", "plus"})


def every_item_priced(r: Reading, paid: list[Mention]) -> bool:
    """ "Pia buys a scarf for $16 and a hat.": each sentence that tells an amount paid out,
    split at commas, "and" and "plus", has a number in every part that has words; a part
    with none names something bought at no told price ("and a hat"), so what was paid is
    not told."""
    told = {m.span.sentence_index for m in paid}
    for sentence in told:
        lo, hi = r.sentence_bounds[sentence]
        numbered = worded = False
        for index in range(lo, hi + 1):
            tok = r.toks[index]
            mark = r.word(index) in _LIST_MARKS or tok.text == ","
            if tok.kind in ("num", "money") or r.word(index) in NUMBER_WORDS:
                numbered = True
            elif tok.kind == "word" and not mark:
                worded = True
            if mark or index == hi:
                if worded and not numbered:
                    return False
                numbered = worded = False
    return True


def read_tendered(r: Reading, targets: tuple[Target, ...]) -> tuple[Target, ...]:
    """When :func:`change_asked` and exactly one quantity is :func:`tendered_amount`, that
    amount becomes money held (its cue and direction dropped) and the question the money left
    (entity money, its unit dollar unless cents are asked, state ``left``, the question's own
    verb cue of getting dropped); a cue mention no longer marking anything is dropped. Returns
    the targets, rebuilt when read."""
    if not targets or r.question < 0 or not change_asked(r):
        return targets
    if any(word in _NOT_PLAIN_PAY for word in r.words):
        return targets
    quantities = [m for m in r.mentions if m.kind == "quantity"]
    tendered = [m for m in quantities if tendered_amount(r, m)]
    if len(tendered) != 1 or not _paid_out(quantities, tendered[0]):
        return targets
    paid = [m for m in quantities if m.mention_id != tendered[0].mention_id]
    paid = [m for m in paid if ("entity", "money") in m.attributes]
    if any(m.span.sentence_index > tendered[0].span.sentence_index for m in paid):
        return targets  # "She pays with a $20 bill. Then she buys a hat for $3."
    if not every_item_priced(r, paid):
        return targets
    first = targets[0]
    asked = dict(first.attributes)
    if asked.get("state") is not None or asked.get("per") is not None:
        return targets
    if asked.get("entity") not in ("change", "money", "cent"):
        return targets
    dropped = {dict(tendered[0].attributes).get("cue"), asked.get("cue")} - {None}
    for key in ("cue", "direction", "verb"):
        asked.pop(key, None)
    if asked.get("unit") not in ("dollar", "cent"):
        asked["unit"] = "dollar"
    asked["entity"] = "money"
    asked["state"] = "left"
    held = dict(tendered[0].attributes)
    held.pop("cue", None)
    held.pop("direction", None)
    held["tendered"] = "paid"
    held["state"] = "start"
    still = {
        dict(m.attributes).get("cue")
        for m in r.mentions
        if m.kind == "quantity" and m.mention_id != tendered[0].mention_id
    }
    dropped -= still
    rebuilt: list[Mention] = []
    for mention in r.mentions:
        if mention.mention_id in dropped:
            continue
        if mention.mention_id == tendered[0].mention_id:
            mention = _rebuilt(mention, held)
        elif mention.mention_id == asked.get("mention"):
            unknown = {k: v for k, v in asked.items() if k != "mention"}
            mention = _rebuilt(mention, unknown)
        rebuilt.append(mention)
    r.mentions[:] = rebuilt
    r.cue_at = {at: cue for at, cue in r.cue_at.items() if cue not in dropped}
    target = Target(
        target_id=first.target_id,
        attributes=tuple(sorted(asked.items())),
        evidence_spans=first.evidence_spans,
    )
    return (target, *targets[1:])
