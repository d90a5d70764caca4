"""A told subset of a told whole, and the question asking the rest: the complement reading.

"Ivy picked 12 red pears and 9 green pears. If only 15 of the pears were ripe, how many were
not ripe?" The whole is what the text counts of the thing the subset is "of" ("of the pears",
"of them"); the subset's property ("were ripe") and the asked property ("were not ripe") are
complements, so the asked amount is the whole less the subset. One pure function of the
frame's text, mentions and target (:func:`read_complement`), used by the reader (to propose
the relation), the ``complement`` organ (its candidates) and cue accounting (the subset and
the negation it consumes), so that all three agree on what the text says.

Two properties are complements only when the text says so:

* one predicate, negated once: "were ripe" / "were not ripe", "washed 9 of them" / "did he
  not wash", "didn't leave a tip" / "did leave a tip" (the negation read from the text:
  "not", "n't", "never");
* a word and its "un-" form: "were opened" / "were unopened";
* a pair of the closed table :data:`~practiceloop.arith.lexicon.COMPLEMENT_PAIRS` ("were
  good" / "bad carrots", "were used" / "new books"), for a property told with "be";
* "extra" after "how many", over a subset the text says was used, needed or wanted
  (:data:`~practiceloop.arith.lexicon.USE_VERBS`): "If she only used 15 of them, how many
  extra did she pick?".

Refused (None): no subset or two; a subset of a thing the text counts nowhere else, or with
an amount of that thing that is no plain holding or gain (a rate, a comparison, a loss); "of
them" over amounts of different things; a question asking a kind ("how many red cups");
predicates that differ in anything but the negation (another verb, another object); a
subset told in the question; and every property pair not listed above.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith._category_checks import category_of_a_list
from practiceloop.arith.lexicon import (
    COMPLEMENT_PAIRS,
    HAVE_VERBS,
    NEGATION_WORDS,
    PRONOUNS,
    USE_VERBS,
    noun_key,
    verb_key,
)
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    attribute,
    quantity_views,
    target_view,
)
from practiceloop.kernel.frame import Mention, ProblemFrame, Relation, Target

__all__ = [
    "CONSUMED_KINDS",
    "Complement",
    "Predicate",
    "complementary",
    "consumed_reading",
    "read_complement",
    "read_predicate",
    "them_over_a_list",
    "told_subset",
]


@dataclasses.dataclass(frozen=True, slots=True)
class Predicate:
    """A property as a clause says it: its head word, whether it is negated (and where), told
    with "be" or not, and the content words after its head."""

    head: str
    negated: bool
    copular: bool
    tail: tuple[str, ...]
    negations: tuple[tuple[int, int], ...]
    before: bool = False
    """Told by a verb before the number ("washed 9 of them"), not after it."""
    subject: tuple[str, ...] = ()
    """The question's subject between its auxiliary and its head ("did *she* not fold")."""
    head_at: tuple[int, int] = (0, 0)
    """The (start, end) of the head word."""

    @property
    def read_spans(self) -> tuple[tuple[int, int], ...]:
        """The negations, and the head they negate ("did not *win*"): what the reading of a
        negated predicate consumes."""
        return (*self.negations, self.head_at) if self.negated else ()


@dataclasses.dataclass(frozen=True, slots=True)
class Complement:
    """The complement reading: the whole's parts, the subset, and what it consumes."""

    parts: tuple[str, ...]
    subset: str
    negations: tuple[tuple[int, int], ...]
    """The (start, end) of every negation word the two properties are told with."""
    clause: tuple[int, int]
    """The (start, end) of the subset's clause: its property, the verb that says it."""
    category: bool = False
    """The subset is "of" a category the parts are kinds of ("of the flowers" over daisies
    and lilies, :func:`~practiceloop.arith._category_checks.category_of_a_list`)."""

    def bound_by(self, relation: Relation, unknown: str | None) -> bool:
        """``relation`` binds this reading: its parts, its subset, the unknown as the rest."""
        parts = {m for name, m in relation.roles if name.startswith("part_")}
        return (
            parts == set(self.parts)
            and len(parts) == len([n for n, _ in relation.roles if n.startswith("part_")])
            and relation.role("subset") == self.subset
            and relation.role("complement") == unknown
            and unknown is not None
        )


