"""A small, real, deterministic test domain for Kernel II (operators, binding, replay, trace).

Everything here computes on the frame; nothing returns a canned boolean:

* :func:`read` turns short "sum" and "count" texts into frames with exact spans: integer
  quantities, a relation whose roles the reader leaves unbound (it never guesses), the question
  as the target, "not" as a negation observation.
* Organs: ``toy_sum`` (roles ``left`` and ``right``; codes ``addend_unbound``, ``target_unbound``,
  hazard ``negation_present``; proof obligations ``toy.exact_sum`` then ``toy.small_result``) and
  ``toy_count`` (role ``items``; declares explicitly that it has no proof obligations).
* Proof authorities: exact rational sum; sum at most ten; a ratio that divides by the right
  addend (raises ``ZeroDivisionError`` on a real zero); one that answers "unavailable" on an odd
  sum; and two that return malformed values (an outcome labelled with another obligation, and a
  bare int).
* Operators: adjacent pairs (two disagreeing candidates that both close on a three-quantity
  text), left-only (a candidate the contract refuses), a pair repeating its first span (duplicate
  evidence), count-first, and for failure tests: one that raises on short texts, one returning a
  list, one synthesizing a span, one repeating a delta, one proposing a no-op.

:func:`practise` is a minimal test orchestrator over the public kernel API, for both run shapes;
the real one is the lead's ``practiceloop.loop.episode``. The record kinds of Kernel II are declared
to :mod:`._independent` so tests recompute their identities without the kernel's helpers.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import re
from fractions import Fraction

from practiceloop.kernel.assessment import ContractAssessment, build_assessment
from practiceloop.kernel.binding import (
    CandidateAttemptRunBinding,
    bind_candidate_attempt,
)
from practiceloop.kernel.budget import ComputeBudgetDecision, decide_compute_budget
from practiceloop.kernel.candidate import (
    CandidateDelta,
    CandidateReconstruction,
    OperatorDecline,
    RoleBinding,
)
from practiceloop.kernel.chain import UpstreamChain
from practiceloop.kernel.frame import (
    Mention,
    Observation,
    ProblemFrame,
    Relation,
    Target,
    build_frame,
)
from practiceloop.kernel.gate import SearchGateDecision, decide_search_gate
from practiceloop.kernel.manifest import (
    AuthorityManifest,
    OperatorRow,
    OperatorSet,
    OrganEntry,
    ProofAuthority,
)
from practiceloop.kernel.operator_result import (
    CandidateOperatorRefusal,
    CandidateOperatorResult,
    build_candidate_reconstruction,
    build_operator_results,
    explored_candidate,
    propose_deltas,
)
from practiceloop.kernel.proof import ProofOutcome, ProofStatus, build_proof_outcome
from practiceloop.kernel.replay import (
    ReplayAdapterInput,
    ReplayAdapterRefusal,
    ReplayAdapterResult,
    ReplayEvidence,
    build_bound_replay_input,
    build_replay_input,
    replay_candidate,
)
from practiceloop.kernel.residual import (
    ContractResidual,
    ResidualClassification,
    ResidualKind,
    project_contract_residuals,
)
from practiceloop.kernel.search_run import (
    ExhaustionCode,
    GeometricSearchRun,
    SearchRunRefusal,
    build_embedded_search_run,
    initialize_search_run,
)
from practiceloop.kernel.span import SourceSpan
from practiceloop.kernel.trace import (
    PracticeTraceInput,
    PracticeTraceRefusal,
    SealedPracticeTrace,
    build_bound_practice_trace_input,
    build_practice_trace_input,
    seal_bound_practice_trace,
    seal_practice_trace,
)

from ._independent import declare, sentence_spans

# --------------------------------------------------------------------------------------------
# Texts and the reader
# --------------------------------------------------------------------------------------------

THREE = "Ann has 2 pens. Bob has 3 pens. Cy has 4 pens. How many pens in all?"
"""Adjacent pairs (2, 3) and (3, 4) both close and disagree (5 vs 7)."""
BIG = "Ann has 2 pens. Bob has 9 pens. How many pens in all?"
"""The pair (2, 9) closes the contract; its sum 11 is refused by ``toy.small_result``."""
ONE = "Ann has 2 pens. How many pens in all?"
"""Only a left-only candidate: the contract refuses it."""
NONE = "Ann has pens. How many pens in all?"
"""Every operator declines: the run is exhausted with no candidate."""
ZEROS = "Ann has 0 pens. Bob has 0 pens. How many pens in all?"
"""The pair (0, 0): ``toy.ratio_defined`` divides by zero."""
ODD = "Ann has 2 pens. Bob has 1 pens. How many pens in all?"
"""The pair (2, 1): ``toy.even_or_unknown`` answers a typed 'unavailable' outcome."""
NEGATED = "Ann has 2 pens. Bob does not have 3 pens. How many pens in all?"
"""A negation hazard blocks the gate: the episode seals as the original refusal."""
COUNT = "Ann has 2 pens. Bob has 3 pens. How many numbers are there?"
"""The count organ: one candidate, closed without proof obligations (declared)."""

READER_ID = "toy_sum_reader"
READER_VERSION = "toy_sum_reader.v1"
_NUMBER = re.compile(r"\d+")


def _sentence_of(sentences: tuple[SourceSpan, ...], start: int) -> int:
    return next(s.sentence_index for s in sentences if s.start <= start < s.end)


def _at(text: str, sentences: tuple[SourceSpan, ...], start: int, end: int) -> SourceSpan:
    return SourceSpan(text[start:end], start, end, _sentence_of(sentences, start))


def read(text: str) -> ProblemFrame:
    """Read a toy text: quantities, one relation with unread roles, the question, negations."""
    sentences = sentence_spans(text)
    quantities = tuple(
        Mention(
            f"q{n + 1}",
            "quantity",
            _at(text, sentences, m.start(), m.end()),
            (("unit", "pens"), ("value", m.group())),
        )
        for n, m in enumerate(_NUMBER.finditer(text))
    )
    question = next((s for s in sentences if s.text.endswith("?")), None)
    relations: tuple[Relation, ...] = ()
    targets: tuple[Target, ...] = ()
    if question is not None:
        kind = "count" if "numbers" in question.text else "sum"
        roles = (("items", None),) if kind == "count" else (("left", None), ("right", None))
        relations = (Relation("r1", kind, roles, (question,)),)
        targets = (Target("t1", (("asks", kind),), (question,)),)
    observations = tuple(
        Observation(f"o{n + 1}", "negation", (), (_at(text, sentences, m.start(), m.end()),))
        for n, m in enumerate(re.finditer(r"\bnot\b", text))
    )
    return build_frame(
        reader_id=READER_ID,
        reader_version=READER_VERSION,
        source_text=text,
        sentences=sentences,
        mentions=quantities,
        relations=relations,
        targets=targets,
        observations=observations,
    )


def quantities(frame: ProblemFrame) -> tuple[Mention, ...]:
    """The frame's quantity mentions, in text order."""
    return tuple(m for m in frame.mentions if m.kind == "quantity")


