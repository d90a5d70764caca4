"""Amounts of several sides tied by what the text tells of them: the ``sides`` reading.

Two families of English tell amounts that no one step relates, only the whole text:

* *comparisons reached through a third side* (:mod:`practiceloop.arith.side_chains`): "Jake
  has 6 fewer peaches than Steven and 3 more peaches than Jill. Steven has 14 peaches. How
  many peaches does Jill have?", "Together their strawberries weighed 35 pounds. Marco's
  weighed 13 pounds. How much more did his dad's weigh than his?";
* *a whole and "the rest"* (:mod:`practiceloop.arith.rests`): "Lawrence county has 900 kids.
  During summer break 600 kids go to camp and the rest stay home. How many kids stay home?",
  "In a school there are 697 girls and the rest are boys. If there are 228 more girls than
  boys, how many boys are there?".

Each family reads the whole text into *facts*, one linear equation a clause tells over the
sides' amounts (a side told, a whole of sides, a difference of two sides, "the rest" as the
whole less the named part), and the question into a sum of signed sides. :func:`read_sides`
then requires one equation per side and a unique solution in which every side is a
non-negative amount (a whole number of things counted); the asked sum is the answer. Every
number of the text must be the number of exactly one fact, and no observation may be left
that the reading does not read (a negation, a modal, a multiplier...). The reader's proposal,
the ``sides`` organ's candidates, the solver, the unit and target proofs and cue accounting all
call :func:`read_sides`, so a relation closes only when it binds exactly what the text reads.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from fractions import Fraction
from typing import Final

from practiceloop.arith.lexicon import CONTROL_WORDS, told_in_past, told_in_present
from practiceloop.arith.numbers import parse_digits, parse_words
from practiceloop.arith.reading import mention_value, quantity_views, target_view
from practiceloop.arith.whole_text import relation_left_open
from practiceloop.kernel.frame import Mention, Observation, ProblemFrame, Relation, Target
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "NOT_A_KIND",
    "ORGAN",
    "Fact",
    "Sides",
    "Told",
    "bound_as_read",
    "is_money",
    "number_value",
    "plain_phrase",
    "propose_sides",
    "read_sides",
    "reading",
    "sides_value",
    "solve_facts",
    "told_and_asked",
    "verbal",
]

ORGAN: Final = "sides"

Terms = tuple[tuple[str, int], ...]
"""Signed sides: ``(("jake", 1), ("jill", -1))`` is Jake's amount less Jill's."""


@dataclasses.dataclass(frozen=True, slots=True)
class Fact:
    """One equation a clause tells: the signed sides sum to the told number (to zero when
    ``number`` is None: "the rest" makes the whole the sum of its two sides)."""

    terms: Terms
    kind: str
    """``told`` (one side's amount), ``whole`` (a sum of sides), ``difference`` (two sides
    compared) or ``rest`` (the whole less its sides, no number)."""
    number: tuple[int, int] | None = None
    value: Fraction | None = None
    scaled: Terms = ()
    """For ``scale`` (an amount a multiple of another, "twice as old as"): the terms the
    value multiplies; the equation is ``terms - value * scaled = 0``."""
    word: tuple[int, int] | None = None
    """The (start, end) of a number word the fact reads and no mention covers ("twice")."""


@dataclasses.dataclass(frozen=True, slots=True)
class Told:
    """What a family's reader reads of the whole text, before its numbers are matched with
    the frame's mentions."""

    facts: tuple[Fact, ...]
    asked: Terms
    asked_kind: str
    """The unknown's role: ``compared`` (one side), ``whole`` (a sum), ``difference``."""
    consumed: tuple[tuple[int, int], ...]
    """The (start, end) of every clause the reading reads word by word."""
    counts: bool = True
    """The amounts count things (no measure, no money): every side is a whole number."""
    observations: frozenset[str] = frozenset()
    """The observation kinds the reading reads inside ``consumed`` ("the rest")."""
    factor: tuple[tuple[int, int], Fraction] | None = None
    """A told rate the asked sum is multiplied by ("4 hours to install each window"): its
    number's (start, end) and value."""


@dataclasses.dataclass(frozen=True, slots=True)
class Sides:
    """The sides reading: the roles it binds, its facts and what it consumes."""

    roles: tuple[tuple[str, str], ...]
    """Each fact's number as ``told_N`` / ``whole_N`` / ``difference_N`` to its mention id,
    then the asked role (``compared``, ``whole`` or ``difference``) to the unknown."""
    facts: tuple[Fact, ...]
    asked: Terms
    consumed: tuple[tuple[int, int], ...]
    counts: bool
    factor: bool = False
    """The role before the asked one is a rate (``per_group_N``) the asked sum is times."""


