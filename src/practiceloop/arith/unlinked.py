"""Numbers nothing in the text links to the asked quantity (issue 15, a helper round).

The reasons of :mod:`.unbearing` prove from the whole text that a number cannot reach the
asked quantity. These do the same for the distractors word-problem writers insert on purpose
(another person's amounts beside the asked person's, the people a thing is made for, who
told it, the period a total took, another thing's groups, a lone price); each holds only when
no word of the text could tie the number to what the relation computes:

* :func:`holder_beside_own_change`: another person's amounts ("Jason had 16 dollars ... now
  Jason has 69 dollars") when the question asks how much the asked person's amount changed
  and the relation binds that person's own amount before and after: the change is the
  difference of those two, whatever anybody else holds, unless a move ties the two people,
  and no sentence that names the other person tells one.
* :func:`made_for_people`: how many people something is made or bought for ("making
  necklaces for her 72 friends") when no word of the text gives each of them any of it: what
  the relation computes (the beads a necklace takes, the necklaces made) is the same for any
  number of friends.
* :func:`count_of_a_purchase`: how many things a told sum of money bought ("spent $ 16 to
  buy 92 books") when the question asks money but no price of one: the sum paid is the money
  moved, whatever number of things it bought.
* :func:`total_split_otherwise`: how many parts a total is split into one way ("612 pages
  equally distributed over 24 chapters") when the question asks its share split another way
  ("pages per day"): the share is the total over the other groups.
* :func:`tellers_counted`: how many told what the relation computes with ("told by 36 of
  the pickers that they fill 8 drums a day") when nothing they told is each one's: what is
  told is the same however many tell it. Cue accounting takes the "N of the pickers" subset
  as read by this reason (:data:`OBSERVATIONS_READ`).
* :func:`period_of_a_total`: the period a bound total was made in ("382 dollars in the first
  44 days") when the question asks totals and no rate of a time is told: a time reaches an
  amount only through a rate per it.
* :func:`groups_of_another`: how many groups another thing is put in ("the bananas are
  organized into 47 groups") beside the groups of the shared thing the relation binds.
* :func:`also_beside_the_grouped`: an amount of another thing held "also" beside the thing a
  partition groups, when the text names the grouped thing ("If the erasers are organized
  into 495 groups").
* :func:`price_apart`: the one amount of money in the text when the question counts things:
  money reaches a count only through another amount of money.

Pure functions of a frame, a quantity view, the amounts a relation binds and the target, with
the signature of :data:`practiceloop.arith.unbearing.SetAsideReason`; they read the frame's
mentions, relations and source text to check a reason, never to infer a role. This module
imports no other set-aside module: :mod:`.unbearing` lists its reasons after its own, so the
organs' contract (a number no role could take) and quantity accounting both accept them, and
:data:`OBSERVATIONS_READ` tells cue accounting which reader observation a reason reads on the
number it sets aside.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.informants import may_tell
from practiceloop.arith.lexicon import MONEY_UNITS, TIME_UNITS, noun_key, verb_class
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    attribute,
    entity_compatible,
    owner_of,
    quantity_views,
    sentence_words,
)
from practiceloop.kernel.frame import ProblemFrame, Relation

__all__ = [
    "OBSERVATIONS_READ",
    "UNLINKED_REASONS",
    "also_beside_the_grouped",
    "count_of_a_purchase",
    "groups_of_another",
    "holder_beside_own_change",
    "made_for_people",
    "period_of_a_total",
    "price_apart",
    "tellers_counted",
    "total_split_otherwise",
]

_OBJECTS: Final = frozenset({"him", "her", "them", "us", "me", "each", "other", "both"})
"""Words by which a sentence may tell a move to or from someone it does not name."""

_POSSESSIVES: Final = frozenset({"his", "her", "their", "its", "my", "our", "your", "s"})
"""Words that tell whose a thing is ("s" of "Ada's", split off as a word)."""


def _relation(frame: ProblemFrame, organ: str) -> Relation | None:
    return next((r for r in frame.relations if r.relation_type == organ), None)


def _named_in(frame: ProblemFrame, name: str, sentence: int) -> bool:
    """An actor mention of ``name`` lies in ``sentence``."""
    return any(
        m.kind == "actor"
        and m.span.sentence_index == sentence
        and attribute(m.attributes, "name") == name
        for m in frame.mentions
    )


def _moves_in(frame: ProblemFrame, sentence: int) -> bool:
    """A cue of the reader that moves something (a gain or a loss) lies in ``sentence``."""
    return any(
        m.kind == "cue"
        and m.span.sentence_index == sentence
        and attribute(m.attributes, "direction") in ("gain", "loss")
        for m in frame.mentions
    )


def holder_beside_own_change(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` is an amount another person holds, and the relation is the asked person's own
    change told by both its ends: "Last week Fred had 19 dollars and Jason had 16 dollars.
    They washed cars and now Fred has 40 dollars and Jason has 69 dollars. How much money did
    Fred earn?" (Jason's 16 and 69 say nothing of Fred's 40 - 19). A ``change`` whose unknown
    is the move the question asks by a verb ("earn", "make"), whose start and result are
    both bound and both the asked person's (a named owner); ``q`` a plain holding (no move,
    rate or comparison) of someone else, named in ``q``'s sentence, who is not asked, not the
    question's "than", and owns no bound amount. Nothing may tie the two: every sentence
    that names that person tells no move of the reader's and no object pronoun ("Jason gave
    him 5"); the asked person's own moves are the relation's. Refused: the other person
    asked, a move in a sentence naming them, a start or a result not the asked person's."""
    relation = _relation(frame, organ)
    if organ != "change" or relation is None or relation.role("change") != target.mention_id:
        return False
    asked = target.owner
    if asked is None or asked == "group" or target.direction is None:
        return False
    ends = [relation.role("start"), relation.role("result")]
    views = {v.mention_id: v for v in quantity_views(frame.mentions)}
    if any(m is None or m not in views or owner_of(frame, views[m]) != asked for m in ends):
        return False
    if q.in_question or q.direction is not None or q.compare is not None or q.per is not None:
        return False
    if q.additional or verb_class(q.verb) != "observation":
        return False
    holder = owner_of(frame, q)
    if holder is None or holder in ("group", asked, target.than):
        return False
    if not _named_in(frame, holder, q.sentence):
        return False
    if any(owner_of(frame, b) == holder for b in bound):
        return False
    if _clause_names(frame, q, asked):
        return False  # "Ben had 15 dollars in Ada's jar"
    told = {m.span.sentence_index for m in frame.mentions if m.kind == "actor"
            and attribute(m.attributes, "name") == holder}  # fmt: skip
    return not any(
        _moves_in(frame, s) or _OBJECTS & set(sentence_words(frame, s)) for s in told
    )


