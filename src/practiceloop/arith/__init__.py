"""practiceloop.arith: the reference domain, English arithmetic word problems (arith.md).

The domain supplies the four things the kernel calls, all deterministic pure functions with
versions and no statistical model: a reader (:func:`practiceloop.arith.reader.read`), organs
(:mod:`practiceloop.arith.organs`), proof authorities (:mod:`practiceloop.arith.proofs`) and
candidate operators (:mod:`practiceloop.arith.operators`), named in the static
:data:`practiceloop.arith.manifest.ARITH_MANIFEST`. :func:`practiceloop.arith.solve.solve`
computes the value a closed frame implies; only the proofs (which never record it) and the
evaluation command call it.

Frame conventions (every attribute value is a string; absent means "not read")
-------------------------------------------------------------------------------

Mention kinds and their attributes:

* ``quantity`` (ids ``q0``, ``q1``...): ``value`` (exact rational, ``"5/2"``), ``entity`` (noun
  key of what is counted, singular: ``cookie``, ``money``), ``modifier`` (adjective keys, space
  separated: ``salty``), ``unit`` (``dollar``, ``cup``, ``foot``, ``square foot``...), ``owner``
  (actor name governing the clause, or ``group`` for "Adam and Jackie"), ``subject`` (mention
  id of the actor or pronoun subject), ``subject_noun`` (a non-actor subject: "the tree has"),
  ``verb`` / ``cue`` / ``direction`` (``gain``/``loss`` for the subject), ``activity`` (the word
  after the verb: "played *tag*"), ``compare`` (``more``/``fewer`` in "N more X than Y") with
  ``than`` and ``compare_cue``, ``additional`` ("7 more action figures" without ``than``),
  ``per`` (the group noun of a rate: "each pack", "a day"; ``each`` alone), ``state``
  (``left``, ``now``, ``start``, ``in_all``), ``clause`` (``question`` when in the question),
  ``factor`` (a multiplier word: "half", "twice"), ``elided`` (``more`` / ``of_them`` /
  ``ones`` / ``subject`` / ``object``: the counted noun was not spelled out, "ate 9 more",
  "63 old ones", "5 died", "he had used 35.", and the last one said was copied), ``side``
  (the time it is read at: ``monday``, ``morning``, ``yesterday``, ``previous day``; or the
  purpose it serves: ``to build house`` for "20 blocks to build a house") and, on "N more
  ... on monday than on tuesday", ``than_side``.
* ``actor`` (``a0``...): ``name`` (lower case).
* ``pronoun`` (``p0``...): ``pronoun`` (``he``/``she``/``they``). Never resolved by the reader.
* ``cue`` (``c0``...): ``cue`` (the word), ``direction`` (``gain``/``loss`` or
  ``more``/``fewer``), ``money_direction`` (the direction for money: "bought" loses money).
* ``unknown`` (``u0``): the question's asked quantity ("How many salty cookies"), with the
  target's attributes.

Target (``t0``): ``mention`` (the unknown's id), ``entity``, ``modifier``, ``unit``, ``owner``,
``subject``, ``subject_noun``, ``state`` (``left``, ``now``, ``start``, ``in_all``, ``each``,
``more``, ``fewer``), ``verb``/``direction``/``cue``/``activity``, ``than`` / ``than_modifier`` /
``than_verb`` (the other side of "how many more ... than ..."), ``per`` ("in each box"),
``time`` (``now``), ``also`` (a second asked thing: "flowers and sticks"), ``side`` /
``than_side`` (the asked time and the time after "than": "on monday than on tuesday"; two
times asked together read ``monday and tuesday``), ``tense`` (``present`` when the question's
auxiliary is "is/are/does/do/has/have").

Relation types and roles (a role is a mention id, or ``None`` when not read; the role bound
to the ``unknown`` mention is what the question asks):

* ``change``: ``start``, ``change``, ``result`` (quantities), ``direction`` (a ``cue``);
* ``combine``: ``part_1`` .. ``part_k``, ``whole``;
* ``compare``: ``referent``, ``compared``, ``difference``, ``direction`` (a comparison ``cue``);
  practice may replace a side by its terms, ``compared_1`` .. ``compared_k`` (or
  ``referent_1`` ..), when the difference is asked and the side is a sum;
* ``equal_groups``: ``groups``, ``per_group``, ``total`` (the total is asked);
* ``partition``: ``total``, ``groups``, ``per_group`` (the size or the count is asked);
* ``coreference``: ``pronoun``, ``antecedent`` (an actor; unbound as read);
* ``distractor``: ``quantity`` (added only by practice: a quantity no role needs).

Observations: ``negation``, ``modal``, ``factor``, ``percent``, ``unread_number``, each with a
``clause`` and the ``word`` seen.

Every organ code, its residual kind and source axis are in
:data:`practiceloop.arith.organs._codes.CLASSIFICATION`; ``docs/domain.md`` has the table
and the measured figures.
"""

__all__: list[str] = []
