"""Fuzz entries for the store's write checks ahead of ``append``: ``ObjectBatch.add``,
``ObjectBatch.add_vouched`` and ``vouch_for`` (``practiceloop.store._objects``).

They are not in the package's ``__all__`` (the corpus driver is their one caller), so the
registry's completeness test does not ask for them; they are fuzzed all the same, because a
batch that takes a malformed object lets ``append`` write it.

Each is wrapped as a guard: the store's own refusals (:class:`InvalidObjectError`,
:class:`ObjectConflictError`) come back as values, anything else escapes and fails the fuzz.
The wrappers also hold the batch to all or nothing: a refused call leaves the batch as it was;
an accepted one holds exactly the bytes it was given (and, vouched, exactly the bytes vouched
for). Corruptions are graded by an oracle of this module's own (stdlib ``json`` and
``hashlib``), not by the checks under test.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hypothesis import strategies as st

from practiceloop.store._objects import ObjectBatch, vouch_for
from practiceloop.store.errors import InvalidObjectError, ObjectConflictError

from .strategies import Corruption, Severity, garbage

if TYPE_CHECKING:
    from .boundaries import Call, Context

Objects = tuple[tuple[str, str, bytes], ...]
ADDED = "added"
"""What an add that took its objects answers."""
REFUSALS = (InvalidObjectError, ObjectConflictError)


def _leaf(body: bytes) -> bytes:
    return hashlib.sha256(b"\x00" + body).digest()  # RFC 9162 leaf hash, computed here


def _held(batch: ObjectBatch) -> list[tuple[str, str, bytes, bytes]]:
    return list(batch._items())


def _checked_add(held: Objects, objects: object, add: Callable[[ObjectBatch], None]) -> object:
    batch = ObjectBatch.of(held)
    before = _held(batch)
    try:
        add(batch)
    except REFUSALS as refusal:
        assert _held(batch) == before, "a refused add changed the batch"
        return refusal
    after = {object_id: (kind, body, leaf) for object_id, kind, body, leaf in _held(batch)}
    assert _held(batch)[: len(before)] == before, "an add reordered what the batch held"
    for object_id, kind, body in objects:  # type: ignore[attr-defined]
        assert after[object_id] == (kind, body, _leaf(body)), "the batch keeps other bytes"
    return ADDED


def batch_add(ctx_held: Objects, objects: object) -> object:
    """``ObjectBatch.add(objects)`` on a batch already holding ``ctx_held``."""
    return _checked_add(ctx_held, objects, lambda batch: batch.add(objects))  # type: ignore[arg-type]


def batch_add_vouched(ctx_held: Objects, objects: object, vouch: object) -> object:
    """``ObjectBatch.add_vouched(objects, vouch)`` on a batch already holding ``ctx_held``."""
    answer = _checked_add(
        ctx_held, objects, lambda batch: batch.add_vouched(objects, vouch)  # type: ignore[arg-type]
    )
    if answer == ADDED:  # what was kept is what was vouched for, body by body
        assert type(vouch) is bytes
        assert b"".join(_leaf(body) for _, _, body in objects) == vouch  # type: ignore[attr-defined]
    return answer


def checked_vouch_for(objects: object) -> object:
    """``vouch_for(objects)``; a vouch given is the bodies' leaf hashes, in order."""
    vouch = vouch_for(objects)  # type: ignore[arg-type]
    if vouch is not None:
        assert vouch == b"".join(_leaf(body) for _, _, body in objects)  # type: ignore[attr-defined]
    return vouch


def refused(answer: object) -> bool:
    return isinstance(answer, REFUSALS)


# -- calls: real objects of real problems --------------------------------------------------------


def add_calls(ctx: Context) -> list[Call]:
    from .boundaries import Call

    items = ctx.evidence
    calls = []
    for held, given in itertools.pairwise(items[:4]):
        calls.append(Call({"ctx_held": tuple(held.objects), "objects": tuple(given.objects)}))
        # The batch's own objects again: kept once, never a conflict.
        calls.append(Call({"ctx_held": tuple(held.objects), "objects": tuple(held.objects[:3])}))
    return calls


def vouched_calls(ctx: Context) -> list[Call]:
    from .boundaries import Call

    return [Call({**call.args, "vouch": vouch_for(call.args["objects"])})  # type: ignore[arg-type]
            for call in add_calls(ctx)]


def vouch_calls(ctx: Context) -> list[Call]:
    from .boundaries import Call

    return [Call({"objects": tuple(item.objects)}) for item in ctx.evidence[:4]]


# -- corruptions, graded by this module's own oracle ----------------------------------------------


def _canonical_full_form(kind: object, body: object) -> bool:
    """Whether ``body`` is the canonical JSON of ``{"kind": kind, "record": {...}}``."""
    if type(body) is not bytes or type(kind) is not str or not kind:
        return False
    try:
        value = json.loads(body.decode("utf-8"))
        again = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"),
                           allow_nan=False).encode("utf-8")
    except (ValueError, RecursionError):  # not JSON, NaN, or a lone surrogate
        return False
    if again != body or type(value) is not dict or set(value) != {"kind", "record"}:
        return False
    if value["kind"] != kind or type(value["record"]) is not dict:
        return False
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > 32:  # identity.MAX_DEPTH containers deep at most
            return False
        for child in (item.values() if type(item) is dict else item):
            if type(child) is float or (type(child) is int and abs(child) > 2**53 - 1):
                return False
            if type(child) in (dict, list):
                stack.append((child, depth + 1))
    return True


