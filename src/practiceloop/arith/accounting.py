"""Text accounting: the two proofs that hold a candidate frame against the text it came from.

The other obligations check a frame against itself (its arithmetic, units, spans, target).
These two check it against its source text, so that a reader's miss (a number read with the
wrong thing and left out, a move no role uses) can never become a proved closure:

* ``arith.quantity_accounting``: every number of the source text, found here by a scan of the
  text independent of the reader, lies in a quantity mention; every quantity mention is bound
  to exactly one role of the organ's relation, or is set aside for a reason the text states
  and this proof re-derives from the frame's spans (:func:`set_aside_reason`). A number set
  aside only because it counts another thing is not accounted for.
* ``arith.cue_accounting``: every relation cue the reader recorded (a gain or loss verb, a
  comparison, a grouping or rate, an "N more", and every observation: negation, modality, a
  multiplier, a sequence, a remainder...) is consumed by the closed relation.

Both are pure functions of the candidate frame and its assessment; they read its spans and
its source text, never to infer a role, only to check the roles the frame binds. Malformed
frames (a span that is not the source slice, an empty quantity span, a number the reader could
not parse) are refused with a code, never passed and never raised on.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from practiceloop.arith._composed_checks import one_move_summed
from practiceloop.arith._consumed_cues import (
    consumed_cues,
    counts_nothing,
    equal_shares_said,
    loses,
    role_of,
)
from practiceloop.arith._misplaced_cues import misplaced_cue
from practiceloop.arith.capacity import capacity_read
from practiceloop.arith.complement_rates import consumed_rate_reading
from practiceloop.arith.complements import CONSUMED_KINDS, consumed_reading
from practiceloop.arith.numbers import (
    FACTOR_WORDS,
    NUMBER_WORDS,
    is_one_of_two,
    is_time_opener,
)
from practiceloop.arith.organs.portion import reads as portion_reads
from practiceloop.arith.organs.scale import reads as scale_reads
from practiceloop.arith.organs.sides import ORGAN as SIDES
from practiceloop.arith.organs.sides import bound_as_read as sides_bound_as_read
from practiceloop.arith.organs.sides import reads as sides_reads
from practiceloop.arith.portions import OBSERVED as PORTION_OBSERVED
from practiceloop.arith.proofs import Check as _Check
from practiceloop.arith.proofs import proof_outcome
from practiceloop.arith.proportions import ORGAN as PROPORTION
from practiceloop.arith.proportions import bound_as_read as proportion_bound_as_read
from practiceloop.arith.proportions import reading as proportion_reading
from practiceloop.arith.rate_readings import (
    one_group_read,
    told_of_the_group,
)
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    attribute,
    is_direction_role,
    quantity_views,
    target_view,
)
from practiceloop.arith.set_aside import (
    bound_ids,
    set_aside_reason,
)
from practiceloop.arith.sides import reading as sides_reading
from practiceloop.arith.unit_constants import asked_period_unbound
from practiceloop.arith.unlinked import OBSERVATIONS_READ
from practiceloop.kernel.assessment import ContractAssessment
from practiceloop.kernel.frame import ProblemFrame, Relation
from practiceloop.kernel.proof import ProofOutcome
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "ACCOUNTING_VERSION",
    "CUE_ACCOUNTING",
    "CUE_CODES",
    "QUANTITY_ACCOUNTING",
    "QUANTITY_CODES",
    "cue_accounting",
    "number_tokens",
    "quantity_accounting",
]

ACCOUNTING_VERSION: Final = "arith_accounting.v9"
QUANTITY_ACCOUNTING: Final = "arith.quantity_accounting"
CUE_ACCOUNTING: Final = "arith.cue_accounting"

QUANTITY_CODES: Final = (
    "frame_malformed",  # the frame cannot be read at all (shared with cue accounting)
    "mention_unspanned",  # a mention with no span
    "span_not_source",  # a mention's span is not the exact slice of the source text
    "quantity_span_empty",  # a quantity mention that covers no text
    "number_unread",  # a number-like token of the text that no quantity mention covers
    "quantity_unvalued",  # a quantity mention the reader could not value (or a multiplier word)
    "quantity_bound_twice",  # one quantity in two roles of the relation
    "quantity_unaccounted",  # a quantity no role uses and no stated reason sets aside
)
"""Every refusal code of ``arith.quantity_accounting``, in the order they are reported."""

CUE_CODES: Final = (
    "move_unconsumed",  # a gain or loss verb the relation does not use
    "comparison_unconsumed",  # "more"/"fewer"/"N more X than Y" the relation does not use
    "additional_unconsumed",  # "N more X" (an unsaid comparison or a further move) unused
    "totality_unconsumed",  # "together", "in all", "a total of" told with an amount bound a part
    "rate_unconsumed",  # an amount read "each"/"per X" bound where no rate belongs
    "grouping_unconsumed",  # an "each"/"per" of the text no rate the relation uses was read with
    "period_unconsumed",  # a period the question asks in ("in an hour") no bound amount spans
    "verb_unplaced",  # a part of what is held, read with a verb that holds nothing ("owes")
    "subset_unconsumed",  # "N of them" bound as an amount of its own
    "negation_unconsumed",
    "modality_unconsumed",
    "multiplier_unconsumed",  # "half", "twice", a fraction, a percent
    "sequence_unconsumed",  # a pattern to continue
    "remainder_unconsumed",  # what is left over after filling groups
    "remaining_unconsumed",  # "N of the remaining", "the rest"
    "nested_rate_unconsumed",  # a rate times a group that is itself a rate
    "threshold_unconsumed",  # "to beat", "at least", "enough"
    "age_unconsumed",  # "8 years old", "years ago"
    "implicit_factor_unconsumed",  # "back and forth", "round trip"
    "derived_unconsumed",  # "profit", "average": a quantity no relation here makes
    "rest_unconsumed",  # "the rest" with no loss in the relation to leave it
    "cue_unknown",  # an observation kind this proof does not know: never passed
    "frame_malformed",  # the frame cannot be read at all
    "mention_unspanned",
    "span_not_source",
    "quantity_span_empty",
)
"""Every refusal code of ``arith.cue_accounting``, in the order they are reported."""


_OBSERVATION_CODES: Final = {
    "negation": "negation_unconsumed",
    "negated_move": "negation_unconsumed",
    "modal": "modality_unconsumed",
    "factor": "multiplier_unconsumed",
    "percent": "multiplier_unconsumed",
    "fraction_of": "multiplier_unconsumed",
    "sequence": "sequence_unconsumed",
    "remainder": "remainder_unconsumed",
    "remaining": "remaining_unconsumed",
    "nested_rate": "nested_rate_unconsumed",
    "subset": "subset_unconsumed",
    "threshold": "threshold_unconsumed",
    "age": "age_unconsumed",
    "implicit_factor": "implicit_factor_unconsumed",
    "subset_of": "subset_unconsumed",
    "derived": "derived_unconsumed",
    "rest": "rest_unconsumed",
    # an unreadable number is quantity accounting's finding (``number_unread``); here it is
    # a cue of a step the relation cannot have consumed either
    "unread_number": "multiplier_unconsumed",
}

# letters first, digits glued after them ("mp3", "A4") are one word, as the reader tokenizes them
_NUMBER_TOKEN: Final = re.compile(r"[A-Za-z]+(?:\d+[A-Za-z]*)*|\d+")
_NUMBER_LIKE: Final = NUMBER_WORDS | frozenset(FACTOR_WORDS)


# --- the text's own numbers ---------------------------------------------------------------


def number_tokens(text: str) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of every number-like token of ``text``: a run of digits, or a number or
    multiplier word ("seven", "dozen", "half", "twice"), found without the reader. Digits glued
    after letters ("an mp3 player") are part of a word, not a number; "each one" and "One ... the
    other" are pronouns (:func:`~practiceloop.arith.numbers.is_one_of_two`), and "In one day
    they ..." a time (:func:`~practiceloop.arith.numbers.is_time_opener`)."""
    previous = ""
    for match in _NUMBER_TOKEN.finditer(text):
        token = match.group()
        each_one = previous == "each" and token.lower() == "one"  # a pronoun, no amount
        each_one = each_one or is_time_opener(text, match.start(), match.end())
        each_one = each_one or is_one_of_two(text, match.start(), match.end())
        if (token[0].isdigit() or token.lower() in _NUMBER_LIKE) and not each_one:
            yield match.start(), match.end()
        previous = token.lower()


