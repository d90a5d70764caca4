"""The registry of every public boundary the reliability fuzz covers, and what each owes.

One entry per public callable of the kernel (every module of ``kernel.CHAIN``, by its
``__all__``), of the reader, of the orchestrator's entry points and of the evidence store's
input paths (the ``practiceloop.store`` package's ``__all__``, the public methods of
``EvidenceStore`` that take an argument, the Merkle verifiers). ``test_boundaries.py`` checks
that the registry is complete (a new public callable without an entry, or without a reasoned
exemption in :data:`EXEMPT`, fails) and fuzzes every entry with one parametrized Hypothesis test.

What an entry owes its callers is its :class:`Contract`:

* ``GUARD``: never raises; returns one of ``returns`` (a tuple result holding only ``items``);
  every record in the result is well formed and its id reproduces (no partial record); and a
  corrupted argument that the boundary must notice (see ``strategies.Severity``) gives a result
  that ``refused`` recognises as the boundary's typed refusal.
* ``HELPER``: a helper over validated values ("misuse of the API raises"): raises only
  ``raises``; when ``total``, never raises while every argument is well formed (a builder that
  checks rules across its arguments is not total); a returned record is sealed.
* ``CONSTRUCTOR``: raises only ``raises``, and always for an ill-formed field; an instance it
  returns is well formed.
* ``PREDICATE``: never raises; answers a bool, False for an ill-formed argument.
* ``STORE``: raises only ``raises`` (the store's own error family); ``check`` asserts that
  nothing half-done was left behind.

Real arguments come from real episodes: :func:`build_context` runs the orchestrator over real
SVAMP problems (both run shapes) with every kernel boundary wrapped, and keeps the arguments
of real calls. Every corrupted argument is one of those, changed.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import importlib
import inspect
import json
import sys
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from practiceloop.arith import reader as arith_reader
from practiceloop.kernel import CHAIN
from practiceloop.kernel import identity as kid
from practiceloop.kernel import record as krec
from practiceloop.kernel._faults import Fault as _ChainFault
from practiceloop.kernel.budget import BudgetStatus, ComputeBudgetDecision
from practiceloop.kernel.candidate import OperatorDecline
from practiceloop.kernel.gate import GateStatus, SearchGateDecision
from practiceloop.kernel.identity import CanonicalPayloadError, Digest
from practiceloop.kernel.record import RecordError, is_authentic, is_well_formed
from practiceloop.kernel.replay import ReplayAdapterRefusal, ReplayEvidence
from practiceloop.loop.episode import Practice, RunShape, practice
from practiceloop.loop.evidence import ProblemEvidence, practice_problem
from practiceloop.store import (
    Checkpoint,
    ConflictError,
    EvidenceStore,
    InvalidObjectError,
    StoredObject,
    StoreError,
    _objects,
    checkpoint_path,
    make_bundle,
    merkle,
)
from practiceloop.store.errors import (
    AmbiguousIdError,
    BundleError,
    CheckpointFormatError,
    CheckpointMismatchError,
    CorruptObjectError,
    ObjectNotFoundError,
    SizeOutOfRangeError,
)

from . import _batches
from .strategies import Corruption, Pool, Severity, garbage, hostile_texts, is_record, json_values

__all__ = [
    "EXEMPT",
    "NOT_RECORDED",
    "REGISTRY",
    "Boundary",
    "Call",
    "Context",
    "Contract",
    "Raised",
    "build_context",
    "describe",
    "public_callables",
    "raised_a",
    "store_head",
]


class Contract(enum.Enum):
    """What an entry owes (see the module docstring)."""

    GUARD = "guard"
    HELPER = "helper"
    CONSTRUCTOR = "constructor"
    PREDICATE = "predicate"
    STORE = "store"


@dataclasses.dataclass(frozen=True)
class Raised:
    """The outcome of a call that raised (a returned exception instance is a value)."""

    exc: BaseException


def raised_a(outcome: object, kind: type[BaseException] | tuple[type[BaseException], ...]) -> bool:
    """True when the call raised an exception of ``kind``."""
    return isinstance(outcome, Raised) and isinstance(outcome.exc, kind)


NOT_RECORDED: Any = type("NotRecorded", (), {"__repr__": lambda self: "<not recorded>"})()
"""The result of a call that was built, not captured from a real episode."""


@dataclasses.dataclass(frozen=True)
class Call:
    """One real call: its arguments by parameter name, and what it returned (when captured)."""

    args: Mapping[str, object]
    result: object = NOT_RECORDED


CallSource = Callable[["Context"], list[Call]]
Override = Callable[["Context", object], st.SearchStrategy[Corruption]]
Check = Callable[["Context", Call, dict[str, object], object], None]


@dataclasses.dataclass(frozen=True, repr=False)
class Boundary:
    """One registry entry (see the module docstring)."""

    name: str
    func: Callable[..., object]
    contract: Contract
    returns: tuple[type, ...] = ()
    items: tuple[type, ...] = ()
    refused: Callable[[object], bool] | None = None
    raises: tuple[type[BaseException], ...] = ()
    fuzzed: tuple[str, ...] | None = None
    bound: frozenset[str] = frozenset()
    free: frozenset[str] = frozenset()
    calls: CallSource | None = None
    overrides: Mapping[str, Override] = dataclasses.field(default_factory=dict)
    check: Check | None = None
    total: bool = True
    prefix_ok: frozenset[str] = frozenset()
    lawful_fields: frozenset[str] = frozenset()
    well_formed_labels: frozenset[str] = frozenset()
    note: str = ""

    def __repr__(self) -> str:
        return self.name

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # Hypothesis's printer
        printer.text(self.name)

    def must_refuse(self, param: str, corruption: Corruption) -> bool:
        """Whether ``corruption`` of ``param`` must be noticed (see ``strategies.Severity``)."""
        severity = corruption.severity
        field = corruption.label.rsplit("resealed:", 1)[-1] if "resealed:" in corruption.label \
            else None
        if severity is Severity.FORGED and field in self.lawful_fields:
            return False  # a content change this boundary cannot see, by design (see note)
        prefix = corruption.label == "truncated" or (
            type(corruption.value) is tuple and corruption.value == ())
        if prefix and param in self.prefix_ok:
            return False  # a lawful prefix (e.g. the bindings made so far, or none yet)
        if severity is Severity.ILL:
            return True
        if param in self.free:
            return False
        if severity is Severity.FOREIGN:
            return True
        return severity is Severity.FORGED and param in self.bound

    def params(self) -> tuple[str, ...]:
        if self.fuzzed is not None:
            return self.fuzzed
        if inspect.isclass(self.func) and dataclasses.is_dataclass(self.func):
            return tuple(f.name for f in dataclasses.fields(self.func) if f.init)
        return tuple(inspect.signature(self.func).parameters)


# -- the context: real values from real episodes -----------------------------------------------


@dataclasses.dataclass(repr=False)
class Context:
    """Everything the fuzz draws real values from (built once per session)."""

    captured: dict[str, list[Call]]
    pool: Pool
    practices: tuple[Practice, ...]
    texts: tuple[str, ...]
    evidence: tuple[ProblemEvidence, ...]
    store_dir: Path
    store: EvidenceStore
    bundle: bytes
    trace_id: str
    checkpoints: bytes
    hints: dict[str, dict[str, object]] = dataclasses.field(default_factory=dict)

    def __repr__(self) -> str:
        return f"<fuzz context: {len(self.captured)} boundaries captured>"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # Hypothesis's printer
        printer.text(repr(self))

    def hint(self, entry: Boundary, param: str) -> object:
        hints = self.hints.get(entry.name)
        if hints is None:
            try:
                hints = typing.get_type_hints(entry.func)
            except Exception:
                hints = {}
            self.hints[entry.name] = hints
        return hints.get(param)


def _kernel_modules() -> list[Any]:
    """The public kernel modules (a private ``_name`` module serves those after it)."""
    return [
        importlib.import_module(f"practiceloop.kernel.{name}")
        for name in CHAIN
        if not name.startswith("_")
    ]


_WRAP_NAMESPACES = (
    "practiceloop.loop.episode",
    "practiceloop.loop.evidence",
    "practiceloop.kernel._replay_checks",
    "practiceloop.kernel._trace_checks",
    "practiceloop.kernel._upstream",
    "practiceloop.kernel.chain",
    "practiceloop.kernel._replay_types",
)

CALLS_PER_BOUNDARY = 4
"""Real calls kept per boundary: the first two that succeeded and the first two refusals."""


def _capture(texts: tuple[str, ...]) -> tuple[dict[str, list[Call]], Pool, tuple[Practice, ...]]:
    """Run the orchestrator over ``texts`` (both shapes) and keep real calls of every boundary."""
    modules = _kernel_modules()
    targets: dict[int, tuple[str, Callable[..., object]]] = {}
    for module in modules:
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isfunction(value):
                targets[id(value)] = (f"{module.__name__}.{name}", value)
    captured: dict[str, list[Call]] = {}
    kinds: dict[str, set[str]] = {}
    pool = Pool()

    def wrapper(name: str, func: Callable[..., object]) -> Callable[..., object]:
        signature = inspect.signature(func)

        def wrapped(*args: object, **kwargs: object) -> object:
            result = func(*args, **kwargs)
            calls = captured.setdefault(name, [])
            outcome = "refused" if _looks_refused(result) else "ok"
            seen = kinds.setdefault(name, set())
            if len(calls) < CALLS_PER_BOUNDARY and (outcome not in seen or len(calls) < 2):
                bound = signature.bind(*args, **kwargs)
                bound.apply_defaults()
                calls.append(Call(dict(bound.arguments), result))
                seen.add(outcome)
            return result

        return wrapped

    for name in _WRAP_NAMESPACES:
        importlib.import_module(name)
    # Every loaded practiceloop module: one that bound a boundary by name before this ran (the
    # domain's organs, when other tests imported them first) must be patched too, whatever the
    # order the suite runs in.
    namespaces = [
        module
        for name, module in sorted(sys.modules.items())
        if module is not None and (name == "practiceloop" or name.startswith("practiceloop."))
    ]
    patched: list[tuple[Any, str, object]] = []
    for namespace in namespaces:
        for attr, value in list(vars(namespace).items()):
            if inspect.isfunction(value) and id(value) in targets:
                patched.append((namespace, attr, value))
                setattr(namespace, attr, wrapper(*targets[id(value)]))
    try:
        results: list[Practice] = []
        for shape in RunShape:
            for text in texts:
                results.append(practice(text, shape=shape))
    finally:
        for namespace, attr, value in patched:
            setattr(namespace, attr, value)
    for result in results:
        for item in result.records:
            pool.add(item)
    for calls in captured.values():
        for call in calls:
            for value in call.args.values():
                pool.add(value)
            pool.add(call.result)
    from practiceloop.arith.manifest import ARITH_MANIFEST
    from practiceloop.kernel.budget import BUDGET_TABLE

    for value in _refusals_of_nothing(targets.values()):
        pool.add(value)
    pool.add(OperatorDecline(reason_codes=("operator_declined_for_the_fuzz",)))
    for _, limits in BUDGET_TABLE:  # the budget policy's own rows: real static values
        pool.add(limits)
    pool.add(ARITH_MANIFEST)
    pool.add(ARITH_MANIFEST.operator_set)
    for row in ARITH_MANIFEST.operator_set.rows:
        pool.add(row)
    return captured, pool, tuple(results)


def _refusals_of_nothing(targets: Iterable[tuple[str, Callable[..., object]]]) -> Iterator[object]:
    """Every guard called with ``None`` for every argument: its refusal record, for the pool
    (a few refusal kinds never occur in the captured episodes)."""
    for _, func in targets:
        params = inspect.signature(func).parameters
        try:
            result = func(**{name: None for name in params})
        except Exception:  # a helper: misuse raises
            continue
        yield from records_in(result)


def _looks_refused(result: object) -> bool:
    return result is None or "Refusal" in type(result).__name__ or (
        type(result) is ReplayEvidence and type(result.outcome) is ReplayAdapterRefusal)


def build_context(texts: tuple[str, ...], directory: Path) -> Context:
    """Capture real calls over ``texts`` and build a real store, bundle and checkpoints."""
    captured, pool, practices = _capture(texts)
    evidence = tuple(practice_problem(f"svamp-{n}", text) for n, text in enumerate(texts[:8]))
    store_path = directory / "fuzz-store.sqlite"
    store = EvidenceStore.open(store_path, create=True)
    for item in evidence:
        store.append(list(item.objects), [(item.problem_id, Digest(item.entry_id))])
    from practiceloop.store import append_checkpoint

    append_checkpoint(store)
    trace_id = next(oid for item in evidence for oid, kind, _ in item.objects
                    if kind == "sealed_practice_trace")
    bundle = make_bundle(store, Digest(trace_id), [])
    return Context(
        captured=captured, pool=pool, practices=practices, texts=texts, evidence=evidence,
        store_dir=directory,
        store=store, bundle=bundle, trace_id=trace_id,
        checkpoints=checkpoint_path(store_path).read_bytes(),
    )


# -- results ------------------------------------------------------------------------------------


def records_in(value: object) -> Iterator[object]:
    """Every kernel record a result holds (tuples, evidence bundles and practices opened)."""
    if type(value) is tuple:
        for item in value:
            yield from records_in(item)
    elif type(value) is ReplayEvidence:
        yield value.outcome
        if value.candidate_frame is not None:
            yield value.candidate_frame
        if value.replay_assessment is not None:
            yield value.replay_assessment
        yield from value.proof_outcomes
    elif type(value) is Practice:
        yield from value.records
    elif is_record(value):
        yield value


def sound(value: object) -> str | None:
    """Why a returned record is partial (not sealed, id not reproducing, not storable), or None."""
    for item in records_in(value):
        cls = type(item)
        if not is_well_formed(item, cls):
            return f"{cls.__name__} is not well formed"
        if cls.__record_decl__[1] is not None and not is_authentic(item, cls):  # type: ignore[attr-defined]
            return f"{cls.__name__} id does not reproduce"
        if cls.__record_decl__[0] is not None:  # type: ignore[attr-defined]
            try:
                kid.canonical_bytes(krec.full_form(item))
            except Exception as exc:
                return f"{cls.__name__} cannot be stored: {exc!r}"
    return None


def describe(result: object) -> str:
    """A short name for a result: its type and, for a refusal, its code (for the report)."""
    if isinstance(result, Raised):
        return f"raised {type(result.exc).__name__}"
    if type(result) is ReplayEvidence:
        return describe(result.outcome)
    if type(result) is tuple:
        return f"tuple[{len(result)}]"
    name = type(result).__name__
    for field in ("refusal_code", "replay_disposition", "practice_disposition", "reason_code",
                  "status"):
        value = getattr(result, field, None) if is_record(result) else None
        if value is not None:
            code = value.value if isinstance(value, enum.Enum) else value
            return f"{name}:{code}"
    if is_record(result) and getattr(result, "reason_codes", None):
        return f"{name}:{result.reason_codes[0]}"  # type: ignore[attr-defined]
    if isinstance(result, enum.Enum):
        return f"{name}:{result.value}"
    return name


# -- call sources for entries the orchestrator does not reach -----------------------------------


def _captured(name: str) -> CallSource:
    def source(ctx: Context) -> list[Call]:
        calls = ctx.captured.get(name, [])
        assert calls, f"no real call of {name} was captured: widen the capture corpus"
        return calls

    return source


def _records_of_every_kind(ctx: Context) -> list[object]:
    seen: dict[type, object] = {}
    for values in ctx.pool.by_type.values():
        for value in values:
            if is_record(value):
                seen.setdefault(type(value), value)
    return [seen[k] for k in sorted(seen, key=lambda k: k.__name__)]


def _stored_records(ctx: Context) -> list[object]:
    return [v for v in _records_of_every_kind(ctx) if type(v).__record_decl__[0] is not None]  # type: ignore[attr-defined]


def _one_arg(param: str, values: Callable[[Context], list[object]]) -> CallSource:
    return lambda ctx: [Call({param: v}) for v in values(ctx)]


def _payload_calls(ctx: Context) -> list[Call]:
    return [Call({"cls": type(r), "payload": krec.full_form(r)["record"]})
            for r in _stored_records(ctx)]


def _payloads(ctx: Context) -> list[object]:
    return [krec.full_form(r) for r in _stored_records(ctx)[:6]]


def _record_and_class(ctx: Context) -> list[Call]:
    return [Call({"obj": r, "cls": type(r)}) for r in _records_of_every_kind(ctx)]


def _sealed_calls(ctx: Context) -> list[Call]:
    calls = []
    for r in _stored_records(ctx)[:8]:
        id_field = type(r).__record_decl__[1]  # type: ignore[attr-defined]
        fields = {f.name: getattr(r, f.name) for f in dataclasses.fields(r)  # type: ignore[arg-type]
                  if f.name != id_field}
        calls.append(Call({"cls": type(r), "fields": fields}))
    return calls


def _sealed_forms_calls(ctx: Context) -> list[Call]:
    calls = []
    for r in _stored_records(ctx)[:6]:
        kind, id_field, excluded = type(r).__record_decl__  # type: ignore[attr-defined]
        calls.append(Call({"kind": kind, "fields": krec.full_form(r)["record"],
                           "id_field": id_field, "id_excluded": excluded}))
    return calls


def _call_sealed(cls: type, fields: object) -> object:
    if type(fields) is not dict:
        raise TypeError("fields must be a dict")  # the fuzz's own adapter: **fields needs one
    return krec.sealed(cls, **fields)


def _digests(ctx: Context) -> list[object]:
    return list(ctx.pool.digests[:4])


def _reader_calls(ctx: Context) -> list[Call]:
    return [Call({"text": text}) for text in ctx.texts[:6]]


def _practice_problem_calls(ctx: Context) -> list[Call]:
    return [Call({"problem_id": f"svamp-{n}", "text": t}) for n, t in enumerate(ctx.texts[:3])]


def _store_ids(ctx: Context) -> list[object]:
    return [oid for item in ctx.evidence[:3] for oid, _, _ in item.objects[:2]]


def _store_method(name: str) -> Callable[..., object]:
    """A store method called on the context's open store (the fuzz passes the arguments)."""
    method = getattr(EvidenceStore, name)

    def call(ctx_store: EvidenceStore, *args: object, **kwargs: object) -> object:
        result = method(ctx_store, *args, **kwargs)
        if inspect.isgenerator(result):
            return list(result)
        return result

    call.__name__ = name
    call.__wrapped__ = method  # type: ignore[attr-defined]
    return call


