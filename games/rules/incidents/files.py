"""Incident files: one JSON object per incident, ``kind`` naming which (see docs/rules.md).

The object's other keys are the incident dataclass's fields; sides are ``"white"`` /
``"black"``, times ISO 8601, enums by value. Every error names the field it is about, and a
JSON syntax error gives its line and column.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from datetime import datetime
from typing import Any

import chess

from .adjournment import Resumption, Sealing
from .claims import DrawClaimIncident
from .draw_offers import DrawOffer
from .illegal import (
    BoardMisplaced,
    ColoursReversed,
    IllegalMoveFound,
    PiecesDisplaced,
    PiecesKnockedOver,
    WrongInitialPosition,
)
from .lateness import Attendance
from .online import Abandonment, AutomaticDrawCheck, KingIntoCheck, Resignation
from .periods import FlagFall, PeriodEnd
from .scoresheets import (
    NeitherRecords,
    RefusalToRecord,
    ScoresheetBorrowing,
    ScoresheetCheck,
    ScoresheetCompletion,
)
from .touch import TouchMoveClaim

KINDS: dict[str, type[Any]] = {
    "lateness": Attendance,
    "seal": Sealing,
    "resumption": Resumption,
    "illegal_move": IllegalMoveFound,
    "displaced_pieces": PiecesDisplaced,
    "knocked_over": PiecesKnockedOver,
    "wrong_initial_position": WrongInitialPosition,
    "colours_reversed": ColoursReversed,
    "board_misplaced": BoardMisplaced,
    "touch_move": TouchMoveClaim,
    "draw_offer": DrawOffer,
    "draw_claim": DrawClaimIncident,
    "scoresheet_check": ScoresheetCheck,
    "scoresheet_completion": ScoresheetCompletion,
    "scoresheet_borrowing": ScoresheetBorrowing,
    "refusal_to_record": RefusalToRecord,
    "arbiter_keeps_score": NeitherRecords,
    "flag_fall": FlagFall,
    "period_end": PeriodEnd,
    "resignation": Resignation,
    "automatic_draw": AutomaticDrawCheck,
    "king_into_check": KingIntoCheck,
    "abandonment": Abandonment,
}
"""Incident kinds as incident files name them."""

_COLOURS = {"white": chess.WHITE, "black": chess.BLACK}


class IncidentFileError(ValueError):
    """An incident file that cannot be read; the message names the field or the position."""


def load_incident(text: str) -> object:
    """The incident an incident file describes."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise IncidentFileError(f"line {error.lineno}, column {error.colno}: {error.msg}") from None
    except RecursionError:
        raise IncidentFileError("the JSON is nested too deeply") from None
    except ValueError as error:  # e.g. an integer of more than 4,300 digits
        raise IncidentFileError(f"not readable JSON: {error}") from None
    if not isinstance(data, dict):
        raise IncidentFileError("an incident file holds one JSON object")
    kind = data.pop("kind", None)
    if kind not in KINDS:
        known = ", ".join(KINDS)
        raise IncidentFileError(f"kind: {kind!r} is not an incident kind (one of: {known})")
    return _build(KINDS[kind], data, "")


def _build(cls: type[Any], data: object, path: str) -> Any:
    if not isinstance(data, dict):
        raise IncidentFileError(f"{path.rstrip('.') or 'incident'}: expected a JSON object")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise IncidentFileError(f"{path}{unknown[0]}: unknown field")
    hints = typing.get_type_hints(cls)
    values = {}
    for name, field in fields.items():
        where = f"{path}{name}"
        if name not in data:
            required = (
                field.default is dataclasses.MISSING
                and field.default_factory is dataclasses.MISSING
            )
            if required:
                raise IncidentFileError(f"{where}: required field missing")
            continue
        is_colour = "chess.Color" in str(cls.__annotations__[name])
        values[name] = _convert(hints[name], data[name], where, is_colour)
    return cls(**values)


def _convert(hint: Any, value: object, where: str, is_colour: bool) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        if value is None:
            return None
        return _convert(options[0], value, where, is_colour)
    if origin is tuple:
        if not isinstance(value, list):
            raise IncidentFileError(f"{where}: expected a list")
        item = typing.get_args(hint)[0]
        return tuple(
            _convert(item, one, f"{where}[{index}]", is_colour) for index, one in enumerate(value)
        )
    if is_colour:
        if not isinstance(value, str) or value not in _COLOURS:
            raise IncidentFileError(f'{where}: expected "white" or "black", got {value!r}')
        return _COLOURS[str(value)]
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(value)
        except (ValueError, TypeError):
            allowed = ", ".join(repr(member.value) for member in hint)
            raise IncidentFileError(f"{where}: {value!r} is not one of {allowed}") from None
    if hint is datetime:
        if not isinstance(value, str):
            raise IncidentFileError(f"{where}: expected an ISO 8601 date and time")
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            raise IncidentFileError(
                f"{where}: {value!r} is not an ISO 8601 date and time"
            ) from None
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        if isinstance(value, str) and len(dataclasses.fields(hint)) == 1:
            return _build(hint, {dataclasses.fields(hint)[0].name: value}, where)
        return _build(hint, value, f"{where}.")
    return _scalar(hint, value, where)


_LARGEST = 10**9
"""No count, number of moves or seconds in an incident comes near it (31 years of seconds)."""


def _refuse_huge(value: float, where: str) -> None:
    if not -_LARGEST <= value <= _LARGEST:  # also NaN and the infinities JSON lets through
        raise IncidentFileError(f"{where}: {str(value)[:20]} is out of range")


def _scalar(hint: Any, value: object, where: str) -> Any:
    if hint is bool:
        if not isinstance(value, bool):
            raise IncidentFileError(f"{where}: expected true or false")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise IncidentFileError(f"{where}: expected a whole number")
        _refuse_huge(value, where)
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise IncidentFileError(f"{where}: expected a number")
        _refuse_huge(value, where)
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise IncidentFileError(f"{where}: expected a string")
        return value
    raise IncidentFileError(f"{where}: cannot read a {hint!r}")
