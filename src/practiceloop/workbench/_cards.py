"""The episode page: the chain walked as cards, each with its id and its recomputed-id check.

Order (loop.md s1): source text with every span, frame, assessment, residuals, gate, budget,
run, then each attempt with its run-binding, operator result, reconstruction (as a frame diff),
replay records and their proof outcomes, then the seal. A card shows the fields a person reads,
the record's prose, and the stored record itself in a fold. Pure rendering of a loaded
:class:`Chain`; every stored string goes through :func:`el`, so it is escaped.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, Final

from practiceloop.kernel.identity import is_digest
from practiceloop.workbench._chain import AttemptGroup, Chain, Item
from practiceloop.workbench._frames import (
    FrameDiffer,
    citation_pages,
    collect_spans,
    excerpt,
    frame_lines,
    highlight,
    lines_view,
    span_table,
)
from practiceloop.workbench._html import Html, Node, el, join, page
from practiceloop.workbench._idcheck import reference_fields
from practiceloop.workbench._pages import badge, short
from practiceloop.workbench._summary import episode_summary
from practiceloop.workbench._terms import KINDS

__all__ = ["citation_page_count", "episode_page", "record_page"]

# The fields each kind's card lists, in reading order (ids of linked records come last).
_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "practice_problem": ("problem_id", "reader_refusal_codes", "assessment_ids", "trace_ids"),
    "problem_frame": ("reader_id", "reader_version", "frame_schema_version"),
    "contract_assessment": ("candidate_organ", "organ_version", "runnable", "missing_bindings",
                            "unresolved_hazards", "assessment_policy_version"),
    "contract_residual": ("residual_index", "residual_code", "residual_kind", "source_axis",
                          "candidate_organ", "residual_policy_version"),
    "search_gate_decision": ("status", "reason_code", "candidate_organ", "residual_ids",
                             "policy_version"),
    "compute_budget_decision": ("status", "reason_code", "max_candidates", "max_depth",
                                "max_steps", "max_parallelism", "policy_version"),
    "geometric_search_run": ("run_disposition", "exhaustion_code", "budget_consumed",
                             "candidate_organ", "operator_set_version", "operator_set_id",
                             "run_policy_version"),
    "search_run_refusal": ("refusal_code", "reason_codes", "run_policy_version"),
    "candidate_attempt": ("attempt_index", "operator_id", "operator_version", "budget_charge",
                          "depth", "step_index", "parent_attempt_id", "candidate_digest",
                          "replay_status"),
    "candidate_attempt_run_binding": ("attempt_index", "run_attempt_membership", "budget_charge",
                                      "depth", "step_index", "reason_codes", "original_run_id",
                                      "operator_result_id", "binding_policy_version"),
    "candidate_operator_result": ("operator_id", "operator_version", "residual_id", "run_id",
                                  "policy_version"),
    "candidate_reconstruction": ("operator_id", "operator_version", "candidate_digest",
                                 "candidate_problem_frame_digest", "frame_delta_digest"),
    "replay_adapter_result": ("replay_disposition", "reason_codes", "proof_obligation_refs",
                              "proof_replay_refs", "contract_replay_assessment_id",
                              "replay_policy_version"),
    "replay_adapter_refusal": ("replay_disposition", "reason_codes", "replay_policy_version"),
    "proof_outcome": ("obligation_ref", "status", "reason_codes", "authority_version",
                      "contract_assessment_id", "proof_policy_version"),
    "replay_adapter_input": ("attempt_index", "candidate_organ", "contract_replay_target",
                             "proof_obligation_refs", "schema_versions", "run_id", "attempt_id",
                             "replay_policy_version"),
    "practice_trace_input": ("trace_policy_version", "schema_versions", "policy_versions"),
    "sealed_practice_trace": ("practice_disposition", "trace_policy_version", "created_by_policy",
                              "upstream_identity_chain", "trace_records"),
    "practice_trace_refusal": ("practice_disposition", "reason_codes", "trace_policy_version"),
}

_RAW_INLINE_BYTES: Final = 32 * 1024
"""A stored record longer than this (as indented JSON) is not inlined in its card: a long
problem's frame would repeat its text many times over (``practiceloop show ID --json``)."""
_EVIDENCE_SHOWN: Final = 12  # evidence spans listed in a card; the source card shows them all
_FOLD_CHARS: Final = 2500  # a card's fields and body past this much markup are folded
_FOLD_FIELDS: Final = 6

