"""Point systems as TRF writes them: JaVaFo's ``XXS`` and TRF-2026's record 162.

``XXS`` (JaVaFo/bbpPairings) names each result: ``XXS WW=1 BW=1 WD=0.5 BD=0.5 WL=0 BL=0
ZPB=0 HPB=0.5 FPB=1 PAB=1 FW=1 FL=0``, with ``W=`` and ``D=`` setting both colours at once.
Record 162 (TRF-2026) gives a symbol and a value per result kind: ``W`` win (also forfeit win
and full-point bye), ``D`` draw (also half-point bye), ``L`` loss, ``P`` pairing-allocated bye,
``A`` absence (zero-point bye and forfeit loss), ``X`` adjourned. What 162's grouping cannot
say (a forfeit win worth less than a win, …) TRF-2026 says in records 299, one per kind of
unplayed round: ``299 +          1.0`` (kind in column 5, points in columns 14-17, blank round
and no players: every round, every player).
"""

from __future__ import annotations

import re
from dataclasses import fields, replace
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from tournaments.scoring.sheet import PointSystem

_XXS_FIELDS: dict[str, tuple[str, ...]] = {
    "W": ("win",),
    "WW": ("win",),
    "BW": ("win",),
    "D": ("draw",),
    "WD": ("draw",),
    "BD": ("draw",),
    "L": ("loss",),
    "WL": ("loss",),
    "BL": ("loss",),
    "ZPB": ("zero_bye",),
    "HPB": ("half_bye",),
    "FPB": ("full_bye",),
    "PAB": ("pairing_bye",),
    "FW": ("forfeit_win",),
    "FL": ("forfeit_loss",),
}

_RECORD_162_FIELDS: dict[str, tuple[str, ...]] = {
    "W": ("win", "forfeit_win", "full_bye"),
    "D": ("draw", "half_bye"),
    "L": ("loss",),
    "P": ("pairing_bye",),
    "A": ("zero_bye", "forfeit_loss"),
    "X": (),
}

_XXS_TOKEN = re.compile(r"([A-Z]+)=(\S+)")
_RECORD_162_TOKEN = re.compile(r"([A-Z])\s*=?\s*(\d+(?:[.,]\d+)?)")


def parse_points(text: str) -> Fraction:
    """A point value as TRF writes it (``1``, ``0.5``, ``2,5``), exact. Raises ValueError."""
    try:
        value = Decimal(text.strip().replace(",", "."))
    except InvalidOperation:
        raise ValueError(f"{text!r} is not a number of points") from None
    if not value.is_finite() or value < 0:
        raise ValueError(f"{text!r} is not a number of points")
    return Fraction(value)


def format_points(value: Fraction) -> str:
    """Points with one decimal (``4.0``, ``10.5``), more only when needed (``0.25``)."""
    if (value * 10).denominator == 1:
        return f"{value.numerator / value.denominator:.1f}"
    return str(Decimal(value.numerator) / Decimal(value.denominator))


class PointSystemError(ValueError):
    """A scoring record that cannot be read; ``offset`` is the 0-based offset in the value."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.offset = offset


def apply_xxs(system: PointSystem, value: str) -> PointSystem:
    """The point system after one ``XXS`` record's value."""
    changes: dict[str, Fraction] = {}
    for match in re.finditer(r"\S+", value):
        token = _XXS_TOKEN.fullmatch(match.group())
        if token is None or token.group(1) not in _XXS_FIELDS:
            raise PointSystemError(
                f"expected CODE=POINTS with CODE one of {', '.join(_XXS_FIELDS)}, "
                f"found {match.group()!r}",
                match.start(),
            )
        try:
            points = parse_points(token.group(2))
        except ValueError as error:
            raise PointSystemError(str(error), match.start() + token.start(2)) from None
        for name in _XXS_FIELDS[token.group(1)]:
            changes[name] = points
    return replace(system, **changes)


