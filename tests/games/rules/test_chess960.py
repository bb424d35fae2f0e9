"""Chess960 (Laws of Chess, Guidelines II) through the rules engine: the numbered starting
positions, castling with king and rook on unusual squares, and the incident rulings and draw
claims of a game started from such a position.

The games are cutechess's Chess960 games in python-chess's test data
(tests/data/pgn/python-chess/cutechess-fischerrandom.pgn); python-chess's own PGN reader is
the reference for the positions they reach.
"""

import io

import chess
import chess.pgn
import pytest

from games.entry import check_written_moves
from games.rules.chess960 import (
    board_from_fen,
    is_chess960_variant,
    position_fen,
    position_number,
    read_position,
)
from games.rules.claims import ClaimKind
from games.rules.incidents import (
    DrawClaimIncident,
    IllegalMoveFound,
    replay_moves,
    rule_draw_claim,
    rule_illegal_move,
)
from games.rules.records import read_pgn, read_pgn_file
from games.rules.replay import replay
from games.rules.rulesets import CLASSIC
from games.rules.rulings import Decision

from ._data import PGN

CUTECHESS = PGN / "python-chess" / "cutechess-fischerrandom.pgn"


def cutechess(index):
    """The record as this project reads it and python-chess's reading of the same game."""
    record = list(read_pgn_file(str(CUTECHESS)))[index]
    with open(CUTECHESS, encoding="utf-8") as handle:
        for _ in range(index + 1):
            reference = chess.pgn.read_game(handle)
    return record, reference


def test_numbered_positions_follow_the_shared_table():
    # 518 is the standard position; 0 and 959 are the table's ends (BBQNNRKR, RKRNNQBB).
    assert position_fen(518) == chess.STARTING_FEN
    assert position_fen(0).startswith("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq")
    assert position_fen(959).startswith("rkrnnqbb/")
    assert position_number(chess.STARTING_FEN) == 518
    # The cutechess game's FEN tag is position 168 (Shredder-FEN spelling read alike).
    assert position_number("nbrnbkqr/pppppppp/8/8/8/8/PPPPPPPP/NBRNBKQR w KQkq - 0 1") == 168
    assert read_position("nbrnbkqr/pppppppp/8/8/8/8/PPPPPPPP/NBRNBKQR w HChc - 0 1") == 168
    assert read_position(" 7 ") == 7