def _value(frame: ProblemFrame, mention_id: str | None) -> Fraction | None:
    mention = frame.mention(mention_id) if mention_id is not None else None
    if mention is None or mention.kind != "quantity":
        return None
    return Fraction(dict(mention.attributes)["value"])


def _relation(frame: ProblemFrame, kind: str) -> Relation | None:
    return next((r for r in frame.relations if r.relation_type == kind), None)


# --------------------------------------------------------------------------------------------
# Organs
# --------------------------------------------------------------------------------------------

SUM = "toy_sum"
SUM_VERSION = "toy_sum.v1"
COUNT_ORGAN = "toy_count"
COUNT_VERSION = "toy_count.v1"

SUM_TABLE: ResidualClassification = (
    ("addend_unbound", ResidualKind.MISSING_ROLE, "role"),
    ("target_unbound", ResidualKind.TARGET_UNBOUND, "target"),
    ("negation_present", ResidualKind.HAZARD_BLOCKED, "hazard"),
)
COUNT_TABLE: ResidualClassification = (("items_unbound", ResidualKind.MISSING_ROLE, "role"),)


def assess_sum(frame: ProblemFrame) -> ContractAssessment:
    """toy_sum: both addends bound to quantities, a target, and no negation."""
    relation = _relation(frame, "sum")
    missing: list[tuple[str, tuple[SourceSpan, ...]]] = []
    if not frame.targets:
        missing.append(("target_unbound", frame.sentences[:1]))
    if relation is None or any(_value(frame, relation.role(r)) is None for r in ("left", "right")):
        missing.append(("addend_unbound", relation.evidence_spans if relation else ()))
    hazards = tuple(
        ("negation_present", o.evidence_spans) for o in frame.observations if o.kind == "negation"
    )[:1]
    return build_assessment(
        frame,
        candidate_organ=SUM,
        organ_version=SUM_VERSION,
        missing=tuple(missing),
        hazards=hazards,
        evidence_spans=relation.evidence_spans if relation else frame.sentences[:1],
        explanation=f"toy_sum over {len(quantities(frame))} quantities",
    )