def apply_record_162(system: PointSystem, value: str) -> PointSystem:
    """The point system after a TRF-2026 record 162's value."""
    changes: dict[str, Fraction] = {}
    position = 0
    for match in _RECORD_162_TOKEN.finditer(value):
        if value[position : match.start()].strip():
            break
        position = match.end()
        symbol = match.group(1)
        if symbol not in _RECORD_162_FIELDS:
            raise PointSystemError(
                f"expected a result symbol ({' '.join(_RECORD_162_FIELDS)}), found {symbol!r}",
                match.start(),
            )
        for name in _RECORD_162_FIELDS[symbol]:
            changes[name] = parse_points(match.group(2))
    if value[position:].strip():
        offset = position + len(value[position:]) - len(value[position:].lstrip())
        raise PointSystemError(
            f"expected a result symbol and its points (e.g. 'W 1.0'), found {value[offset:]!r}",
            offset,
        )
    return replace(system, **changes)


def xxs_value(system: PointSystem) -> str:
    """The value of an ``XXS`` record that states every point of ``system``."""
    names = {
        "W": "win",
        "D": "draw",
        "WL": "loss",
        "BL": "loss",
        "FW": "forfeit_win",
        "FL": "forfeit_loss",
        "PAB": "pairing_bye",
        "HPB": "half_bye",
        "FPB": "full_bye",
        "ZPB": "zero_bye",
    }
    return " ".join(
        f"{code}={format_points(getattr(system, name))}" for code, name in names.items()
    )


def record_162_symbols(value: str) -> dict[str, Fraction]:
    """The points a record 162's value gives each symbol it names (read with
    :func:`apply_record_162` first, which reports what is malformed)."""
    return {
        match.group(1): parse_points(match.group(2)) for match in _RECORD_162_TOKEN.finditer(value)
    }


def record_162_value(system: PointSystem) -> str:
    """The value of a record 162 for ``system`` in the TRF-2026 columns: the symbol in column
    6, its points in 7-10, the next symbol in column 15, and so on every 9 columns."""
    entries = [
        ("W", system.win),
        ("D", system.draw),
        ("L", system.loss),
        ("P", system.pairing_bye),
        ("A", system.zero_bye),
        ("X", system.draw),
    ]
    fields = "    ".join(f"{symbol}{format_points(points):>4}" for symbol, points in entries)
    return "  " + fields


_RECORD_299_KINDS: dict[str, tuple[str, str]] = {
    "+": ("forfeit_win", "W"),
    "-": ("forfeit_loss", "A"),
    "F": ("full_bye", "W"),
    "H": ("half_bye", "D"),
    "Z": ("zero_bye", "A"),
}
"""Record 299's kinds of unplayed round this point system has a field for, with the 162
symbol whose value they take unless a 299 says otherwise."""


def apply_record_299(system: PointSystem, text: str) -> PointSystem | None:
    """The point system after a record 299 (the whole line) that holds for every round and
    every player; None when it is limited to a round or to players, or names a kind (W, D, L
    of one game) that is no field of a point system (such a record assigns points to single
    games, which a point system cannot hold), or its points cannot be read (the reader
    reports that)."""
    kind = text[4:5]
    rounds, players = text[19:22].strip(), text[23:].strip()
    if kind not in _RECORD_299_KINDS or rounds.strip("0") or players:
        return None
    try:
        points = parse_points(text[13:17])
    except ValueError:
        return None
    return replace(system, **{_RECORD_299_KINDS[kind][0]: points})


def record_299_lines(system: PointSystem) -> list[str]:
    """Records 299 for every kind of unplayed round whose points differ from those record
    162 gives its group (see :func:`record_162_value`), in the TRF-2026 columns."""
    group = {"W": system.win, "D": system.draw, "A": system.zero_bye}
    lines = []
    for kind, (name, symbol) in _RECORD_299_KINDS.items():
        points = getattr(system, name)
        if points != group[symbol]:
            lines.append(f"299 {kind}        {format_points(points):>4}")
    return lines


def is_default(system: PointSystem) -> bool:
    """Whether ``system`` is FIDE's 1 / ½ / 0 with every bye at its usual value."""
    default = PointSystem()
    return all(getattr(system, f.name) == getattr(default, f.name) for f in fields(PointSystem))
