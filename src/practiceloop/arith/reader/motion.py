"""Verbs of manner of motion: the direction is told by the particle or the goal, not the verb.

"27 birds flew away" loses birds and "27 birds flew in" gains them: "flew", "ran", "walked",
"drove", "swam", "hopped", "went" say how things move, never whether they come or go. Only
the words after the verb tell that (:func:`motion_direction`); with none ("10 kids walked"),
no direction is read and the move is left unread, so that no relation can close on a guess.
"left" / "leave" are no manner verbs: leaving is a loss by itself ("3 birds left").
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.reader.tokens import Reading

__all__ = ["LEAVING", "MANNER_OF_MOTION", "motion_direction", "particle_direction"]

MANNER_OF_MOTION: Final = frozenset(
    {"flew", "went", "ran", "walked", "drove", "swam", "hopped"}
)
"""Past forms of verbs that move their subject with no direction of their own."""
LEAVING: Final = frozenset({"left", "leave", "leaves"})
"""Leaving: a loss for the place left whatever follows ("3 birds left the fence")."""

_AWAY: Final = frozenset({"away", "off", "out", "home", "outside"})
_TOWARD: Final = frozenset({"in", "back", "inside", "aboard", "here"})
_INTO: Final = frozenset({"into", "onto", "to"})
_PATH: Final = frozenset({"over", "up", "down", "around", "across", "along", "by", "past"})
_ARRIVING: Final = frozenset({"landed", "joined", "came", "arrived", "settled", "entered"})
_OPENS_PLACE: Final = frozenset({"on", "in", "at", "into", "onto", "to"})
_WINDOW: Final = 6


def particle_direction(particles: list[str]) -> str:
    """The direction told by particles alone ("away", "off", "out", "home" lose; "in",
    "back", "inside", "here" gain), "" when none is told or they disagree ("back home")."""
    away = any(p in _AWAY for p in particles)
    toward = any(p in _TOWARD for p in particles)
    if away == toward:
        return ""
    return "loss" if away else "gain"


def motion_direction(r: Reading, index: int) -> str:
    """``gain`` / ``loss`` for the subject of the manner verb at ``index``, "" when untold.

    Reads the words right after the verb, in its sentence:

    - "away", "off", "out", "home", "outside" leave the scene: a loss ("flew away to Asia",
      "ran out of the yard", "drove off", "walked home"); "home" only when the text does not
      set its scene at home before ("5 kids were at home");
    - "in", "back", "inside", "here" at the end of the phrase come to the scene: a gain
      ("27 more birds flew in", "the dogs ran back", "flew over here");
    - a goal ("into the tree", "onto the log", "to the park", "over and landed on the fence",
      "over and joined them") comes to the scene only when that place was told in an earlier
      sentence (the scene); another place ("swam into the river"), or "in" before a place
      ("walked in the park": where, not whither), tells no direction;
    - path words ("over", "up", "down", "around") tell none alone ("flew over");
    - particles that disagree ("ran back home") or nothing at all ("10 kids walked") tell
      none.
    """
    particles: list[str] = []
    probe = index + 1
    end = index + _WINDOW
    while probe < end and r.same_sentence(index, probe):
        word = r.word(probe)
        if word in _PATH:
            probe += 1
            continue
        if word == "and" and r.word(probe + 1) in _ARRIVING:
            if r.word(probe + 1) == "joined":
                particles.append("in")
                break
            return _to_the_scene(r, index, probe + 2)  # "flew over and landed on the fence"
        if word in _AWAY:
            if word == "home" and _told_before(r, index, "home"):
                return ""  # "5 kids were at home. 3 kids ran home.": home is the scene
            particles.append(word)
            break  # "away to Asia", "out of the yard", "off the fence": the loss is told
        if word in _INTO:
            return _to_the_scene(r, index, probe)
        if word in _TOWARD:
            if word == "in" and _opens_noun_phrase(r, probe + 1):
                return ""  # "walked in the park": where they walked, not whither
            if word == "back" and r.word(probe + 1) in _INTO | _AWAY:
                probe += 1
                continue  # "ran back to the yard", "flew back home": what follows tells it
            particles.append(word)
            break
        break
    return particle_direction(particles)


def _opens_noun_phrase(r: Reading, index: int) -> bool:
    word = r.word(index)
    return bool(word) and r.toks[index].kind != "num" and (
        word in lx.DETERMINERS or word not in lx.STOP_WORDS
    )


def _to_the_scene(r: Reading, verb: int, at: int) -> str:
    """``gain`` when the place opened at ``at`` ("into the tree", "on the fence", "to the
    park") was told in an earlier sentence than the verb's; "" otherwise."""
    if r.word(at) not in _OPENS_PLACE:
        return ""
    probe = at + 1
    while r.word(probe) in lx.DETERMINERS:
        probe += 1
    place = r.word(probe)
    if not place or place in lx.STOP_WORDS or not r.same_sentence(verb, probe):
        return ""
    return "gain" if _told_before(r, verb, place) else ""


def _told_before(r: Reading, verb: int, place: str) -> bool:
    """True when ``place`` (by its noun key) is said in a sentence before the verb's."""
    key = lx.noun_key(place)
    lo, _ = r.sentence_bounds[r.toks[verb].sentence]
    return any(lx.noun_key(w) == key for w in r.words[:lo] if w)
