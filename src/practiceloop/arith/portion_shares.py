"""The first shape of the portion reading: fractions of a told whole, moved away one after
another or told as a property (the sentences are read by
:mod:`practiceloop.arith.portion_clauses`).

"Neil baked 20 cookies. He gave 2/5 of the cookies to his friend. How many cookies are left
for Neil?" "Ali has $480. He spent half of it on food, and then he spent a third of what was
left on a pair of glasses. How much money did he have left?" The sentences are, in order:

* opening sentences that say nothing countable
  (:func:`~practiceloop.arith._portion_base.opening_says_nothing`);
* the whole: "<Holder> <verb> <N> <thing> [<phrase>]." (a verb that holds or gets things),
  "There are <N> <thing> [<phrase>].", or "<Holder> has some <thing>" when what was left is
  told; left out when the first part says it ("She spent 2/3 of her $150");
* the parts: "<Holder> <verb> <F> of <them | it | the thing | his thing | her <N> thing>
  [<phrase>]." (a verb that takes things from its subject, told: "gave", "spent", "sold",
  "lost"; "half" may go without "of": "half the amount"), or "<F> of the thing were
  <verb>ed" ("If 5/6 of the nuts were eaten,"); each part after the first is of what the one
  before left ("of what was left", "of the remaining money", "of the rest of her cards"),
  the first never; or one property "<F> of the thing are <property>[, and the rest are
  <other>]" (the whole may then be told after it: "If there are 18 contestants in total,");
* what was left, when the whole is asked: "now she has $24 left";
* the question: what the holder has left (or now), what is left or remains, what a part's
  verb moved (a verb no other part has), the whole "at first" / "originally", or how many
  have the property, the rest's, or not the property.

Every clause's holder is the one holder
(:func:`~practiceloop.arith._portion_base.one_holder`); a part's may be another person's
only when "There are" tells the whole and the question asks no holder. <F> is strictly
between nothing and all. "of them" / "of it" name the one whole; "of the X" / "of his X"
name it by its noun phrase (the same words, or its last word), a possessive the subject's
own. "spent half of it and bought a toy": what the money bought, with no number, is read
with its part.
"""

from __future__ import annotations

from practiceloop.arith._portion_base import (
    PRONOUNS,
    Shape,
    one_holder,
    opening_says_nothing,
    same_thing,
)
from practiceloop.arith.lexicon import verb_key
from practiceloop.arith.portion_clauses import Asked, Clause, asked, clauses, question
from practiceloop.kernel.frame import Mention, Observation
from practiceloop.kernel.span import SourceSpan

__all__ = ["read_shares"]


def read_shares(
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    observations: tuple[Observation, ...],
    names: set[str],
) -> Shape | None:
    """The shape fractions of a told whole make of the text (see the module docstring), or
    None."""
    story: list[Clause] = []
    opening: list[SourceSpan] = []
    for sentence in sentences[:-1]:
        read = clauses(sentence)
        if read is None:
            if story:
                return None
            opening.append(sentence)
            continue
        story.extend(read)
    ask = asked(*question(sentences[-1]))
    if ask is None or not story:
        return None
    shape = _shape(story)
    if shape is None:
        return None
    whole, shares, left = shape
    thing = whole.thing
    if thing is None or any(not same_thing(thing, s.thing) for s in shares if s is not whole):
        return None
    if any(s.ref == "them" and thing == ("money",) for s in shares):
        return None
    if any((s.bought or s.spent_on) is not None and thing != ("money",) for s in shares):
        return None  # "gave half of them and bought a toy": no spending the toy is of
    if not all(opening_says_nothing(s, mentions, observations, thing) for s in opening):
        return None
    if not _one_holder(story, ask, names, whole, shares, left):
        return None
    pronouns = {h.lower() for h in [*(c.holder for c in story), ask.holder] if h} & set(PRONOUNS)
    if any(s.possessive is not None and not _possessive_fits(s, pronouns) for s in shares):
        return None
    asked_role = _asked_role(ask, shares, left, thing)
    told = left if left is not None else whole
    if asked_role is None or told.amount is None or told.value is None:
        return None
    factors = []
    for share in shares:
        if share.fraction is None or share.part is None or not 0 < share.part < 1:
            return None
        factors.append((share.fraction, share.part, share.percent))
    consumed = [c.verb_span for c in (whole, *shares, left) if c is not None and c.verb_span]
    for share in shares:
        said = (share.rest_span, share.left_ref, share.bought, share.spent_on)
        consumed += [s for s in said if s is not None]
    consumed += [s for s in (ask.negation, ask.over) if s is not None]
    return Shape(
        factors=tuple(factors),
        told=told.amount,
        told_value=told.value,
        told_role="rest" if left is not None else "whole",
        asked_role=asked_role,
        consumed=tuple(consumed),
        counts=thing != ("money",),
    )


