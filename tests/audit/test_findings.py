"""The finding catalogue: stable, unique message ids, and the exit bitmask built from them."""

from __future__ import annotations

import re

from practiceloop.audit.findings import Check, ExitBit, Finding, Severity, exit_code


def test_message_ids_are_unique_and_well_formed() -> None:
    numbers = [check.number for check in Check]
    slugs = [check.slug for check in Check]
    assert len(set(numbers)) == len(numbers)
    assert len(set(slugs)) == len(slugs)
    for check in Check:
        assert re.fullmatch(r"PL\d{3} [a-z]+(-[a-z]+)*", check.message_id), check


def test_message_ids_are_stable() -> None:
    # Scripts match on these: changing one is a breaking change (add, never renumber).
    assert Check.OBJECT_HASH_MISMATCH.message_id == "PL101 object-hash-mismatch"
    assert Check.RECORD_ID_MISMATCH.message_id == "PL201 record-id-mismatch"
    assert Check.REFERENCE_MISSING.message_id == "PL301 reference-missing"
    assert Check.DISPOSITION_MISMATCH.message_id == "PL401 disposition-mismatch"
    assert Check.LOG_ROLLED_BACK.message_id == "PL505 log-rolled-back"


def test_step_is_the_hundreds_digit() -> None:
    assert {check.step for check in Check} == {0, 1, 2, 3, 4, 5, 6, 7, 8}
    assert Check.STORE_UNREADABLE.step == 0
    assert Check.CHECKPOINT_ROOT_MISMATCH.step == 5


def test_every_error_sets_a_bit_and_warnings_set_none() -> None:
    for check in Check:
        if check.severity is Severity.ERROR:
            assert check.bit in (ExitBit.CORRUPT, ExitBit.INCOMPLETE, ExitBit.COULD_NOT_RUN)
        else:
            assert check.bit is ExitBit.OK


def test_exit_code_is_the_or_of_error_bits() -> None:
    corrupt = Finding(Check.OBJECT_HASH_MISMATCH, "a" * 64, "m")
    missing = Finding(Check.REFERENCE_MISSING, "b" * 64, "m")
    unread = Finding(Check.STORE_UNREADABLE, "store", "m")
    warning = Finding(Check.CHECKPOINT_MISSING, "x", "m")
    assert exit_code([]) == 0
    assert exit_code([warning]) == 0
    assert exit_code([corrupt]) == 1
    assert exit_code([missing, warning]) == 2
    assert exit_code([corrupt, missing]) == 3
    assert exit_code([corrupt, missing, unread, corrupt]) == 7


def test_finding_line_names_the_id_and_the_subject() -> None:
    finding = Finding(Check.RECORD_ID_MISMATCH, "c" * 64, "does not reproduce",
                      expected="e" * 64, actual="a" * 64)
    line = str(finding)
    assert line.startswith("PL201 record-id-mismatch " + "c" * 64 + ": does not reproduce")
    assert "expected " + "e" * 64 in line and "actual " + "a" * 64 in line
    as_json = finding.to_json()
    assert as_json["id"] == "PL201" and as_json["check"] == "record-id-mismatch"
    assert as_json["step"] == 2 and as_json["severity"] == "error"
