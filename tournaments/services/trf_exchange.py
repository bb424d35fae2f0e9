"""TRF import and export, through the framework-free ``tournaments.trf`` package.

Import stores a file's event, players and every round (games, byes, results) in one
transaction, or nothing; export writes the stored event back as TRF16 or TRF-2026 with the
tournament log as ``###`` comments.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import replace
from datetime import date, datetime, time
from decimal import Decimal
from fractions import Fraction
from itertools import pairwise
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.rules.text import NotTextError, refuse_binary
from tournaments.limits import file_size_refusal
from tournaments.models import (
    SWISS_SYSTEM_CODES,
    Absence,
    Acceleration,
    ByeKind,
    EntrySource,
    ForbiddenPair,
    InitialColor,
    Pairing,
    PairingSystem,
    Player,
    RatingMethod,
    Result,
    ResultChange,
    Round,
    Tournament,
    TournamentLog,
    TrfSource,
    Variant,
)
from tournaments.pairing import PairingError, PairingState, validate_round
from tournaments.pairing.acceleration import baku_accelerations
from tournaments.pairing.base import file_accelerations, recorded_pairing
from tournaments.pairing.systems import system_of_document
from tournaments.pairing.team_checker import is_team_document
from tournaments.scoring.sheet import (
    Color,
    Outcome,
    PlayerSheet,
    PointSystem,
    RoundEntry,
    TournamentSheet,
)
from tournaments.scoring.tiebreaks import parse_tiebreak
from tournaments.selectors import (
    forbidden_rank_ranges,
    missing_results,
    open_adjournments,
    tournament_accelerations,
    tournament_sheet,
    tournament_standings,
)
from tournaments.trf import TrfDocument, TrfError, TrfRecord, read_trf, write_trf
from tournaments.trf import merge as trf_merge
from tournaments.trf import points as trf_points
from tournaments.trf.document import parse_birth, parse_trf_date

from .audit import IMPORTED_ROUND_BREAKS_RULES, log_event, recorded_user
from .configuration import create_tournament, tiebreak_problems
from .double_swiss import imported_match_checks
from .errors import TournamentError, raise_if
from .results import rated_flag
from .warnings import Level, cautions, require_confirmation


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


def _player(tournament: Tournament, sheet: PlayerSheet, warnings: list[str]) -> Player:
    birth_date, birth_year = parse_birth(sheet.birth)
    if sheet.birth.strip() and birth_date is None and birth_year is None:
        warnings.append(
            _("player %(rank)s: birth date %(birth)r not understood; kept in the file only")
            % {"rank": sheet.start_rank, "birth": sheet.birth}
        )
    first = min((entry.round for entry in sheet.rounds), default=1)
    player = Player(
        tournament=tournament,
        name=sheet.name,
        title=sheet.title,
        sex={"f": "w"}.get(sheet.sex.lower(), sheet.sex.lower()),
        federation=sheet.federation.upper(),
        fide_id=sheet.fide_id.lstrip("0"),
        birth_date=birth_date,
        birth_year=birth_year,
        start_rank=sheet.start_rank,
        # Blank cells before a player's first game are a late entry, not a withdrawal.
        first_round=first if sheet.withdrawn_after is None else 1,
        withdrawn_after_round=sheet.withdrawn_after,
        status=(
            Player.Status.WITHDRAWN if sheet.withdrawn_after is not None else Player.Status.ACTIVE
        ),
    )
    setattr(player, f"rating_{tournament.rating_type}", sheet.rating or None)
    return player


_ABSENCES = {
    Outcome.HALF_BYE: Absence.Kind.HALF_POINT_BYE,
    Outcome.ZERO_BYE: Absence.Kind.ZERO_POINT_BYE,
    Outcome.FULL_BYE: Absence.Kind.FULL_POINT_BYE,
}


def _announced_absences(
    document: TrfDocument, played: int, players: dict[int, Player], warnings: list[str]
) -> Iterable[Absence]:
    """Byes for the rounds to come: entered in a player's cells after the last round
    played, in TRF-2026 records 240, or (next round only) in JaVaFo's ``XXZ``."""
    announced: dict[tuple[int, int], Outcome] = {}
    for trf_player in document.players:
        for number, game in enumerate(trf_player.games, start=1):
            if number <= played or game is None or game.outcome is Outcome.NOT_PAIRED:
                continue
            if game.outcome in _ABSENCES:
                announced[trf_player.start_rank, number] = game.outcome
            elif game.outcome in UNSTORED_WITHOUT_OPPONENT:
                warnings.append(_unstored_cell(number, trf_player.start_rank))
    for number in range(played + 1, max(document.planned_rounds or 0, played + 1) + 1):
        for rank, outcome in document.requested_byes(number).items():
            if rank in players and outcome in _ABSENCES:
                announced.setdefault((rank, number), outcome)
    for (rank, number), outcome in announced.items():
        yield Absence(
            player=players[rank],
            round_number=number,
            kind=_ABSENCES[outcome],
            reason=_("announced in the imported file"),
        )


def _player_problems(player: Player, line: int) -> list[str]:
    try:
        player.full_clean(exclude=["tournament"], validate_constraints=False)
    except ValidationError as error:
        return [
            _("line %(line)s, %(field)s: %(message)s")
            % {"line": line, "field": field, "message": " ".join(messages)}
            for field, messages in error.message_dict.items()
        ]
    return []


def _same_fide_ids(players: dict[int, Player], lines: dict[int, int]) -> list[str]:
    """Two player lines with one FIDE id: one player entered twice, or a typing error."""
    first: dict[str, int] = {}
    problems = []
    for rank, player in players.items():
        if not player.fide_id:
            continue
        if player.fide_id not in first:
            first[player.fide_id] = rank
            continue
        other = players[first[player.fide_id]]
        problems.append(
            _(
                "line %(line)s: FIDE id %(id)s is %(name)s's and also %(other)s's on line "
                "%(other_line)s; one FIDE id is one player."
            )
            % {
                "line": lines[rank],
                "id": player.fide_id,
                "name": player.name,
                "other": other.name,
                "other_line": lines[first[player.fide_id]],
            }
        )
    return problems


