"""The text of a file an arbiter hands in (PGN, TRF, CSV), whatever its encoding.

UTF-8 (with or without BOM) is read as such. Anything else is one of the two legacy
encodings met at events: GBK (read as its superset GB18030; Chinese federations' files) or
Windows-1252 (Latin-1 and its Western European superset; older pairing programs).
charset-normalizer chooses between those two only: asked to choose among every encoding it
knows, it reads short Chinese name lists as Korean. The caller says what was assumed.
"""

from __future__ import annotations

import re

__all__ = [
    "ENCODINGS",
    "NotTextError",
    "NulByteError",
    "decode_bytes",
    "detect_encoding",
    "refuse_binary",
    "refuse_nul",
]

ENCODINGS = {"utf-8": "UTF-8", "gb18030": "GBK (GB18030)", "cp1252": "Windows-1252 (Latin-1)"}
"""The encodings a file may be read in, by codec name, with the name an arbiter knows."""

_LEGACY = ["gb18030", "cp1252"]
_SAMPLE_BYTES = 4 * 1024 * 1024


class NotTextError(ValueError):
    """The file is no text (binary data, or UTF-16 which no chess format uses)."""


class NulByteError(NotTextError):
    """The file holds a NUL byte."""


# Control characters other than tab, line feed, vertical tab, form feed and carriage return.
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
_TEXT_SAMPLE = 1024 * 1024


def refuse_binary(text: str) -> None:
    """Raise :class:`NotTextError` when more than one character in a hundred of the text's
    first megabyte is a control character: binary data read as text would otherwise be
    checked as thousands of games or lines of nonsense."""
    sample = text[:_TEXT_SAMPLE]
    controls = len(_CONTROL.findall(sample))
    if controls > max(8, len(sample) // 100):
        raise NotTextError(
            f"the file is not text: {controls:,} control characters in its first "
            f"{len(sample):,} characters"
        )


def refuse_nul(data: bytes) -> None:
    """Raise :class:`NulByteError` naming the line of the first NUL byte."""
    at = data.find(b"\x00")
    if at >= 0:
        line = data.count(b"\n", 0, at) + 1
        raise NulByteError(
            f"line {line}: the file holds a NUL byte; it is not a text file "
            "(a UTF-16 file must be saved as UTF-8 first)"
        )


def detect_encoding(data: bytes) -> str:
    """The codec of ``data`` (a key of :data:`ENCODINGS`); large files are judged on a
    sample of their first megabytes."""
    sample = data[:_SAMPLE_BYTES]
    try:
        sample.decode("utf-8")
    except UnicodeDecodeError as error:
        # A sample cut inside a character fails only at its very end.
        if error.start < len(sample) - 3 or len(sample) == len(data):
            # Imported here: most files are UTF-8, and a command checking one starts sooner.
            from charset_normalizer import from_bytes

            best = from_bytes(sample, cp_isolation=_LEGACY).best()
            return "gb18030" if best is not None and best.encoding == "gb18030" else "cp1252"
    return "utf-8"


def decode_bytes(data: bytes, encoding: str | None = None) -> tuple[str, str]:
    """``(text, codec)``: ``data`` read in ``encoding`` (a key of :data:`ENCODINGS`, else
    detected). A byte the codec cannot read becomes U+FFFD rather than an error."""
    codec = encoding or detect_encoding(data)
    if codec not in ENCODINGS:
        raise ValueError(f"unknown encoding {codec!r} (one of {', '.join(ENCODINGS)})")
    text = data.decode("utf-8-sig" if codec == "utf-8" else codec, errors="replace")
    return text.removeprefix("\ufeff"), codec
