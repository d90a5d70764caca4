"""RFC 9162 (RFC 6962) Merkle tree hashing, proofs and verification: pure functions, no I/O.

Everything here works on *leaf hashes* (``leaf_hash(data)``), never on stored bytes, so the same
code serves the SQLite store (which streams leaf hashes out of its log), an offline bundle
verifier (which has one leaf and a proof) and the tests (which hold a list).

Hashing (RFC 9162 s2.1.1)::

    MTH({})       = SHA-256()
    leaf hash     = SHA-256(0x00 || data)
    node hash     = SHA-256(0x01 || left || right)
    MTH(D[n])     = node(MTH(D[0:k]), MTH(D[k:n])), k the largest power of two < n

Generators (:func:`inclusion_proof`, :func:`consistency_proof`, :func:`subtree_roots`) raise
:class:`ValueError` when called outside their domain: that is misuse by the caller. Verifiers
(:func:`verify_inclusion`, :func:`verify_consistency`) answer ``False`` for every malformed
input (wrong types, wrong hash lengths, negative or inverted sizes, proofs of the wrong length)
and never raise.

Proof generation streams: a proof is a list of roots of disjoint subtrees, so
:func:`subtree_roots` computes any set of ranges in one ordered pass over the leaf hashes, in
memory proportional to the number of ranges times ``log n``. :class:`Frontier` keeps the roots
of the perfect subtrees of a growing tree, so appending a leaf costs O(log n) amortised O(1)
hashes and the root of n leaves never needs the whole tree again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
from collections.abc import Iterable, Sequence
from typing import Final

__all__ = [
    "EMPTY_ROOT",
    "HASH_SIZE",
    "ConsistencyProof",
    "Frontier",
    "InclusionProof",
    "consistency_proof",
    "consistency_ranges",
    "inclusion_proof",
    "inclusion_ranges",
    "leaf_hash",
    "node_hash",
    "root",
    "subtree_roots",
    "verify_consistency",
    "verify_inclusion",
]

HASH_SIZE: Final = 32
EMPTY_ROOT: Final = hashlib.sha256(b"").digest()
"""MTH({}): the root of the tree with no leaves (RFC 9162 s2.1.1)."""

_LEAF_PREFIX: Final = b"\x00"
_NODE_PREFIX: Final = b"\x01"
# Sizes beyond 2**64 - 1 cannot be a real log (RFC 9162 encodes tree sizes as uint64).
_MAX_SIZE: Final = 2**64 - 1


def leaf_hash(data: bytes) -> bytes:
    """SHA-256(0x00 || data): the hash of one leaf's data (RFC 9162 s2.1.1)."""
    return hashlib.sha256(_LEAF_PREFIX + data).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    """SHA-256(0x01 || left || right): the hash of an interior node (RFC 9162 s2.1.1)."""
    return hashlib.sha256(_NODE_PREFIX + left + right).digest()


def _is_hash(value: object) -> bool:
    return type(value) is bytes and len(value) == HASH_SIZE


def _is_size(value: object) -> bool:
    # bool is an int subclass; a True tree size is a caller bug, not size 1.
    return type(value) is int and 0 <= value <= _MAX_SIZE


def _check_hash(value: object, what: str) -> bytes:
    if not _is_hash(value):
        raise ValueError(f"{what} must be {HASH_SIZE} bytes, got {type(value).__name__}")
    return value  # type: ignore[return-value]


def _split(n: int) -> int:
    """The largest power of two strictly smaller than ``n`` (``n >= 2``)."""
    return 1 << ((n - 1).bit_length() - 1)