def assess_sum_strict(frame: ProblemFrame) -> ContractAssessment:
    """A stricter toy_sum (same name and version): computes left/right when both are bound,
    so a zero right addend raises ``ZeroDivisionError`` inside the contract authority."""
    relation = _relation(frame, "sum")
    if relation is not None:
        left, right = _value(frame, relation.role("left")), _value(frame, relation.role("right"))
        if left is not None and right is not None:
            _ = left / right
    return assess_sum(frame)


def assess_sum_malformed(frame: ProblemFrame) -> ContractAssessment:
    """A broken toy_sum (same name and version): assesses the frame, but labels the verdict
    with another organ whenever both addends are bound."""
    assessment = assess_sum(frame)
    if not assessment.runnable:
        return assessment
    return build_assessment(
        frame,
        candidate_organ="someone_else",
        organ_version=SUM_VERSION,
        missing=(),
        hazards=(),
        evidence_spans=assessment.evidence_spans,
        explanation="mislabelled",
    )


def assess_count(frame: ProblemFrame) -> ContractAssessment:
    """toy_count: the ``items`` role bound to a quantity."""
    relation = _relation(frame, "count")
    missing: tuple[tuple[str, tuple[SourceSpan, ...]], ...] = ()
    if relation is None or _value(frame, relation.role("items")) is None:
        missing = (("items_unbound", relation.evidence_spans if relation else ()),)
    return build_assessment(
        frame,
        candidate_organ=COUNT_ORGAN,
        organ_version=COUNT_VERSION,
        missing=missing,
        hazards=(),
        evidence_spans=relation.evidence_spans if relation else frame.sentences[:1],
        explanation="toy_count",
    )


# --------------------------------------------------------------------------------------------
# Proof authorities
# --------------------------------------------------------------------------------------------


def _addends(
    frame: ProblemFrame,
) -> tuple[Fraction | None, Fraction | None, tuple[SourceSpan, ...]]:
    relation = _relation(frame, "sum")
    if relation is None:
        return None, None, ()
    ids = (relation.role("left"), relation.role("right"))
    spans = tuple(m.span for i in ids if i is not None and (m := frame.mention(i)) is not None)
    return _value(frame, ids[0]), _value(frame, ids[1]), spans


def _outcome(
    frame: ProblemFrame,
    assessment: ContractAssessment,
    ref: str,
    codes: tuple[str, ...],
    spans: tuple[SourceSpan, ...],
    status: ProofStatus | None = None,
) -> ProofOutcome:
    return build_proof_outcome(
        frame,
        assessment,
        obligation_ref=ref,
        authority_version=f"{ref}.v1",
        status=status or (ProofStatus.REFUSED if codes else ProofStatus.CLOSED),
        reason_codes=codes,
        evidence_spans=spans,
        explanation=f"{ref}: {'closed' if not codes else ', '.join(codes)}",
    )


def verify_exact_sum(frame: ProblemFrame, assessment: ContractAssessment) -> ProofOutcome:
    """The sum of the two bound addends is an exact rational."""
    left, right, spans = _addends(frame)
    codes = ("addend_value_missing",) if left is None or right is None else ()
    return _outcome(frame, assessment, "toy.exact_sum", codes, spans)


def verify_small_result(frame: ProblemFrame, assessment: ContractAssessment) -> ProofOutcome:
    """The sum is at most ten (a result-domain check)."""
    left, right, spans = _addends(frame)
    total = None if left is None or right is None else left + right
    codes = () if total is not None and total <= 10 else ("sum_exceeds_ten",)
    return _outcome(frame, assessment, "toy.small_result", codes, spans)


def verify_ratio_defined(frame: ProblemFrame, assessment: ContractAssessment) -> ProofOutcome:
    """Divides the left addend by the right one: raises ``ZeroDivisionError`` on a zero."""
    left, right, spans = _addends(frame)
    ratio = Fraction(left or 0) / Fraction(right if right is not None else 1)
    codes = () if ratio >= 0 else ("negative_ratio",)
    return _outcome(frame, assessment, "toy.ratio_defined", codes, spans)


def verify_even_or_unknown(frame: ProblemFrame, assessment: ContractAssessment) -> ProofOutcome:
    """A typed 'unavailable' outcome when the sum is odd (the authority cannot decide it)."""
    left, right, spans = _addends(frame)
    total = (left or 0) + (right or 0)
    if total.denominator == 1 and total.numerator % 2:
        ref = "toy.even_or_unknown"
        return _outcome(
            frame, assessment, ref, ("odd_sum_undecided",), spans, ProofStatus.UNAVAILABLE
        )
    return _outcome(frame, assessment, "toy.even_or_unknown", (), spans)