_WORDS: Final = (
    "two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety"
).split()
NUMBER: Final = r"(?:\$ ?)?(?:\d[\d,]*(?:\.\d+)?|" + "|".join(_WORDS) + r")"
"""A told number the side readings take: digits (with thousands separators and decimals,
"$" before money) or a number word of one word."""


NOT_A_KIND: Final = frozenset(
    "a an the of in on at to for from with than more fewer less and or but some many much few "
    "each every per all other others another his her their its this that these those there "
    "total also extra additional new old".split()
)
"""Words no kind of a thing is, for both kind readings (:mod:`~practiceloop.arith.side_kinds`,
:mod:`~practiceloop.arith.kind_sides`): articles, prepositions, comparison words, determiners
and quantifiers ("6 new pens", "4 more other beads" tell no kind of pens or beads)."""


def number_value(text: str) -> Fraction | None:
    """The value of a number :data:`NUMBER` matched."""
    text = text.removeprefix("$").strip()
    if text[:1].isdigit():
        return parse_digits(text)
    return parse_words((text.lower(),))


def is_money(text: str) -> bool:
    """A number :data:`NUMBER` matched is money ("$10")."""
    return text.startswith("$")


_AUXILIARIES: Final = frozenset(
    "are were is was be been have has had do did does will would can could".split()
)
_CLAUSE_WORDS: Final = CONTROL_WORDS | frozenset({"where", "who", "which", "that", "whom"})


@functools.lru_cache(maxsize=4096)
def verbal(word: str) -> bool:
    """A verb form ("stay", "went", "were"): where a phrase of places and times ends."""
    return word in _AUXILIARIES or told_in_present(word) or told_in_past(word)


@functools.lru_cache(maxsize=4096)
def _past(word: str) -> bool:
    return told_in_past(word)


def plain_phrase(phrase: str, *, longest: int = 5) -> bool:
    """A phrase of a place or a time that tells nothing else ("in gym class today", "during
    summer break"): at most ``longest`` words, no auxiliary or past form of a verb ("sold"),
    no word that opens a clause ("where they had gone ...", "after he sold ...")."""
    said = re.findall(r"[a-z']+", phrase.lower())
    return (
        0 < len(said) <= longest
        and not any(w in _AUXILIARIES or _past(w) for w in said[1:])
        and not set(said[1:]) & _CLAUSE_WORDS
    )


def solve_facts(
    facts: tuple[Fact, ...], values: dict[int, Fraction], asked: Terms, *, counts: bool
) -> Fraction | None:
    """The asked sum of sides, or None: ``values`` gives each numbered fact's value (by its
    index in ``facts``). Either the facts are one equation per side with one solution, every
    side non-negative and, when ``counts``, whole; or every fact and the question are
    differences of two sides (:func:`_differences_only`), and the facts fix the asked
    difference though not the sides ("Jake has 9 fewer than Steven and 18 more than Jill. How
    many more does Steven have than Jill?": any amount of Jill's gives 27)."""
    sides = sorted({side for fact in facts for side, _ in (*fact.terms, *fact.scaled)})
    if not {side for side, _ in asked} <= set(sides):
        return None
    index = {side: i for i, side in enumerate(sides)}
    rows: list[list[Fraction]] = []
    for at, fact in enumerate(facts):
        row = [Fraction(0)] * (len(sides) + 1)
        for side, sign in fact.terms:
            row[index[side]] += sign
        if fact.kind == "scale":  # "twice as old as": terms - value * scaled = 0
            value = values.get(at) if fact.number is not None else fact.value
            if value is None:
                return None
            for side, sign in fact.scaled:
                row[index[side]] -= value * sign
            rows.append(row)
            continue
        if fact.number is not None:
            if at not in values:
                return None
            row[-1] = values[at]
        elif fact.value is not None:
            row[-1] = fact.value  # a value told in words, no number ("next year": one year)
        rows.append(row)
    if len(facts) == len(sides):
        solution = _solved([r[:] for r in rows], len(sides))
        if solution is not None:
            if any(v < 0 or (counts and v.denominator != 1) for v in solution):
                return None
            return sum((sign * solution[index[side]] for side, sign in asked), Fraction(0))
    if not _differences_only(facts, asked):
        return None
    wanted = [Fraction(0)] * (len(sides) + 1)
    for side, sign in asked:
        wanted[index[side]] += sign
    return _fixed(rows, wanted, len(sides))


def _differences_only(facts: tuple[Fact, ...], asked: Terms) -> bool:
    """Every fact and the question are one side less another: adding one amount to every side
    keeps every fact true, so amounts that are all non-negative and whole always exist."""
    return all(f.kind != "scale" for f in facts) and all(
        len(terms) == 2 and sorted(sign for _, sign in terms) == [-1, 1]
        for terms in (*(f.terms for f in facts), asked)
    )