class Frontier:
    """The roots of the perfect subtrees of a growing tree: an incremental MTH.

    A tree of ``n`` leaves is, left to right, one perfect subtree per set bit of ``n`` (largest
    first); the frontier holds their roots. :meth:`append` merges equal-sized subtrees like a
    binary counter carries, so each append costs amortised one node hash; :meth:`root` folds the
    at most 64 roots from the right, which is exactly MTH's split at the largest power of two.
    Mutable by design (it is an accumulator); :meth:`copy` lets a writer extend a copy inside a
    transaction and keep it only if the transaction commits.
    """

    __slots__ = ("_hashes", "_size")

    def __init__(self) -> None:
        self._size = 0
        self._hashes: list[bytes] = []

    @classmethod
    def of(cls, leaf_hashes: Iterable[bytes]) -> Frontier:
        """A frontier over ``leaf_hashes`` (each ``HASH_SIZE`` bytes; else ValueError)."""
        frontier = cls()
        frontier.extend(leaf_hashes)
        return frontier

    @property
    def size(self) -> int:
        """How many leaves have been appended."""
        return self._size

    def append(self, leaf: bytes) -> None:
        """Add one leaf hash (``HASH_SIZE`` bytes; anything else raises ValueError)."""
        merged = _check_hash(leaf, "leaf hash")
        carry = self._size
        while carry & 1:
            merged = node_hash(self._hashes.pop(), merged)
            carry >>= 1
        self._hashes.append(merged)
        self._size += 1

    def extend(self, leaf_hashes: Iterable[bytes]) -> None:
        """Append every leaf hash of ``leaf_hashes`` in order (ValueError at the first bad one,
        with every leaf before it appended)."""
        # :meth:`append` inlined: a batch appends tens of thousands of leaves, and the method
        # call and its checks cost as much as the hashing.
        hashes, size, sha256 = self._hashes, self._size, hashlib.sha256
        try:
            for leaf in leaf_hashes:
                if type(leaf) is not bytes or len(leaf) != HASH_SIZE:
                    _check_hash(leaf, "leaf hash")  # raises, naming what it got
                merged, carry = leaf, size
                while carry & 1:
                    merged = sha256(_NODE_PREFIX + hashes.pop() + merged).digest()
                    carry >>= 1
                hashes.append(merged)
                size += 1
        finally:
            self._size = size

    def root(self) -> bytes:
        """MTH of the leaves appended so far (:data:`EMPTY_ROOT` when there are none)."""
        if not self._hashes:
            return EMPTY_ROOT
        acc = self._hashes[-1]
        for left in reversed(self._hashes[:-1]):
            acc = node_hash(left, acc)
        return acc

    def copy(self) -> Frontier:
        """An independent frontier with the same leaves."""
        twin = Frontier()
        twin._size = self._size
        twin._hashes = list(self._hashes)
        return twin


def root(leaf_hashes: Iterable[bytes]) -> bytes:
    """MTH of ``leaf_hashes`` in order; :data:`EMPTY_ROOT` for none (ValueError on a bad hash)."""
    return Frontier.of(leaf_hashes).root()


def inclusion_ranges(index: int, size: int) -> list[tuple[int, int]]:
    """The leaf ranges ``[lo, hi)`` whose roots form PATH(index, D[size]), in proof order.

    RFC 9162 s2.1.3.1: with k the largest power of two < n, PATH(m, D[n]) is
    PATH(m, D[0:k]) : MTH(D[k:n]) when m < k, else PATH(m - k, D[k:n]) : MTH(D[0:k]).
    Requires ``0 <= index < size``; raises ValueError otherwise.
    """
    if not (_is_size(index) and _is_size(size) and index < size):
        raise ValueError(f"inclusion proof needs 0 <= index < size, got {index!r}, {size!r}")
    ranges: list[tuple[int, int]] = []
    lo, hi = 0, size
    # Walk top-down collecting siblings; the proof lists them bottom-up, hence the reverse.
    while hi - lo > 1:
        k = _split(hi - lo)
        if index < lo + k:
            ranges.append((lo + k, hi))
            hi = lo + k
        else:
            ranges.append((lo, lo + k))
            lo += k
    ranges.reverse()
    return ranges


def consistency_ranges(size1: int, size2: int) -> list[tuple[int, int]]:
    """The leaf ranges whose roots form PROOF(size1, D[size2]), in proof order.

    RFC 9162 s2.1.4.1: SUBPROOF(m, D[n], b) is [] (b true) or [MTH(D[n])] when m = n; else with
    k the largest power of two < n, SUBPROOF(m, D[0:k], b) : MTH(D[k:n]) when m <= k, and
    SUBPROOF(m - k, D[k:n], false) : MTH(D[0:k]) otherwise. Requires ``0 < size1 <= size2``
    (an empty tree is a prefix of every tree, so no proof exists for it); raises ValueError.
    """
    if not (_is_size(size1) and _is_size(size2) and 0 < size1 <= size2):
        raise ValueError(f"consistency proof needs 0 < size1 <= size2, got {size1!r}, {size2!r}")
    ranges: list[tuple[int, int]] = []
    lo, hi, m, whole_old_tree = 0, size2, size1, True
    while hi - lo != m:
        k = _split(hi - lo)
        if m <= k:
            ranges.append((lo + k, hi))
            hi = lo + k
        else:
            ranges.append((lo, lo + k))
            lo += k
            m -= k
            whole_old_tree = False
    if not whole_old_tree:
        ranges.append((lo, hi))
    ranges.reverse()
    return ranges