_BADGES: Final = {
    "practice_disposition": "d", "replay_disposition": "r", "status": "s",
}


def _id_link(value: str) -> Html:
    return el("a", short(value), href=f"/records/{value}", class_="mono", title=value)


def _value(value: Any, *, badge_prefix: str | None = None, links: bool = False) -> Node:
    """A stored value for people; digests are links when ``links`` (the field references)."""
    if value is None:
        return "—"
    if type(value) is bool:
        return "true" if value else "false"
    if type(value) is str:
        if badge_prefix is not None:
            return badge(value, badge_prefix)
        if is_digest(value):
            return _id_link(value) if links else el("code", short(value), title=value)
        return value
    if type(value) is list:
        if not value:
            return "none"
        parts: list[Node] = []
        for index, item in enumerate(value):
            if type(item) is list and all(type(v) is str for v in item):
                shown: Node = " ".join(item)  # a (name, version) row of a versions table
            else:
                shown = _value(item, links=links)
            parts += [", " if index else None, shown]
        return parts
    if type(value) is dict:
        return el("code", json.dumps(value, ensure_ascii=False, sort_keys=True))
    return str(value)


def _fields(item: Item) -> Html | None:
    if item.record is None:
        return None
    names = [n for n in _FIELDS.get(item.kind, tuple(item.record)) if n in item.record]
    if not names:
        return None
    # Only ids of stored records become links (a content digest names no page).
    linked = reference_fields(item.kind) | {"upstream_identity_chain"}
    return el("dl", [
        (el("dt", n), el("dd", _value(item.record[n], badge_prefix=_BADGES.get(n),
                                      links=n in linked)))
        for n in names
    ], class_="fields")


def _spans_line(item: Item) -> Html | None:
    spans = item.get("evidence_spans")
    if type(spans) is not list or not spans:
        return None
    found = collect_spans([("", {"evidence_spans": spans})])
    more = len(found) - _EVIDENCE_SHOWN
    return el("p", "evidence: ", [(", " if i else None, el("mark", excerpt(s.text), class_="span",
              title=f"{s.start}–{s.end}, sentence {s.sentence_index}"))
              for i, s in enumerate(found[:_EVIDENCE_SHOWN])],
              f" and {more} more (highlighted in the source text)" if more > 0 else None,
              class_="muted")


def _raw(item: Item) -> Html | None:
    """The stored record in a fold, or a line saying where to read it when it is long."""
    if item.record is None:
        return None
    text = json.dumps(item.record, ensure_ascii=False, indent=2, sort_keys=True)
    if len(text) > _RAW_INLINE_BYTES:
        return el("p", f"stored record: {len(text):,} characters of JSON, not shown here; "
                  "print it with ", el("code", f"practiceloop show {item.object_id} --json"),
                  class_="muted")
    return el("details", el("summary", "stored record"), el("pre", text, class_="json"))


def _fold(content: Html, fields: int, role: str) -> Html:
    """The card's fields and body, folded into a ``<details>`` when long (the source text and
    short cards stay open): a 20-record chain reads as its titles and prose first."""
    if role == "source" or (len(content) <= _FOLD_CHARS and fields <= _FOLD_FIELDS):
        return content
    return el("details", el("summary", f"the record's {fields} fields" if fields else
                            "the record"), content, class_="more")


