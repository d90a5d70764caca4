"""What ``verify`` reports: one :class:`Finding` per problem, each with a stable message id.

A finding's :class:`Check` is its catalogue entry: a number (``PL101``), a slug
(``object-hash-mismatch``), a severity and the exit-code bit it sets. Numbers and slugs are a
public interface: scripts match on them and ``docs/cli.md`` lists them, so a check is never
renumbered or renamed, only added. The hundreds digit is the audit step that raises it
(0: the store as a whole; 1 to 5: the numbered steps of :mod:`practiceloop.audit.verify`;
6: a single-trace bundle; 7: the re-execution audit, ``verify --replay``; 8: an attestation).

The exit code of an audit is a bitmask (:class:`ExitBit`): 1 corrupt, 2 incomplete chain,
4 could not run. Every error finding sets its check's bit, so an audit that found anything
wrong never exits 0; a warning sets no bit (it names a weakness, not damage).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable
from typing import Any

__all__ = ["Check", "ExitBit", "Finding", "Severity", "exit_code"]


class Severity(enum.StrEnum):
    """How bad a finding is: an error sets its exit bit, a warning does not."""

    ERROR = "error"
    WARNING = "warning"


class ExitBit(enum.IntFlag):
    """The bits of the audit's exit code (documented in ``docs/cli.md``)."""

    OK = 0
    CORRUPT = 1  # stored bytes are not what they claim to be
    INCOMPLETE = 2  # something the chain needs is absent (missing, dangling, not logged)
    COULD_NOT_RUN = 4  # the audit could not do part of its work