def _sentence_of(frame: ProblemFrame, start: int) -> int:
    for index, sentence in enumerate(frame.sentences):
        if sentence.start <= start < max(sentence.end, sentence.start + 1):
            return index
    return len(frame.sentences)


def _token_span(frame: ProblemFrame, start: int, end: int) -> SourceSpan:
    return SourceSpan(
        text=frame.source_text[start:end],
        start=start,
        end=end,
        sentence_index=_sentence_of(frame, start),
    )


# --- reasons a quantity may be set aside -------------------------------------------------


# --- the two proofs -----------------------------------------------------------------------

_Finding = tuple[tuple[str, ...], tuple[SourceSpan, ...]]


def _ordered(found: dict[str, list[SourceSpan]], order: tuple[str, ...]) -> _Finding:
    codes = tuple(code for code in order if code in found)
    return codes, tuple(span for code in codes for span in found[code])


def _malformed(frame: ProblemFrame) -> _Finding | None:
    """What makes a frame unfit to account for at all: a mention with no span, a span that is
    not the exact slice of the source text, a quantity that covers no text."""
    found: dict[str, list[SourceSpan]] = {}
    text = frame.source_text
    if type(text) is not str:
        return ("frame_malformed",), ()
    for mention in frame.mentions:
        span = mention.span
        if type(span) is not SourceSpan:
            found.setdefault("mention_unspanned", [])
        elif text[span.start : span.end] != span.text:
            found.setdefault("span_not_source", []).append(span)
        elif mention.kind == "quantity" and span.start >= span.end:
            found.setdefault("quantity_span_empty", []).append(span)
    return _ordered(found, QUANTITY_CODES) if found else None