_TOKEN: Final = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)?|\d+|[,;:.?!]")
_CLAUSE_END: Final = frozenset({",", ";", ":", ".", "?", "!"})
_AUX: Final = frozenset(
    "was were is are be been being did do does had has have got get gets will would".split()
)
_COPULA: Final = frozenset("was were is are be been being".split())
_SKIPPED: Final = frozenset("only already all just also".split())
_FUNCTION: Final = frozenset(
    "a an the his her their its my our your him them it me us you this that these those".split()
)
_CLAUSE_MARK: Final = re.compile(r"[,;.?!]|\b(?:[Hh]ow|[Ww]hat)\b")
_NOT_YET: Final = (("still", "have", "to"), ("still", "has", "to"), ("still", "need", "to"),
                   ("still", "needs", "to"), ("yet", "to"))  # fmt: skip
"""What is still to be done is not done yet: "does she still have to color", "are yet to
read" negate the verb that follows."""
_PERSONAL: Final = frozenset({"you", "we", "i", "it"})
_BY_TIMES: Final = lx.SIDE_DAYS | lx.SIDE_PERIODS | frozenset({"time", "noon", "midnight"})
"""What "by" may name for a subset told at a time: "by the time school started", "by noon",
"by Friday" ("before the others" is no time: it orders the subset, it does not date it)."""
_NEGATED_AUX: Final = re.compile(r"^([a-z]+)n['’]t$")
_OF: Final = re.compile(r"\s+of\s+(?:(them)\b|(?:the|those|these|his|her|their)\s+([A-Za-z]+))")


_Token = tuple[str, int, int, bool]
"""A word in lower case, its start and end offsets, and whether it was capitalised."""


def _tokens(text: str, start: int, end: int) -> list[_Token]:
    """Lower-case words of ``text[start:end]`` with their offsets; "didn't" is "did" and a
    negation ("n't" at its own offsets)."""
    found: list[_Token] = []
    for match in _TOKEN.finditer(text, start, end):
        word = match.group().lower().replace("’", "'")
        capital = match.group()[:1].isupper()
        negated = _NEGATED_AUX.match(word)
        if negated is not None and word not in ("can't", "won't"):
            found.append((negated.group(1), match.start(), match.end() - 3, capital))
            found.append(("n't", match.start(), match.end(), False))  # the whole word
        else:
            found.append((word, match.start(), match.end(), capital))
    return found


def _is_negation(word: str) -> bool:
    return word == "n't" or word in NEGATION_WORDS


def _ends(words: list[str], index: int) -> bool:
    """The clause ends at ``index``."""
    return index >= len(words) or words[index] in _CLAUSE_END


def _not_yet_before(tokens: list[_Token], index: int) -> int:
    """The length of a "still have to" or "yet to" right before ``index`` (0: none)."""
    return next((n for n in (2, 3) if index >= n and _not_yet(tokens, index - n) == n), 0)


def _not_yet(tokens: list[_Token], index: int) -> int:
    """The length of a "still have to" or "yet to" at ``index`` (0 when none is there)."""
    words = tuple(t[0] for t in tokens[index : index + 3])
    return next((len(m) for m in _NOT_YET if words[: len(m)] == m), 0)


def _content(words: list[str]) -> tuple[str, ...]:
    return tuple(w for w in words if w not in _FUNCTION and w not in _SKIPPED)


def _subject_length(tokens: list[tuple[str, int, int, bool]]) -> int:
    """How many tokens a question's subject takes after its auxiliary: a pronoun, a name, or
    "the" and one noun ("did the shop have"); 0 when none is there ("did leave a tip")."""
    if not tokens:
        return 0
    word, _, _, capital = tokens[0]
    if word in PRONOUNS or word in _PERSONAL or capital:
        return 1
    if word == "the" and len(tokens) > 1 and tokens[1][0] not in _AUX:
        return 2
    return 0