class Check(enum.Enum):
    """The catalogue of findings: ``(number, slug, severity, bit, what it means)``."""

    # -- 0: the store as a whole
    STORE_UNREADABLE = (1, "store-unreadable", Severity.ERROR, ExitBit.COULD_NOT_RUN,
                        "the store cannot be opened or read at all")
    STEP_FAILED = (2, "step-failed", Severity.ERROR, ExitBit.COULD_NOT_RUN,
                   "one step stopped on an error; the other steps still ran")
    CHECKPOINTS_UNREADABLE = (3, "checkpoints-unreadable", Severity.ERROR, ExitBit.COULD_NOT_RUN,
                              "the checkpoints file exists but cannot be read or parsed")
    STORE_DAMAGED = (4, "store-damaged", Severity.ERROR, ExitBit.CORRUPT,
                     "the database file is damaged (truncated, malformed pages)")
    SCHEMA_ALTERED = (5, "schema-altered", Severity.ERROR, ExitBit.CORRUPT,
                      "a table or an append-only trigger is missing, or one was added")
    # -- 1: re-hash every object
    OBJECT_HASH_MISMATCH = (101, "object-hash-mismatch", Severity.ERROR, ExitBit.CORRUPT,
                            "the object's bytes do not hash to the leaf hash logged for them")
    OBJECT_UNPARSABLE = (102, "object-unparsable", Severity.ERROR, ExitBit.CORRUPT,
                         "the object is not UTF-8 JSON of the form {kind, record}")
    OBJECT_NOT_CANONICAL = (103, "object-not-canonical", Severity.ERROR, ExitBit.CORRUPT,
                            "the object parses but does not re-encode to the same bytes")
    OBJECT_KIND_MISMATCH = (104, "object-kind-mismatch", Severity.ERROR, ExitBit.CORRUPT,
                            "the kind inside the object differs from the kind it is filed under")
    OBJECT_KIND_UNKNOWN = (105, "object-kind-unknown", Severity.ERROR, ExitBit.CORRUPT,
                           "the object's kind is not a record kind practiceloop writes")
    # -- 2: recompute every id
    RECORD_ID_MISMATCH = (201, "record-id-mismatch", Severity.ERROR, ExitBit.CORRUPT,
                          "the id recomputed from the record's fields differs from its id field")
    OBJECT_ID_MISMATCH = (202, "object-id-mismatch", Severity.ERROR, ExitBit.CORRUPT,
                          "the object is filed under an id other than the id its record carries")
    RECORD_MALFORMED = (203, "record-malformed", Severity.ERROR, ExitBit.CORRUPT,
                        "the record lacks its id field or a field has the wrong shape")
    NESTED_ID_MISMATCH = (204, "nested-id-mismatch", Severity.ERROR, ExitBit.CORRUPT,
                          "a record nested inside another does not reproduce its own id")
    # -- 3: resolve every reference
    REFERENCE_MISSING = (301, "reference-missing", Severity.ERROR, ExitBit.INCOMPLETE,
                         "a record references an id that is not in the store")
    REFERENCE_WRONG_KIND = (302, "reference-wrong-kind", Severity.ERROR, ExitBit.CORRUPT,
                            "a referenced id resolves to a record of another kind")
    RECORD_DANGLING = (303, "record-dangling", Severity.ERROR, ExitBit.INCOMPLETE,
                       "no problem entry and no other record references this record")
    PROBLEM_INDEX_MISMATCH = (304, "problem-index-mismatch", Severity.ERROR, ExitBit.INCOMPLETE,
                              "the store's problem index and its problem entries disagree")
    RECORD_AFTER_ENTRY = (305, "record-after-entry", Severity.ERROR, ExitBit.CORRUPT,
                          "every problem entry that reaches this record is logged before it")
    EPISODE_INDEX_STALE = (306, "episode-index-stale", Severity.ERROR, ExitBit.CORRUPT,
                           "the derived episode index is not what the stored evidence derives")
    EPISODE_INDEX_MISSING = (307, "episode-index-missing", Severity.WARNING, ExitBit.OK,
                             "the store has no episode index this version reads (not compared)")
    # -- 4: re-derive each trace's disposition
    DISPOSITION_MISMATCH = (401, "disposition-mismatch", Severity.ERROR, ExitBit.CORRUPT,
                            "the trace's practice disposition is not the one its records imply")
    DISPOSITION_UNDERIVABLE = (402, "disposition-underivable", Severity.ERROR, ExitBit.INCOMPLETE,
                               "the records a trace binds are missing or cannot be read")
    TRACE_ATTEMPT_UNACCOUNTED = (403, "trace-attempt-unaccounted", Severity.ERROR,
                                 ExitBit.CORRUPT,
                                 "an attempt has no replay record, or a replay record no attempt")
    # -- 5: recompute the Merkle log and check it against the checkpoints
    LOG_OBJECT_MISSING = (501, "log-object-missing", Severity.ERROR, ExitBit.INCOMPLETE,
                          "a log entry names an object that is not in the store")
    OBJECT_NOT_LOGGED = (502, "object-not-logged", Severity.ERROR, ExitBit.INCOMPLETE,
                         "an object is in the store but in no log entry")
    LOG_SEQUENCE_BROKEN = (503, "log-sequence-broken", Severity.ERROR, ExitBit.CORRUPT,
                           "log positions are not 0..n-1 without a hole")
    CHECKPOINT_ROOT_MISMATCH = (504, "checkpoint-root-mismatch", Severity.ERROR, ExitBit.CORRUPT,
                                "the root recomputed at a checkpoint's size is not its root")
    LOG_ROLLED_BACK = (505, "log-rolled-back", Severity.ERROR, ExitBit.CORRUPT,
                       "the log is shorter than a published checkpoint: the store was rolled back")
    CHECKPOINTS_INCONSISTENT = (506, "checkpoints-inconsistent", Severity.ERROR, ExitBit.CORRUPT,
                                "a checkpoint does not extend the one before it")
    CHECKPOINT_MISSING = (507, "checkpoint-missing", Severity.WARNING, ExitBit.OK,
                          "the log has entries but no checkpoint anchors it")
    CHECKPOINT_REQUIRED = (508, "checkpoint-required", Severity.ERROR, ExitBit.INCOMPLETE,
                           "a trusted key is given but no checkpoint file or no checkpoint")
    CHECKPOINT_UNSIGNED = (509, "checkpoint-unsigned", Severity.ERROR, ExitBit.CORRUPT,
                           "a trusted key is given but this checkpoint is not a signed note")
    CHECKPOINT_UNTRUSTED = (510, "checkpoint-untrusted", Severity.ERROR, ExitBit.CORRUPT,
                            "the checkpoint carries no signature by a trusted key")
    CHECKPOINT_SIGNATURE_INVALID = (511, "checkpoint-signature-invalid", Severity.ERROR,
                                    ExitBit.CORRUPT,
                                    "a signature naming a trusted key does not verify")
    CHECKPOINT_ORIGIN_MISMATCH = (512, "checkpoint-origin-mismatch", Severity.ERROR,
                                  ExitBit.CORRUPT,
                                  "the checkpoint's origin is not the name of the key that signed")
    # -- 6: a single-trace bundle (verify --bundle)
    BUNDLE_MALFORMED = (601, "bundle-malformed", Severity.ERROR, ExitBit.CORRUPT,
                        "the bundle is not a well-formed practiceloop bundle")
    BUNDLE_NOT_CANONICAL = (602, "bundle-not-canonical", Severity.ERROR, ExitBit.CORRUPT,
                            "the bundle's bytes are not its canonical encoding")
    BUNDLE_INCLUSION_FAILED = (603, "bundle-inclusion-failed", Severity.ERROR, ExitBit.CORRUPT,
                               "the trace's bytes are not proven to be in the checkpointed log")
    BUNDLE_CHECKPOINT_UNKNOWN = (604, "bundle-checkpoint-unknown", Severity.ERROR,
                                 ExitBit.CORRUPT,
                                 "the bundle's root is not one of the published checkpoints")
    # -- 7: re-execution (verify --replay)
    REPLAY_RECORD_DIFFERS = (701, "replay-record-differs", Severity.ERROR, ExitBit.CORRUPT,
                             "re-practising gives other bytes under this record's id")
    REPLAY_RECORD_UNPRODUCED = (702, "replay-record-unproduced", Severity.ERROR, ExitBit.CORRUPT,
                                "a stored record that re-practising no stored problem produces")
    REPLAY_RECORD_MISSING = (703, "replay-record-missing", Severity.ERROR, ExitBit.INCOMPLETE,
                             "re-practising produces a record the store lacks")
    REPLAY_VERSIONS_DIFFER = (704, "replay-versions-differ", Severity.ERROR,
                              ExitBit.COULD_NOT_RUN,
                              "stored reader or manifest versions are not the installed ones")
    REPLAY_TEXT_UNAVAILABLE = (705, "replay-text-unavailable", Severity.WARNING, ExitBit.OK,
                               "the problem's text is not stored (no frame): not re-practised")
    REPLAY_FAILED = (706, "replay-failed", Severity.ERROR, ExitBit.COULD_NOT_RUN,
                     "the loop raised while re-practising this problem")
    # -- 8: an attestation (verify --attestation)
    ATTESTATION_MALFORMED = (801, "attestation-malformed", Severity.ERROR, ExitBit.CORRUPT,
                             "not a DSSE envelope holding a practiceloop in-toto Statement v1")
    ATTESTATION_PAYLOAD_TYPE = (802, "attestation-payload-type", Severity.ERROR, ExitBit.CORRUPT,
                                "the envelope's payloadType is not application/vnd.in-toto+json")
    ATTESTATION_UNTRUSTED = (803, "attestation-untrusted", Severity.ERROR, ExitBit.CORRUPT,
                             "the envelope is signed, but by no trusted key")
    ATTESTATION_UNSIGNED = (804, "attestation-unsigned", Severity.WARNING, ExitBit.OK,
                            "the envelope carries no signature (only its checkpoint is signed)")
    ATTESTATION_SIGNATURE_INVALID = (805, "attestation-signature-invalid", Severity.ERROR,
                                     ExitBit.CORRUPT,
                                     "an envelope signature naming a trusted key does not verify")
    ATTESTATION_SUBJECT_MISMATCH = (806, "attestation-subject-mismatch", Severity.ERROR,
                                    ExitBit.CORRUPT,
                                    "the subject's sha256 is not the digest of the trace's bytes")
    ATTESTATION_INCLUSION_FAILED = (807, "attestation-inclusion-failed", Severity.ERROR,
                                    ExitBit.CORRUPT,
                                    "the trace is not proven to be in the signed checkpoint's log")

    def __init__(self, number: int, slug: str, severity: Severity, bit: ExitBit, doc: str) -> None:
        self.number = number
        self.slug = slug
        self.severity = severity
        self.bit = bit
        self.doc = doc

    @property
    def message_id(self) -> str:
        """The stable id printed with every finding, e.g. ``PL101 object-hash-mismatch``."""
        return f"PL{self.number:03d} {self.slug}"

    @property
    def step(self) -> int:
        """The audit step that raises this check (0: the store as a whole, 6: a bundle,
        7: re-execution, 8: an attestation)."""
        return self.number // 100


