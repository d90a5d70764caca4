"""practiceloop.kernel: the pure core of the residual-gated practice loop.

The kernel never performs I/O, never reads a clock, never draws randomness, never inspects the
environment, never starts a subprocess and never imports dynamically. It imports only the
standard library and its own modules, and only *down* the chain below: a module may import the
modules listed before it, never one listed after it (enforced by ``tests/kernel/test_layering.py``,
which parses the source). A private ``_name`` module holds shared checks of the stage that
follows it and ranks just above every module it imports (e.g. ``_run_chain`` serves
``operator_result``, ``binding`` and ``trace``; ``_replay_types``/``_replay_checks`` serve
``replay``; ``_trace_checks`` serves ``trace``; ``_fields`` compiles record annotations for
``record``).

Every boundary takes immutable values and returns one new immutable value or a typed refusal;
nothing is mutated and nothing raises on bad input. Every identity is computed by
:mod:`practiceloop.kernel.identity`, and only there.
"""

CHAIN: tuple[str, ...] = (
    "identity",  # canonical JSON + SHA-256 (loop.md s2)
    "record",  # frozen slotted records: fields, validation, identity payload declared once
    "span",  # SourceSpan
    "frame",  # ProblemFrame (reader output)
    "assessment",  # ContractAssessment (organ verdict)
    "proof",  # ProofOutcome (proof authority verdict)
    "residual",  # ContractResidual, ADR-0225
    "gate",  # SearchGateDecision, ADR-0226
    "budget",  # ComputeBudgetDecision, ADR-0227
    "candidate",  # CandidateDelta / CandidateReconstruction, ADR-0229 s6.1
    "manifest",  # static authority manifest, loop.md s4
    "search_run",  # GeometricSearchRun / CandidateAttempt / SearchRunRefusal, ADR-0228
    "operator_result",  # CandidateOperatorResult / CandidateOperatorRefusal, ADR-0231
    "binding",  # CandidateAttemptRunBinding, ADR-0232
    "replay",  # replay adapter, ADR-0229
    "trace",  # SealedPracticeTrace, ADR-0230 / ADR-0233
)
"""The kernel's modules in chain order."""

__all__ = ["CHAIN"]