def read_predicate(tokens: list[_Token], *, subject: bool = False) -> Predicate | None:
    """The property the tokens after an amount (or after "how many ...") tell: auxiliaries
    ("were", "did", "had"), an optional subject pronoun when ``subject`` ("did she"), an
    optional negation, then the head word and what follows it up to the clause's end.
    None when no head word follows."""
    negations: list[tuple[int, int]] = []
    copular = False
    index = 0
    words = [t[0] for t in tokens]
    while index < len(words) and words[index] in _SKIPPED:
        index += 1
    aux = 0
    said: tuple[str, ...] = ()
    while index < len(words) and (
        # "did they have?": a last auxiliary that is no "be" is the head
        (words[index] in _AUX and (words[index] in _COPULA or not _ends(words, index + 1)))
        or _is_negation(words[index])
        or _not_yet(tokens, index)
    ):
        if (marker := _not_yet(tokens, index)) > 0:
            negations.append((tokens[index][1], tokens[index + marker - 1][2]))
            index += marker
            continue
        if _is_negation(words[index]):
            negations.append(tokens[index][1:3])
        else:
            aux += 1
            copular = copular or words[index] in _COPULA
        index += 1
        if subject and aux == 1 and not said and index < len(words):
            length = _subject_length(tokens[index:])  # "did she not fold", "did Lia pick"
            said = tuple(t[0] for t in tokens[index : index + length]) or ("",)
            index += length
        while index < len(words) and words[index] in _SKIPPED:
            index += 1
    if index >= len(words) or words[index] in _CLAUSE_END or not words[index].isalpha():
        return None
    tail: list[str] = []
    for word in words[index + 1 :]:
        if word in _CLAUSE_END:
            break
        tail.append(word)
    return Predicate(
        head=words[index],
        head_at=(tokens[index][1], tokens[index][2]),
        negated=bool(negations),
        copular=copular,
        tail=_content(tail),
        negations=tuple(negations),
        subject=tuple(w for w in said if w),
    )


def _antonyms(a: str, b: str) -> bool:
    """One word and its "un-" form, or a pair of :data:`COMPLEMENT_PAIRS`."""
    if len(a) > 2 and (b == "un" + a or a == "un" + b):
        return True
    return frozenset({a, b}) in COMPLEMENT_PAIRS


def _tails_agree(told: Predicate, asked: Predicate) -> bool:
    """The two properties are said of the same thing: the same words after the head, but a
    time clause the subset is told at ("by the time school started") when the question names
    none."""
    if told.tail == asked.tail:
        return True
    return (
        not asked.tail and len(told.tail) > 1 and told.tail[0] == "by" and told.tail[1] in _BY_TIMES
    )


def complementary(told: Predicate, asked: Predicate) -> bool:
    """True when ``asked`` is the complement of ``told``: one predicate negated once, or a
    word and its "un-" form or a listed pair, neither negated (a listed pair only for a
    property told with "be": "were used" is a state, "used 9 of them" an act)."""
    if not _tails_agree(told, asked):
        return False
    same = told.head == asked.head or verb_key(told.head) == verb_key(asked.head)
    if same:
        return told.negated != asked.negated
    if told.negated or asked.negated:
        return False
    if len(told.head) > 2 and asked.head in ("un" + told.head, "un" + (verb_key(told.head) or "")):
        return True
    return told.copular and _antonyms(told.head, asked.head)


def _clause_bounds(text: str, position: int) -> tuple[int, int]:
    """The clause around ``position``: from the last clause mark before it (or the sentence's
    start) to the next one, or to a question's "how" or "what" ("If you are yet to read 5 of
    the books How many ...")."""
    start = max(text.rfind(mark, 0, position) for mark in (",", ";", ".", "?", "!", ":"))
    end = _CLAUSE_MARK.search(text, position)
    return start + 1, end.start() if end is not None else len(text)