def _with_store(calls: Callable[[Context], list[dict[str, object]]]) -> CallSource:
    return lambda ctx: [Call({"ctx_store": ctx.store, **args}) for args in calls(ctx)]


def _append_calls(ctx: Context) -> list[Call]:
    calls = []
    for item in ctx.evidence[:3]:
        calls.append(Call({"ctx_store": ctx.store, "objects": tuple(item.objects[:4]),
                           "problems": ()}))
        calls.append(Call({"ctx_store": ctx.store, "objects": tuple(item.objects),
                           "problems": ((item.problem_id, item.entry_id),)}))
    return calls


def store_head(store: EvidenceStore) -> tuple[int, bytes]:
    """(log size, root): what a refused append must leave as it was."""
    size = store.log_size()
    return size, store.log_root(size)


def _check_append(ctx: Context, call: Call, args: dict[str, object], outcome: object) -> None:
    """Nothing half-written: after a refusal the head is unchanged; after success all readable."""
    store = ctx.store
    if isinstance(outcome, Raised):
        assert store_head(store) == args["__head__"], "a refused batch changed the log"
        return
    objects = args["objects"]
    if type(objects) in (tuple, list):  # (an empty dict or set is an empty batch too)
        for object_id, _, body in objects:  # type: ignore[attr-defined]
            assert store.get(object_id) == body


