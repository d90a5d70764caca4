#!/usr/bin/env python3
"""Regenerate the published canonical-identity vectors: payload -> canonical bytes -> digest.

Writes ``tests/kernel/vectors/canonical_vectors.json`` so that a verifier in another language
can check practiceloop's identity (loop.md s2). Every vector names the rule it exercises;
``refusals`` lists JSON-representable payloads the validator must refuse. The file is ASCII
(``\\u`` escapes), sorted, one vector per line; ``tests/kernel/test_identity.py``
regenerates it with :func:`render` and compares byte for byte.

Usage: ``PYTHONPATH=src python scripts/make_canonical_vectors.py [--check]``
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from practiceloop.kernel.identity import MAX_DEPTH, MAX_SAFE_INT, canonical_bytes, digest

OUTPUT = Path(__file__).resolve().parents[1] / "tests/kernel/vectors/canonical_vectors.json"
SCHEMA = "practiceloop.canonical_vectors.v1"


def _nested(depth: int) -> object:
    """``depth`` nested lists around 0: the innermost container sits at depth ``depth - 1``."""
    value: object = 0
    for _ in range(depth):
        value = [value]
    return value


VECTORS: tuple[tuple[str, object], ...] = (
    ("empty_object", {}),
    ("empty_array", []),
    ("empty_string", ""),
    ("null", None),
    ("true", True),
    ("false", False),
    ("zero", 0),
    ("int_max_safe", MAX_SAFE_INT),
    ("int_min_safe", -MAX_SAFE_INT),
    ("ints_mixed", [-1, 0, 1, 10, 2**31, -(2**31), 2**32 + 1]),
    # Python sorts keys by code point: U+1F600 after U+E000..U+FFFF. A verifier that sorts
    # UTF-16 code units would put the astral key first and get different bytes.
    ("keys_astral_beside_private_use", {"\U0001f600": 1, "\ue000": 2, "\uffff": 3, "z": 4}),
    ("keys_astral_only_order", {"\U00010000": "a", "\U0010ffff": "b", "\ufffd": "c"}),
    ("keys_ascii_order", {"b": 1, "a": 2, "A": 3, "_": 4, "aa": 5, "": 6, "1": 7}),
    ("control_characters", "\x00\x01\x08\t\n\x0b\x0c\r\x1f\x7f"),
    ("quote_backslash_slash", '"\\/'),
    ("line_and_paragraph_separators", "a\u2028b\u2029c"),
    ("non_ascii_text", "crêpes, Ελληνικά, 日本語, 1½, ½"),
    ("astral_text", "\U0001f600\U00010348"),
    ("combining_not_normalised", ["\u00e9", "e\u0301"]),
    ("bom_and_nbsp_kept", "\ufeff\u00a0x"),
    ("nested", {"a": [1, {"b": [], "c": {}}, [[]]], "z": None, "t": [True, False, None]}),
    ("self_sealed_shape", {"record_id": "", "value": "x", "spans": []}),
    ("max_depth_nesting", _nested(MAX_DEPTH)),
)

REFUSALS: tuple[tuple[str, object], ...] = (
    ("float", 1.5),
    ("float_integral", 1.0),
    ("int_above_max_safe", MAX_SAFE_INT + 1),
    ("int_below_min_safe", -MAX_SAFE_INT - 1),
    ("lone_high_surrogate", "\ud800"),
    ("lone_low_surrogate_key", {"\udfff": 1}),
    ("nesting_beyond_max_depth", _nested(MAX_DEPTH + 1)),
)


def build() -> dict[str, object]:
    """The vectors file's content, computed by the kernel's own identity module."""
    vectors = []
    for name, payload in VECTORS:
        data = canonical_bytes(payload)
        vectors.append(
            {
                "name": name,
                "payload": payload,
                "canonical_utf8": data.decode("utf-8"),
                "canonical_hex": data.hex(),
                "sha256": digest(payload),
            }
        )
    return {
        "schema": SCHEMA,
        "encoding": (
            'json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":"),'
            ' allow_nan=False).encode("utf-8"); digest = sha256 lowercase hex'
        ),
        "limits": {"max_safe_int": MAX_SAFE_INT, "max_depth": MAX_DEPTH},
        "vectors": vectors,
        "refusals": [{"rule": rule, "payload": payload} for rule, payload in REFUSALS],
    }


def _line(value: object) -> str:
    return json.dumps(value, ensure_ascii=True, sort_keys=True)


def render() -> bytes:
    """The exact bytes of the vectors file: one JSON document, one vector per line."""
    content = build()
    lines = ["{"]
    keys = sorted(content)
    for position, key in enumerate(keys):
        value = content[key]
        comma = "," if position < len(keys) - 1 else ""
        if isinstance(value, list):
            items = ",\n".join(f"    {_line(item)}" for item in value)
            lines.append(f"  {_line(key)}: [\n{items}\n  ]{comma}")
        else:
            lines.append(f"  {_line(key)}: {_line(value)}{comma}")
    lines.append("}")
    return ("\n".join(lines) + "\n").encode("ascii")


def main(argv: list[str]) -> int:
    data = render()
    if "--check" in argv:
        if OUTPUT.read_bytes() != data:
            print(f"{OUTPUT} is stale: run scripts/make_canonical_vectors.py", file=sys.stderr)
            return 1
        return 0
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_bytes(data)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
