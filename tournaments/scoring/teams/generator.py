"""Random team events, for cross-testing the team scoring against other programs.

A round robin follows the Berger tables (C.05 Annex 1, :mod:`tournaments.pairing.berger`); a
Swiss is paired at random among teams of close scores, never twice the same two teams (the
pairing rules of C.04.6 are not the point here: the scoring is). Each team has a roster of
its boards plus up to two reserves; each match fields a line-up in roster order (C.04.6:
the board order never changes), and now and then a board left unoccupied, a board forfeited
by one side or both, a match forfeited as a whole, a team asking for a bye; a Swiss with an
odd number of teams gives the pairing-allocated bye to a team that has not had one.

Framework-free; the same seed gives the same event.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from tournaments.pairing.berger import berger_rounds
from tournaments.scoring.sheet import Outcome, PointSystem
from tournaments.scoring.teams.points import match_points, team_results
from tournaments.scoring.teams.sheet import (
    Board,
    ByeKind,
    Match,
    MatchForfeit,
    MatchPointSystem,
    Team,
    TeamBye,
    TeamRound,
    TeamSheet,
)

_RESULTS = (
    (Outcome.WIN, Outcome.LOSS),
    (Outcome.DRAW, Outcome.DRAW),
    (Outcome.LOSS, Outcome.WIN),
)


@dataclass(frozen=True)
class TeamEventSettings:
    teams: int
    boards: int
    rounds: int
    round_robin: bool
    seed: int
    board_forfeit_rate: float = 0.04
    empty_board_rate: float = 0.03
    match_forfeit_rate: float = 0.03
    bye_request_rate: float = 0.03
    start_date: date = date(2026, 3, 10)


def random_settings(seed: int) -> TeamEventSettings:
    """Settings drawn from ``seed``: 4 to 12 teams, 4 to 6 boards, a Swiss or a round robin."""
    rng = random.Random(seed)
    round_robin = rng.random() < 0.35
    teams = rng.choice((4, 6, 8)) if round_robin else rng.randint(5, 12)
    rounds = teams - 1 if round_robin else rng.randint(3, min(7, teams - 1))
    start = date(2025, 9, 1) if rng.random() < 0.3 else date(2026, 3, 10)
    return TeamEventSettings(
        teams=teams,
        boards=rng.randint(4, 6),
        rounds=rounds,
        round_robin=round_robin,
        seed=seed,
        start_date=start,
    )


def generate_team_event(settings: TeamEventSettings) -> TeamSheet:
    """A finished team event drawn from ``settings``."""
    rng = random.Random(settings.seed)
    teams = _teams(settings, rng)
    sheet = TeamSheet(
        name=f"Random team event {settings.seed}",
        teams=teams,
        rounds=(),
        boards=settings.boards,
        colors=rng.choice(("WBWBWB", "WBBWWB", "BWBWBW"))[: settings.boards],
        round_robin=settings.round_robin,
        start_date=settings.start_date,
        match_points=rng.choice(
            (
                MatchPointSystem(),
                MatchPointSystem(pairing_bye=Fraction(2)),
                MatchPointSystem(win=Fraction(3), draw=Fraction(1)),
            )
        ),
        game_points=PointSystem(),
    )
    schedule = berger_rounds(len(teams)) if settings.round_robin else None
    rounds: list[TeamRound] = []
    for number in range(1, settings.rounds + 1):
        sheet = _with_rounds(sheet, rounds)
        byes: list[TeamBye] = []
        if schedule is not None:
            pairs = list(schedule[number - 1].pairs)
        else:
            pairs, byes = _swiss_round(sheet, number, rng, settings)
        matches = tuple(_match(sheet, a, b, rng, settings) for a, b in pairs)
        rounds.append(TeamRound(number, matches, tuple(byes)))
    return _with_rounds(sheet, rounds)


def _with_rounds(sheet: TeamSheet, rounds: list[TeamRound]) -> TeamSheet:
    return TeamSheet(
        name=sheet.name,
        teams=sheet.teams,
        rounds=tuple(rounds),
        boards=sheet.boards,
        game_points=sheet.game_points,
        match_points=sheet.match_points,
        colors=sheet.colors,
        round_robin=sheet.round_robin,
        start_date=sheet.start_date,
    )


def _teams(settings: TeamEventSettings, rng: random.Random) -> list[Team]:
    teams, next_player = [], 1
    for number in range(1, settings.teams + 1):
        size = settings.boards + rng.randint(0, 2)
        roster = tuple(range(next_player, next_player + size))
        next_player += size
        teams.append(Team(number, f"Team {number:02d}", roster, nickname=f"T{number:02d}"))
    return teams


def _swiss_round(
    sheet: TeamSheet, number: int, rng: random.Random, settings: TeamEventSettings
) -> tuple[list[tuple[int, int]], list[TeamBye]]:
    results = team_results(sheet)
    met = {t: {r.opponent for r in rs if r.opponent is not None} for t, rs in results.items()}
    had_bye = {t for t, rs in results.items() if any(r.result.name == "PAIRING_BYE" for r in rs)}
    byes: list[TeamBye] = []
    present: list[int] = []
    for team in sheet.teams:
        if number < settings.rounds and rng.random() < settings.bye_request_rate:
            byes.append(
                TeamBye(team.number, rng.choice((ByeKind.HALF, ByeKind.ZERO, ByeKind.FULL)))
            )
        else:
            present.append(team.number)
    scores = match_points(sheet)
    for _ in range(200):
        order = sorted(present, key=lambda t: (-scores[t] - Fraction(rng.random() * 2), t))
        pab: int | None = None
        if len(order) % 2:
            candidates = [t for t in reversed(order) if t not in had_bye]
            if not candidates:
                break
            pab = candidates[0]
            order.remove(pab)
        pairs = _pair_greedily(order, met)
        if pairs is not None:
            if pab is not None:
                byes.append(TeamBye(pab, ByeKind.PAIRING))
            return [(a, b) if rng.random() < 0.5 else (b, a) for a, b in pairs], byes
    # Nobody left to pair without a repeat: everyone present sits the round out.
    return [], byes + [TeamBye(t, ByeKind.ZERO) for t in present]


def _pair_greedily(order: list[int], met: dict[int, set[int]]) -> list[tuple[int, int]] | None:
    if not order:
        return []
    first, rest = order[0], order[1:]
    for index, other in enumerate(rest):
        if other in met[first]:
            continue
        tail = _pair_greedily(rest[:index] + rest[index + 1 :], met)
        if tail is not None:
            return [(first, other), *tail]
    return None


def _lineup(team: Team, boards: int, rng: random.Random, rate: float) -> list[int | None]:
    """``boards`` players of the roster in roster order, now and then one board empty."""
    chosen = sorted(rng.sample(range(len(team.roster)), boards))
    lineup: list[int | None] = [team.roster[i] for i in chosen]
    if rng.random() < rate:
        hole = rng.randrange(boards)
        lineup = [*lineup[:hole], *lineup[hole + 1 :]]
        lineup.insert(hole, None)
    return lineup


def _match(
    sheet: TeamSheet, a: int, b: int, rng: random.Random, settings: TeamEventSettings
) -> Match:
    team_a, team_b = sheet.team(a), sheet.team(b)
    if rng.random() < settings.match_forfeit_rate:
        # The whole match forfeited (TRF record 330): each board a forfeit between the two
        # line-ups, as TRF-2026 asks the present players to be reported.
        forfeit = rng.choice((MatchForfeit.A_WINS, MatchForfeit.B_WINS))
        win_a = forfeit is MatchForfeit.A_WINS
        won, lost = Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS
        lineups = zip(
            _lineup(team_a, sheet.boards, rng, 0.0),
            _lineup(team_b, sheet.boards, rng, 0.0),
            strict=True,
        )
        boards = tuple(
            Board(n, pa, pb, won if win_a else lost, lost if win_a else won)
            for n, (pa, pb) in enumerate(lineups, start=1)
        )
        return Match(a, b, boards, forfeit)
    # At most one side leaves a board empty (a board empty on both sides has nobody to report).
    hole_a = rng.random() < 0.5
    lineup_a = _lineup(team_a, sheet.boards, rng, settings.empty_board_rate if hole_a else 0.0)
    lineup_b = _lineup(team_b, sheet.boards, rng, 0.0 if hole_a else settings.empty_board_rate)
    pairs = zip(lineup_a, lineup_b, strict=True)
    return Match(
        a, b, tuple(_board(n, pa, pb, rng, settings) for n, (pa, pb) in enumerate(pairs, start=1))
    )


def _board(
    number: int, pa: int | None, pb: int | None, rng: random.Random, settings: TeamEventSettings
) -> Board:
    if pa is None or pb is None:
        # An unoccupied board: the player present wins by forfeit (C.04.6; both empty: nobody).
        oa = Outcome.FORFEIT_WIN if pa is not None else Outcome.FORFEIT_LOSS
        ob = Outcome.FORFEIT_WIN if pb is not None else Outcome.FORFEIT_LOSS
        return Board(number, pa, pb, oa, ob)
    if rng.random() < settings.board_forfeit_rate:
        oa, ob = rng.choice(
            (
                (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
                (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
                (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
            )
        )
        return Board(number, pa, pb, oa, ob)
    oa, ob = rng.choices(_RESULTS, weights=(4, 3, 4))[0]
    return Board(number, pa, pb, oa, ob)
