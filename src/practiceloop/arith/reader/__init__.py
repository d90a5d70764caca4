"""The arithmetic reader: problem text -> :class:`ProblemFrame` (or a typed refusal).

A pure, deterministic function of the text (no model, no randomness, no I/O), versioned by
:data:`READER_ID` / :data:`READER_VERSION`. It records what it sees, with the exact spans where
it saw it: sentences, quantities (exact rational values, the thing counted, the unit, the
owner when a name governs the clause, the verb and its direction, comparison and grouping
cues), actors, pronouns (never resolved: each gets a ``coreference`` relation with its
antecedent unbound), verb and comparison cues, the question's target, and observations
(negation, modality, multiplier words, unreadable numbers, hazards). It proposes one relation
per schema whose cue it read, binding only the roles it read; every other role stays ``None``.

Text with no UTF-8 form (lone surrogates) or that is not a ``str`` gives a
:class:`ReaderRefusal`. Any other text gives a frame, possibly with nothing bound. The cost is
linear in the text: one precompiled tokenizer pass, then bounded local windows per token.

The stages, in reading order, one module each (each reading rule is one function there, with
a docstring saying what English it reads, and a test of its name in ``tests/arith/reader``):

1. :mod:`.tokens`: tokens, sentences, the question's sentence; :class:`~.tokens.Reading`, the
   state every stage reads into;
2. :mod:`.people`: actors (names, person nouns) and pronouns;
3. :mod:`.cues`: gain/loss verbs and comparison words as cues, the direction a verb moves
   things, and observations (negation, modals, multipliers, percentages);
   :mod:`.arrivals`: later arrivals ("another 12 were brought in") and work done ("had 9
   forms to file ... filed 5"), asked by the cue and quantity stages;
4. :mod:`.nouns`: the noun phrase a number counts, and the side (time or purpose) it is on;
5. :mod:`.quantities` (with :mod:`.clause`, :mod:`.distributive`, :mod:`.listing`,
   :mod:`.kinds` and :mod:`.kept`): every number, what follows it, and its clause; amounts
   listed with their sources; a category named before its kinds; what "all but N" kept;
6. :mod:`.hazards`: the steps no organ models, as observations that block;
7. :mod:`.question`: the question's target and its unknown (:mod:`.told_sides`: a rate asked
   after "than", the kind of the asked subject);
8. :mod:`.proposals`: one relation per schema whose cue was read (:mod:`.told_sides`: rates
   summed per a group, the rate of the asked activity, a kind compared to the asked one);
   :mod:`.scales`: a multiplier word before "as many" as a factor, and the scale relation;
   :mod:`.portions`: a fraction in words before "of" as a quantity, and the portion relation;
   :func:`~practiceloop.arith.sides.propose_sides`: the sides organ's relation, read from the
   whole text (not the same thing as the stage :mod:`.told_sides`).

Only the names below are the reader's API; the stage modules are its parts.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith._moves_compared import propose_moves_compared
from practiceloop.arith.proportions import propose_proportion
from practiceloop.arith.reader.cues import read_cues, read_observations
from practiceloop.arith.reader.hazards import read_hazards
from practiceloop.arith.reader.people import read_people
from practiceloop.arith.reader.place_moves import read_place_moves
from practiceloop.arith.reader.portions import propose_portion, read_portion_words
from practiceloop.arith.reader.proposals import (
    propose_complement,
    propose_complement_groups,
    propose_relations,
)
from practiceloop.arith.reader.quantities import read_quantities
from practiceloop.arith.reader.question import read_target
from practiceloop.arith.reader.requirements import (
    mark_requirements,
    read_asked_need,
    read_requirement_cues,
)
from practiceloop.arith.reader.scales import propose_scale, read_factor_words
from practiceloop.arith.reader.tendered import read_tendered
from practiceloop.arith.reader.tokens import Reading, read_tokens
from practiceloop.arith.sides import propose_sides
from practiceloop.kernel.frame import ProblemFrame, build_frame
from practiceloop.kernel.record import record

__all__ = ["READER_ID", "READER_VERSION", "ReaderRefusal", "read"]

READER_ID: Final = "practiceloop.arith.reader"
READER_VERSION: Final = "arith_reader.v14"


@record()
class ReaderRefusal:
    """The reader could not read the input at all (it is not text with a UTF-8 form)."""

    reason_code: str
    explanation: str


def read(text: object) -> ProblemFrame | ReaderRefusal:
    """Read one problem text into a frame.

    Accepts any ``str`` with a UTF-8 form, however long or strange: the frame may have nothing
    bound. Refuses (a :class:`ReaderRefusal`, never an exception) a non-``str`` or a text with
    no UTF-8 form (reason ``text_not_utf8`` / ``text_not_str``); a failure of the reader itself
    comes back as ``reader_fault`` (no test text reaches it; the fuzz tests look for one).
    """
    if type(text) is not str:
        return ReaderRefusal(reason_code="text_not_str", explanation="the reader reads str only")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return ReaderRefusal(
            reason_code="text_not_utf8", explanation="the text has no UTF-8 form (lone surrogate)"
        )
    try:
        return _read(text)
    except Exception:  # last guard: a reader bug must come back as a value, never escape
        return ReaderRefusal(
            reason_code="reader_fault", explanation="the reader failed on this text"
        )


def _read(text: str) -> ProblemFrame:
    """Every stage in reading order, then the frame (sealed by the kernel)."""
    r = Reading(text)
    read_tokens(r)
    read_people(r)
    read_cues(r)
    read_place_moves(r)
    read_requirement_cues(r)
    read_observations(r)
    read_quantities(r)
    mark_requirements(r)
    read_hazards(r)
    targets = read_target(r)
    targets = read_asked_need(r, targets)
    targets = read_tendered(r, targets)
    read_factor_words(r, targets)
    read_portion_words(r, targets)
    mentions = tuple(r.mentions)
    sentences = tuple(r.span(lo, hi) for lo, hi in r.sentence_bounds)
    return build_frame(
        reader_id=READER_ID,
        reader_version=READER_VERSION,
        source_text=text,
        sentences=sentences,
        mentions=mentions,
        relations=(
            *propose_relations(mentions, targets),
            *propose_complement(text, mentions, targets),
            *propose_complement_groups(text, mentions, targets),
            *propose_scale(text, sentences, mentions, targets, tuple(r.observations)),
            *propose_portion(text, sentences, mentions, targets, tuple(r.observations)),
            *propose_moves_compared(text, mentions, targets),
            *propose_sides(text, sentences, mentions, targets, tuple(r.observations)),
            *propose_proportion(text, sentences, mentions, targets, tuple(r.observations)),
        ),
        targets=targets,
        observations=tuple(r.observations),
    )