def _card(item: Item, title: str, body: Node = None, *, role: str = "",
          raw: bool = True) -> Html:
    """One record as a card: title, kind, id and its check, prose, then fields, ``body`` and
    the raw record (unless ``raw`` is false: a record shown twice shows it once), folded when
    long."""
    check = item.check
    verdict = el(
        "span", "✓ id recomputes" if check.ok else "✗ id does not recompute",
        class_="idcheck ok" if check.ok else "idcheck bad", title=check.detail,
    )
    where = [" · nested in ", _id_link(item.parent)] if item.parent else None
    as_json = (None if item.parent or item.record is None else
               [" · ", el("a", "JSON", href=f"/records/{item.object_id}.json", class_="json-link",
                          title="the stored bytes of this record, exactly")])
    explanation = item.get("explanation")
    classes = ["card", role, "" if check.ok else "idbad"]
    fields = _fields(item)
    content = join(fields, _spans_line(item), body, _raw(item) if raw else None)
    shown = len([n for n in _FIELDS.get(item.kind, ()) if item.record and n in item.record])
    return el(
        "section",
        el("div", el("h2", title), el("span", item.kind, class_="kind",
                                      title=KINDS.get(item.kind)), verdict,
           class_="card-head"),
        el("p", explanation, class_="say") if type(explanation) is str else None,
        el("div", "id ", el("code", item.object_id), where, " — ", check.detail, as_json,
           class_="idline"),
        el("p", item.problem, class_="bad") if item.problem else None,
        _fold(content, shown, role),
        class_=" ".join(c for c in classes if c), data_kind=item.kind, data_id=item.object_id,
        data_id_ok="yes" if check.ok else "no",
    )


def _attempt_cards(group: AttemptGroup, differ: FrameDiffer | None) -> Html:
    attempt = group.attempt
    index, operator = attempt.get("attempt_index"), attempt.text("operator_id")
    cards = [_card(attempt, f"Attempt #{index} · {operator}")]
    if group.binding is not None:
        cards.append(_card(group.binding, "Run binding", role="binding"))
    if group.operator_result is not None:
        cards.append(_card(group.operator_result, f"Operator result · {operator}"))
    if group.reconstruction is not None:
        diff: Node = None
        if differ is not None and group.reconstruction.record is not None:
            diff = [el("h3", "Original → candidate frame"),
                    differ.diff(group.reconstruction.record)]
        cards.append(_card(group.reconstruction, "Candidate reconstruction", diff))
    cards += [_card(i, "Replay input") for i in group.replay_inputs]
    for replay in group.replays:
        disposition = replay.text("replay_disposition")
        role = "refusal" if replay.kind == "replay_adapter_refusal" else ""
        cards.append(_card(replay, f"Replay · {disposition}", role=role))
    for assessment in group.replay_assessments:
        verdict = "runnable" if assessment.get("runnable") is True else "refused"
        cards.append(_card(assessment, f"Replay assessment · candidate frame {verdict}"))
    cards += [_card(p, f"Proof · {p.text('obligation_ref')} · {p.text('status')}")
              for p in group.proofs]
    return el("section", el("h2", f"Attempt {index}: {operator}"), cards,
              class_="attempt-group", data_attempt=attempt.object_id)


def _cited(chain: Chain) -> Iterable[tuple[str, Any]]:
    """Every record's fields for span collection; a frame's sentences are layout, not evidence."""
    for item in chain.items():
        if item.record is None:
            continue
        fields = item.record
        if item.kind == "problem_frame":
            fields = {k: v for k, v in fields.items() if k != "sentences"}
        yield f"{item.kind} {short(item.object_id)}", fields


