"""Frames for people: the source text with every evidence span, a frame as lines, a frame diff.

* :func:`collect_spans` finds every span (``{text, start, end, sentence_index}``) anywhere in
  the chain's records and says who cites it;
* :func:`highlight` renders the source text with each cited range marked; overlapping spans
  split the text into segments, each listing (on hover) every citation that covers it;
* :func:`frame_lines` writes a stored frame as one line per sentence, mention, relation, target
  and observation, roles shown with the text of the mention they bind;
* :class:`FrameDiffer` rebuilds each candidate frame with the kernel's own pure
  :func:`apply_delta` (never a second implementation of it) and shows the lines that differ.

All input is stored JSON, possibly damaged: nothing here raises on it; what cannot be shown is
said in words.
"""

from __future__ import annotations

import dataclasses
import difflib
import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from practiceloop.kernel.candidate import RoleBinding, apply_delta
from practiceloop.kernel.frame import ProblemFrame, Relation, Target
from practiceloop.kernel.record import from_payload, full_form
from practiceloop.workbench._html import Html, el

__all__ = [
    "CITES_PER_PAGE",
    "EXCERPT_CHARS",
    "CitedSpan",
    "FrameDiffer",
    "citation_pages",
    "collect_spans",
    "excerpt",
    "frame_lines",
    "highlight",
    "lines_view",
    "span_table",
]

_SPAN_KEYS: Final = frozenset({"text", "start", "end", "sentence_index"})
_MAX_TITLES: Final = 2  # citations listed in one hover title; the table below lists them all
CITES_PER_PAGE: Final = 200
"""Rows of the span-citation table on one episode page (``?page=N`` turns to the next)."""
EXCERPT_CHARS: Final = 48
"""Characters of a span's text a citation row shows (the highlighted source shows it all)."""


@dataclasses.dataclass(frozen=True, slots=True)
class CitedSpan:
    """One span as stored, and where: ``cited_by`` names the record, ``path`` the field."""

    text: str
    start: int
    end: int
    sentence_index: int
    cited_by: str
    path: str

    def matches(self, source: str) -> bool:
        """True when the span is exactly the slice of ``source`` it claims."""
        inside = 0 <= self.start <= self.end <= len(source)
        return inside and source[self.start : self.end] == self.text


def _is_span(value: object) -> bool:
    if type(value) is not dict or value.keys() != _SPAN_KEYS:
        return False
    return (type(value["text"]) is str and type(value["start"]) is int
            and type(value["end"]) is int and type(value["sentence_index"]) is int)


def collect_spans(cited: Iterable[tuple[str, Mapping[str, Any]]]) -> list[CitedSpan]:
    """Every span in each ``(label, record)``, in record order then field order."""
    found: list[CitedSpan] = []
    for label, record in cited:
        stack: list[tuple[str, object]] = [("", record)]
        while stack:
            path, value = stack.pop()
            if _is_span(value):
                assert type(value) is dict  # for the type checker: _is_span proved it
                found.append(CitedSpan(value["text"], value["start"], value["end"],
                                       value["sentence_index"], label, path))
            elif type(value) is dict:
                stack.extend((f"{path}.{k}" if path else k, v) for k, v in reversed(value.items()))
            elif type(value) is list:
                stack.extend((f"{path}[{i}]", v) for i, v in reversed(list(enumerate(value))))
    return found


def excerpt(text: str) -> str:
    """A span's text for a row of citations: escaped like ``repr``, cut to EXCERPT_CHARS."""
    if len(text) <= EXCERPT_CHARS:
        return repr(text)[1:-1]
    return f"{repr(text[:EXCERPT_CHARS])[1:-1]}…"