def _fail_closed(check: _Check) -> _Check:
    """``check`` that answers a malformed frame, or any fault of its own, with a refusal code
    (never an exception, never a pass)."""

    def guarded(frame: ProblemFrame, relation: Relation, organ: str) -> _Finding:
        try:
            return _malformed(frame) or check(frame, relation, organ)
        except Exception:  # last guard: a proof that cannot read the frame proves nothing
            return ("frame_malformed",), ()

    return guarded


def _sides_words(frame: ProblemFrame, relation: Relation, organ: str) -> frozenset[tuple[int, int]]:
    """The number words ("twice") the sides reading bound as read reads as facts' values."""
    read = sides_reading(frame)
    if read is None or organ != SIDES or tuple(relation.roles) != read.roles:
        return frozenset()
    return frozenset(f.word for f in read.facts if f.word is not None)


def _check_quantities(frame: ProblemFrame, relation: Relation, organ: str) -> _Finding:
    found: dict[str, list[SourceSpan]] = {}
    text = frame.source_text
    quantities = [m for m in frame.mentions if m.kind == "quantity"]
    covers = [(m.span.start, m.span.end) for m in quantities]
    words = _sides_words(frame, relation, organ) if organ == SIDES else frozenset()
    for start, end in number_tokens(text):
        if (start, end) in words:
            continue  # "twice as old as": a multiplier word a sides reading bound as read reads
        if not any(lo <= start and end <= hi for lo, hi in covers):
            found.setdefault("number_unread", []).append(_token_span(frame, start, end))
    target = target_view(frame.targets)
    views = {v.mention_id: v for v in quantity_views(frame.mentions)}
    bound = bound_ids(relation)
    for mention in quantities:
        uses = bound.count(mention.mention_id)
        view = views.get(mention.mention_id)
        if view is None:
            found.setdefault("quantity_unvalued", []).append(mention.span)
        elif uses > 1:
            found.setdefault("quantity_bound_twice", []).append(mention.span)
        elif uses == 0 and (
            target is None or set_aside_reason(frame, relation, view, target) is None
        ):
            found.setdefault("quantity_unaccounted", []).append(mention.span)
    return _ordered(found, QUANTITY_CODES)


def _within(spans: tuple[SourceSpan, ...], read: tuple[tuple[int, int], ...]) -> bool:
    """Every span lies within one of the (start, end) a reading consumed."""
    return all(any(lo <= s.start and s.end <= hi for lo, hi in read) for s in spans)


