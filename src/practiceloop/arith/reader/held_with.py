"""A thing told with what it holds: "a fly with 6 legs", "a box with 12 pens".

"NOUN with N THING" tells N THING of that noun: the fly's legs, the box's pens. Read as the
amount's holder (``subject_noun``), the amount can no longer pass as the asked holder's
("How many legs do the spiders have?"): the owner checks see whose it is.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.reader.cues import is_verb
from practiceloop.arith.reader.tokens import Reading

__all__ = ["fronted_holder", "holder_with"]

_OPENERS: Final = lx.DETERMINERS | frozenset({"one", "each", "every", "this", "that"})


def holder_with(r: Reading, first: int, attrs: dict[str, str]) -> str:
    """The noun key of the holder "NOUN with" told right before the number at ``first``
    ("A fly with 6 legs": ``fly``; "the box with 12 pens": ``box``), "" when there is none.

    The noun must open with a determiner ("a", "the", "his", "each") in the number's sentence
    and be no verb, pronoun or name: "She played with 5 friends", "Tom came with 3 pens",
    "He is with 4 friends" tell no holder. An amount read with a subject (a person, a
    pronoun) or a subject noun already keeps it: "Tom has a box with 12 pens" is Tom's."""
    if r.word(first - 1) != "with" or not r.same_sentence(first, first - 2):
        return ""
    if any(key in attrs for key in ("subject", "subject_noun", "owner", "per", "compare")):
        return ""
    noun, opener = r.word(first - 2), r.word(first - 3)
    if (
        not noun
        or noun in lx.STOP_WORDS
        or first - 2 in r.actor_at
        or first - 2 in r.pronoun_at
        or is_verb(noun)
        or opener not in _OPENERS
        or not r.same_sentence(first, first - 3)
    ):
        return ""
    return lx.noun_key(noun)


def fronted_holder(r: Reading, lo: int, start: int, attrs: dict[str, str]) -> None:
    """ "The spiders have how many legs?": a question whose subject comes before "how many"
    ("the NOUN" and a verb of having right before it) asks what that noun holds; it sets the
    asked ``subject_noun`` (and the verb) the question's usual order ("How many legs do the
    spiders have?") sets. Nothing when a subject is read, or the words before "how" are not
    "the NOUN has/have/holds" opening the question ("In all, how many ...", "So how many")."""
    if {"subject", "subject_noun"} & attrs.keys() or start - lo < 3:
        return
    verb, noun, opener = r.word(start - 1), r.word(start - 2), r.word(start - 3)
    if (
        verb in _HOLDING
        and opener in _OPENERS
        and start - 3 == lo
        and noun
        and noun not in lx.STOP_WORDS
        and start - 2 not in r.actor_at
        and not is_verb(noun)
    ):
        attrs["subject_noun"] = lx.noun_key(noun)
        attrs.setdefault("verb", verb)


_HOLDING: Final = frozenset({"has", "have", "had", "hold", "holds", "held", "contain", "contains"})
