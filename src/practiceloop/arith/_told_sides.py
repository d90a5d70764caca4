"""Amounts of the asked thing told apart by a kind, an activity or a purpose, and comparisons of
two rates per one group.

"There are 6 baskets of peaches. Each basket has 16 red peaches and 18 green peaches. How
many red peaches are in the baskets altogether?" counts peaches twice in one sentence, told
apart only by "red" and "green"; "Every day Ryan spends 6 hours on learning english and 2
hours on learning chinese. How many more hours does he spend on learning english than he does
on learning chinese?" counts hours twice, told apart by what they are spent on, and compares
two rates per day. Pure functions of a frame, quantity views and the target, shared by the
organs' contract, the compare organ's candidates and the proofs, so that they agree:

* :func:`kind_told_apart` / :func:`side_told_apart`: ``q`` counts the asked noun, of a kind
  (or on a side: an activity, a purpose, a time) spelled with its own number, and the question
  asks kinds (sides), none of them ``q``'s: it is no step of the asked amount;
* :func:`compared_rate_group`: the group per which a comparison's two sides are rates ("per
  day" asked, or a habit "every day" told of every amount of the asked thing, asked in the
  present, with no count of days anywhere);
* :func:`rate_sides_read`: the bound sides of a comparison are both plain amounts, or both
  rates per the compared group.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.antecedents import agreeing_antecedent
from practiceloop.arith.lexicon import (
    COMPLEMENT_PAIRS,
    STOP_WORDS,
    TIME_UNITS,
    noun_key,
    verb_key,
)
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    attribute,
    entity_compatible,
    owner_of,
    quantity_views,
    sentence_words,
)
from practiceloop.kernel.frame import ProblemFrame

__all__ = [
    "activity_or_purpose",
    "asked_kinds",
    "asked_sides",
    "compared_rate_group",
    "groups_of_the_asked_rate",
    "kind_never_told",
    "kind_spelled_after",
    "kind_told_apart",
    "of_the_subject_kind",
    "other_kind",
    "other_side",
    "rate_group",
    "rate_moved_other_way",
    "rate_sides_read",
    "side_spelled",
    "side_told_apart",
    "sides_of_another",
    "summed_rate_group",
    "told_apart",
    "told_sides",
    "told_sides_units",
]

_INSIDE: Final = frozenset({"of"})
"""Stop words that may stand inside a counted noun phrase ("60 sacks of ripe oranges")."""


def asked_kinds(target: TargetView) -> frozenset[str]:
    """The kind words the question asks: its own modifier and the one after "than"."""
    return frozenset((target.modifier or "").split()) | frozenset(
        (target.than_modifier or "").split()
    )


def kind_spelled_after(frame: ProblemFrame, q: QuantityView) -> bool:
    """The words right after ``q``'s number spell its kind and its noun ("18 green peaches",
    "60 sacks of ripe oranges"), with no word between but content words and "of": the kind
    is told of this number, not copied to it from another clause."""
    mention = frame.mention(q.mention_id)
    if mention is None or q.modifier is None or q.entity is None:
        return False
    missing = {*q.modifier.split(), q.entity}
    after = re.findall(r"[A-Za-z]+", frame.source_text[mention.span.end : mention.span.end + 80])
    for word in after[:6]:
        lower = word.lower()
        missing.discard(noun_key(lower))
        missing.discard(lower)
        if not missing:
            return True
        if lower in STOP_WORDS and lower not in _INSIDE:
            return False
    return False


def kind_told_apart(frame: ProblemFrame, q: QuantityView, target: TargetView) -> bool:
    """``q`` counts the asked noun in the asked unit, of a kind the question does not ask:
    "18 green peaches" when the question asks "red peaches" (or compares "ripe oranges" with
    "unripe oranges"). False when the question asks no kind ("How many peaches?" may count
    every kind), when ``q`` tells no kind, or tells it nowhere right after its number."""
    if q.modifier is None or q.in_question or q.compare is not None:
        return False  # "4 more green peaches than red ones" ties the kinds, sets none apart
    if q.entity == target.entity and q.unit == target.unit:
        asked = asked_kinds(target)
    elif target.subject_kind is not None and q.entity == target.subject_noun:
        asked = frozenset({target.subject_kind})  # "How many days would the soda bottles last?"
    else:
        return False
    if not asked or set(q.modifier.split()) & asked:
        return False
    return kind_spelled_after(frame, q)


def of_the_subject_kind(q: QuantityView, target: TargetView) -> bool:
    """``q`` is an amount of the kind the question's subject names ("How many days would the
    soda bottles last?": soda bottles), or the question names no kind of its subject, or
    ``q`` counts another thing than the subject."""
    if target.subject_kind is None or q.entity != target.subject_noun:
        return True
    return target.subject_kind in (q.modifier or "").split()


def other_kind(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """The set-aside reason ``other_kind``: ``q`` is of a kind the question does not ask
    (:func:`kind_told_apart`: "162 water bottles" when it asks how long the soda bottles
    last), listed in its sentence beside a bound amount of the same noun under the same verb
    and rate ("bought 360 soda bottles and 162 water bottles")."""
    if not kind_told_apart(frame, q, target):
        return False
    return any(
        b.sentence == q.sentence
        and b.entity == q.entity
        and b.per == q.per
        and verb_key(b.verb or "") == verb_key(q.verb or "")
        and b.modifier != q.modifier
        for b in bound
    )


def asked_sides(target: TargetView) -> frozenset[str]:
    """The sides (times, purposes, activities) the question asks: its own (each of "monday
    and tuesday") and the one after "than"."""
    said = set((target.side or "").split(" and ")) | {target.than_side or ""}
    return frozenset(said - {""})


def activity_or_purpose(side: str | None) -> bool:
    """``side`` is an activity ("on learning english") or a purpose ("to build house"), not a
    time ("monday", "first week"): the reader writes these with their preposition."""
    words = (side or "").split()
    return len(words) == 3 and words[0] in ("on", "to")


def side_spelled(frame: ProblemFrame, q: QuantityView) -> bool:
    """``q``'s side is spelled in its own sentence, word for word but for an article or a
    possessive ("on learning english", "to build a house" for ``to build house``, "on
    monday")."""
    side = (q.side or "").split()
    if not side:
        return False
    words = [
        w
        for w in sentence_words(frame, q.sentence)
        if w not in ("a", "an", "the", "his", "her", "their", "its")
    ]
    keys = [noun_key(w) for w in words]
    return any(
        all(side[j] in (words[i + j], keys[i + j]) for j in range(len(side)))
        for i in range(len(words) - len(side) + 1)
    )


def side_told_apart(frame: ProblemFrame, q: QuantityView, target: TargetView) -> bool:
    """``q`` counts the asked thing (same entity and unit) on a side the question does not ask,
    spelled in its sentence: "2 hours on learning english" when the question compares
    "on learning chinese" with "on learning spanish". False when the question asks no side,
    or ``q`` has none."""
    asked = asked_sides(target)
    if not asked or q.side is None or q.side in asked or q.in_question or q.compare is not None:
        return False  # "320 more fans came to the second game than to the first": both sides
    if not entity_compatible(q.entity, None, q.unit, target):
        return False
    return side_spelled(frame, q)


def told_apart(frame: ProblemFrame, q: QuantityView, target: TargetView) -> bool:
    """``q`` is of a kind or on a side the question does not ask (:func:`kind_told_apart`,
    :func:`side_told_apart`)."""
    return kind_told_apart(frame, q, target) or side_told_apart(frame, q, target)


def _habit_group(frame: ProblemFrame, target: TargetView) -> str | None:
    """The period of a habit the question asks: every amount of the asked thing the story
    tells is a rate per one period ("Every day Ryan spends 6 hours on learning english and 2
    hours on learning chinese": ``day``), the question is in the present, and no amount
    counts that period ("If he learns for 5 days" may make the question ask the total)."""
    views = quantity_views(frame.mentions)
    told = [
        q
        for q in views
        if not q.in_question
        and q.compare is None
        and entity_compatible(q.entity, None, q.unit, target)
    ]
    groups = {q.per for q in told}
    if not told or len(groups) != 1:
        return None
    group = next(iter(groups))
    if group not in TIME_UNITS or target.tense != "present":
        return None
    if any(group in (q.unit, q.entity) and q.per is None for q in views):
        return None  # "If he learns for 5 days": the days are counted
    return group


def _asked_group(frame: ProblemFrame, target: TargetView) -> str | None:
    """The group the question asks per ("per day", "each day", "in each basket") when the
    story tells some amount of the asked thing per it; None otherwise."""
    if target.per is None:
        return None
    told = any(
        q.per == target.per
        and not q.in_question
        and entity_compatible(q.entity, None, q.unit, target)
        for q in quantity_views(frame.mentions)
    )
    return target.per if told else None


def compared_rate_group(frame: ProblemFrame, target: TargetView) -> str | None:
    """The group per which a comparison's sides are rates, or None (plain amounts compared):
    the group the question asks per ("How many more sacks of ripe oranges than unripe
    oranges are harvested per day?": ``day``), or the period of a habit asked as a habit
    (:func:`_habit_group`: "Every day Ryan spends ... How many more hours does he spend on X
    than on Y?", or "If he spends 2 hours more on X than on Y, how many hours does he spend
    on Y?"). A question in the past or the future, or one counting the periods, asks no
    habit."""
    if target.per is not None:
        return target.per
    return _habit_group(frame, target)


def summed_rate_group(frame: ProblemFrame, target: TargetView) -> str | None:
    """The group per which a sum's parts are rates, or None (plain amounts summed): the group
    the question asks per, when the story tells amounts of the asked thing per it ("Each
    basket has 7 red peaches and 3 green peaches. How many peaches are in each basket?"),
    or the period of a habit asked in the present ("Every day Ryan spends 6 hours on
    learning english and 7 hours on learning chinese. How many hours does he spend on
    learning english and chinese in all?": ``day``)."""
    if target.state in ("more", "fewer"):
        return None
    return _asked_group(frame, target) or _habit_group(frame, target)


def rate_group(frame: ProblemFrame, target: TargetView, organ: str) -> str | None:
    """The group ``organ``'s compared sides or summed parts are rates per (None: plain)."""
    if organ == "compare":
        return compared_rate_group(frame, target)
    if organ == "combine":
        return summed_rate_group(frame, target)
    return None


def rate_sides_read(
    frame: ProblemFrame, sides: list[QuantityView], target: TargetView, organ: str = "compare"
) -> bool:
    """Every bound side of a comparison (or part of a sum) is a rate per the group
    (:func:`rate_group`) when there is one, and none is a rate when there is none."""
    group = rate_group(frame, target, organ)
    return all(q.per == group for q in sides)


def kind_never_told(frame: ProblemFrame, target: TargetView) -> bool:
    """The question asks a kind ("How many red pens ...?", "than blue pens") that the story
    spells nowhere: no amount of the text can be of that kind ("Each box has 16 pens. How
    many red pens are in the 6 boxes?")."""
    asked = asked_kinds(target)
    if not asked:
        return False
    unknown = frame.mention(target.mention_id or "")
    question = unknown.span.sentence_index if unknown is not None else -1
    told: set[str] = set()
    for index in range(len(frame.sentences)):
        if index != question:
            said = sentence_words(frame, index)
            told |= set(said) | {noun_key(w) for w in said}
    return any(not _told_or_paired(word, told) for word in asked)


_NOT_KINDS: Final = frozenset({"extra", "other", "more", "additional", "remaining"})
"""Words before a noun that say how many more, not what kind ("extra", "other")."""


def _told_or_paired(word: str, told: set[str]) -> bool:
    """``word`` is told, says no kind, or is the complement of a property a complement reading
    may tell ("bad" of "good", "unripe" of "ripe": :data:`~.lexicon.COMPLEMENT_PAIRS`)."""
    if word in told or word in _NOT_KINDS:
        return True
    if word.startswith("un") and word[2:] in told:
        return True
    return any(word in pair for pair in COMPLEMENT_PAIRS)


def sides_of_another(
    frame: ProblemFrame, sides: list[QuantityView], target: TargetView, names: frozenset[str]
) -> bool:
    """A comparison whose question asks one holder's two kinds or sides ("How many more red
    pens than blue pens does Ann have?", "... does he spend on X than he does on Y?") binds
    sides read as two holders' ("Ann has 6 red pens. Bob has 2 blue pens"), or a side of
    another holder than the asked one. A question whose "than" names a holder ("than Bob")
    compares two holders and is no such question; nor is one that names no one holder
    ("are there", "do they have")."""
    if target.than_modifier is None and target.than_side is None:
        return False  # "than Steven", "than her friends": two holders compared
    if target.than in names or not _asks_one_holder(frame, target, names):
        return False
    owners = {owner_of(frame, q) for q in sides} - {None}
    asked = owner_of(frame, target)
    return len(owners) > 1 or (asked not in (None, "group") and bool(owners - {asked}))


_ONE: Final = frozenset({"he", "she", "him", "her", "his"})


def _asks_one_holder(frame: ProblemFrame, target: TargetView, names: frozenset[str]) -> bool:
    """The question names one holder: its owner read, or a name or a singular personal pronoun
    among its words ("than blue pens does Ann have?")."""
    if target.owner == "group":
        return False
    if owner_of(frame, target) is not None:
        return True
    unknown = frame.mention(target.mention_id or "")
    if unknown is None:
        return False
    said = set(sentence_words(frame, unknown.span.sentence_index))
    return bool(said & (names | _ONE))


def _way(frame: ProblemFrame, q: QuantityView | TargetView, money: bool) -> str | None:
    """The way ``q``'s own cue moves the asked thing (its money's way when money is asked)."""
    mention_id = q.mention_id
    mention = frame.mention(mention_id or "")
    cue_id = attribute(mention.attributes, "cue") if mention is not None else None
    cue = frame.mention(cue_id or "")
    if cue is None or cue.kind != "cue":
        return None
    key = "money_direction" if money else "direction"
    return attribute(cue.attributes, key) or attribute(cue.attributes, "direction")


def _one_holder(frame: ProblemFrame, size: QuantityView, target: TargetView) -> bool:
    """The rate and the question are told of one holder: one owner read, or (unresolved) the
    same pronoun said ("they harvest ... did they sell?")."""
    owner = owner_of(frame, size)
    if owner is not None:
        return owner in (owner_of(frame, target), _named_by_the_asked_pronoun(frame, target))
    said = frame.mention(size.subject or "")
    asked = frame.mention(target.subject or "")
    return (
        owner_of(frame, target) is None
        and said is not None
        and asked is not None
        and said.span.text.lower() == asked.span.text.lower()
    )


def _named_by_the_asked_pronoun(frame: ProblemFrame, target: TargetView) -> str | None:
    """The name of the one person the question's subject pronoun agrees with ("Tim bakes ...
    How many pies does he sell?": Tim), as :func:`~practiceloop.arith.antecedents.
    agreeing_antecedent` fixes it; None when the text fixes no one."""
    pronoun = frame.mention(target.subject or "")
    if pronoun is None or pronoun.kind == "actor":
        return None
    heads = agreeing_antecedent(frame, pronoun)
    return attribute(heads[0].attributes, "name") if heads and len(heads) == 1 else None


def rate_moved_other_way(
    frame: ProblemFrame, size: QuantityView | None, target: TargetView
) -> bool:
    """A total asked by a move one way ("How many sacks did they sell?") over a rate told with
    a move the other way ("They harvest 24 sacks per day"): the groups of what came in are no
    total of what went out. A rate or a question told with no move ("has", "are") is
    none, and so is a rate and a question of two holders ("A stall sold fans for 3 dollars
    each ... how much did they spend?": the stall's gain is the buyers' loss) or of a thing
    ("each balloon popped gives 3 points"); nor is a text that says what was got lasted
    ("She drank 9 bottles a day. If the bottles lasted 5 days, how many had she bought?":
    all she bought she drank)."""
    said = {verb_key(w) for w in re.findall(r"[a-z]+", frame.source_text.lower())}
    if size is None or "last" in said:
        return False  # "drank 9 bottles a day; the bottles lasted 5 days": all bought was drunk
    if size.subject is None or target.subject is None or not _one_holder(frame, size, target):
        return False  # "each balloon popped gives 3 points ... do you get?": no one's move
    money = target.unit in ("dollar", "cent") or target.entity == "money"
    asked, told = _way(frame, target, money), _way(frame, size, money)
    moves = ("gain", "loss")
    return asked in moves and told in moves and asked != told


def told_sides(bound: dict[str, QuantityView]) -> list[QuantityView]:
    """The bound sides of a comparison (``compared``, ``referent``, or their summed terms)."""
    return [q for name, q in bound.items() if name.startswith(("compared", "referent"))]


def told_sides_units(
    frame: ProblemFrame, organ: str, bound: dict[str, QuantityView], target: TargetView | None
) -> str | None:
    """The unit proof's code for a comparison whose sides (a sum whose parts and whole) are not
    all plain amounts or all rates per one group (:func:`rate_sides_read`):
    ``rate_unit_mismatch``."""
    if organ not in ("compare", "combine") or target is None:
        return None
    sides = told_sides(bound) if organ == "compare" else list(bound.values())
    return None if rate_sides_read(frame, sides, target, organ) else "rate_unit_mismatch"


def other_side(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """The set-aside reason ``other_side``: ``q`` is on a side the question does not ask,
    spelled in its sentence (:func:`side_told_apart`: "2 hours on feeding birds" when the
    question compares washing cars with painting walls), and every bound amount told on a
    side is on an asked one, at least one of them (an amount told on no side, "If he works
    for 6 days", sets none apart)."""
    if not side_told_apart(frame, q, target):
        return False
    asked = asked_sides(target)
    sided = [b for b in bound if b.side is not None]
    return bool(sided) and all(b.side in asked for b in sided)


def groups_of_the_asked_rate(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """The whole-text reason ``groups_of_the_asked_rate``: the question asks an amount per a
    group ("How many peaches are in each basket?", "... each day?"), every amount the relation
    binds is told per that group, and ``q`` only counts those groups ("There are 65 baskets
    of peaches", "If he learns for 86 days"): how many groups there are cannot change what one
    holds. A count of anything else, a rate, or a bound amount told in all ("650 peaches in
    all") is none. (Before any role is bound, as the organs' gate asks, the story must tell
    some amount of the asked thing per the group; quantity accounting asks again of the
    bound amounts.)"""
    group = target.per
    if group is None or target.state != "each" or q.per is not None or q.compare is not None:
        return False
    if group not in (q.unit, q.entity) or q.direction is not None or q.state is not None:
        return False
    if _asked_group(frame, target) is None:
        return False  # no amount of the asked thing is told per that group
    return all(b.per == group for b in bound if not b.in_question)
