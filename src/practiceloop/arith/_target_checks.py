"""What the target proof checks of a one-step relation's bound amounts against the question.

Private to :mod:`practiceloop.arith.proofs` (``arith.target_continuity``): whose the bound
amounts are (a second actor told "another girl", a part outside the group that holds the
whole, a part whose sentence names someone no owner was read for), which kind they count
(a kind the text tells apart and an amount that names none), and which move the question asks
(a chain's second move, or the one told). Pure functions of a frame, its bound views and the
target view.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

from practiceloop.arith.lexicon import (
    MODAL_WORDS,
    PERSON_NOUNS,
    POSSESSIVE_BEFORE,
    TIME_UNITS,
    noun_key,
    words,
)
from practiceloop.arith.lexicon import verb_key as verb_stem
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    actor_names,
    attribute,
    owner_of,
    quantity_views,
)
from practiceloop.arith.set_aside import sentence_words
from practiceloop.kernel.frame import ProblemFrame

__all__ = [
    "NOT_DONE_WORDS",
    "asked_owner_untold",
    "filled_by_another_thing",
    "groups_of_another",
    "groups_outside_the_rate",
    "kind_untold",
    "member_counted_twice",
    "move_told",
    "names_someone",
    "part_exceeds_its_kind",
    "part_outside_the_group",
    "rate_of_another",
    "told_by_another",
    "told_not_yet",
]


_MANY: Final = words("they both together")


def told_by_another(
    frame: ProblemFrame, bound: dict[str, QuantityView], target: TargetView
) -> bool:
    """ "Ann has 5 apples in each box. Another girl has 20 apples. How many boxes does Ann
    have?": a bound amount told of "another <noun>" (its subject noun, "another girl",
    "another printer", or a person noun read as an actor, "another mailman") is a second
    actor's; what is shared is then not the one asked about,
    unless the question asks about many ("they", "both", "together", a group)."""
    question = frame.targets[0].evidence_spans[0].sentence_index if frame.targets else -1
    if set(sentence_words(frame, question)) & _MANY or target.owner == "group":
        return False
    for view in bound.values():
        words_at = sentence_words(frame, view.sentence)
        noun = view.subject_noun
        if noun is not None and any(
            w == "another" and noun_key(n) == noun for w, n in itertools.pairwise(words_at)
        ):
            return True
        actor = frame.mention(view.subject or "")
        if actor is not None and actor.kind == "actor":  # "Another mailman gives 60 letters"
            before = frame.source_text[max(0, actor.span.start - 9) : actor.span.start]
            if before.lower().split()[-1:] == ["another"]:
                return True
    return False


def filled_by_another_thing(
    frame: ProblemFrame, bound: dict[str, QuantityView], target: TargetView
) -> bool:
    """ "Each crate holds 8 jars. Ben has 40 jars and 16 lids. How many crates will the lids
    fill?": the question's subject is a thing a plain amount no role uses counts, and no bound
    amount that is no rate counts it: what is shared is not what the question says fills the
    groups."""
    noun = target.subject_noun
    used = {q.mention_id for q in bound.values()}
    unbound = {
        q.entity
        for q in quantity_views(frame.mentions)
        if q.per is None and q.unit is None and q.mention_id not in used and not q.in_question
    }
    shared = {q.entity for q in bound.values() if q.per is None}
    return noun is not None and noun in unbound and noun not in shared


def part_outside_the_group(
    frame: ProblemFrame, whole: QuantityView, bound: dict[str, QuantityView]
) -> bool:
    """ "Cal and Dee have 25 marbles together. Eve has 10 marbles. How many does Dee have?":
    a whole a group holds (its owner read ``group``) is made of its members' parts, the people
    named in its sentence before its number; a part owned by someone else (Eve) is none of
    them. False for a whole of one owner, or a group whose members the sentence does not name."""
    if whole.owner != "group":
        return False
    members = _names_before(frame, whole)
    if len(members) < 2:
        return False
    people = actor_names(frame)
    parts = [q for name, q in bound.items() if name.startswith("part_")]
    owners = {owner_of(frame, q) for q in parts} & people
    return bool(owners - members)


def member_counted_twice(
    frame: ProblemFrame, whole: QuantityView, bound: dict[str, QuantityView], target: TargetView
) -> bool:
    """ "Allan brought 5 balloons. Allan and Jake brought 6 balloons in all. How many did Allan
    bring?": a whole its group's members hold is one part a member, so two parts of one named
    member (a told one and another told or asked one) leave another member's part out. False
    for a whole of one owner, or a group whose members the sentence does not name."""
    if whole.owner != "group" or len(_names_before(frame, whole)) < 2:
        return False
    people = actor_names(frame)
    owners = [owner_of(frame, q) for name, q in bound.items() if name.startswith("part_")]
    if owner_of(frame, target) in people:
        owners.append(owner_of(frame, target))  # the asked part, when a member is asked
    named = [owner for owner in owners if owner in people]
    return len(named) != len(set(named))


def kind_untold(frame: ProblemFrame, bound: dict[str, QuantityView], target: TargetView) -> bool:
    """The question asks one kind of a thing ("red books"), the text tells other kinds of it
    apart ("14 red books and 6 blue books"), and a bound amount names no kind ("He gave away
    4 books"): which kind it counts is not told, so it is no amount of the asked kind."""
    if target.modifier is None:
        return False
    asked = set(target.modifier.split())
    others = any(
        q.entity == target.entity and q.modifier and not asked & set(q.modifier.split())
        for q in quantity_views(frame.mentions)
    )
    return others and any(q.modifier is None and not q.in_question for q in bound.values())


def move_told(
    frame: ProblemFrame, bound: dict[str, QuantityView], target: TargetView, asked_at: int
) -> bool:
    """The question may ask a move the story told, by its verb and way, rather than a second
    one of an unsaid amount. It asks the second one only when the story tells it ("some",
    "several", "a few") and the question names what sets it apart from the told one: its
    time ("bought 5 on Monday and some on Tuesday ... on Tuesday?") or the person it went
    to, named after the unsaid amount ("gave 195 to John and some more to Jeff ... to
    Jeff?"). "After she ate 3 ... How many did she eat?", "... on Monday?" or "How many did
    he give away?" ask the told move, or all of them: no second move to solve for."""
    asked = verb_stem(target.verb)
    told = [
        q
        for name, q in bound.items()
        if name.startswith("change_")
        and not q.in_question
        and verb_stem(q.verb) == asked
        and q.direction == target.direction
    ]
    if asked is None or not told:
        return False
    story = frame.source_text[:asked_at]
    unsaid = re.search(r"\b(some|several|few)\b", story.lower())
    if unsaid is None:
        return True
    if target.side is not None:
        return any(q.side == target.side for q in told)
    after = story[unsaid.end() :].split(".")[0].lower()
    named = {
        attribute(m.attributes, "name")
        for m in frame.mentions
        if m.kind == "actor" and m.span.start >= asked_at
    } - {target.owner, None}
    return not any(re.search(rf"\b{re.escape(name)}\b", after) for name in named if name)


def names_someone(frame: ProblemFrame, sentence: int) -> bool:
    return any(m.kind == "actor" and m.span.sentence_index == sentence for m in frame.mentions)


def rate_of_another(
    frame: ProblemFrame, bound: dict[str, QuantityView], target: TargetView
) -> bool:
    """ "Tom made 30 muffins. Ann bakes 10 muffins an hour. How many hours did Tom bake?": a
    rate of work over time ("an hour", "a minute") is its worker's, told as its owner or its
    subject (a person noun: "His helper can bake 10 an hour"); a worker read that is not the
    asked owner makes it no rate of the asked one's work. A rate whose subject is someone's
    person ("Her sister uses 4 beads for each bracelet") is that person's. Any other rate told
    by a named person is that person's too ("Lou puts 7 candies in each bag. How many bags does Pam
    fill?"). False when either is not read."""
    asked = owner_of(frame, target)
    if asked is None or asked == "group":
        return False
    people = actor_names(frame)
    for view in bound.values():
        if view.per is None:
            continue
        worker = owner_of(frame, view) or _named_before(frame, view)
        if view.per in TIME_UNITS and worker is None and view.subject_noun in PERSON_NOUNS:
            worker = view.subject_noun
        if worker != asked and _possessed_subject(frame, view):
            return True  # "Her sister uses 4 beads for each bracelet": the sister's rate
        if view.per not in TIME_UNITS and not {worker, asked} <= people:
            continue  # another rate ("each friend gets 3"): only two named people disagree
        if worker is not None and worker != "group" and worker != asked:
            return True
    return False


def groups_outside_the_rate(frame: ProblemFrame, bound: dict[str, QuantityView]) -> bool:
    """ "Lou had 6 bags with 5 marbles in each bag. Kim had 3 bags.": a rate told of one named
    person's groups (its owner read in its own clause) says what those groups hold, not what
    another named person's groups do. False for a rate told of no one ("Each bag has 5
    marbles"), or groups of no named owner."""
    people = actor_names(frame)
    rates = {owner_of(frame, view) for view in bound.values() if view.per is not None} & people
    if len(rates) != 1:
        return False
    groups = {
        owner_of(frame, view)
        for view in bound.values()
        if view.per is None and not view.in_question and view.entity is not None
    } & people
    return bool(groups - rates)


def asked_owner_untold(frame: ProblemFrame, target: TargetView) -> bool:
    """ "Jack received 4 emails ... How many emails did Zed receive?", "How many more cats than
    dogs does Zed have now?": the question names a person (its owner, or anyone named in it
    from its target on) whom the text never names before the question's target (in any case:
    "than jackie") and who holds no told amount. Whatever the text tells, it tells of someone
    else. False for a question that names no one, or only people the story tells of."""
    mention = frame.mention(target.mention_id or "")
    if mention is None:
        return False
    asked = owner_of(frame, target)
    names = set(target.owners if asked == "group" else {asked} - {None})
    names |= {
        attribute(m.attributes, "name")
        for m in frame.mentions
        if m.kind == "actor" and m.span.start >= mention.span.start
    }
    owned = {owner_of(frame, q) for q in quantity_views(frame.mentions) if not q.in_question}
    before = set(re.findall(r"[a-z]+", frame.source_text[: mention.span.start].lower()))
    return any(name not in owned | before for name in names & actor_names(frame))


def _possessed_subject(frame: ProblemFrame, view: QuantityView) -> bool:
    """``view`` is read with a noun for its subject, told as someone's ("her sister", "his
    dad", "his machine") before its number: another worker than the one it belongs to."""
    noun = view.subject_noun
    mention = frame.mention(view.mention_id)
    if noun is None or mention is None:
        return False
    start = frame.source_text.rfind(".", 0, mention.span.start) + 1
    before = frame.source_text[start : mention.span.start].lower()
    return re.search(rf"{POSSESSIVE_BEFORE}{re.escape(noun)}\b", before) is not None


def _names_before(frame: ProblemFrame, view: QuantityView) -> set[str]:
    """The names of the people told in ``view``'s sentence before its number."""
    mention = frame.mention(view.mention_id)
    if mention is None:
        return set()
    return {
        name
        for m in frame.mentions
        if m.kind == "actor"
        and m.span.sentence_index == mention.span.sentence_index
        and m.span.start < mention.span.start
        and (name := attribute(m.attributes, "name")) is not None
    }


def _named_before(frame: ProblemFrame, view: QuantityView) -> str | None:
    """The one person named in ``view``'s sentence before its number ("Then Tom puts 7 pens in
    each box": Tom); None for none or several."""
    named = _names_before(frame, view)
    return next(iter(named)) if len(named) == 1 else None


def part_exceeds_its_kind(frame: ProblemFrame, part: QuantityView) -> bool:
    """ "She had 12 math problems and 8 science problems. She finished 15 of the math problems":
    an amount told "N of the <kind>" (a partitive) of a kind the text counts once, in the
    story, is a part of that count, and no part is more than its whole. False for a kind
    counted twice or not at all, or no partitive."""
    mention = frame.mention(part.mention_id)
    if mention is None or attribute(mention.attributes, "partitive") != "of":
        return False
    if part.value is None or part.modifier is None:
        return False
    counted = [
        q
        for q in quantity_views(frame.mentions)
        if q.mention_id != part.mention_id
        and not q.in_question
        and q.per is None
        and q.compare is None
        and (q.entity, q.modifier, q.unit) == (part.entity, part.modifier, part.unit)
    ]
    if len(counted) != 1 or counted[0].value is None:
        return False
    return part.value > counted[0].value


def groups_of_another(frame: ProblemFrame, groups: list[QuantityView], target: TargetView) -> bool:
    """ "Sara earns $9 an hour. Tom worked 6 hours. How much did Sara earn?": the groups a
    named person's total is made of are hers, when the text names whose they are; a group
    amount of another named person is none of them."""
    people = actor_names(frame)
    asked = owner_of(frame, target)
    owners = {owner_of(frame, q) for q in groups} & people
    return asked in people and bool(owners - {asked})


NOT_DONE_WORDS: Final = frozenset({"will", "going", "plans", "wants", "hopes", "ll"}) | MODAL_WORDS
"""Words before a verb that tell its move not done ("will give away", "is going to buy", "wants
to", a modal); "had to spend 5 dollars" and "was able to use 35" tell moves that were done."""


def told_not_yet(
    frame: ProblemFrame, view: QuantityView, words: frozenset[str] = NOT_DONE_WORDS
) -> bool:
    """The move ``view`` was read with is told as not done yet: one of ``words`` ("will",
    "going", "wants", "plans", "hopes" or a modal; a summed side also takes "to") in the three
    words before its verb cue ("Mia will give away 10 stickers", "She wants to buy 4 more").
    False for an amount read with no cue."""
    mention = frame.mention(view.mention_id)
    cue_id = attribute(mention.attributes, "cue") if mention is not None else None
    cue = frame.mention(cue_id) if cue_id is not None else None
    if cue is None:
        return False
    before = re.findall(r"[a-z]+", frame.source_text[: cue.span.start].lower())[-3:]
    return bool(words & set(before))