def verify_mislabelled(frame: ProblemFrame, assessment: ContractAssessment) -> ProofOutcome:
    """Malformed: a real outcome, but labelled with another obligation."""
    return verify_exact_sum(frame, assessment)


def verify_bare_int(frame: ProblemFrame, assessment: ContractAssessment) -> ProofOutcome:
    """Malformed: returns the computed sum itself instead of an outcome."""
    left, right, _ = _addends(frame)
    return int((left or 0) + (right or 0))  # type: ignore[return-value]


PROOFS: tuple[ProofAuthority, ...] = tuple(
    ProofAuthority(ref, f"{ref}.v1", verify)
    for ref, verify in (
        ("toy.exact_sum", verify_exact_sum),
        ("toy.small_result", verify_small_result),
        ("toy.ratio_defined", verify_ratio_defined),
        ("toy.even_or_unknown", verify_even_or_unknown),
        ("toy.mislabelled", verify_mislabelled),
        ("toy.bare_int", verify_bare_int),
    )
)
SUM_OBLIGATIONS = ("toy.exact_sum", "toy.small_result")

# --------------------------------------------------------------------------------------------
# Operators
# --------------------------------------------------------------------------------------------


def _bind(
    frame: ProblemFrame, pairs: tuple[tuple[str, Mention], ...], *extra: SourceSpan
) -> CandidateDelta:
    relation = _relation(frame, "sum") or _relation(frame, "count")
    assert relation is not None
    return CandidateDelta(
        bindings=tuple(RoleBinding(relation.relation_id, role, m.mention_id) for role, m in pairs),
        relations=(),
        targets=(),
        evidence_spans=tuple(m.span for _, m in pairs) + extra,
    )


def propose_adjacent_pairs(
    frame: ProblemFrame, assessment: ContractAssessment, residual: ContractResidual
) -> tuple[CandidateDelta, ...] | OperatorDecline:
    """Bind (left, right) to each pair of adjacent quantities, in text order."""
    qs = quantities(frame)
    if len(qs) < 2:
        return OperatorDecline(reason_codes=("fewer_than_two_quantities",))
    return tuple(_bind(frame, (("left", a), ("right", b))) for a, b in itertools.pairwise(qs))


def propose_left_only(
    frame: ProblemFrame, assessment: ContractAssessment, residual: ContractResidual
) -> tuple[CandidateDelta, ...] | OperatorDecline:
    """Bind only the left addend to the first quantity (the contract still refuses)."""
    qs = quantities(frame)
    if not qs:
        return OperatorDecline(reason_codes=("no_quantity",))
    return (_bind(frame, (("left", qs[0]),)),)


def propose_pair_first_twice(
    frame: ProblemFrame, assessment: ContractAssessment, residual: ContractResidual
) -> tuple[CandidateDelta, ...] | OperatorDecline:
    """The first pair, justified by the first quantity's span twice (duplicate evidence)."""
    qs = quantities(frame)
    if len(qs) < 2:
        return OperatorDecline(reason_codes=("fewer_than_two_quantities",))
    return (_bind(frame, (("left", qs[0]), ("right", qs[1])), qs[0].span),)


def propose_count_first(
    frame: ProblemFrame, assessment: ContractAssessment, residual: ContractResidual
) -> tuple[CandidateDelta, ...] | OperatorDecline:
    """Bind ``items`` to the first quantity."""
    qs = quantities(frame)
    if not qs:
        return OperatorDecline(reason_codes=("no_quantity",))
    return (_bind(frame, (("items", qs[0]),)),)


def propose_fourth_pair(
    frame: ProblemFrame, assessment: ContractAssessment, residual: ContractResidual
) -> tuple[CandidateDelta, ...] | OperatorDecline:
    """Buggy on purpose: reads the fourth quantity unconditionally (``IndexError``)."""
    qs = quantities(frame)
    return (_bind(frame, (("left", qs[2]), ("right", qs[3]))),)


def propose_as_list(
    frame: ProblemFrame, assessment: ContractAssessment, residual: ContractResidual
) -> tuple[CandidateDelta, ...] | OperatorDecline:
    """Malformed: the adjacent pairs, in a list."""
    return list(propose_adjacent_pairs(frame, assessment, residual))  # type: ignore[arg-type, return-value]