def _grade(label: str, objects: object, any_iterable: bool) -> Corruption:
    """ILL unless every entry is a well-formed object and no id holds two bodies; a batch that
    is not a list or tuple is ILL too, unless ``any_iterable`` (``add`` takes any iterable)."""
    if type(objects) in (list, tuple):
        entries = list(objects)  # type: ignore[call-overload]
    elif not any_iterable or type(objects) not in (dict, set, frozenset, str, bytes):
        return Corruption(label, objects, Severity.ILL)
    else:
        entries = list(objects)  # type: ignore[call-overload]
    bodies: dict[object, object] = {}
    for entry in entries:
        try:  # any sequence of three will do, as for a tuple
            object_id, kind, body = entry
        except Exception:  # a hostile entry raises anything
            return Corruption(label, objects, Severity.ILL)
        digest_like = type(object_id) is str and len(object_id) == 64 and all(
            c in "0123456789abcdef" for c in object_id)
        if not digest_like or not _canonical_full_form(kind, body):
            return Corruption(label, objects, Severity.ILL)
        if bodies.setdefault(object_id, body) != body:
            return Corruption(label, objects, Severity.ILL)
    return Corruption(label, objects, Severity.VALUE)


def _damaged_body(body: bytes) -> st.SearchStrategy[tuple[str, bytes]]:
    record = json.loads(body)
    spaced = json.dumps(record, ensure_ascii=False, sort_keys=True).encode("utf-8")
    floated = json.dumps({**record, "record": {**record["record"], "x": 1.5}},
                         ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
    cut = st.integers(0, len(body) - 1).map(lambda at: ("cut", body[:at]))
    flip = st.tuples(st.integers(0, len(body) - 1), st.integers(0, 7)).map(
        lambda p: ("flip", body[:p[0]] + bytes([body[p[0]] ^ (1 << p[1])]) + body[p[0] + 1:]))
    return st.one_of(cut, flip, st.sampled_from([
        ("spaced", spaced), ("float", floated), ("trailing", body + b" "),
        ("surrogate", body.replace(b'"record":{', b'"record":{"s":"\\ud800",', 1)),
        ("deep", body.replace(b'"record":{', b'"record":{"d":' + b"[" * 40 + b"]" * 40 + b",", 1)),
    ]))


def objects_mutations(any_iterable: bool) -> Callable[[Context, object], Any]:
    """The override for a batch of ``(id, kind, body)`` (see :func:`_mutations`)."""
    return lambda _, original: _mutations(original, any_iterable)


def _mutations(original: object, any_iterable: bool) -> st.SearchStrategy[Corruption]:
    """Damage to a batch of ``(id, kind, body)``: one entry's id, kind or body, its shape, two
    bodies under one id, the batch's own shape, or garbage."""
    assert type(original) is tuple and original
    objects: Objects = original

    @st.composite
    def mutate(draw: Callable[[st.SearchStrategy[Any]], Any]) -> Corruption:
        at = draw(st.integers(0, len(objects) - 1))
        object_id, kind, body = objects[at]
        how = draw(st.sampled_from(["id", "kind", "body", "entry", "conflict", "shape"]))
        if how == "id":
            new: object = (draw(st.sampled_from([object_id.upper(), object_id[:-1], None,
                                                 object_id.encode()])), kind, body)
        elif how == "kind":
            other = next((k for _, k, _ in objects if k != kind), kind + "_other")
            new = (object_id, draw(st.sampled_from([other, "", None])), body)
        elif how == "body":
            label, damaged = draw(_damaged_body(body))
            how = f"body_{label}"
            new = (object_id, kind, draw(st.sampled_from([damaged, damaged.decode("latin-1")])))
        elif how == "entry":
            new = draw(st.sampled_from([(object_id, kind), [object_id, kind, body], object_id]))
        elif how == "conflict":  # the id again, with another object's body
            other_body = next((b for _, _, b in objects if b != body), body + b" ")
            return _grade(how, (*objects, (object_id, kind, other_body)), any_iterable)
        else:
            shape = st.sampled_from([None, 7, objects[at], "objects", {}, set(objects)])
            return _grade(how, draw(shape | garbage()), any_iterable)
        return _grade(how, (*objects[:at], new, *objects[at + 1:]), any_iterable)

    return mutate()


def vouch_mutations(ctx: Context, original: object) -> st.SearchStrategy[Corruption]:
    """A vouch for other bytes: a flipped or cut hash, another batch's vouch, not bytes."""
    assert type(original) is bytes and original
    vouch: bytes = original
    others = [v for v in (vouch_for(tuple(e.objects)) for e in ctx.evidence[:4]) if v != vouch]
    flip = st.tuples(st.integers(0, len(vouch) - 1), st.integers(0, 7)).map(
        lambda p: vouch[:p[0]] + bytes([vouch[p[0]] ^ (1 << p[1])]) + vouch[p[0] + 1:])
    return st.one_of(
        flip, st.just(vouch[:-1]), st.just(vouch + vouch[:32]), st.sampled_from(others or [b""]),
        st.sampled_from([None, vouch.hex(), bytearray(vouch)]),
    ).map(lambda v: Corruption("vouch", v, Severity.ILL))
