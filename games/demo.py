"""The games part of the demo events: the moves of every played board, with clocks, an
adjourned game with its sealed envelope, and a game in progress with a ruling applied. Called
by ``load_demo`` after the tournaments are built.

The moves are those of real games (``demo_games.pgn``: the games of one issue of The Week in
Chess, May 2020, that replay cleanly under every ruleset, as published with mliebelt/pgn-parser
under Apache-2.0; and Nepomniachtchi–Ding, Astana 2023, game 1). The players' names are the
demo's; each real game is used once, for a board with its result. The clocks are made up: quick
in the opening, each player using part of every period's time, so that they stay within the
time control and the session, and each game ends, and its result is entered, when the clocks
say.
"""

from __future__ import annotations

import random
from collections import defaultdict, deque
from collections.abc import Iterable
from datetime import datetime, timedelta
from pathlib import Path

import chess.pgn
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from games.models import Game, GameChange, Incident
from games.rules.clocks import TimeControl, parse_time_control
from games.services import apply_incident, create_game, rule_on_incident, save_moves, seal_game
from games.services.games import ClockReadings, play_as_san
from tournaments.demo import SESSION, TOURNAMENT_STAMPS, DemoStamps, dated
from tournaments.models import Pairing, Result, ResultChange, Round, Tournament

DEMO_PGN = Path(__file__).with_name("demo_games.pgn")
DECIDED = (Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW)
# The time fields of the games' rows too, dated as the tournaments' are.
GAME_STAMPS: DemoStamps = {
    **TOURNAMENT_STAMPS,
    Game: ("created_at", "updated_at"),
    GameChange: ("created_at",),
    Incident: ("entered_at", "applied_at"),
}
# The adjourned game: one long enough to be still going when the session ends.
ADJOURNED_MIN_PLIES = 110

NEPOMNIACHTCHI_DING_2023_1 = [
    "e4",
    "e5",
    "Nf3",
    "Nc6",
    "Bb5",
    "a6",
    "Ba4",
    "Nf6",
    "O-O",
    "Be7",
    "Bxc6",
    "dxc6",
    "Re1",
    "Nd7",
    "d4",
    "exd4",
    "Qxd4",
    "O-O",
    "Bf4",
    "Nc5",
    "Qe3",
    "Bg4",
    "Nd4",
    "Qd7",
    "Nc3",
    "Rad8",
    "Nf5",
    "Ne6",
    "Nxe7+",
    "Qxe7",
]


class RealGames:
    """The real games of ``demo_games.pgn`` by result, each handed out once."""

    def __init__(self, path: Path = DEMO_PGN) -> None:
        self._by_result: dict[str, deque[list[str]]] = defaultdict(deque)
        with path.open(encoding="utf-8") as stream:
            while (game := chess.pgn.read_game(stream)) is not None:
                sans = play_as_san(game.board(), game.mainline_moves())
                self._by_result[game.headers["Result"]].append(sans)

    def take(self, result: str) -> list[str]:
        """The moves of the next unused game that ended ``result``."""
        games = self._by_result[result]
        if not games:
            raise ValueError(f"the demo has no more real games that ended {result}")
        return games.popleft()

    def take_long(self, plies: int) -> Iterable[list[str]]:
        """Unused games of at least ``plies`` half-moves, whatever their result."""
        for games in self._by_result.values():
            for sans in [sans for sans in games if len(sans) >= plies]:
                games.remove(sans)
                yield sans


