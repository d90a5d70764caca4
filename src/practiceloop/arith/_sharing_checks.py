"""What the proofs check of a sharing or of equal groups read in everyday English (issue 15).

Private to :mod:`practiceloop.arith.proofs`. Each check re-reads the text around the bound
amounts, so that a reading rule of the reader ("a pack of gum has 12 sticks" is a rate per
pack, "25-cent stamps" a price per stamp) cannot close a neighbour the rule does not cover:
money held is no money spent, a container of one thing holds no other thing. Pure functions
of a frame, its bound views and the target view.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.lexicon import HAVE_VERBS, POSSESSIVES, noun_key, words
from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.reading import QuantityView, TargetView, owner_of, sentence_words
from practiceloop.kernel.frame import ProblemFrame

__all__ = [
    "container_of_another_thing",
    "contents_told",
    "groups_of_someones",
    "spending_untold",
]

_POSSIBLE: Final = words("can could would afford")
"""Words of a question that asks what money would buy, not what it bought."""


def spending_untold(
    frame: ProblemFrame, bound: dict[str, QuantityView], target: TargetView
) -> bool:
    """ "Nikhil has 80 dollars. How many 8 dollar toys did he buy?": money held (or saved) is
    not money spent; how many things a price per thing makes of it is what the money *can*
    buy ("How many ... can he buy?", "could", "would", "afford"), never what was bought.
    True when a sharing binds a held amount of money as its total and the question asks a
    move done (a verb other than one of having or lasting) with no word of possibility."""
    total, size = bound.get("total"), bound.get("per_group")
    if total is None or size is None or total.entity != "money" or size.entity != "money":
        return False
    held = total.verb is None or total.verb in HAVE_VERBS or verb_stem(total.verb) == "save"
    if not held or target.verb is None or target.verb in HAVE_VERBS:
        return False
    if verb_stem(target.verb) == "last":
        return False  # "How many days will her money last?" asks how long it lasts, no move
    unknown = frame.mention(target.mention_id) if target.mention_id is not None else None
    if unknown is None:
        return False
    return not (_POSSIBLE & set(sentence_words(frame, unknown.span.sentence_index)))


def contents_told(frame: ProblemFrame, size: QuantityView) -> str | None:
    """What the group a rate is per is told to hold, in the rate's own sentence before its
    number: "A pack *of gum* has 12 sticks", "Each box of crayons holds 64 crayons" (the
    noun key after "<per> of"); None when the sentence names no contents."""
    mention = frame.mention(size.mention_id)
    if mention is None or size.per is None:
        return None
    lo = max(0, frame.source_text.rfind(".", 0, mention.span.start) + 1)
    before = re.findall(r"[a-z]+", frame.source_text[lo : mention.span.start].lower())
    for index in range(len(before) - 2):
        if noun_key(before[index]) == size.per and before[index + 1] == "of":
            return noun_key(before[index + 2])
    return None


def container_of_another_thing(
    frame: ProblemFrame, groups: QuantityView, size: QuantityView
) -> bool:
    """ "A pack of gum has 12 sticks. She bought 4 packs of mints.": the rate is per a pack
    *of gum*, and the groups are packs of another thing, so no groups of that rate. True when
    the rate's sentence tells its group's contents (:func:`contents_told`) and ``groups``
    count that group (its unit) of another thing."""
    contents = contents_told(frame, size)
    if contents is None or groups.unit != size.per or groups.entity is None:
        return False
    return groups.entity != contents and contents not in (groups.modifier or "").split()


def groups_of_someones(frame: ProblemFrame, groups: list[QuantityView], target: TargetView) -> bool:
    """ "Each pack has 12 sticks. Leo's sister has 4 packs. How many sticks does Leo have?":
    groups told with a noun for their subject that is someone's ("Leo's sister", "his dad")
    and no owner read are that noun's, so no groups of the named person the question asks
    about. True when the question asks about one named holder (no group) and some told
    groups' subject is possessed in their sentence before their number."""
    asked = owner_of(frame, target)
    if asked is None or asked == "group":
        return False
    for view in groups:
        noun = view.subject_noun
        if noun is None or noun == asked or view.owner is not None or view.subject is not None:
            continue
        mention = frame.mention(view.mention_id)
        if mention is None:
            continue
        lo = frame.source_text.rfind(".", 0, mention.span.start) + 1
        before = re.findall(r"[a-z'’]+", frame.source_text[lo : mention.span.start].lower())
        for index, word in enumerate(before[1:], start=1):
            owner = before[index - 1]
            if noun_key(word) == noun and (owner in POSSESSIVES or owner.endswith(("'s", "’s"))):
                return True
    return False
