"""A random Double-Swiss event (FIDE checklist A8 for C.04.5): players with ratings, matches
paired by the engine, each game's result drawn from FIDE's rating table
(:func:`tournaments.pairing.generator.game_chances`).

Now and then a player forfeits one game, or a whole match (both games: the match ends by
forfeit, Preface), asks for a bye of a whole match (never in the last), or withdraws after a
match. The sheet holds one column per game; the TRF-2026 document writes one round per game,
with record 192 ``FIDE_DOUBLESWISS``, ``XXR``/142 counting game rounds, ``XXC`` the
initial-colour, record 182 the engine, and a ``###`` comment with the settings (the seed
among them) that alone reproduces the file.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tournaments.pairing.base import Pairing, PairingEngine
from tournaments.pairing.double_swiss.engine import DoubleSwissEngine
from tournaments.pairing.double_swiss.matches import (
    DOUBLE_SWISS_POINTS,
    bye_entries,
    match_game_entries,
)
from tournaments.pairing.double_swiss.players import match_state
from tournaments.pairing.generator import game_chances
from tournaments.scoring.sheet import Color, Outcome, PlayerSheet, RoundEntry, TournamentSheet
from tournaments.trf import TrfDocument, TrfRecord, write_trf

RECORD_192 = "FIDE_DOUBLESWISS"


@dataclass(frozen=True)
class DoubleSwissSettings:
    players: int = 16
    matches: int = 5
    seed: int = 0
    draw_rate: float = 0.35
    game_forfeit_rate: float = 0.02
    """The chance that a player of a match does not come to one of its games."""
    match_forfeit_rate: float = 0.02
    """The chance that a player forfeits both games of a match."""
    bye_rate: float = 0.03
    withdraw_rate: float = 0.01
    initial_color: Color = Color.WHITE

    def describe(self) -> str:
        return (
            f"players={self.players} matches={self.matches} seed={self.seed} "
            f"draw_rate={self.draw_rate} game_forfeit_rate={self.game_forfeit_rate} "
            f"match_forfeit_rate={self.match_forfeit_rate} bye_rate={self.bye_rate} "
            f"withdraw_rate={self.withdraw_rate} initial_color={self.initial_color.value}"
        )


@dataclass
class _Player:
    start_rank: int
    rating: int
    rounds: list[RoundEntry] = field(default_factory=list)
    withdrawn_after: int | None = None

    def sheet(self) -> PlayerSheet:
        return PlayerSheet(
            start_rank=self.start_rank,
            name=f"Player {self.start_rank:04d}",
            rating=self.rating,
            rounds=tuple(self.rounds),
            withdrawn_after=self.withdrawn_after,
        )


@dataclass(frozen=True)
class GeneratedEvent:
    settings: DoubleSwissSettings
    sheet: TournamentSheet
    pairings: tuple[Pairing, ...]
    """The engine's pairing of each match, as it was made."""
    document: TrfDocument

    @property
    def text(self) -> str:
        return write_trf(self.document, version=2026)


def generate_event(
    settings: DoubleSwissSettings, engine: PairingEngine | None = None
) -> GeneratedEvent:
    """A whole event, paired match by match (raises ``PairingError`` when one cannot be)."""
    engine = engine or DoubleSwissEngine()
    rng = random.Random(f"double-swiss {settings.seed}")
    ratings = sorted((rng.randint(1400, 2600) for _ in range(settings.players)), reverse=True)
    players = [_Player(rank, rating) for rank, rating in enumerate(ratings, start=1)]
    pairings = []
    for match in range(1, settings.matches + 1):
        _ask_for_byes(players, match, settings, rng)
        state = match_state(
            _sheet(players, 2 * (match - 1)),
            match,
            planned_matches=settings.matches,
            initial_color=settings.initial_color,
        )
        pairing = engine.pair(state)
        pairings.append(pairing)
        _play(players, match, pairing, settings, rng)
        if match < settings.matches:
            _withdraw(players, match, settings, rng)
    sheet = _sheet(players, 2 * settings.matches)
    return GeneratedEvent(settings, sheet, tuple(pairings), event_document(sheet, settings, engine))


