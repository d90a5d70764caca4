"""Canonical identity (loop.md s2): published vectors, the validator's refusals, and the
kernel's encoder checked against the tests' own ``json.dumps`` + ``hashlib``."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import math
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from practiceloop.kernel import identity
from practiceloop.kernel.identity import (
    MAX_DEPTH,
    MAX_SAFE_INT,
    CanonicalPayloadError,
    are_digests,
    canonical_bytes,
    digest,
    digest_bytes,
    has_utf8_form,
    is_digest,
    sealed_forms,
    validate_payload,
)

from ._independent import FUZZ, canonical, sha256_hex

REPO = Path(__file__).resolve().parents[2]
VECTORS_FILE = REPO / "tests" / "kernel" / "vectors" / "canonical_vectors.json"
SCRIPT = REPO / "scripts" / "make_canonical_vectors.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_canonical_vectors", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _published() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(VECTORS_FILE.read_text(encoding="ascii"))
    return loaded


def _vectors() -> list[dict[str, Any]]:
    vectors = _published()["vectors"]
    assert isinstance(vectors, list)
    return vectors


# -- published vectors -----------------------------------------------------------------------


def test_committed_vectors_are_what_the_script_generates() -> None:
    assert VECTORS_FILE.read_bytes() == _script().render()


@pytest.mark.parametrize("vector", _vectors(), ids=lambda v: str(v["name"]))
def test_vector_bytes_and_digest_recomputed_independently(vector: dict[str, Any]) -> None:
    payload = vector["payload"]
    expected = bytes.fromhex(str(vector["canonical_hex"]))
    assert canonical(payload) == expected
    assert expected.decode("utf-8") == vector["canonical_utf8"]
    assert hashlib.sha256(expected).hexdigest() == vector["sha256"]
    # ... and the kernel agrees with all three.
    assert canonical_bytes(payload) == expected
    assert digest(payload) == vector["sha256"]
    assert digest_bytes(expected) == vector["sha256"]


@pytest.mark.parametrize("refusal", _published()["refusals"], ids=lambda r: str(r["rule"]))
def test_published_refusals_are_refused(refusal: dict[str, Any]) -> None:
    with pytest.raises(CanonicalPayloadError):
        canonical_bytes(refusal["payload"])


def _walk(value: Any) -> list[object]:
    found = [value]
    if isinstance(value, list):
        for item in value:
            found.extend(_walk(item))
    elif isinstance(value, dict):
        for key, item in value.items():
            found.append(key)
            found.extend(_walk(item))
    return found


def test_vectors_cover_what_loop_md_s2_asks_for() -> None:
    payloads = [v["payload"] for v in _vectors()]
    # A key above U+FFFF beside keys in U+E000..U+FFFF, in one object.
    assert any(
        isinstance(p, dict)
        and any(ord(k[0]) > 0xFFFF for k in p if k)
        and any(0xE000 <= ord(k[0]) <= 0xFFFF for k in p if k)
        for p in payloads
    )
    everything = [x for p in payloads for x in _walk(p)]
    assert MAX_SAFE_INT in everything and -MAX_SAFE_INT in everything
    texts = [x for x in everything if isinstance(x, str)]
    assert any(any(ord(c) < 0x20 for c in t) for t in texts)  # control characters
    assert any("\u2028" in t for t in texts)
    assert any(not t.isascii() for t in texts)
    assert {} in payloads and [] in payloads and "" in payloads
    assert any(
        isinstance(p, dict) and any(isinstance(v, dict | list) for v in p.values())
        for p in payloads
    )
    rules = {r["rule"] for r in _published()["refusals"]}
    assert {"int_above_max_safe", "lone_high_surrogate", "nesting_beyond_max_depth"} <= rules


def test_astral_key_sorts_by_code_point_not_utf16() -> None:
    data = canonical({"\U0001f600": 1, "\ue000": 2})
    assert data == '{"\ue000":2,"\U0001f600":1}'.encode()
    assert canonical_bytes({"\U0001f600": 1, "\ue000": 2}) == data


def test_control_characters_escaped_and_separators_raw() -> None:
    assert canonical_bytes("\x00\n\x1f\u2028") == b'"\\u0000\\n\\u001f\xe2\x80\xa8"'


# -- the validator -----------------------------------------------------------------------------


def _deep(depth: int, container: str = "list") -> object:
    value: object = 0
    for _ in range(depth):
        value = [value] if container == "list" else {"k": value}
    return value


REFUSED: dict[str, Any] = {
    "float": 1.5,
    "float_integral": 2.0,
    "nan": math.nan,
    "infinity": math.inf,
    "nan_in_list": [1, math.nan],
    "int_2_53": 2**53,
    "int_minus_2_53": -(2**53),
    "huge_int": 10**400,
    "int_key": {1: "a"},
    "none_key": {None: 1},
    "bool_key": {True: 1},
    "tuple_key": {("a",): 1},
    "bytes": b"abc",
    "bytearray": bytearray(b"a"),
    "set": {1, 2},
    "frozenset": frozenset({"a"}),
    "lone_surrogate": "\ud800",
    "lone_surrogate_key": {"a\udc00": 1},
    "lone_surrogate_deep": {"a": [["ok", "\udfff"]]},
    "depth_lists": _deep(MAX_DEPTH + 1),
    "depth_dicts": _deep(MAX_DEPTH + 1, "dict"),
    "very_deep": _deep(50_000),
    "fraction": Fraction(1, 2),
    "complex": 1j,
    "object": object(),
    "str_subclass": type("S", (str,), {})("x"),
    "int_subclass": type("I", (int,), {})(1),
}


@pytest.mark.parametrize("payload", list(REFUSED.values()), ids=list(REFUSED))
def test_validator_refuses(payload: Any) -> None:
    with pytest.raises(CanonicalPayloadError):
        validate_payload(payload)
    with pytest.raises(CanonicalPayloadError):
        canonical_bytes(payload)
    with pytest.raises(CanonicalPayloadError):
        digest(payload)


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"a": [1, 2**53]}, "$.a[1]: int outside"),
        ({"a": -(2**53)}, "$.a: int outside"),
        ({"b": ["ok", "\ud800"]}, "$.b[1]: text has no UTF-8 form"),
        ({"c": 1.5}, "$.c: float is not a canonical type"),
        ({1: "x"}, "key 1 is not a str"),
        (_deep(MAX_DEPTH + 1), f"nesting deeper than {MAX_DEPTH}"),
    ],
)
def test_a_refusal_says_where_and_why(payload: Any, message: str) -> None:
    with pytest.raises(CanonicalPayloadError) as raised:
        validate_payload(payload)
    assert message in str(raised.value)


def test_depth_bound_is_exact() -> None:
    assert canonical_bytes(_deep(MAX_DEPTH)) == canonical(_deep(MAX_DEPTH))
    assert canonical_bytes(_deep(MAX_DEPTH, "dict")) == canonical(_deep(MAX_DEPTH, "dict"))


def test_int_bounds_are_exact() -> None:
    for n in (MAX_SAFE_INT, -MAX_SAFE_INT):
        assert canonical_bytes(n) == str(n).encode()


def test_bool_is_a_json_boolean_never_an_int() -> None:
    assert canonical_bytes(True) == b"true"
    assert digest(True) != digest(1)
    assert digest([False]) != digest([0])


def test_tuple_encodes_as_list() -> None:
    assert canonical_bytes((1, "a", ())) == canonical([1, "a", []])


def test_unicode_is_not_normalised() -> None:
    assert digest("\u00e9") != digest("e\u0301")


def test_sealed_forms_blank_the_id_drop_prose_and_store_the_full_form() -> None:
    fields: dict[str, Any] = {"id": "stale", "value": [1, "x"], "explanation": "why"}
    value, stored = sealed_forms("note", fields, "id", False)
    assert value == sha256_hex({"id": "", "value": [1, "x"]})
    assert stored == canonical({"kind": "note", "record": {**fields, "id": value}})
    assert fields["id"] == "stale"  # the caller's payload is left alone
    assert sealed_forms(None, {"id": "x", "n": 1}, "id", True) == (sha256_hex({"n": 1}), None)
    with pytest.raises(CanonicalPayloadError):
        sealed_forms("note", {"id": "", "n": 1.5}, "id", False)
    with pytest.raises(CanonicalPayloadError):
        sealed_forms("\ud800", {"id": ""}, "id", False)


@pytest.mark.parametrize(
    "value",
    ["a" * 64, "0123456789abcdef" * 4],
)
def test_is_digest_accepts(value: str) -> None:
    assert is_digest(value)


@pytest.mark.parametrize(
    "value",
    ["A" * 64, "a" * 63, "a" * 65, "g" * 64, "", None, 1, b"a" * 64, ["a" * 64], " " + "a" * 63],
)
def test_is_digest_refuses(value: Any) -> None:
    assert not is_digest(value)


@given(st.lists(st.one_of(
    st.text("0123456789abcdef", min_size=64, max_size=64),
    st.text("0123456789abcdefA g", min_size=62, max_size=66),
    st.none(), st.integers(), st.binary(min_size=64, max_size=64),
), max_size=4))
def test_are_digests_is_is_digest_of_every_item(values: list[Any]) -> None:
    assert are_digests(tuple(values)) is all(is_digest(value) for value in values)
    assert not are_digests(values)  # a list is not a tuple of digests


def test_digest_type_is_a_newtype_of_str() -> None:
    assert identity.Digest("x") == "x"


# -- properties --------------------------------------------------------------------------------

def _payloads(text_size: int, width: int, leaves: int) -> st.SearchStrategy[Any]:
    """Canonical payloads: any code point but lone surrogates (controls and U+2028 included),
    ints at the 53-bit bounds, lists, tuples and objects."""
    text = st.text(st.characters(exclude_categories=["Cs"]), max_size=text_size)
    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(min_value=-MAX_SAFE_INT, max_value=MAX_SAFE_INT), text
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=width),
            st.lists(inner, max_size=width).map(tuple),
            st.dictionaries(text, inner, max_size=width),
        ),
        max_leaves=leaves,
    )


_TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
_JSON = _payloads(12, 4, 12)


@FUZZ
@given(_JSON)
def test_kernel_encoding_equals_reference_encoding(payload: Any) -> None:
    assert canonical_bytes(payload) == canonical(payload)
    assert digest(payload) == sha256_hex(payload)
    assert is_digest(digest(payload))


@FUZZ
@given(st.one_of(st.integers(min_value=MAX_SAFE_INT + 1), st.integers(max_value=-MAX_SAFE_INT - 1)))
def test_out_of_range_ints_are_refused(n: int) -> None:
    with pytest.raises(CanonicalPayloadError):
        canonical_bytes({"n": [n]})


@FUZZ
@given(st.text(st.characters(categories=["Cs"]), min_size=1, max_size=3), _TEXT)
def test_lone_surrogates_are_refused_anywhere(bad: str, good: str) -> None:
    for payload in (bad, [good, bad], {bad: good}, {good: {"x": bad}}):
        with pytest.raises(CanonicalPayloadError):
            canonical_bytes(payload)


@FUZZ
@given(st.floats())
def test_floats_are_refused(value: float) -> None:
    with pytest.raises(CanonicalPayloadError):
        canonical_bytes([value])


# -- the fast encoder behind the validator (loop.md s2) -----------------------------------------

_WIDE = _payloads(24, 6, 40)


@pytest.mark.skipif(identity.ENCODER != "orjson", reason="orjson is not installed")
@FUZZ
@given(_WIDE)
def test_the_fast_encoder_gives_the_reference_bytes_on_every_validated_payload(
    payload: Any,
) -> None:
    # The differential property loop.md s2 asks of a faster encoder: byte equality with the
    # reference json.dumps form on every payload the validator accepts.
    validate_payload(payload)
    fast = identity._fast_bytes(payload)
    assert fast == identity._reference_bytes(payload) == canonical(payload)
    assert canonical_bytes(payload) == fast


def test_the_encoder_in_use_is_named() -> None:
    assert identity.ENCODER in ("orjson", "json")


_FALLBACK = r"""
import hashlib, json, sys
sys.modules["orjson"] = None  # as if it were not installed: import orjson raises ImportError
from practiceloop.kernel import identity
vectors = json.loads(open(sys.argv[1], encoding="ascii").read())["vectors"]
for vector in vectors:
    data = identity.canonical_bytes(vector["payload"])
    assert data.hex() == vector["canonical_hex"], vector["name"]
    assert identity.digest(vector["payload"]) == vector["sha256"], vector["name"]