UNSTORED_WITHOUT_OPPONENT = frozenset({Outcome.ADJOURNED})
"""A cell with no opponent and an adjourned or unknown result (Lichess writes such cells):
no bye kind fits it, so the application stores nothing; the export writes the cell back."""


def _unstored_cell(number: int, rank: int) -> str:
    return _(
        "round %(round)s: player %(rank)s has a result not yet known and no opponent; "
        "kept in the file, not stored as a bye"
    ) % {"round": number, "rank": rank}


def _boards(
    sheet: TournamentSheet, number: int, warnings: list[str], adjusted: set[tuple[int, int]]
) -> tuple[list[tuple[int, int, Result, bool]], list[tuple[int, ByeKind]], list[str]]:
    """Round ``number`` as games (white, black, result, unrated) and byes, by starting rank;
    the players whose cell the application writes otherwise than the file are added to
    ``adjusted`` (starting rank, round)."""
    entries = {p.start_rank: p.entry(number) for p in sheet.players}
    games, byes, problems, seen = [], [], [], set()
    for rank, entry in entries.items():
        if entry.opponent is None:
            if entry.outcome in UNSTORED_WITHOUT_OPPONENT:
                warnings.append(_unstored_cell(number, rank))
            elif entry.outcome != Outcome.NOT_PAIRED:
                byes.append((rank, ByeKind.for_outcome(entry.outcome)))
            continue
        if rank in seen:
            continue
        other = entries.get(entry.opponent)
        if other is None or other.opponent != rank:
            problems.append(
                _("round %(round)s: player %(a)s meets %(b)s, who does not meet him")
                % {"round": number, "a": rank, "b": entry.opponent}
            )
            continue
        seen |= {rank, entry.opponent}
        white, black = rank, entry.opponent
        if entry.color == Color.BLACK or (entry.color is None and other.color == Color.WHITE):
            white, black = black, white
        elif entry.color is None and other.color is None:
            warnings.append(
                _("round %(round)s: no colours for %(a)s – %(b)s; the lower number takes white")
                % {"round": number, "a": white, "b": black}
            )
        white_entry, black_entry = entries[white], entries[black]
        fitted = Result.from_outcomes(white_entry.outcome, black_entry.outcome)
        if fitted is None:
            problems.append(
                _("round %(round)s: results %(w)r and %(b)r of players %(a)s and %(c)s do not fit")
                % {
                    "round": number,
                    "w": white_entry.outcome.value,
                    "b": black_entry.outcome.value,
                    "a": white,
                    "c": black,
                }
            )
            continue
        result, unrated = fitted
        if result.never_rated and not unrated:
            warnings.append(_rated_codes_note(number, white, black, result))
            adjusted |= {(white, number), (black, number)}
        games.append((white, black, result, rated_flag(result, unrated)))
    return games, byes, problems


def _rated_codes_note(number: int, white: int, black: int, result: Result) -> str:
    """A 0-0, ½-0 or 0-½ the file wrote with the codes of a rated game (``0``/``0``,
    ``=``/``0``): FIDE rates only 1-0, ½-½ and 0-1, so it is stored, and exported, as not
    rated (``L``/``L``, ``D``/``L``)."""
    white_code, black_code = (outcome.value for outcome in result.outcomes())
    return _(
        "round %(round)s: %(result)s between players %(white)s and %(black)s is written as a "
        "rated game; FIDE rates only 1-0, ½-½ and 0-1, so it is stored and exported as not "
        "rated (%(white_code)s/%(black_code)s)"
    ) % {
        "round": number,
        "result": result.label,
        "white": white,
        "black": black,
        "white_code": white_code,
        "black_code": black_code,
    }


def _store_rounds(
    tournament: Tournament,
    sheet: TournamentSheet,
    players: dict[int, Player],
    user: AbstractBaseUser | None,
    warnings: list[str],
) -> set[tuple[int, int]]:
    """Store the file's rounds; the cells (starting rank, round) stored otherwise than the
    file wrote them, which the export writes anew."""
    problems: list[str] = []
    rounds = []
    adjusted: set[tuple[int, int]] = set()
    for number in range(1, sheet.rounds + 1):
        games, byes, round_problems = _boards(sheet, number, warnings, adjusted)
        problems += round_problems
        rounds.append((number, games, byes))
    raise_if(problems)
    entered_by = recorded_user(user)
    now = timezone.now()
    for number, games, byes in rounds:
        finished = all(result.is_decided for *_, result, _unrated in games)
        round_ = Round.objects.create(
            tournament=tournament,
            number=number,
            paired_by=Round.PairedBy.IMPORT,
            status=Round.Status.FINISHED if finished else Round.Status.PUBLISHED,
        )
        boards = [
            Pairing(
                round=round_,
                board=board,
                white=players[white],
                black=players[black],
                result=result,
                unrated=unrated,
                entry_source=EntrySource.IMPORT if result != Result.NOT_PLAYED else "",
                entered_by=entered_by if result != Result.NOT_PLAYED else None,
                entered_at=now if result != Result.NOT_PLAYED else None,
            )
            for board, (white, black, result, unrated) in enumerate(games, start=1)
        ]
        boards += [
            Pairing(round=round_, board=board, white=players[rank], bye=kind)
            for board, (rank, kind) in enumerate(byes, start=len(games) + 1)
        ]
        Pairing.objects.bulk_create(boards)
        ResultChange.objects.bulk_create(
            ResultChange(
                pairing=pairing,
                old_result=Result.NOT_PLAYED,
                new_result=pairing.result,
                reason=ResultChange.Reason.IMPORT,
                source=EntrySource.IMPORT,
                user=entered_by,
            )
            for pairing in boards
            if pairing.black is not None and pairing.result != Result.NOT_PLAYED
        )
    return adjusted


