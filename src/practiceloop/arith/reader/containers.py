"""Stage 5b of the reader: one container of a thing, named as the subject of an amount.

"A pack of gum has 12 sticks", "A box of crayons holds 64 crayons", "One bag of rice weighs 5
pounds": the clause's subject is one container of a thing, so the amount is told of one
container (a rate per ``pack``, when the text counts packs:
:func:`~.quantities.one_of_a_count`), not of the thing in it. The proofs check that the
groups the rate is bound with are containers of that thing
(:func:`practiceloop.arith._sharing_checks.container_of_another_thing`).
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.reader.nouns import is_noun
from practiceloop.arith.reader.tokens import Reading

__all__ = ["container_of_a_thing"]

_ONE: Final = frozenset({"a", "an", "one"})


def container_of_a_thing(r: Reading, index: int) -> str:
    """ "*A pack* of gum has 12 sticks": the subject noun at ``index`` ("gum") after "of"
    and one noun told as one ("a"/"an"/"one" right before it) is the contents of that noun;
    returns its key ("pack"), or "" when the subject is no such phrase ("A spider has 8
    legs", "The box of pens has", "a lot of kids")."""
    if r.word(index - 1) != "of" or r.word(index - 3) not in _ONE:
        return ""
    container = r.word(index - 2)
    if not is_noun(r, index - 2) or container in _NOT_CONTAINERS:
        return ""
    return lx.noun_key(container)


_NOT_CONTAINERS: Final = frozenset({"lot", "number", "total", "couple", "few", "group"})
"""Nouns before "of" that count or sum the thing, and hold none of it: "a lot of", "a
number of", "a couple of"."""
