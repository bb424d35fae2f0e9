"""Games through the API: Fischer–Spassky, Reykjavik 1972, game 6, stored on a board, read
back with its moves and PGN; an incident and its ruling; what each client may see."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import chess.pgn
import pytest
from rest_framework.test import APIClient

from games.models import Game
from games.services.games import create_game, save_moves
from games.services.incidents import rule_on_incident
from tournaments.models import PairingSystem, Round, Tournament
from tournaments.services import create_tournament, submit_pairings

PGN = Path(__file__).resolve().parents[1] / "data" / "api" / "fischer-spassky-1972-game6.pgn"


@pytest.fixture
def reference() -> chess.pgn.Game:
    game = chess.pgn.read_game(io.StringIO(PGN.read_text()))
    assert game is not None
    return game


def reader(token_for: Any, tournament: Tournament) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for('read', on=tournament)}")
    return client


@pytest.fixture
def match(chief: Any, reference: chess.pgn.Game) -> tuple[Tournament, Game]:
    tournament = create_tournament(
        name="Reykjavik WCh",
        system=PairingSystem.SWISS,
        number_of_rounds=24,
        user=chief,
        start_date="1972-07-11",  # the adjournment-era Laws (classic), by its date
    )
    tournament.players.create(name="Robert James Fischer", start_rank=1, fide_id="2000024")
    tournament.players.create(name="Boris Spassky", start_rank=2, fide_id="4100018")
    # A match set up as a Swiss cannot be paired to its end (D28): acknowledged.
    round_ = submit_pairings(
        tournament, [(1, 2)], source=Round.PairedBy.MANUAL, user=chief, confirm="acknowledge"
    )
    round_.status = Round.Status.PUBLISHED
    round_.save()
    game = create_game(pairing=round_.pairings.get(), user=chief)
    sans = []
    board = reference.board()
    for move in reference.mainline_moves():
        sans.append(board.san(move))
        board.push(move)
    save_moves(game, sans, user=chief)
    return tournament, game


def test_a_game_is_read_back_with_its_moves_and_pgn(
    match: tuple[Tournament, Game], reference: chess.pgn.Game
) -> None:
    tournament, game = match
    client = APIClient()  # a public tournament: no credentials needed
    listed = client.get(f"/api/v1/tournaments/{tournament.slug}/games/", {"round": 1}).json()
    assert [(g["round"], g["board"], g["plies"]) for g in listed] == [(1, 1, 81)]
    detail = client.get(f"/api/v1/tournaments/{tournament.slug}/games/{game.pk}/").json()
    assert (detail["white_name"], detail["black_name"]) == ("Robert James Fischer", "Boris Spassky")
    assert detail["white_fide_id"] == "2000024"
    assert [m["san"] for m in detail["moves"][:4]] == ["c4", "e6", "Nf3", "d5"]
    assert detail["moves"][-1] == {"ply": 81, "san": "Qf4", "clock": None, "elapsed": None}
    exported = chess.pgn.read_game(io.StringIO(detail["pgn"]))
    assert exported is not None
    assert list(exported.mainline_moves()) == list(reference.mainline_moves())
    assert exported.headers["Board"] == "1"


def test_incidents_and_rulings_are_for_arbiters_and_tokens(
    match: tuple[Tournament, Game], token_for: Any, chief: Any
) -> None:
    tournament, game = match
    # Spassky claims a threefold repetition that never happened: refused, play goes on.
    rule_on_incident(game, "draw_claim", {"claimant": "black", "claim": "threefold"}, user=chief)
    url = f"/api/v1/tournaments/{tournament.slug}/games/{game.pk}/incidents/"
    assert APIClient().get(url).status_code == 401
    incidents = reader(token_for, tournament).get(url).json()
    assert len(incidents) == 1
    assert incidents[0]["kind"] == "draw_claim"
    # Art. 10.13(2): an incorrect claim, play continues (classic: 5 minutes added).
    assert (incidents[0]["article"], incidents[0]["decision"]) == ("10.13(2)", "play_on")
    assert incidents[0]["score"] == ""
    assert incidents[0]["applied"] is False


def test_games_of_a_draft_round_are_hidden_from_the_public(
    match: tuple[Tournament, Game], token_for: Any
) -> None:
    tournament, game = match
    Round.objects.filter(tournament=tournament).update(status=Round.Status.DRAFT)
    url = f"/api/v1/tournaments/{tournament.slug}/games/"
    assert APIClient().get(url).json() == []
    assert APIClient().get(f"{url}{game.pk}/").status_code == 404
    assert len(reader(token_for, tournament).get(url).json()) == 1


def test_a_draw_claim_is_ruled_through_the_api(
    match: tuple[Tournament, Game], token_for: Any, chief: Any
) -> None:
    tournament, game = match
    url = f"/api/v1/tournaments/{tournament.slug}/games/{game.pk}/incidents/"
    arbiter = APIClient()
    arbiter.force_authenticate(chief)
    # Fischer–Spassky 1972 game 6 was never repeated: Spassky's threefold claim is wrong.
    wrong = arbiter.post(url, {"kind": "draw_claim", "claimant": "black", "claim": "threefold"})
    assert wrong.status_code == 201, wrong.json()
    assert (wrong.json()["article"], wrong.json()["decision"]) == ("10.13(2)", "play_on")
    # The engine names what it cannot read; a token (no incident scope) may not rule.
    bad = arbiter.post(url, {"kind": "draw_claim", "claimant": "nobody", "claim": "threefold"})
    assert bad.status_code == 422
    assert "claimant" in bad.json()["detail"]
    assert arbiter.post(url, {"kind": "seal"}).status_code == 400
    pairing_token = APIClient()
    pairing_token.credentials(HTTP_AUTHORIZATION=f"Token {token_for('pairing', on=tournament)}")
    assert pairing_token.post(url, {"kind": "draw_claim"}).status_code == 403
    assert [i["kind"] for i in arbiter.get(url).json()] == ["draw_claim"]


def test_the_arbiter_keeping_score_is_ruled_through_the_api(
    match: tuple[Tournament, Game], chief: Any
) -> None:
    """11.3: both players under five minutes before the control; neither records."""
    tournament, game = match
    url = f"/api/v1/tournaments/{tournament.slug}/games/{game.pk}/incidents/"
    arbiter = APIClient()
    arbiter.force_authenticate(chief)
    body = {"kind": "arbiter_keeps_score", "white_remaining": 170, "black_remaining": 95}
    ruled = arbiter.post(url, body, format="json")
    assert ruled.status_code == 201, ruled.json()
    assert (ruled.json()["article"], ruled.json()["decision"]) == ("11.3", "play_on")
    # Fischer, with twenty minutes left, records himself: the arbiter does not take over.
    white_records = arbiter.post(url, {**body, "white_remaining": 1200}, format="json")
    assert white_records.json()["article"] == "11.1"
