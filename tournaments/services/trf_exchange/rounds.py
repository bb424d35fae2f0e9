"""A TRF file's rounds: the boards of every round stored, checked against the pairing rules."""

from __future__ import annotations

from dataclasses import replace

from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import (
    ByeKind,
    EntrySource,
    Pairing,
    Player,
    Result,
    ResultChange,
    Round,
    Tournament,
)
from tournaments.pairing import PairingError, PairingState, validate_round
from tournaments.pairing.base import recorded_pairing
from tournaments.scoring.sheet import (
    Color,
    Outcome,
    TournamentSheet,
)
from tournaments.trf import TrfDocument

from ..audit import recorded_user
from ..errors import raise_if
from ..results import rated_flag

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


def _breach_question(number: int, problems: list[str]) -> str:
    return _("Round %(round)s as the file has it: %(problems)s.") % {
        "round": number,
        "problems": "; ".join(problems),
    }


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
