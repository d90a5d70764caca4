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
    DETERMINERS,
    DISTANCE_UNITS,
    MODAL_WORDS,
    MONEY_UNITS,
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
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "NOT_DONE_WORDS",
    "NO_PLACE",
    "PLACE_DETERMINER",
    "asked_owner_untold",
    "compared_not_yet",
    "done_not_yet",
    "filled_by_another_thing",
    "groups_of_another",
    "groups_outside_the_rate",
    "kind_untold",
    "member_counted_twice",
    "move_of_anothers_things",
    "move_told",
    "names_someone",
    "other_activity_bound",
    "part_exceeds_its_kind",
    "part_outside_the_group",
    "parts_not_yet",
    "rate_of_another",
    "told_by_another",
    "told_not_yet",
    "trade_asked_otherwise",
    "unit_asked_untold",
]


_MANY: Final = words("they both together")


def told_by_another(
    frame: ProblemFrame, bound: dict[str, QuantityView], target: TargetView
) -> bool:
    """ "Ann has 5 apples in each box. Another girl has 20 apples. How many boxes does Ann
    have?": a bound amount told of "another <noun>" (its subject noun, "another girl",
    "another printer", or a person noun read as an actor, "another mailman") is a second
    actor's; what is shared, moved or held is then not the one asked about ("The school
    bought 24 boxes ... Another school gave away 30 pencils. How many pencils does the school
    have now?"), unless the question asks about many ("they", "both", "together", a group)."""
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


NOT_DONE_WORDS: Final = (
    frozenset({"will", "going", "plans", "wants", "hopes", "ll", "needs", "need"})
    | frozenset({"wanted", "planned", "hoped", "wished", "intended", "wishes", "intends"})
    | MODAL_WORDS
)
"""Words before a verb that tell its move not done ("will give away", "is going to buy", "wants
to", "wanted to give", "needs to spend", a modal); "had to spend 5 dollars" and "was able to
use 35" tell moves that were done."""


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


def done_not_yet(frame: ProblemFrame, bound: dict[str, QuantityView]) -> bool:
    """ "Ivo needs to sell 40 tickets. He will sell 5 tickets to his aunt. How many more does
    he need to sell?": an amount read as done towards a requirement (``need=done``) whose
    move is told as not done yet ("will", "going", "wants", a modal before its verb) is no
    step done; the requirement is still whole."""
    for view in bound.values():
        mention = frame.mention(view.mention_id)
        if mention is None or attribute(mention.attributes, "need") != "done":
            continue
        if told_not_yet(frame, view) or _verb_not_yet(frame, mention.span, view.verb):
            return True
    return False


_OF_ANOTHERS: Final = re.compile(
    r"^\s*(?:[A-Za-z-]+\s+)?of\s+(?:(?:his|her|their|my|our|your)\s+[A-Za-z]+|([A-Za-z]+))['’]s\b"
)


def move_of_anothers_things(
    frame: ProblemFrame, bound: dict[str, QuantityView], target: TargetView
) -> bool:
    """ "Ada had 9 apples. She ate 4 of Ben's apples. How many does Ada have left?": a move
    told as some of another person's things ("4 of Ben's apples", "4 of her brother's") takes
    them from that person, not from the asked holder. A bound move amount followed by "of"
    and a possessor: a name that is not the asked owner, or a possessive and a noun ("her
    brother's"). "4 of her apples" and "4 of them" stay the holder's own."""
    asked = owner_of(frame, target)
    for view in bound.values():
        mention = frame.mention(view.mention_id)
        if view.direction is None or view.in_question or mention is None:
            continue
        found = _OF_ANOTHERS.search(frame.source_text[mention.span.end : mention.span.end + 60])
        if found is not None and (found.group(1) is None or found.group(1).lower() != asked):
            return True
    return False


def _verb_not_yet(frame: ProblemFrame, span: SourceSpan, verb: str | None) -> bool:
    """The amount's own verb (read with no cue: "He will read 25 pages") has one of
    :data:`NOT_DONE_WORDS` in the three words before it, in the amount's sentence; an amount
    read with no verb ("She will work 5 hours": "work" is no verb the reader lists) has one
    in the three words before its number."""
    sentence = frame.sentences[span.sentence_index]
    said = re.findall(r"[a-z]+", frame.source_text[sentence.start : span.start].lower())
    if not verb:
        return bool(NOT_DONE_WORDS & set(said[-3:]))
    if verb not in said:
        return False
    at = len(said) - 1 - said[::-1].index(verb)
    return bool(NOT_DONE_WORDS & set(said[max(0, at - 3) : at]))