def read_trf_file(text: str | bytes, filename: str = "") -> TrfDocument:
    """A TRF file an arbiter hands in (the import on every path, ``checktrf``), read; refused
    (:class:`TournamentError`, naming the file) over the size limit, when it is no text or
    cannot be read, and when no line of it is a player (``001``): random bytes that happen
    to start a line with a TRF code made an event of no player."""
    where = f"{filename}: " if filename else ""
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", errors="replace"))
    if refusal := file_size_refusal(size):
        raise TournamentError(f"{where}{refusal}")
    try:
        if isinstance(text, str):
            refuse_binary(text)
        document = read_trf(text)
    except (TrfError, NotTextError) as error:
        raise TournamentError(f"{where}{error}") from None
    if not document.players:
        raise TournamentError(
            where
            + _(
                "this is not a TRF file of a tournament: none of its %(lines)s lines is a "
                "player line (001)"
            )
            % {"lines": f"{len(document.entries):,}"}
        )
    return document


@transaction.atomic
def import_trf(
    text: str | bytes,
    *,
    user: AbstractBaseUser | None = None,
    filename: str = "",
    confirm: str = "",
) -> Tournament:
    """A new tournament from a TRF06/16/2026 file; refuses the whole file on any error.

    Each round of the file is checked against the pairing rules (FIDE checklist J51): a file
    whose rounds break them (a rematch, a third colour running, a colour difference over two,
    a second pairing-allocated bye, …) asks an L3 confirmation naming each round and rule
    (``confirm``) before anything is stored; stored, each such round is logged as ``###
    Import @ Round n``. How the rounds differ from our engine's pairing is not asked: another
    engine's legal choices are the file's to make.
    """
    document = read_trf_file(text, filename)
    if is_team_document(document):
        from .trf_teams import import_team_event  # the team records' module, which uses this one

        return import_team_event(document, user=user, filename=filename, confirm=confirm)
    sheet = document.to_sheet()
    warnings = list(document.warnings)
    points = sheet.points
    system = _system(document, sheet)
    round_robin = system in (PairingSystem.ROUND_ROBIN, PairingSystem.DOUBLE_ROUND_ROBIN)
    meetings = 2 if system == PairingSystem.DOUBLE_ROUND_ROBIN else 1
    if system == PairingSystem.DOUBLE_SWISS:
        breaches, notes = imported_match_checks(document), []
    else:
        breaches, notes = _round_checks(document, sheet, meetings)
    require_confirmation(
        cautions(Level.CONFIRM, [_breach_question(n, problems) for n, problems in breaches]),
        confirm,
        action="import-trf",
    )
    warnings += [_breach_question(number, problems) for number, problems in notes]
    tiebreaks, applied = _tiebreaks(document, round_robin, warnings)
    tournament = create_tournament(
        **document_event_fields(document, filename, warnings),
        system=system,
        number_of_rounds=max(document.planned_rounds or 0, sheet.rounds, 1),
        user=user,
        tiebreaks=tiebreaks,
        tie_order=[] if tiebreaks else _ranked_ties(document, sheet, warnings),
        rating_method=_rating_method(document),
        initial_color=_initial_color(document),
        variant=_variant(document),
        **{f"points_{name}": _decimal(getattr(points, name)) for name in _POINT_NAMES},
    )
    lines = {player.start_rank: player.line for player in document.players}
    players = {p.start_rank: _player(tournament, p, warnings) for p in sheet.players}
    raise_if(
        [
            problem
            for rank, player in players.items()
            for problem in _player_problems(player, lines[rank])
        ]
        + _same_fide_ids(players, lines)
    )
    Player.objects.bulk_create(players.values())
    adjusted = _store_rounds(tournament, sheet, players, user, warnings)
    Absence.objects.bulk_create(_announced_absences(document, sheet.rounds, players, warnings))
    for apply in (
        _apply_acceleration,
        _apply_forbidden_pairs,
        _apply_round_dates,
        _apply_abnormal_points,
    ):
        notes, codes = apply(tournament, document, players)
        warnings += notes
        applied |= codes
    warnings += _unused_records(document, applied)
    log_event(
        tournament,
        TournamentLog.Kind.IMPORT,
        gettext_lazy("Imported %(file)s: %(players)s players, %(rounds)s rounds."),
        params={"file": filename or "TRF", "players": len(players), "rounds": sheet.rounds},
        user=user,
        round_number=sheet.rounds or None,
        reason="\n".join(warnings),
    )
    for comment in document.comments:
        log_event(tournament, TournamentLog.Kind.IMPORT, comment, user=user)
    _keep_source(tournament, document, players, filename, adjusted)
    commented = {
        comment.split(":", 1)[0].strip()
        for comment in document.comments
        if comment.startswith("Import @ Round ")
    }
    for number, problems in breaches:
        # Confirmed: ### Import @ Round n in the report, unless the file says it already.
        log_event(
            tournament,
            TournamentLog.Kind.IMPORT,
            (
                IMPORTED_ROUND_BREAKS_RULES
                if f"Import @ Round {number}" not in commented
                else gettext_lazy(
                    "Round %(round)s as imported breaks the pairing rules: %(problems)s"
                )
            ),
            params={
                "round": number,
                "source": Round.PairedBy.IMPORT.label,
                "problems": "; ".join(problems),
            },
            user=user,
            round_number=number,
        )
    return tournament


def _breach_question(number: int, problems: list[str]) -> str:
    return _("Round %(round)s as the file has it: %(problems)s.") % {
        "round": number,
        "problems": "; ".join(problems),
    }


def document_event_fields(
    document: TrfDocument, filename: str, warnings: list[str]
) -> dict[str, Any]:
    """The event's facts a TRF file's header records give (012, 022, 032, 042/052, 102, 112,
    122), each fitted to its field (a value too long is cut, with a warning)."""
    return {
        "name": _fitted(
            "name", "012", document.name or filename or _("Imported tournament"), warnings
        ),
        "place": _fitted("place", "022", document.header("022"), warnings),
        "federation": _federation(document.header("032"), warnings),
        "start_date": document.start_date,
        "end_date": _end_date(document, warnings),
        "chief_arbiter": _fitted("chief_arbiter", "102", document.header("102"), warnings),
        "deputy_arbiters": _fitted(
            "deputy_arbiters",
            "112",
            DEPUTY_SEPARATOR.join(v.strip() for v in document.values("112")),
            warnings,
        ),
        "time_control": _fitted("time_control", "122", document.header("122"), warnings),
    }


