"""The games part of the demo events: an adjourned game with its sealed envelope, and a game
in progress with a ruling applied. Called by ``load_demo`` after the tournaments are built.

The moves are those of real games: Fischer–Spassky, Reykjavik 1972, game 6, and
Nepomniachtchi–Ding, Astana 2023, game 1.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta

from django.db import transaction
from django.db.models import QuerySet

from games.models import Game
from games.services import apply_incident, create_game, rule_on_incident, save_moves, seal_game
from tournaments.models import Pairing, Result, Round, Tournament

FISCHER_SPASSKY_1972_6 = [
    "c4",
    "e6",
    "Nf3",
    "d5",
    "d4",
    "Nf6",
    "Nc3",
    "Be7",
    "Bg5",
    "O-O",
    "e3",
    "h6",
    "Bh4",
    "b6",
    "cxd5",
    "Nxd5",
    "Bxe7",
    "Qxe7",
    "Nxd5",
    "exd5",
    "Rc1",
    "Be6",
    "Qa4",
    "c5",
    "Qa3",
    "Rc8",
    "Bb5",
    "a6",
    "dxc5",
    "bxc5",
    "O-O",
    "Ra7",
    "Be2",
    "Nd7",
    "Nd4",
    "Qf8",
    "Nxe6",
    "fxe6",
]
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


@transaction.atomic
def load_demo_games(tournaments: Iterable[Tournament]) -> list[Game]:
    games = []
    for tournament in tournaments:
        adjourned = _boards(tournament).filter(result=Result.ADJOURNED).first()
        if adjourned is not None and tournament.ruleset == "classic":
            games.append(_adjourned_game(adjourned))
        running = _boards(tournament, Round.Status.PUBLISHED).filter(result=Result.NOT_PLAYED)
        if running.exists():
            games.append(_game_with_wrong_claim(running.first()))
    return games


def _boards(tournament: Tournament, status: str | None = None) -> QuerySet[Pairing]:
    boards = Pairing.objects.filter(round__tournament=tournament, black__isnull=False)
    if status:
        boards = boards.filter(round__status=status)
    return boards.order_by("round__number", "board")


def _adjourned_game(pairing: Pairing) -> Game:
    """The game stopped after move 19; White sealed 20. e4 (as played in Reykjavik)."""
    game = create_game(pairing=pairing, user=None)
    save_moves(game, FISCHER_SPASSKY_1972_6, user=None)
    start = pairing.round.starts_at
    assert start is not None
    seal_game(
        game,
        sealer="white",
        sealed_move="e4",
        white_used=5 * 3600 // 2,
        black_used=3 * 3600,
        adjourned_at=start + timedelta(hours=5),
        resumes_at=start + timedelta(hours=20),
        user=None,
    )
    return Game.objects.get(pk=game.pk)


def _game_with_wrong_claim(pairing: Pairing) -> Game:
    """White, to move, claims a threefold repetition that has not occurred."""
    game = create_game(pairing=pairing, user=None)
    save_moves(game, NEPOMNIACHTCHI_DING_2023_1, user=None)
    incident = rule_on_incident(
        game, "draw_claim", {"claimant": "white", "claim": "threefold"}, user=None
    )
    return apply_incident(incident, user=None)
