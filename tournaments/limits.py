"""The documented limits on what one request may ask (docs/limits.md).

Each is far above a real event (the largest opens have about 1,000 players; a double
round robin of 26 players has 50 rounds) and low enough that one request cannot take the
server down. What exceeds one is refused with a message naming the limit.
"""

from __future__ import annotations

import os

PLAYERS_CEILING = 9_999
"""The most :data:`MAX_PLAYERS` may be set to: TRF gives a starting rank (and a rank) four
columns, so a 10,000th player could be stored but never reported to FIDE or exchanged with a
pairing program; and pairing a round keeps every pair of players, so its memory grows with
the square of the field (about 560 MB at 2,000 players)."""


def _players_setting(text: str | None) -> int:
    """The player limit ``text`` (the environment's value) sets: 2,000 when unset."""
    if not text:
        return 2_000
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 2 <= value <= PLAYERS_CEILING:
        raise ValueError(
            f"MAX_PLAYERS={text!r}: the player limit is a whole number from 2 to "
            f"{PLAYERS_CEILING:,}"
        )
    return value


MAX_PLAYERS = _players_setting(os.environ.get("MAX_PLAYERS"))
"""Players in one tournament (registrations, CSV and TRF imports, ``checktrf``): 2,000, or
what ``MAX_PLAYERS`` in the environment sets (every process of a site reads the same)."""

MAX_ROUNDS = 50
"""Rounds of one tournament (its setting, TRF files, round numbers in forms and the API)."""

MAX_ROW_ID = 999_999_999
"""The largest row id (a player's, a board's) a request may name: nine digits, as the API's
paths take them (``<num:…>``, arbiter/converters.py)."""

MAX_BOARDS = MAX_PLAYERS // 2
"""Boards of one round, and entries of one results batch."""

MAX_UPLOAD_BYTES = 20 * 1024 * 1024
"""One uploaded file (PGN, TRF, CSV, pairings), on a page, through the API or to a command."""

MAX_GAMES_PER_FILE = 5_000
"""Games in one PGN file (web upload, ``import_pgn``)."""

MAX_SECONDS = 7 * 24 * 3600
"""A time on a clock or a duration in seconds (a week)."""


def file_size_refusal(size: int) -> str | None:
    """Why a file of ``size`` bytes is refused (:data:`MAX_UPLOAD_BYTES`), or ``None``: every
    path that takes a file asks here before reading it."""
    if size <= MAX_UPLOAD_BYTES:
        return None
    # Imported here: the framework-free readers (tournaments.trf) import the limits too.
    from django.utils.translation import gettext as _  # type: ignore[import-untyped]

    message: str = _("The file has %(size)s MB; at most %(limit)s MB are accepted.") % {
        "size": f"{size / 1024 / 1024:.1f}",
        "limit": MAX_UPLOAD_BYTES // (1024 * 1024),
    }
    return message


def round_refusal(number: int) -> str | None:
    """Why round ``number`` cannot be paired (:data:`MAX_ROUNDS`), or ``None``: every path
    that pairs a round asks here, whatever number of rounds the tournament was given."""
    if number <= MAX_ROUNDS:
        return None
    from django.utils.translation import gettext as _

    message: str = _(
        "Round %(round)s cannot be paired: a tournament has at most %(limit)s rounds."
    ) % {"round": number, "limit": MAX_ROUNDS}
    return message


def boards_refusal(boards: int) -> str | None:
    """Why a round of ``boards`` boards is refused (:data:`MAX_BOARDS`), or ``None``."""
    if boards <= MAX_BOARDS:
        return None
    from django.utils.translation import gettext as _

    message: str = _("More than %(limit)s boards: the limit of one round.") % {
        "limit": f"{MAX_BOARDS:,}"
    }
    return message