def _clause_names(frame: ProblemFrame, q: QuantityView, name: str) -> bool:
    """The clause of ``q`` (from its sentence's start or the last mark or "and" before its
    number, to the next one after it) spells ``name`` or a possessive."""
    mention = frame.mention(q.mention_id)
    if mention is None:
        return True
    text = frame.source_text
    sentence = frame.sentences[q.sentence]
    before = text[sentence.start : mention.span.start]
    opened = [m.end() for m in re.finditer(r"[,;]|\band\b|\bbut\b", before)]
    start = sentence.start + (opened[-1] if opened else 0)
    tail = re.search(r"[.,;!?]|\band\b|\bbut\b", text[mention.span.end : sentence.end])
    end = mention.span.end + (tail.start() if tail else sentence.end - mention.span.end)
    said = {w.lower() for w in re.findall(r"[A-Za-z]+", text[start:end])}
    return name in said or bool(said & _POSSESSIVES)


_FOR_WHOM: Final = re.compile(r"\bfor\s+(?:(?:his|her|their|my|our|your)\s+)?$", re.IGNORECASE)
_SHARING: Final = frozenset(
    {"per", "every", "apiece", "equally", "equal", "share", "shares", "shared", "among",
     "between", "they", "them", "their", "theirs", "one", "same"}
)  # fmt: skip
"""Words by which a text could give each of the people some of what it counts."""


