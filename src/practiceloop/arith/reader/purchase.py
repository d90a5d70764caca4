"""Stage 7b of the reader: the price asked of the one thing one person bought.

"Ann had $7 left after she bought a pen. She had $10 at the start. How much did the pen
cost?": the question asks what the pen cost, and the story says who bought it, with no number:
the price is the money that buyer gave for it, the change between what she had at the start
and what she had left. This stage reads the asked price as that buyer's spending (her owner,
and the purchase as the move asked), and only when the text leaves no other buyer, no other
thing bought with it, and the purchase told as done. Pure functions over a :class:`Reading`.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.reader.leaving import someone_else_said
from practiceloop.arith.reader.tokens import Reading

__all__ = ["asked_price_noun", "cost_of_a_purchase"]

_BOUGHT: Final = frozenset({"bought", "buys"})
"""A purchase told as done (or as a habit): never "will buy", "to buy", "did not buy"."""
_ARTICLES: Final = frozenset({"a", "an", "the"})
_AUX: Final = frozenset({"did", "does", "do"})
_BUYER_PRONOUNS: Final = frozenset({"he", "she"})


def asked_price_noun(r: Reading, lo: int, hi: int) -> list[str] | None:
    """The words of the thing whose price is asked in "How much did the <noun> cost?" /
    "How much does a <noun> cost?" (one or two words, the question's last before "cost"), or
    None for any other question ("How much did each pen cost?", "How much did she spend?",
    "How much did the pens and caps cost?")."""
    words = [r.word(i) for i in range(lo, hi + 1) if r.word(i)]
    if words[:2] != ["how", "much"] or len(words) < 6 or words[-1] not in ("cost", "costs"):
        return None
    if words[2] not in _AUX or words[3] not in _ARTICLES:
        return None
    said = words[4:-1]
    if not 1 <= len(said) <= 2 or any(w in lx.STOP_WORDS or w in lx.PRONOUNS for w in said):
        return None
    return said


def _purchases(r: Reading, lo: int, said: list[str]) -> list[int]:
    """The tokens of "bought a/an/the <said>" before token ``lo``."""
    found = []
    n = len(said)
    for index in range(lo):
        if r.word(index) not in _BOUGHT or r.word(index + 1) not in _ARTICLES:
            continue
        told = [r.word(index + 2 + k) for k in range(n)]
        if [lx.noun_key(w) for w in told] == [lx.noun_key(w) for w in said]:
            found.append(index)
    return found


def _listed_after(r: Reading, at: int) -> bool:
    """Another thing is said right after the one bought ("a pen and a cap", "a pen, a cap")."""
    word = r.word(at)
    if at < len(r.toks) and r.toks[at].text == ",":
        return True
    if word == "or":
        return True
    if word == "and":
        nxt = r.word(at + 1)
        return not (nxt in lx.PRONOUNS or (at + 1) in r.actor_at)
    return False


def cost_of_a_purchase(r: Reading, lo: int, hi: int, attrs: dict[str, str]) -> None:
    """ "Ann had $7 left after she bought a pen. She had $10 at the start. How much did the
    pen cost?": a price asked of a thing (:func:`asked_price_noun`) the story says exactly once
    was bought ("bought a pen", no number: one of it), by the one person the text names (that
    name, or "he"/"she" right before "bought"), is the money that person spent: the asked
    amount takes that owner, a loss of money, and the purchase as its move (``cue``), so a
    change from what the buyer had to what is left can ask it. Left unread: two people named
    or another person said (:func:`~.leaving.someone_else_said`: "her mom"), "they", a
    purchase told twice or with another thing ("a pen and a cap"), a number bought ("bought
    2 pens"), a purchase not done ("will buy", "wanted to buy", "did not buy": no
    "bought"/"buys" right after the buyer), a price per thing ("each pen"), or an owner
    already read in the question."""
    if {"subject", "owner", "per", "state"} & attrs.keys():
        return
    said = asked_price_noun(r, lo, hi)
    if said is None:
        return
    names = set(r.actor_names.values())
    if len(names) != 1 or someone_else_said(r, lo):
        return
    found = _purchases(r, lo, said)
    if len(found) != 1:
        return
    index = found[0]
    if _listed_after(r, index + 2 + len(said)):
        return
    buyer = index - 1
    if buyer in r.actor_at:
        subject = r.actor_at[buyer]
    elif r.word(buyer) in _BUYER_PRONOUNS and buyer in r.pronoun_at:
        subject = r.pronoun_at[buyer]
    else:
        return
    cue = r.cue_at.get(index)
    if cue is None:
        return
    attrs.pop("subject_noun", None)
    attrs.update(
        {
            "subject": subject,
            "owner": next(iter(names)),
            "verb": "cost",
            "direction": "loss",
            "unit": attrs.get("unit", "dollar"),
            "entity": "money",
            "cue": cue,
        }
    )
