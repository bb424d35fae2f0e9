"""Reads of a team event: its team sheet, from which the framework-free team scoring and the
team Swiss engine work (:mod:`tournaments.scoring.teams`, :mod:`tournaments.pairing.team_swiss`).

Teams without a team pairing number (not yet drawn) are left out, as unnumbered players are
from the individual sheet. A fixed number of queries whatever the size of the event.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db.models import Exists, OuterRef, Q, QuerySet

from tournaments.models import (
    LineupEntry,
    Match,
    Pairing,
    Player,
    Result,
    Round,
    Team,
    TeamByeKind,
    Tournament,
)
from tournaments.models import MatchForfeit as ForfeitChoice
from tournaments.scoring.sheet import Outcome
from tournaments.scoring.teams.sheet import (
    Board,
    ByeKind,
    MatchForfeit,
    TeamBye,
    TeamRound,
    TeamSheet,
)
from tournaments.scoring.teams.sheet import Match as SheetMatch
from tournaments.scoring.teams.sheet import Team as SheetTeam
from tournaments.scoring.teams.standings import TeamStandings, team_standings

BYE_KINDS = {
    TeamByeKind.PAIRING_ALLOCATED: ByeKind.PAIRING,
    TeamByeKind.FULL_POINT: ByeKind.FULL,
    TeamByeKind.HALF_POINT: ByeKind.HALF,
    TeamByeKind.ZERO_POINT: ByeKind.ZERO,
}
"""The models' team bye kinds as the team sheet's."""

FORFEITS = {
    ForfeitChoice.A_WINS: MatchForfeit.A_WINS,
    ForfeitChoice.B_WINS: MatchForfeit.B_WINS,
    ForfeitChoice.BOTH_LOSE: MatchForfeit.BOTH_LOSE,
}


def numbered_teams(tournament: Tournament) -> QuerySet[Team]:
    return tournament.teams.filter(number__isnull=False).order_by("number")


def rosters(tournament: Tournament) -> dict[int, list[Player]]:
    """Each team's players (by team id) in board order."""
    players = tournament.players.filter(team__isnull=False).order_by("team", "board_order", "pk")
    roster: dict[int, list[Player]] = defaultdict(list)
    for player in players:
        assert player.team_id is not None
        roster[player.team_id].append(player)
    return roster


def awaiting_lineups(matches: QuerySet[Match]) -> QuerySet[Match]:
    """The matches to be played whose lineups are not both in yet."""
    of_team = LineupEntry.objects.filter(match=OuterRef("pk"))
    return matches.filter(team_b__isnull=False, forfeit="").filter(
        ~Exists(of_team.filter(team=OuterRef("team_a")))
        | ~Exists(of_team.filter(team=OuterRef("team_b")))
    )


def team_sheet(tournament: Tournament, after_round: int | None = None) -> TeamSheet:
    """The team sheet of ``tournament`` up to ``after_round`` (default: every round paired).

    A board not yet decided is on the sheet as not played (``NOT_PAIRED`` on both sides), as
    the individual sheet has it; a match whose lineups are not in yet has no boards."""
    teams = list(numbered_teams(tournament))
    roster = rosters(tournament)
    sheet_teams = [
        SheetTeam(
            number=team.number or 0,
            name=team.name,
            roster=tuple(p.start_rank for p in roster.get(team.pk, []) if p.start_rank),
            nickname=team.short_name,
        )
        for team in teams
    ]
    return TeamSheet(
        name=tournament.name,
        teams=sheet_teams,
        rounds=_rounds(tournament, {team.pk: team.number or 0 for team in teams}, after_round),
        boards=tournament.boards_per_match or 0,
        game_points=tournament.point_system(),
        match_points=tournament.match_point_system(),
        colors=tournament.board_colors,
        round_robin=tournament.is_round_robin,
        start_date=tournament.start_date,
    )


