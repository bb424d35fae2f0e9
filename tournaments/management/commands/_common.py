"""What the tournaments commands share: finding the event and reporting bad input."""

from __future__ import annotations

import os
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError

from tournaments.limits import file_size_refusal
from tournaments.models import Tournament
from tournaments.services import NeedsConfirmation, TournamentError

# Bad input (a missing file, a malformed line) exits with 2, like a usage error.
BAD_INPUT = 2
# A warning's question (FIDE checklist L55): nothing done; repeat with --confirm ANSWER.
NEEDS_CONFIRMATION = 3


def bad_input(message: str) -> CommandError:
    return CommandError(message, returncode=BAD_INPUT)


def display_width(text: str) -> int:
    """Columns a terminal gives the text: Chinese (wide and full-width) characters take two,
    a combining accent none (a name typed as e + U+0301 is as wide as one typed as é)."""
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in text
    )


def pad(text: str, width: int, *, left: bool) -> str:
    """``text`` filled with spaces to ``width`` terminal columns, left- or right-aligned."""
    padding = " " * (width - display_width(text))
    return text + padding if left else padding + text


def text_table(lines: list[list[str]], *, left: frozenset[int]) -> list[str]:
    """Rows of cells as aligned text lines, two spaces apart, the columns in ``left``
    left-aligned and the others right-aligned, by :func:`display_width`."""
    widths = [max(map(display_width, column)) for column in zip(*lines, strict=True)]
    return [
        "  ".join(
            pad(cell, width, left=index in left)
            for index, (cell, width) in enumerate(zip(line, widths, strict=True))
        ).rstrip()
        for line in lines
    ]


def get_tournament(identifier: str) -> Tournament:
    """A tournament by id or slug."""
    lookup = {"pk": int(identifier)} if identifier.isdigit() else {"slug": identifier}
    try:
        return Tournament.objects.get(**lookup)
    except Tournament.DoesNotExist:
        raise bad_input(f"no tournament with id or slug {identifier!r}") from None


def read_bytes(path: str | Path) -> bytes:
    """A file's bytes, refused unread over the upload limit (:data:`MAX_UPLOAD_BYTES`)."""
    try:
        if refusal := file_size_refusal(os.path.getsize(path)):
            raise bad_input(f"{path}: {refusal}")
        return Path(path).read_bytes()
    except OSError as error:
        raise bad_input(f"{path}: {error.strerror}") from None


def read_text(path: str) -> str:
    """A UTF-8 text file (a byte-order mark is dropped), refused unread over the upload
    limit."""
    try:
        if refusal := file_size_refusal(os.path.getsize(path)):
            raise bad_input(f"{path}: {refusal}")
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


def add_confirm_argument(parser: Any) -> None:
    parser.add_argument(
        "--confirm",
        default="",
        metavar="ANSWER",
        help="the answer a warning asked for (the command prints it and exits with status 3)",
    )


def refusal(error: TournamentError) -> CommandError:
    """A refused change (status 2), or a warning's question (status 3) with its level, what
    follows, and the exact option to repeat the command with."""
    if not isinstance(error, NeedsConfirmation):
        return bad_input("\n".join(error.problems))
    lines = [f"Warning level L{int(error.level)} ({error.level.label}):"]
    lines += [f"  {message}" for message in error.problems]
    if error.consequences:
        lines.append("What follows if you go on:")
        lines += [f"  - {consequence}" for consequence in error.consequences]
    if error.level == 4:
        lines.append(f"Step {error.step} of 2.")
    lines.append(f"Nothing was changed. To go on, repeat the command with --confirm {error.answer}")
    return CommandError("\n".join(lines), returncode=NEEDS_CONFIRMATION)
