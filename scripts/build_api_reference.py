"""Build the reference of practiceloop's public Python API from its docstrings, with pdoc.

    .venv/bin/python scripts/build_api_reference.py [OUT]     # default: build/api

Writes ``OUT/practiceloop.html`` (open it in a browser; ``OUT/index.html`` redirects to it):
every name of ``practiceloop.__all__`` with its signature and docstring. Run by ``make
api-docs`` (part of ``make test``) and by ``tests/test_api.py``. pdoc is pinned in
constraints.txt. Only the top-level package is documented: the public API is what it exports
(``practiceloop.__all__``), and the modules beneath are internal.
"""

from __future__ import annotations

import sys
from pathlib import Path

MODULES = ("practiceloop", "!practiceloop.")
"""pdoc's module specification: the package, none of its submodules."""


def build(out: Path) -> Path:
    """Render the reference into ``out``; returns the page of the package."""
    import pdoc
    import pdoc.render

    pdoc.render.configure(docformat="restructuredtext", show_source=False,
                          footer_text="practiceloop")
    pdoc.pdoc(*MODULES, output_directory=out)
    page = out / "practiceloop.html"
    if not page.is_file():
        raise SystemExit(f"pdoc wrote no {page}")
    return page


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path("build/api")
    page = build(out)
    print(f"API reference: {page}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