@dataclasses.dataclass(frozen=True, slots=True)
class Finding:
    """One problem ``verify`` found: its check, the failing subject, and what is wrong.

    ``subject`` is the failing record id when there is one, else a log position
    (``log[17]``), a checkpoint (``checkpoint[2]``) or ``store``. ``expected`` and ``actual``
    are set when the check compares two values (style.md habit 5).
    """

    check: Check
    subject: str
    message: str
    expected: str | None = None
    actual: str | None = None

    @property
    def message_id(self) -> str:
        return self.check.message_id

    @property
    def severity(self) -> Severity:
        return self.check.severity

    def __str__(self) -> str:
        text = f"{self.check.message_id} {self.subject}: {self.message}"
        if self.expected is not None or self.actual is not None:
            text += f" (expected {self.expected}, actual {self.actual})"
        return text

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``--json`` output (keys are a stable interface)."""
        return {
            "id": f"PL{self.check.number:03d}",
            "check": self.check.slug,
            "severity": self.check.severity.value,
            "step": self.check.step,
            "subject": self.subject,
            "message": self.message,
            "expected": self.expected,
            "actual": self.actual,
        }


def exit_code(findings: Iterable[Finding]) -> int:
    """The bitmask of every error finding's bit: 0 only when no error was found."""
    bits = ExitBit.OK
    for finding in findings:
        if finding.check.severity is Severity.ERROR:
            bits |= finding.check.bit
    return int(bits)
