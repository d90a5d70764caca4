"""Step 3's reachability: every record belongs to a problem entry that was sealed after it.

A run appends each problem's records, then the problem entry that binds them, so in a sound
store every record is *reached* from some entry logged at or after it:

* an entry reaches every record it references, transitively (references of nested records
  included; a reference to a record nested in another reaches its container, and a container
  reaches the stored copy of each record nested in it);
* a record of a kind nothing downstream lists (an operator, binding or residual-projection
  refusal only points up at the run it belongs to) is reached through the records it names:
  it belongs to whichever entry reaches one of them.

Two findings follow: a record no entry reaches (``PL303 record-dangling``), and a record that
only entries logged *before* it reach (``PL305 record-after-entry``): one appended after its
problem was sealed, as a forged refusal naming a genuine run would be. Inserting such a record
earlier in the log instead rewrites every later leaf, which the checkpoints' roots catch.

Memory: one small int per record and per reference (ids are numbered once). The walk visits
each record once, from the latest entry back, so it is linear in records plus references.
"""

from __future__ import annotations

import collections
from array import array
from collections.abc import Iterable

from practiceloop.audit.findings import Check, Finding
from practiceloop.audit.recompute import KINDS

__all__ = ["Reachability"]


class Reachability:
    """Records and references collected during the object pass, then walked once."""

    def __init__(self) -> None:
        self._number: dict[str, int] = {}  # stored object id -> node
        self._ids: list[str] = []
        self._kinds: list[str] = []
        self._seqs = array("q")
        self._nested: dict[str, int] = {}  # id of a record nested in a stored one -> container
        self._edges: list[tuple[int, str]] = []  # (from node, target id): resolved at the end
        self._upward: list[tuple[str, int]] = []  # (named id, refusal node): reached through it
        self._entries: list[int] = []

    def add(self, object_id: str, seq: int, kind: str, targets: Iterable[str],
            nested: Iterable[str], *, entry: bool) -> None:
        """One stored, parsed record: its log position, the ids it references (well-formed
        digests only) and the ids of the records nested in it."""
        node = len(self._ids)
        self._number[object_id] = node
        self._ids.append(object_id)
        self._kinds.append(kind)
        self._seqs.append(seq)
        for nested_id in nested:
            self._nested.setdefault(nested_id, node)
            # A record stored on its own and nested here too (an attempt inside its operator
            # result) is reached with its container.
            self._edges.append((node, nested_id))
        listed = KINDS[kind].listed if kind in KINDS else True
        for target in targets:
            if listed:
                self._edges.append((node, target))
            else:
                self._upward.append((target, node))
        if entry:
            self._entries.append(node)

    def _node(self, object_id: str) -> int | None:
        node = self._number.get(object_id)
        return self._nested.get(object_id) if node is None else node

    def _adjacency(self) -> dict[int, list[int]]:
        adjacency: dict[int, list[int]] = collections.defaultdict(list)
        for source, target in self._edges:
            node = self._node(target)
            if node is not None:  # a missing target is PL301's, not this walk's
                adjacency[source].append(node)
        for target, refusal in self._upward:
            node = self._node(target)
            if node is not None:
                adjacency[node].append(refusal)
        return adjacency

    def findings(self) -> list[Finding]:
        """PL303 and PL305 for every record (in log order); entries are the roots."""
        adjacency = self._adjacency()
        reached = array("q", [-1]) * len(self._ids)  # the latest entry position reaching a node
        # Latest entry first: a node is marked by the first walk that meets it, the latest.
        for root in sorted(self._entries, key=lambda n: self._seqs[n], reverse=True):
            if reached[root] >= 0:
                continue  # an entry another entry references (none does; kept total)
            position = self._seqs[root]
            reached[root] = position
            queue = collections.deque([root])
            while queue:
                for following in adjacency.get(queue.popleft(), ()):
                    if reached[following] < 0:
                        reached[following] = position
                        queue.append(following)
        findings: list[Finding] = []
        for node in sorted(range(len(self._ids)), key=lambda n: self._seqs[n]):
            kind, seq = self._kinds[node], self._seqs[node]
            if reached[node] < 0:
                findings.append(Finding(Check.RECORD_DANGLING, self._ids[node],
                                        f"no problem entry reaches this {kind} (log position "
                                        f"{seq})"))
            elif reached[node] < seq:
                findings.append(Finding(Check.RECORD_AFTER_ENTRY, self._ids[node],
                                        f"this {kind} at log position {seq} is reached only from "
                                        f"entries logged before it (the latest at {reached[node]}"
                                        "): appended after its problem was sealed",
                                        expected=f"<= {reached[node]}", actual=str(seq)))
        return findings