def _fitted(field: str, code: str, value: str, warnings: list[str]) -> str:
    """``value`` for the tournament's ``field``, shortened to the field's length with a
    warning saying so (the file is kept as it was for the export): a file's 1 MB name was
    cut to 200 characters without a word."""
    limit = Tournament._meta.get_field(field).max_length
    assert limit is not None
    if len(value) <= limit:
        return value
    warnings.append(
        _(
            "record %(code)s: %(length)s characters, at most %(limit)s are kept: "
            "shortened to %(kept)r"
        )
        % {"code": code, "length": f"{len(value):,}", "limit": limit, "kept": value[:limit]}
    )
    return value[:limit]


def _round_checks(
    document: TrfDocument, sheet: TournamentSheet, meetings: int
) -> tuple[list[tuple[int, list[str]]], list[tuple[int, list[str]]]]:
    """Each imported round checked as a submitted one would be (FIDE checklist J51): the
    rounds that break the rules, each with the rules broken (kept as in the file once
    confirmed), and the rounds with notes that break none (a pair met again whose game was
    not played), for the import's report."""
    breaches, notes = [], []
    # The event's rounds as the import stores them: a file without XXR ends with its last
    # round, whose topscorers the colour rules do not bind (C.04.3 C3).
    planned = max(document.planned_rounds or 0, sheet.rounds)
    for number in range(1, sheet.rounds + 1):
        try:
            state = replace(PairingState.from_trf(document, number), planned_rounds=planned)
        except PairingError as error:
            breaches.append((number, [str(error)]))
            continue
        check = validate_round(state, recorded_pairing(sheet, number), meetings_allowed=meetings)
        if check.breaches:
            breaches.append((number, check.breaches))
        if check.notes:
            notes.append((number, check.notes))
    return breaches, notes


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


def _header_records(
    tournament: Tournament, sheet: TournamentSheet, version: int, source: str | None
) -> Iterable[TrfRecord]:
    """The header records the application writes; ``source`` is the text of the file the
    tournament was imported from, if it was."""
    fields = [
        ("022", tournament.place),
        ("032", tournament.federation),
        ("042", tournament.start_date.strftime("%Y/%m/%d") if tournament.start_date else ""),
        ("052", tournament.end_date.strftime("%Y/%m/%d") if tournament.end_date else ""),
        ("062", str(len(sheet.players))),
        ("072", str(sum(1 for player in sheet.players if player.rating))),
        ("092", _tournament_type(tournament)),
        ("102", tournament.chief_arbiter),
        ("122", tournament.time_control),
    ]
    for code, value in fields:
        if value:
            yield TrfRecord(f"{code} {value}")
        if code == "102":
            for deputy in tournament.deputy_arbiters.split(DEPUTY_SEPARATOR):
                if deputy.strip():
                    yield TrfRecord(f"112 {deputy.strip()}")
    dates = _round_dates(tournament)
    if dates:
        yield TrfRecord(dates)
    yield TrfRecord(f"XXR {tournament.number_of_rounds}")
    for rank, virtual in sorted(tournament_accelerations(tournament).items()):
        yield TrfRecord(f"XXA {rank:4d}" + "".join(f" {float(p):4.1f}" for p in virtual))
    if tournament.initial_color:
        yield TrfRecord(f"XXC {tournament.initial_color}1")
    next_round = sheet.rounds + 1
    for first, second, from_round, to_round in forbidden_rank_ranges(tournament):
        # JaVaFo's XXP, which every engine reads, has no rounds: it is written for the pairs
        # forbidden in the round a pairing program pairs next. TRF-2026's own 260 has them.
        if from_round <= next_round and (to_round is None or next_round <= to_round):
            yield TrfRecord(f"XXP {first} {second}")
        if version == 2026:
            last = to_round or tournament.number_of_rounds
            yield TrfRecord(f"260 {from_round:03d} {last:03d} {first:4d} {second:4d}")
    controller = _pairing_controller(tournament, source) if version == 2026 else ""
    if controller:
        yield TrfRecord(f"182 {controller}")
    if version == 2026 and source is None:
        # An imported file's own 192 and XXA/250 are written back as it said them (the merge).
        yield from _tournament_type_code(tournament)
        yield from _acceleration_records(tournament)
    if version == 2026:
        # The scoring, stated even when it is FIDE's: a final TRF-2026 omits nothing.
        system = tournament.point_system()
        yield TrfRecord("162" + trf_points.record_162_value(system))
        yield from (TrfRecord(line) for line in trf_points.record_299_lines(system))
    if version == 2026:
        yield from _announced_bye_records(tournament, sheet.rounds)
    if version == 2026 and tournament.tiebreaks:
        yield TrfRecord("202 " + " ".join(tournament.tiebreaks))
        # 212 defines the standings whole: the points first, then the tie-breaks.
        yield TrfRecord("212 PTS " + " ".join(tournament.tiebreaks))
    if version == 2026 and tournament.rating_method != RatingMethod.FIDE:
        yield TrfRecord(f"172 {tournament.federation:<3} {tournament.rating_method}")


def _tournament_type_code(tournament: Tournament) -> Iterable[TrfRecord]:
    """Record 192, the encoded type of a Swiss event (TRF-2026's code table: the system and
    its edition, ``_BAKU`` when Baku-accelerated), which pairing programs read to pair it."""
    system = tournament.swiss_system
    if system is None:
        return
    baku = "_BAKU" if tournament.acceleration == Acceleration.BAKU else ""
    yield TrfRecord(f"192 {system.trf_codes[0]}{baku}")


def _tournament_type(tournament: Tournament) -> str:
    """Record 092, the type of tournament: the pairing system, and Chess960 when it is. TRF
    has no record of its own for the variant; 092 is the free text that names the event's
    kind, which a file's reader sees first (and :func:`_variant` reads back)."""
    system = str(tournament.get_system_display())
    return f"{system}, {CHESS960_TRF}" if tournament.is_chess960 else system