def _fixed(rows: list[list[Fraction]], wanted: list[Fraction], size: int) -> Fraction | None:
    """The value of ``wanted`` (a sum of signed sides, last entry 0) over every solution of
    ``rows``, or None when the rows are inconsistent or leave it free: ``wanted`` is reduced
    by the rows in echelon form; it is fixed when nothing of it is left but a constant."""
    echelon: list[tuple[int, list[Fraction]]] = []
    for row in rows:
        row = _reduced(row, echelon)
        lead = next((c for c in range(size) if row[c] != 0), None)
        if lead is None:
            if row[size] != 0:
                return None  # two facts that contradict each other
            continue
        echelon.append((lead, [v / row[lead] for v in row]))
    left = _reduced(wanted[:], echelon)
    if any(left[c] != 0 for c in range(size)):
        return None
    return -left[size]


def _reduced(row: list[Fraction], echelon: list[tuple[int, list[Fraction]]]) -> list[Fraction]:
    for lead, pivot in echelon:
        if row[lead] != 0:
            factor = row[lead]
            row = [a - factor * b for a, b in zip(row, pivot, strict=True)]
    return row


def _solved(rows: list[list[Fraction]], size: int) -> list[Fraction] | None:
    """Gauss-Jordan elimination in exact rationals; None unless the system has exactly one
    solution."""
    for col in range(size):
        pivot = next((r for r in range(col, size) if rows[r][col] != 0), None)
        if pivot is None:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(size):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[r][size] for r in range(size)]


def _family(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
) -> Told | None:
    # imported here: the families import this module's Fact and Told
    from practiceloop.arith.age_sides import read_age_sides
    from practiceloop.arith.kind_sides import read_kind_sides
    from practiceloop.arith.measure_sides import read_measure_sides
    from practiceloop.arith.other_part import read_other_part
    from practiceloop.arith.price_sides import read_price_sides
    from practiceloop.arith.rest_work import read_rest_work
    from practiceloop.arith.rests import read_rests
    from practiceloop.arith.side_chains import read_chains
    from practiceloop.arith.side_kinds import read_kinds
    from practiceloop.arith.side_moves import read_side_moves

    if not _others_may_read(text):  # only the age reading's words: the others read nothing
        return read_age_sides(text, sentences, mentions)
    return (
        read_chains(text, sentences, mentions)
        or read_side_moves(text, sentences, mentions)
        or read_rests(text, sentences, mentions, targets)
        or read_rest_work(text, sentences, mentions)
        or read_other_part(text, sentences)
        or read_kinds(text, sentences, mentions)
        or read_kind_sides(text, sentences, mentions)
        or read_measure_sides(text, sentences, mentions)
        or read_price_sides(text, sentences, mentions)
        or read_age_sides(text, sentences, mentions)
    )


_QUICK: Final = re.compile(
    r"\b(?:than|together|rest|others|other|remaining|between|of (?:them|these|those))\b",
    re.IGNORECASE,
)
"""A text without one of these words tells no side the others reach (a cheap first test)."""


_MEASURED: Final = re.compile(
    r"\b(?:taller|shorter|longer|higher|lower|wider|narrower|deeper|shallower|heavier|lighter"
    r"|weighs? \S+ \S+ (?:more|less))\b",
    re.IGNORECASE,
)
"""A measure compared with no "than" ("Sofia's rope is 9 feet shorter"): the measure reading
(:mod:`practiceloop.arith.measure_sides`) may read it."""


def _other_part_quick(text: str) -> bool:
    from practiceloop.arith.other_part import may_read

    return may_read(text)


def _others_may_read(text: str) -> bool:
    """The words without which no family but the age reading reads a text."""
    return bool(
        _QUICK.search(text) is not None or _other_part_quick(text) or _MEASURED.search(text)
    )


def _ages_quick(text: str) -> bool:
    from practiceloop.arith.age_sides import may_read

    return may_read(text)


def read_sides(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
) -> Sides | None:
    """The sides reading of the whole text, or None (see the module docstring). A pure
    function of its arguments, kept for the last texts read: the reader, the organ, the
    solver and the proofs ask it of one frame many times."""
    if not _others_may_read(text) and not _ages_quick(text):
        return None
    return _kept_reading(text, sentences, mentions, targets, observations)


