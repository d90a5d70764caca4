"""Build a source tree whose kernel, loop and store are one commit's and whose domain is another's.

Issue 16 asks the kernel's speed against the commit it was filed at, on the same work; but
the arithmetic domain grows between the two commits (more is read, more episodes are practised,
more proofs run), so an A/B of two whole trees measures the domain's growth as much as the
kernel's change. This script holds the domain fixed: it writes ``OUT/src`` with everything of
``--tree`` (default ``HEAD``) except ``src/practiceloop/arith``, which is taken from
``--domain`` (the older commit). Compare it with ``--domain``'s own tree in
``bench_ab.py``: the same domain on both sides, only the kernel, loop and store differ.

The older domain kept its per-mention readings on the records themselves (the kernel's
``remember``/``recalled``, since removed); the tree built here gives it the same two functions
over a table of its own, keyed by the record's identity (a benchmark harness, never product
code). Check that both sides emit the same records before quoting a ratio::

    python benchmarks/fixed_domain_tree.py --domain 87e8784 --out ../fixed-domain
    python scripts/hash_corpus_records.py --src ../fixed-domain/src > fixed.json
    python scripts/hash_corpus_records.py --src ../base-87e8784/src > base.json   # equal ids
    python benchmarks/bench_ab.py --a ../base-87e8784/src --b ../fixed-domain/src \
        --measure instructions --problems 200
"""

from __future__ import annotations

import argparse
import io
import shutil
import subprocess
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOMAIN = "src/practiceloop/arith"

_OLD_IMPORT = "from practiceloop.kernel.record import recalled, remember\n"
_KEPT_ASIDE = '''_KEPT: dict[int, tuple[object, object]] = {}


def recalled(record: object) -> object:
    """The view remembered for this very record (benchmark harness: fixed_domain_tree.py)."""
    kept = _KEPT.get(id(record))
    return kept[1] if kept is not None and kept[0] is record else None


def remember(record: object, view: object) -> None:
    """Keep ``view`` for this very record (the record is kept alive beside it)."""
    _KEPT[id(record)] = (record, view)
'''


def _extract(commit: str, paths: list[str], into: Path) -> None:
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", commit, *paths],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")


def build(tree: str, domain: str, out: Path) -> Path:
    """Write ``out/src``: ``tree``'s source with ``domain``'s arithmetic package; returns it."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    _extract(tree, ["src"], out)
    shutil.rmtree(out / DOMAIN)
    _extract(domain, [DOMAIN], out)
    reading = out / DOMAIN / "reading.py"
    text = reading.read_text(encoding="utf-8")
    if _OLD_IMPORT in text:
        reading.write_text(text.replace(_OLD_IMPORT, _KEPT_ASIDE), encoding="utf-8")
    return out / "src"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", default="HEAD", help="the kernel, loop and store's commit")
    parser.add_argument("--domain", required=True, help="the arithmetic domain's commit")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    print(build(args.tree, args.domain, args.out))


if __name__ == "__main__":
    main()