def made_for_people(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` counts whom something is made or bought for, and nothing gives them any of it:
    "Emily is making bead necklaces for her 72 friends. She has 6 beads and each necklace
    takes 3 beads. How many necklaces can Emily make?" (the friends are who the necklaces are
    for; what the beads make does not change with them). ``q``'s number comes right after
    "for" (and a possessive), counts a thing of no unit, no rate and no comparison, whose noun
    the whole text spells nowhere else; the question asks another thing, no share ("each",
    "per") and nothing of them; no word of the text could give each of them some ("per",
    "every", "equally", "share", "among", "one", a plural pronoun, "each" but before a
    thing the relation counts by: "each necklace takes 3 beads"). Refused: "How many does
    each friend get?", "made 24 cookies for his 6 friends and gave them 4 each", "one for
    each", the friends named again."""
    if q.in_question or q.unit is not None or q.per is not None or q.compare is not None:
        return False
    if q.entity is None or q.additional:
        return False  # a verb read with it is the thing's ("baked 24 cookies for his 6 friends")
    mention = frame.mention(q.mention_id)
    if mention is None or not _FOR_WHOM.search(frame.source_text[: mention.span.start]):
        return False
    if target.entity == q.entity or target.per is not None or target.state == "each":
        return False
    said = [w.lower() for w in re.findall(r"[A-Za-z]+", frame.source_text)]
    keys = [noun_key(w) for w in said]
    if keys.count(q.entity) != 1 or _SHARING & set(said):
        return False
    counted_by = {b.per for b in bound} | {b.entity for b in bound} | {target.entity}
    return all(
        i + 1 < len(said) and keys[i + 1] in counted_by - {None}
        for i, word in enumerate(said)
        if word == "each"
    )


_PAID_BEFORE: Final = re.compile(
    r"^\s*(?:dollars?|cents?)?\s*(?:to\s+buy|on|for)\s+$", re.IGNORECASE
)
_PAID_AFTER: Final = re.compile(r"^(?:\s+[A-Za-z-]+){1,4}\s+for\s+(?:\$\s?)?$", re.IGNORECASE)


def _paid_with(frame: ProblemFrame, q: QuantityView, money: QuantityView) -> bool:
    """``money`` is what ``q``'s things were bought with, in one clause: "spent $ 16 to buy
    92 books", "$ 16 on 92 books", "bought 92 books for $ 16"."""
    one, two = frame.mention(money.mention_id), frame.mention(q.mention_id)
    if one is None or two is None or money.sentence != q.sentence:
        return False
    text = frame.source_text
    if one.span.end <= two.span.start:
        return bool(_PAID_BEFORE.match(text[one.span.end : two.span.start]))
    return bool(_PAID_AFTER.match(text[two.span.end : one.span.start]))


def count_of_a_purchase(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` counts what a told sum of money bought, and the question asks money but nothing
    per thing: "Edward spent $ 16 to buy 92 books. Now he has $ 6. How much did Edward have
    before he spent his money?" (the 16 dollars left his purse whatever number of books they
    bought). A bound amount of money, no rate, paid for ``q``'s things in ``q``'s clause
    ("$ 16 to buy 92 books", "bought 92 books for $ 16"); ``q`` counts a thing of no unit
    that the text spells in no other sentence (no more of them bought, no price of one told)
    and the question does not name; the question asks money, not per anything and not each
    one's; no amount of money in the text is a price per anything. Refused: "How much did
    each book cost?", "He bought 2 more books", "$ 3 for each book", the books asked."""
    if q.in_question or q.unit is not None or q.compare is not None or q.additional:
        return False
    if q.entity is None or q.entity == "money" or target.unit not in MONEY_UNITS:
        return False
    if target.per is not None or target.state == "each":
        return False
    views = quantity_views(frame.mentions)
    if any(v.unit in MONEY_UNITS and v.per is not None for v in views):
        return False
    if not any(b.unit in MONEY_UNITS and b.per is None and _paid_with(frame, q, b) for b in bound):
        return False
    others = [s for s in range(len(frame.sentences)) if s != q.sentence]
    return not any(
        q.entity in {noun_key(w) for w in sentence_words(frame, s)} for s in others
    )


_SPREAD_OVER: Final = re.compile(
    r"^(?:\s+[A-Za-z-]+)?(?:\s+equally)?"
    r"\s+(?:distributed|divided|split|spread|shared|arranged|organized|sorted)"
    r"(?:\s+equally)?\s+(?:over|into|among|between|across|in)\s+(?:the\s+)?$",
    re.IGNORECASE,
)