@functools.lru_cache(maxsize=64)
def _kept_reading(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
) -> Sides | None:
    target = target_view(targets)
    if target is None or target.mention_id is None or not 2 <= len(sentences) <= 6:
        return None
    unknown = next((m for m in mentions if m.mention_id == target.mention_id), None)
    if unknown is None or unknown.span.sentence_index != len(sentences) - 1:
        return None
    told = _family(text, sentences, mentions, targets)
    if told is None or len(told.facts) < 2:
        return None
    if told.factor is None and any(
        f.number is not None and f.kind != "scale" and sorted(f.terms) == sorted(told.asked)
        for f in told.facts
    ):
        return None  # what the text tells is not asked
    quantities = {(m.span.start, m.span.end): m for m in mentions if m.kind == "quantity"}
    numbered = [(at, f) for at, f in enumerate(told.facts) if f.number is not None]
    told_numbers = len(numbered) + (told.factor is not None)
    if len(quantities) != told_numbers or len({f.number for _, f in numbered}) != len(numbered):
        return None  # a number the reading does not read, or one read twice
    roles: list[tuple[str, str]] = []
    values: dict[int, Fraction] = {}
    for serial, (at, fact) in enumerate(numbered, start=1):
        mention = quantities.get(fact.number)  # type: ignore[arg-type]
        if mention is None or fact.value is None or mention_value(mention) != fact.value:
            return None
        roles.append((f"{fact.kind}_{serial}", mention.mention_id))
        values[at] = fact.value
    if told.factor is not None:
        rate = quantities.get(told.factor[0])
        if rate is None or mention_value(rate) != told.factor[1]:
            return None
        roles.append((f"per_group_{len(roles) + 1}", rate.mention_id))
    for observation in observations:
        if observation.kind not in told.observations or not _within(
            observation.evidence_spans, told.consumed
        ):
            return None  # a negation, a modal, a multiplier...: not what the reading reads
    value = solve_facts(told.facts, values, told.asked, counts=told.counts)
    if value is None or (told.asked_kind == "difference" and value <= 0):
        return None  # "how many more does Jill have", Jill's being the smaller amount
    roles.append((told.asked_kind, target.mention_id))
    return Sides(
        tuple(roles), told.facts, told.asked, told.consumed, told.counts, told.factor is not None
    )


def _within(spans: tuple[SourceSpan, ...], read: tuple[tuple[int, int], ...]) -> bool:
    return bool(spans) and all(any(lo <= s.start and s.end <= hi for lo, hi in read) for s in spans)


def reading(frame: ProblemFrame) -> Sides | None:
    """The frame's sides reading."""
    return read_sides(
        frame.source_text, frame.sentences, frame.mentions, frame.targets, frame.observations
    )


def bound_as_read(frame: ProblemFrame, relation: Relation) -> bool:
    """True when ``relation`` binds exactly the roles the sides reading reads."""
    read = reading(frame)
    return read is not None and tuple(relation.roles) == read.roles


def sides_value(frame: ProblemFrame, relation: Relation) -> Fraction | None:
    """The asked amount from the numbers ``relation`` binds, solved as the text reads; None
    when the relation is not bound as read."""
    read = reading(frame)
    if read is None or tuple(relation.roles) != read.roles:
        return None
    views = {q.mention_id: q.value for q in quantity_views(frame.mentions)}
    values: dict[int, Fraction] = {}
    numbered = [at for at, fact in enumerate(read.facts) if fact.number is not None]
    for at, (_, mention_id) in zip(numbered, read.roles, strict=False):
        value = views.get(mention_id)
        if value is None:
            return None
        values[at] = value
    solved = solve_facts(read.facts, values, read.asked, counts=read.counts)
    if solved is None or not read.factor:
        return solved
    rate = views.get(read.roles[-2][1])
    return None if rate is None else solved * rate


def propose_sides(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
) -> tuple[Relation, ...]:
    """The ``sides`` relation when :func:`read_sides` reads the whole text: every role bound as
    read but the first told amount whose thing the reader read, left for practice to fill
    with the reading's one candidate (so the closure is an episode the proofs replay)."""
    read = read_sides(text, sentences, mentions, targets, observations)
    if read is None:
        return ()
    views = {q.mention_id: q for q in quantity_views(mentions)}
    open_role = next(
        (
            name
            for name, m in read.roles[:-1]
            if m in views and (views[m].entity is not None or views[m].unit is not None)
        ),
        None,
    )
    return (relation_left_open(ORGAN, read.roles, open_role, mentions),)


def told_and_asked(
    sentences: tuple[SourceSpan, ...], condition_end: str
) -> tuple[list[tuple[str, int, int]], str, int]:
    """The body sentences as (text, start, end), the question's lower-cased text and its start:
    a condition the question opens with ("If a pencil costs $2, how much ...?", up to
    ``condition_end``) is told too."""
    told = [(s.text, s.start, s.end) for s in sentences[:-1]]
    final = sentences[-1]
    asked_text = final.text.strip().lower()
    start = final.start + (len(final.text) - len(final.text.lstrip()))
    cut = asked_text.find(condition_end)
    if asked_text.startswith("if ") and cut > 0:
        told.append((asked_text[:cut], start, start + cut))
        asked_text = asked_text[cut + 2 :]
    return told, asked_text, start
