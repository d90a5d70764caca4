"""C2SP signed notes with Ed25519 keys: the envelope of a signed checkpoint.

The format is the C2SP ``signed-note`` specification, as implemented by Go's
``golang.org/x/mod/sumdb/note`` (the checksum database's and Sigstore's checkpoints)::

    <text: one or more lines, each ending in a newline>
    <blank line>
    — <key name> <base64 of 4-byte key hash || signature>      (one line per signature)

A key is named (no Unicode space, no ``+``); its *key hash* is the first four bytes of
``SHA-256(name || 0x0A || 0x01 || 32-byte Ed25519 public key)``, big-endian (``0x01`` is the
Ed25519 algorithm byte). The signature is Ed25519 over the text's exact bytes. The two key
encodings are Go's:

* verifier key (public): ``NAME+<8 hex key hash>+<base64 of 0x01 || public key>``;
* signer key (private): ``PRIVATE+KEY+NAME+<8 hex key hash>+<base64 of 0x01 || seed>``.

:func:`parse_note` reads the structure only (any key name, any signature, as Go's ``Open``
does before it looks a key up); :func:`check_signatures` sorts the signatures into those a
given verifier key accepts, those it refuses, and those by keys it does not know (which a
verifier ignores: a note may carry signatures by other parties). Ed25519 is the
``cryptography`` library's, imported only where a key is made, signs or verifies: reading a
note, and a store that is never signed, need the standard library alone. Everything here
refuses malformed input with :class:`NoteError` (a ``ValueError``), never another exception.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import hashlib
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

__all__ = [
    "ALGORITHM_ED25519",
    "MAX_SIGNATURES",
    "SIGNATURE_PREFIX",
    "Note",
    "NoteError",
    "NoteSignature",
    "SignatureCheck",
    "Signer",
    "Verifier",
    "check_signatures",
    "is_key_name",
    "key_hash",
    "parse_note",
    "sign_note",
]

ALGORITHM_ED25519: Final = 0x01
SIGNATURE_PREFIX: Final = "— "  # U+2014 EM DASH, then a space
MAX_SIGNATURES: Final = 100  # Go's limit: a note with more is malformed
_PRIVATE_PREFIX: Final = "PRIVATE+KEY+"
_KEY_SIZE: Final = 32
_SIGNATURE_SIZE: Final = 64


class NoteError(ValueError):
    """A note or a key that is not well-formed; the message says what is wrong."""


def is_key_name(name: object) -> bool:
    """True for a valid key name: a non-empty string with no Unicode space and no ``+``."""
    return (
        type(name) is str
        and name != ""
        and "+" not in name
        and not any(c.isspace() for c in name)
        and _printable(name)
    )


def _printable(text: str) -> bool:
    """No ASCII control character and no lone surrogate (the text has a UTF-8 form)."""
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in text):
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def key_hash(name: str, public_key: bytes) -> int:
    """The 32-bit key hash of an Ed25519 key: SHA-256(name || 0x0A || 0x01 || key)[:4]."""
    material = name.encode("utf-8") + b"\n" + bytes([ALGORITHM_ED25519]) + public_key
    return int.from_bytes(hashlib.sha256(material).digest()[:4], "big")


def _b64decode(text: str, what: str) -> bytes:
    try:
        return base64.b64decode(text.encode("ascii"), validate=True)
    except (UnicodeEncodeError, binascii.Error, ValueError):
        raise NoteError(f"{what} is not standard base64") from None


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _public_key(raw: bytes) -> object:
    """The ``cryptography`` Ed25519 public key of 32 raw bytes (ValueError otherwise)."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    return Ed25519PublicKey.from_public_bytes(raw)


def _raw_public(private: Ed25519PrivateKey) -> bytes:
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    return private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


