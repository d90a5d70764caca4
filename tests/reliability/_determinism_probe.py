"""Build one store from a corpus and print what identifies it, as one JSON line.

Run as a script by ``test_determinism.py`` under each interpreter it finds, with only the
standard library and the package source (``PYTHONPATH=src``)::

    python _determinism_probe.py CORPUS STORE ENGINE

It prints the interpreter's build, ``PYTHONHASHSEED``, the log size, the SHA-256 over every
logged object (id, kind and exact bytes, in log order, read with raw SQL) and the Merkle root,
both as the store reports it and as recomputed here from the bytes (RFC 9162, written out
again). Works on every supported CPython (3.11+); the Dask engine needs the ``dask`` extra.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import sqlite3
import sys


def _root(leaves: list[bytes]) -> bytes:
    if not leaves:
        return hashlib.sha256(b"").digest()
    if len(leaves) == 1:
        return leaves[0]
    split = 1 << ((len(leaves) - 1).bit_length() - 1)
    return hashlib.sha256(b"\x01" + _root(leaves[:split]) + _root(leaves[split:])).digest()


def main(corpus: str, store: str, engine_name: str) -> None:
    hashseed = os.environ.get("PYTHONHASHSEED", "random")  # (Dask sets its own for workers)
    from practiceloop.engines import make_engine, run_corpus

    workers = None if engine_name == "inprocess" else 2
    with make_engine(engine_name, workers=workers) as engine:
        summary = run_corpus(corpus, store, engine=engine)
    conn = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT o.id, o.kind, o.body FROM log l JOIN objects o "
                            "ON o.id = l.object_id ORDER BY l.seq").fetchall()
    finally:
        conn.close()
    objects = hashlib.sha256()
    for object_id, kind, body in rows:
        for part in (object_id.encode(), kind.encode(), body):
            objects.update(len(part).to_bytes(8, "big") + part)
    leaves = [hashlib.sha256(b"\x00" + body).digest() for _, _, body in rows]
    print(json.dumps({
        "python": platform.python_version(),
        "build": " ".join(platform.python_build()),
        "compiler": platform.python_compiler(),
        "executable": sys.executable,
        "hashseed": hashseed,
        "engine": engine_name,
        "problems": summary.sealed,
        "failures": len(summary.failures),
        "log_size": len(rows),
        "objects_sha256": objects.hexdigest(),
        "root": summary.log_root,
        "root_recomputed": _root(leaves).hex(),
    }, sort_keys=True))


if __name__ == "__main__":
    main(*sys.argv[1:4])
