"""The first shape of the portion reading: a fraction of a told whole, moved away or told as
a property (the sentences are read by :mod:`practiceloop.arith.portion_clauses`).

"Neil baked 20 cookies. He gave 2/5 of the cookies to his friend. How many cookies are left
for Neil?" The sentences are, in order:

* opening sentences that say nothing countable
  (:func:`~practiceloop.arith._portion_base.opening_says_nothing`);
* the whole: "<Holder> <verb> <N> <thing> [<phrase>]." (a verb that holds or gets things) or
  "There are <N> <thing> [<phrase>]."; left out when the portion says it ("She spent 2/3 of
  her $150");
* the portion: "<Holder> <verb> <F> of <them | it | the thing | his thing | her <N> thing>
  [<phrase>]." (a verb that takes things from its subject, told: "gave", "spent", "sold",
  "lost"), or "<F> of the thing were <verb>ed" ("If 5/6 of the nuts were eaten,"), or a
  property "<F> of the thing are <property>[, and the rest are <other>]" (the whole may
  then be told after it: "If there are 18 contestants in total,");
* what was left, when the whole is asked: "now she has $24 left";
* the question: what the holder has left (or now), what is left, what the portion's verb
  moved, the whole "at first" / "originally", or how many have the portion's property, the
  rest's, or not the portion's.

Every clause's holder is the one holder
(:func:`~practiceloop.arith._portion_base.one_holder`); the portion's may be another
person's only when "There are" tells the whole and the question asks no holder. <F> is
strictly between nothing and all. "of them" / "of it" name the one whole; "of the X" / "of
his X" name it by its noun phrase (the same words, or its last word), a possessive the
subject's own.
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
    """The shape a fraction of a told whole makes of the text (see the module docstring), or
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
    whole, share, left = shape
    thing = whole.thing
    if thing is None or not same_thing(thing, share.thing if share is not whole else None):
        return None
    if share.ref == "them" and thing == ("money",):
        return None
    if not all(opening_says_nothing(s, mentions, observations, thing) for s in opening):
        return None
    said = [c.holder for c in story if c.holder is not None]
    said += [ask.holder] if ask.holder is not None else []
    after = [(c.holder, c.named) for c in story if c.holder is not None]
    holders = one_holder(said, after, ask.holder, names)
    if holders is None:
        return None
    owner = holders.get(whole.holder) if whole.holder is not None else None
    mover = holders.get(share.holder) if share.holder is not None else None
    asker = holders.get(ask.holder) if ask.holder is not None else None
    if whole.holder is not None and mover not in (None, owner):
        return None
    if whole.holder is None and mover is not None and asker is not None:
        return None  # "There are 30 nuts. Tom ate half of them. How many does Tom have?"
    if asker not in (None, owner) or (left is not None and holders.get(left.holder or "") != owner):
        return None
    if share.possessive is not None and not _possessive_fits(share):
        return None
    asked_role = _asked_role(ask, share, left, thing)
    told = left if left is not None else whole
    if asked_role is None or told.amount is None or told.value is None:
        return None
    if share.fraction is None or share.part is None or not 0 < share.part < 1:
        return None
    consumed = [c.verb_span for c in (whole, share, left) if c is not None and c.verb_span]
    consumed += [s for s in (share.rest_span, ask.negation) if s is not None]
    return Shape(
        factor=share.fraction,
        part=share.part,
        percent=share.percent,
        told=told.amount,
        told_value=told.value,
        told_role="rest" if left is not None else "whole",
        asked_role=asked_role,
        consumed=tuple(consumed),
        counts=thing != ("money",),
    )


def _shape(story: list[Clause]) -> tuple[Clause, Clause, Clause | None] | None:
    """(the whole, the portion, what was left) in one of the orders the module docstring
    lists; None otherwise."""
    kinds = [c.kind for c in story]
    if kinds == ["told", "moved"] or kinds == ["told", "property"]:
        return story[0], story[1], None
    if kinds == ["property", "told"]:
        return story[1], story[0], None
    if kinds == ["moved"] and story[0].amount is not None:
        return story[0], story[0], None
    if kinds == ["moved", "left"] and story[0].amount is None and story[0].possessive:
        # "spent 1/4 of her money, and now she has $24 left": the whole is hers, untold
        return Clause("told", story[0].holder, None, thing=story[0].thing), story[0], story[1]
    return None


def _possessive_fits(share: Clause) -> bool:
    """ "of his cars" after "he": the possessive is the subject's (a name takes any)."""
    if share.holder is None:
        return False  # "5/6 of his nuts were eaten": whose is unsaid
    subject = share.holder.lower()
    return subject not in PRONOUNS or PRONOUNS[subject] == share.possessive


def _asked_role(
    ask: Asked, share: Clause, left: Clause | None, thing: tuple[str, ...]
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
    if share.kind == "moved":
        if ask.kind == "left":
            return "rest"
        if ask.kind == "moved" and verb_key(ask.verb) == verb_key(share.verb):
            return "part"
        return None
    if ask.kind == "prop" and ask.prop == share.prop:
        return "part"
    if ask.kind == "rest" and ask.prop == share.prop:
        return "rest"
    if ask.kind == "prop" and share.rest_prop is not None and ask.prop == share.rest_prop:
        return "rest"
    return None