def _private_key(seed: bytes | None) -> Ed25519PrivateKey:
    """A ``cryptography`` Ed25519 private key from a 32-byte seed, or a new random one."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    if seed is None:
        return Ed25519PrivateKey.generate()
    return Ed25519PrivateKey.from_private_bytes(seed)


def _key_parts(text: str, what: str) -> tuple[str, int, bytes]:
    """``(name, key hash, 32-byte key)`` of ``NAME+HASH+BASE64``, the hash recomputed later."""
    parts = text.split("+", 2)  # the base64 key may hold "+" itself
    if len(parts) != 3:
        raise NoteError(f"{what} is not NAME+HASH+KEY")
    name, hash_hex, encoded = parts
    if not is_key_name(name):
        raise NoteError(f"{what}: {name!r} is not a valid key name")
    if len(hash_hex) != 8 or any(c not in "0123456789abcdef" for c in hash_hex):
        raise NoteError(f"{what}: the key hash {hash_hex!r} is not 8 lowercase hex digits")
    raw = _b64decode(encoded, f"{what}: the key")
    if len(raw) != 1 + _KEY_SIZE or raw[0] != ALGORITHM_ED25519:
        raise NoteError(f"{what}: the key is not 0x01 followed by a 32-byte Ed25519 key")
    return name, int(hash_hex, 16), raw[1:]


@dataclasses.dataclass(frozen=True, slots=True)
class Verifier:
    """A public note key: its name, key hash and Ed25519 public key (32 raw bytes)."""

    name: str
    hash: int
    public_key: bytes

    @classmethod
    def parse(cls, text: str) -> Verifier:
        """The verifier key written as ``NAME+HASH+BASE64``; NoteError unless it is exactly one
        (the stated hash must be the one the name and the key give)."""
        if type(text) is not str:
            raise NoteError("a verifier key is text")
        name, stated, public_key = _key_parts(text, "the verifier key")
        try:
            _public_key(public_key)
        except ValueError:
            raise NoteError("the verifier key is not an Ed25519 public key") from None
        if key_hash(name, public_key) != stated:
            raise NoteError(f"the verifier key's hash {stated:08x} is not the one its name and "
                            f"key give ({key_hash(name, public_key):08x})")
        return cls(name, stated, public_key)

    @property
    def key_id(self) -> str:
        """``NAME+<8 hex key hash>``: how a signature line names this key."""
        return f"{self.name}+{self.hash:08x}"

    def encode(self) -> str:
        """The verifier key text, ``NAME+HASH+BASE64`` (no newline)."""
        return f"{self.key_id}+{_b64(bytes([ALGORITHM_ED25519]) + self.public_key)}"

    def verify(self, message: bytes, signature: bytes) -> bool:
        """True when ``signature`` is this key's Ed25519 signature of ``message``."""
        from cryptography.exceptions import InvalidSignature
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

        if len(signature) != _SIGNATURE_SIZE:
            return False
        try:
            Ed25519PublicKey.from_public_bytes(self.public_key).verify(signature, message)
        except InvalidSignature:
            return False
        return True


class Signer:
    """A private note key. Build one with :meth:`generate` or :meth:`parse`; its ``repr``
    never shows the key."""

    __slots__ = ("_private", "verifier")

    def __init__(self, name: str, private: Ed25519PrivateKey) -> None:
        if not is_key_name(name):
            raise NoteError(f"{name!r} is not a valid key name (no spaces, no '+')")
        self._private = private
        public_key = _raw_public(private)
        self.verifier = Verifier(name, key_hash(name, public_key), public_key)

    @classmethod
    def generate(cls, name: str) -> Signer:
        """A new random Ed25519 key called ``name``."""
        return cls(name, _private_key(None))

    @classmethod
    def parse(cls, text: str) -> Signer:
        """The signer key ``PRIVATE+KEY+NAME+HASH+BASE64``; NoteError unless it is one."""
        if type(text) is not str or not text.startswith(_PRIVATE_PREFIX):
            raise NoteError("a signer key starts with PRIVATE+KEY+")
        name, stated, seed = _key_parts(text[len(_PRIVATE_PREFIX):], "the signer key")
        signer = cls(name, _private_key(seed))
        if signer.verifier.hash != stated:
            raise NoteError(f"the signer key's hash {stated:08x} is not the one its name and "
                            f"key give ({signer.verifier.hash:08x})")
        return signer

    @property
    def name(self) -> str:
        return self.verifier.name

    @property
    def private_key(self) -> Ed25519PrivateKey:
        """The ``cryptography`` key (for signers of other envelopes, e.g. DSSE)."""
        return self._private

    def encode(self) -> str:
        """The signer key text, ``PRIVATE+KEY+NAME+HASH+BASE64`` (no newline): a secret."""
        seed = self._private.private_bytes_raw()
        return f"{_PRIVATE_PREFIX}{self.verifier.key_id}+{_b64(bytes([ALGORITHM_ED25519]) + seed)}"

    def sign(self, message: bytes) -> bytes:
        """The 64-byte Ed25519 signature of ``message`` (deterministic)."""
        return self._private.sign(message)

    def __repr__(self) -> str:
        return f"Signer({self.verifier.key_id})"


@dataclasses.dataclass(frozen=True, slots=True)
class NoteSignature:
    """One signature line: the key name, the key hash it claims, the signature bytes."""

    name: str
    hash: int
    signature: bytes

    @property
    def key_id(self) -> str:
        return f"{self.name}+{self.hash:08x}"

    def line(self) -> str:
        """The signature line, newline included."""
        blob = self.hash.to_bytes(4, "big") + self.signature
        return f"{SIGNATURE_PREFIX}{self.name} {_b64(blob)}\n"


