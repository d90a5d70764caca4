"""Key files: an Ed25519 note key pair on disk (``practiceloop key generate``), read back.

``DIR/NAME.key`` holds the signer key (``PRIVATE+KEY+NAME+HASH+BASE64``, Go's encoding) and is
created with mode 0600; ``DIR/NAME.pub`` holds the verifier key (``NAME+HASH+BASE64``), the
one to hand to whoever checks a signature (``verify --trusted-key``). Each file is one line.
Neither file is ever overwritten: a key that signed published checkpoints must not be lost by
a second ``generate``. The formats are :mod:`practiceloop.store.note`'s.

Reading refuses, with :class:`KeyFileError` naming the file and the reason, anything but
exactly one key of the expected kind: a missing or unreadable file, a private key where a
public one is wanted (and back), a key hash that is not the one its name and key give.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

from practiceloop.store._fs import fsync_dir
from practiceloop.store.errors import StoreError
from practiceloop.store.note import NoteError, Signer, Verifier, is_key_name

__all__ = [
    "PUBLIC_SUFFIX",
    "SECRET_SUFFIX",
    "KeyFileError",
    "generate_key",
    "read_signer",
    "read_verifier",
]

SECRET_SUFFIX: Final = ".key"
PUBLIC_SUFFIX: Final = ".pub"
_MAX_KEY_FILE: Final = 4096  # a key line is ~100 bytes; a larger file is not a key file


class KeyFileError(StoreError):
    """A key file cannot be written or read, or does not hold the expected key."""

    hint = ("a signer key is DIR/NAME.key and a trusted (verifier) key DIR/NAME.pub, both "
            "written by `practiceloop key generate --name NAME --out DIR`")

    def __init__(self, path: Path, reason: str, *, missing: bool = False,
                 exists: bool = False) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason
        self.missing = missing  # the file does not exist or cannot be read
        self.exists = exists  # generate found a file in the way


def _write_new(path: Path, text: str, mode: int) -> None:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except FileExistsError:
        raise KeyFileError(path, "already exists; a key file is never overwritten",
                           exists=True) from None
    except OSError as exc:
        raise KeyFileError(path, f"cannot create: {exc.strerror or exc}") from None
    try:
        os.fchmod(fd, mode)  # the umask must not widen or narrow what was asked
        data = text.encode("utf-8")
        written = 0
        while written < len(data):
            written += os.write(fd, data[written:])
        os.fsync(fd)
    except OSError as exc:
        raise KeyFileError(path, f"cannot write: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def generate_key(name: str, directory: str | os.PathLike[str]) -> tuple[Path, Path, Signer]:
    """Make a new Ed25519 key called ``name``: ``(secret file, public file, signer)``.

    ``name`` must be a valid note key name that is also a plain file name (no ``/``, not
    starting with ``.``). The directory is created if missing. Raises KeyFileError when the
    name is invalid, a file is in the way, or writing fails (a half-written pair is removed).
    """
    out = Path(directory)
    if not is_key_name(name) or "/" in name or "\\" in name or name.startswith("."):
        raise KeyFileError(out / str(name), f"{name!r} is not a usable key name: it must be "
                           "non-empty, with no spaces, '+', '/' or '\\', not starting with '.'")
    secret, public = out / f"{name}{SECRET_SUFFIX}", out / f"{name}{PUBLIC_SUFFIX}"
    for path in (secret, public):
        if path.exists() or path.is_symlink():
            raise KeyFileError(path, "already exists; a key file is never overwritten",
                               exists=True)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise KeyFileError(out, f"cannot create the directory: {exc.strerror or exc}") from None
    signer = Signer.generate(name)
    _write_new(secret, signer.encode() + "\n", 0o600)
    try:
        _write_new(public, signer.verifier.encode() + "\n", 0o644)
    except KeyFileError:
        secret.unlink(missing_ok=True)
        raise
    fsync_dir(out)
    return secret, public, signer


def _read_line(path: Path) -> str:
    try:
        with path.open("rb") as handle:
            data = handle.read(_MAX_KEY_FILE + 1)
    except FileNotFoundError:
        raise KeyFileError(path, "no such key file", missing=True) from None
    except OSError as exc:
        raise KeyFileError(path, f"cannot read: {exc.strerror or exc}", missing=True) from None
    if len(data) > _MAX_KEY_FILE:
        raise KeyFileError(path, "is too large to be a key file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise KeyFileError(path, "is not a key file (not UTF-8 text)") from None
    line = text[:-1] if text.endswith("\n") else text
    if not line or "\n" in line:
        raise KeyFileError(path, "is not a key file (a key file is exactly one line)")
    return line


def read_signer(path: str | os.PathLike[str]) -> Signer:
    """The signer key in the file at ``path`` (a ``.key`` file); KeyFileError otherwise."""
    where = Path(path)
    line = _read_line(where)
    if not line.startswith("PRIVATE+KEY+"):
        raise KeyFileError(where, "is not a signer key (PRIVATE+KEY+NAME+HASH+KEY); a .pub "
                           "file verifies, it cannot sign")
    try:
        return Signer.parse(line)
    except NoteError as exc:
        raise KeyFileError(where, f"is not a signer key: {exc}") from None


def read_verifier(path: str | os.PathLike[str]) -> Verifier:
    """The verifier key in the file at ``path`` (a ``.pub`` file); KeyFileError otherwise."""
    where = Path(path)
    line = _read_line(where)
    if line.startswith("PRIVATE+KEY+"):
        raise KeyFileError(where, "is a private signer key; trust the public NAME.pub instead "
                           "(and keep the .key secret)")
    try:
        return Verifier.parse(line)
    except NoteError as exc:
        raise KeyFileError(where, f"is not a verifier key: {exc}") from None
