"""Reading moves as players write them (Art. 5 conditions, Art. 11 scoresheet forms)."""

import chess
import pytest

from games.rules.notation import (
    AmbiguousMoveError,
    IllegalMoveError,
    UnreadableMoveError,
    parse_move,
)

START = chess.Board()


@pytest.mark.parametrize(
    ("text", "uci"),
    [
        ("Nf3", "g1f3"),
        ("Ng1-f3", "g1f3"),
        ("g1f3", "g1f3"),
        ("♘f3", "g1f3"),
        ("♞f3", "g1f3"),
        ("马f3", "g1f3"),
        ("馬f3", "g1f3"),
        ("Nf3!?", "g1f3"),
        ("e2-e4", "e2e4"),
        ("Pe4", "e2e4"),
        ("兵e4", "e2e4"),
    ],
)
def test_sloppy_forms_from_the_start(text, uci):
    assert parse_move(START, text) == chess.Move.from_uci(uci)


@pytest.mark.parametrize("text", ["0-0", "O-O", "o-o", "O-O+", "OO"])
def test_kingside_castling_spellings(text):
    board = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert parse_move(board, text) == chess.Move.from_uci("e1g1")


@pytest.mark.parametrize("text", ["0-0-0", "O-O-O", "王c1"])
def test_queenside_castling_spellings(text):
    board = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert parse_move(board, text) == chess.Move.from_uci("e1c1")


@pytest.mark.parametrize("text", ["b8Q", "b8=Q", "b7b8q", "b8(Q)", "b8=♕"])
def test_promotion_spellings(text):
    board = chess.Board("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    assert parse_move(board, text) == chess.Move.from_uci("b7b8q")


def test_promotion_piece_missing_and_wrong_piece():
    board = chess.Board("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    with pytest.raises(IllegalMoveError, match="promotion piece missing"):
        parse_move(board, "b8")
    with pytest.raises(IllegalMoveError, match="queen, rook, bishop or knight"):
        parse_move(board, "b8=K")


def test_en_passant_written_with_ep_and_only_right_after_the_double_step():
    board = chess.Board("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
    board.push_san("d5")
    assert parse_move(board, "exd6e.p.") == chess.Move.from_uci("e5d6")
    assert parse_move(board, "exd6 ep") == chess.Move.from_uci("e5d6")
    board.push_san("Kd2")
    board.push_san("Ke7")
    with pytest.raises(IllegalMoveError, match="double step was not the last move"):
        parse_move(board, "exd6e.p.")


def test_ambiguous_knight_names_both_moves():
    board = chess.Board("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    with pytest.raises(AmbiguousMoveError) as caught:
        parse_move(board, "Nd2")
    assert caught.value.reason == "Nbd2 and Nfd2 both possible"
    expected = {chess.Move.from_uci("b1d2"), chess.Move.from_uci("f1d2")}
    assert set(caught.value.candidates) == expected
    assert caught.value.text == "Nd2"
    assert parse_move(board, "Nbd2") == chess.Move.from_uci("b1d2")


@pytest.mark.parametrize(
    ("fen", "reason"),
    [
        # 5.1(2): the king's square, the square crossed, the square landed on.
        ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", None),
        ("4k3/8/8/8/8/8/8/r3K2R w K - 0 1", "castling: the king is in check"),
        ("4k3/8/8/8/8/8/8/4K1NR w K - 0 1", r"between king and rook are not empty \(g1\)"),
        ("4kr2/8/8/8/8/8/8/4K2R w K - 0 1", "king passes through an attacked square f1"),
        ("4k1r1/8/8/8/8/8/8/4K2R w K - 0 1", "the king would be in check on g1"),
        ("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "the king or the h1 rook has moved"),
        ("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "the h1 rook has moved"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "there is no rook on h1"),
        # A rook promoted on the king's file never castles "vertically" (FIDE 1972).
        ("4R1k1/8/8/8/8/8/8/4K3 w - - 0 1", "the rook must stand on the king's own rank"),
        # An attacked rook does not prevent castling.
        ("4k2r/8/8/8/8/8/8/4K2R w K - 0 1", None),
    ],
)
def test_castling_conditions(fen, reason):
    board = chess.Board(fen)
    if reason is None:
        assert parse_move(board, "O-O") == chess.Move.from_uci("e1g1")
    else:
        with pytest.raises(IllegalMoveError, match=reason):
            parse_move(board, "O-O")


def test_queenside_rook_crossing_attacked_b1_may_castle():
    board = chess.Board("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
    assert parse_move(board, "O-O-O") == chess.Move.from_uci("e1c1")


def test_king_that_moved_and_came_back_cannot_castle():
    board = chess.Board("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    for san in ("Kf1", "Ke7", "Ke1", "Ke8"):
        board.push_san(san)
    with pytest.raises(IllegalMoveError, match="castling: the king has moved"):
        parse_move(board, "O-O")


def test_rook_that_moved_and_came_back_cannot_castle():
    board = chess.Board("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    for san in ("Rh2", "Ke7", "Rh1", "Ke8"):
        board.push_san(san)
    with pytest.raises(IllegalMoveError, match="castling: the h1 rook has moved"):
        parse_move(board, "O-O")


@pytest.mark.parametrize(
    ("fen", "text", "reason"),
    [
        ("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", "the piece on e2 is pinned to the king"),
        ("4k3/4r3/8/8/8/8/8/4K3 w - - 0 1", "Ke2", "White is in check and Ke2 does not escape"),
        ("5r2/8/8/8/8/8/8/4K2k w - - 0 1", "Kf1", "the king would be in check on f1"),
        (chess.STARTING_FEN, "Nd2", "d2 is occupied by White's own pawn"),
        (chess.STARTING_FEN, "e5", "no white pawn can move to e5"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Qd2", "White has no queen"),
        (chess.STARTING_FEN, "e3e4", "White has no piece on e3"),
        (chess.STARTING_FEN, "--", "null move"),
    ],
)
def test_illegal_moves_say_why(fen, text, reason):
    with pytest.raises(IllegalMoveError, match=reason):
        parse_move(chess.Board(fen), text)


@pytest.mark.parametrize("text", ["", "   ", "Sf3", "Nf9", "hello", "1."])
def test_unreadable_text(text):
    with pytest.raises(UnreadableMoveError):
        parse_move(START, text)