def highlight(source: str, spans: Sequence[CitedSpan]) -> Html:
    """``source`` with every span that matches it marked; the hover title lists citations.

    The text is written once, cut where spans begin and end; each piece names (in its title)
    the first few citations that cover it and counts them all. One sweep over the cuts, with
    the spans that cover the current piece kept as the sweep goes: linear in the text and the
    spans (plus what each title lists), however many spans overlap.
    """
    usable = [s for s in spans if s.start < s.end and s.matches(source)]
    cuts = sorted({0, len(source), *(s.start for s in usable), *(s.end for s in usable)})
    starting: dict[int, list[int]] = {}
    ending: dict[int, list[int]] = {}
    for index, span in enumerate(usable):
        starting.setdefault(span.start, []).append(index)
        ending.setdefault(span.end, []).append(index)
    covering: dict[int, CitedSpan] = {}  # span index -> span, for the piece at hand
    parts: list[Html | str] = []
    for start, end in itertools.pairwise(cuts):
        for index in ending.get(start, ()):
            del covering[index]
        for index in starting.get(start, ()):
            covering[index] = usable[index]
        piece = source[start:end]
        if not covering:
            parts.append(piece)
            continue
        labels: list[str] = []
        for index in sorted(covering):  # citation order, as the table lists them
            label = f"{usable[index].cited_by} · {usable[index].path}"
            if label not in labels:
                labels.append(label)
            if len(labels) > _MAX_TITLES:
                break
        if len(labels) > _MAX_TITLES:
            labels[_MAX_TITLES:] = ["… (the citations table lists every one)"]
        parts.append(el(
            "mark", piece, class_="span deep" if len(covering) > 1 else "span",
            title="\n".join(labels), data_start=start, data_end=end, data_cites=len(covering),
        ))
    return el("div", parts, class_="source-text", id="source")


def span_table(spans: Sequence[CitedSpan], source: str, page: int = 1,
               href: str = "") -> Html:
    """One page of the spans (CITES_PER_PAGE rows), who cites each and whether it is the exact
    source slice it claims; ``href`` is the page's URL, for the links to the other pages."""
    first = (page - 1) * CITES_PER_PAGE
    shown = spans[first : first + CITES_PER_PAGE]
    rows = [
        el("tr",
           el("td", excerpt(s.text)),
           el("td", f"{s.start}–{s.end}", class_="num"),
           el("td", str(s.sentence_index), class_="num"),
           el("td", s.cited_by, " ", el("code", s.path, class_="muted")),
           el("td", "✓" if s.matches(source)
              else el("span", "✗ not the source slice", class_="bad")),
           data_start=s.start, data_end=s.end)
        for s in shown
    ]
    head = el("tr", el("th", "text"), el("th", "range", class_="num"), el("th", "sentence"),
              el("th", "cited by"), el("th", "exact"))
    pages = citation_pages(len(spans))
    summary = f"all {len(spans)} span citations"
    turn = None
    if pages > 1:
        summary = (f"span citations {first + 1}–{first + len(shown)} of {len(spans)} "
                   f"(page {page} of {pages})")
        turn = el("p", [
            el("a", "← previous citations", href=f"{href}?page={page - 1}#citations")
            if page > 1 else None,
            " · " if 1 < page < pages else None,
            el("a", "next citations →", href=f"{href}?page={page + 1}#citations")
            if page < pages else None,
        ], class_="pager")
    return el(
        "details", el("summary", summary),
        el("table", el("thead", head), el("tbody", rows), class_="spanlist"), turn,
        id="citations", open=True if page > 1 else None,
    )