def _signed_note(size: int, root: str) -> str | None:
    """A real signed note of ``(size, root)`` (a C2SP checkpoint), by a fresh key."""
    from practiceloop.store.note import Signer

    return Checkpoint.signed(size, bytes.fromhex(root), Signer.generate("fuzz")).note


def _checkpoint_file_calls(ctx: Context) -> list[Call]:
    return [Call({"ctx_dir": ctx.store_dir, "data": ctx.checkpoints}),
            Call({"ctx_dir": ctx.store_dir, "data": ctx.checkpoints * 2})]


def _read_checkpoint_bytes(ctx_dir: Path, data: object) -> object:
    """read_checkpoints over a file holding ``data`` (bytes, or str(data) for a non-bytes)."""
    from practiceloop.store import read_checkpoints

    path = ctx_dir / "fuzz.checkpoints"
    path.write_bytes(data if type(data) is bytes else repr(data).encode("utf-8", "replace"))
    return read_checkpoints(path)


def _bytes_mutations(_: Context, original: object) -> st.SearchStrategy[Corruption]:
    """Byte-level damage to a file or document: flips, cuts, repeats, splices, garbage."""
    assert type(original) is bytes
    data: bytes = original

    @st.composite
    def mutate(draw: Callable[[st.SearchStrategy[Any]], Any]) -> Corruption:
        how = draw(st.sampled_from(["flip", "cut", "repeat", "splice", "replace", "crlf"]))
        if not data or how == "replace":
            return Corruption("replaced", draw(st.binary(max_size=64)), Severity.ILL)
        at = draw(st.integers(0, len(data) - 1))
        if how == "flip":
            bit = draw(st.integers(0, 7))
            out = data[:at] + bytes([data[at] ^ (1 << bit)]) + data[at + 1:]
        elif how == "cut":
            out = data[:at]
        elif how == "repeat":
            out = data[:at] + data[at:] * 2
        elif how == "crlf":
            out = data.replace(b"\n", b"\r\n")
        else:
            out = data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
        return Corruption(f"bytes_{how}", out, Severity.ILL if out != data else Severity.VALUE)

    return mutate()


def _json_mutations(_: Context, original: object) -> st.SearchStrategy[Corruption]:
    """Damage to a JSON document's values: keys dropped or added, values replaced by JSON-ish
    garbage (huge ints, floats, NaN, surrogates), lists for objects."""

    @st.composite
    def mutate(draw: Callable[[st.SearchStrategy[Any]], Any]) -> Corruption:
        doc = json.loads(json.dumps(original))
        paths = list(_json_paths(doc))
        path = draw(st.sampled_from(paths))
        how = draw(st.sampled_from(["replace", "drop", "add", "wrap"]))
        parent, key = _locate(doc, path)
        if how == "drop" and isinstance(parent, dict):
            del parent[key]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(st.text(max_size=4)) + "_extra"] = draw(json_values(4))
        elif how == "wrap" and parent is not None:
            parent[key] = [parent[key]]
        elif parent is not None:
            parent[key] = draw(json_values(6))
        else:
            doc = draw(json_values(6))
        changed = doc != original or type(doc) is not type(original)
        return Corruption(f"json_{how}", doc, Severity.ILL if changed else Severity.VALUE)

    return mutate()