def _one_holder(
    story: list[Clause],
    ask: Asked,
    names: set[str],
    whole: Clause,
    shares: list[Clause],
    left: Clause | None,
) -> bool:
    """Every clause's holder is the whole's; a part's may be anyone's only when "There are"
    tells the whole and the question asks no holder."""
    said = [c.holder for c in story if c.holder is not None]
    said += [ask.holder] if ask.holder is not None else []
    after = [(c.holder, c.named) for c in story if c.holder is not None]
    holders = one_holder(said, after, ask.holder, names)
    if holders is None:
        return False
    owner = holders.get(whole.holder) if whole.holder is not None else None
    movers = {holders.get(s.holder) for s in shares if s.holder is not None}
    asker = holders.get(ask.holder) if ask.holder is not None else None
    if whole.holder is not None and not movers <= {owner}:
        return False
    if whole.holder is None and movers and asker is not None:
        return False  # "There are 30 nuts. Tom ate half of them. How many does Tom have?"
    if left is not None and holders.get(left.holder or "") != owner:
        return False
    return asker in (None, owner)


def _shape(story: list[Clause]) -> tuple[Clause, list[Clause], Clause | None] | None:
    """(the whole, the parts, what was left) in one of the orders the module docstring
    lists; None otherwise."""
    kinds = [c.kind for c in story]
    if kinds in (["told", "property"], ["property", "told"]):
        whole = story[0] if kinds[0] == "told" else story[1]
        share = story[1] if kinds[0] == "told" else story[0]
        if whole.amount is None or share.ref == "left":
            return None
        return whole, [share], None
    left = story[-1] if kinds[-1] == "left" else None
    body = story[:-1] if left is not None else story
    if body and body[0].kind == "told":
        whole, shares = body[0], body[1:]
    elif body and body[0].kind == "moved" and body[0].amount is not None:
        whole, shares = body[0], body  # "She spent 2/3 of her $150": the whole said in it
    elif body and body[0].kind == "moved" and body[0].possessive and left is not None:
        # "spent 1/4 of her money, and now she has $24 left": the whole is hers, untold
        whole = Clause("told", body[0].holder, None, thing=body[0].thing)
        shares = body
    else:
        return None
    if not shares or any(s.kind != "moved" for s in shares):
        return None
    if shares[0].ref == "left" or any(s.ref != "left" for s in shares[1:]):
        return None  # the first part is of the whole, every later one of what was left
    if any(s.amount is not None for s in shares[1:]) or (whole.amount is None) == (left is None):
        return None  # a whole told twice, or none told and none asked back
    return whole, shares, left


def _possessive_fits(share: Clause, pronouns: set[str]) -> bool:
    """ "of his cars" after "he": the possessive is the one the story's pronoun for its
    holder takes ("Ivy spent 1/4 of his money ... she has $24 left" is someone else's money;
    with no pronoun said, whose a name's "his" is cannot be told)."""
    if share.holder is None or len(pronouns) != 1:
        return False  # "5/6 of his nuts were eaten": whose is unsaid
    return PRONOUNS[next(iter(pronouns))] == share.possessive


def _asked_role(
    ask: Asked, shares: list[Clause], left: Clause | None, thing: tuple[str, ...]
) -> str | None:
    """The relation role the question asks, or None when it asks anything the story does not
    tell that way."""
    if not same_thing(thing, ask.thing) and not (ask.kind == "prop" and ask.thing is None):
        return None
    if left is not None:  # the whole is asked back from what was left
        if ask.kind != "start" or not same_thing(thing, left.thing):
            return None
        return "whole"
    if ask.kind == "start":
        return None
    share = shares[0]
    if share.kind == "moved":
        if ask.kind == "left":
            return "rest"
        if ask.kind != "moved":
            return None
        moved = [i for i, s in enumerate(shares) if verb_key(s.verb) == verb_key(ask.verb)]
        if len(moved) != 1:
            return None  # two parts of one verb: which one is asked is unsaid
        return "part" if len(shares) == 1 else f"part_{moved[0] + 1}"
    if ask.kind == "prop" and ask.prop == share.prop:
        return "part"
    if ask.kind == "rest" and ask.prop == share.prop:
        return "rest"
    if ask.kind == "prop" and share.rest_prop is not None and ask.prop == share.rest_prop:
        return "rest"
    return None