CHESS960_TRF = "Chess960"


def _variant(document: TrfDocument) -> str:
    """Chess960 when record 092 says so (``Chess960``, ``Fischer Random``), else standard."""
    kind = document.header("092").lower().replace(" ", "")
    return Variant.CHESS960 if "chess960" in kind or "fischerrandom" in kind else Variant.STANDARD


_BYE_LETTERS = {
    Absence.Kind.HALF_POINT_BYE: "H",
    Absence.Kind.FULL_POINT_BYE: "F",
    Absence.Kind.ZERO_POINT_BYE: "Z",
}


def _announced_bye_records(tournament: Tournament, played: int) -> Iterable[TrfRecord]:
    """TRF-2026 records 240: the byes announced for the rounds not yet paired, one record per
    kind and round (TRF16 can give only the next round's, in its column)."""
    absences = Absence.objects.filter(
        player__tournament=tournament, round_number__gt=played, player__start_rank__isnull=False
    ).values_list("round_number", "kind", "player__start_rank")
    grouped: dict[tuple[int, str], list[int]] = {}
    for number, kind, rank in absences:
        grouped.setdefault((number, kind), []).append(rank)
    for (number, kind), ranks in sorted(grouped.items()):
        letter = _BYE_LETTERS[Absence.Kind(kind)]
        yield TrfRecord(f"240 {letter} {number:03d}" + "".join(f" {r:4d}" for r in sorted(ranks)))


def _acceleration_records(tournament: Tournament) -> Iterable[TrfRecord]:
    """TRF-2026 records 250: the virtual points, the rounds and the players they go to, one
    record per run of consecutive rounds with the same points, for each run of consecutive
    starting ranks that get the same points in every round (Baku: two records)."""
    by_rank = sorted(tournament_accelerations(tournament).items())
    groups: list[tuple[tuple[Fraction, ...], int, int]] = []
    for rank, points in by_rank:
        if groups and groups[-1][0] == points and groups[-1][2] == rank - 1:
            groups[-1] = (points, groups[-1][1], rank)
        else:
            groups.append((points, rank, rank))
    for points, first_player, last_player in groups:
        number = 0
        while number < len(points):
            last = number
            while last + 1 < len(points) and points[last + 1] == points[number]:
                last += 1
            if points[number]:
                yield TrfRecord(
                    f"250 {'':4} {float(points[number]):4.1f} {number + 1:3d} {last + 1:3d} "
                    f"{first_player:4d} {last_player:4d}"
                )
            number = last + 1


def _pairing_controller(tournament: Tournament, source: str | None) -> str:
    """Record 182 (TRF-2026: the program or user making the pairings): the engine and rule
    edition of the rounds an engine paired (``…, changed by hand`` when a manual pairing
    session then changed a board), else who paired them (an imported round by the
    file's own 182 when it had one), with the rounds each paired when there are several;
    empty until a round is paired here."""
    rounds = tournament.rounds.order_by("number").values_list("number", "paired_by", "engine")
    if all(paired_by == Round.PairedBy.IMPORT for _number, paired_by, _engine in rounds):
        return ""  # nothing paired here: an imported file's own 182 is written as it was
    imported = ""
    if source:
        imported = next(
            (line[4:].strip() for line in source.splitlines() if line.startswith("182 ")), ""
        )
    by_controller: dict[str, list[int]] = {}
    for number, paired_by, engine in rounds:
        if engine and paired_by == Round.PairedBy.MANUAL:
            controller = f"{engine}, {CHANGED_BY_HAND}"  # a manual pairing session changed it
        elif engine:
            controller = engine
        elif paired_by == Round.PairedBy.IMPORT and imported:
            controller = imported
        else:
            with translation.override("en"):
                controller = str(Round.PairedBy(paired_by).label)
        by_controller.setdefault(controller, []).append(number)
    if len(by_controller) <= 1:
        return next(iter(by_controller), "")
    return "; ".join(
        f"{controller} ({_rounds_phrase(numbers)})" for controller, numbers in by_controller.items()
    )


CHANGED_BY_HAND = "changed by hand"
"""Record 182's words for a round the engine paired and the arbiter then changed."""


def _rounds_phrase(numbers: list[int]) -> str:
    """``round 2``, ``rounds 1, 3``: English, as every TRF record this module writes."""
    listed = ", ".join(str(number) for number in numbers)
    return f"round {listed}" if len(numbers) == 1 else f"rounds {listed}"


def _round_dates(tournament: Tournament) -> str:
    """Record 132: each round's date (``YY/MM/DD``, local time) in its column from 92 on."""
    starts = dict(tournament.rounds.values_list("number", "starts_at"))
    if not any(starts.values()):
        return ""
    blocks = [
        f"{timezone.localtime(starts[n]):%y/%m/%d}" if starts.get(n) else " " * 8
        for n in range(1, max(starts) + 1)
    ]
    return ("132" + " " * 88 + "  ".join(blocks)).rstrip()


COMMENT_TAGS = {
    TournamentLog.Kind.MANUAL_PAIRING: "MPA",
    TournamentLog.Kind.FULL_POINT_BYE: "FPB",
    TournamentLog.Kind.RATING_REPORT: "Rating correction",
}
"""The TEC manual's short tags, and the rating-report corrections (FIDE checklist F38) as
``### Rating correction @ Round n``; every other kind is written with its English label."""


def _comments(tournament: Tournament) -> Iterable[TrfRecord]:
    """The log's integrity events as TRF-2026 ``###`` comments, in English whatever the
    site's language: ``### Correction @ Round 4: …``, ``### FPB @ Round 2: …``."""
    # A file import's entries are the file's, written back with it; a round sent later that
    # breaks the pairing rules is written as ### Import @ Round n (J51).
    with translation.override(None):
        finding = str(IMPORTED_ROUND_BREAKS_RULES)
    entries = tournament.log.exclude(Q(kind=TournamentLog.Kind.IMPORT) & ~Q(message_id=finding))
    for entry in entries.iterator():
        with translation.override("en"):
            tag = COMMENT_TAGS.get(entry.kind) or str(TournamentLog.Kind(entry.kind).label)
        where = f" @ Round {entry.round_number}" if entry.round_number else ""
        reason = f" ({entry.reason})" if entry.reason else ""
        text = " ".join(f"{tag}{where}: {entry.message}{reason}".split())
        yield TrfRecord(f"### {text}")