def parts_not_yet(frame: ProblemFrame, parts: list[QuantityView], asked_in: int) -> bool:
    """ "Ann will receive 5 cards from her aunt and 4 cards from her uncle. How many cards did
    Ann receive?": a part moved by a verb told as not done yet ("will", "going", "wants", a
    modal before it) is no part of what the question asks as done; a question that itself
    says a move not done ("How many cards will she receive?") asks those parts."""
    question = frame.sentences[asked_in].text.lower() if asked_in < len(frame.sentences) else ""
    if NOT_DONE_WORDS & set(re.findall(r"[a-z]+", question)):
        return False
    for view in parts:
        if view.in_question:
            continue
        mention = frame.mention(view.mention_id)
        if mention is None:
            continue
        if told_not_yet(frame, view) or _verb_not_yet(frame, mention.span, view.verb):
            return True
    return False


def trade_asked_otherwise(
    frame: ProblemFrame, told: list[QuantityView], target: TargetView
) -> bool:
    """ "Tom bought 3 pens for $2 each. How much did he earn?": money asked with a verb moves
    the way the trade told moved it (buying loses money: "spend", "pay", "cost"; selling gains
    it: "earn", "make", "get"); a verb that moves money the other way, or none ("save"), asks
    another amount. A question with no verb ("What is the total cost?") asks the trade's."""
    if target.entity != "money" or target.verb is None:
        return False
    for view in told:
        mention = frame.mention(view.mention_id)
        cue_id = attribute(mention.attributes, "cue") if mention is not None else None
        cue = frame.mention(cue_id) if cue_id is not None else None
        way = attribute(cue.attributes, "money_direction") if cue is not None else None
        if way and way != target.direction:
            return True
    return False


def other_activity_bound(
    frame: ProblemFrame, bound: dict[str, QuantityView], target: TargetView, question: int
) -> bool:
    """ "30 kids went hiking in the morning. 7 kids went swimming in the afternoon. How many
    more kids went swimming in the morning than in the afternoon?": the question asks what was
    done in one activity, and a bound amount was read with another one that the question's
    sentence (sentence ``question``) does not name ("than hiking" would). Only when the
    story reads the asked activity for some amount: the activities told are then what the
    question picks among."""
    if target.activity is None or not any(
        v.activity == target.activity and not v.in_question for v in quantity_views(frame.mentions)
    ):
        return False
    asked = {noun_key(w) for w in sentence_words(frame, question)}
    return any(
        view.activity is not None
        and view.activity != target.activity
        and view.activity not in asked
        and not view.in_question
        and view.per is None
        for view in bound.values()
    )


def compared_not_yet(
    frame: ProblemFrame, bound: dict[str, QuantityView], target: TargetView
) -> bool:
    """ "Mia did 12 lunges today. Ben will do 4 fewer lunges than Mia. How many lunges did Ben
    do?": a bound comparison told as not done yet ("will", "going", a modal before its number
    in its clause, a coordination sharing the verb) answers no question asked in the past or
    present. "How many lunges will Ben do?" asks it."""
    unknown = frame.mention(target.mention_id or "")
    asked = set(sentence_words(frame, unknown.span.sentence_index)) if unknown else set()
    if target.tense == "future" or asked & NOT_DONE_WORDS:
        return False
    for view in bound.values():
        mention = frame.mention(view.mention_id)
        if view.compare is None or view.in_question or mention is None:
            continue
        sentence = frame.sentences[view.sentence]
        before = frame.source_text[sentence.start : mention.span.start].lower()
        clause = re.split(r"[,;]|\b(?:if|when|while|than)\b", before)[-1]  # "will do 5 more
        if NOT_DONE_WORDS & set(re.findall(r"[a-z]+", clause)):  # squats but 4 fewer"
            return True
    return False