print(identity.ENCODER, len(vectors))
"""


def test_the_pure_encoder_is_the_fallback_and_gives_the_published_bytes() -> None:
    # The kernel's only non-stdlib import is optional: without orjson, the standard library's
    # json encodes, and the published vectors come out byte for byte.
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-c", _FALLBACK, str(VECTORS_FILE)],
        check=True, capture_output=True, text=True, cwd=REPO,
    ).stdout.split()
    assert out == ["json", str(len(_vectors()))]


def test_parse_json_reads_what_canonical_bytes_writes() -> None:
    payload = {"a": [1, "\u00e9", None, True], "\U0001f600": {"b": -MAX_SAFE_INT}}
    assert identity.parse_json(canonical_bytes(payload)) == payload
    with pytest.raises(ValueError):
        identity.parse_json(b"{not json")


class _Text(str):
    pass


_SURROGATES = st.integers(0xD800, 0xDFFF).map(chr)  # what st.characters() never draws


@given(st.text(alphabet=st.one_of(st.characters(), _SURROGATES)))
def test_has_utf8_form_is_exactly_what_utf8_can_encode(text: str) -> None:
    try:
        text.encode("utf-8")
        encodable = True
    except UnicodeEncodeError:
        encodable = False
    assert has_utf8_form(text) is encodable
    assert has_utf8_form(_Text(text)) is False  # an exact str only, as every record field


@pytest.mark.parametrize("value", [b"abc", None, 7, ["a"], "\ud800", "a\udfffb"])
def test_has_utf8_form_refuses_what_is_not_encodable_text(value: object) -> None:
    assert has_utf8_form(value) is False


@given(st.one_of(
    st.text("0123456789abcdefABCDEF \t\n\u0663\uff10\ud800g", min_size=60, max_size=68),
    st.text(min_size=64, max_size=64),
))
def test_is_digest_is_exactly_64_lowercase_hex_characters(value: str) -> None:
    """The reference definition, character by character (whitespace, full-width and other
    scripts' digits, upper case, lone surrogates are no hex digit)."""
    reference = len(value) == 64 and all(c in "0123456789abcdef" for c in value)
    assert is_digest(value) is reference
    assert are_digests((value, "a" * 64)) is reference
