"""Random team Swiss events paired by the team Swiss engine, written as TRF-2026.

Each team has a roster of rated players (the boards plus up to two reserves, strongest
first); each match fields a line-up in roster order, and each game's result is drawn from the
two players' ratings (the Elo expectation, with draws). Now and then a board is forfeited,
a match is forfeited as a whole (record 330), a team asks for a bye (record 240), a team
withdraws; pairs of teams of the same club must not meet (record 260). Every round is paired
by :class:`~tournaments.pairing.team_swiss.TeamSwissEngine`; record 192 names the system and
its options as the TRF-2026 code table spells them, record 152 the initial-colour.

The pairing-allocated bye is worth a drawn match: the match points of a draw and half the
game points of the boards.

Framework-free; the same settings give the same event.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction

from tournaments.pairing.base import PairingError
from tournaments.pairing.team_swiss.engine import TeamSwissEngine
from tournaments.pairing.team_swiss.state import (
    ColourPreferences,
    PrimaryScore,
    TeamPairing,
    TeamSwissState,
)
from tournaments.pairing.team_swiss.system_code import TeamSwissOptions, record_192
from tournaments.scoring.sheet import Color, Outcome, PointSystem
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
from tournaments.trf import TrfDocument, TrfPlayer, TrfRecord, write_trf
from tournaments.trf.team_sheet import team_document
from tournaments.trf.teams import IdList, format_260

DRAW_SHARE = 0.3
"""The share of draws between players of equal rating."""


@dataclass(frozen=True)
class TeamSwissSettings:
    teams: int
    boards: int
    rounds: int
    seed: int
    primary: PrimaryScore = PrimaryScore.MATCH_POINTS
    secondary_for_colours: bool = True
    preferences: ColourPreferences = ColourPreferences.TYPE_A
    initial_colour: Color = Color.WHITE
    board_colours: str = ""
    """Record 352: team A's colour by board; empty: alternating from White."""
    board_forfeit_rate: float = 0.03
    match_forfeit_rate: float = 0.02
    bye_rate: float = 0.03
    withdraw_rate: float = 0.01
    club_pairs: int = 1
    """Pairs of teams of the same club, which must not meet."""


@dataclass(frozen=True)
class GeneratedTeamSwiss:
    settings: TeamSwissSettings
    sheet: TeamSheet
    pairings: tuple[TeamPairing, ...]
    forbidden: tuple[tuple[int, int], ...]
    ratings: dict[int, int]
    text: str
    """The event as a TRF-2026 file."""


