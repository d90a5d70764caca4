"""Which cues a relation consumes, for the cue-accounting proof (:mod:`.accounting`).

A cue (a verb, a "more ... than", the "left" of "33 dollars left") is consumed when the
relation binds it as a direction, when an amount it binds or sets aside was read with it, or
when a reading of the whole text the organ rests on consumes it; the predicates below say
which cues a relation uses beyond its own roles (a move some told before "now", equal shares,
a purpose, "left for", "some more", a generic cue, a sentence that counts nothing).
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith._category_checks import category_told
from practiceloop.arith._composed_checks import asked_verb as _asked_verb
from practiceloop.arith._composed_checks import one_move_summed
from practiceloop.arith.lexicon import HAVE_VERBS, direction_key, noun_key
from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.organs.composed import composition
from practiceloop.arith.rate_readings import (
    each_of_the_groups_alike,
    participle_of_the_groups,
)
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    attribute,
    is_direction_role,
    quantity_views,
)
from practiceloop.arith.set_aside import (
    before_now_sentence,
    sentence_words,
    set_aside_reason,
)
from practiceloop.kernel.frame import Mention, ProblemFrame, Relation
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "consumed_cues",
    "counts_nothing",
    "equal_shares_said",
    "loses",
    "moved_some_before_now",
    "role_of",
]


def role_of(relation: Relation, mention_id: str) -> str | None:
    """The role of ``relation`` that binds ``mention_id`` (no direction role), or None."""
    for name, bound in relation.roles:
        if bound == mention_id and not is_direction_role(name):
            return name
    return None


_CUE_KEYS: Final = ("cue", "compare_cue", "more_cue", "state_cue", "moved_cue", "rate_cue")
"""Attributes by which a quantity (or the question's unknown) carries the cue it was read
with: its verb, its "more ... than", the "more" of "7 more", the "left" of "33 dollars left",
the verb of "sold all but 5" (what the kept amount leaves, moved) and that verb said again of
the rate's group ("each jar sold")."""

_QUANTIFIERS: Final = frozenset({"some", "more", "few", "several", "any", "rest", "remaining"})


def loses(frame: ProblemFrame, relation: Relation, target: TargetView) -> bool:
    """The relation takes something away: a direction cue read as a loss."""
    key = direction_key(target.unit)
    for name, cue_id in relation.roles:
        cue = frame.mention(cue_id) if cue_id is not None and is_direction_role(name) else None
        if (
            cue is not None
            and (attribute(cue.attributes, key) or attribute(cue.attributes, "direction")) == "loss"
        ):
            return True
    return False


def _is_part(relation: Relation, mention_id: str) -> bool:
    """``mention_id`` is a part of a sum of ``relation`` (``part_1``.. of combine and of the
    two-step organs that combine first)."""
    return (role_of(relation, mention_id) or "").startswith("part_")


def _carried(mention: Mention) -> set[str]:
    return {value for key, value in mention.attributes if key in _CUE_KEYS and value}


def consumed_cues(
    frame: ProblemFrame, relation: Relation, organ: str, target: TargetView
) -> set[str]:
    """Cue mentions the relation uses (see :func:`cue_accounting`)."""
    # (1) its own direction cues, and the cues of the amounts it binds or sets aside
    used = {m for name, m in relation.roles if m is not None and is_direction_role(name)}
    carried: set[str] = set()
    used_quantities: set[str] = set()
    one_move = one_move_summed(frame, relation, organ)
    for q in quantity_views(frame.mentions):
        mention = frame.mention(q.mention_id)
        if mention is None:
            continue
        cues = _carried(mention)
        carried |= cues
        if role_of(relation, q.mention_id) is None:
            if set_aside_reason(frame, relation, q, target) is not None:
                used |= cues
                used_quantities.add(q.mention_id)
        elif one_move or not (
            _is_part(relation, q.mention_id)
            and q.direction == "loss"
            and not _asked_verb(q, target)
        ):
            used |= cues  # (a part taken away from what is held is no part of the sum)
            used_quantities.add(q.mention_id)
    # (2) the question's own cues
    unknown = frame.mention(target.mention_id) if target.mention_id is not None else None
    if unknown is not None:
        used |= _carried(unknown)
        carried |= _carried(unknown)
    asked_verbs = {verb_stem(target.verb), verb_stem(target.than_verb)} - {None}
    question = unknown.span.sentence_index if unknown is not None else -1
    for cue in frame.mentions:  # the question's verbs, as the target read them
        if (
            cue.kind == "cue"
            and cue.span.sentence_index == question
            and verb_stem(cue.span.text.lower()) in asked_verbs
        ):
            used.add(cue.mention_id)
            carried.add(cue.mention_id)
    loose = [m for m in frame.mentions if m.kind == "cue" and m.mention_id not in carried]
    bound_spans = [
        m.span for m in frame.mentions if m.kind == "quantity" and m.mention_id in used_quantities
    ]
    # (3) the move the question asks about, told with no number ("some children got off ...
    # How many got off?"): the one unnumbered cue of the asked verb, or "some more" in the
    # asked verb's sentence; two of them and neither is the unknown's
    asked = verb_stem(target.verb)
    if unknown is not None:
        same = [c for c in loose if asked is not None and verb_stem(c.span.text.lower()) == asked]
        some_more = [c for c in loose if _some_more(frame, c, target)]
        for found in (same, some_more):
            if len(found) == 1:
                used.add(found[0].mention_id)
    for cue in loose:
        if cue.mention_id in used:
            continue
        views = quantity_views(frame.mentions)
        bound = [v for v in views if role_of(relation, v.mention_id) is not None]
        if (
            _purpose(frame, cue, used, bound_spans)
            or _left_for(frame, cue, target)
            or _generic(frame, cue)
            or before_now_sentence(frame, cue.span.sentence_index, bound, target)
            or _equal_shares(frame, cue, organ, bound, target)
            or moved_some_before_now(frame, cue, bound, target)
            or category_told(frame, cue, bound)
            or participle_of_the_groups(frame, cue, relation, target)
        ):
            used.add(cue.mention_id)
    return used


def moved_some_before_now(
    frame: ProblemFrame, cue: Mention, bound: list[QuantityView], target: TargetView
) -> bool:
    """``cue`` moved "some" of an unsaid amount, and its own clause goes on to what is held
    "now", every amount the relation binds ("She gave some of her cards to Jeff and now has
    404 cards"), while the question asks what is held (no move, present or now): the move is
    the history of the state asked, no step of the relation."""
    if target.direction is not None or (target.verb is not None and target.verb not in HAVE_VERBS):
        return False
    if target.tense != "present" and target.time != "now":
        return False
    sentence = cue.span.sentence_index
    told = [b for b in bound if not b.in_question]
    later = [
        frame.mention(b.mention_id)
        for b in told
        if b.sentence == sentence and b.state in ("now", "left") and b.start > cue.span.end
    ]
    if not later or len(later) != len(told):
        return False  # "now has 5 red pens" beside the 2 blue pens she had: did blue ones go?
    first = min(m.span.start for m in later if m is not None)
    between = re.findall(r"[a-z]+", frame.source_text[cue.span.end : first].lower())
    return "some" in between and "now" in between and not any(w.isdigit() for w in between)


def _equal_shares(
    frame: ProblemFrame, cue: Mention, organ: str, bound: list[QuantityView], target: TargetView
) -> bool:
    """``cue`` is the verb of the sentence that says the groups are equal ("If he gained the
    same number of points each round"): the sharing the relation itself reads."""
    return equal_shares_said(frame, cue.span.sentence_index, organ, bound, target)


def equal_shares_said(
    frame: ProblemFrame, sentence: int, organ: str, bound: list[QuantityView], target: TargetView
) -> bool:
    """``sentence`` says the groups of the relation's sharing are equal: "the same number" or
    "equally", and "each", "every" or "per" its group noun."""
    comp = composition(organ)
    steps = (comp.first, comp.second) if comp is not None else (organ,)
    if not {"partition", "equal_groups"} & set(steps):
        return False
    groups = {target.per} | {b.per for b in bound} - {None, "each"}
    groups |= {b.entity for b in bound} | {b.unit for b in bound}
    words = sentence_words(frame, sentence)
    equal = "same" in words or "equal" in words or "equally" in words
    return (equal and any(
        words[i] in ("each", "every", "per") and noun_key(words[i + 1]) in groups
        for i in range(len(words) - 1)
    )) or each_of_the_groups_alike(words, groups, {target.entity, target.unit})


def _purpose(
    frame: ProblemFrame, cue: Mention, used: set[str], bound_spans: list[SourceSpan]
) -> bool:
    """``cue`` is "to V" after a used verb or a used amount in its clause: the purpose of that
    move ("2 more birds came to join them", "spent $ 6 to buy books"), no move of its own."""
    sentence = cue.span.sentence_index
    before = frame.source_text[max(0, cue.span.start - 60) : cue.span.start]
    if not re.search(r"\bto\s+$", before):
        return False
    clause_start = max(before.rfind(mark) for mark in (".", ",", ";", "?", "!")) + 1
    lo = cue.span.start - len(before) + clause_start
    anchors = [s for s in bound_spans if s.sentence_index == sentence]
    anchors += [
        m.span
        for m in frame.mentions
        if m.kind == "cue" and m.mention_id in used and m.span.sentence_index == sentence
    ]
    return any(lo <= span.start and span.end <= cue.span.start for span in anchors)


def _left_for(frame: ProblemFrame, cue: Mention, target: TargetView) -> bool:
    """``cue`` is the question's "to V" after what is left: "How much does she have left to
    spend on a seat?" (``reader.states.left_for_a_purpose``): what the rest is for, no move."""
    unknown = frame.mention(target.mention_id) if target.mention_id is not None else None
    if target.state != "left" or unknown is None:
        return False
    if cue.span.sentence_index != unknown.span.sentence_index:
        return False
    said = frame.source_text[unknown.span.start : cue.span.start].lower()
    if re.search(r"\b(?:left|remaining)\b[^.?!]*\bto\s+$", said) is None:
        return False
    sentence = frame.sentences[cue.span.sentence_index]
    rest = frame.source_text[cue.span.end : sentence.end].lower()
    after = {noun_key(w) for w in re.findall(r"[a-z]+", rest)}
    # "She spent $3 on books. How much did she have left to spend on books?": that use is told
    return not any(
        q.object in after for q in quantity_views(frame.mentions) if q.object and not q.in_question
    )


def _some_more(frame: ProblemFrame, cue: Mention, target: TargetView) -> bool:
    """``cue`` is the "more" of "some more", the amount the question asks for told with no
    number: "some more" of the asked thing ("Some more campers went rowing"), or with its noun
    unsaid in a sentence told with the asked verb ("After some more arrived", "some more in
    the afternoon" after "he received")."""
    if attribute(cue.attributes, "direction") not in ("more", "fewer"):
        return False
    before = frame.source_text[max(0, cue.span.start - 12) : cue.span.start].lower().split()
    if before[-1:] not in (["some"], ["yet"]):  # "and yet more pages of reading homework"
        return False
    after = re.findall(r"[A-Za-z]+", frame.source_text[cue.span.end : cue.span.end + 60])
    nouns = {noun_key(word) for word in after[:3]}
    if {target.entity, target.unit} & nouns - {None}:
        return True
    asked = verb_stem(target.verb or target.than_verb)
    said = sentence_words(frame, cue.span.sentence_index)
    return (
        asked is not None
        and (not after or after[0].lower() in _NOT_NOUNS or verb_stem(after[0].lower()) == asked)
        and any(verb_stem(word) == asked for word in said)
    )


_NOT_NOUNS: Final = frozenset(
    {"in", "on", "at", "to", "from", "for", "during", "and", "but", "than", "arrived", "came"}
)


def _generic(frame: ProblemFrame, cue: Mention) -> bool:
    """``cue`` is the verb of a sentence that counts nothing and quantifies nothing, told in
    the present as a habit or a possibility ("Danny collects bottle caps", "T-shirts can be
    purchased in packages") or as going on ("went to see the oranges being harvested", "the
    apples being picked"): a description, not a move of an amount."""
    word = cue.span.text.lower()
    before = frame.source_text[max(0, cue.span.start - 12) : cue.span.start].lower().split()
    present = word.endswith("s") or before[-1:] in (["be"], ["is"], ["are"], ["being"])
    return present and counts_nothing(frame, cue.span.sentence_index)


def counts_nothing(frame: ProblemFrame, sentence: int) -> bool:
    """The sentence holds no quantity and no quantifier ("some", "more", "several"...)."""
    if any(m.kind == "quantity" and m.span.sentence_index == sentence for m in frame.mentions):
        return False
    return not set(sentence_words(frame, sentence)) & _QUANTIFIERS


