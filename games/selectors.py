"""Reads of the games app: games as the rules engine wants them, lists the pages show."""

from __future__ import annotations

import chess
from django.db.models import QuerySet

from games.models import Game, Incident, SealedEnvelope
from games.rules.incidents import ReplayedGame, replay_moves
from games.rules.rulesets import Ruleset, get_ruleset
from tournaments.models import Pairing, Round, Tournament


def game_headers(game: Game) -> dict[str, str]:
    """The game's PGN tags as the rules engine reads them (names, time control, FEN)."""
    headers = {str(k): str(v) for k, v in game.headers.items()}
    headers.update(White=game.white_name, Black=game.black_name, Result=game.result)
    if game.time_control:
        headers["TimeControl"] = game.time_control
    if game.start_fen:
        headers.update(SetUp="1", FEN=game.start_fen)
    return headers


def replayed_game(game: Game, sans: list[str] | None = None) -> ReplayedGame:
    """The game's record for the rules engine (``sans`` replaces the stored moves)."""
    return replay_moves(
        game.sans() if sans is None else sans,
        starting_fen=game.initial_fen,
        headers=game_headers(game),
    )


def game_ruleset(game: Game) -> Ruleset:
    """The game's ruleset, with its tournament organiser's numbers."""
    tournament = game.tournament
    return tournament.rules(game.ruleset) if tournament else get_ruleset(game.ruleset)


def board_at(game: Game, ply: int | None = None) -> chess.Board:
    """The position after ``ply`` half-moves (all of them by default), with its move stack."""
    return replayed_game(game).board(ply)


def games_of_tournament(tournament: Tournament, round_number: int | None = None) -> QuerySet[Game]:
    games = Game.objects.filter(pairing__round__tournament=tournament)
    if round_number is not None:
        games = games.filter(pairing__round__number=round_number)
    return games.select_related("pairing__round__tournament").order_by(
        "pairing__round__number", "pairing__board"
    )


def pairings_of_round(tournament: Tournament, round_number: int) -> QuerySet[Pairing]:
    return (
        Pairing.objects.filter(round__tournament=tournament, round__number=round_number)
        .filter(black__isnull=False)
        .select_related("white", "black", "round")
        .order_by("board")
    )


def rounds_of(tournament: Tournament) -> QuerySet[Round]:
    return tournament.rounds.order_by("number")


def incidents_of(game: Game) -> QuerySet[Incident]:
    return game.incidents.select_related("entered_by", "applied_by").order_by("entered_at", "id")


def incidents_of_round(tournament: Tournament, round_number: int) -> QuerySet[Incident]:
    return (
        Incident.objects.filter(
            game__pairing__round__tournament=tournament, game__pairing__round__number=round_number
        )
        .select_related("game__pairing", "entered_by", "applied_by")
        .order_by("game__pairing__board", "entered_at", "id")
    )


def open_envelope_of(game: Game) -> SealedEnvelope | None:
    """The game's envelope that has not been opened yet, or ``None``."""
    return game.envelopes.filter(opened_at__isnull=True).order_by("-adjournment").first()