@pytest.mark.parametrize(
    "text",
    ["960", "-1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "any", ""],
)
def test_what_is_not_a_starting_position_is_refused(text):
    with pytest.raises(ValueError):
        read_position(text)


def test_variant_tag_spellings():
    assert all(map(is_chess960_variant, ["Chess960", "fischerandom", "Fischer Random"]))
    assert not is_chess960_variant("Standard")
    assert not is_chess960_variant("Crazyhouse")


@pytest.mark.parametrize("index", range(4))
def test_real_chess960_games_replay_to_python_chess_final_position(index):
    record, reference = cutechess(index)
    result = replay(record)
    assert result.error is None and result.setup_error is None
    assert result.board.chess960
    assert result.board.fen() == reference.end().board().fen()


def test_castling_with_king_and_rook_on_unusual_squares():
    """Game 1, position NBBRKNRQ: Black castles short with the king on e8 and the rook on g8
    (king to g8, rook to f8: 11...Rfe8 follows); White castles long with the king on e1 and
    the rook already on d1, where it stays (22.Rde1 follows)."""
    record, _reference = cutechess(0)
    played = replay(record).board
    sans = [text.text for text in record.moves]
    black_short = sans.index("O-O")
    white_long = sans.index("O-O-O")
    after = played.root()
    for move in played.move_stack[: black_short + 1]:
        after.push(move)
    assert after.piece_at(chess.G8) == chess.Piece(chess.KING, chess.BLACK)
    assert after.piece_at(chess.F8) == chess.Piece(chess.ROOK, chess.BLACK)
    assert after.piece_at(chess.E8) is None
    for move in played.move_stack[black_short + 1 : white_long + 1]:
        after.push(move)
    assert after.piece_at(chess.C1) == chess.Piece(chess.KING, chess.WHITE)
    assert after.piece_at(chess.D1) == chess.Piece(chess.ROOK, chess.WHITE)


def test_incident_record_keeps_chess960_castling_rights():
    """Game 4 from position 168 (king f1, rooks c1 and h1), written as moves from its FEN
    the way a typed scoresheet is: the position before each move keeps its castling
    rights, and O-O plays from it (king to g1, rook to f1)."""
    record, reference = cutechess(3)
    texts = [move.text for move in record.moves]
    replayed = replay_moves(texts, starting_fen=record.start_fen)
    castles = texts.index("O-O", 30)  # 16.O-O, White's
    before = replayed.board(castles)
    assert before.fen() == _reference_board(reference, castles).fen()
    assert before.castling_xfen() == "KQ"  # Black castled the move before
    before.push_san("O-O")
    assert before.piece_at(chess.G1) == chess.Piece(chess.KING, chess.WHITE)
    assert before.piece_at(chess.F1) == chess.Piece(chess.ROOK, chess.WHITE)


def _reference_board(game, plies):
    node = game
    for _ in range(plies):
        node = node.variation(0)
    return node.board()


def test_illegal_move_restores_the_position_with_its_castling_rights():
    """8.1 in a Chess960 game: an illegal second move by White (Qe1 through its own bishop)
    restores the position before it, castling rights and all, in X-FEN."""
    record, _reference = cutechess(3)
    texts = [move.text for move in record.moves][:6]
    texts[2] = "Qe1"
    replayed = replay_moves(texts, starting_fen=record.start_fen)
    ruling = rule_illegal_move(replayed, IllegalMoveFound(), CLASSIC)
    assert ruling.decision == Decision.PLAY_ON
    assert ruling.restore_fen == ("nbrnbkqr/pp1ppppp/8/2p5/2P5/8/PP1PPPPP/NBRNBKQR w KQkq - 0 2")


# Position 168, NBRNBKQR: the knights d1/d8 step out and back, then the c-rooks do the same.
KNIGHTS_OUT_AND_BACK = ["Ne3", "Ne6", "Nd1", "Nd8"]
ROOKS_OUT_AND_BACK = ["Ne3", "Ne6", "Rd1", "Rd8", "Rc1", "Rc8", "Nd1", "Nd8"]


def test_threefold_counts_castling_rights_from_a_chess960_start():
    """10.10 / 9.2.2: positions are the same only with the same castling rights. After the
    rooks went to d1/d8 and back, the start's pieces stand as before but neither side may
    castle long any more: the start position has arisen twice, not three times."""
    start = position_fen(168)
    replayed = replay_moves(KNIGHTS_OUT_AND_BACK + ROOKS_OUT_AND_BACK, starting_fen=start)
    assert replayed.board().board_fen() == board_from_fen(start).board_fen()
    ruling = rule_draw_claim(replayed, DrawClaimIncident(chess.WHITE, ClaimKind.THREEFOLD), CLASSIC)
    assert ruling.decision != Decision.GAME_OVER
    # The same moves once more with the knights only: now the start has arisen three times.
    thrice = replay_moves(KNIGHTS_OUT_AND_BACK * 2, starting_fen=start)
    ruling = rule_draw_claim(thrice, DrawClaimIncident(chess.WHITE, ClaimKind.THREEFOLD), CLASSIC)
    assert ruling.decision == Decision.GAME_OVER


def test_fifty_moves_counted_from_a_chess960_start():
    """10.12: fifty moves by each side without a pawn move or capture, from position 168."""
    shuffle = ["Ne3", "Ne6", "Nd1", "Nd8"] * 25  # 100 plies, no capture, no pawn move
    replayed = replay_moves(shuffle, starting_fen=position_fen(168))
    assert replayed.broken is None
    claim = DrawClaimIncident(chess.WHITE, ClaimKind.FIFTY_MOVES)
    assert rule_draw_claim(replayed, claim, CLASSIC).decision == Decision.GAME_OVER


def test_move_entry_offers_castling_in_a_chess960_game():
    """A typed scoresheet of game 4's opening with 16.O-O; a mistyped castle is met with the
    legal moves that look like it, O-O among them."""
    record, reference = cutechess(3)
    texts = [move.text for move in record.moves]
    castles = texts.index("O-O", 30)
    feedback = check_written_moves(texts[: castles + 1], start_fen=record.start_fen, chess960=True)
    assert feedback.error is None and feedback.sans[-1] == "O-O"
    assert feedback.fen == _reference_board(reference, castles + 1).fen()
    wrong = check_written_moves(
        [*texts[:castles], "O-O-O-O"], start_fen=record.start_fen, chess960=True
    )
    assert wrong.error is not None and "O-O" in wrong.alternatives


def test_chess960_variant_without_fen_is_the_standard_position():
    """A Variant tag alone: position 518, played under Chess960 rules."""
    pgn = '[Variant "Chess960"]\n\n1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. O-O O-O *\n'
    record = next(read_pgn(io.StringIO(pgn)))
    result = replay(record)
    assert result.error is None and result.board.chess960
    assert result.board.piece_at(chess.G1) == chess.Piece(chess.KING, chess.WHITE)