def _check_cues(frame: ProblemFrame, relation: Relation, organ: str) -> _Finding:
    found: dict[str, list[SourceSpan]] = {}
    target = target_view(frame.targets)
    if target is None:
        return ("cue_unknown",), ()
    used = consumed_cues(frame, relation, organ, target)
    read, clause = consumed_reading(frame, relation) if organ == "complement" else ((), (0, 0))
    clauses: tuple[tuple[int, int], ...] = (clause,)
    if organ in ("complement_groups", "complement_partition"):
        read, clauses = consumed_rate_reading(frame, relation)
    scaled = scale_reads(frame) if organ == "scale" else ()
    portioned = portion_reads(frame) if organ == "portion" else ()
    sided = sides_reads(frame) if organ == SIDES and sides_bound_as_read(frame, relation) else ()
    if organ == PROPORTION and proportion_bound_as_read(frame, relation):
        sided = proportion_reading(frame).consumed  # type: ignore[union-attr]
    capacity = capacity_read(frame, relation)
    for cue in frame.mentions:
        if cue.kind != "cue" or cue.mention_id in used:
            continue
        if capacity and _within((cue.span,), capacity):
            continue  # "2 packs can be bought with $28": the price's own verb
        if scaled and _within((cue.span,), scaled):
            continue  # "3 more than twice as many": the offset the scale reading binds
        if portioned and _within((cue.span,), portioned):
            continue  # "gave 2/5 of the cookies", "were eaten": the verbs the portion reads
        if sided and _within((cue.span,), sided):
            continue  # a clause the sides reading reads word by word ("6 fewer ... than")
        if any(lo <= cue.span.start and cue.span.end <= hi for lo, hi in clauses):
            continue  # the verb that tells the subset's property ("were used")
        direction = attribute(cue.attributes, "direction")
        code = "comparison_unconsumed" if direction in ("more", "fewer") else "move_unconsumed"
        found.setdefault(code, []).append(cue.span)
    views = {v.mention_id: v for v in quantity_views(frame.mentions)}
    bound = [views[m] for m in bound_ids(relation) if m in views]
    for span in _loose_groupings(frame, relation, organ, target, views):
        if sided and _within((span,), sided):
            continue  # "4 hours to install each window": the rate a sides reading binds
        found.setdefault("grouping_unconsumed", []).append(span)
    asked = [(m.span, v.per) for v in bound if (m := frame.mention(v.mention_id)) is not None]
    for span in asked_period_unbound(frame, asked):
        found.setdefault("period_unconsumed", []).append(span)  # "... in an hour?" unread
    one_move = one_move_summed(frame, relation, organ)
    for name, mention_id in relation.roles:
        view = views.get(mention_id or "")
        mention = frame.mention(mention_id or "")
        if view is None or mention is None or is_direction_role(name) or sided:
            continue  # (a sides relation bound as read takes each number with its clause)
        misplaced = misplaced_cue(frame, view, name, organ, target, bound, one_move)
        if misplaced == "rate_unconsumed" and told_of_the_group(frame, relation, target, name):
            continue  # "6 houses on a block": the houses of the one block the relation is of
        if misplaced is not None:
            found.setdefault(misplaced, []).append(mention.span)
    one_group = one_group_read(frame, relation)
    for observation in frame.observations:
        seen = _OBSERVATION_CODES.get(observation.kind, "cue_unknown")
        if observation.kind == "modal" and all(
            counts_nothing(frame, span.sentence_index) for span in observation.evidence_spans
        ):
            continue  # "T-shirts can be purchased in packages": a possibility, no amount
        if observation.kind == "modal" and _within(observation.evidence_spans, capacity):
            continue  # "each crate can hold 8 jars ... how many crates": the rate itself
        if observation.kind == "nested_rate" and _within(observation.evidence_spans, one_group):
            continue  # "20 houses in a block ... 9 letters to each house": a block's letters
        if observation.kind == "factor" and scaled and _within(observation.evidence_spans, scaled):
            continue  # "twice as many shells as Kim": the factor the scale reading binds
        if observation.kind == "modal" and scaled and _within(observation.evidence_spans, scaled):
            continue  # "40 cookies in April and twice as many in May": a month (scale_pairs)
        if observation.kind == "subset" and scaled and _within(observation.evidence_spans, scaled):
            continue  # "the three of them": the holders the scale reading counts (scale_counts)
        if (
            observation.kind in PORTION_OBSERVED
            and portioned
            and _within(observation.evidence_spans, portioned)
        ):
            continue  # "2/5 of the cookies", "25%", "the rest", a question's "not": read
        if sided and observation.kind in _SIDES_READ and _within(observation.evidence_spans, sided):
            continue  # "the rest" of a whole the sides reading reads
        if sided and organ == PROPORTION and observation.kind == "modal":
            continue  # the told "can" of an ability asked as one (the reading checked it)
        if observation.kind == "rest" and loses(frame, relation, target):
            continue  # "ate 12 and put the rest into piles": what the loss left
        kinds = CONSUMED_KINDS | ({"rest"} if organ == "complement_partition" else set())
        if observation.kind in kinds and _within(observation.evidence_spans, read):
            continue  # the subset and the negation a complement reads
        spans = observation.evidence_spans
        if _read_by_a_set_aside(frame, relation, target, observation.kind, spans):
            continue  # "told by 36 of the pickers": the reason that sets the tellers aside
        found.setdefault(seen, []).extend(observation.evidence_spans)
    return _ordered(found, CUE_CODES)


