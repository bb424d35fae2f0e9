"""What every incident ruling shares: building the ruling, naming sides, material facts
(each defined once in the package and gathered here for the incident modules)."""

from __future__ import annotations

from collections.abc import Mapping

import chess

from games.rules.chess960 import board_from_fen as chess960_board
from games.rules.clocks import TimeControl, TimeControlError, parse_time_control
from games.rules.material import is_dead_by_material, is_lone_king, only_kings
from games.rules.rulings import ruling
from games.rules.sides import SIDE_EN, SIDE_ZH, both_moves_made, color_name, moves_made

__all__ = [
    "SIDE_EN",
    "SIDE_ZH",
    "IncidentError",
    "board_from_fen",
    "both_moves_made",
    "color_name",
    "is_dead_by_material",
    "is_lone_king",
    "moves_made",
    "only_kings",
    "ruling",
    "time_control_of",
]


class IncidentError(ValueError):
    """An incident that cannot be ruled on as given (wrong side, missing setting, …)."""


def board_from_fen(fen: str, field: str) -> chess.Board:
    """The position ``fen`` given in an incident's ``field``, or an error naming the field."""
    try:
        return chess960_board(fen)
    except ValueError as error:
        raise IncidentError(f"{field}: {fen!r} is not a position: {error}") from None


def time_control_of(headers: Mapping[str, str], given: str | None, purpose: str) -> TimeControl:
    """The game's time control: the incident's ``time_control`` if it gives one, else the
    record's ``TimeControl`` tag; an error naming ``purpose`` when neither has periods."""
    text = given or headers.get("TimeControl", "")
    try:
        control = parse_time_control(text)
    except TimeControlError as error:
        raise IncidentError(f"time_control: {error}") from None
    if not control.is_timed():
        raise IncidentError(
            f"{purpose}: the game has no time control (TimeControl tag or time_control)"
        )
    return control
