"""Test support that does not trust the code under test.

1. The tests' own canonical identity: ``json.dumps`` with the loop.md s2 options and
   ``hashlib.sha256``, and each record's identity fields written out by hand below, so a record
   whose identity silently gains or loses a field no longer matches.
2. Small real problems: short texts written here, read into frames by a tiny explicit "reader"
   (exact spans located in the text, real digests; never a fake digest).
3. Builders for the upstream chain (assessment, residuals, gate, budget, operator set) that
   go through the kernel's own boundaries, for tests further down the chain.

Kernel II tests reuse this module: declare further record kinds with :func:`declare`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import hashlib
import json
import os
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from practiceloop.kernel.assessment import ContractAssessment, build_assessment
from practiceloop.kernel.budget import ComputeBudgetDecision, decide_compute_budget
from practiceloop.kernel.candidate import (
    OperatorDecline,
    RoleBinding,
    candidate_content_digest,
    frame_delta_digest,
)
from practiceloop.kernel.frame import (
    Mention,
    Observation,
    ProblemFrame,
    Relation,
    Target,
    build_frame,
)
from practiceloop.kernel.gate import SearchGateDecision, decide_search_gate
from practiceloop.kernel.identity import Digest
from practiceloop.kernel.manifest import OperatorRow, OperatorSet
from practiceloop.kernel.record import RecordError
from practiceloop.kernel.residual import (
    ContractResidual,
    ResidualClassification,
    ResidualKind,
    project_contract_residuals,
)
from practiceloop.kernel.span import SourceSpan

# --------------------------------------------------------------------------------------------
# 1. Independent canonical identity
# --------------------------------------------------------------------------------------------


def canonical(payload: object) -> bytes:
    """loop.md s2 canonical bytes, written out again here (never the kernel's encoder)."""
    return json.dumps(
        payload, ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False
    ).encode("utf-8")


def sha256_hex(payload: object) -> str:
    """SHA-256 of the canonical bytes, full lowercase hex."""
    return hashlib.sha256(canonical(payload)).hexdigest()


# Identity fields of each record kind, by class name, written by hand from loop.md s3 and the
# seeds: every declared field except the prose ``explanation``. ``SELF_ID`` names the field a
# record seals itself under (present in its own payload as "").
IDENTITY_FIELDS: dict[str, tuple[str, ...]] = {
    "SourceSpan": ("text", "start", "end", "sentence_index"),
    "Mention": ("mention_id", "kind", "span", "attributes"),
    "Relation": ("relation_id", "relation_type", "roles", "evidence_spans"),
    "Target": ("target_id", "attributes", "evidence_spans"),
    "Observation": ("observation_id", "kind", "attributes", "evidence_spans"),
    "ProblemFrame": (
        "problem_frame_digest",
        "frame_schema_version",
        "reader_id",
        "reader_version",
        "source_text",
        "sentences",
        "mentions",
        "relations",
        "targets",
        "observations",
    ),
    "ContractAssessment": (
        "assessment_id",
        "assessment_policy_version",
        "problem_frame_digest",
        "candidate_organ",
        "organ_version",
        "missing_bindings",
        "unresolved_hazards",
        "code_evidence",
        "runnable",
        "evidence_spans",
    ),
    "ProofOutcome": (
        "proof_outcome_id",
        "proof_policy_version",
        "obligation_ref",
        "authority_version",
        "problem_frame_digest",
        "contract_assessment_id",
        "status",
        "reason_codes",
        "evidence_spans",
    ),
    "ContractResidual": (
        "residual_id",
        "residual_policy_version",
        "problem_frame_digest",
        "original_contract_assessment_id",
        "candidate_organ",
        "residual_index",
        "residual_kind",
        "residual_code",
        "source_axis",
        "evidence_spans",
    ),
    "ResidualProjectionRefusal": (
        "residual_refusal_id",
        "residual_policy_version",
        "problem_frame_digest",
        "original_contract_assessment_id",
        "refusal_code",
        "reason_codes",
    ),
    "SearchGateDecision": (
        "decision_id",
        "policy_version",
        "input_digest",
        "problem_frame_digest",
        "original_contract_assessment_id",
        "residual_ids",
        "candidate_organ",
        "status",
        "reason_code",
        "evidence_spans",
    ),
    "BudgetLimits": ("max_candidates", "max_depth", "max_steps", "max_parallelism"),
    "ComputeBudgetDecision": (
        "budget_id",
        "policy_version",
        "gate_decision_id",
        "status",
        "reason_code",
        "max_candidates",
        "max_depth",
        "max_steps",
        "max_parallelism",
        "evidence_spans",
    ),
    "RoleBinding": ("relation_id", "role", "mention_id"),
    "CandidateDelta": ("bindings", "relations", "targets", "evidence_spans"),
    "OperatorDecline": ("reason_codes",),
    "CandidateReconstruction": (
        "candidate_reconstruction_digest",
        "run_id",
        "attempt_id",
        "original_problem_frame_digest",
        "candidate_problem_frame_digest",
        "frame_delta_digest",
        "candidate_digest",
        "candidate_bindings",
        "candidate_relations",
        "candidate_targets",
        "evidence_spans",
        "operator_set_id",
        "operator_set_version",
        "operator_id",
        "operator_version",
    ),
    "CandidateAttempt": (
        "attempt_id",
        "input_digest",
        "attempt_index",
        "candidate_digest",
        "operator_id",
        "operator_version",
        "parent_attempt_id",
        "budget_charge",
        "depth",
        "step_index",
        "replay_status",
        "evidence_spans",
    ),
    "ExploredCandidate": (
        "candidate_digest",
        "operator_id",
        "operator_version",
        "parent_attempt_id",
        "budget_charge",
        "depth",
        "step_index",
        "evidence_spans",
    ),
    "GeometricSearchRun": (
        "run_id",
        "run_policy_version",
        "input_digest",
        "problem_frame_digest",
        "original_contract_assessment_id",
        "residual_ids",
        "gate_decision_id",
        "budget_id",
        "candidate_organ",
        "operator_set_id",
        "operator_set_version",
        "candidate_attempts",
        "budget_consumed",
        "run_disposition",
        "exhaustion_code",
        "evidence_spans",
    ),
    "SearchRunRefusal": (
        "run_refusal_id",
        "run_policy_version",
        "input_digest",
        "problem_frame_digest",
        "original_contract_assessment_id",
        "gate_decision_id",
        "budget_id",
        "refusal_code",
        "reason_codes",
    ),
}

SELF_ID: dict[str, str] = {
    "ProblemFrame": "problem_frame_digest",
    "ContractAssessment": "assessment_id",
    "ProofOutcome": "proof_outcome_id",
    "ContractResidual": "residual_id",
    "ResidualProjectionRefusal": "residual_refusal_id",
    "SearchGateDecision": "decision_id",
    "ComputeBudgetDecision": "budget_id",
    "CandidateReconstruction": "candidate_reconstruction_digest",
    "CandidateAttempt": "attempt_id",
    "GeometricSearchRun": "run_id",
    "SearchRunRefusal": "run_refusal_id",
}


# Records whose id field is left *out* of their payload instead of blanked: the seeds' input
# digests (ADR-0229 s13.2, ADR-0230 s12.1). None in kernel I.
ID_LEFT_OUT: set[str] = set()


def declare(
    name: str, fields: tuple[str, ...], id_field: str | None = None, *, id_left_out: bool = False
) -> None:
    """Declare one more record kind's identity fields (for tests of later kernel modules)."""
    IDENTITY_FIELDS[name] = fields
    if id_field is not None:
        SELF_ID[name] = id_field
    if id_left_out:
        ID_LEFT_OUT.add(name)


def payload_of(value: object) -> Any:
    """The payload of a value, from the hand-written field lists above.

    A nested record (an attempt inside a run) enters with its own id as it is: only the
    record being sealed blanks its id (see :func:`sealing_payload`).
    """
    if value is None or type(value) in (str, int, bool):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if type(value) is tuple:
        return [payload_of(item) for item in value]
    fields = IDENTITY_FIELDS[type(value).__name__]  # KeyError: declare the kind first
    return {field: payload_of(getattr(value, field)) for field in fields}


def sealing_payload(value: object) -> dict[str, Any]:
    """loop.md s2: the self-sealing payload, with the record's own id field present as ""
    (or, for the kinds in :data:`ID_LEFT_OUT`, absent)."""
    payload: dict[str, Any] = payload_of(value)
    name = type(value).__name__
    if name in ID_LEFT_OUT:
        del payload[SELF_ID[name]]
    else:
        payload[SELF_ID[name]] = ""
    return payload


def expected_id(value: object) -> str:
    """The id a self-sealing record must carry, recomputed independently."""
    return sha256_hex(sealing_payload(value))


def assert_sealed(value: object) -> None:
    """The record's id field equals its independently recomputed identity."""
    name = type(value).__name__
    assert getattr(value, SELF_ID[name]) == expected_id(value), name


# --------------------------------------------------------------------------------------------
# 2. Small real problems, read by an explicit toy reader
# --------------------------------------------------------------------------------------------

READER_ID = "toy_reader"
READER_VERSION = "toy_reader.v1"


def sentence_spans(text: str) -> tuple[SourceSpan, ...]:
    """Sentences end at '.', '?' or '!' followed by a space or the end of the text."""
    spans: list[SourceSpan] = []
    start = 0
    for index, char in enumerate(text):
        if char in ".?!" and (index + 1 == len(text) or text[index + 1] == " "):
            spans.append(SourceSpan(text[start : index + 1], start, index + 1, len(spans)))
            start = index + 2
    return tuple(spans)


def span(text: str, fragment: str, nth: int = 0) -> SourceSpan:
    """The exact span of the ``nth`` occurrence of ``fragment`` in ``text``."""
    start = -1
    for _ in range(nth + 1):
        start = text.index(fragment, start + 1)
    end = start + len(fragment)
    sentence = next(s.sentence_index for s in sentence_spans(text) if s.start <= start < s.end)
    return SourceSpan(fragment, start, end, sentence)


@dataclasses.dataclass(frozen=True)
class Problem:
    """One short problem text and what the toy reader sees in it."""

    key: str
    text: str
    quantities: tuple[tuple[str, str, str], ...]  # (mention id, fragment, exact value)
    actor: str
    pronoun: str | None
    negation: str | None
    unit: str


PROBLEMS: dict[str, Problem] = {
    problem.key: problem
    for problem in (
        Problem(
            "tom",
            "Tom has 5 apples. He buys 3 more apples. How many apples does Tom have now?",
            (("q1", "5", "5"), ("q2", "3", "3")),
            "Tom",
            "He",
            None,
            "apples",
        ),
        Problem(
            "ann",
            "Ann had 7 pens. She did not lose 2 pens. How many pens does Ann have?",
            (("q1", "7", "7"), ("q2", "2", "2")),
            "Ann",
            "She",
            "not",
            "pens",
        ),
        Problem(
            "mia",
            "Mia a 4 crêpes. Elle en mange 1½. Combien de crêpes reste-t-il à Mia ?",
            (("q1", "4", "4"), ("q2", "1½", "3/2")),
            "Mia",
            "Elle",
            None,
            "crêpes",
        ),
    )
}


def read_problem(key: str, reader_version: str = READER_VERSION) -> ProblemFrame:
    """Read one of :data:`PROBLEMS` into a real frame (exact spans, sealed digest)."""
    problem = PROBLEMS[key]
    text = problem.text
    mentions = [
        Mention(
            mention_id, "quantity", span(text, fragment), (("unit", problem.unit), ("value", value))
        )
        for mention_id, fragment, value in problem.quantities
    ]
    mentions.append(Mention("a1", "actor", span(text, problem.actor), (("entity", problem.actor),)))
    if problem.pronoun is not None:
        mentions.append(Mention("p1", "pronoun", span(text, problem.pronoun), ()))
    second = sentence_spans(text)[1]
    # The actor of the change is not read when a pronoun stands for it.
    actor = None if problem.pronoun is not None else "a1"
    change = Relation(
        "r1", "change", (("actor", actor), ("delta", "q2"), ("start", "q1")), (second,)
    )
    question = sentence_spans(text)[-1]
    target = Target("t1", (("entity", problem.actor), ("unit", problem.unit)), (question,))
    observations: tuple[Observation, ...] = ()
    if problem.negation is not None:
        observations = (Observation("o1", "negation", (), (span(text, problem.negation),)),)
    return build_frame(
        reader_id=READER_ID,
        reader_version=reader_version,
        source_text=text,
        sentences=sentence_spans(text),
        mentions=tuple(mentions),
        relations=(change,),
        targets=(target,),
        observations=observations,
    )


# --------------------------------------------------------------------------------------------
# 3. The upstream chain, through the kernel's own boundaries
# --------------------------------------------------------------------------------------------

ORGAN = "toy_change"
ORGAN_VERSION = "toy_change.v1"

# One code per residual kind, so that every kind is reachable from a real assessment.
CODE_OF_KIND: dict[ResidualKind, str] = {
    kind: f"code_{kind.value}"
    for kind in ResidualKind
    if kind is not ResidualKind.CONTRACT_GAP_UNCLASSIFIED
}
UNLISTED_CODE = "code_nobody_classified"
TABLE: ResidualClassification = tuple(
    (code, kind, f"axis_{kind.value}") for kind, code in CODE_OF_KIND.items()
)


def code_spans(frame: ProblemFrame, code: str) -> tuple[SourceSpan, ...]:
    """Real spans that 'show' a code: the pronoun for a role, the negation for a hazard..."""
    by_kind = {m.kind: m.span for m in frame.mentions}
    if "hazard" in code and frame.observations:
        return frame.observations[0].evidence_spans
    if "role" in code and "pronoun" in by_kind:
        return (by_kind["pronoun"],)
    return (frame.mentions[0].span, frame.sentences[0])


def assess(
    frame: ProblemFrame,
    missing: tuple[str, ...] = (CODE_OF_KIND[ResidualKind.MISSING_ROLE],),
    hazards: tuple[str, ...] = (),
    *,
    organ: str = ORGAN,
    explanation: str = "toy organ verdict",
) -> ContractAssessment:
    """A real assessment of ``frame`` refusing on ``missing`` then ``hazards`` codes."""
    return build_assessment(
        frame,
        candidate_organ=organ,
        organ_version=ORGAN_VERSION,
        missing=tuple((code, code_spans(frame, code)) for code in missing),
        hazards=tuple((code, code_spans(frame, code)) for code in hazards),
        evidence_spans=frame.sentences[:1],
        explanation=explanation,
    )


def _decline(*_: object) -> OperatorDecline:
    return OperatorDecline(reason_codes=("toy_operator_never_proposes",))


def operator_set(charge: int = 1, version: str = "toy_ops.v1") -> OperatorSet:
    """A closed operator set: one row per eligible kind for :data:`ORGAN`, plus a foreign row."""
    rows = tuple(
        OperatorRow(f"op_{kind.value}", "1", ORGAN, kind, None, charge, _decline)
        for kind in CODE_OF_KIND
    )
    foreign = OperatorRow(
        "op_foreign", "1", "other_organ", ResidualKind.MISSING_ROLE, None, 1, _decline
    )
    return OperatorSet(version=version, rows=(*rows, foreign))


@dataclasses.dataclass(frozen=True)
class Chain:
    """A real chain up to the budget, for one problem and one assessment."""

    frame: ProblemFrame
    assessment: ContractAssessment
    residuals: tuple[ContractResidual, ...]
    gate: SearchGateDecision
    budget: ComputeBudgetDecision
    operators: OperatorSet

    def args(
        self,
    ) -> tuple[
        ProblemFrame,
        ContractAssessment,
        tuple[ContractResidual, ...],
        SearchGateDecision,
        ComputeBudgetDecision,
        OperatorSet,
    ]:
        """The positional arguments of the run boundaries."""
        return (self.frame, self.assessment, self.residuals, self.gate, self.budget, self.operators)


def chain(
    key: str = "tom",
    missing: tuple[str, ...] = (CODE_OF_KIND[ResidualKind.MISSING_ROLE],),
    hazards: tuple[str, ...] = (),
) -> Chain:
    """Build a real chain; fails the test (not a refusal) if any stage refuses unexpectedly."""
    frame = read_problem(key)
    assessment = assess(frame, missing, hazards)
    residuals = project_contract_residuals(frame, assessment, TABLE)
    assert type(residuals) is tuple, residuals
    gate = decide_search_gate(frame, assessment, residuals, TABLE)
    budget = decide_compute_budget(gate)
    return Chain(frame, assessment, residuals, gate, budget, operator_set())


def real_candidate_digest(frame: ProblemFrame, mention_id: str = "a1") -> Digest:
    """A real candidate digest: the delta that binds the change's actor to ``mention_id``."""
    bindings = (RoleBinding("r1", "actor", mention_id),)
    spans = frame.sentences[1:2]
    return candidate_content_digest(
        original_problem_frame_digest=frame.problem_frame_digest,
        candidate_problem_frame_digest=None,
        frame_delta_digest=frame_delta_digest(bindings, (), ()),
        bindings=bindings,
        relations=(),
        targets=(),
        evidence_spans=spans,
    )


def forge(record: Any, **changes: object) -> Any:
    """A copy of ``record`` with ``changes``, however a caller could have made it.

    Well-typed changes go through the constructor (``dataclasses.replace``): a record whose
    content no boundary produced, e.g. an id that does not reproduce. Ill-typed changes cannot,
    so the forger skips the constructor (``object.__new__``, then ``object.__setattr__``, which
    a frozen dataclass does not stop). Every boundary must refuse both.
    """
    try:
        return dataclasses.replace(record, **changes)
    except (RecordError, TypeError):
        pass
    copy = object.__new__(type(record))
    for field in dataclasses.fields(record):
        object.__setattr__(copy, field.name, changes.get(field.name, getattr(record, field.name)))
    return copy


def reseal(record: Any, **changes: object) -> Any:
    """``record`` with ``changes`` forged in and its id re-sealed over them: self-consistent,
    but not what any boundary produced (the shape of a deliberate forgery)."""
    copy = dataclasses.replace(record, **changes)  # through the constructor: well typed
    return dataclasses.replace(copy, **{SELF_ID[type(record).__name__]: expected_id(copy)})


# --------------------------------------------------------------------------------------------
# 4. Malformed input for property tests
# --------------------------------------------------------------------------------------------

FUZZ = settings(
    # Modest by default; PRACTICELOOP_FUZZ_EXAMPLES=2000 for a thorough local or nightly run.
    max_examples=int(os.environ.get("PRACTICELOOP_FUZZ_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


class _Hostile:
    """An object whose every attribute access and comparison raises."""

    def __getattr__(self, name: str) -> object:
        if name.startswith("_"):  # let Hypothesis and pytest introspect and print it
            raise AttributeError(name)
        raise RuntimeError(f"hostile attribute {name}")

    def __repr__(self) -> str:
        return "<hostile>"

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("hostile comparison")

    __hash__ = object.__hash__  # Hypothesis hashes what it draws


def scalars() -> st.SearchStrategy[object]:
    """Values of the wrong type or out of range for any record field."""
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.sampled_from([2**53, -1, 2**53 - 1, 10**30]),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=8),
        st.sampled_from(["\ud800", "a\udfff", "E" * 64, "0" * 63, "0" * 64]),
        st.binary(max_size=4),
        st.just(frozenset({1})),
        st.just(_Hostile()),
        st.builds(object),
    )


def garbage() -> st.SearchStrategy[object]:
    """Scalars and small containers of them (lists where tuples belong, nested tuples...)."""
    return st.recursive(
        scalars(),
        lambda inner: st.one_of(
            st.lists(inner, max_size=3),
            st.lists(inner, max_size=3).map(tuple),
            st.dictionaries(st.text(max_size=3), inner, max_size=2),
        ),
        max_leaves=6,
    )


def _tuple_mutation(value: tuple[object, ...]) -> st.SearchStrategy[object]:
    options: list[st.SearchStrategy[object]] = [
        st.just(value[::-1]),
        st.just(value[:-1]),
        st.just(list(value)),
        garbage().map(lambda extra: (*value, extra)),
    ]
    if value:
        options.append(st.just((value[0], *value)))  # duplicated
        options.append(st.just((*value[1:], value[0])))  # rotated
    return st.one_of(options)


@st.composite
def mutants(draw: st.DrawFn, record: Any) -> object:
    """``record`` with one field replaced (garbage, or a reordered/duplicated/truncated tuple),
    then, sometimes, re-sealed so that its id reproduces over the wrong content."""
    fields = [f.name for f in dataclasses.fields(record)]
    name = draw(st.sampled_from(fields))
    current = getattr(record, name)
    if type(current) is tuple:
        value = draw(st.one_of(_tuple_mutation(current), garbage()))
    else:
        value = draw(garbage())
    copy = forge(record, **{name: value})
    kind = type(record).__name__
    if kind in SELF_ID and draw(st.booleans()):
        with contextlib.suppress(Exception):  # not encodable: leave the stale id
            object.__setattr__(copy, SELF_ID[kind], expected_id(copy))
    return copy


def malformed(record: object) -> st.SearchStrategy[object]:
    """Anything but a well-formed ``record``: mutants, garbage, bare instances, hostiles."""
    bare = st.builds(lambda: object.__new__(type(record)))
    return st.one_of(mutants(record), garbage(), bare)
