"""Who a chain reading's holder is, when a pronoun or a kin noun says it
(:mod:`practiceloop.arith.side_chains`).

* "Mitchell has 30 pencils. He has 6 more pencils than Ana.": a subject "he" / "she" stands
  for the one person the text names before it (:func:`subject_pronoun_holder`);
* "Her friend, Nelly, has 44 more stamps than Kylie", "than his friend Kwame": a kin noun
  and a name after it are the named holder (:func:`named_kin`).
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.antecedents import agrees, name_gender
from practiceloop.kernel.frame import Mention

__all__ = ["KIN_NAMED", "named_kin", "subject_pronoun_holder"]

_KIN: Final = (
    "dad", "mom", "father", "mother", "brother", "sister", "son", "daughter", "uncle", "aunt",
    "cousin", "grandma", "grandpa", "grandmother", "grandfather", "wife", "husband", "friend",
    "neighbor", "classmate", "teammate",
)  # fmt: skip
_NO_NAME: Final = r"(?!(?:does|did|do|has|had|have|is|was|together|today|now)\b)"
KIN_NAMED: Final = rf"(?:his|her) (?:{'|'.join(_KIN)})(?:, {_NO_NAME}[a-z]+,| {_NO_NAME}[a-z]+$)"
"""A kin noun and the name after it, in a lower-cased clause: set off by commas ("her
friend, nelly, has"), or ending the clause ("than his friend kwame"); never "her mom went",
"than his dad does"."""
_NAMED: Final = re.compile(rf"{KIN_NAMED}")


def named_kin(holder: str) -> str:
    """ "his friend kwame" / "her friend, nelly,": the name (the caller requires it to be a
    person the reader read); any other holder unchanged."""
    if _NAMED.fullmatch(holder) is None:
        return holder
    return holder.rstrip(",").split()[-1]


def subject_pronoun_holder(
    pronoun: str, pronoun_at: int, mentions: tuple[Mention, ...], kin_before: bool
) -> str | None:
    """The one person a subject ``pronoun`` ("he" / "she") at offset ``pronoun_at`` stands
    for: the text names exactly one person before it (every actor the reader read, in a
    sentence with a number or without), that person agrees with the pronoun in gender
    (:func:`~practiceloop.arith.antecedents.agrees`: "Ann has 5 pens. He has 3 more" names no
    one), and no kin noun ("his dad") is a holder before it; None otherwise ("Ann and Tom went
    out. He ...", "Ann has 5. Tom has 3. He has ...")."""
    if kin_before:
        return None
    named = {
        value
        for m in mentions
        if m.kind == "actor" and m.span.end <= pronoun_at
        for key, value in m.attributes
        if key == "name"
    }
    if len(named) != 1:
        return None
    name = next(iter(named))
    return name if agrees(pronoun, name_gender(name)) else None
