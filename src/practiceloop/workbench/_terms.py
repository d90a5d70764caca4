"""The loop's words for people: what each term, record kind and outcome means, in plain words.

The Workbench shows these on hover (:func:`term`: the word with its explanation as a title) so
that a newcomer can read an episode page without the seeds at hand. The tables cover closed
sets: the record kinds the chain holds, the practice and replay dispositions, the residual
kinds, the gate, budget and proof statuses. A value outside them (a newer version's, or
damaged data) is shown as it is, without an explanation; nothing here raises.
"""

from __future__ import annotations

from typing import Final

from practiceloop.workbench._html import Html, el

__all__ = [
    "DISPOSITIONS",
    "KINDS",
    "REPLAYS",
    "RESIDUAL_KINDS",
    "TERMS",
    "explain",
    "term",
]

TERMS: Final[dict[str, str]] = {
    "reader": "Reads the problem text into a frame; it never guesses what the text does not say.",
    "frame": "What the reader found in the text: mentions (quantities, names, things), the "
             "relations between them, and the question's target.",
    "mention": "A quantity, a name or a thing the reader found, with the exact span of text.",
    "organ": "A rule for one kind of problem (change, combine, compare, equal groups, "
             "partition). It computes only when its contract is met.",
    "contract": "What an organ needs before it may compute: every role bound, every hazard "
                "ruled out.",
    "assessment": "An organ's verdict on a frame: runnable (contract met) or refused, with "
                  "the codes of what is missing.",
    "refused": "The organ would not compute: its contract is not met, so it does not guess.",
    "residual": "One thing the refusal left open, with a code (such as start_unbound) and "
                "the evidence in the text.",
    "gate": "Decides whether a search for repairs may start at all for this refusal.",
    "budget": "How many candidates, steps and depth the search may spend.",
    "search run": "The bounded search itself: the candidates tried, within the budget.",
    "operator": "A named, versioned way of proposing a repair (for example, binding a role "
                "to a mention the text offers).",
    "candidate": "One proposed repair of the frame: roles bound, relations added, the target "
                 "resolved. Not an answer.",
    "attempt": "One candidate taken into the search run, charged against the budget.",
    "replay": "The candidate frame checked again by the same organ and the same proof "
              "obligations that judged the original.",
    "proof obligation": "A check every computation must pass (exact arithmetic, units, every "
                        "quantity accounted for, ...); each one closes or refuses.",
    "seal": "The episode's trace: a record naming every record of the episode by its id, with "
            "the disposition that says how it ended.",
    "disposition": "How an episode (or a replay) ended, from a closed list of outcomes.",
    "id": "Every record's id is the SHA-256 of its canonical JSON: change a field and the id "
          "changes; the page recomputes each one.",
}
"""The loop's terms."""

KINDS: Final[dict[str, str]] = {
    "practice_problem": "The problem's entry: its corpus id and every record it led to.",
    "problem_frame": TERMS["frame"],
    "contract_assessment": TERMS["assessment"],
    "contract_residual": TERMS["residual"],
    "search_gate_decision": TERMS["gate"],
    "compute_budget_decision": TERMS["budget"],
    "geometric_search_run": TERMS["search run"],
    "search_run_refusal": "The search did not start: the gate or the budget blocked it.",
    "candidate_attempt": TERMS["attempt"],
    "candidate_operator_result": "What an operator proposed for one residual.",
    "candidate_reconstruction": TERMS["candidate"],
    "candidate_attempt_run_binding": "Ties an attempt to the open search run and charges it "
                                     "to the budget (membership, not truth).",
    "replay_adapter_input": "Everything the replay of one candidate is given, named by id.",
    "replay_adapter_result": "The replay's verdict on one candidate.",
    "replay_adapter_refusal": "The replay could not be run for this candidate.",
    "proof_outcome": TERMS["proof obligation"],
    "practice_trace_input": "Everything the seal is made from, named by id.",
    "sealed_practice_trace": TERMS["seal"],
    "practice_trace_refusal": "The episode could not be sealed: its records do not fit "
                              "together.",
    "candidate_operator_refusal": "An operator declined to propose anything for a residual.",
}
"""Record kinds, as the cards name them."""

DISPOSITIONS: Final[dict[str, str]] = {
    "sealed_candidate_replay_closed": "a candidate met the organ's contract and closed every "
                                      "proof obligation",
    "sealed_contract_closed_proof_refused": "a candidate met the contract, but a proof "
                                            "obligation refused it",
    "sealed_all_candidates_refused": "every candidate was refused by the organ's contract "
                                     "again",
    "sealed_exhausted_no_candidate": "the search ran, but no operator proposed a candidate",
    "sealed_original_refusal": "no search was allowed, so the original refusal stands",
    "sealed_replay_unavailable": "a candidate could not be replayed (an authority was "
                                 "unavailable)",
}
"""Practice dispositions of a sealed trace; a trace refusal's codes are shown as they are."""

REPLAYS: Final[dict[str, str]] = {
    "contract_and_proof_closed": "the contract was met and every proof obligation closed",
    "contract_closed_but_proof_refused": "the contract was met, but a proof obligation refused",
    "contract_refused": "the organ's contract still refused the candidate frame",
}
"""Replay dispositions; the others are refusals of the replay itself, shown as they are."""

RESIDUAL_KINDS: Final[dict[str, str]] = {
    "missing_role": "a role the organ needs is not bound to anything in the text",
    "missing_relation": "a relation the organ needs was not read",
    "missing_proposal": "the reading offers nothing to propose here",
    "ambiguous_relation": "the text allows more than one relation",
    "ambiguous_role": "more than one mention could fill a role",
    "inexact_provenance": "the evidence does not point exactly at the text",
    "nonlocal_binding": "the binding would reach outside the sentence it belongs to",
    "unsupported_topology": "the problem has a shape the organ does not support",
    "unit_object_conflict": "units or things do not agree",
    "hazard_blocked": "a hazard (a negation, a distractor, ...) is not ruled out",
    "target_unbound": "the question's target is not bound",
    "contract_gap_unclassified": "a gap the residual policy does not classify",
}
"""Residual kinds."""


def explain(word: str) -> str | None:
    """The explanation of a term, record kind, disposition or residual kind; None if unknown."""
    for table in (TERMS, KINDS, DISPOSITIONS, REPLAYS, RESIDUAL_KINDS):
        found = table.get(word)
        if found is not None:
            return found
    return None


def term(word: str, shown: str | None = None) -> Html:
    """``shown`` (default: ``word``) with ``word``'s explanation on hover, when there is one."""
    said = explain(word)
    text = word if shown is None else shown
    if said is None:
        return el("span", text)
    return el("abbr", text, title=said, class_="term", data_term=word)
