"""Who vouched for a checkpoint: its signed note held against the keys a user trusts.

A signature proves that the holder of a key published this ``(size, root)`` under this origin;
the audit's other steps prove the store reproduces that root. What it does not prove (that the
records are what the installed loop would produce) is ``verify --replay``'s part.

The rules (C2SP ``signed-note`` and ``tlog-checkpoint``), for one checkpoint and a non-empty
set of trusted verifier keys:

(1) the checkpoint is a signed note (an unsigned line is ``PL509``);
(2) a signature that names a trusted key (its name and key hash) must verify over the note's
    text (``PL511`` otherwise): a key that is trusted and refuses is never outvoted;
(3) at least one signature by a trusted key verifies (``PL510`` otherwise; signatures by keys
    not trusted are ignored, as the specification asks, but a signature under a trusted key's
    name with another key hash is named: a key was swapped);
(4) the origin line is the name of a trusted key that signed it (``PL512``).

Accepts a :class:`~practiceloop.store.Checkpoint` and the trusted keys; returns findings, never
raises.
"""

from __future__ import annotations

from collections.abc import Sequence

from practiceloop.audit.findings import Check, Finding
from practiceloop.store.checkpoint import Checkpoint
from practiceloop.store.note import NoteError, Verifier, check_signatures

__all__ = ["checkpoint_trust"]


def checkpoint_trust(
    checkpoint: Checkpoint, trusted: Sequence[Verifier], subject: str
) -> list[Finding]:
    """Findings for ``checkpoint`` against ``trusted`` (see the module rules); [] when a
    trusted key vouches for it."""
    # (1) a signed note at all.
    if checkpoint.note is None:
        return [Finding(Check.CHECKPOINT_UNSIGNED, subject,
                        f"size {checkpoint.size} is an unsigned line; a trusted key was given")]
    try:
        note = checkpoint.parsed_note()
    except NoteError as exc:  # a Checkpoint is validated when built; kept for safety
        return [Finding(Check.CHECKPOINT_UNSIGNED, subject, f"the note does not parse: {exc}")]
    verdict = check_signatures(note, trusted)
    findings: list[Finding] = []
    # (2) a trusted key that refuses.
    for signature in verdict.invalid:
        findings.append(Finding(Check.CHECKPOINT_SIGNATURE_INVALID, subject,
                                f"the signature by {signature.key_id} does not verify over the "
                                "checkpoint text (the text or the signature was changed)"))
    # (3) someone trusted vouches.
    if not verdict.verified:
        if not verdict.invalid:
            names = {v.name: v.key_id for v in trusted}
            swapped = [f"{s.key_id} (the trusted key {s.name} is {names[s.name]})"
                       for s in verdict.unknown if s.name in names]
            others = sorted({s.key_id for s in verdict.unknown if s.name not in names})
            what = "; ".join([*(f"signed as {w}" for w in swapped),
                              *([f"signed only by untrusted {', '.join(others)}"]
                                if others else [])])
            findings.append(Finding(Check.CHECKPOINT_UNTRUSTED, subject,
                                    f"size {checkpoint.size}: no signature by a trusted key: "
                                    f"{what}", expected=" or ".join(sorted(names.values())),
                                    actual=", ".join(s.key_id for s in verdict.unknown)))
        return findings
    # (4) the origin is the log's own key.
    signers = sorted(v.name for v in verdict.verified)
    if checkpoint.origin not in signers:
        findings.append(Finding(Check.CHECKPOINT_ORIGIN_MISMATCH, subject,
                                "the origin line is not the name of the trusted key that signed",
                                expected=" or ".join(signers), actual=str(checkpoint.origin)))
    return findings