def total_split_otherwise(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` counts the parts a bound total is split into one way, and the question asks the
    share of that total split another way: "The book had 612 pages equally distributed over
    24 chapters. It took Frank 6 days to finish the book. How many pages did he read per
    day?" (pages per day are 612 over 6 days, however many chapters hold them). A
    ``partition`` asking the share per one thing; ``q``, a count of another thing of no unit,
    told right after the bound total it splits ("612 pages equally distributed over 24
    chapters"); the question asks per something else; the text spells ``q``'s thing in no
    other sentence and tells nothing per it. Refused: the share per chapter asked, "he read
    2 chapters a day", a number per chapter anywhere, the total not bound."""
    if organ != "partition" or target.per is None or target.per == q.entity:
        return False
    if q.in_question or q.unit is not None or q.per is not None or q.compare is not None:
        return False
    if q.entity is None or q.additional:
        return False
    mention = frame.mention(q.mention_id)
    if mention is None:
        return False
    split = False
    for b in bound:
        total = frame.mention(b.mention_id)
        if total is None or b.sentence != q.sentence or b.per is not None:
            continue
        phrase = frame.source_text[total.span.end : mention.span.start]
        split = split or bool(_SPREAD_OVER.match(phrase))
    if not split:
        return False
    if any(v.per == q.entity for v in quantity_views(frame.mentions)):
        return False
    others = [s for s in range(len(frame.sentences)) if s != q.sentence]
    return not any(
        q.entity in {noun_key(w) for w in sentence_words(frame, s)} for s in others
    )


_SAYING: Final = r"(?:told|said|reported|explained|informed|assured|wrote)"
_TOLD_BY: Final = re.compile(rf"\b{_SAYING}\s+(?:\w+\s+)?by\s+$", re.IGNORECASE)
_TELLERS_THEN_THAT: Final = re.compile(
    rf"^\s+(?:of\s+(?:the\s+|his\s+|her\s+|their\s+)?)?[A-Za-z-]+"
    rf"(?:\s+{_SAYING}(?:\s+(?:him|her|them|us|me))?)?\s+that\b",
    re.IGNORECASE,
)
_DISTRIBUTIVE: Final = frozenset({"each", "every", "apiece", "per"})


def tellers_counted(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` counts who told what the relation computes with, and what they told is said of
    no one of them: "He was told by 36 of the pickers that they fill 8 drums of grapes per
    day. How many days will it take to fill 240 drums?" (what is told is the same however
    many tell it). ``q``'s number follows "told/said ... by" or is the subject of such a verb,
    its noun phrase then "that"; every bound amount of the story is in that clause, after
    ``q``; the text spells ``q``'s thing nowhere else; no "each", "every", "per" or "apiece"
    in ``q``'s sentence or the question but before a thing the relation counts by ("per
    day"); the question asks nothing of them. Refused: "that each of them fills 8 drums",
    "that a picker fills 8 drums", the pickers asked, an amount told outside what they said,
    tellers no person or doer noun names (:func:`~.informants.may_tell`: "5 of the apples")."""
    if q.in_question or q.unit is not None or q.per is not None or q.compare is not None:
        return False
    mention = frame.mention(q.mention_id)
    if q.entity is None or mention is None or target.entity == q.entity:
        return False
    if not may_tell(q.entity):
        return False  # "told by 5 of the apples": no one who may tell
    text = frame.source_text
    told_by = _TOLD_BY.search(text[max(0, mention.span.start - 40) : mention.span.start])
    then_that = _TELLERS_THEN_THAT.match(text[mention.span.end : mention.span.end + 60])
    if then_that is None or (told_by is None and "told" not in then_that.group().lower()
                             and "said" not in then_that.group().lower()):  # fmt: skip
        return False
    that = mention.span.end + then_that.end()
    story = [b for b in bound if not b.in_question]
    if any(b.sentence != q.sentence or b.start < that for b in story):
        return False
    said = [w.lower() for w in re.findall(r"[A-Za-z]+", text)]
    if [noun_key(w) for w in said].count(q.entity) != 1:
        return False
    counted_by = {b.per for b in bound} | {target.per} - {None}
    unknown = frame.mention(target.mention_id or "")
    sentences = {q.sentence} | ({unknown.span.sentence_index} if unknown is not None else set())
    for sentence in sentences:
        words = sentence_words(frame, sentence)
        for i, word in enumerate(words):
            if word in _DISTRIBUTIVE:
                nxt = noun_key(words[i + 1]) if i + 1 < len(words) else ""
                if nxt not in counted_by:
                    return False
    return True


_PERIOD_AFTER: Final = re.compile(
    r"^(?:\s+[A-Za-z-]+){0,3}\s+(?:in|over|during|within)\s+(?:the\s+)?"
    r"(?:(?:first|last|next|remaining|following|past|other)\s+)?$",
    re.IGNORECASE,
)
_TIME_NAMES: Final = "|".join(sorted(TIME_UNITS))
_RATE_OF_TIME: Final = re.compile(
    rf"\b(?:a|an|each|every|per|one|this|that|which|the same)\s+(?:{_TIME_NAMES})s?\b"
    r"|\b(?:hourly|daily|weekly|monthly|yearly|nightly)\b",
    re.IGNORECASE,
)


def period_of_a_total(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` is the period a bound total was made in, and the question asks totals, nothing
    per a time: "The ring toss game made 382 dollars in the first 44 days and 374 dollars in
    the remaining 10 days. How much did they make in all?" (the 44 days say how long the
    382 dollars took, not how much they were). ``q`` is a number of a time unit told right
    after a bound amount ("382 dollars in the first 44 days"), no rate; every bound amount
    is a total (no rate); the question asks no time and nothing per anything; the text
    spells no rate of a time ("a day", "per day", "daily") and holds no other amount per a
    time. Refused: "How much did they make per day?", "5 dollars a day", a time asked."""
    if q.in_question or q.unit not in TIME_UNITS or q.per is not None or q.compare is not None:
        return False
    if target.per is not None or target.state == "each" or target.unit in TIME_UNITS:
        return False
    if target.entity in TIME_UNITS or _RATE_OF_TIME.search(frame.source_text):
        return False
    unknown = frame.mention(target.mention_id or "")
    if unknown is None:
        return False
    asked = {noun_key(w) for w in sentence_words(frame, unknown.span.sentence_index)}
    if asked & TIME_UNITS or any(b.per is not None for b in bound):
        return False
    if any(v.per in TIME_UNITS for v in quantity_views(frame.mentions)):
        return False
    mention = frame.mention(q.mention_id)
    if mention is None:
        return False
    for b in quantity_views(frame.mentions):
        total = frame.mention(b.mention_id)
        if total is None or b.in_question or b.sentence != q.sentence or b.start > q.start:
            continue
        if b.per is not None or not entity_compatible(b.entity, None, b.unit, target):
            continue  # the period of an amount of the asked thing, bound or not
        if _PERIOD_AFTER.match(frame.source_text[total.span.end : mention.span.start]):
            return True
    return False