def subtree_roots(leaf_hashes: Iterable[bytes], ranges: Sequence[tuple[int, int]]) -> list[bytes]:
    """MTH of each leaf range ``[lo, hi)`` (non-empty, may overlap), in one pass over the leaves.

    ``leaf_hashes`` is consumed in order only as far as the largest ``hi``, so a store can pass
    a lazy stream of its log. Returns one root per range, in the order of ``ranges``. Raises
    ValueError for an empty or negative range, a bad leaf hash, or a stream that ends early.
    """
    for lo, hi in ranges:
        if not (_is_size(lo) and _is_size(hi) and lo < hi):
            raise ValueError(f"leaf range must satisfy 0 <= lo < hi, got [{lo!r}, {hi!r})")
    roots: list[bytes] = [b""] * len(ranges)
    if not ranges:
        return roots
    by_start = sorted(range(len(ranges)), key=lambda i: ranges[i][0])
    end = max(hi for _, hi in ranges)
    waiting = 0
    active: list[tuple[int, int, Frontier]] = []
    position = -1
    for position, leaf in enumerate(itertools.islice(leaf_hashes, end)):
        while waiting < len(by_start) and ranges[by_start[waiting]][0] == position:
            which = by_start[waiting]
            active.append((which, ranges[which][1], Frontier()))
            waiting += 1
        still_open = []
        for which, hi, frontier in active:
            frontier.append(leaf)
            if hi == position + 1:
                roots[which] = frontier.root()
            else:
                still_open.append((which, hi, frontier))
        active = still_open
    if position + 1 < end:
        raise ValueError(f"leaf stream ended after {position + 1} leaves, {end} needed")
    return roots


@dataclasses.dataclass(frozen=True, slots=True)
class InclusionProof:
    """Leaf ``leaf_index`` with hash ``leaf_hash`` is in the tree of ``tree_size`` with ``root``.

    Plain data: constructing one proves nothing; :meth:`verify` checks it.
    """

    leaf_index: int
    tree_size: int
    leaf_hash: bytes
    path: tuple[bytes, ...]
    root: bytes

    def verify(self) -> bool:
        """True when the path leads from the leaf hash to the root (RFC 9162 s2.1.3.2)."""
        return verify_inclusion(
            self.leaf_index, self.tree_size, self.leaf_hash, self.path, self.root
        )


@dataclasses.dataclass(frozen=True, slots=True)
class ConsistencyProof:
    """The tree of ``size1`` with ``root1`` is a prefix of the tree of ``size2`` with ``root2``.

    Plain data: constructing one proves nothing; :meth:`verify` checks it.
    """

    size1: int
    size2: int
    root1: bytes
    root2: bytes
    path: tuple[bytes, ...]

    def verify(self) -> bool:
        """True when the path reconciles both roots (RFC 9162 s2.1.4.2)."""
        return verify_consistency(self.size1, self.size2, self.root1, self.root2, self.path)


def inclusion_proof(leaf_hashes: Sequence[bytes], index: int, size: int) -> list[bytes]:
    """PATH(index, D[size]) over the first ``size`` of ``leaf_hashes`` (RFC 9162 s2.1.3.1).

    Requires ``0 <= index < size <= len(leaf_hashes)``; raises ValueError otherwise.
    """
    if _is_size(size) and size > len(leaf_hashes):
        raise ValueError(f"tree size {size} exceeds the {len(leaf_hashes)} leaves given")
    return subtree_roots(leaf_hashes, inclusion_ranges(index, size))


def consistency_proof(leaf_hashes: Sequence[bytes], size1: int, size2: int) -> list[bytes]:
    """PROOF(size1, D[size2]) over the first ``size2`` of ``leaf_hashes`` (RFC 9162 s2.1.4.1).

    Requires ``0 < size1 <= size2 <= len(leaf_hashes)``; equal sizes give the empty proof.
    Raises ValueError otherwise.
    """
    if _is_size(size2) and size2 > len(leaf_hashes):
        raise ValueError(f"tree size {size2} exceeds the {len(leaf_hashes)} leaves given")
    return subtree_roots(leaf_hashes, consistency_ranges(size1, size2))


