"""The arithmetic organs: one contract per problem schema, one module per organ.

Each organ module exposes ``ORGAN``, ``VERSION``, ``SPEC``, ``CLASSIFICATION`` (the static
residual classification of every code it can emit), ``applies(frame) -> bool`` and
``assess(frame) -> ContractAssessment``; :mod:`.composed` holds the two-step organs, each a
:class:`~.composed.Composition` with the same five. The shared checks live in ``_contract``.
"""

from practiceloop.arith.organs import (
    change,
    change_chain,
    combine,
    compare,
    complement,
    composed,
    equal_groups,
    partition,
    portion,
    proportion,
    scale,
    sides,
)

__all__ = [
    "change",
    "change_chain",
    "combine",
    "compare",
    "complement",
    "composed",
    "equal_groups",
    "partition",
    "portion",
    "proportion",
    "scale",
    "sides",
]
