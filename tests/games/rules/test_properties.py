"""Properties: any legal game replays from its SAN, its UCI and its PGN; no text, however
broken, makes the report raise."""

import io

import chess
import chess.pgn
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.records import decode_lines, game_from_moves, game_from_uci, read_pgn
from games.rules.replay import replay
from games.rules.report import check_game
from games.rules.rulesets import CLASSIC, FIDE2023

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def legal_games(draw):
    board = chess.Board()
    for choice in draw(st.lists(st.integers(min_value=0, max_value=10_000), max_size=120)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(moves[choice % len(moves)])
    return board


@FAST
@given(legal_games())
def test_random_legal_games_replay_from_san_uci_and_pgn(board):
    sans = chess.Board().variation_san(board.move_stack) if board.move_stack else ""
    written = [token for token in sans.split() if not token[0].isdigit()]
    for record in (
        game_from_moves(written),
        game_from_uci([move.uci() for move in board.move_stack]),
        next(read_pgn(io.StringIO(str(chess.pgn.Game.from_board(board)) + "\n"))),
    ):
        result = replay(record)
        assert result.error is None
        assert result.board.fen() == board.fen()
        assert result.plies == len(board.move_stack)


PGNISH = st.text(
    alphabet=st.sampled_from(
        list('[]{}();$%."\\ \n\r\t\ufeff-=+#!?/*½…0123456789abcdefghKQRBNOPxXZ马♘<>')
    ),
    max_size=300,
)


@FAST
@given(st.one_of(PGNISH, st.text(max_size=200)))
def test_report_never_raises_on_any_text(text):
    for record in read_pgn(io.StringIO(text)):
        for ruleset in (CLASSIC, FIDE2023):
            report = check_game(record, ruleset)
            assert report.as_dict()["game"] == record.number
            assert report.as_text()


@FAST
@given(st.binary(max_size=300))
def test_any_bytes_decode_and_read(data):
    for record in read_pgn(decode_lines(io.BytesIO(data))):
        check_game(record, CLASSIC)
