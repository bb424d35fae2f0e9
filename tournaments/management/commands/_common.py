"""What the tournaments commands share: finding the event and reporting bad input."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from django.core.management.base import CommandError

from tournaments.models import Tournament

# Bad input (a missing file, a malformed line) exits with 2, like a usage error.
BAD_INPUT = 2


def bad_input(message: str) -> CommandError:
    return CommandError(message, returncode=BAD_INPUT)


def get_tournament(identifier: str) -> Tournament:
    """A tournament by id or slug."""
    lookup = {"pk": int(identifier)} if identifier.isdigit() else {"slug": identifier}
    try:
        return Tournament.objects.get(**lookup)
    except Tournament.DoesNotExist:
        raise bad_input(f"no tournament with id or slug {identifier!r}") from None


def read_text(path: str) -> str:
    """A UTF-8 text file (a byte-order mark is dropped)."""
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise bad_input(f"{path}: no such file") from None
    except IsADirectoryError:
        raise bad_input(f"{path}: is a directory") from None
    except UnicodeDecodeError as error:
        raise bad_input(
            f"{path}: not UTF-8 text (byte {error.start}: {error.object[error.start]:#04x})"
        ) from None
    except OSError as error:
        raise bad_input(f"{path}: {error.strerror}") from None


def write_text(path: str, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all: into a file beside it first,
    then renamed over it, so that a failure never leaves half a file."""
    target = Path(path)
    partial: Path | None = None
    try:
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=target.parent, prefix=f".{target.name}.", delete=False
        ) as handle:
            partial = Path(handle.name)
            handle.write(text)
        os.replace(partial, target)
    except OSError as error:
        if partial is not None:
            partial.unlink(missing_ok=True)
        raise bad_input(f"{path}: {error.strerror}") from None
