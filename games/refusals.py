"""Why a PGN text is refused before any game of it is read, in the words every path uses
(the page, the API, the background check, ``import_pgn``, ``checkgames``).

Nothing here imports a model: ``checkgames`` asks too, and it starts without the apps.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.rules.records import PgnOutline
from tournaments.limits import MAX_GAMES_PER_FILE

__all__ = ["outline_refusal"]


def outline_refusal(outline: PgnOutline) -> str | None:
    """Why a text so outlined (:func:`games.rules.records.outline_pgn`) is refused: more
    games than :data:`MAX_GAMES_PER_FILE`, or no game at all; ``None`` if it is not."""
    if outline.games > MAX_GAMES_PER_FILE:
        return _(
            "The file has %(games)s games; at most %(limit)s are accepted. Split it round by round."
        ) % {"games": f"{outline.games:,}", "limit": f"{MAX_GAMES_PER_FILE:,}"}
    if not outline.has_games:
        return _(
            'No PGN game found: %(lines)s lines read, without a tag pair ([Event "…"]) or a move.'
        ) % {"lines": f"{outline.lines:,}"}
    return None