def _with_announced_byes(tournament: Tournament, sheet: TournamentSheet) -> TournamentSheet:
    """The sheet plus the byes requested for the next round, which pairing engines read."""
    following = sheet.rounds + 1
    requested = {
        absence.player.start_rank: absence
        for absence in Absence.objects.filter(
            player__tournament=tournament, round_number=following
        ).select_related("player")
    }
    if not requested:
        return sheet
    outcome = {kind: outcome for outcome, kind in _ABSENCES.items()}
    players = [
        replace(
            player,
            rounds=(
                *player.rounds,
                RoundEntry(following, outcome[Absence.Kind(requested[player.start_rank].kind)]),
            ),
        )
        if player.start_rank in requested
        else player
        for player in sheet.players
    ]
    return replace(sheet, players=players)


def final_export_problems(tournament: Tournament) -> list[str]:
    """Why the event cannot be exported as final: adjourned games open, results missing
    (FIDE checklist G42)."""
    problems = [
        _("Round %(round)s, board %(board)s is adjourned; enter its result first.")
        % {"round": number, "board": board}
        for number, board in open_adjournments(tournament)
    ]
    problems += [
        _("Round %(round)s, board %(board)s has no result.") % {"round": number, "board": board}
        for number, board in missing_results(tournament)
    ]
    return problems


TRF16_LEAVES_OUT = (
    gettext_lazy("the tie-breaks and the order of the standings (records 202 and 212)"),
    gettext_lazy("the scoring (records 162 and 299; a scoring other than 1, ½, 0 is written XXS)"),
    gettext_lazy("who paired each round (record 182)"),
    gettext_lazy("byes announced beyond the next round (records 240)"),
    gettext_lazy("the rounds a pair is forbidden in (records 260; XXP names next round's pairs)"),
    gettext_lazy("the rating method, when it is not FIDE's (record 172)"),
    gettext_lazy("adjourned games: TRF16 has no code for them, so it is refused while one is open"),
)
"""What TRF-2026 carries and TRF16 has no record for; the page offering the files says so."""


def standing_ranks(tournament: Tournament) -> dict[int, int]:
    """Each player's line in the standings by the event's tie-breaks, by starting rank: the
    rank column of a TRF report, TRF16 and TRF-2026 alike (players without a place follow
    the ranked ones)."""
    standings = tournament_standings(tournament)
    return {row.start_rank: line for line, row in enumerate(standings.rows, start=1)}


def export_trf(tournament: Tournament, *, version: int = 16, final: bool = False) -> str:
    """The tournament as TRF16 (``version=16``) or TRF-2026, both with the log's integrity
    events as ``###`` comments and the standings rank, by the event's tie-breaks, in the rank
    column (what FIDE rates and publishes; pairing engines do not read it). TRF16 has no
    records for the tie-breaks, the scoring or the pairing controller (202/212, 162/299,
    182): only TRF-2026 carries them (:data:`TRF16_LEAVES_OUT`).

    Byes requested for the next round are written in its column, as pairing engines expect;
    a round still in draft is written with its games as paired, result not yet known.
    ``final`` (the file for the rating office) refuses while a game is adjourned or a result
    is missing. A tournament imported from a file is written as that file said, record by
    record and field by field, except what the arbiter changed since (see
    :mod:`tournaments.trf.merge`): then the recomputed record is written, and a ``###``
    comment says which and what the file had.
    """
    if final:
        raise_if(final_export_problems(tournament))
    comments = [record.text for record in _comments(tournament)]
    source = TrfSource.objects.filter(tournament=tournament).first()
    if source is None:
        return _application_text(tournament, version, comments, None)
    current = trf_merge.rendering(
        _application_text(tournament, version, [], source.text), _player_keys(tournament)
    )
    merged = trf_merge.merge(
        read_trf(source.text),
        {int(rank): key for rank, key in source.players.items()},
        source.rendering.get(str(version)) or {},
        current,
        comments,
    )
    notes = [
        f"### Export: record {code} recomputed, the tournament changed after the import"
        + (f" (the file said: {said})" if said else "")
        for code, said in merged.recomputed
    ]
    lines = merged.lines
    first_player = next((i for i, line in enumerate(lines) if line.startswith("001")), len(lines))
    # Before the log's comments, which the merge put right before the first player.
    at = first_player - len(comments)
    lines[at:at] = notes
    return "\n".join(lines) + "\n"


def _application_text(
    tournament: Tournament, version: int, comments: list[str], source: str | None
) -> str:
    """The tournament as the application writes it, from the database (and, for an imported
    tournament, the ``source`` file's own 182); a team event with its team records."""
    if tournament.is_team_event:
        from .trf_teams import team_application_text

        return team_application_text(tournament, version, comments, source)
    sheet = _with_announced_byes(tournament, _with_games_awaiting_results(tournament))
    records = list(_header_records(tournament, sheet, version, source))
    records += [TrfRecord(text) for text in comments]
    try:
        document = TrfDocument.from_sheet(sheet, records=records, ranks=standing_ranks(tournament))
        return write_trf(document, version=version)
    except TrfError as error:
        raise TournamentError(str(error)) from None


def _with_games_awaiting_results(tournament: Tournament) -> TournamentSheet:
    """The sheet with the games paired but not yet decided (a draft round's, a round being
    played) written as games: opponent and colour, result blank. Without them a pairing
    program would pair the next round on top of a round already paired."""
    sheet = tournament_sheet(tournament)
    waiting = Pairing.objects.filter(
        round__tournament=tournament,
        black__isnull=False,
        result=Result.NOT_PLAYED,
        white__start_rank__isnull=False,
        black__start_rank__isnull=False,
    ).values_list("round__number", "white__start_rank", "black__start_rank")
    paired: dict[int, dict[int, RoundEntry]] = {}
    for number, white, black in waiting:
        paired.setdefault(white, {})[number] = RoundEntry(
            number, Outcome.NOT_PAIRED, black, Color.WHITE
        )
        paired.setdefault(black, {})[number] = RoundEntry(
            number, Outcome.NOT_PAIRED, white, Color.BLACK
        )
    if not paired:
        return sheet
    players = [
        replace(
            player,
            rounds=tuple(
                paired.get(player.start_rank, {}).get(entry.round, entry) for entry in player.rounds
            ),
        )
        for player in sheet.players
    ]
    return replace(sheet, players=players)