def thinking_times(
    plies: int, control: TimeControl, rng: random.Random, *, share: float
) -> list[int]:
    """Seconds each ply took: quick in the opening, then more; each player spends ``share``
    of a period's base time over the moves the period holds (a period to the end of the game:
    over the moves played), and part of each move's increment. Below 1, ``share`` keeps
    every clock within the time control."""
    times = [0] * plies
    for first_ply in (0, 1):
        own = {ply: ply // 2 + 1 for ply in range(first_ply, plies, 2)}  # ply -> move number
        weight = {
            ply: rng.uniform(0.05, 0.3) if move <= 10 else rng.uniform(0.4, 1.6)
            for ply, move in own.items()
        }
        last_move = max(own.values(), default=0)
        for period, first, last in control.periods_from_start():
            if first > last_move:
                break
            played = [ply for ply, move in own.items() if first <= move <= (last or last_move)]
            # Moves of the period not reached count as average middle-game moves.
            projected = sum(weight[ply] for ply in played) + (
                0 if last is None else last - first + 1 - len(played)
            )
            for ply in played:
                spent = share * period.seconds * weight[ply] / projected
                times[ply] = max(1, round(spent + period.increment * rng.uniform(0.2, 0.9)))
    return times


def clock_readings(times: list[int], control: TimeControl) -> ClockReadings:
    """Each ply's clock after the move ([%clk]) and time spent ([%emt])."""
    used = [0, 0]
    readings = {}
    for index, spent in enumerate(times):
        move_number = index // 2 + 1
        used[index % 2] += spent
        increment = control.period_of(move_number)[1].increment
        left = control.allotted_seconds(move_number) + increment - used[index % 2]
        readings[index + 1] = (float(left), float(spent))
    return readings


@transaction.atomic
def load_demo_games(tournaments: Iterable[Tournament], now: datetime | None = None) -> list[Game]:
    """Moves for every played board, then the adjourned game (resumed tomorrow morning after
    ``now``) and the game in progress (one: the first event's with a round under way).
    Returns those two."""
    now = now or timezone.now()
    rng = random.Random(2026)
    real_games = RealGames()
    games = []
    claimed = False
    for tournament in tournaments:
        for pairing in _boards(tournament).filter(result__in=DECIDED):
            _played_game(pairing, real_games, rng)
        adjourned = _boards(tournament).filter(result=Result.ADJOURNED).first()
        if adjourned is not None and tournament.ruleset == "classic":
            games.append(_adjourned_game(adjourned, real_games, rng, now))
        running = _boards(tournament, Round.Status.PUBLISHED).filter(result=Result.NOT_PLAYED)
        if running.exists() and not claimed:
            games.append(_game_with_wrong_claim(running.first(), rng))
            claimed = True
    return games


def _boards(tournament: Tournament, status: str | None = None) -> QuerySet[Pairing]:
    boards = Pairing.objects.filter(round__tournament=tournament, black__isnull=False)
    if status:
        boards = boards.filter(round__status=status)
    return boards.select_related("round").order_by("round__number", "board")


def _control(pairing: Pairing) -> TimeControl:
    return parse_time_control(pairing.round.tournament.time_control)


def _start(pairing: Pairing) -> datetime:
    start = pairing.round.starts_at
    assert start is not None
    return start


def _played_game(pairing: Pairing, real_games: RealGames, rng: random.Random) -> Game:
    """A real game with the board's result, entered from the scoresheets when it ended."""
    sans = real_games.take(pairing.result)
    times = thinking_times(len(sans), _control(pairing), rng, share=rng.uniform(0.45, 0.9))
    ended = _start(pairing) + timedelta(seconds=sum(times) + rng.randint(30, 240))
    with dated(ended, GAME_STAMPS):
        game = create_game(pairing=pairing, user=None)
        save_moves(game, sans, user=None, clocks=clock_readings(times, _control(pairing)))
    pairing.result_changes.filter(reason=ResultChange.Reason.ENTRY).update(created_at=ended)
    Pairing.objects.filter(pk=pairing.pk).update(entered_at=ended)
    return game


def _adjourned_game(
    pairing: Pairing, real_games: RealGames, rng: random.Random, now: datetime
) -> Game:
    """A long game still going when the session ends: the player to move seals his next
    move; the game resumes tomorrow morning."""
    control, session = _control(pairing), int(SESSION.total_seconds())
    for sans in real_games.take_long(ADJOURNED_MIN_PLIES):
        times = thinking_times(len(sans), control, rng, share=0.95)
        if sum(times) > session:
            break
    else:
        raise ValueError("the demo has no real game long enough to be adjourned")
    elapsed, sealed = 0, 0
    while elapsed + times[sealed] <= session:
        elapsed += times[sealed]
        sealed += 1
    sealer = "white" if sealed % 2 == 0 else "black"
    used = [sum(times[0:sealed:2]), sum(times[1:sealed:2])]
    used[sealed % 2] += session - elapsed  # the sealer thinks until the session ends
    adjourned_at = _start(pairing) + SESSION
    tomorrow = timezone.localdate(now) + timedelta(days=1)
    resumes_at = timezone.make_aware(datetime.combine(tomorrow, datetime.min.time()))
    with dated(adjourned_at, GAME_STAMPS):
        game = create_game(pairing=pairing, user=None)
        save_moves(game, sans[:sealed], user=None, clocks=clock_readings(times[:sealed], control))
        seal_game(
            game,
            sealer=sealer,
            sealed_move=sans[sealed],
            white_used=used[0],
            black_used=used[1],
            adjourned_at=adjourned_at,
            resumes_at=resumes_at + timedelta(hours=9, minutes=30),
            user=None,
        )
    return Game.objects.get(pk=game.pk)


def _game_with_wrong_claim(pairing: Pairing, rng: random.Random) -> Game:
    """White, to move, claims a threefold repetition that has not occurred."""
    control = _control(pairing)
    times = thinking_times(len(NEPOMNIACHTCHI_DING_2023_1), control, rng, share=0.7)
    with dated(_start(pairing) + timedelta(seconds=sum(times) + 60), GAME_STAMPS):
        game = create_game(pairing=pairing, user=None)
        save_moves(
            game, NEPOMNIACHTCHI_DING_2023_1, user=None, clocks=clock_readings(times, control)
        )
        incident = rule_on_incident(
            game, "draw_claim", {"claimant": "white", "claim": "threefold"}, user=None
        )
        return apply_incident(incident, user=None)
