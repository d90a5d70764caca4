"""One corpus line as strict JSON, without recursion and without reading what is ignored.

A corpus line is read for two fields of its top-level object (``id`` and ``question``); the rest
is ignored, but the line must still be one strict JSON value: no NaN or Infinity, no repeated
key in any object, nothing after the value. :func:`parse_line` gives the same verdict as the
standard library's decoder (``tests/engines/test_json_line.py`` holds them equal), with two
differences that keep an ignored field from spoiling its line:

* an integer of any length is accepted and never converted (CPython refuses to convert one of
  more than 4,300 digits: ``sys.get_int_max_str_digits``); it comes back as :data:`NUMBER`;
* nesting of any depth is accepted: the standard decoder recurses once per level and stops at
  the interpreter's recursion limit; when it does, the line is scanned again by
  :func:`_scan`, which keeps an explicit stack (memory bounded by the line's length).

Strings are decoded by the standard library's own ``json.decoder.scanstring`` in both paths.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from json import decoder
from typing import Final

__all__ = ["NUMBER", "NotJson", "parse_line"]


class NotJson(ValueError):
    """The line is not one strict JSON value."""


class _Number:
    """The value every JSON number stands for here: never converted, never equal to a str."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "NUMBER"


NUMBER: Final = _Number()
"""What a JSON number decodes to (its value is never needed: ``id`` and ``question`` are
strings)."""

_CONTAINER: Final = object()  # what a nested object or array decodes to in the scan


def _pairs(pairs: list[tuple[str, object]]) -> dict[str, object]:
    # json keeps the last of two equal keys silently; a corpus line must not mean two things.
    result = dict(pairs)
    if len(result) != len(pairs):
        raise NotJson("repeated key")
    return result


def _no_constant(name: str) -> object:
    raise NotJson(f"{name} is not JSON")


def _number(_: str) -> object:
    return NUMBER


_DECODER: Final = json.JSONDecoder(object_pairs_hook=_pairs, parse_constant=_no_constant,
                                   parse_int=_number, parse_float=_number)

# The standard library's string decoder (C-accelerated); typeshed does not declare it.
scanstring: Final[Callable[[str, int, bool], tuple[str, int]]] = (
    decoder.scanstring)  # type: ignore[attr-defined]

_WS: Final = re.compile(r"[ \t\n\r]*")
_NUMBER_RE: Final = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_LITERALS: Final = (("true", True), ("false", False), ("null", None))


def parse_line(line: str) -> object:
    """The JSON value of ``line``; nested values and numbers as placeholders where noted.

    Returns a ``dict`` for an object (its members decoded as the standard decoder does, numbers
    as :data:`NUMBER`; when the line is nested too deeply for that decoder, nested objects and
    arrays are an opaque placeholder), or some other value for a non-object. Raises
    :class:`NotJson` (a ``ValueError``) when the line is not one strict JSON value.
    """
    try:
        return _DECODER.decode(line)
    except RecursionError:
        return _scan(line)
    except NotJson:
        raise
    except ValueError as exc:  # JSONDecodeError
        raise NotJson(str(exc)) from None


class _Object:
    """An object being scanned: its keys so far and the key whose value comes next."""

    __slots__ = ("key", "keys", "members")

    def __init__(self, members: dict[str, object] | None) -> None:
        self.keys: set[str] = set()
        self.key = ""
        self.members = members  # the top-level object's decoded members, else None


def _scan(text: str) -> object:
    """Validate ``text`` as strict JSON with an explicit stack; the top-level value, with
    nested containers as placeholders (see :func:`parse_line`)."""
    stack: list[_Object | None] = []  # None: an array
    top: object = None
    pos = _WS.match(text, 0).end()  # type: ignore[union-attr]  # [ \t\n\r]* always matches
    while True:
        # One value starts at pos: a container opens (and the loop goes on inside it), or a
        # scalar is read whole.
        char = text[pos : pos + 1]
        value: object
        if char in ("{", "["):
            pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
            if text.startswith("}" if char == "{" else "]", pos):
                pos += 1
                value = {} if char == "{" and not stack else _CONTAINER
            elif char == "{":
                frame = _Object({} if not stack else None)
                stack.append(frame)
                pos = _key(text, pos, frame)
                continue
            else:
                stack.append(None)
                continue
        elif char == '"':
            try:
                value, pos = scanstring(text, pos + 1, True)
            except ValueError as exc:
                raise NotJson(str(exc)) from None
        elif (number := _NUMBER_RE.match(text, pos)) is not None:
            value, pos = NUMBER, number.end()
        else:
            for word, literal in _LITERALS:
                if text.startswith(word, pos):
                    value, pos = literal, pos + len(word)
                    break
            else:
                raise NotJson(f"no JSON value at {pos}")
        # The value is complete: hand it to its container, and close every container that
        # ends here.
        while True:
            if not stack:
                pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
                if pos != len(text):
                    raise NotJson(f"extra data at {pos}")
                return value if top is None else top
            frame_or_array = stack[-1]
            if frame_or_array is not None and frame_or_array.members is not None:
                frame_or_array.members[frame_or_array.key] = value
            pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
            char = text[pos : pos + 1]
            if char == ",":
                pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
                if frame_or_array is not None:
                    pos = _key(text, pos, frame_or_array)
                break
            if char == ("]" if frame_or_array is None else "}"):
                stack.pop()
                pos += 1
                if frame_or_array is not None and frame_or_array.members is not None:
                    top = frame_or_array.members  # the top-level object is complete
                    value = top
                else:
                    value = _CONTAINER
                continue
            raise NotJson(f"expected ',' or a closing bracket at {pos}")


def _key(text: str, pos: int, frame: _Object) -> int:
    """Read ``"key" :`` at ``pos`` into ``frame``; the position of the value after it."""
    if not text.startswith('"', pos):
        raise NotJson(f"expected a key at {pos}")
    try:
        key, pos = scanstring(text, pos + 1, True)
    except ValueError as exc:
        raise NotJson(str(exc)) from None
    if key in frame.keys:
        raise NotJson("repeated key")
    frame.keys.add(key)
    frame.key = key
    pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
    if not text.startswith(":", pos):
        raise NotJson(f"expected ':' at {pos}")
    return _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