def groups_of_another(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` counts groups of another thing than the one the relation shares, told alike
    beside the groups it binds: "If the bananas are organized into 47 groups and oranges are
    organized into 178 groups How big is each group of oranges?" (the banana groups hold no
    orange). A ``partition`` whose bound groups are told as groups of the bound total's
    thing (their clause's subject: "oranges are organized into 178 groups"); ``q`` counts
    the same groups noun, told as groups of another thing the text counts, which is not the
    asked one. Refused: groups of no thing told, of the asked thing, a total not bound."""
    if organ != "partition" or q.in_question or q.per is not None or q.compare is not None:
        return False
    held = q.subject_noun
    if held is None or held == target.entity or q.entity is None:
        return False
    relation = _relation(frame, organ)
    views = {v.mention_id: v for v in quantity_views(frame.mentions)}
    groups = views.get(relation.role("groups") or "") if relation is not None else None
    total = views.get(relation.role("total") or "") if relation is not None else None
    if groups is None or total is None or groups.entity != q.entity:
        return False
    if groups.subject_noun != total.entity or total.entity is None or held == total.entity:
        return False
    return any(v.entity == held and v.per is None for v in views.values())


def also_beside_the_grouped(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` counts another thing held beside the one a partition groups, and the text says
    which thing is grouped: "There are 3941 skittles in Steven's collection. Steven also has
    4950 erasers. If the erasers are organized into 495 groups How big is each group?" (the
    groups hold erasers, told by name; the skittles are held "also", beside them). A
    ``partition`` asking the size of each group of a thing; the text tells groups of that
    noun as groups of that thing ("the erasers are organized into 495 groups"), and no
    groups of any other thing; ``q``, no rate, counts another thing, spelled right after its
    number; the sentence of ``q`` or of an amount of the asked thing says "also" (two
    holdings told apart). Refused: no "also", groups told of no thing or of another, the
    groups' count asked."""
    if organ != "partition" or q.in_question or q.per is not None or q.compare is not None:
        return False
    asked, group = target.entity, target.per
    if asked is None or group is None or q.entity in (None, asked, group) or q.unit is not None:
        return False
    views = quantity_views(frame.mentions)
    told = {v.subject_noun for v in views if v.entity == group and not v.in_question}
    if told != {asked}:
        return False
    mention = frame.mention(q.mention_id)
    if mention is None:
        return False
    after = re.findall(r"[A-Za-z]+", frame.source_text[mention.span.end : mention.span.end + 30])
    if not after or noun_key(after[0]) != q.entity:
        return False
    sentences = {q.sentence} | {v.sentence for v in views if v.entity == asked and v.per is None}
    return any("also" in sentence_words(frame, s) for s in sentences)