def _player_keys(tournament: Tournament) -> dict[int, str]:
    return {
        rank: str(pk)
        for rank, pk in tournament.players.filter(start_rank__isnull=False).values_list(
            "start_rank", "pk"
        )
    }


def _keep_source(
    tournament: Tournament,
    document: TrfDocument,
    players: dict[int, Player],
    filename: str,
    adjusted: Collection[tuple[int, int]] = (),
) -> None:
    """Keep the file, and how the application writes the tournament just imported, so that
    the export can tell what the arbiter changed since. The ``adjusted`` cells (starting
    rank, round), which the import stored otherwise than the file wrote them, count as
    changed: the export writes them as the application does."""
    keys = _player_keys(tournament)
    source = TrfSource.objects.create(
        tournament=tournament,
        filename=filename[:255],
        text="".join(line + "\n" for line in _source_lines(document)),
        players={str(rank): str(player.pk) for rank, player in players.items()},
    )
    renderings: dict[str, trf_merge.Rendering | None] = {}
    for version in (16, 2026):
        try:
            text = _application_text(tournament, version, [], source.text)
        except TournamentError:
            renderings[str(version)] = None  # e.g. an adjourned game, which TRF16 cannot hold
            continue
        rendering = trf_merge.stored(trf_merge.rendering(text, keys))
        for rank, number in adjusted:
            cells = rendering["players"].get(keys.get(rank), {}).get("cells", [])
            if number <= len(cells):
                cells[number - 1] = ""  # no cell the application writes: always changed
        renderings[str(version)] = rendering
    source.rendering = renderings
    source.save(update_fields=["rendering"])


def _source_lines(document: TrfDocument) -> list[str]:
    return [
        entry.text if isinstance(entry, TrfRecord) else entry.source for entry in document.entries
    ]


DEPUTY_SEPARATOR = "; "
"""Deputy arbiters in one field, one 112 record each in TRF."""


def _apply_acceleration(
    tournament: Tournament, document: TrfDocument, players: dict[int, Player]
) -> tuple[list[str], set[str]]:
    """``XXA`` records (else TRF-2026 records 250) switch a Swiss tournament's acceleration
    on: Baku's when the virtual points are Baku's for this field, else the file's own. Without
    either, record 192 naming a Baku system (``FIDE_DUTCH_2025_BAKU``) switches Baku's on, its
    group GA as round 1 of the file drew it up (:func:`file_accelerations`)."""
    code, virtual = "XXA", document.acceleration
    if not virtual:
        code, virtual = "250", document.acceleration_250
    if not virtual and document.baku_stated:
        code, virtual = "192", file_accelerations(document)
    if not virtual or tournament.is_round_robin:
        return [], set()  # a round robin has no acceleration: reported as not used
    baku = baku_accelerations(sorted(players), tournament.number_of_rounds)
    if code == "192":
        tournament.acceleration = Acceleration.BAKU
        if document.played_rounds:  # GA's last player was fixed when round 1 was paired
            tournament.baku_last_ga = players[max(virtual)]
    elif _without_zeros(virtual) == _without_zeros(baku):
        tournament.acceleration = Acceleration.BAKU
    else:
        tournament.acceleration = Acceleration.FILE
        tournament.virtual_points = {
            str(rank): [str(points) for points in by_round] for rank, by_round in virtual.items()
        }
    tournament.save(update_fields=["acceleration", "virtual_points", "baku_last_ga"])
    note = _(
        "records %(code)s: acceleration switched on (%(kind)s) for %(players)s players; the "
        "engine pairs the next rounds with these virtual points"
    ) % {
        "code": code,
        "kind": Acceleration(tournament.acceleration).label,
        "players": len(_without_zeros(virtual)),
    }
    return [note], {code}


def _without_zeros(virtual: dict[int, tuple[Fraction, ...]]) -> dict[int, tuple[Fraction, ...]]:
    """Virtual points without trailing zero rounds and players with none: two files giving
    the same points compare equal however many rounds they write."""
    trimmed = {}
    for rank, points in virtual.items():
        kept = list(points)
        while kept and not kept[-1]:
            kept.pop()
        if kept:
            trimmed[rank] = tuple(kept)
    return trimmed


def _apply_forbidden_pairs(
    tournament: Tournament, document: TrfDocument, players: dict[int, Player]
) -> tuple[list[str], set[str]]:
    """``XXP`` groups (every round) and TRF-2026 records 260 (their rounds) become the
    tournament's forbidden pairs, which the engine honours. A pair named again for rounds
    that neither meet nor touch its first rounds is reported and kept for the export only."""
    notes: list[str] = []
    used: set[str] = set()
    spans: dict[tuple[int, int], tuple[int, int | None]] = {}
    for record in document.records:
        if record.code == "XXP":
            ranks, span = [int(n) for n in record.value.split()], (1, None)
        elif record.code == "260":
            ranks, span = _record_260(record.text, tournament.number_of_rounds)
        else:
            continue
        unknown = [rank for rank in ranks if rank not in players]
        if unknown:
            notes.append(
                _("line %(line)s: record %(code)s names no player %(ranks)s; kept, not used")
                % {"line": record.line, "code": record.code, "ranks": ", ".join(map(str, unknown))}
            )
            continue
        used.add(record.code)
        for pair in {(a, b) for a in ranks for b in ranks if a < b}:
            joined = _joined_span(spans[pair], span) if pair in spans else span
            if joined is None:
                notes.append(
                    _(
                        "line %(line)s: players %(first)s and %(second)s are already forbidden "
                        "to meet in other rounds; a pair here has one run of rounds, so these "
                        "are kept for the export, not used"
                    )
                    % {"line": record.line, "first": pair[0], "second": pair[1]}
                )
            else:
                spans[pair] = joined
    ForbiddenPair.objects.bulk_create(
        ForbiddenPair(
            tournament=tournament,
            first=min(players[a], players[b], key=lambda p: p.pk),
            second=max(players[a], players[b], key=lambda p: p.pk),
            from_round=first,
            to_round=last,
            reason=_("in the imported file"),
        )
        for (a, b), (first, last) in sorted(spans.items())
    )
    if spans:
        notes.append(
            ngettext(
                "%(count)s forbidden pair from the file; the engine will not pair it",
                "%(count)s forbidden pairs from the file; the engine will not pair them",
                len(spans),
            )
            % {"count": len(spans)}
        )
    return notes, used


