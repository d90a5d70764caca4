"""HTML (and SVG) building where escaping cannot be forgotten.

Every page is built from :func:`el` calls. A child or attribute value that is a plain ``str``
(or any other object) is *text*: it goes through :func:`html.escape` on its way in. Only
:class:`Html` values, which nothing but this module's functions create, pass through as markup.
So problem text, which is untrusted input, can reach a page only as escaped text, whatever
route it takes.

Tag and attribute names come from our own code, never from data; they are still checked
against a strict pattern so that a mistake fails loudly instead of producing broken markup.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from collections.abc import Iterable
from importlib import resources
from typing import Final, TypeAlias

__all__ = [
    "CSP",
    "Html",
    "Node",
    "el",
    "join",
    "page",
    "text",
]


class Html(str):
    """Markup that is safe to emit as is. Built only by this module's functions."""

    __slots__ = ()


Node: TypeAlias = "Html | str | int | Iterable[Node] | None"
"""What may be a child of an element: markup, text (escaped), nothing, or a sequence of those."""

_NAME: Final = re.compile(r"[a-zA-Z][a-zA-Z0-9-]*\Z")
# Elements with no end tag in HTML; in SVG every element is closed explicitly.
_VOID: Final = frozenset({"br", "hr", "img", "input", "link", "meta"})


def text(value: object) -> Html:
    """``value`` as escaped text (quotes included, so it is safe in attributes too)."""
    return Html(html.escape(str(value), quote=True))


def _render(node: Node, out: list[str]) -> None:
    if node is None:
        return
    if isinstance(node, Html):
        out.append(node)
    elif isinstance(node, str | int):
        out.append(text(node))
    else:
        for child in node:
            _render(child, out)


def join(*nodes: Node) -> Html:
    """Concatenate nodes into one piece of markup (text children escaped)."""
    out: list[str] = []
    _render(nodes, out)
    return Html("".join(out))


def _attribute_name(key: str) -> str:
    # Python keywords and hyphens: ``class_`` -> class, ``aria_label`` -> aria-label.
    name = key.rstrip("_").replace("_", "-")
    if not _NAME.match(name):
        raise ValueError(f"bad attribute name {key!r}")
    return name


def el(tag: str, *children: Node, **attrs: object) -> Html:
    """``<tag attrs>children</tag>``; ``None``/``False`` attributes left out, ``True`` bare."""
    if not _NAME.match(tag):
        raise ValueError(f"bad tag name {tag!r}")
    parts = [f"<{tag}"]
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = _attribute_name(key)
        parts.append(f" {name}" if value is True else f' {name}="{text(value)}"')
    parts.append(">")
    if tag in _VOID:
        if children:
            raise ValueError(f"<{tag}> takes no children")
        return Html("".join(parts))
    out: list[str] = ["".join(parts)]
    _render(children, out)
    out.append(f"</{tag}>")
    return Html("".join(out))


# The stylesheet is one static file, inlined into every page so that a page is one request
# and works without any other route; its hash goes into the Content-Security-Policy.
_CSS: Final = resources.files("practiceloop.workbench").joinpath("static/workbench.css").read_text(
    encoding="utf-8"
)
_CSS_HASH: Final = base64.b64encode(hashlib.sha256(_CSS.encode("utf-8")).digest()).decode("ascii")

CSP: Final = (
    "default-src 'none'; "
    f"style-src 'sha256-{_CSS_HASH}'; "
    "img-src data:; "
    "script-src 'none'; "
    "base-uri 'none'; "
    "form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The pages' Content-Security-Policy: no script at all, only our own stylesheet.

Escaping is what keeps problem text inert; this policy is a second wall behind it, so that a
bug in escaping still could not run anything.
"""

_NAV: Final = (("/", "Dashboard", "dashboard"), ("/episodes", "Episodes", "episodes"))


def page(title: str, body: Node, *, store_label: str, section: str = "") -> Html:
    """A complete HTML document: header with navigation, ``body``, read-only footer."""
    nav = el(
        "nav",
        [
            el("a", label, href=href, aria_current="page" if key == section else None)
            for href, label, key in _NAV
        ],
    )
    header = el(
        "header",
        el("a", "practiceloop workbench", href="/", class_="brand"),
        nav,
        # The file name is enough to tell stores apart; the full path is on hover.
        el("span", "store: ", el("code", store_label.rsplit("/", 1)[-1], title=store_label),
           class_="store"),
    )
    footer = el("footer", "Read-only view: nothing here can change the store.")
    document = el(
        "html",
        el(
            "head",
            Html('<meta charset="utf-8">'),
            el("meta", name="viewport", content="width=device-width, initial-scale=1"),
            el("meta", name="referrer", content="no-referrer"),
            # An empty icon: no favicon request, so no stray 404 per page.
            el("link", rel="icon", href="data:,"),
            el("title", f"{title} · practiceloop workbench"),
            el("style", Html(_CSS)),
        ),
        el("body", header, el("main", body), footer),
        lang="en",
    )
    return Html("<!doctype html>\n" + document)