def _subset_predicate(text: str, subset: Mention, view: QuantityView) -> Predicate | None:
    """The subset's property: the verb before its number ("had only washed 29 of them"), or
    what follows its "of" phrase ("15 of the pears were ripe")."""
    start, end = _clause_bounds(text, subset.span.start)
    of = _OF.match(text, subset.span.end)
    if of is None:
        return None
    before = _tokens(text, start, subset.span.start)
    after = read_predicate(_tokens(text, of.end(), end))
    verb = (view.verb or "").split()
    words = [t[0] for t in before]
    last = len(words) - 1
    while last >= 0 and words[last] in _SKIPPED:
        last -= 1
    at: int | None = None
    if verb and last >= 0 and words[last] == verb[-1].lower() and verb[0].lower() in words:
        at = last - words[: last + 1][::-1].index(verb[0].lower())
    elif last >= 0 and words[last].isalpha() and _not_yet_before(before, last):
        at = last  # "If you are yet to read 5 of the books"
    if at is not None:
        negations = tuple(t[1:3] for t in before[:at] if _is_negation(t[0]))
        marker = _not_yet_before(before, at)
        if marker:
            negations += ((before[at - marker][1], before[at - 1][2]),)
        # "washed 29 of them by the time school started": what follows is no property
        rest = [t[0] for t in _tokens(text, of.end(), end)]
        return Predicate(
            head=words[at],
            head_at=(before[at][1], before[at][2]),
            negated=bool(negations),
            copular=False,
            tail=_content(rest),
            negations=negations,
            before=True,
        )
    return after


def _of_what(text: str, subset: Mention) -> str | None:
    """The noun the subset is "of" ("of the pears": pear), "them" for "of them"."""
    of = _OF.match(text, subset.span.end)
    if of is None:
        return None
    return "them" if of.group(1) else noun_key(of.group(2))


def _plain_part(q: QuantityView) -> bool:
    return (
        q.per is None
        and q.compare is None
        and q.state in (None, "start")
        and q.direction in (None, "gain")
        and not q.in_question
    )


def _whole(
    views: tuple[QuantityView, ...], subset: QuantityView, thing: str
) -> tuple[str, ...] | None:
    """The parts of the whole the subset is of: every amount of ``thing`` told before it
    ("them": every amount told before it, all of one thing); None when one of them is no
    plain holding or gain."""
    others = [q for q in views if q.mention_id != subset.mention_id and not q.in_question]
    if thing == "them":
        things = {q.entity for q in others if q.start < subset.start}
        if len(things) > 1 and them_over_a_list(others, subset):
            return tuple(q.mention_id for q in others)
        if len(things) != 1 or None in things:
            return None
        thing = next(iter(things))  # type: ignore[assignment]
    of_thing = [q for q in others if q.entity == thing]
    if not of_thing and category_of_a_list(others, subset, thing):
        return tuple(q.mention_id for q in others)  # "18 of the flowers" after daisies, lilies
    if not of_thing or any(q.start > subset.start or not _plain_part(q) for q in of_thing):
        return None
    if len({q.unit for q in of_thing}) != 1:
        return None
    if not all(_listed_beside(q, [*of_thing, subset]) for q in others if q not in of_thing):
        return None
    return tuple(q.mention_id for q in of_thing)


def _thing_unsaid(unknown: Mention, target: TargetView) -> bool:
    """The question names no thing ("how many did not win a ribbon?")."""
    return target.entity is None or attribute(unknown.attributes, "elided") == "thing"


def them_over_a_list(others: list[QuantityView], subset: QuantityView) -> bool:
    """ "There were 20 cats and 13 dogs at the show. If only 18 of them won a ribbon": "them"
    after one list of different things is the whole list. Only when the text tells nothing
    else: every other amount is in the list, one sentence, one verb, one owner, each a plain
    holding of a thing read, all of one unit, all before the subset."""
    return (
        len(others) > 1
        and all(q.start < subset.start and _plain_part(q) and q.entity for q in others)
        and len({q.sentence for q in others}) == 1
        and len({verb_key(q.verb) for q in others}) == 1
        and len({(q.owner, q.subject_noun) for q in others}) == 1
        and len({q.unit for q in others}) == 1
        and all(q.direction is None for q in others)
    )


def _listed_beside(q: QuantityView, parts: list[QuantityView]) -> bool:
    """``q`` counts another named thing listed with a part, in its sentence under its verb
    ("40 cows and 25 sheep"): the text's own contrast, not an amount of the whole."""
    return q.entity is not None and any(
        p.sentence == q.sentence
        and verb_key(p.verb) == verb_key(q.verb)
        and p.owner == q.owner
        and p.entity != q.entity
        for p in parts
    )


_MANY: Final = frozenset({"they", "we", "you"})