def _is_path(proof: object) -> bool:
    return type(proof) in (list, tuple) and all(_is_hash(p) for p in proof)  # type: ignore[attr-defined]


def verify_inclusion(
    leaf_index: int, tree_size: int, leaf_hash: bytes, proof: Sequence[bytes], root: bytes
) -> bool:
    """True when ``proof`` proves ``leaf_hash`` at ``leaf_index`` in the tree (size, root).

    Accepts exact ints, ``HASH_SIZE``-byte hashes and a list or tuple of them; anything else,
    and every proof that does not reconstruct ``root`` exactly, gives False. Never raises.
    """
    # RFC 9162 s2.1.3.2, numbered as there.
    if not (
        _is_size(leaf_index)
        and _is_size(tree_size)
        and _is_hash(leaf_hash)
        and _is_hash(root)
        and _is_path(proof)
    ):
        return False
    # (1) the leaf must be inside the tree.
    if leaf_index >= tree_size:
        return False
    # (2) fn is the leaf's index, sn the last index, r the running hash.
    fn, sn, r = leaf_index, tree_size - 1, leaf_hash
    # (3) chain every proof element.
    for p in proof:
        # (3a) a path longer than the tree is tall is forged.
        if sn == 0:
            return False
        # (3b) the element is a left sibling when fn is a right child or the last node of its
        # level (whose right sibling does not exist, so the path skips levels until it has one).
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            while fn and not fn & 1:
                fn >>= 1
                sn >>= 1
        else:
            r = node_hash(r, p)
        # (3c) go up one level.
        fn >>= 1
        sn >>= 1
    # (4) the path must reach the top, and the hash must be the root.
    return sn == 0 and r == root


def verify_consistency(
    size1: int, size2: int, root1: bytes, root2: bytes, proof: Sequence[bytes]
) -> bool:
    """True when ``proof`` shows the tree (size1, root1) is a prefix of (size2, root2).

    Equal sizes need an empty proof and equal roots; nothing is hashed then, so the roots are
    only compared (as the transparency-dev vectors require), except that size 0 has exactly one
    root, :data:`EMPTY_ROOT`. A proof from size 0 to a larger size is refused: an empty tree
    carries nothing to prove (``consistency_ranges`` does not produce one either). Malformed
    input of any kind gives False. Never raises.
    """
    if not (_is_size(size1) and _is_size(size2) and type(proof) in (list, tuple)):
        return False
    if type(root1) is not bytes or type(root2) is not bytes:
        return False
    if size1 > size2:
        return False
    if size1 == size2:
        # Same tree claimed twice: nothing to hash, the roots can only be compared. An empty
        # tree has exactly one root, so a size-0 claim with any other root is false.
        if proof or root1 != root2:
            return False
        return size1 != 0 or root1 == EMPTY_ROOT
    if size1 == 0:
        return False
    if not (_is_hash(root1) and _is_hash(root2) and _is_path(proof)):
        return False
    # RFC 9162 s2.1.4.2, numbered as there.
    # (1) an empty proof cannot link two different sizes.
    if not proof:
        return False
    path = list(proof)
    # (2) when size1 is a power of two its tree is a node of the new tree; the proof omits it.
    if size1 & (size1 - 1) == 0:
        path.insert(0, root1)
    # (3) fn is the old tree's last index, sn the new tree's.
    fn, sn = size1 - 1, size2 - 1
    # (4) skip the levels where fn is a right child: those nodes are shared and complete.
    while fn & 1:
        fn >>= 1
        sn >>= 1
    # (5) both running hashes start at the first element.
    fr = sr = path[0]
    # (6) chain the rest: fr rebuilds the old root, sr the new one.
    for c in path[1:]:
        # (6a) a path longer than the tree is tall is forged.
        if sn == 0:
            return False
        # (6b) left siblings belong to both trees; right siblings only to the new one.
        if fn & 1 or fn == sn:
            fr = node_hash(c, fr)
            sr = node_hash(c, sr)
            while fn and not fn & 1:
                fn >>= 1
                sn >>= 1
        else:
            sr = node_hash(sr, c)
        # (6c) go up one level.
        fn >>= 1
        sn >>= 1
    # (7) both roots must come out, and the path must reach the top.
    return fr == root1 and sr == root2 and sn == 0