def _chain_cards(chain: Chain, cites_page: int) -> list[Html]:
    cards: list[Html] = []
    frame = chain.frame
    if chain.entry is not None:
        cards.append(_card(chain.entry, f"Problem {chain.entry.text('problem_id')}"))
    if frame is not None:
        source = frame.text("source_text")
        spans = collect_spans(_cited(chain))
        hint = el("p", "Every evidence span of the chain is highlighted (darker where spans "
                       "overlap); hover over one to see which records cite it.", class_="hint")
        href = f"/episodes/{chain.trace.object_id}"
        shown = [hint, highlight(source, spans), span_table(spans, source, cites_page, href)]
        # The frame's stored record is shown once, in the frame card below.
        cards.append(_card(frame, "Source text", shown, role="source", raw=False))
        lines = frame_lines(frame.record) if frame.record is not None else []
        cards.append(_card(frame, "Frame", lines_view(lines)))
    if chain.assessment is not None:
        organ = chain.assessment.text("candidate_organ")
        cards.append(_card(chain.assessment, f"Assessment · {organ}"))
    for residual in chain.residuals:
        title = f"Residual #{residual.get('residual_index')} · {residual.text('residual_code')}"
        cards.append(_card(residual, title))
    if chain.gate is not None:
        cards.append(_card(chain.gate, f"Search gate · {chain.gate.text('status')}"))
    if chain.budget is not None:
        cards.append(_card(chain.budget, f"Compute budget · {chain.budget.text('status')}"))
    if chain.run is not None:
        refused = chain.run.kind == "search_run_refusal"
        title = (f"Search run refusal · {chain.run.text('refusal_code')}" if refused
                 else f"Search run · {chain.run.text('run_disposition')}")
        cards.append(_card(chain.run, title, role="refusal" if refused else ""))
    differ = FrameDiffer(frame.record) if frame is not None and frame.record else None
    cards += [_attempt_cards(group, differ) for group in chain.attempts]
    cards += [_card(r, f"Replay (no matching attempt) · {r.text('replay_disposition')}")
              for r in chain.unmatched_replays]
    cards += [_card(o, f"Also bound · {o.kind}") for o in chain.others]
    if chain.trace_input is not None:
        cards.append(_card(chain.trace_input, "Trace input"))
    sealed = chain.trace.kind == "sealed_practice_trace"
    disposition = chain.trace.text("practice_disposition")
    title = f"{'Seal' if sealed else 'Trace refusal'} · {disposition}"
    cards.append(_card(chain.trace, title, role="seal" if sealed else "refusal"))
    return cards


def _check_summary(items: Sequence[Item]) -> Html:
    bad = [i for i in items if not i.check.ok]
    if not bad:
        verdict = el("span", f"✓ all {len(items)} record ids on this page recompute", class_="ok")
    else:
        verdict = el("span", f"✗ {len(bad)} of {len(items)} record ids do not recompute",
                     class_="bad")
    return el("p", verdict, id="idsummary", data_records=len(items), data_bad=len(bad))


def citation_page_count(chain: Chain) -> int:
    """How many pages the episode's span citations fill (the page's ``?page=`` range)."""
    return citation_pages(len(collect_spans(_cited(chain)))) if chain.frame is not None else 1


def episode_page(chain: Chain, problems: int, store_label: str, cites_page: int = 1) -> Html:
    """The whole chain of one episode. ``problems``: how many corpus problems share it;
    ``cites_page``: which page of span citations the source card lists."""
    trace = chain.trace
    disposition = trace.text("practice_disposition")
    shared = f" (and {problems - 1} more problem(s) with the same text)" if problems > 1 else ""
    heading = el("h1", f"Episode {short(trace.object_id)} ", badge(disposition))
    problem = chain.entry.text("problem_id") if chain.entry else ""
    organ = chain.assessment.text("candidate_organ") if chain.assessment else ""
    lead = el("p", "problem ", el("strong", problem or "—"), shared, " · organ ", organ or "—",
              " · trace ", el("code", trace.object_id), class_="muted")
    body = [heading, lead, _check_summary(list(chain.items())), episode_summary(chain),
            _chain_cards(chain, cites_page)]
    return page(f"Episode {short(trace.object_id)}", body, store_label=store_label,
                section="episodes")


def record_page(item: Item, episode_href: str | None, store_label: str) -> Html:
    """One stored record on its own, with a link to its episode when it is a trace."""
    link = el("p", el("a", "Open the episode", href=episode_href)) if episode_href else None
    body = [el("h1", f"Record {short(item.object_id)}"), link, _card(item, item.kind)]
    return page(f"Record {short(item.object_id)}", body, store_label=store_label)