def propose_synthesized_span(
    frame: ProblemFrame, assessment: ContractAssessment, residual: ContractResidual
) -> tuple[CandidateDelta, ...] | OperatorDecline:
    """Malformed: justifies a pair with a span that is not the source's slice."""
    qs = quantities(frame)
    # A well-formed span whose text is the second quantity's, placed where the first one is.
    fake = SourceSpan(qs[1].span.text, qs[0].span.start, qs[0].span.end, qs[0].span.sentence_index)
    return (_bind(frame, (("left", qs[0]), ("right", qs[1])), fake),)


def propose_repeated(
    frame: ProblemFrame, assessment: ContractAssessment, residual: ContractResidual
) -> tuple[CandidateDelta, ...] | OperatorDecline:
    """Malformed: the same candidate twice."""
    qs = quantities(frame)
    delta = _bind(frame, (("left", qs[0]), ("right", qs[1])))
    return (delta, delta)


def propose_no_op(
    frame: ProblemFrame, assessment: ContractAssessment, residual: ContractResidual
) -> tuple[CandidateDelta, ...] | OperatorDecline:
    """Malformed: a delta that changes nothing (unbinds an unbound role)."""
    relation = _relation(frame, "sum")
    assert relation is not None
    return (
        CandidateDelta(
            bindings=(RoleBinding(relation.relation_id, "left", None),),
            relations=(),
            targets=(),
            evidence_spans=relation.evidence_spans,
        ),
    )


def propose_unknown_mention(
    frame: ProblemFrame, assessment: ContractAssessment, residual: ContractResidual
) -> tuple[CandidateDelta, ...] | OperatorDecline:
    """Malformed: binds a mention the frame does not have (the delta does not reconstruct)."""
    relation = _relation(frame, "sum")
    assert relation is not None
    return (
        CandidateDelta(
            bindings=(RoleBinding(relation.relation_id, "left", "q99"),),
            relations=(),
            targets=(),
            evidence_spans=relation.evidence_spans,
        ),
    )


def row(operator_id: str, propose: object, *, organ: str = SUM, charge: int = 1) -> OperatorRow:
    """One operator row aimed at ``organ``'s missing-role residuals."""
    return OperatorRow(operator_id, "1", organ, ResidualKind.MISSING_ROLE, None, charge, propose)  # type: ignore[arg-type]


PAIRS = row("adjacent_pairs", propose_adjacent_pairs)
LEFT_ONLY = row("left_only", propose_left_only)
PAIR_TWICE = row("pair_first_twice", propose_pair_first_twice)
COUNT_FIRST = row("count_first", propose_count_first, organ=COUNT_ORGAN)
DEFAULT_ROWS = (PAIRS, LEFT_ONLY, COUNT_FIRST)

FAULTY_ROWS = {
    "raises": row("fourth_pair", propose_fourth_pair),
    "list": row("as_list", propose_as_list),
    "synthesized": row("synthesized_span", propose_synthesized_span),
    "repeated": row("repeated", propose_repeated),
    "no_op": row("no_op", propose_no_op),
    "unknown_mention": row("unknown_mention", propose_unknown_mention),
}


def make_manifest(
    *,
    rows: tuple[OperatorRow, ...] = DEFAULT_ROWS,
    sum_obligations: tuple[str, ...] = SUM_OBLIGATIONS,
    sum_assess: object = assess_sum,
    sum_version: str = SUM_VERSION,
    version: str = "toy_manifest.v1",
    operator_set_version: str = "toy_ops.v1",
) -> AuthorityManifest:
    """A static manifest: both organs, every proof authority, the given operator rows."""
    return AuthorityManifest(
        manifest_version=version,
        organs=(
            OrganEntry(
                SUM,
                sum_version,
                lambda frame: _relation(frame, "sum") is not None,
                sum_assess,  # type: ignore[arg-type]
                SUM_TABLE,
                sum_obligations,
            ),
            OrganEntry(
                COUNT_ORGAN,
                COUNT_VERSION,
                lambda frame: _relation(frame, "count") is not None,
                assess_count,
                COUNT_TABLE,
                (),
                declares_no_proof_obligations=True,
            ),
        ),
        proofs=PROOFS,
        operator_set=OperatorSet(version=operator_set_version, rows=rows),
    )


MANIFEST = make_manifest()

# --------------------------------------------------------------------------------------------
# A minimal test orchestrator over the public API
# --------------------------------------------------------------------------------------------


class Shape(enum.StrEnum):
    OPEN = "open"
    EMBEDDED = "embedded"


