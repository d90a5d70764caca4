"""practiceloop.audit: ``verify``, the independent audit of an evidence store and of bundles.

Modelled on ``git fsck`` and ``nix store verify``. The audit trusts nothing the producer
computed: it re-hashes stored bytes, recomputes every id from stored fields with its own tables
(:mod:`~practiceloop.audit.recompute` imports no kernel module but the identity module),
re-derives each trace's disposition (:mod:`~practiceloop.audit.disposition`), resolves every
reference and recomputes the Merkle log against the published checkpoints
(:mod:`~practiceloop.audit.verify`). Findings carry stable message ids
(:mod:`~practiceloop.audit.findings`); the exit code is a bitmask: 1 corrupt, 2 incomplete
chain, 4 could not run.

* :func:`verify_store`: audit a store (``quick`` or ``full``), returning a :class:`VerifyReport`;
  reachability from problem entries is :mod:`~practiceloop.audit.reach`'s, the signed
  checkpoints against trusted keys :mod:`~practiceloop.audit.trust`'s;
* :func:`verify_bundle_bytes`: check a single-trace bundle offline;
* :mod:`~practiceloop.audit.attestation`: make and check an in-toto attestation (DSSE) offline;
* :func:`closure`: the records one record binds (what ``show`` prints and a bundle carries).

The re-execution audit (``verify --replay``) needs the loop, so it sits above, in
:mod:`practiceloop.reexecution`.
"""

from practiceloop.audit.bundle import verify_bundle_bytes
from practiceloop.audit.chain import Closure, closure
from practiceloop.audit.findings import Check, ExitBit, Finding, Severity, exit_code
from practiceloop.audit.verify import Mode, VerifyReport, verify_store

__all__ = [
    "Check",
    "Closure",
    "ExitBit",
    "Finding",
    "Mode",
    "Severity",
    "VerifyReport",
    "closure",
    "exit_code",
    "verify_bundle_bytes",
    "verify_store",
]
