"""The event's facts a TRF file gives: its header records, system, tie-breaks and points."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from fractions import Fraction
from itertools import pairwise
from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import (
    SWISS_SYSTEM_CODES,
    InitialColor,
    PairingSystem,
    RatingMethod,
    Tournament,
    Variant,
)
from tournaments.pairing.systems import system_of_document
from tournaments.scoring.sheet import (
    Color,
    TournamentSheet,
)
from tournaments.scoring.tiebreaks import parse_tiebreak
from tournaments.trf import TrfDocument
from tournaments.trf.document import parse_trf_date

from ..configuration import tiebreak_problems
from ..errors import TournamentError


def _decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


def _system(document: TrfDocument, sheet: TournamentSheet) -> str:
    """The pairing system: named in record 092/192 when given, else what the games show."""
    kind = f"{document.header('092')} {document.header('192')}".lower()
    if "robin" in kind or "rr" in kind.split():
        return PairingSystem.DOUBLE_ROUND_ROBIN if "double" in kind else PairingSystem.ROUND_ROBIN
    count = len(sheet.players)
    met = {
        frozenset((p.start_rank, e.opponent))
        for p in sheet.players
        for e in p.rounds
        if e.opponent is not None
    }
    if count > 2 and len(met) == count * (count - 1) // 2 and sheet.rounds in {count - 1, count}:
        return PairingSystem.ROUND_ROBIN
    return _swiss_system(document, kind)


def _type_code_known(document: TrfDocument) -> bool:
    """Whether record 192 names a system this application reads: a Swiss system it knows
    (``FIDE_DUBOV``, ``FIDE_DUTCH_2025_BAKU`` …) or a round robin."""
    return system_of_document(document) is not None or "ROBIN" in document.header("192").upper()


def _swiss_system(document: TrfDocument, kind: str) -> str:
    """The Swiss system record 192 names (``FIDE_DUBOV``), else record 092's words
    ("Swiss Dubov"), else the Dutch system, FIDE's default. A system the pairing package
    knows but no event of the application runs is refused, not paired by another's rules."""
    named = system_of_document(document)
    code = named.code if named else next((c for c in _SWISS_CHOICES if c in kind), "dutch")
    if code not in _SWISS_CHOICES:
        raise TournamentError(
            _("record 192 names the %(system)s, which events of this application cannot run yet")
            % {"system": named.name if named else code}
        )
    return _SWISS_CHOICES[code]


_SWISS_CHOICES = {code: choice for choice, code in SWISS_SYSTEM_CODES.items()}


def _tiebreaks(
    document: TrfDocument, round_robin: bool, warnings: list[str]
) -> tuple[list[str], set[str]]:
    """The tie-breaks of record 202, else of TRF-2026's 212 (the standings' definition: the
    points first, then the tie-breaks), and the records used for them. A tie-break this
    application does not know, or a Buchholz in a round robin, is left out and reported."""
    defined = _tiebreak_tokens(document.header("212"))
    if defined and defined[0].upper() != "PTS":
        warnings.append(
            _(
                "record 212: the standings here are ordered by points (PTS) first, the file "
                "names %(first)s; kept for the export, not used"
            )
            % {"first": defined[0]}
        )
        defined = []
    tokens = _tiebreak_tokens(document.header("202"))
    code = "202"
    if not tokens and defined:
        tokens, code = defined[1:], "212"
    found = []
    for token in tokens:
        problems = tiebreak_problems([token], round_robin=round_robin)
        if problems:
            warnings.append(
                _("record %(code)s: %(error)s; left out") % {"code": code, "error": problems[0]}
            )
        else:
            found.append(parse_tiebreak(token).name)
    used = {"202"} if code == "202" else set()
    if defined and [t.upper() for t in defined[1:]] == [t.upper() for t in tokens]:
        used.add("212")
    elif defined:
        warnings.append(
            _(
                "record 212 orders the standings by %(defined)s, record 202 by %(tiebreaks)s; "
                "202's tie-breaks are used, 212 is kept for the export"
            )
            % {"defined": " ".join(defined), "tiebreaks": " ".join(["PTS", *tokens])}
        )
    return found, used


def _ranked_ties(document: TrfDocument, sheet: TournamentSheet, warnings: list[str]) -> list[int]:
    """A finished event's rank column as the order of the players level on points (starting
    ranks, first ranked first), when the file names no tie-break applied here: a TRF16 report
    states its standings there only. Used when every player has his own rank, nobody is
    ranked above a player with more points, and the column says more than points and starting
    rank do (pairing programs fill it so); an event still running has no final ranks."""
    if document.planned_rounds not in {None, sheet.rounds} or not sheet.rounds:
        return []
    ranks = {player.start_rank: player.rank for player in document.players}
    if None in ranks.values() or len(set(ranks.values())) != len(ranks):
        return []
    points = {
        player.start_rank: sum(
            (sheet.points.points(e.outcome) for e in player.rounds if e.round <= sheet.rounds),
            Fraction(0),
        )
        for player in sheet.players
    }
    order = sorted(points, key=lambda rank: ranks[rank] or 0)
    if order == sorted(points, key=lambda rank: (-points[rank], rank)) or any(
        points[higher] < points[lower] for higher, lower in pairwise(order)
    ):
        return []  # nothing beyond points and starting rank (an engine's filler), or no order
    warnings.append(
        _(
            "the file names no tie-breaks: players level on points are ranked as its rank "
            "column orders them (the order of tied players, which the arbiter may change)"
        )
    )
    return order