@dataclasses.dataclass(frozen=True)
class Episode:
    """Every record of one practised assessment, in chain order."""

    frame: ProblemFrame
    assessment: ContractAssessment
    residuals: tuple[ContractResidual, ...]
    gate: SearchGateDecision
    budget: ComputeBudgetDecision
    run: GeometricSearchRun | SearchRunRefusal
    operator_refusals: tuple[CandidateOperatorRefusal, ...]
    results: tuple[CandidateOperatorResult, ...]  # open shape
    bindings: tuple[CandidateAttemptRunBinding, ...]  # open shape
    reconstructions: tuple[CandidateReconstruction, ...]
    replay_inputs: tuple[ReplayAdapterInput | ReplayAdapterRefusal, ...]
    evidence: tuple[ReplayEvidence, ...]
    trace_input: PracticeTraceInput | PracticeTraceRefusal
    trace: SealedPracticeTrace | PracticeTraceRefusal
    manifest: AuthorityManifest
    shape: Shape

    @property
    def replay_results(self) -> tuple[ReplayAdapterResult, ...]:
        return tuple(e.outcome for e in self.evidence if type(e.outcome) is ReplayAdapterResult)

    @property
    def replay_refusals(self) -> tuple[ReplayAdapterRefusal, ...]:
        return tuple(e.outcome for e in self.evidence if type(e.outcome) is ReplayAdapterRefusal)

    @property
    def attempts(self) -> tuple[object, ...]:
        if self.shape is Shape.OPEN:
            return tuple(r.candidate_attempt for r in self.results)
        return self.run.candidate_attempts if type(self.run) is GeometricSearchRun else ()

    def chain_kwargs(self) -> dict[str, object]:
        """The upstream values every replay and trace boundary takes."""
        return {
            "frame": self.frame,
            "assessment": self.assessment,
            "residuals": self.residuals,
            "gate": self.gate,
            "budget": self.budget,
            "run": self.run,
        }

    def trace_kwargs(self) -> dict[str, object]:
        """The values the trace boundaries of this episode's shape take."""
        kwargs = self.chain_kwargs()
        if self.shape is Shape.OPEN:
            kwargs.update(bindings=self.bindings, operator_results=self.results)
        kwargs.update(replay_results=self.replay_results, replay_refusals=self.replay_refusals)
        return kwargs

    def replay_kwargs(self, index: int) -> dict[str, object]:
        """The values ``replay_candidate`` takes for attempt ``index``."""
        kwargs = self.chain_kwargs()
        kwargs.update(
            attempt=self.attempts[index],
            reconstruction=self.reconstructions[index],
            manifest=self.manifest,
        )
        if self.shape is Shape.OPEN:
            kwargs["bindings"] = self.bindings
        return kwargs


CHAIN_FIELDS = ("frame", "assessment", "residuals", "gate", "budget", "run")


def chained(kwargs: dict[str, object]) -> dict[str, object]:
    """``kwargs`` (the upstream values by name, and others) as the boundaries take them: the
    upstream values as one :class:`~practiceloop.kernel.chain.UpstreamChain` (``chain``)."""
    values = {name: kwargs.get(name) for name in CHAIN_FIELDS}
    rest = {name: value for name, value in kwargs.items() if name not in CHAIN_FIELDS}
    return {"chain": UpstreamChain(**values), **rest}  # type: ignore[arg-type]


