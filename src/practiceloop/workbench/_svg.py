"""Server-side SVG charts: plain markup, no script, no external font or library.

Charts are built with the same escaping element builder as the pages, so a label taken from
the store (an organ name, a residual code) is always text. Every bar carries a ``<title>``,
which browsers show on hover, and the chart an ``aria-label``, so the figures stay readable
without the picture.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from practiceloop.workbench._html import Html, el

__all__ = ["PALETTE", "bar_chart", "color_for", "stacked_bars"]

PALETTE: Final = (
    "#2f5d8a", "#4f9d69", "#d08c2f", "#b3493f", "#7a5ea8", "#3a9ca6", "#8c8c3c", "#a8577e",
    "#5d6d7e", "#c46b2c",
)

# Outcomes keep the same colour in every chart (ADR-0230 s8 and ADR-0229 s8 vocabularies).
_FIXED_COLORS: Final = {
    "contract_and_proof_closed": "#2e8b57",
    "contract_closed_but_proof_refused": "#d9a13b",
    "contract_refused": "#c8553d",
    "no replay record": "#b0b7bf",
    "sealed_candidate_replay_closed": "#2e8b57",
    "sealed_contract_closed_proof_refused": "#d9a13b",
    "sealed_all_candidates_refused": "#c8553d",
    "sealed_replay_unavailable": "#8d99a6",
    "sealed_exhausted_no_candidate": "#6c8ebf",
    "sealed_original_refusal": "#44546a",
    "trace_invalid_input": "#7b1f1a",
    "trace_identity_mismatch": "#7b1f1a",
    "trace_policy_unsupported": "#7b1f1a",
    "trace_upstream_incomplete": "#7b1f1a",
}

_LABEL_W: Final = 300
_BAR_W: Final = 300
_ROW_H: Final = 24
_PAD: Final = 8
_CHARS: Final = 40  # a label longer than this is cut in the picture (the title keeps it whole)


def color_for(label: str, index: int) -> str:
    """A stable colour: an outcome's own, else the palette by position."""
    return _FIXED_COLORS.get(label, PALETTE[index % len(PALETTE)])


def _short(label: str) -> str:
    return label if len(label) <= _CHARS else label[: _CHARS - 1] + "…"


def _empty(title: str) -> Html:
    return el(
        "svg", el("text", "no data", x=10, y=24, fill="#5b6570"),
        xmlns="http://www.w3.org/2000/svg", width=_LABEL_W + _BAR_W, height=40,
        viewBox=f"0 0 {_LABEL_W + _BAR_W} 40", role="img", aria_label=f"{title}: no data",
    )


def bar_chart(
    title: str, rows: Sequence[tuple[str, int]], hrefs: Sequence[str | None] | None = None
) -> Html:
    """A horizontal bar chart of ``(label, count)`` rows, in the order given.

    Accepts any labels (they are escaped) and non-negative counts; ``hrefs`` (one per row, or
    None) makes a bar a link. An empty ``rows`` gives a small "no data" picture.
    """
    if not rows:
        return _empty(title)
    top = max(count for _, count in rows) or 1
    total = sum(count for _, count in rows) or 1
    width = _LABEL_W + _BAR_W + 90
    height = _PAD * 2 + _ROW_H * len(rows)
    bars: list[Html] = []
    for index, (label, count) in enumerate(rows):
        y = _PAD + index * _ROW_H
        bar = max(1, round(_BAR_W * count / top)) if count else 0
        share = f"{100 * count / total:.1f}%"
        group = el(
            "g",
            el("title", f"{label or '(unknown)'}: {count} ({share})"),
            el("text", _short(label or "(unknown)"), x=_LABEL_W - 8, y=y + 16, text_anchor="end"),
            el("rect", x=_LABEL_W, y=y + 4, width=bar, height=_ROW_H - 8, rx=2,
               fill=color_for(label, index)),
            el("text", f"{count}", x=_LABEL_W + bar + 6, y=y + 16, class_="count"),
            class_="bar", data_label=label, data_count=count,
        )
        href = hrefs[index] if hrefs is not None else None
        bars.append(el("a", group, href=href) if href else group)
    summary = "; ".join(f"{label} {count}" for label, count in rows)
    return el(
        "svg", bars,
        xmlns="http://www.w3.org/2000/svg", width=width, height=height,
        viewBox=f"0 0 {width} {height}", font_size=13, font_family="DejaVu Sans, sans-serif",
        role="img", aria_label=f"{title}: {summary}",
    )


def stacked_bars(
    title: str, rows: Sequence[tuple[str, Sequence[tuple[str, int]]]], segments: Sequence[str],
    colors: Mapping[str, str] | None = None,
) -> Html:
    """One 100% bar per row, split into ``segments`` (same order and colour in every row).

    ``rows`` are ``(label, [(segment, count), ...])``; segments a row does not list count as 0.
    ``colors`` overrides the colour of some segments. The figure right of each bar is the
    row's total. A legend follows the bars.
    """
    if not rows:
        return _empty(title)
    width = _LABEL_W + _BAR_W + 90
    legend_rows = (len(segments) + 1) // 2
    height = _PAD * 3 + _ROW_H * (len(rows) + legend_rows)
    fills = {name: color_for(name, index) for index, name in enumerate(segments)}
    fills.update(colors or {})
    parts: list[Html] = []
    for index, (label, counts) in enumerate(rows):
        y = _PAD + index * _ROW_H
        by_segment = dict(counts)
        total = sum(by_segment.values())
        x = float(_LABEL_W)
        pieces: list[Html] = []
        for name in segments:
            count = by_segment.get(name, 0)
            if not count:
                continue
            span = _BAR_W * count / total
            pieces.append(
                el("rect", el("title", f"{label} · {name}: {count} of {total} "
                                       f"({100 * count / total:.1f}%)"),
                   x=f"{x:.2f}", y=y + 4, width=f"{span:.2f}", height=_ROW_H - 8,
                   fill=fills[name], data_segment=name, data_count=count)
            )
            x += span
        parts.append(
            el("g", el("text", _short(label or "(unknown)"), x=_LABEL_W - 8, y=y + 16,
                  text_anchor="end"),
               pieces, el("text", f"{total}", x=_LABEL_W + _BAR_W + 6, y=y + 16),
               class_="row", data_label=label, data_total=total)
        )
    legend_top = _PAD * 2 + _ROW_H * len(rows)
    for index, name in enumerate(segments):
        x = 10 + (index % 2) * (width // 2)
        y = legend_top + (index // 2) * _ROW_H
        parts.append(
            el("g", el("rect", x=x, y=y + 5, width=12, height=12, fill=fills[name]),
               el("text", name, x=x + 18, y=y + 16, font_size=12))
        )
    return el(
        "svg", parts,
        xmlns="http://www.w3.org/2000/svg", width=width, height=height,
        viewBox=f"0 0 {width} {height}", font_size=13, font_family="DejaVu Sans, sans-serif",
        role="img", aria_label=title,
    )