def citation_pages(count: int) -> int:
    """How many pages ``count`` span citations fill (at least one)."""
    return max(1, -(-count // CITES_PER_PAGE))


def _attributes(value: object) -> str:
    if type(value) is not list:
        return ""
    pairs = [f"{p[0]}={p[1]}" for p in value if type(p) is list and len(p) == 2]
    return " ".join(pairs)


def _span_text(value: object) -> str:
    return repr(value["text"]) if _is_span(value) else "?"  # type: ignore[index]


def _spans_text(value: object) -> str:
    return ", ".join(_span_text(v) for v in value) if type(value) is list else ""


def frame_lines(frame: Mapping[str, Any]) -> list[str]:
    """One readable line per part of a stored frame (mentions named by their text)."""
    mentions = {
        m.get("mention_id"): _span_text(m.get("span"))
        for m in frame.get("mentions") or [] if type(m) is dict
    }
    lines: list[str] = []
    for index, sentence in enumerate(frame.get("sentences") or []):
        lines.append(f"sentence {index}: {_span_text(sentence)}")
    for m in frame.get("mentions") or []:
        if type(m) is dict:
            said = f"{_span_text(m.get('span'))} {_attributes(m.get('attributes'))}".rstrip()
            lines.append(f"mention {m.get('mention_id')} ({m.get('kind')}) {said}")
    for r in frame.get("relations") or []:
        if type(r) is not dict:
            continue
        roles = []
        for pair in r.get("roles") or []:
            if type(pair) is list and len(pair) == 2:
                bound = "—" if pair[1] is None else f"{pair[1]} {mentions.get(pair[1], '?')}"
                roles.append(f"{pair[0]}={bound}")
        lines.append(f"relation {r.get('relation_id')} {r.get('relation_type')}({', '.join(roles)})"
                     f" from {_spans_text(r.get('evidence_spans'))}")
    for t in frame.get("targets") or []:
        if type(t) is dict:
            lines.append(f"target {t.get('target_id')} {_attributes(t.get('attributes'))}"
                         f" from {_spans_text(t.get('evidence_spans'))}")
    for o in frame.get("observations") or []:
        if type(o) is dict:
            lines.append(f"observation {o.get('observation_id')} ({o.get('kind')}) "
                         f"{_attributes(o.get('attributes'))} "
                         f"from {_spans_text(o.get('evidence_spans'))}")
    return lines


def lines_view(lines: Sequence[str]) -> Html:
    """Frame lines as a monospace block (no change marks)."""
    return el("div", [el("div", line, class_="ctx") for line in lines], class_="diff")


class FrameDiffer:
    """Shows how candidates differ from one original frame, rebuilt from its stored fields once.

    Accepts the stored fields of the original frame; :meth:`diff` takes a reconstruction's stored
    fields and returns the candidate frame's lines that differ, or says in words why there is
    no candidate frame to show. Never raises on stored data.
    """

    def __init__(self, frame: Mapping[str, Any]) -> None:
        self._before = frame_lines(frame)
        self._original: ProblemFrame | None = None
        self._problem = ""
        try:
            self._original = from_payload(ProblemFrame, dict(frame))
        except Exception as exc:  # stored data that does not decode: show that, not a traceback
            self._problem = f"the original frame does not decode ({type(exc).__name__}: {exc})"

    def diff(self, reconstruction: Mapping[str, Any]) -> Html:
        """The candidate's changed lines (rebuilt with :func:`apply_delta`), with a digest check."""
        candidate = self._candidate(reconstruction)
        if isinstance(candidate, str):
            return el("p", el("span", "no candidate frame to show", class_="bad"), f": {candidate}")
        claimed = reconstruction.get("candidate_problem_frame_digest")
        note = None
        if claimed is not None:
            agrees = claimed == candidate.problem_frame_digest
            note = el("p", "rebuilt candidate frame digest ",
                      el("code", candidate.problem_frame_digest), " ",
                      el("span", "matches the reconstruction" if agrees
                         else "differs from the reconstruction's",
                         class_="ok" if agrees else "bad"))
        after = frame_lines(full_form(candidate)["record"])
        rows: list[Html] = []
        matcher = difflib.SequenceMatcher(a=self._before, b=after, autojunk=False)
        for tag, a0, a1, b0, b1 in matcher.get_opcodes():
            if tag == "equal":
                continue
            rows += [el("div", "− " + line, class_="del") for line in self._before[a0:a1]]
            rows += [el("div", "+ " + line, class_="add") for line in after[b0:b1]]
        if not rows:
            rows = [el("div", "(the candidate frame equals the original)", class_="ctx")]
        return el("div", note, el("div", rows, class_="diff", data_diff="candidate"))

    def _candidate(self, reconstruction: Mapping[str, Any]) -> ProblemFrame | str:
        if self._original is None:
            return self._problem
        try:
            bindings = tuple(from_payload(RoleBinding, b)
                             for b in reconstruction["candidate_bindings"])
            relations = tuple(from_payload(Relation, r)
                              for r in reconstruction["candidate_relations"])
            targets = tuple(from_payload(Target, t) for t in reconstruction["candidate_targets"])
        except Exception as exc:  # stored data that does not decode: show that
            return f"the delta does not decode ({type(exc).__name__}: {exc})"
        candidate = apply_delta(self._original, bindings, relations, targets)
        return "the delta does not fit the original frame" if candidate is None else candidate