def _json_paths(doc: object, prefix: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    yield prefix
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _json_paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from _json_paths(value, (*prefix, index))


def _locate(doc: Any, path: tuple[object, ...]) -> tuple[Any, object]:
    if not path:
        return None, None
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    return parent, path[-1]


def _texts(_: Context, original: object) -> st.SearchStrategy[Corruption]:
    """Any text (and a few non-texts); only a non-str or a text with no UTF-8 form is ILL."""

    def severity(text: object) -> Severity:
        if type(text) is not str:
            return Severity.ILL
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return Severity.ILL
        return Severity.VALUE

    base = original if type(original) is str else ""

    @st.composite
    def spliced(draw: Callable[[st.SearchStrategy[Any]], Any]) -> str:
        at = draw(st.integers(0, len(base)))
        return base[:at] + draw(hostile_texts()) + base[at:]

    texts = st.one_of(hostile_texts(), spliced(), garbage())
    return texts.map(lambda t: Corruption("text", t, severity(t)))


def _sqlite_values(_: Context, original: object) -> st.SearchStrategy[Corruption]:
    """What a tampered SQLite column could hand back: any storage class."""
    values = st.one_of(st.none(), st.integers(-(2**63), 2**63 - 1), st.floats(),
                       st.text(max_size=70), st.binary(max_size=40))
    return values.map(lambda v: Corruption("column", v, Severity.ILL if v != original
                                           else Severity.VALUE))


def _stored_object_calls(ctx: Context) -> list[Call]:
    return [Call({k: getattr(o, k) for k in ("seq", "object_id", "kind", "body", "leaf_hash")})
            for o in list(ctx.store.iter_objects())[:4]]


def _verify_stored(seq: object, object_id: object, kind: object, body: object,
                   leaf_hash: object) -> object:
    from practiceloop.store import verify_object

    return verify_object(StoredObject(seq, object_id, kind, body, leaf_hash))  # type: ignore[arg-type]


def _bundle_calls(ctx: Context) -> list[Call]:
    return [Call({"data": ctx.bundle})]


def _verify_bundle(data: object) -> object:
    from practiceloop.store import verify_bundle

    return verify_bundle(data)


def _bundle_document_calls(ctx: Context) -> list[Call]:
    return [Call({"document": json.loads(ctx.bundle)})]


def _verify_bundle_document(document: object) -> object:
    """A bundle document re-encoded as JSON (the values JSON can carry) and verified."""
    from practiceloop.store import verify_bundle

    try:
        data = json.dumps(document, ensure_ascii=False).encode("utf-8", "surrogatepass")
    except (ValueError, TypeError):
        data = repr(document).encode("utf-8", "surrogatepass")
    return verify_bundle(data)


def _make_bundle_calls(ctx: Context) -> list[Call]:
    ids = [oid for oid, _, _ in ctx.evidence[0].objects[:3]]
    return [Call({"ctx_store": ctx.store, "trace_id": ctx.trace_id, "record_ids": tuple(ids)})]


def _make_bundle(ctx_store: EvidenceStore, trace_id: object, record_ids: object) -> object:
    return make_bundle(ctx_store, trace_id, record_ids)  # type: ignore[arg-type]


def _query_calls(ctx: Context) -> list[Call]:
    base = {"ctx_store": ctx.store, "disposition": None, "organ": None, "code": None,
            "operator": None, "text": None, "offset": 0, "limit": 50}
    return [Call(base), Call({**base, "text": "apples", "limit": 5, "offset": 1}),
            Call({**base, "organ": "change", "disposition": "sealed_original_refusal"})]


def _query_episodes(ctx_store: EvidenceStore, **filters: Any) -> object:
    from practiceloop.store import query_episodes

    return query_episodes(ctx_store, **filters)


def _get_episode(ctx_store: EvidenceStore, trace_id: object) -> object:
    from practiceloop.store import get_episode

    return get_episode(ctx_store, trace_id)  # type: ignore[arg-type]


def _resolve_calls(ctx: Context) -> list[Call]:
    return [Call({"ctx_store": ctx.store, "name": name})
            for name in (ctx.trace_id, ctx.trace_id[:12], ctx.trace_id[:8])]


def _resolve(ctx_store: EvidenceStore, name: object) -> object:
    from practiceloop.store import StoreReader

    return StoreReader(ctx_store).resolve(name)  # type: ignore[arg-type]


def _proof_calls(ctx: Context) -> list[Call]:
    size = ctx.store.log_size()
    proof = ctx.store.inclusion_proof(Digest(ctx.trace_id))
    consistency = ctx.store.consistency_proof(max(1, size // 2), size)
    return [Call({"leaf_index": proof.leaf_index, "tree_size": proof.tree_size,
                  "leaf_hash": proof.leaf_hash, "proof": proof.path, "root": proof.root}),
            Call({"size1": consistency.size1, "size2": consistency.size2,
                  "root1": consistency.root1, "root2": consistency.root2,
                  "proof": consistency.path})]


# -- independent oracles -------------------------------------------------------------------------

_SAFE = 2**53 - 1


def reference_canonical(payload: object) -> bytes | None:
    """loop.md s2 written out again: the canonical bytes of a valid payload, else None."""

    def ok(value: object, depth: int) -> bool:
        if depth > kid.MAX_DEPTH:
            return False
        kind = type(value)
        if value is None or kind is bool:
            return True
        if kind is int:
            return -_SAFE <= value <= _SAFE  # type: ignore[operator]
        if kind is str:
            try:
                value.encode("utf-8")  # type: ignore[attr-defined]
            except UnicodeEncodeError:
                return False
            return True
        if kind in (list, tuple):
            return all(ok(v, depth + 1) for v in value)  # type: ignore[attr-defined]
        if kind is dict:
            return all(type(k) is str and ok(k, depth) and ok(v, depth + 1)
                       for k, v in value.items())  # type: ignore[attr-defined]
        return False

    if not ok(payload, 0):
        return None
    return json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":"),
                      allow_nan=False).encode("utf-8")


def _check_canonical(ctx: Context, call: Call, args: dict[str, object], outcome: object) -> None:
    expected = reference_canonical(args["payload"])
    if expected is None:
        assert raised_a(outcome, CanonicalPayloadError), f"accepted: {outcome!r}"
    else:
        assert outcome == expected, f"bytes differ: {outcome!r} != {expected!r}"


def _check_digest(ctx: Context, call: Call, args: dict[str, object], outcome: object) -> None:
    expected = reference_canonical(args["payload"])
    if expected is None:
        assert raised_a(outcome, CanonicalPayloadError)
    else:
        assert outcome == hashlib.sha256(expected).hexdigest()


def _check_validate(ctx: Context, call: Call, args: dict[str, object], outcome: object) -> None:
    expected = reference_canonical(args["payload"])
    assert (expected is None) == raised_a(outcome, CanonicalPayloadError), outcome


def _check_is_digest(ctx: Context, call: Call, args: dict[str, object], outcome: object) -> None:
    value = args["value"]
    expected = (type(value) is str and len(value) == 64
                and all(c in "0123456789abcdef" for c in value))
    assert outcome is expected


def _check_are_digests(ctx: Context, call: Call, args: dict[str, object], outcome: object) -> None:
    values = args["values"]
    expected = type(values) is tuple and all(
        type(value) is str and len(value) == 64 and all(c in "0123456789abcdef" for c in value)
        for value in values
    )
    assert outcome is expected


def _check_has_utf8_form(
    ctx: Context, call: Call, args: dict[str, object], outcome: object
) -> None:
    value = args["value"]
    expected = type(value) is str and not any(0xD800 <= ord(c) <= 0xDFFF for c in value)
    assert outcome is expected


def _check_from_payload(ctx: Context, call: Call, args: dict[str, object], outcome: object) -> None:
    if isinstance(outcome, Raised):
        return
    cls = args["cls"]
    assert is_well_formed(outcome, cls), "from_payload returned an unsealed record"  # type: ignore[arg-type]
    # A record rebuilt from a payload encodes back to exactly that payload (style.md habit 3).
    assert krec.full_form(outcome)["record"] == args["payload"], "payload does not round-trip"


def _check_read(ctx: Context, call: Call, args: dict[str, object], outcome: object) -> None:
    text = args["text"]
    if type(outcome) is arith_reader.ReaderRefusal:
        ok = type(text) is str
        if ok:
            try:
                text.encode("utf-8")  # type: ignore[attr-defined]
            except UnicodeEncodeError:
                ok = False
        assert not ok, "a readable text was refused"
    else:
        assert outcome.source_text == text  # type: ignore[attr-defined]


def _check_checkpoints(ctx: Context, call: Call, args: dict[str, object], outcome: object) -> None:
    if isinstance(outcome, Raised):
        return
    assert type(outcome) is list
    lines = b"".join(c.to_line() for c in outcome)
    assert lines == args["data"], "accepted checkpoints that do not round-trip"


def _check_bundle_findings(
    ctx: Context, call: Call, args: dict[str, object], outcome: object
) -> None:
    assert type(outcome) is list
    data = args.get("data")
    changed = type(data) is bytes and data.rstrip(b"\n") != ctx.bundle.rstrip(b"\n")
    # Any change to a canonical document is either visible or harmless: a bundle that still
    # verifies must still hold the same trace bytes under the same proof.
    if changed and not outcome:
        document = json.loads(data)  # type: ignore[arg-type]
        original = json.loads(ctx.bundle)
        assert document["trace_id"] == original["trace_id"]
        assert document["records"][ctx.trace_id] == original["records"][ctx.trace_id]
        assert document["inclusion"] == original["inclusion"]


def _refused_status(status: object) -> Callable[[object], bool]:
    return lambda result: getattr(result, "status", None) is status


def _is_refusal(*types_: type) -> Callable[[object], bool]:
    return lambda result: type(result) in types_


def _not_none(result: object) -> bool:
    return result is not None


def _is_none(result: object) -> bool:
    return result is None


def _false(result: object) -> bool:
    return result is False


# -- the registry --------------------------------------------------------------------------------


def _kernel(module: str, name: str) -> Callable[..., object]:
    return getattr(importlib.import_module(f"practiceloop.kernel.{module}"), name)  # type: ignore[no-any-return]


def _k(module: str, name: str, contract: Contract, **kwargs: Any) -> Boundary:
    func = _kernel(module, name)
    kwargs.setdefault("calls", _captured(f"practiceloop.kernel.{module}.{name}"))
    params = set(inspect.signature(func).parameters)
    for key in ("bound", "free"):  # the shared chain names, narrowed to this signature
        kwargs[key] = frozenset(kwargs.get(key, ())) & params
    return Boundary(f"practiceloop.kernel.{module}.{name}", func, contract, **kwargs)


def _types(module: str, *names: str) -> tuple[type, ...]:
    return tuple(_kernel(module, n) for n in names)  # type: ignore[misc]


_MISUSE = (TypeError, ValueError, AttributeError)
"""What a helper over validated values may raise when misused (RecordError is a TypeError,
CanonicalPayloadError a ValueError; AttributeError: a value without the declared attributes)."""

_CHAIN_ARGS = frozenset({"frame", "assessment", "residuals", "gate", "budget", "run", "chain"})
"""The upstream records by name, and the one value that carries them to replay and trace."""

_RECLASSIFIED = frozenset({"residual_kind", "source_axis"})
"""A residual's kind and axis: re-sealed changes the gate cannot see (the reported gap)."""


def _kernel_entries() -> list[Boundary]:
    G, H, P = Contract.GUARD, Contract.HELPER, Contract.PREDICATE
    refusal = _is_refusal
    entries = [
        # identity: the canonical validator, checked against loop.md s2 written out again.
        Boundary("practiceloop.kernel.identity.canonical_bytes", kid.canonical_bytes, H,
                 returns=(bytes,), raises=(CanonicalPayloadError,), check=_check_canonical,
                 total=False,
                 calls=_one_arg("payload", _payloads),
                 overrides={"payload": lambda ctx, v: _payload_values()}),
        Boundary("practiceloop.kernel.identity.validate_payload", kid.validate_payload, H,
                 returns=(type(None),), raises=(CanonicalPayloadError,), check=_check_validate,
                 total=False,
                 calls=_one_arg("payload", _payloads),
                 overrides={"payload": lambda ctx, v: _payload_values()}),
        Boundary("practiceloop.kernel.identity.digest", kid.digest, H, returns=(str,), total=False,
                 raises=(CanonicalPayloadError,), check=_check_digest,
                 calls=_one_arg("payload", _payloads),
                 overrides={"payload": lambda ctx, v: _payload_values()}),
        Boundary("practiceloop.kernel.identity.digest_bytes", kid.digest_bytes, H,
                 returns=(str,), raises=(TypeError,),
                 calls=lambda ctx: [Call({"data": b"x"}), Call({"data": ctx.bundle})]),
        Boundary("practiceloop.kernel.identity.sealed_forms", kid.sealed_forms, H,
                 returns=(tuple,), raises=(CanonicalPayloadError, TypeError, AttributeError),
                 total=False, calls=_sealed_forms_calls,
                 note="record.sealed's one validation of a new record's fields, for both forms"),
        Boundary("practiceloop.kernel.identity.parse_json", kid.parse_json, H,
                 raises=(ValueError, TypeError, RecursionError), total=False,
                 calls=_one_arg("data", lambda ctx: [b'{"a":[1,"x"]}', *map(
                     krec.full_form_bytes, _stored_records(ctx)[:2])]),
                 note="the store's parser of bodies: refuses what is not JSON"),
        Boundary("practiceloop.kernel.identity.has_utf8_form", kid.has_utf8_form, P,
                 check=_check_has_utf8_form,
                 calls=_one_arg("value", lambda ctx: [*ctx.texts[:3], "caf\u00e9", "\u2603"]),
                 well_formed_labels=frozenset({"garbage"}),
                 note="garbage may be plain text, which has a UTF-8 form: the exact oracle "
                      "(check) judges every answer"),
        Boundary("practiceloop.kernel.identity.is_digest", kid.is_digest, P,
                 check=_check_is_digest, calls=_one_arg("value", _digests)),
        Boundary("practiceloop.kernel.identity.are_digests", kid.are_digests, P,
                 check=_check_are_digests,
                 calls=_one_arg("values", lambda ctx: [tuple(_digests(ctx)), ()]),
                 well_formed_labels=frozenset({"garbage"}),
                 note="garbage may be a tuple of digests (the empty one is): the exact oracle "
                      "(check) judges every answer"),
        # record: the generic record functions (helpers over records; two predicates).
        Boundary("practiceloop.kernel.record.is_well_formed", krec.is_well_formed, P,
                 calls=_record_and_class, fuzzed=("obj",),
                 well_formed_labels=frozenset({"wrong_id"})),
        Boundary("practiceloop.kernel.record.is_authentic", krec.is_authentic, P,
                 calls=_record_and_class, fuzzed=("obj",)),
        Boundary("practiceloop.kernel.record.from_payload", krec.from_payload, H,
                 raises=(RecordError, ValueError), calls=_payload_calls, fuzzed=("payload",),
                 total=False,
                 check=_check_from_payload,
                 overrides={"payload": _json_mutations},
                 note="the store's read path: stored JSON back into a record"),
        Boundary("practiceloop.kernel.record.full_form", krec.full_form, H, returns=(dict,),
                 raises=_MISUSE, calls=_one_arg("obj", _stored_records), total=False,
                 note="a value type (no kind) raises RecordError: not a stored record"),
        Boundary("practiceloop.kernel.record.identity_payload", krec.identity_payload, H,
                 returns=(dict,), raises=_MISUSE, calls=_one_arg("obj", _records_of_every_kind)),
        Boundary("practiceloop.kernel.record.full_form_bytes", krec.full_form_bytes, H,
                 returns=(bytes,), raises=_MISUSE, calls=_one_arg("obj", _stored_records),
                 total=False, note="a value type (no kind) raises RecordError, as full_form"),
        Boundary("practiceloop.kernel.record.record_kind", krec.record_kind, H, returns=(str,),
                 raises=_MISUSE, calls=_one_arg("obj", _stored_records)),
        Boundary("practiceloop.kernel.record.recompute_id", krec.recompute_id, H, returns=(str,),
                 raises=_MISUSE, calls=_one_arg("obj", _records_of_every_kind)),
        Boundary("practiceloop.kernel.record.record_id", krec.record_id, H, returns=(str,),
                 raises=_MISUSE, calls=_one_arg("obj", _stored_records)),
        Boundary("practiceloop.kernel.record.sealed", _call_sealed, H, raises=(RecordError,
                 TypeError, AttributeError), calls=_sealed_calls, total=False,
                 note="called as sealed(cls, **fields); the fuzz corrupts cls and each field"),
        # span, frame, assessment, proof: builders the reader and organs call.
        _k("span", "spans_exact", H, returns=(bool,), raises=_MISUSE),
        _k("frame", "build_frame", H, raises=_MISUSE, total=False),
        _k("frame", "frame_spans", H, returns=(types.GeneratorType,), raises=_MISUSE),
        _k("assessment", "build_assessment", H, raises=_MISUSE, total=False),
        _k("proof", "build_proof_outcome", H, raises=_MISUSE, total=False),
        # residual, gate, budget (ADR-0225 to ADR-0227).
        _k("residual", "project_contract_residuals", G,
           returns=(tuple, *_types("residual", "ResidualProjectionRefusal")),
           items=_types("residual", "ContractResidual"),
           refused=refusal(*_types("residual", "ResidualProjectionRefusal")),
           bound=frozenset({"frame"}), free=frozenset({"classification"})),
        _k("residual", "residual_context_fault", G, refused=_not_none, fuzzed=("residuals",),
           bound=frozenset({"residuals"}), returns=(type(None), _kernel("residual",
                                                                        "ResidualContextFault")),
           lawful_fields=_RECLASSIFIED,
           note="frame_digest and assessment are validated by its callers (docstring); kind "
                "and axis are re-derived only when the organ's table is given (the trace, "
                "which does not re-run the gate's policy, gives none)"),
        _k("residual", "classification_table", H, returns=(dict, type(None)), raises=(),
           note="parses any well-typed table (None for any other value): whether it is the "
                "organ's is the manifest's question"),
        _k("gate", "decide_search_gate", G, returns=(SearchGateDecision,),
           refused=_refused_status(GateStatus.UNASSESSABLE), bound=frozenset({"frame",
                                                                              "residuals"}),
           free=frozenset({"classification"}),
           note="re-derives every residual's kind and axis from the organ's table"),
        _k("gate", "gate_input_digest", H, returns=(str,), raises=_MISUSE),
        _k("gate", "gate_policy", H, returns=(tuple, type(None)), raises=_MISUSE, total=False,
           note="the static policy over a context its callers validated (docstring)"),
        _k("budget", "decide_compute_budget", G, returns=(ComputeBudgetDecision,),
           refused=_refused_status(BudgetStatus.UNASSESSABLE), free=frozenset({"gate"})),
        # candidate: the pure delta helpers.
        _k("candidate", "apply_delta", H, returns=(*_types("frame", "ProblemFrame"), type(None)),
           raises=_MISUSE),
        _k("candidate", "candidate_content_digest", H, returns=(str,), raises=_MISUSE),
        _k("candidate", "frame_delta_digest", H, returns=(str,), raises=_MISUSE),
        _k("candidate", "delta_digest", H, returns=(str,), raises=_MISUSE),
        _k("candidate", "reconstruction_digests", H, returns=(tuple,), raises=_MISUSE),
        # search run (ADR-0228).
        _k("search_run", "initialize_search_run", G,
           returns=_types("search_run", "GeometricSearchRun", "SearchRunRefusal"),
           refused=refusal(*_types("search_run", "SearchRunRefusal")),
           bound=_CHAIN_ARGS, free=frozenset({"operator_set"})),
        _k("search_run", "build_embedded_search_run", G,
           returns=_types("search_run", "GeometricSearchRun", "SearchRunRefusal"),
           refused=refusal(*_types("search_run", "SearchRunRefusal")),
           bound=_CHAIN_ARGS, free=frozenset({"operator_set", "explored", "exhaustion_code"})),
        _k("search_run", "build_candidate_attempt", H, raises=_MISUSE, total=False,
           note="docstring: 'an ill-typed one raises RecordError'; a bare or foreign-typed "
                "explored candidate raises AttributeError, a lone surrogate "
                "CanonicalPayloadError"),
        _k("search_run", "run_input_digest", H, returns=(str,), raises=_MISUSE),
        # operator results (ADR-0231).
        _k("operator_result", "propose_deltas", G,
           returns=(tuple, *_types("operator_result", "CandidateOperatorRefusal")),
           items=_types("candidate", "CandidateDelta"),
           refused=refusal(*_types("operator_result", "CandidateOperatorRefusal")),
           bound=frozenset({"frame", "assessment"}), free=frozenset({"operator_set"})),
        _k("operator_result", "build_operator_results", G,
           returns=(tuple, *_types("operator_result", "CandidateOperatorRefusal")),
           items=_types("operator_result", "CandidateOperatorResult"),
           refused=refusal(*_types("operator_result", "CandidateOperatorRefusal")),
           bound=frozenset({"frame", "assessment", "residual"}),
           free=frozenset({"attempt_index", "step_index", "already_tried"})),
        _k("operator_result", "build_candidate_reconstruction", G,
           returns=(*_types("candidate", "CandidateReconstruction"), type(None)),
           refused=_is_none, bound=frozenset({"delta"}),
           note="an attempt re-sealed with another index (or not a member of an embedded run) "
                "still gets an envelope: membership is checked by the replay input, which the "
                "fuzz holds to it"),
        _k("operator_result", "delta_candidate_digest", H, returns=(str,), raises=_MISUSE),
        _k("operator_result", "explored_candidate", H, raises=_MISUSE, total=False,
           note="docstring: raises RecordError; a lone surrogate digest raises "
                "CanonicalPayloadError (a ValueError)"),
        _k("operator_result", "operator_result_fault", G, refused=_not_none, fuzzed=("result",),
           returns=(type(None), _ChainFault),
           bound=frozenset({"result"}),
           note="run is validated by its callers (docstring)"),
        # the upstream chain value (replay and trace take it).
        _k("chain", "run_fault", G, refused=_not_none, fuzzed=("run",),
           returns=(type(None), _ChainFault), bound=frozenset({"run"}),
           note="the chain up to the budget is validated by its callers (docstring)"),
        _k("chain", "upstream_fault", G, refused=_not_none, returns=(type(None), _ChainFault),
           bound=frozenset({"chain"}), free=frozenset({"classification"})),
        # binding (ADR-0232).
        _k("binding", "bind_candidate_attempt", G,
           returns=_types("binding", "CandidateAttemptRunBinding",
                          "CandidateAttemptRunBindingRefusal"),
           refused=refusal(*_types("binding", "CandidateAttemptRunBindingRefusal")),
           bound=frozenset({"run", "operator_result", "prior_bindings", "budget"})),
        _k("binding", "binding_input_digest", H, returns=(str,), raises=_MISUSE),
        _k("binding", "extended_chain", H, returns=(tuple,), raises=_MISUSE),
        _k("binding", "bindings_fault", G, refused=_not_none, returns=(type(None), tuple),
           prefix_ok=frozenset({"bindings"}), bound=frozenset({"run", "budget"}),
           note="a binding re-sealed with another attempt, candidate or reconstruction id is "
                "lawful here: it does not see the operator results (docstring); the trace "
                "pairs them"),
        # replay (ADR-0229).
        _k("replay", "build_replay_input", G,
           returns=_types("replay", "ReplayAdapterInput", "ReplayAdapterRefusal"),
           refused=refusal(*_types("replay", "ReplayAdapterRefusal")),
           bound=_CHAIN_ARGS | {"reconstruction"}, free=frozenset({"manifest"})),
        _k("replay", "build_bound_replay_input", G,
           returns=_types("replay", "ReplayAdapterInput", "ReplayAdapterRefusal"),
           refused=refusal(*_types("replay", "ReplayAdapterRefusal")),
           bound=_CHAIN_ARGS | {"bindings", "operator_result"}, free=frozenset({"manifest"}),
           prefix_ok=frozenset({"bindings"}),
           note="a prefix of the chain that still holds the attempt's binding is lawful"),
        _k("replay", "replay_candidate", G, returns=(ReplayEvidence,),
           refused=lambda r: type(getattr(r, "outcome", None)) is ReplayAdapterRefusal,
           bound=_CHAIN_ARGS | {"replay_input", "attempt", "reconstruction", "bindings"},
           free=frozenset({"manifest"}), prefix_ok=frozenset({"bindings"}),
           note="a prefix of the chain that still holds the attempt's binding is lawful"),
        # trace (ADR-0230, ADR-0233).
        *(
            _k("trace", name, G,
               returns=_types("trace", success, "PracticeTraceRefusal"),
               refused=refusal(*_types("trace", "PracticeTraceRefusal")),
               bound=_CHAIN_ARGS | {"trace_input", "bindings", "operator_results",
                                    "replay_results", "replay_refusals"})
            for name, success in (
                ("build_practice_trace_input", "PracticeTraceInput"),
                ("build_bound_practice_trace_input", "PracticeTraceInput"),
                ("seal_practice_trace", "SealedPracticeTrace"),
                ("seal_bound_practice_trace", "SealedPracticeTrace"),
            )
        ),
    ]
    return entries


def _payload_values() -> st.SearchStrategy[Corruption]:
    """Payloads for the canonical validator: JSON-ish values, tuples, bytes, deep nesting."""
    deep = st.integers(kid.MAX_DEPTH - 2, kid.MAX_DEPTH + 3).map(_nested)
    values = st.one_of(json_values(16), garbage(), deep,
                       st.dictionaries(st.one_of(st.text(max_size=3), st.integers(),
                                                 st.booleans(), st.none()),
                                       json_values(4), max_size=3))
    return values.map(lambda v: Corruption("payload", v, Severity.VALUE))


def _nested(depth: int) -> object:
    value: object = "leaf"
    for n in range(depth):
        value = [value] if n % 2 else {"k": value}
    return value


def _record_classes() -> list[type]:
    classes = []
    for module in _kernel_modules():
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isclass(value) and hasattr(value, "__record_decl__"):
                classes.append(value)
    return classes


def _constructor_calls(cls: type) -> CallSource:
    def source(ctx: Context) -> list[Call]:
        values = ctx.pool.by_type.get(cls, [])
        assert values, f"no real {cls.__name__} in the captured episodes"
        return [Call({f.name: getattr(v, f.name) for f in dataclasses.fields(v)})  # type: ignore[arg-type]
                for v in values[:3]]

    return source


def _public_name(cls: type) -> str:
    """``cls`` under the first chain module that exports it (re-exports keep one name)."""
    for module in _kernel_modules():
        if getattr(module, cls.__name__, None) is cls and cls.__name__ in module.__all__:
            return f"{module.__name__}.{cls.__name__}"
    return f"{cls.__module__}.{cls.__name__}"


def _constructor_entries() -> list[Boundary]:
    entries = []
    for cls in dict.fromkeys(_record_classes()):
        entries.append(Boundary(
            _public_name(cls), cls, Contract.CONSTRUCTOR, raises=(RecordError,),
            calls=_constructor_calls(cls),
            note="exact-type validation in the constructor (style.md habit 3)"))
    return entries


def _reader_entries() -> list[Boundary]:
    return [
        Boundary("practiceloop.arith.reader.read", arith_reader.read, Contract.GUARD,
                 returns=(arith_reader.ProblemFrame, arith_reader.ReaderRefusal),
                 refused=_is_refusal(arith_reader.ReaderRefusal), calls=_reader_calls,
                 overrides={"text": _texts}, check=_check_read),
        Boundary("practiceloop.loop.episode.practice", practice, Contract.GUARD,
                 returns=(Practice,),
                 refused=lambda p: getattr(p, "frame", 1) is None, calls=_reader_calls,
                 fuzzed=("text",), overrides={"text": _texts},
                 note="the orchestrator: any text in, every record sealed"),
        Boundary("practiceloop.loop.evidence.practice_problem", practice_problem, Contract.HELPER,
                 returns=(ProblemEvidence,), raises=(RecordError,), total=False,
                 calls=_practice_problem_calls, fuzzed=("problem_id", "text"),
                 overrides={"text": _texts},
                 note="an ill-typed problem id raises RecordError (docstring)"),
    ]


_STORE_MISUSE = (StoreError, TypeError)
"""Besides the errors a store path names: its error family, and TypeError for an argument of
the wrong Python type (misuse). Never a raw sqlite3 error, a UnicodeError, an OverflowError."""


def _store_entries() -> list[Boundary]:
    S = Contract.STORE
    ids = _with_store(lambda ctx: [{"object_id": i} for i in _store_ids(ctx)])
    entries = [
        Boundary("practiceloop.store.EvidenceStore.append", _store_method("append"), S,
                 raises=(InvalidObjectError, ConflictError, *_STORE_MISUSE), calls=_append_calls,
                 fuzzed=("objects", "problems"), check=_check_append),
        Boundary("practiceloop.store.EvidenceStore.get", _store_method("get"), S,
                 raises=(ObjectNotFoundError, CorruptObjectError, *_STORE_MISUSE), calls=ids,
                 fuzzed=("object_id",)),
        Boundary("practiceloop.store.EvidenceStore.has_object", _store_method("has_object"), S,
                 raises=(InvalidObjectError, *_STORE_MISUSE), calls=ids, fuzzed=("object_id",)),
        Boundary("practiceloop.store.EvidenceStore.leaf_index", _store_method("leaf_index"), S,
                 raises=(ObjectNotFoundError, *_STORE_MISUSE), calls=ids, fuzzed=("object_id",)),
        Boundary("practiceloop.store.EvidenceStore.inclusion_proof",
                 _store_method("inclusion_proof"), S,
                 raises=(ObjectNotFoundError, SizeOutOfRangeError, *_STORE_MISUSE),
                 calls=_with_store(lambda ctx: [{"object_id": i, "size": None}
                                                for i in _store_ids(ctx)]),
                 fuzzed=("object_id", "size")),
        Boundary("practiceloop.store.EvidenceStore.consistency_proof",
                 _store_method("consistency_proof"), S,
                 raises=(SizeOutOfRangeError, *_STORE_MISUSE),
                 calls=_with_store(lambda ctx: [{"size1": 1, "size2": ctx.store.log_size()},
                                                {"size1": 3, "size2": 7}]),
                 fuzzed=("size1", "size2")),
        Boundary("practiceloop.store.EvidenceStore.log_root", _store_method("log_root"), S,
                 raises=(SizeOutOfRangeError, *_STORE_MISUSE),
                 calls=_with_store(lambda ctx: [{"size": None}, {"size": 5}]), fuzzed=("size",)),
        Boundary("practiceloop.store.EvidenceStore.log_roots", _store_method("log_roots"), S,
                 raises=(SizeOutOfRangeError, *_STORE_MISUSE),
                 calls=_with_store(lambda ctx: [{"sizes": (0, 1, 5)}]), fuzzed=("sizes",)),
        Boundary("practiceloop.store.EvidenceStore.has_problem", _store_method("has_problem"), S,
                 raises=(InvalidObjectError, *_STORE_MISUSE),
                 calls=_with_store(lambda ctx: [{"problem_id": e.problem_id}
                                                for e in ctx.evidence[:2]]),
                 fuzzed=("problem_id",)),
        Boundary("practiceloop.store.EvidenceStore.iter_objects", _store_method("iter_objects"),
                 S, raises=(InvalidObjectError, SizeOutOfRangeError, *_STORE_MISUSE),
                 calls=_with_store(lambda ctx: [{"kind": "problem_frame", "start": 0,
                                                 "verify": True}]),
                 fuzzed=("kind", "start")),
        Boundary("practiceloop.store.read_checkpoints", _read_checkpoint_bytes, S,
                 raises=(CheckpointFormatError, CheckpointMismatchError, *_STORE_MISUSE),
                 calls=_checkpoint_file_calls, overrides={"data": _bytes_mutations},
                 fuzzed=("data",),
                 check=_check_checkpoints,
                 note="fuzzed through a checkpoints file of damaged bytes"),
        Boundary("practiceloop.store.Checkpoint", Checkpoint, Contract.CONSTRUCTOR,
                 raises=(ValueError, *_STORE_MISUSE),
                 calls=lambda ctx: [Call({"size": 3, "root": ctx.pool.digests[0], "note": None}),
                                    Call({"size": 3, "root": ctx.pool.digests[0],
                                          "note": _signed_note(3, ctx.pool.digests[0])})]),
        Boundary("practiceloop.store.verify_object", _verify_stored, Contract.GUARD,
                 returns=(type(None), CorruptObjectError), refused=_not_none,
                 calls=_stored_object_calls,
                 overrides={**{k: _sqlite_values for k in ("object_id", "kind", "body",
                                                          "leaf_hash")},
                            "seq": lambda ctx, v: _sqlite_values(ctx, v).map(
                                lambda c: Corruption(c.label, c.value, Severity.VALUE))},
                 note="fed what a tampered SQLite row could hold, in every column"),
        Boundary("practiceloop.store.verify_bundle", _verify_bundle, Contract.GUARD,
                 returns=(list,), refused=lambda r: bool(r), calls=_bundle_calls,
                 overrides={"data": _bytes_mutations}, check=_check_bundle_findings,
                 free=frozenset({"data"}),
                 note="byte-level damage; a still-verifying bundle must hold the same trace"),
        Boundary("practiceloop.store.verify_bundle[document]", _verify_bundle_document,
                 Contract.GUARD, returns=(list,), refused=lambda r: bool(r),
                 calls=_bundle_document_calls, overrides={"document": _json_mutations},
                 note="value-level damage to the bundle document (JSON re-encoded)"),
        Boundary("practiceloop.store.make_bundle", _make_bundle, S,
                 raises=(BundleError, *_STORE_MISUSE), calls=_make_bundle_calls,
                 fuzzed=("trace_id", "record_ids")),
        Boundary("practiceloop.store.query_episodes", _query_episodes, S,
                 raises=(ValueError, StoreError, *_STORE_MISUSE), calls=_query_calls,
                 fuzzed=("disposition", "organ", "code", "operator", "text", "offset", "limit"),
                 overrides={"text": _texts},
                 note="the Workbench's search: filters straight from a URL"),
        Boundary("practiceloop.store.get_episode", _get_episode, S,
                 raises=(ValueError, StoreError, *_STORE_MISUSE),
                 calls=lambda ctx: [Call({"ctx_store": ctx.store, "trace_id": ctx.trace_id})],
                 fuzzed=("trace_id",)),
        Boundary("practiceloop.store.StoreReader[resolve]", _resolve, S,
                 returns=(str,), raises=(ObjectNotFoundError, AmbiguousIdError, StoreError,
                                         *_STORE_MISUSE),
                 calls=_resolve_calls, fuzzed=("name",), overrides={"name": _texts},
                 note="a name from a command line or a URL: a full id, a prefix, a problem id"),
        # The write checks ahead of append (store._objects, not in the package's __all__).
        Boundary("practiceloop.store._objects.ObjectBatch.add", _batches.batch_add,
                 Contract.GUARD, returns=(str, *_batches.REFUSALS), refused=_batches.refused,
                 calls=_batches.add_calls,
                 overrides={"objects": _batches.objects_mutations(any_iterable=True)},
                 note="a refused add leaves the batch as it was; an accepted one keeps the bytes"),
        Boundary("practiceloop.store._objects.ObjectBatch.add_vouched",
                 _batches.batch_add_vouched, Contract.GUARD,
                 returns=(str, *_batches.REFUSALS), refused=_batches.refused,
                 calls=_batches.vouched_calls,
                 overrides={"objects": _batches.objects_mutations(any_iterable=False),
                            "vouch": _batches.vouch_mutations},
                 note="an accepted vouched add keeps exactly the bytes vouched for"),
        Boundary("practiceloop.store._objects.vouch_for", _batches.checked_vouch_for,
                 Contract.GUARD, returns=(bytes, type(None)), refused=_is_none,
                 calls=_batches.vouch_calls,
                 overrides={"objects": _batches.objects_mutations(any_iterable=False)},
                 note="a vouch given is the bodies' leaf hashes, in order"),
        Boundary("practiceloop.store.merkle.verify_inclusion", merkle.verify_inclusion,
                 Contract.PREDICATE, calls=lambda ctx: _proof_calls(ctx)[:1]),
        Boundary("practiceloop.store.merkle.verify_consistency", merkle.verify_consistency,
                 Contract.PREDICATE, calls=lambda ctx: _proof_calls(ctx)[1:]),
    ]
    return entries


REGISTRY: tuple[Boundary, ...] = (
    *_kernel_entries(),
    *_constructor_entries(),
    *_reader_entries(),
    *_store_entries(),
)
"""Every fuzzed boundary, in chain order: kernel, record constructors, reader, store."""

EXEMPT: Mapping[str, str] = {
    # Declarations and types: called at import time by static code, never with runtime input.
    "practiceloop.kernel.identity.CanonicalPayloadError": "an exception class",
    "practiceloop.kernel.record.RecordError": "an exception class",
    "practiceloop.kernel.record.verdict":
        "the three answers of is_well_formed and is_authentic, which are fuzzed as predicates "
        "over the same calls",
    "practiceloop.kernel.chain.UpstreamChain":
        "a carrier of upstream records, unchecked by design (a missing record is the "
        "boundary's refusal to give); fuzzed as the chain argument of replay and trace",
    "practiceloop.kernel.record.record": "the class decorator that declares a record type",
    "practiceloop.store._objects.ObjectBatch.of":
        "a new batch and add(): fuzzed as practiceloop.store._objects.ObjectBatch.add",
    "practiceloop.kernel.manifest.recomputed_digest":
        "takes a static table (as AuthorityManifest): fuzzed inside every boundary that checks "
        "a manifest or operator set (overwritten fields; test_manifest and test_memo replace "
        "fields after a digest was remembered)",
    "practiceloop.kernel.manifest.AuthorityManifest":
        "static declaration built at import by a domain; fuzzed as an argument of every "
        "boundary that takes it (lookalikes, overwritten fields, foreign manifests)",
    "practiceloop.kernel.manifest.OperatorSet": "static declaration (as AuthorityManifest)",
    "practiceloop.kernel.manifest.OperatorRow": "static declaration (as AuthorityManifest)",
    "practiceloop.kernel.manifest.OrganEntry": "static declaration (as AuthorityManifest)",
    "practiceloop.kernel.manifest.ProofAuthority": "static declaration (as AuthorityManifest)",
    "practiceloop.kernel.replay.ReplayEvidence":
        "a plain output value of replay_candidate (checked there: a refusal carries nothing)",
    "practiceloop.arith.reader.ReaderRefusal": "the reader's refusal record (an output)",
    # Store: error classes, results and file-name helpers.
    "practiceloop.store.checkpoint_path": "pure path arithmetic: str(path) + suffix",
    "practiceloop.store.append_checkpoint":
        "takes an open store (its input is the store's own log); exercised by the crash loop",
    "practiceloop.store.check_checkpoints":
        "takes Checkpoint values that read_checkpoints validated (fuzzed there)",
    "practiceloop.store.InclusionProof": "plain data; its verify() is merkle.verify_inclusion",
    "practiceloop.store.ConsistencyProof":
        "plain data; its verify() is merkle.verify_consistency",
    "practiceloop.store.StoredObject": "plain data; verified by verify_object (fuzzed)",
    "practiceloop.store.AppendResult": "an output of append",
    "practiceloop.store.Finding": "an output of the store's checks",
    "practiceloop.store.EvidenceStore":
        "obtained through EvidenceStore.open / open_readonly (the constructor wraps a connection)",
    "practiceloop.store.EvidenceStore.integrity_check": "takes one bool flag (quick or full)",
    "practiceloop.store.rebuild_index": "takes only an open store: its input is the store's log",
    "practiceloop.store.summary": "takes only an open store (as rebuild_index)",
    "practiceloop.store.check_index": "takes only an open store (as rebuild_index)",
    "practiceloop.store.EpisodePage": "an output of query_episodes",
    "practiceloop.store.EpisodeRow": "an output of query_episodes and get_episode",
    "practiceloop.store.IndexSummary": "an output of summary",
    "practiceloop.store.OperatorCounts": "an output of summary",
    "practiceloop.store.OrganCoverage": "an output of summary",
    "practiceloop.store.EvidenceStore.open":
        "opens a file: fuzzed through damaged store files in test_tamper (never raises but "
        "the StoreError family)",
    "practiceloop.store.EvidenceStore.open_readonly": "as EvidenceStore.open",
    "practiceloop.store.open_store": "EvidenceStore.open_readonly, wrapped (as it)",
    "practiceloop.store.Problem": "an output of StoreReader",
    "practiceloop.store.StoredRecord": "an output of StoreReader",
}
"""Public callables with no fuzz entry, each with the reason (enum classes are exempt as a
group: a closed vocabulary has no input path)."""


def _is_api(value: object) -> bool:
    """A function or a class (type aliases and constants are not callables with input)."""
    return inspect.isfunction(value) or inspect.isclass(value)


def _methods_with_input(cls: type, prefix: str) -> list[str]:
    """``prefix.name`` of each public method of ``cls`` that takes an argument."""
    names = []
    for name, value in vars(cls).items():
        if name.startswith("_") or isinstance(value, property):
            continue
        func = value.__func__ if isinstance(value, (classmethod, staticmethod)) else value
        if not callable(func):
            continue
        params = [p for p in inspect.signature(func).parameters if p not in ("self", "cls")]
        if params:
            names.append(f"{prefix}.{name}")
    return names


def public_callables() -> list[str]:
    """Dotted names of every public callable the registry must account for."""
    names: list[str] = []
    for module in _kernel_modules():
        for name in module.__all__:
            value = getattr(module, name)
            if _is_api(value) and not (inspect.isclass(value) and issubclass(value, enum.Enum)):
                names.append(f"{module.__name__}.{name}")
    for name in arith_reader.__all__:
        if _is_api(getattr(arith_reader, name)):
            names.append(f"practiceloop.arith.reader.{name}")
    import practiceloop.store as store_package

    for name in store_package.__all__:
        value = getattr(store_package, name)
        if _is_api(value) and not (inspect.isclass(value) and issubclass(value, BaseException)):
            names.append(f"practiceloop.store.{name}")
    names += _methods_with_input(EvidenceStore, "practiceloop.store.EvidenceStore")
    for name in ("verify_inclusion", "verify_consistency"):
        names.append(f"practiceloop.store.merkle.{name}")
    # The store's write checks ahead of append: not in the package's __all__, but the corpus
    # driver's path for every object it writes.
    names += _methods_with_input(_objects.ObjectBatch, "practiceloop.store._objects.ObjectBatch")
    names.append("practiceloop.store._objects.vouch_for")
    # The orchestrator's entry points from text (loop.md s6): not in the brief's three groups,
    # but every record the store ever holds is born there.
    names += ["practiceloop.loop.episode.practice", "practiceloop.loop.evidence.practice_problem"]
    return names