def _sheet(players: list[_Player], columns: int) -> TournamentSheet:
    return TournamentSheet(
        name="Random Double-Swiss",
        rounds=columns,
        players=[player.sheet() for player in players],
        points=DOUBLE_SWISS_POINTS,
    )


def _active(players: list[_Player]) -> list[_Player]:
    return [p for p in players if p.withdrawn_after is None]


def _ask_for_byes(
    players: list[_Player], match: int, settings: DoubleSwissSettings, rng: random.Random
) -> None:
    """Byes of a whole match, asked for before it (never the last): half-point mostly."""
    if match == settings.matches:
        return
    for player in _active(players):
        if rng.random() < settings.bye_rate:
            roll = rng.random()
            kind = (
                Outcome.HALF_BYE
                if roll < 0.7
                else Outcome.ZERO_BYE
                if roll < 0.9
                else Outcome.FULL_BYE
            )
            player.rounds.extend(bye_entries(kind, match))


def _play(
    players: list[_Player],
    match: int,
    pairing: Pairing,
    settings: DoubleSwissSettings,
    rng: random.Random,
) -> None:
    by_rank = {player.start_rank: player for player in players}
    results = {
        (white, black): _match_games(by_rank[white], by_rank[black], settings, rng)
        for white, black in pairing.pairs
    }
    for rank, entries in match_game_entries(pairing, match, results).items():
        by_rank[rank].rounds.extend(entries)


def _match_games(
    white: _Player, black: _Player, settings: DoubleSwissSettings, rng: random.Random
) -> tuple[Outcome, Outcome]:
    """The outcomes of the game-1 White player in games 1 and 2."""
    if rng.random() < settings.match_forfeit_rate:
        absent_white = rng.random() < 0.5
        outcome = Outcome.FORFEIT_LOSS if absent_white else Outcome.FORFEIT_WIN
        return outcome, outcome
    game_one = _game(white.rating, black.rating, settings, rng)
    # In game 2 the game-1 White player has Black: draw it from Black's side, then turn it.
    game_two = _turn(_game(black.rating, white.rating, settings, rng))
    return game_one, game_two


def _game(
    white_rating: int, black_rating: int, settings: DoubleSwissSettings, rng: random.Random
) -> Outcome:
    """White's outcome of one game: a forfeit now and then, else by the rating table."""
    if rng.random() < settings.game_forfeit_rate:
        return Outcome.FORFEIT_WIN if rng.random() < 0.5 else Outcome.FORFEIT_LOSS
    win, draw = game_chances(white_rating, black_rating, settings.draw_rate)
    roll = rng.random()
    return Outcome.DRAW if roll < draw else Outcome.WIN if roll < draw + win else Outcome.LOSS


_TURNED = {
    Outcome.WIN: Outcome.LOSS,
    Outcome.LOSS: Outcome.WIN,
    Outcome.DRAW: Outcome.DRAW,
    Outcome.FORFEIT_WIN: Outcome.FORFEIT_LOSS,
    Outcome.FORFEIT_LOSS: Outcome.FORFEIT_WIN,
}


def _turn(outcome: Outcome) -> Outcome:
    return _TURNED[outcome]


def _withdraw(
    players: list[_Player], match: int, settings: DoubleSwissSettings, rng: random.Random
) -> None:
    """Players leaving after the match (its second game column); two at least stay."""
    for player in _active(players):
        if len(_active(players)) <= 2:
            return
        if rng.random() < settings.withdraw_rate:
            player.withdrawn_after = 2 * match


def event_document(
    sheet: TournamentSheet, settings: DoubleSwissSettings, engine: PairingEngine
) -> TrfDocument:
    """The TRF-2026 document of a generated event: one round per game."""
    first = "white1" if settings.initial_color is Color.WHITE else "black1"
    label = getattr(engine, "label", type(engine).__name__)
    records = [
        TrfRecord(f"### Random Double-Swiss generator: {settings.describe()}"),
        TrfRecord(f"192 {RECORD_192}"),
        TrfRecord(f"XXR {2 * settings.matches}"),
        TrfRecord(f"XXC {first}"),
        TrfRecord(f"182 {label}"),
    ]
    return TrfDocument.from_sheet(sheet, records=records)