@dataclasses.dataclass(frozen=True, slots=True)
class Note:
    """A parsed note: its text (ending in a newline) and its signature lines, in order."""

    text: str
    signatures: tuple[NoteSignature, ...]

    def encode(self) -> str:
        """The note as written: text, a blank line, the signature lines."""
        return self.text + "\n" + "".join(s.line() for s in self.signatures)


def _check_text(text: str) -> None:
    if not text.endswith("\n"):
        raise NoteError("the note text does not end with a newline")
    if not _printable(text.replace("\n", "")):
        raise NoteError("the note holds a control character or has no UTF-8 form")


def sign_note(text: str, signers: Sequence[Signer]) -> str:
    """The signed note of ``text`` (which must end with a newline) by every one of ``signers``,
    in order. NoteError for a malformed text or no signer."""
    if type(text) is not str:
        raise NoteError("a note text is a string")
    _check_text(text)
    if "\n\n" in text:
        raise NoteError("the note text holds a blank line")
    if not signers:
        raise NoteError("a signed note needs at least one signer")
    message = text.encode("utf-8")
    signatures = tuple(
        NoteSignature(s.name, s.verifier.hash, s.sign(message)) for s in signers
    )
    return Note(text, signatures).encode()


def _parse_signature(line: str, number: int) -> NoteSignature:
    where = f"signature line {number}"
    if not line.startswith(SIGNATURE_PREFIX):
        raise NoteError(f"{where} does not start with '— ' (every line after the blank line "
                        "is a signature)")
    name, space, encoded = line[len(SIGNATURE_PREFIX):].partition(" ")
    if not space or not is_key_name(name):
        raise NoteError(f"{where}: {name!r} is not a valid key name")
    if not encoded:
        raise NoteError(f"{where} has no signature")
    blob = _b64decode(encoded, f"{where}: the signature")
    if len(blob) < 5:
        raise NoteError(f"{where}: the signature is {len(blob)} bytes, shorter than a key hash "
                        "and a signature")
    return NoteSignature(name, int.from_bytes(blob[:4], "big"), blob[4:])


def parse_note(message: str | bytes) -> Note:
    """The text and signature lines of a signed note; NoteError when it is not one.

    The rules of Go's ``note.Open``: UTF-8 with no control character but newline; the
    signature block is what follows the last blank line, non-empty and ending in a newline;
    every line in it is ``— NAME BASE64`` with a valid name and at least five bytes (a key
    hash and a signature); at most :data:`MAX_SIGNATURES` lines.
    """
    if type(message) is bytes:
        try:
            message = message.decode("utf-8")
        except UnicodeDecodeError:
            raise NoteError("the note is not UTF-8") from None
    if type(message) is not str:
        raise NoteError("a note is text")
    if not _printable(message.replace("\n", "")):
        raise NoteError("the note holds a control character or has no UTF-8 form")
    split = message.rfind("\n\n")
    if split < 0:
        raise NoteError("the note has no blank line before its signatures")
    text, block = message[: split + 1], message[split + 2:]
    if not block:
        raise NoteError("the note has no signature")
    if not block.endswith("\n"):
        raise NoteError("the last signature line is incomplete (no newline)")
    lines = block[:-1].split("\n")
    if len(lines) > MAX_SIGNATURES:
        raise NoteError(f"the note has more than {MAX_SIGNATURES} signatures")
    signatures = tuple(_parse_signature(line, n) for n, line in enumerate(lines, start=1))
    return Note(text, signatures)


@dataclasses.dataclass(frozen=True, slots=True)
class SignatureCheck:
    """How a note's signatures fare against a set of verifier keys.

    ``verified``: the keys whose signature verifies (each once); ``invalid``: signatures that
    name a known key (name and hash) but do not verify; ``unknown``: signatures by keys not
    given (ignored by a verifier, but kept here for a report); a repeated line counts once.
    """

    verified: tuple[Verifier, ...]
    invalid: tuple[NoteSignature, ...]
    unknown: tuple[NoteSignature, ...]


def check_signatures(note: Note, verifiers: Iterable[Verifier]) -> SignatureCheck:
    """Sort ``note``'s signatures by ``verifiers`` (see :class:`SignatureCheck`)."""
    known = {(v.name, v.hash): v for v in verifiers}
    message = note.text.encode("utf-8")
    verified: dict[tuple[str, int], Verifier] = {}
    invalid: list[NoteSignature] = []
    unknown: list[NoteSignature] = []
    seen: set[NoteSignature] = set()
    for signature in note.signatures:
        if signature in seen:
            continue
        seen.add(signature)
        verifier = known.get((signature.name, signature.hash))
        if verifier is None:
            unknown.append(signature)
        elif verifier.verify(message, signature.signature):
            verified.setdefault((verifier.name, verifier.hash), verifier)
        else:
            invalid.append(signature)
    return SignatureCheck(tuple(verified.values()), tuple(invalid), tuple(unknown))