def _record_260(text: str, rounds: int) -> tuple[list[int], tuple[int, int | None]]:
    """A record 260's players and rounds (first, last; last ``None`` when it runs to the
    end of the event). As :meth:`TrfDocument.forbidden_groups` reads it: no first round is
    every round, no last round is the first round only."""
    first = int(text[4:7].strip() or 0)
    last: int | None = int(text[8:11].strip() or 0) or first
    if not first or (last is not None and last >= rounds):
        last = None
    first = max(first, 1)
    fields = [text[start : start + 4] for start in range(12, len(text), 5)]
    return [int(field) for field in fields if field.strip()], (first, last)


def _joined_span(
    one: tuple[int, int | None], other: tuple[int, int | None]
) -> tuple[int, int | None] | None:
    """The rounds of two spans as one span when they meet or touch, else None."""
    (a, a_last), (b, b_last) = sorted([one, other], key=lambda span: span[0])
    if a_last is not None and a_last + 1 < b:
        return None
    last = None if a_last is None or b_last is None else max(a_last, b_last)
    return a, last


def _apply_abnormal_points(
    tournament: Tournament, document: TrfDocument, players: dict[int, Player]
) -> tuple[list[str], set[str]]:
    """Records 299 that give a kind of unplayed round its points in every round are part of
    the point system (the sheet read them); one that gives single games or rounds their
    points is kept for the export and reported, since points here follow the result."""
    notes: list[str] = []
    for record in document.records:
        if record.code != "299":
            continue
        if trf_points.apply_record_299(PointSystem(), record.text) is None:
            notes.append(
                _(
                    "line %(line)s: record 299 gives points to single games or rounds; here "
                    "points follow each result, so it is kept for the export, not used"
                )
                % {"line": record.line}
            )
    return notes, {"299"}


_ROUND_DATE = re.compile(r"(\d{2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})")


def _round_day(text: str) -> date | None:
    """A record-132 date: TRF's ``YY/MM/DD``, or a full date in a usual spelling."""
    short = _ROUND_DATE.fullmatch(text.strip())
    if short is None:
        return parse_trf_date(text)
    year, month, day = (int(part) for part in short.groups())
    try:
        return date(2000 + year, month, day)
    except ValueError:
        return None


def _apply_round_dates(
    tournament: Tournament, document: TrfDocument, players: dict[int, Player]
) -> tuple[list[str], set[str]]:
    """Record 132's dates become the dates of the rounds imported; those of rounds not yet
    paired are kept for the export only (no round holds them yet)."""
    rounds = {round_.number: round_ for round_ in tournament.rounds.all()}
    dated, unread, later = [], [], []
    for number, text in enumerate(document.round_dates, start=1):
        if not text.strip():
            continue
        day = _round_day(text)
        if day is None:
            unread.append(f"{number} ({text})")
        elif number not in rounds:
            later.append(str(number))
        else:
            rounds[number].starts_at = timezone.make_aware(datetime.combine(day, time()))
            dated.append(rounds[number])
    Round.objects.bulk_update(dated, ["starts_at"])
    notes = []
    if unread:
        notes.append(
            _("record 132: the dates of rounds %(rounds)s are not dates; kept for the export")
            % {"rounds": ", ".join(unread)}
        )
    if later:
        notes.append(
            _(
                "record 132: rounds %(rounds)s are not paired yet, so their dates are kept for "
                "the export, not used"
            )
            % {"rounds": ", ".join(later)}
        )
    return notes, {"132"} if dated else set()


_USED_RECORDS = frozenset(
    {
        "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
        "142", "152", "162", "172", "182", "192", "240", "XXC", "XXR", "XXS", "XXZ", "###",
    }
)  # fmt: skip
"""Records the import always applies (the counts 062–082 are recomputed by the export once
the players change; 182, who paired the imported rounds, is named in the export's 182 for
them). 202/212's tie-breaks (:func:`_tiebreaks`), 132's dates, ``XXA``/250's
acceleration, ``XXP``/260's prohibited pairings and 299's points for every round are applied
when they can be (:func:`_apply_acceleration`, …); every other record is kept for the export
and reported as not used."""


def _unused_records(document: TrfDocument, applied: set[str]) -> list[str]:
    """A warning per record code the import does not apply (with how many lines and the
    first): kept for the export, but the application neither shows nor uses it."""
    unused: dict[str, list[int]] = {}
    for record in document.records:
        if record.text.strip() and record.code not in _USED_RECORDS | applied:
            unused.setdefault(record.code, []).append(record.line)
    return [
        ngettext(
            "line %(line)s: record %(code)s is not used here; kept for the export",
            "lines %(line)s to %(last)s: %(count)s records %(code)s are not used here; "
            "kept for the export",
            len(lines),
        )
        % {"line": lines[0], "last": lines[-1], "count": len(lines), "code": code}
        for code, lines in unused.items()
    ]


def import_warnings(tournament: Tournament) -> list[str]:
    """What the import of ``tournament`` noticed, one line each (empty if not imported)."""
    entry = tournament.log.filter(kind=TournamentLog.Kind.IMPORT).order_by("pk").first()
    return entry.reason.splitlines() if entry else []