def _one_asker(subject: tuple[str, ...], parts: list[QuantityView]) -> bool:
    """The question asks about everyone whose amounts make the whole: "they" over the parts of
    two people, or one person over parts all that person's (or no one's); "did Ana have" over
    Ana's and her dad's beans is refused."""
    owners = {q.owner or q.subject_noun for q in parts}
    if len(owners) > 1:
        return not subject or subject[0] in _MANY
    if subject and subject[0] not in PRONOUNS | _PERSONAL and subject[-1] not in owners:
        return owners == {None}  # a name asked, and the parts are someone else's
    return True


def _asked_words(text: str, unknown: Mention) -> list[_Token]:
    end = text.find("?", unknown.span.start)
    return _tokens(text, unknown.span.start, end if end >= 0 else len(text))


def _asked_predicate(
    text: str, unknown: Mention, target: TargetView, told: Predicate, parts: list[QuantityView]
) -> tuple[bool, tuple[tuple[int, int], ...]]:
    """Whether the question asks the complement of ``told``, and the negations it says it
    with. "how many were not ripe", "how many did she not fold" (a predicate); "how many bad
    carrots did they have", "how many new books did he buy" (a listed pair as the asked
    kind, held or gained); "how many extra flowers did she pick" (over a use)."""
    words = _asked_words(text, unknown)
    after = [t for t in words if t[1] >= unknown.span.end]
    extra = "extra" in [t[0] for t in words[:4]]
    if extra:  # "how many extra [flowers] did she pick": the predicate starts at the auxiliary
        after = after[next((i for i, t in enumerate(after) if t[0] in _AUX), len(after)) :]
    asked = read_predicate(after, subject=True)
    if asked is None:
        return False, ()
    if not _one_asker(asked.subject, parts):
        return False, ()
    held = {verb_key(q.verb) for q in parts} | {verb_key(v) for v in HAVE_VERBS}
    holding = verb_key(asked.head) in held or (asked.head == "end" and asked.tail[:1] == ("up",))
    if extra:
        ok = (
            told.before
            and not told.negated
            and verb_key(told.head) in USE_VERBS
            and holding
            and not asked.negated
            and target.modifier in (None, "extra")
        )
        return ok, ()
    if target.modifier is not None:
        ok = (
            holding
            and not asked.negated
            and not told.negated
            and told.copular
            and _antonyms(told.head, target.modifier)
        )
        return ok, ()
    return complementary(told, asked), told.read_spans + asked.read_spans


def _kinds_say_it(parts: list[QuantityView], told: Predicate, target: TargetView) -> bool:
    """A part's own kind already says the property ("13 new books and 17 old books ... how
    many new books"): the text tells the asked amount, and the subset may contradict it."""
    said = {told.head, verb_key(told.head), target.modifier} - {None}
    said |= {"un" + w for w in said if w} | {w[2:] for w in said if w and w.startswith("un")}
    for q in parts:
        words = set((q.modifier or "").split())
        if words & said or any(frozenset({w, s}) in COMPLEMENT_PAIRS for w in words for s in said):
            return True
    return False


def _held_by_one(views: tuple[QuantityView, ...], parts: tuple[str, ...]) -> bool:
    """Without "of", the whole a subset is told of is what one owner holds (nothing moved)."""
    held = [q for q in views if q.mention_id in parts]
    return (
        all(q.direction is None for q in held)
        and len({(q.owner, q.subject_noun) for q in held}) == 1
    )


def told_subset(
    text: str, views: tuple[QuantityView, ...], by_id: dict[str, Mention], target: TargetView
) -> tuple[QuantityView, Predicate] | None:
    """A subset told without "of": the one amount of the asked thing told after every other
    amount of it, its property said right after its noun ("If 15 ducks were sleeping"), no
    move in its clause ("were added") and no holding ("had 42 ducks" is the whole). None when
    there is not exactly one."""
    if target.entity is None:
        return None
    found: list[tuple[QuantityView, Predicate]] = []
    for q in views:
        if (
            q.entity != target.entity
            or q.in_question
            or q.direction is not None
            or q.state is not None
            or q.additional
            or (q.verb is not None and q.verb.split()[0].lower() in HAVE_VERBS)
        ):
            continue
        mention = by_id[q.mention_id]
        start, end = _clause_bounds(text, mention.span.start)
        if any(
            m.kind == "cue"
            and start <= m.span.start < end
            and attribute(m.attributes, "direction") in ("gain", "loss")
            for m in by_id.values()
        ):
            continue  # "If 15 ducks were added": a move, no property
        after = _tokens(text, mention.span.end, end)
        at = next((i for i, t in enumerate(after) if t[0] in _AUX or _is_negation(t[0])), 0)
        if at == 0 or noun_key(after[at - 1][0]) != q.entity:
            continue  # the property follows the amount's own noun: "15 ducks were sleeping"
        told = read_predicate(after[at:])
        if told is not None:
            found.append((q, told))
    if len(found) != 1:
        return None
    return found[0]