def _tiebreak_tokens(value: str) -> list[str]:
    return [token for token in re.split(r"[\s,;]+", value) if token]


def document_event_fields(
    document: TrfDocument, filename: str, warnings: list[str]
) -> dict[str, Any]:
    """The event's facts a TRF file's header records give (012, 022, 032, 042/052, 102, 112,
    122), each fitted to its field (a value too long is cut, with a warning)."""
    fitted = _Fitter(document, warnings)
    return {
        "name": fitted("name", "012", document.name or filename or _("Imported tournament")),
        "place": fitted("place", "022", document.header("022")),
        "federation": _federation(document.header("032"), warnings),
        "start_date": document.start_date,
        "end_date": _end_date(document, warnings),
        "chief_arbiter": fitted("chief_arbiter", "102", document.header("102")),
        "deputy_arbiters": fitted(
            "deputy_arbiters",
            "112",
            DEPUTY_SEPARATOR.join(v.strip() for v in document.values("112")),
        ),
        "time_control": fitted("time_control", "122", document.header("122")),
    }


class _Fitter:
    """A header value for the tournament's field, shortened to the field's length with a
    warning naming the record and its line (the file is kept as it was for the export): a
    file's 1 MB name was cut to 200 characters without a word."""

    def __init__(self, document: TrfDocument, warnings: list[str]):
        self.document = document
        self.warnings = warnings

    def __call__(self, field: str, code: str, value: str) -> str:
        limit = Tournament._meta.get_field(field).max_length
        assert limit is not None
        if len(value) <= limit:
            return value
        self.warnings.append(
            _(
                "line %(line)s: record %(code)s: %(length)s characters, at most %(limit)s are "
                "kept: shortened to %(kept)r"
            )
            % {
                "line": record_line(self.document, code),
                "code": code,
                "length": f"{len(value):,}",
                "limit": limit,
                "kept": value[:limit],
            }
        )
        return value[:limit]


def record_line(document: TrfDocument, code: str) -> int | None:
    """The line of the file's first record ``code``."""
    return next((record.line for record in document.records if record.code == code), None)


def unknown_type_code(document: TrfDocument, known: bool) -> list[str]:
    """A warning for a record 192 that names no tournament type this application knows
    (``known``: the caller read it): the system is then the one record 092 or the games
    give, and the record is kept for the export. A 10,000-character code went unremarked."""
    value = document.header("192").strip()
    if known or not value:
        return []
    shown = value if len(value) <= SHOWN_CODE else value[:SHOWN_CODE] + "…"
    return [
        _(
            "line %(line)s: record 192 %(code)r (%(length)s characters) is no tournament type "
            "this application knows; the pairing system is the one record 092 or the games "
            "give, and record 192 is kept for the export"
        )
        % {
            "line": record_line(document, "192"),
            "code": shown,
            "length": f"{len(value):,}",
        }
    ]


SHOWN_CODE = 40
"""How much of an unknown record 192 a warning quotes."""


_POINT_NAMES = (
    "win",
    "draw",
    "loss",
    "pairing_bye",
    "half_bye",
    "full_bye",
    "zero_bye",
    "forfeit_win",
    "forfeit_loss",
)


def _initial_color(document: TrfDocument) -> str:
    """``XXC``/152's first colour; blank (to be drawn by lot) when the file does not say."""
    colour = document.initial_color
    if colour is None:
        return ""
    return InitialColor.WHITE if colour is Color.WHITE else InitialColor.BLACK


def _rating_method(document: TrfDocument) -> str:
    """Record 172's ranking method (columns 9-13); FIDE's when absent or unknown (the reader
    has warned)."""
    for value in document.values("172"):
        method = ("172 " + value)[8:13].strip().upper()
        if method in RatingMethod.values:
            return method
    return RatingMethod.FIDE


def _federation(text: str, warnings: list[str]) -> str:
    code = text.strip().upper()
    if code and not re.fullmatch(r"[A-Z]{3}", code):
        warnings.append(
            _("record 032: %(code)r is not a federation code; left out") % {"code": text}
        )
        return ""
    return code


def _end_date(document: TrfDocument, warnings: list[str]) -> date | None:
    start, end = document.start_date, parse_trf_date(document.header("052"))
    if start and end and end < start:
        warnings.append(_("record 052: the end date is before the start date; left out"))
        return None
    return end


CHESS960_TRF = "Chess960"


def _variant(document: TrfDocument) -> str:
    """Chess960 when record 092 says so (``Chess960``, ``Fischer Random``), else standard."""
    kind = document.header("092").lower().replace(" ", "")
    return Variant.CHESS960 if "chess960" in kind or "fischerrandom" in kind else Variant.STANDARD


DEPUTY_SEPARATOR = "; "
"""Deputy arbiters in one field, one 112 record each in TRF."""
