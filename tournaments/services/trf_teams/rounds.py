"""The rounds of an imported team file: matches at their tables, team byes, line-ups and
boards, as :mod:`tournaments.services.team_rounds` makes them when a round is played here.

Tables: a team Swiss's by GHR 3.6 (the higher score of the pair, then the higher sum of
scores, then the smaller TPN: :func:`~tournaments.pairing.team_swiss.colours.table_key`), a
round robin's in the Berger table's order (C.05 Annex 1); byes after the matches. Board ``k``
of table ``t`` is board ``(t - 1) * boards + k`` of the round, as for a round paired here.

A match forfeited whole (record 330) whose boards the player lines give (each player's
forfeit, ``+`` or ``-``) keeps them as boards of the match: the players' own points are the
file's, while the team scoring takes the forfeit and not the boards
(:func:`tournaments.team_sheet.team_sheet`).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import timezone

from tournaments.models import (
    ByeKind,
    EntrySource,
    LineupEntry,
    Match,
    Pairing,
    PairingSystem,
    Player,
    Result,
    ResultChange,
    Round,
    Team,
    TeamByeKind,
    Tournament,
)
from tournaments.pairing.team_swiss.colours import table_key
from tournaments.pairing.team_swiss.state import TeamSwissState
from tournaments.pairing.team_swiss.teams import pairing_teams
from tournaments.pairing.teams_berger import team_berger_rounds
from tournaments.scoring.sheet import Outcome
from tournaments.scoring.teams.sheet import Board, TeamRound, TeamSheet
from tournaments.scoring.teams.sheet import ByeKind as SheetBye
from tournaments.scoring.teams.sheet import Match as SheetMatch
from tournaments.trf import TrfDocument
from tournaments.trf.document import TrfPlayer
from tournaments.trf.teams import team_records

from ..audit import recorded_user
from ..results import rated_flag
from .checks import a_has_white, board_result, game_of

TEAM_BYES = {
    SheetBye.PAIRING: TeamByeKind.PAIRING_ALLOCATED,
    SheetBye.FULL: TeamByeKind.FULL_POINT,
    SheetBye.HALF: TeamByeKind.HALF_POINT,
    SheetBye.ZERO: TeamByeKind.ZERO_POINT,
}


def last_paired_round(sheet: TeamSheet, document: TrfDocument) -> int:
    """The last round with a match, or that record 320 covers (it names a team, or ``000``,
    for every round paired); byes after it are requests for rounds to come."""
    covered = max((len(line.teams) for line in team_records(document).pairing_byes), default=0)
    return max([covered, *(r.number for r in sheet.rounds if r.matches)])


def store_team_rounds(
    tournament: Tournament,
    document: TrfDocument,
    sheet: TeamSheet,
    teams: Mapping[int, Team],
    players: Mapping[int, Player],
    user: AbstractBaseUser | None,
) -> None:
    lines = {player.start_rank: player for player in document.players}
    builder = _BoardBuilder(tournament, sheet, lines, players, user)
    for number in range(1, last_paired_round(sheet, document) + 1):
        team_round = sheet.round(number)
        round_ = Round.objects.create(
            tournament=tournament,
            number=number,
            paired_by=Round.PairedBy.IMPORT,
            status=Round.Status.FINISHED if _decided(team_round) else Round.Status.PUBLISHED,
        )
        matches = _in_table_order(tournament, sheet, team_round)
        stored = Match.objects.bulk_create(
            [
                Match(
                    round=round_,
                    table=table,
                    team_a=teams[match.team_a],
                    team_b=teams[match.team_b],
                    forfeit=match.forfeit.value if match.forfeit else "",
                )
                for table, match in enumerate(matches, start=1)
            ]
            + [
                Match(
                    round=round_,
                    table=table,
                    team_a=teams[bye.team],
                    bye=TEAM_BYES[bye.kind],
                )
                for table, bye in enumerate(team_round.byes, start=len(matches) + 1)
            ]
        )
        for match, row in zip(matches, stored, strict=False):
            if match.boards:
                builder.add(match, row)
        builder.flush()


def _decided(team_round: TeamRound) -> bool:
    """Every board of the round has a result."""
    return all(
        board.outcome_a is not Outcome.NOT_PAIRED and board.outcome_b is not Outcome.NOT_PAIRED
        for match in team_round.matches
        for board in match.boards
    )


def _in_table_order(
    tournament: Tournament, sheet: TeamSheet, team_round: TeamRound
) -> list[SheetMatch]:
    matches = list(team_round.matches)
    if tournament.is_round_robin:
        table = team_berger_rounds(
            len(sheet.teams),
            double=tournament.system == PairingSystem.DOUBLE_ROUND_ROBIN,
            swap_last_two=tournament.reverse_last_two_rounds,
        )
        scheduled = table[team_round.number - 1].matches if team_round.number <= len(table) else ()
        position = {frozenset(pair): index for index, pair in enumerate(scheduled)}
        return sorted(
            matches,
            key=lambda m: position.get(frozenset((m.team_a, m.team_b)), len(position)),
        )
    options = tournament.team_swiss_options
    state = TeamSwissState.from_sheet(
        sheet,
        team_round.number,
        primary=options.primary,
        preferences=options.preferences,
        secondary_for_colours=options.secondary_for_colours,
    )
    scored = pairing_teams(state)
    if any(m.team_a not in scored or m.team_b not in scored for m in matches):
        return matches
    return sorted(matches, key=lambda m: table_key(scored[m.team_a], scored[m.team_b]))


class _BoardBuilder:
    """The line-ups and boards of a round's matches, written together."""

    def __init__(
        self,
        tournament: Tournament,
        sheet: TeamSheet,
        lines: Mapping[int, TrfPlayer],
        players: Mapping[int, Player],
        user: AbstractBaseUser | None,
    ):
        self.sheet = sheet
        self.boards = tournament.boards_per_match or 0
        self.lines = lines
        self.players = players
        self.entered_by = recorded_user(user)
        self.now = timezone.now()
        self.lineups: list[LineupEntry] = []
        self.games: list[Pairing] = []

    def add(self, match: SheetMatch, row: Match) -> None:
        for team, side in (
            (row.team_a, match.players(match.team_a)),
            (row.team_b, match.players(match.team_b)),
        ):
            by_board = dict(zip((b.number for b in match.boards), side, strict=True))
            self.lineups += [
                LineupEntry(
                    match=row,
                    team=team,
                    board=board,
                    player=self._player(by_board.get(board)),
                )
                for board in range(1, self.boards + 1)
            ]
        for board in match.boards:
            self.games.append(self._board(row, board))

    def _player(self, rank: int | None) -> Player | None:
        return None if rank is None else self.players[rank]

    def _board(self, row: Match, board: Board) -> Pairing:
        common = {
            "round": row.round,
            "board": (row.table - 1) * self.boards + board.number,
            "match": row,
            "match_board": board.number,
        }
        if board.player_a is None or board.player_b is None:
            present, outcome = (
                (board.player_a, board.outcome_a)
                if board.player_a is not None
                else (board.player_b, board.outcome_b)
            )
            return Pairing(white=self._player(present), bye=_bye_kind(outcome), **common)
        number = row.round.number
        game_a = game_of(self.lines, board.player_a, number)
        game_b = game_of(self.lines, board.player_b, number)
        a_white = a_has_white(board, game_a, game_b, self.sheet)
        fitted = board_result(board, a_white)
        assert fitted is not None  # checks.board_problems refused the file otherwise
        result, unrated = fitted
        white, black = (
            (board.player_a, board.player_b) if a_white else (board.player_b, board.player_a)
        )
        entered = result != Result.NOT_PLAYED
        return Pairing(
            white=self._player(white),
            black=self._player(black),
            result=result,
            unrated=rated_flag(result, unrated),
            entry_source=EntrySource.IMPORT if entered else "",
            entered_by=self.entered_by if entered else None,
            entered_at=self.now if entered else None,
            **common,
        )

    def flush(self) -> None:
        LineupEntry.objects.bulk_create(self.lineups)
        Pairing.objects.bulk_create(self.games)
        ResultChange.objects.bulk_create(
            ResultChange(
                pairing=game,
                old_result=Result.NOT_PLAYED,
                new_result=game.result,
                reason=ResultChange.Reason.IMPORT,
                source=EntrySource.IMPORT,
                user=self.entered_by,
            )
            for game in self.games
            if game.black is not None and game.result != Result.NOT_PLAYED
        )
        self.lineups, self.games = [], []


def _bye_kind(outcome: Outcome) -> str:
    """A board the other team left empty: the present player's result without an opponent
    (``+``, a forfeit win, as a rule)."""
    try:
        return ByeKind.for_outcome(outcome)
    except KeyError:
        return ByeKind.ABSENT