def practise(
    text: str, manifest: AuthorityManifest = MANIFEST, shape: Shape = Shape.OPEN, organ: str = SUM
) -> Episode:
    """Practise ``organ``'s assessment of ``text``: the loop.md s6 steps, for one shape."""
    frame = read(text)
    entry = manifest.organ(organ)
    assert entry is not None
    assessment = entry.assess(frame)
    residuals = project_contract_residuals(frame, assessment, entry.classification)
    assert type(residuals) is tuple, residuals
    gate = decide_search_gate(frame, assessment, residuals, entry.classification)
    budget = decide_compute_budget(gate)
    operators = manifest.operator_set
    chain = (frame, assessment, residuals, gate, budget)
    refusals: list[CandidateOperatorRefusal] = []
    results: list[CandidateOperatorResult] = []
    bindings: list[CandidateAttemptRunBinding] = []
    reconstructions: list[CandidateReconstruction] = []
    charge, step = 0, 0
    run: GeometricSearchRun | SearchRunRefusal
    if shape is Shape.OPEN:
        run = initialize_search_run(*chain, operators)
        for residual in residuals if type(run) is GeometricSearchRun else ():
            for operator in (r for r in operators.rows if r.accepts(residual)):
                out = build_operator_results(
                    run, *chain[:2], residual, operators, operator,
                    attempt_index=len(bindings), step_index=step,
                )  # fmt: skip
                step += 1
                if type(out) is CandidateOperatorRefusal:
                    refusals.append(out)
                    continue
                assert type(out) is tuple
                for result in out:
                    if charge + result.candidate_attempt.budget_charge > budget.max_candidates:
                        break
                    binding = bind_candidate_attempt(run, result, tuple(bindings), budget)
                    assert type(binding) is CandidateAttemptRunBinding, binding
                    charge += result.candidate_attempt.budget_charge
                    results.append(result)
                    bindings.append(binding)
                    reconstructions.append(result.candidate_reconstruction)
    else:
        explored, deltas = [], []
        eligible = initialize_search_run(*chain, operators)  # only to learn whether to explore
        for residual in residuals if type(eligible) is GeometricSearchRun else ():
            for operator in (r for r in operators.rows if r.accepts(residual)):
                out = propose_deltas(frame, assessment, residual, operators, operator)
                step += 1
                if type(out) is CandidateOperatorRefusal:
                    refusals.append(out)
                    continue
                assert type(out) is tuple
                for delta in out:
                    if charge + operator.charge > budget.max_candidates:
                        break
                    charge += operator.charge
                    explored.append(
                        explored_candidate(frame.problem_frame_digest, operator, delta, step - 1)
                    )
                    deltas.append(delta)
        exhaustion = ExhaustionCode.OPERATOR_SPACE_DEPLETED
        run = build_embedded_search_run(*chain, operators, tuple(explored), exhaustion)
        if type(run) is GeometricSearchRun:
            for attempt, delta in zip(run.candidate_attempts, deltas, strict=True):
                reconstruction = build_candidate_reconstruction(run, attempt, delta)
                assert reconstruction is not None
                reconstructions.append(reconstruction)
    inputs: list[ReplayAdapterInput | ReplayAdapterRefusal] = []
    evidence: list[ReplayEvidence] = []
    if type(run) is GeometricSearchRun:
        common = {"frame": frame, "assessment": assessment, "residuals": residuals, "gate": gate}
        common.update(budget=budget, run=run, manifest=manifest)
        for index, reconstruction in enumerate(reconstructions):
            if shape is Shape.OPEN:
                replay_input = build_bound_replay_input(
                    **chained(common),  # type: ignore[arg-type]
                    bindings=tuple(bindings),
                    operator_result=results[index],
                )
                extra = {"attempt": results[index].candidate_attempt, "bindings": tuple(bindings)}
            else:
                replay_input = build_replay_input(
                    **chained(common),  # type: ignore[arg-type]
                    attempt_index=index,
                    reconstruction=reconstruction,
                )
                extra = {"attempt": run.candidate_attempts[index]}
            inputs.append(replay_input)
            assert type(replay_input) is ReplayAdapterInput, replay_input
            evidence.append(
                replay_candidate(
                    replay_input,
                    **chained({**common, "reconstruction": reconstruction, **extra}),  # type: ignore[arg-type]
                )
            )
    partial = Episode(
        frame, assessment, residuals, gate, budget, run, tuple(refusals), tuple(results),
        tuple(bindings), tuple(reconstructions), tuple(inputs), tuple(evidence),
        None, None, manifest, shape,  # type: ignore[arg-type]
    )  # fmt: skip
    kwargs = chained(partial.trace_kwargs())
    if shape is Shape.OPEN:
        trace_input = build_bound_practice_trace_input(**kwargs)  # type: ignore[arg-type]
        seal = seal_bound_practice_trace
    else:
        trace_input = build_practice_trace_input(**kwargs)  # type: ignore[arg-type]
        seal = seal_practice_trace  # type: ignore[assignment]
    trace = seal(trace_input, **kwargs) if type(trace_input) is PracticeTraceInput else trace_input  # type: ignore[arg-type]
    return dataclasses.replace(partial, trace_input=trace_input, trace=trace)


# --------------------------------------------------------------------------------------------
# Independent identities of the Kernel II record kinds (declared to ._independent)
# --------------------------------------------------------------------------------------------

