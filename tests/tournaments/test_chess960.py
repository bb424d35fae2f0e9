"""A Chess960 event (FIDE checklist M56; Laws of Chess, Guidelines II): positions drawn by
lot per round or per game and set by the arbiter, games that start from them and castle by
Chess960's rules (move entry, PGN out and in), the API, TRF and the printed reports' header.

Game 4 of cutechess's Chess960 games (tests/data/pgn/python-chess/cutechess-fischerrandom.pgn)
is the real game played: position 168, NBRNBKQR, king f1 and rooks c1 and h1, 16.O-O.
"""

from __future__ import annotations

import io

import chess
import chess.pgn
import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import Game
from games.pgn_export import export_pgn
from games.rules.chess960 import position_fen
from games.rules.records import read_pgn_file
from games.services import (
    GameError,
    ImportDecision,
    check_pgn,
    create_game,
    import_games,
    save_moves,
    set_chess960_position,
)
from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.api.tokens import create_api_token
from tournaments.models import Chess960Draw, TournamentLog, TournamentRole, Variant
from tournaments.reports.event import event_for_tournament
from tournaments.reports.sources import pairings_data
from tournaments.services import (
    TournamentError,
    pair_swiss_round,
    publish_round,
    update_tournament,
)
from tournaments.services.trf_exchange import export_trf, import_trf
from tournaments.trf.reader import split_lines

from ..games.rules._data import PGN

pytestmark = pytest.mark.django_db

CUTECHESS = PGN / "python-chess" / "cutechess-fischerrandom.pgn"
POSITION_168 = "nbrnbkqr/pppppppp/8/8/8/8/PPPPPPPP/NBRNBKQR w KQkq - 0 1"


def game_four_until_white_castles() -> list[str]:
    record = list(read_pgn_file(str(CUTECHESS)))[3]
    texts = [move.text for move in record.moves]
    return texts[: texts.index("O-O", 30) + 1]  # to 16.O-O, White's


def chess960_event(draw=Chess960Draw.PER_ROUND, players=6):
    tournament = TournamentFactory(
        name="Fischer Random Open", variant=Variant.CHESS960, chess960_draw=draw
    )
    PlayerFactory.create_batch(players, tournament=tournament)
    round_ = pair_swiss_round(tournament)
    publish_round(round_)
    return tournament, round_


def test_pairing_a_round_draws_one_position_for_all_its_boards():
    tournament, round_ = chess960_event()
    number = round_.chess960_position
    assert number is not None and 0 <= number <= 959
    entry = tournament.log.get(kind=TournamentLog.Kind.CHESS960)
    assert entry.round_number == 1 and f"position {number} (" in entry.message
    games = [create_game(pairing=p, user=None) for p in round_.pairings.exclude(black=None)]
    assert len(games) == 3
    for game in games:
        assert game.start_fen == position_fen(number) and game.chess960


def test_positions_per_game_are_drawn_board_by_board():
    tournament, round_ = chess960_event(Chess960Draw.PER_GAME, players=8)
    boards = round_.pairings.exclude(black=None)
    assert all(board.chess960_position is not None for board in boards)
    message = tournament.log.get(kind=TournamentLog.Kind.CHESS960).message
    assert all(f"{board.board}: {board.chess960_position} (" in message for board in boards)
    board_two = boards.get(board=2)
    set_chess960_position(round_, "168", board=2)
    board_two.refresh_from_db()
    assert board_two.starting_position == 168
    assert create_game(pairing=board_two, user=None).start_fen == POSITION_168


def test_a_standard_event_draws_nothing():
    tournament = TournamentFactory()
    PlayerFactory.create_batch(6, tournament=tournament)
    round_ = pair_swiss_round(tournament)
    assert round_.chess960_position is None
    assert not tournament.log.filter(kind=TournamentLog.Kind.CHESS960).exists()
    with pytest.raises(GameError, match="not a Chess960 event"):
        set_chess960_position(round_, "518")


def test_the_arbiter_sets_the_position_by_number_or_fen_until_a_game_has_moves():
    tournament, round_ = chess960_event()
    board_one = round_.pairings.get(board=1)
    game = create_game(pairing=board_one, user=None)
    assert set_chess960_position(round_, POSITION_168) == 168
    game.refresh_from_db()
    assert game.start_fen == POSITION_168  # the game created before follows
    for wrong in ("960", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "x"):
        with pytest.raises(GameError, match="not a Chess960 starting position"):
            set_chess960_position(round_, wrong)
    with pytest.raises(GameError, match="Every board of a round plays the round's position"):
        set_chess960_position(round_, "5", board=1)
    save_moves(game, ["b3"], user=None)
    with pytest.raises(GameError, match="Board 1 of round 1 already has moves"):
        set_chess960_position(round_, "518")
    round_.refresh_from_db()
    assert round_.chess960_position == 168
    assert tournament.log.filter(kind=TournamentLog.Kind.CHESS960).count() == 2