def _rounds(
    tournament: Tournament, tpn: dict[int, int], after_round: int | None
) -> list[TeamRound]:
    rounds = Round.objects.filter(tournament=tournament)
    if after_round is not None:
        rounds = rounds.filter(number__lte=after_round)
    matches = Match.objects.filter(round__in=rounds).order_by("round__number", "table")
    boards = _boards_by_match(Pairing.objects.filter(match__in=matches))
    by_round: dict[int, list[SheetMatch]] = defaultdict(list)
    byes: dict[int, list[TeamBye]] = defaultdict(list)
    for match in matches.select_related("round"):
        number = match.round.number
        team_a = tpn.get(match.team_a_id)
        if team_a is None:
            continue
        if match.team_b_id is None:
            byes[number].append(TeamBye(team_a, BYE_KINDS[TeamByeKind(match.bye)]))
            continue
        forfeit = FORFEITS.get(ForfeitChoice(match.forfeit)) if match.forfeit else None
        games = () if forfeit else _sheet_boards(match, boards.get(match.pk, []))
        by_round[number].append(SheetMatch(team_a, tpn[match.team_b_id], games, forfeit))
    numbers = sorted(set(rounds.values_list("number", flat=True)))
    return [
        TeamRound(number, tuple(by_round.get(number, ())), tuple(byes.get(number, ())))
        for number in numbers
    ]


_BOARD_COLUMNS = (
    "match_id",
    "match_board",
    "white__team_id",
    "white__start_rank",
    "black__start_rank",
    "bye",
    "result",
    "unrated",
)


def _boards_by_match(boards: QuerySet[Pairing]) -> dict[int, list[tuple[Any, ...]]]:
    found: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for row in boards.values_list(*_BOARD_COLUMNS).order_by("match_board"):
        found[row[0]].append(row)
    return found


def _sheet_boards(match: Match, rows: Iterable[tuple[Any, ...]]) -> tuple[Board, ...]:
    """The match's boards, team A's side first (its player may have White or Black)."""
    boards = []
    for _match, board, white_team, white_rank, black_rank, bye, result, unrated in rows:
        white_is_a = white_team == match.team_a_id
        if black_rank is None and bye:
            # The other team left the board empty: the player present wins by forfeit.
            present = (white_rank, Outcome.FORFEIT_WIN)
            absent: tuple[int | None, Outcome] = (None, Outcome.FORFEIT_LOSS)
            side_a, side_b = (present, absent) if white_is_a else (absent, present)
        else:
            white_outcome, black_outcome = Result(result).outcomes(unrated=unrated)
            white_side = (white_rank, white_outcome)
            black_side = (black_rank, black_outcome)
            side_a, side_b = (white_side, black_side) if white_is_a else (black_side, white_side)
        boards.append(Board(board, side_a[0], side_b[0], side_a[1], side_b[1]))
    return tuple(boards)


def undecided_matches(tournament: Tournament, number: int) -> list[Match]:
    """The round's matches still to be decided: lineups missing, or a board without a
    decided result."""
    matches = Match.objects.filter(round__tournament=tournament, round__number=number)
    open_boards = Pairing.objects.filter(match=OuterRef("pk"), black__isnull=False).exclude(
        result__in=[r for r in Result if r.is_decided]
    )
    undecided = matches.filter(team_b__isnull=False, forfeit="").filter(
        Exists(open_boards) | Q(pk__in=awaiting_lineups(matches).values("pk"))
    )
    return list(undecided.select_related("team_a", "team_b").order_by("table"))


def event_team_standings(
    tournament: Tournament, sheet: TeamSheet, *, tiebreaks: list[str] | None = None
) -> TeamStandings:
    """The teams of ``sheet`` ranked as the event ranks them: its primary score, then its
    team tie-breaks in order (C.07 Art. 4, 11.1), or ``tiebreaks`` when given (C.07's team
    codes; an unknown one raises :class:`~tournaments.scoring.tiebreaks.TieBreakError`)."""
    return team_standings(
        sheet,
        primary=tournament.team_primary_score,
        tiebreaks=tournament.tiebreaks if tiebreaks is None else tiebreaks,
        round_robin=tournament.is_round_robin,
    )
