"""practiceloop.kernel: the pure core of the residual-gated practice loop.

The kernel never performs I/O, never reads a clock, never draws randomness, never inspects the
environment, never starts a subprocess and never imports dynamically. It imports only the
standard library and its own modules, and only *down* the chain below: a module may import the
modules listed before it, never one listed after it (enforced by ``tests/kernel/test_layering.py``,
which parses the source). A private ``_name`` module holds what the modules after it share
and ranks just above every module it imports (``_upstream`` serves the run, replay and trace;
``_replay_types``/``_replay_checks`` serve ``replay``; ``_trace_types``/``_trace_checks``
serve ``trace``; ``_fields`` compiles record annotations for ``record``).

Every boundary takes immutable values and returns one new immutable value or a typed refusal;
nothing is mutated and nothing raises on bad input. Every identity is computed by
:mod:`practiceloop.kernel.identity`, and only there: a value becomes its identity through
:func:`~practiceloop.kernel.record.identity_payload` (declared once per record type), then
:func:`~practiceloop.kernel.identity.canonical_bytes` (validated, then encoded), then SHA-256.
"""

CHAIN: tuple[str, ...] = (
    "identity",  # canonical JSON + SHA-256 (loop.md s2): the one encoder, the one digest
    "_memo",  # the one cache: a pure function's answer for the very same objects
    "_fields",  # what a record field's annotation means: checker, converter, decoder
    "record",  # frozen slotted records: fields, validation, identity payload declared once
    "_faults",  # the fault plumbing every boundary shares: Stop, check, guarded
    "span",  # SourceSpan
    "frame",  # ProblemFrame (reader output)
    "assessment",  # ContractAssessment (organ verdict)
    "proof",  # ProofOutcome (proof authority verdict)
    "residual",  # ContractResidual, ADR-0225
    "gate",  # SearchGateDecision, ADR-0226
    "budget",  # ComputeBudgetDecision, ADR-0227
    "candidate",  # CandidateDelta / CandidateReconstruction, ADR-0229 s6.1
    "manifest",  # static authority manifest, loop.md s4
    "_upstream",  # the one check of the chain up to the budget, for run, replay and trace
    "search_run",  # GeometricSearchRun / CandidateAttempt / SearchRunRefusal, ADR-0228
    "chain",  # UpstreamChain: the episode's upstream records as one value
    "operator_result",  # CandidateOperatorResult / CandidateOperatorRefusal, ADR-0231
    "binding",  # CandidateAttemptRunBinding, ADR-0232
    "_replay_types",  # the replay adapter's value types, ADR-0229 s7, s8
    "_replay_checks",  # the replay adapter's input checks, ADR-0229 s6.2
    "replay",  # replay adapter, ADR-0229
    "_trace_types",  # the sealed trace's value types, ADR-0230 s7, s8
    "_trace_checks",  # the sealed trace's episode checks, ADR-0230 s6.1
    "trace",  # SealedPracticeTrace, ADR-0230 / ADR-0233
)
"""The kernel's modules in chain order (private modules where they rank)."""

__all__ = ["CHAIN"]