def _read_by_a_set_aside(
    frame: ProblemFrame,
    relation: Relation,
    target: TargetView,
    kind: str,
    spans: tuple[SourceSpan, ...],
) -> bool:
    """Every span of an observation of ``kind`` lies in a number no role uses (or in the words
    its reason reads before it), set aside by a reason that reads that kind of observation
    there (:data:`OBSERVATIONS_READ`)."""
    readers = {name: reach for name, (kinds, reach) in OBSERVATIONS_READ.items() if kind in kinds}
    if not readers or not spans:
        return False
    bound = set(bound_ids(relation))
    views = {v.mention_id: v for v in quantity_views(frame.mentions)}
    aside = []
    for m in frame.mentions:
        if m.kind != "quantity" or m.mention_id in bound or m.mention_id not in views:
            continue
        reason = set_aside_reason(frame, relation, views[m.mention_id], target)
        if reason in readers:
            aside.append((m.span.start - readers[reason], m.span.end))
    return all(any(lo <= s.start and s.end <= hi for lo, hi in aside) for s in spans)


_SIDES_READ: Final = frozenset(
    {"rest", "remaining", "subset", "negation", "negated_move", "age", "sequence", "factor"}
)
"""Observations a sides reading reads in its own clauses: "the rest", "the remaining", "5 of
them", the question's "not" of a part's complement (each reading names the kinds it reads;
:func:`~practiceloop.arith.sides.read_sides` refuses any other one, anywhere in the text)."""


_GROUPING: Final = re.compile(r"\b(?:each|every|per|apiece)\b", re.IGNORECASE)


def _loose_groupings(
    frame: ProblemFrame,
    relation: Relation,
    organ: str,
    target: TargetView,
    views: dict[str, QuantityView],
) -> list[SourceSpan]:
    """Every "each", "every", "per", "apiece" of the text, found without the reader, that no
    rate the relation uses (bound, or set aside for a stated reason) was read with, and that
    is not the question's own ("2 blue notes under each of the red notes" read as a plain
    amount: a rate the reader missed)."""
    rated: set[int] = set()
    for view in views.values():
        if view.per is None:
            continue
        used = role_of(relation, view.mention_id) is not None
        if used or set_aside_reason(frame, relation, view, target) is not None:
            rated.add(view.sentence)
    question = frame.targets[0].evidence_spans[0].sentence_index if frame.targets else -1
    asked = target.per is not None or target.state == "each"
    bound = [v for v in views.values() if role_of(relation, v.mention_id) is not None]
    loose = []
    for match in _GROUPING.finditer(frame.source_text):
        sentence = _sentence_of(frame, match.start())
        if sentence in rated or (sentence == question and asked):
            continue
        if equal_shares_said(frame, sentence, organ, bound, target):
            continue  # "every aquarium had the same number of animals": the sharing read
        loose.append(_token_span(frame, match.start(), match.end()))
    return loose


def quantity_accounting(frame: ProblemFrame, assessment: ContractAssessment) -> ProofOutcome:
    """Closed when every number of the text is bound to one role or set aside for a reason the
    text states (see the module docstring); refused with :data:`QUANTITY_CODES`."""
    return proof_outcome(
        QUANTITY_ACCOUNTING, ACCOUNTING_VERSION, _fail_closed(_check_quantities), frame, assessment
    )


def cue_accounting(frame: ProblemFrame, assessment: ContractAssessment) -> ProofOutcome:
    """Closed when every relation cue the reader recorded is consumed by the closed relation;
    refused with :data:`CUE_CODES`."""
    return proof_outcome(
        CUE_ACCOUNTING, ACCOUNTING_VERSION, _fail_closed(_check_cues), frame, assessment
    )
