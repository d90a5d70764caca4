"""The markup builders: text is always escaped, only our own markup passes, the CSP fits the CSS."""

from __future__ import annotations

import base64
import hashlib
import re

import pytest

from practiceloop.workbench._html import CSP, Html, el, join, page, text
from practiceloop.workbench._svg import bar_chart, stacked_bars

HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)> & \'"'


def test_text_children_are_escaped() -> None:
    out = el("p", HOSTILE)
    assert "<script>" not in out and "<img" not in out
    assert out == f"<p>{text(HOSTILE)}</p>"
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in out


def test_attribute_values_are_escaped_and_cannot_break_out() -> None:
    out = el("a", "x", href='"><script>alert(1)</script>', title="a'b")
    assert out == '<a href="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" title="a&#x27;b">x</a>'


def test_markup_passes_only_when_built_by_the_module() -> None:
    inner = el("b", "bold")
    assert el("p", inner) == "<p><b>bold</b></p>"
    assert el("p", str(inner)) == "<p>&lt;b&gt;bold&lt;/b&gt;</p>"  # a plain str is text
    assert join("a<", inner, None, 3, ["x", el("i", "y")]) == "a&lt;<b>bold</b>3x<i>y</i>"


def test_attribute_conventions() -> None:
    assert el("input", disabled=True, hidden=False, value=None) == "<input disabled>"
    assert el("div", class_="c", data_x_y=1, aria_label="l") == (
        '<div class="c" data-x-y="1" aria-label="l"></div>'
    )


@pytest.mark.parametrize("tag", ["", "a b", "script>", "<p", "1a", 'x"'])
def test_bad_tag_names_are_refused(tag: str) -> None:
    with pytest.raises(ValueError):
        el(tag)


def test_bad_attribute_names_are_refused() -> None:
    with pytest.raises(ValueError):
        el("p", **{"on click": "x"})
    with pytest.raises(ValueError):
        el("br", "child")


def test_page_style_hash_is_the_one_the_policy_allows() -> None:
    # A CSP hash that does not match would make the browser drop all styling.
    document = page("t", el("p", "body"), store_label="s")
    style = re.search(r"<style>(.*?)</style>", document, re.S)
    assert style is not None
    expected = base64.b64encode(hashlib.sha256(style.group(1).encode()).digest()).decode()
    assert f"style-src 'sha256-{expected}'" in CSP
    assert "script-src 'none'" in CSP and "default-src 'none'" in CSP


def test_page_title_and_label_are_escaped() -> None:
    document = page(HOSTILE, None, store_label=HOSTILE)
    assert "<script>" not in document
    assert isinstance(document, Html) and document.startswith("<!doctype html>")


def test_bar_chart_escapes_labels_and_scales_bars() -> None:
    svg = bar_chart("t", [(HOSTILE, 10), ("b", 5), ("c", 0)], hrefs=["/x?a=1&b=2", None, None])
    assert "<script>" not in svg
    widths = [int(w) for w in re.findall(r'<rect x="\d+" y="\d+" width="(\d+)"', svg)]
    assert widths[0] == 2 * widths[1] and widths[2] == 0
    assert 'href="/x?a=1&amp;b=2"' in svg
    assert 'data-count="10"' in svg


def test_stacked_bars_fill_each_row_in_proportion() -> None:
    svg = stacked_bars("t", [("o", [("a", 3), ("b", 1)]), ("p", [("b", 2)])], ["a", "b"])
    widths = [float(w) for w in re.findall(r'width="([\d.]+)" height="16" fill', svg)]
    assert widths[:2] == [225.0, 75.0]  # 3:1 of the 300-pixel bar
    assert widths[2] == 300.0
    assert 'data-total="4"' in svg and 'data-total="2"' in svg


def test_empty_charts_say_so() -> None:
    assert "no data" in bar_chart("t", []) and "no data" in stacked_bars("t", [], [])
