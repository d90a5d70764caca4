"""The dashboard, the episode list and the error page: the store's index figures as HTML.

Pure rendering: each function takes values already read from the store's derived episode index
(:mod:`practiceloop.store.index`: an :class:`IndexSummary`, an :class:`EpisodePage`) and the
:class:`CheckpointState`, and returns :class:`Html`. Every string from the store reaches the
page through :func:`el`, i.e. escaped.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Final
from urllib.parse import urlencode

from practiceloop.store.index import EpisodePage, IndexSummary
from practiceloop.workbench._checkpoints import CheckpointState
from practiceloop.workbench._html import Html, el, page
from practiceloop.workbench._named import Named
from practiceloop.workbench._svg import bar_chart, stacked_bars

__all__ = [
    "DIRECT",
    "PER_PAGE",
    "Filters",
    "badge",
    "choices",
    "dashboard_page",
    "episode_href",
    "episodes_href",
    "episodes_page",
    "error_page",
    "pages_of",
    "short",
]

PER_PAGE: Final = 50
DIRECT: Final = "runnable (no practice)"
"""Coverage segment of assessments that were runnable on the original frame."""

_SNIPPET = 160


@dataclasses.dataclass(frozen=True, slots=True)
class Filters:
    """What the episode list is narrowed by; ``None`` means no condition."""

    disposition: str | None = None
    organ: str | None = None
    residual: str | None = None
    operator: str | None = None
    text: str | None = None

    def query(self) -> dict[str, str]:
        """The filters as query parameters (for links that keep them)."""
        pairs = {
            "disposition": self.disposition, "organ": self.organ, "residual": self.residual,
            "operator": self.operator, "q": self.text,
        }
        return {k: v for k, v in pairs.items() if v is not None}


def pages_of(total: int, per_page: int = PER_PAGE) -> int:
    """How many pages ``total`` episodes fill (at least one: an empty list is one page)."""
    return max(1, -(-total // per_page))


def choices(summary: IndexSummary) -> dict[str, tuple[str, ...]]:
    """The values each filter can take in this store (for the filter form)."""
    return {
        "disposition": tuple(sorted(label for label, _ in summary.by_disposition)),
        "organ": tuple(sorted(label for label, _ in summary.by_organ)),
        "residual": tuple(sorted(label for label, _ in summary.by_residual)),
        "operator": tuple(sorted(o.operator_id for o in summary.by_operator)),
    }


def short(digest: str) -> str:
    """The first 12 characters of an id: enough to tell ids apart on a page."""
    return digest[:12]


def episode_href(trace_id: str) -> str:
    """The URL of one episode page."""
    return f"/episodes/{trace_id}"


def episodes_href(params: Mapping[str, str], page: int | None = None) -> str:
    """The URL of the episode list with ``params`` (and ``page`` when not the first)."""
    query = dict(params)
    if page is not None and page > 1:
        query["page"] = str(page)
    return "/episodes" + (f"?{urlencode(query)}" if query else "")


def badge(value: str, prefix: str = "d") -> Html:
    """A disposition or outcome as a coloured pill (the colour comes from the CSS class)."""
    return el("span", value, class_=f"badge {prefix}-{value}")


def _tile(value: object, label: str, note: Html | None = None) -> Html:
    return el("div", el("div", str(value), class_="value"), el("div", label, class_="label"),
              note, class_="tile")


def _figures(title: str, rows: Sequence[tuple[str, int]], param: str | None) -> Html:
    """The numbers behind a chart, as a table (readable without the picture)."""
    body = []
    for label, count in rows:
        shown = label or "(unknown)"
        cell = el("a", shown, href=episodes_href({param: label})) if param and label else shown
        body.append(el("tr", el("td", cell), el("td", str(count), class_="num")))
    return el(
        "details",
        el("summary", "figures"),
        el("table", el("thead", el("tr", el("th", title), el("th", "count", class_="num"))),
           el("tbody", body), data_figures=param or title),
    )


def _panel(title: str, chart: Html, figures: Html, note: str | None = None) -> Html:
    return el("section", el("h2", title), el("p", note, class_="muted") if note else None,
              chart, figures, class_="panel")


def _checkpoint_panel(state: CheckpointState) -> Html:
    if state.error is not None:
        verdict = el("p", el("span", "cannot verify", class_="bad"), ": ", state.error)
    elif state.latest is None:
        verdict = el("p", el("span", "no checkpoint", class_="warn"),
                     ": no log root has been published for this store yet.")
    elif state.verified:
        verdict = el("p", el("span", "✓ verified", class_="ok"),
                     f": the log reproduces the root of all {state.count} checkpoint(s).")
    else:
        verdict = el("div", el("p", el("span", "✗ mismatch", class_="bad"),
                               ": the log does not reproduce a published root."),
                     el("ul", [el("li", el("code", f)) for f in state.findings]))
    fields = [el("dt", "log size"), el("dd", f"{state.log_size} records")]
    if state.latest is not None:
        fields += [
            el("dt", "latest checkpoint"),
            el("dd", f"size {state.latest.size}, root ", el("code", state.latest.root)),
            el("dt", "not yet checkpointed"),
            el("dd", f"{state.unanchored} records"),
        ]
    return el("section", el("h2", "Checkpoint"), verdict, el("dl", fields, class_="fields pairs"),
              class_="panel", id="checkpoint",
              data_verified={True: "yes", False: "no", None: "unknown"}[state.verified])


def dashboard_page(summary: IndexSummary, checkpoint: CheckpointState, store_label: str) -> Html:
    """The store at a glance: tiles, checkpoint state and five charts with their figures."""
    status = (
        el("span", "verified", class_="ok") if checkpoint.verified
        else el("span", "not verified", class_="bad") if checkpoint.verified is False
        else el("span", "no checkpoint" if checkpoint.latest is None else "unknown", class_="warn")
    )
    tiles = el(
        "div",
        _tile(summary.problems, "problems sealed"),
        _tile(summary.unassessed, "problems no organ assessed"),
        _tile(summary.episodes, "episodes (traces)"),
        _tile(summary.log_size, "records in the log"),
        _tile(checkpoint.latest.size if checkpoint.latest else "—", "checkpoint size", status),
        class_="tiles",
    )
    operators = [(o.operator_id, o.outcomes) for o in summary.by_operator]
    operator_segments = sorted({name for _, rows in operators for name, _ in rows})
    operator_totals = [(o.operator_id, o.attempts) for o in summary.by_operator]
    coverage = [(c.organ, ((DIRECT, c.runnable), *c.dispositions)) for c in summary.coverage]
    coverage_segments = [DIRECT, *(label for label, _ in summary.by_disposition)]
    coverage_totals = [(c.organ, c.assessed) for c in summary.coverage]
    panels = el(
        "div",
        _panel("Practice dispositions", bar_chart(
            "Episodes by practice disposition", summary.by_disposition,
            hrefs=[episodes_href({"disposition": d}) for d, _ in summary.by_disposition]),
            _figures("disposition", summary.by_disposition, "disposition")),
        _panel("Episodes by organ", bar_chart(
            "Episodes by organ", summary.by_organ,
            hrefs=[episodes_href({"organ": o}) if o else None for o, _ in summary.by_organ]),
            _figures("organ", summary.by_organ, "organ")),
        _panel("Residual codes", bar_chart(
            "Residuals by code", summary.by_residual,
            hrefs=[episodes_href({"residual": r}) for r, _ in summary.by_residual]),
            _figures("residual code", summary.by_residual, "residual"),
            "One residual per code of each refused assessment."),
        _panel("Attempts by operator", stacked_bars(
            "Candidate attempts by operator and replay outcome", operators,
            operator_segments), _figures("operator", operator_totals, "operator"),
            "Each bar is one operator's candidate attempts, split by the replay outcome."),
        _panel("Coverage per organ", stacked_bars(
            "Assessments per organ by outcome", coverage, coverage_segments,
            colors={DIRECT: "#3a9ca6"}),
            _figures("organ (assessments)", coverage_totals, None),
            "Every assessment an organ made: runnable as read, or the episode's disposition."),
        class_="grid",
    )
    body = [el("h1", "Dashboard"), tiles, _checkpoint_panel(checkpoint), panels]
    return page("Dashboard", body, store_label=store_label, section="dashboard")


def _select(name: str, label: str, options: Sequence[str], chosen: str | None) -> Html:
    return el(
        "label", label,
        el("select", el("option", "any", value=""),
           [el("option", option or "(unknown)", value=option, selected=option == chosen)
            for option in options], name=name),
    )


def _pager(result: EpisodePage, params: Mapping[str, str]) -> Html:
    current, last = result.offset // result.limit + 1, pages_of(result.total, result.limit)

    def link(label: str, target: int, rel: str) -> Html:
        if target < 1 or target > last or target == current:
            return el("span", label, class_="muted")
        return el("a", label, href=episodes_href(params, target), rel=rel)

    return el(
        "nav",
        link("« first", 1, "first"), link("‹ previous", current - 1, "prev"),
        el("span", f"page {current} of {last}", class_="where"),
        link("next ›", current + 1, "next"), link("last »", last, "last"),
        class_="pager", aria_label="pages",
    )


def _named(query: str, named: Sequence[Named]) -> Html | None:
    """The records the search names (a problem id, an id or a prefix of one), as links."""
    if not named:
        return None
    return el("section", el("h2", f"Records named “{query}”"),
              el("ul", [el("li", el("a", n.label, href=n.href, data_named=n.object_id))
                        for n in named]),
              class_="panel named", id="named")


def episodes_page(
    result: EpisodePage, filters: Filters, options: Mapping[str, Sequence[str]], store_label: str,
    named: Sequence[Named] = (),
) -> Html:
    """The filter form, the records the search names (``named``), one page of matching
    episodes (``options``: see :func:`choices`)."""
    params = filters.query()
    form = el(
        "form",
        _select("disposition", "disposition", options["disposition"], filters.disposition),
        _select("organ", "organ", options["organ"], filters.organ),
        _select("residual", "residual code", options["residual"], filters.residual),
        _select("operator", "operator", options["operator"], filters.operator),
        el("label", "problem text, problem id or record id",
           el("input", type="search", name="q", value=filters.text or "", maxlength=200,
              placeholder="e.g. apples, p-01, 2fabe3cd")),
        el("button", "Filter", type="submit"),
        el("a", "clear", href="/episodes"),
        method="get", action="/episodes", class_="filters",
    )
    rows = [
        el(
            "tr",
            el("td", el("a", short(row.trace_id), href=episode_href(row.trace_id), class_="mono")),
            el("td", row.problem_id, " ", el("span", f"(+{row.problems - 1})", class_="muted")
               if row.problems > 1 else None),
            el("td", row.organ or "—"),
            el("td", badge(row.disposition)),
            el("td", " ".join(row.residual_codes) or "—", class_="mono codes"),
            el("td", row.text if len(row.text) <= _SNIPPET else row.text[:_SNIPPET] + "…",
               class_="problem"),
            data_trace=row.trace_id,
        )
        for row in result.episodes
    ]
    table = el(
        "table",
        el("thead", el("tr", el("th", "trace"), el("th", "problem"), el("th", "organ"),
                       el("th", "disposition"), el("th", "residual codes"), el("th", "text"))),
        el("tbody", rows),
        id="episodes",
    )
    found = el("p", f"{result.total} episode(s) whose text matches." if filters.text else
               f"{result.total} episode(s) match.", class_="muted", id="total",
               data_total=result.total)
    empty = el("p", "No episode matches these filters.") if not result.episodes else None
    body = [el("h1", "Episodes"), form, _named(filters.text or "", named), found,
            _pager(result, params), table, empty, _pager(result, params)]
    return page("Episodes", body, store_label=store_label, section="episodes")


def error_page(status: int, title: str, message: str, store_label: str,
               link: tuple[str, str] | None = None) -> Html:
    """A page for a person: the status, what went wrong, where to go next. Never a traceback."""
    body = el(
        "div",
        el("p", str(status), class_="status"),
        el("h1", title),
        el("p", message, id="message"),
        el("p", el("a", link[0], href=link[1])) if link is not None else None,
        el("p", el("a", "Back to the dashboard", href="/"), " · ",
           el("a", "All episodes", href="/episodes")),
        class_="error-page",
    )
    return page(f"{status} {title}", body, store_label=store_label)