def test_move_entry_castles_with_king_on_f1_and_rook_on_h1(client):
    tournament, round_ = chess960_event()
    set_chess960_position(round_, "168")
    arbiter = UserFactory(username="chess960-arbiter")
    TournamentRole.objects.create(
        tournament=tournament, user=arbiter, role=TournamentRole.Role.CHIEF_ARBITER
    )
    client.force_login(arbiter)
    pairing = round_.pairings.get(board=1)
    client.post(reverse("games:start", args=[pairing.pk]))
    game = Game.objects.get(pairing=pairing)
    moves = game_four_until_white_castles()
    saved = client.post(
        reverse("games:moves", args=[game.pk]), {"moves": " ".join(moves), "save": ""}
    )
    assert saved.status_code == 302
    game.refresh_from_db()
    assert game.sans()[-1] == "O-O"
    after = chess.Board(game.current_fen, chess960=True)
    assert after.piece_at(chess.G1) == chess.Piece(chess.KING, chess.WHITE)
    assert after.piece_at(chess.F1) == chess.Piece(chess.ROOK, chess.WHITE)
    # The round page shows the position: diagram, number, White's first rank, FEN.
    page = client.get(reverse("tournaments:round", args=[tournament.pk, 1])).content.decode()
    assert "168 (NBRNBKQR)" in page and POSITION_168 in page
    assert reverse("games:position_svg") in page


def test_pgn_export_names_the_variant_and_the_position_and_reads_back():
    tournament, round_ = chess960_event()
    set_chess960_position(round_, "168")
    game = create_game(pairing=round_.pairings.get(board=1), user=None)
    moves = game_four_until_white_castles()
    save_moves(game, moves, user=None)
    game.refresh_from_db()
    text = export_pgn([game])
    exported = chess.pgn.read_game(io.StringIO(text))
    assert exported.headers["Variant"] == "Chess960"
    assert exported.headers["SetUp"] == "1"
    assert exported.headers["FEN"] == POSITION_168
    assert [exported.board().san(m) for m in [exported.variation(0).move]] == [moves[0]]
    assert exported.end().board().fen() == chess.Board(game.current_fen, chess960=True).fen()
    # Read back onto board 2 of the same round (same position): the same moves.
    board_two = round_.pairings.get(board=2)
    text_two = text.replace('[Board "1"]', '[Board "2"]')
    checks = check_pgn(text_two, tournament, round_number=1)
    (imported,) = import_games(checks, [ImportDecision(checks[0].number, board_two.pk)], user=None)
    assert imported.sans() == game.sans() and imported.chess960
    assert imported.start_fen == POSITION_168


def test_the_position_518_is_still_written_out():
    _tournament, round_ = chess960_event()
    set_chess960_position(round_, "518")
    game = create_game(pairing=round_.pairings.get(board=1), user=None)
    headers = chess.pgn.read_headers(io.StringIO(export_pgn([game])))
    assert (headers["Variant"], headers["SetUp"], headers["FEN"]) == (
        "Chess960",
        "1",
        chess.STARTING_FEN,
    )


def test_a_game_from_another_position_is_not_imported_on_the_board():
    tournament, round_ = chess960_event()
    set_chess960_position(round_, "0")
    record_text = CUTECHESS.read_text().split("\n\n[Event")[0]  # game 1, position NBBRKNRQ
    record_text = record_text.replace('[Round "1"]', '[Round "1"]\n[Board "1"]')
    checks = check_pgn(record_text, tournament, round_number=1)
    board_one = round_.pairings.get(board=1)
    with pytest.raises(GameError, match="plays Chess960 position 0 but the game starts from"):
        import_games(checks, [ImportDecision(checks[0].number, board_one.pk)], user=None)


def test_variant_is_locked_once_round_one_is_paired():
    tournament, _round = chess960_event()
    with pytest.raises(TournamentError, match=r"[Vv]ariant"):
        update_tournament(tournament, variant=Variant.STANDARD)


def test_trf_names_the_event_and_its_positions_and_reads_back():
    tournament, round_ = chess960_event()
    set_chess960_position(round_, "168")
    text = export_trf(tournament, version=2026)
    lines = split_lines(text)
    assert "092 Swiss (FIDE Dutch), Chess960" in lines
    assert any(
        line.startswith("### Chess960 @ Round 1: Chess960 starting position set to 168 (NBRNBKQR)")
        for line in lines
    )
    assert "092 Swiss (FIDE Dutch), Chess960" in split_lines(export_trf(tournament, version=16))
    assert import_trf(text).variant == Variant.CHESS960
    standard = TournamentFactory()
    PlayerFactory.create_batch(2, tournament=standard)
    assert import_trf(export_trf(standard, version=16)).variant == Variant.STANDARD


def test_printed_reports_say_chess960_and_the_pairings_give_the_position():
    tournament, round_ = chess960_event()
    set_chess960_position(round_, "168")
    assert "Chess960" in event_for_tournament(tournament).facts()
    assert "Chess960" not in event_for_tournament(TournamentFactory()).facts()
    notes = pairings_data(tournament, number=1).notes
    assert f"Chess960 starting position: 168 (NBRNBKQR). FEN: {POSITION_168}" in notes


def test_the_api_sets_and_shows_the_position():
    tournament, _round = chess960_event()
    chief = UserFactory(username="chess960-chief")
    TournamentRole.objects.create(
        tournament=tournament, user=chief, role=TournamentRole.Role.CHIEF_ARBITER
    )
    key = create_api_token(tournament, name="pairing", scope="pairing", user=chief)[1]
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    url = f"/api/v1/tournaments/{tournament.slug}/rounds/1/chess960/"
    reply = api.post(url, {"position": POSITION_168}, format="json")
    assert reply.status_code == 200, reply.content
    assert reply.json()["chess960_position"] == 168
    assert {p["chess960_position"] for p in reply.json()["pairings"] if p["black"]} == {168}
    refused = api.post(url, {"position": "960"}, format="json")
    assert refused.status_code == 422
    assert "not a Chess960 starting position" in refused.json()["errors"][0]["detail"]