def read_complement(
    text: str, mentions: tuple[Mention, ...], targets: tuple[Target, ...]
) -> Complement | None:
    """The complement reading of a text (see the module docstring), or None."""
    target = target_view(targets)
    if target is None or target.mention_id is None:
        return None
    by_id = {m.mention_id: m for m in mentions}
    unknown = by_id.get(target.mention_id)
    views = quantity_views(mentions)
    subsets = [
        q
        for q in views
        if (mention := by_id.get(q.mention_id)) is not None
        and (
            attribute(mention.attributes, "partitive") == "of"
            or attribute(mention.attributes, "elided") == "of_them"
        )
    ]
    if unknown is None or len(subsets) > 1:
        return None
    if subsets:
        subset = subsets[0]
        mention = by_id[subset.mention_id]
        thing = _of_what(text, mention)
        told = _subset_predicate(text, mention, subset)
    else:  # "a cage had 42 ducks. If 15 ducks were sleeping, how many were not sleeping?"
        found = told_subset(text, views, by_id, target)
        if found is None:
            return None
        subset, told = found
        mention, thing = by_id[subset.mention_id], subset.entity
    if subset.in_question or subset.compare is not None or subset.per is not None or not thing:
        return None
    parts = _whole(views, subset, thing)
    if parts is None or told is None:
        return None
    if not subsets and not _held_by_one(views, parts):
        return None  # "42 ducks ... Tom bought 15 ducks. If 20 ducks were sleeping": whose?
    counted = {v.entity for v in views if v.mention_id in parts}
    category = thing not in counted and thing != "them"  # the list's kinds are the thing
    named = counted | ({thing} if category else set())
    if target.entity is not None and target.entity not in named:
        return None
    if len(counted) > 1 and not (_thing_unsaid(unknown, target) or target.entity == thing):
        return None  # "how many dogs did not win": a kind of the list, not its rest
    moved = subset.direction is not None and not (told.before and verb_key(told.head) in USE_VERBS)
    if moved and (told.before or not told.tail):
        return None  # "sold 11 of them", "5 of them left": a move, no property
    # ("18 of them won a ribbon": the amount is the subject, what moves is the ribbon)
    views_of = [v for v in views if v.mention_id in parts]
    if subset.owner is not None and {v.owner for v in views_of} - {subset.owner}:
        return None  # "Ivy picked 12 pears. If Tom ate 5 of them": whose property is it?
    ok, negations = _asked_predicate(text, unknown, target, told, views_of)
    if not ok or _kinds_say_it(views_of, told, target):
        return None
    clause = _clause_bounds(text, mention.span.start)
    return Complement(
        parts=parts, subset=subset.mention_id, negations=negations, clause=clause, category=category
    )


CONSUMED_KINDS: Final = frozenset({"subset", "negation", "negated_move"})
"""The observation kinds a complement reading may consume (cue accounting)."""


def consumed_reading(
    frame: ProblemFrame, relation: Relation
) -> tuple[tuple[tuple[int, int], ...], tuple[int, int]]:
    """What a ``complement`` relation that binds the text's reading consumes: the subset's
    number and the negations it reads (with their heads), and the subset's clause (whose verb
    tells the subset's property); nothing when the relation binds anything else."""
    read = read_complement(frame.source_text, frame.mentions, frame.targets)
    target = target_view(frame.targets)
    if read is None or target is None or not read.bound_by(relation, target.mention_id):
        return (), (0, 0)
    subset = frame.mention(read.subset)
    if subset is None:
        return (), (0, 0)
    return (*read.negations, (subset.span.start, subset.span.end)), read.clause
