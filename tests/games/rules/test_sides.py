"""Moves as a scoresheet numbers them."""

from games.rules.sides import numbered_moves


def test_a_move_list_is_numbered_as_on_a_scoresheet():
    assert numbered_moves(["e4", "e5", "Nf3"]) == "1. e4 e5 2. Nf3"
    assert numbered_moves([]) == ""


def test_numbering_starts_from_the_positions_move_and_side():
    black_to_move = "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 12"
    assert numbered_moves(["Nf6", "Nc3", "Be7"], black_to_move) == "12... Nf6 13. Nc3 Be7"


def test_an_illegal_move_written_in_the_list_is_numbered_too():
    assert numbered_moves(["e4", "Ke7", "Qh5", "Kd5"]) == "1. e4 Ke7 2. Qh5 Kd5"
