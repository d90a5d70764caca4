"""An episode told in plain words, built from its records, for the top of the episode page.

Five steps, each from the records the chain holds (never from anything outside them):

1. the problem as read (the frame: how many mentions, relations, targets);
2. what the organ refused and why (the assessment and its residuals, with their evidence);
3. whether a search was allowed and how large (gate, budget, run);
4. what each candidate changed (its bindings, relations and targets, named by the text of the
   mentions they bind) and how its replay ended (the contract, each proof closed or refused);
5. what was sealed (the trace's disposition), and that the seal is evidence, not an answer.

Terms carry their explanation on hover (:mod:`._terms`). Stored data may be damaged: a step
whose records are missing says so instead of failing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from practiceloop.workbench._chain import AttemptGroup, Chain, Item
from practiceloop.workbench._html import Html, Node, el
from practiceloop.workbench._pages import badge
from practiceloop.workbench._terms import DISPOSITIONS, REPLAYS, RESIDUAL_KINDS, term

__all__ = ["episode_summary"]

_QUOTED: Final = 3  # evidence excerpts quoted per residual


def _quote(text: object) -> str:
    return f"“{text}”" if type(text) is str else "“?”"


def _span_texts(item: Item | None) -> list[str]:
    spans = item.get("evidence_spans") if item is not None else None
    if type(spans) is not list:
        return []
    texts: list[str] = []
    for span in spans:
        text = span.get("text") if type(span) is dict else None
        if type(text) is str and text and text not in texts:
            texts.append(text)
    return texts


def _mentions(frame: Item | None) -> dict[str, str]:
    found: dict[str, str] = {}
    for mention in (frame.get("mentions") if frame is not None else None) or []:
        if type(mention) is dict and type(mention.get("mention_id")) is str:
            span = mention.get("span")
            text = span.get("text") if type(span) is dict else None
            found[mention["mention_id"]] = text if type(text) is str else mention["mention_id"]
    return found


def _relations(frame: Item | None) -> dict[str, str]:
    return {
        r["relation_id"]: str(r.get("relation_type"))
        for r in (frame.get("relations") if frame is not None else None) or []
        if type(r) is dict and type(r.get("relation_id")) is str
    }


def _count(frame: Item, name: str) -> int:
    value = frame.get(name)
    return len(value) if type(value) is list else 0


def _problem(chain: Chain) -> Node:
    problem = chain.entry.text("problem_id") if chain.entry is not None else ""
    named = ["Problem ", el("strong", problem), ": the "] if problem else ["The "]
    if chain.frame is None or chain.frame.record is None:
        return [*named, term("reader"), " left no readable frame in the store."]
    frame = chain.frame
    return [*named, term("reader"), " read the text into a ", term("frame"), " of ",
            f"{_count(frame, 'mentions')} ", term("mention", "mentions"),
            f", {_count(frame, 'relations')} relations and {_count(frame, 'targets')} question "
            "target(s). It guessed nothing the text does not say."]


def _residual_line(residual: Item) -> Html:
    code, kind = residual.text("residual_code"), residual.text("residual_kind")
    quoted = _span_texts(residual)[:_QUOTED]
    evidence = [" (evidence: ", ", ".join(_quote(t) for t in quoted), ")"] if quoted else None
    return el("li", el("code", code), " — ", RESIDUAL_KINDS.get(kind, kind or "unclassified"),
              evidence, data_code=code)


def _refusal(chain: Chain) -> Node:
    assessment = chain.assessment
    if assessment is None or assessment.record is None:
        return "No refused assessment of this episode is stored."
    organ = assessment.text("candidate_organ") or "?"
    lines = [_residual_line(r) for r in chain.residuals]
    if not lines:  # no residual records: the assessment's own codes
        codes = [*assessment.ids("missing_bindings"), *assessment.ids("unresolved_hazards")]
        lines = [el("li", el("code", c), data_code=c) for c in codes]
    return [
        "The ", el("strong", organ), " ", term("organ"), " ", term("refused"),
        " to compute: its ", term("contract"), f" is not met. {len(lines)} ",
        term("residual", "residual(s)"), " say what is missing:",
        el("ul", lines, class_="residuals"),
    ]


def _search(chain: Chain) -> Node:
    gate, budget, run = chain.gate, chain.budget, chain.run
    if gate is None:
        return "No search gate decision is stored."
    reason = gate.text("reason_code")
    if gate.text("status") != "eligible":
        return ["The search ", term("gate"), " did not let a search start (",
                el("code", reason or gate.text("status")), "), so nothing was tried."]
    said: list[Node] = ["The search ", term("gate"), " let a bounded search start (",
                        el("code", reason), ")"]
    if budget is not None and budget.text("status") == "budget_allowed":
        said += [" and the ", term("budget"), f" allowed at most {budget.get('max_candidates')} "
                 f"candidates in {budget.get('max_steps')} steps."]
    elif budget is not None:
        said += [", but the ", term("budget"), " did not allow it (",
                 el("code", budget.text("reason_code") or budget.text("status")), ")."]
    else:
        said.append(".")
    if run is not None and run.kind == "search_run_refusal":
        said += [" The ", term("search run"), " was refused (",
                 el("code", run.text("refusal_code")), ")."]
    return said


def _changes(reconstruction: Mapping[str, Any] | None, mentions: Mapping[str, str],
             relations: Mapping[str, str]) -> list[Node]:
    """What a candidate changed, in words: each binding, each relation, each target."""
    if reconstruction is None:
        return ["(its reconstruction is not stored)"]
    said: list[Node] = []
    for binding in reconstruction.get("candidate_bindings") or []:
        if type(binding) is not dict:
            continue
        relation_id, mention = str(binding.get("relation_id")), str(binding.get("mention_id"))
        said.append(["binds the ", el("em", str(binding.get("role"))),
                     f" of {relations.get(relation_id, relation_id)} to ",
                     _quote(mentions.get(mention, mention))])
    for added in reconstruction.get("candidate_relations") or []:
        if type(added) is dict:
            bound = [_quote(mentions.get(pair[1], pair[1])) for pair in added.get("roles") or []
                     if type(pair) is list and len(pair) == 2 and type(pair[1]) is str]
            said.append([f"adds a {added.get('relation_type')} relation",
                         f" over {', '.join(bound)}" if bound else ""])
    targets = reconstruction.get("candidate_targets") or []
    if targets:
        said.append(f"sets {len(targets)} question target(s)")
    return said or ["changes nothing in the frame"]


def _proofs(group: AttemptGroup) -> tuple[Node, int, int]:
    closed = [p for p in group.proofs if p.text("status") == "closed"]
    refused = [p for p in group.proofs if p.text("status") != "closed"]
    if not group.proofs:
        return None, 0, 0
    told: list[Node] = [f"{len(closed)} of {len(group.proofs)} ",
                        term("proof obligation", "proof obligations"), " closed"]
    if refused:
        told += ["; refused: ", [
            [", " if i else None, el("code", p.text("obligation_ref")),
             f" ({', '.join(p.ids('reason_codes'))})" if p.ids("reason_codes") else None]
            for i, p in enumerate(refused)]]
    return told, len(closed), len(refused)


def _attempt_line(group: AttemptGroup, mentions: Mapping[str, str],
                  relations: Mapping[str, str]) -> Html:
    attempt = group.attempt
    record = group.reconstruction.record if group.reconstruction is not None else None
    changes = _changes(record, mentions, relations)
    replays = [r for r in group.replays]
    disposition = replays[0].text("replay_disposition") if replays else ""
    proofs, closed, refused = _proofs(group)
    if not replays:
        verdict: Node = " It has no replay record."
    else:
        meaning = REPLAYS.get(disposition, "the replay itself could not run")
        verdict = [" ", term("replay", "Replayed"), ": ", meaning, " (", badge(disposition, "r"),
                   ")", [". ", proofs] if proofs else None, "."]
        still = [a for a in group.replay_assessments if a.get("runnable") is False]
        if still:
            missing = [*still[0].ids("missing_bindings"), *still[0].ids("unresolved_hazards")]
            verdict = [verdict, " Still missing: ", ", ".join(missing) or "?", "."]
    return el(
        "li", term("candidate", "Candidate"), f" #{attempt.get('attempt_index')}, by the ",
        term("operator"), " ", el("code", attempt.text("operator_id")), ", ",
        [[", " if i else None, c] for i, c in enumerate(changes)], ".", verdict,
        data_attempt=str(attempt.get("attempt_index")), data_replay=disposition,
        data_proofs_closed=closed, data_proofs_refused=refused,
    )


def _candidates(chain: Chain) -> Node:
    run = chain.run
    if run is None or run.kind == "search_run_refusal":
        return None  # no search: the search step said so
    mentions, relations = _mentions(chain.frame), _relations(chain.frame)
    if not chain.attempts:
        exhausted = run.text("exhaustion_code")
        return ["No ", term("operator"), " proposed a ", term("candidate"), " for these "
                "residuals", [" (", el("code", exhausted), ")"] if exhausted else None, "."]
    return [f"{len(chain.attempts)} ", term("candidate", "candidate(s)"), " tried:",
            el("ul", [_attempt_line(g, mentions, relations) for g in chain.attempts],
               class_="attempts")]


def _seal(chain: Chain) -> Node:
    trace = chain.trace
    disposition = trace.text("practice_disposition")
    if trace.kind != "sealed_practice_trace":
        codes = ", ".join(trace.ids("reason_codes")) or disposition
        return ["The episode could not be sealed (", el("code", codes), "): its records do not "
                "fit together, and the trace refusal says so."]
    return ["Sealed as ", badge(disposition), ": ", DISPOSITIONS.get(disposition, disposition),
            ". The ", term("seal"), " names every record of the episode by its ", term("id"),
            "; it is evidence of what was tried, not an answer."]


def episode_summary(chain: Chain) -> Html:
    """The plain-words summary of one episode (a ``section#summary``)."""
    steps: Sequence[tuple[str, Node]] = (
        ("problem", _problem(chain)), ("refusal", _refusal(chain)), ("search", _search(chain)),
        ("candidates", _candidates(chain)), ("seal", _seal(chain)),
    )
    items = [el("li", said, data_step=name) for name, said in steps if said is not None]
    return el("section", el("h2", "What happened, in plain words"), el("ol", items),
              el("p", "Hover over an underlined word for what it means. Every record is below, "
                      "in order; the long ones are folded.", class_="hint"),
              class_="panel summary", id="summary")