_MONEY_WORDS: Final = frozenset(
    {"much", "money", "cost", "costs", "price", "pay", "paid", "spend", "spent", "earn",
     "earned", "worth", "dollar", "dollars", "cent", "cents"}
)  # fmt: skip


def price_apart(
    frame: ProblemFrame,
    organ: str,
    q: QuantityView,
    bound: list[QuantityView],
    target: TargetView,
) -> bool:
    """``q`` is the one amount of money in the text, and the question counts things: "The shop
    makes $ 106 off each t-shirt sold. They sold a total of 242 t-shirts. If they sold 115
    t-shirts during the first game how many did they sell during the second game?" (money
    reaches a count of things only through another amount of money: a total paid, a
    budget). ``q`` is money, no comparison; no other amount of the text, question included,
    is money; the question asks a count of a thing, names no money ("how much", "cost",
    "dollars") and asks nothing per anything; every bound amount counts a thing. Refused:
    another amount of money anywhere, "How much money ...", the number of dollars asked."""
    if q.in_question or q.unit not in MONEY_UNITS or q.compare is not None:
        return False
    if target.unit in MONEY_UNITS or target.entity in (None, "money") or target.per is not None:
        return False
    views = quantity_views(frame.mentions)
    if any(v.mention_id != q.mention_id and (v.unit in MONEY_UNITS or v.entity == "money")
           for v in views):  # fmt: skip
        return False
    unknown = frame.mention(target.mention_id or "")
    if unknown is None or _MONEY_WORDS & set(sentence_words(frame, unknown.span.sentence_index)):
        return False
    if "$" in frame.sentences[unknown.span.sentence_index].text:
        return False
    return bool(bound) and all(b.unit not in MONEY_UNITS and b.entity != "money" for b in bound)


OBSERVATIONS_READ: Final = {
    "tellers_counted": (frozenset({"subset"}), 0),
    "period_of_a_total": (frozenset({"rest"}), 16),
    "listed_other_thing": (frozenset({"subset"}), 0),
}
"""The reader's observations a reason of this module reads on the number it sets aside, and
how many characters before the number its reading reaches: "36 of the pickers" is a subset
of the pickers, read as who told; "in the remaining 10 days" is no rest of things, read as
the period of a total; "read 7 of the books" beside "watched 4 of the movies", with the
books and movies listed apart, is a part of another thing than the one asked."""


UNLINKED_REASONS: Final = (
    ("holder_beside_own_change", holder_beside_own_change),
    ("made_for_people", made_for_people),
    ("count_of_a_purchase", count_of_a_purchase),
    ("total_split_otherwise", total_split_otherwise),
    ("tellers_counted", tellers_counted),
    ("period_of_a_total", period_of_a_total),
    ("groups_of_another", groups_of_another),
    ("also_beside_the_grouped", also_beside_the_grouped),
    ("price_apart", price_apart),
)
"""The reasons of this module, by name, in the order they are tried."""