_UNIT_ASKED: Final = re.compile(r",\s*in\s+([A-Za-z]+)\s*,?\s*(?:[a-z ]*\?)?\s*$")
_MEASURE_ASKED: Final = re.compile(r"\bin\s+([A-Za-z]+)\s*\?\s*$")
_MEASURES: Final = (
    MONEY_UNITS
    | TIME_UNITS
    | DISTANCE_UNITS
    | words("ounce pound gram kilogram liter litre gallon pint quart cup ton milliliter")
    | words("euro peso yen rupee franc penny nickel dime quarter")
) - {"money"}
"""Units a question may name at its end ("How much money is left in cents?", "... in euros?")."""


def _a_measure(word: str) -> bool:
    """A unit of measure or money, plural or not ("cents", "euros", "pounds")."""
    key = noun_key(word)
    return key in _MEASURES or (key.endswith("s") and key[:-1] in _MEASURES)


def unit_asked_untold(frame: ProblemFrame, bound: dict[str, QuantityView]) -> bool:
    """ "... how much does Ivo weigh, in ounces?", "How much money is left in cents?": the unit
    a question names after a comma, or a unit of measure or money it names last ("in <unit>?"),
    is the unit of its answer; when no amount the relation binds is counted in it (by its unit,
    its thing, or "$" for dollars), the answer would be another unit's, and the relation does
    not say how to convert."""
    if not frame.targets:
        return False
    question = frame.targets[0].evidence_spans[0].sentence_index
    said = next((s.text for s in frame.sentences if s.sentence_index == question), "")
    match = _UNIT_ASKED.search(said)
    measure = _MEASURE_ASKED.search(said)
    if match is None and measure is not None and _a_measure(measure.group(1)):
        match = measure  # "How much money does he have left in cents?"
    if match is None:
        return False
    unit = noun_key(match.group(1))
    counted = {q.unit for q in bound.values()} | {q.entity for q in bound.values()}
    if unit == "dollar":
        counted |= {"dollar"} if "money" in counted else set()
    return unit not in counted


PLACE_DETERMINER: Final = rf"(?:{'|'.join(sorted(DETERMINERS, key=lambda w: (-len(w), w)))})"
"""A determiner before a place's noun (:data:`~practiceloop.arith.lexicon.DETERMINERS`)."""
_PLACE_ASKED: Final = re.compile(rf"\b(?:at|in|on|inside)\s+{PLACE_DETERMINER}\s+([a-z]+)")
_CLAUSE_END: Final = re.compile(r"[?,;]|\b(?:if|when|after|before|so)\b")
_BEING: Final = re.compile(r"\b(?:are|is|were|was|be|been|remain|remained|stay|stayed)\b")
NO_PLACE: Final = words("""
    end start beginning morning afternoon evening night day week weekend month year moment
    meantime total future past first second third last next same whole time remaining other
    rest
    """)


def asked_places(frame: ProblemFrame, target: TargetView) -> list[tuple[str, int, int]]:
    """The places the question asks of: "How many roses are in the vases?", "How many kids
    are at the store now?" — a place phrase after a verb of being, in the question's own
    clause (from its target to the first "?", comma, "if" or "when"; "... if she still had
    $800 in her purse" tells a fact, "have left, in dollars, to spend on a seat" spends).
    (noun key, start, end) of each phrase; times ("at the end", "in the morning") and
    adjectives ("on the remaining daisies") are no places."""
    mention = frame.mention(target.mention_id or "")
    if mention is None:
        return []
    lo = mention.span.start
    text = frame.source_text.lower()
    stop = _CLAUSE_END.search(text, lo)
    hi = len(text) if stop is None else stop.start()
    found = []
    for place in _PLACE_ASKED.finditer(text, lo, hi):
        word = place.group(1)
        if word in NO_PLACE or not _BEING.search(text, lo, place.start()):
            continue
        found.append((noun_key(word), place.start(), place.end()))
    return found


def asked_place_untold(frame: ProblemFrame, target: TargetView) -> bool:
    """ "12 kids were at the pool. 8 more kids came. How many kids are at the store now?":
    the question asks of a place ("at the store", "in the van", "on the shelf") the text
    names nowhere else: whatever the text tells, it tells of another place. False when the
    question names no place, or only places the text names elsewhere (and times: "at the
    end", "in the morning", are no places)."""
    text = frame.source_text.lower()
    for place, start, end in asked_places(frame, target):
        rest = text[:start] + " " + text[end:]
        if place not in {noun_key(w) for w in re.findall(r"[a-z]+", rest)}:
            return True
    return False
