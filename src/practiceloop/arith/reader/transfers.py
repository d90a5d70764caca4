"""A named giver's gift read for the receiver the question asks about (issue 15).

"Dan had 9 limes. Sara gave him 4 limes. How many limes does Dan have now?": the gift is
Sara's loss and Dan's gain; the question follows Dan, so the amount is read as his gain. That
is the reading of "His dad gave him 25 quarters" (:func:`~.cues.given_to_receiver`, whose
giver is no one the story follows), widened to a named giver only when the text fixes who
receives: the receiver is named right after the verb ("Sara gave Dan 4 limes"), or is an
object pronoun ("him", "her") of the gender of the one person named before the gift other
than the giver, who is the one the question asks about (the gender from the pinned name
table of :mod:`practiceloop.arith.antecedents`; a name it leaves in doubt fixes no one).
Anyone else named before ("Sara met Tom. Sara gave him 4") or a question about the giver
leaves the gift the giver's loss.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.antecedents import name_gender, pronoun_gender
from practiceloop.arith.reader.tokens import Reading

__all__ = ["gift_amount_at", "given_by_a_named_giver", "partitive_after"]

_RECEIVING_PRONOUNS: Final = frozenset({"him", "her"})
_AMOUNT_OPENERS: Final = frozenset({"another", "some"})


def given_by_a_named_giver(r: Reading, index: int) -> str:
    """The receiver ("him", "dan") of the verb of giving at token ``index`` when its giver is a
    named person right before it and the receiver is fixed as the question's one named
    person (see the module doc); "" otherwise."""
    giver = index - 1
    if lx.verb_class(r.word(index)) != "transfer_out" or giver not in r.actor_at:
        return ""
    if not gift_amount_at(r, index + 2, _AMOUNT_OPENERS):
        return ""
    giver_name = r.actor_names.get(r.actor_at[giver], "")
    asked = _named_in_question(r)
    if len(asked) != 1 or giver_name in asked:
        return ""
    receiver = index + 1
    if receiver in r.actor_at:  # "Sara gave Dan 4 limes"
        named = r.actor_names.get(r.actor_at[receiver], "")
        return r.word(receiver) if named in asked else ""
    pronoun = r.word(receiver)
    if pronoun not in _RECEIVING_PRONOUNS:
        return ""
    before = {r.actor_names.get(m, "") for at, m in r.actor_at.items() if at < giver}
    if before - {giver_name} != asked:
        return ""
    # the one person the pronoun may name must be of its gender, as the name table tells it:
    # "Dan had 9 limes. Sara gave her 4 limes" speaks of someone the text never names
    (person,) = asked
    return pronoun if name_gender(person) == pronoun_gender(pronoun) else ""


def gift_amount_at(r: Reading, at: int, openers: frozenset[str]) -> bool:
    """True when token ``at`` opens the amount of a gift to a receiver: a number, or one of
    ``openers`` ("another", "some"), and not a part of things told before ("4 of them": see
    :func:`partitive_after`)."""
    amount = r.toks[at] if 0 <= at < len(r.toks) else None
    if amount is None or not (amount.kind in ("num", "money") or amount.lower in openers):
        return False
    return not partitive_after(r, at)  # "Sara gave her 4 of them": of whose things is untold


def partitive_after(r: Reading, amount: int) -> bool:
    """True when the amount at token ``amount`` is a part of things told before ("4 of them",
    "4 of the limes", "4 of her limes"): given to a receiver, whose they were is not told."""
    return r.word(amount + 1) == "of" and r.word(amount + 2) in _PARTITIVE_HEADS


_PARTITIVE_HEADS: Final = frozenset({"them", "these", "those", "the", "her", "his", "their"})


def _named_in_question(r: Reading) -> set[str]:
    """The names of the people named in the question's sentence."""
    if r.question < 0:
        return set()
    return {
        r.actor_names.get(m, "")
        for at, m in r.actor_at.items()
        if 0 <= at < len(r.sentence_of) and r.sentence_of[at] == r.question
    }