def random_team_swiss_settings(seed: int) -> TeamSwissSettings:
    """Settings drawn from ``seed``: 5 to 20 teams, 4 to 6 boards, 3 to 9 rounds, every
    choice of primary score and colour preferences."""
    rng = random.Random(f"team swiss settings {seed}")
    teams = rng.randint(5, 20)
    return TeamSwissSettings(
        teams=teams,
        boards=rng.randint(4, 6),
        rounds=rng.randint(3, min(9, max(3, teams // 2 + 2))),
        seed=seed,
        primary=rng.choice((PrimaryScore.MATCH_POINTS,) * 3 + (PrimaryScore.GAME_POINTS,)),
        secondary_for_colours=rng.random() < 0.8,
        preferences=rng.choice(
            (ColourPreferences.TYPE_A, ColourPreferences.TYPE_B, ColourPreferences.NONE)
        ),
        initial_colour=rng.choice((Color.WHITE, Color.BLACK)),
        board_colours=rng.choice(("", "WBWBWB", "BWBWBW", "WBBWWB")),
        board_forfeit_rate=round(rng.uniform(0.0, 0.05), 3),
        match_forfeit_rate=round(rng.uniform(0.0, 0.04), 3),
        bye_rate=round(rng.uniform(0.0, 0.05), 3),
        withdraw_rate=round(rng.uniform(0.0, 0.02), 3),
        club_pairs=rng.randint(0, 2),
    )


def generate_team_swiss_event(
    settings: TeamSwissSettings, engine: TeamSwissEngine | None = None
) -> GeneratedTeamSwiss:
    """A finished team Swiss drawn from ``settings``; raises :class:`PairingError` when a
    round cannot be paired (3.3.3)."""
    engine = engine or TeamSwissEngine()
    rng = random.Random(settings.seed)
    teams, ratings = _teams(settings, rng)
    forbidden = _club_pairs(settings, rng)
    sheet = TeamSheet(
        name=f"Random team Swiss {settings.seed}",
        teams=teams,
        rounds=(),
        boards=settings.boards,
        match_points=MatchPointSystem(pairing_bye_game_points=Fraction(settings.boards, 2)),
        game_points=PointSystem(),
        colors=settings.board_colours[: settings.boards],
        round_robin=False,
        start_date=date(2026, 3, 10),
    )
    withdrawn: set[int] = set()
    pairings: list[TeamPairing] = []
    for number in range(1, settings.rounds + 1):
        if number > 1:
            withdrawn |= {t.number for t in teams if rng.random() < settings.withdraw_rate}
        requested = _requested_byes(settings, rng, teams, withdrawn, number)
        state = TeamSwissState(
            sheet,
            number,
            planned_rounds=settings.rounds,
            requested_byes=requested,
            withdrawn=frozenset(withdrawn),
            forbidden=forbidden,
            initial_colour=settings.initial_colour,
            primary=settings.primary,
            secondary_for_colours=settings.secondary_for_colours,
            preferences=settings.preferences,
        )
        pairing = engine.pair(state)
        pairings.append(pairing)
        matches = tuple(
            _match(sheet, white, black, rng, settings, ratings) for white, black in pairing.matches
        )
        byes = [TeamBye(team, kind) for team, kind in sorted(requested.items())]
        if pairing.bye is not None:
            byes.append(TeamBye(pairing.bye, ByeKind.PAIRING))
        sheet = replace(sheet, rounds=(*sheet.rounds, TeamRound(number, matches, tuple(byes))))
    text = _trf_text(sheet, settings, forbidden, ratings)
    return GeneratedTeamSwiss(settings, sheet, tuple(pairings), forbidden, ratings, text)


def _teams(settings: TeamSwissSettings, rng: random.Random) -> tuple[list[Team], dict[int, int]]:
    """Teams by TPN, strongest first; players rated, each roster strongest first."""
    teams, ratings, next_player = [], {}, 1
    for number in range(1, settings.teams + 1):
        strength = 2450 - 40 * number + rng.randint(-30, 30)
        size = settings.boards + rng.randint(0, 2)
        roster = tuple(range(next_player, next_player + size))
        for board, player in enumerate(roster):
            ratings[player] = strength + 60 - 25 * board + rng.randint(-15, 15)
        next_player += size
        teams.append(Team(number, f"Team {number:02d}", roster, nickname=f"T{number:02d}"))
    return teams, ratings


def _club_pairs(settings: TeamSwissSettings, rng: random.Random) -> tuple[tuple[int, int], ...]:
    pairs: set[tuple[int, int]] = set()
    while len(pairs) < settings.club_pairs:
        a, b = sorted(rng.sample(range(1, settings.teams + 1), 2))
        pairs.add((a, b))
    return tuple(sorted(pairs))


def _requested_byes(
    settings: TeamSwissSettings,
    rng: random.Random,
    teams: list[Team],
    withdrawn: set[int],
    number: int,
) -> dict[int, ByeKind]:
    kinds = (ByeKind.HALF, ByeKind.ZERO, ByeKind.FULL)
    return {
        team.number: rng.choice(kinds)
        for team in teams
        if team.number not in withdrawn and rng.random() < settings.bye_rate
    }


def _match(
    sheet: TeamSheet,
    white: int,
    black: int,
    rng: random.Random,
    settings: TeamSwissSettings,
    ratings: dict[int, int],
) -> Match:
    """``white`` has White on board 1: it is team A unless the board colours start with B."""
    a, b = (white, black) if sheet.board_color(1, "a") is Color.WHITE else (black, white)
    lineup_a, lineup_b = (
        _lineup(sheet.team(a), sheet.boards, rng),
        _lineup(sheet.team(b), sheet.boards, rng),
    )
    if rng.random() < settings.match_forfeit_rate:
        forfeit = rng.choice((MatchForfeit.A_WINS, MatchForfeit.B_WINS))
        won, lost = Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS
        a_wins = forfeit is MatchForfeit.A_WINS
        boards = tuple(
            Board(n, pa, pb, won if a_wins else lost, lost if a_wins else won)
            for n, (pa, pb) in enumerate(zip(lineup_a, lineup_b, strict=True), start=1)
        )
        return Match(a, b, boards, forfeit)
    boards = tuple(
        _board(n, pa, pb, rng, settings, ratings)
        for n, (pa, pb) in enumerate(zip(lineup_a, lineup_b, strict=True), start=1)
    )
    return Match(a, b, boards)


def _lineup(team: Team, boards: int, rng: random.Random) -> list[int]:
    """``boards`` players of the roster, in roster order."""
    return [team.roster[i] for i in sorted(rng.sample(range(len(team.roster)), boards))]


def _board(
    number: int,
    pa: int,
    pb: int,
    rng: random.Random,
    settings: TeamSwissSettings,
    ratings: dict[int, int],
) -> Board:
    if rng.random() < settings.board_forfeit_rate:
        oa, ob = rng.choice(
            (
                (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
                (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
            )
        )
        return Board(number, pa, pb, oa, ob)
    expected = 1 / (1 + 10 ** ((ratings[pb] - ratings[pa]) / 400))
    draw = DRAW_SHARE * (1 - abs(2 * expected - 1))
    roll = rng.random()
    if roll < expected - draw / 2:
        return Board(number, pa, pb, Outcome.WIN, Outcome.LOSS)
    if roll < expected + draw / 2:
        return Board(number, pa, pb, Outcome.DRAW, Outcome.DRAW)
    return Board(number, pa, pb, Outcome.LOSS, Outcome.WIN)


def _trf_text(
    sheet: TeamSheet,
    settings: TeamSwissSettings,
    forbidden: tuple[tuple[int, int], ...],
    ratings: dict[int, int],
) -> str:
    """TRF-2026: the team document, with record 192 naming the system, 142 the planned
    rounds, 152 the initial-colour, 260 the forbidden pairs and the players' ratings."""
    options = TeamSwissOptions(
        settings.primary, settings.secondary_for_colours, settings.preferences
    )
    extra = [TrfRecord(f"152 {settings.initial_colour.value.upper()}")]
    extra += [
        TrfRecord(format_260(IdList("260", 1, pair, last_round=settings.rounds)))
        for pair in forbidden
    ]
    document = team_document(sheet, headers=extra)
    entries: list[TrfPlayer | TrfRecord] = []
    for entry in document.entries:
        if isinstance(entry, TrfPlayer):
            entries.append(replace(entry, rating=ratings.get(entry.start_rank, 0)))
        elif entry.code == "192":
            entries.append(TrfRecord(f"192 {record_192(options)}"))
        elif entry.code == "142":
            entries.append(TrfRecord(f"142 {settings.rounds}"))
        else:
            entries.append(entry)
    return write_trf(TrfDocument(entries=tuple(entries)), version=2026)


__all__ = [
    "GeneratedTeamSwiss",
    "PairingError",
    "TeamSwissSettings",
    "generate_team_swiss_event",
    "random_team_swiss_settings",
]