declare(
    "CandidateOperatorResult",
    (
        "operator_result_id",
        "policy_version",
        "run_id",
        "residual_id",
        "operator_id",
        "operator_version",
        "candidate_attempt",
        "candidate_reconstruction",
        "evidence_spans",
    ),
    "operator_result_id",
)
declare(
    "CandidateOperatorRefusal",
    (
        "operator_refusal_id",
        "policy_version",
        "run_id",
        "residual_id",
        "operator_id",
        "operator_version",
        "reason_codes",
    ),
    "operator_refusal_id",
)
declare(
    "CandidateAttemptRunBinding",
    (
        "binding_id",
        "binding_policy_version",
        "input_digest",
        "original_run_id",
        "operator_result_id",
        "candidate_attempt_id",
        "attempt_index",
        "candidate_digest",
        "candidate_reconstruction_digest",
        "budget_charge",
        "depth",
        "step_index",
        "run_attempt_membership",
        "evidence_spans",
        "reason_codes",
    ),
    "binding_id",
)
declare(
    "CandidateAttemptRunBindingRefusal",
    (
        "binding_refusal_id",
        "binding_policy_version",
        "original_run_id",
        "operator_result_id",
        "refusal_code",
        "reason_codes",
    ),
    "binding_refusal_id",
)
REPLAY_INPUT_FIELDS = (
    "replay_policy_version",
    "run_id",
    "run_policy_version",
    "attempt_id",
    "attempt_index",
    "candidate_digest",
    "candidate_reconstruction_digest",
    "problem_frame_digest",
    "original_contract_assessment_id",
    "candidate_organ",
    "residual_ids",
    "gate_decision_id",
    "budget_id",
    "operator_set_id",
    "operator_set_version",
    "contract_replay_target",
    "proof_obligation_refs",
    "schema_versions",
)
"""ADR-0229 s13.2, in the seed's order: every input field but ``input_digest`` itself."""
declare(
    "ReplayAdapterInput", ("input_digest", *REPLAY_INPUT_FIELDS), "input_digest", id_left_out=True
)
declare(
    "ReplayAdapterResult",
    (
        "replay_result_id",
        "replay_policy_version",
        "input_digest",
        "run_id",
        "attempt_id",
        "candidate_digest",
        "contract_replay_assessment_id",
        "proof_obligation_refs",
        "proof_replay_refs",
        "replay_disposition",
        "reason_codes",
        "evidence_spans",
    ),
    "replay_result_id",
)
declare(
    "ReplayAdapterRefusal",
    (
        "replay_refusal_id",
        "replay_policy_version",
        "input_digest",
        "run_id",
        "attempt_id",
        "candidate_digest",
        "replay_disposition",
        "reason_codes",
    ),
    "replay_refusal_id",
)
TRACE_INPUT_FIELDS = (
    "trace_policy_version",
    "problem_frame_digest",
    "original_contract_assessment_id",
    "residual_ids",
    "search_gate_decision_id",
    "compute_budget_id",
    "geometric_search_run_id",
    "candidate_attempt_ids",
    "candidate_attempt_binding_ids",
    "replay_result_ids",
    "replay_refusal_ids",
    "schema_versions",
    "policy_versions",
)
"""ADR-0230 s12.1 plus ADR-0233's binding ids: every input field but ``input_digest``."""
declare(
    "PracticeTraceInput", ("input_digest", *TRACE_INPUT_FIELDS), "input_digest", id_left_out=True
)
declare(
    "SealedPracticeTrace",
    (
        "trace_id",
        "trace_policy_version",
        "input_digest",
        "problem_frame_digest",
        "original_contract_assessment_id",
        "residual_ids",
        "search_gate_decision_id",
        "compute_budget_id",
        "geometric_search_run_id",
        "candidate_attempt_ids",
        "candidate_attempt_binding_ids",
        "replay_result_ids",
        "replay_refusal_ids",
        "upstream_identity_chain",
        "practice_disposition",
        "trace_records",
        "evidence_spans",
        "created_by_policy",
    ),
    "trace_id",
)
declare(
    "PracticeTraceRefusal",
    (
        "trace_refusal_id",
        "trace_policy_version",
        "input_digest",
        "practice_disposition",
        "reason_codes",
    ),
    "trace_refusal_id",
)

FORBIDDEN_FIELDS = frozenset(
    {
        "answer",
        "final_answer",
        "served_output",
        "promotion",
        "mutation",
        "teaching_update",
        "pack_update",
        "policy_update",
        "identity_update",
        "Workbench_state",
        "workbench_state",
        "runtime_effect",
        "confidence",
        "score",
        "rank",
        "priority",
        "selected_candidate",
        "best_candidate",
        "serving_allowed",
        "runnable",
    }
)
"""ADR-0229 s7.3 and ADR-0230 s7.3, together."""


def assert_exports(module: object, expected: set[str]) -> None:
    """style.md habit 9: ``__all__`` is exactly ``expected``, in ruff's RUF022 order
    (CONSTANTS, then Classes, then functions), and every name exists."""
    exported = list(module.__all__)  # type: ignore[attr-defined]
    assert set(exported) == expected
    key = lambda name: (0 if name.isupper() else 1 if name[0].isupper() else 2, name)  # noqa: E731
    assert exported == sorted(exported, key=key)
    assert all(hasattr(module, name) for name in exported)
