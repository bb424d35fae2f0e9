"""Malformed TRF input: a TrfError naming the line, the column and what was expected."""

import pytest

from tournaments.trf import TrfError, read_trf

from .trf_data import TRF_DATA

HELD = (TRF_DATA / "tiebreak/held_c07_exercises/held_round_robin.trf").read_text()
LINES = HELD.splitlines()
ALYX = 4  # index of Alyx's line (line 5 of the file)


def with_line(index: int, text: str) -> str:
    lines = list(LINES)
    lines[index] = text
    return "\n".join(lines)


def error_for(text: str) -> TrfError:
    with pytest.raises(TrfError) as raised:
        read_trf(text)
    return raised.value


def replaced(column: int, new: str) -> str:
    """Alyx's line with the text at 1-based ``column`` replaced by ``new``."""
    line = LINES[ALYX]
    return with_line(ALYX, line[: column - 1] + new + line[column - 1 + len(new) :])


@pytest.mark.parametrize(
    ("column", "new", "expected"),
    [
        (5, "   x", "expected the starting rank (a number) in columns 5-8, found 'x'"),
        (49, "22O0", "expected the rating (a number) in columns 49-52, found '22O0'"),
        (81, "3,x", "expected the points (e.g. 4.5) in columns 81-84"),
        (92, "   A", "round 1: expected the opponent's starting rank in columns 92-95"),
        (97, "x", "round 1: expected the colour (w, b or -) in column 97, found 'x'"),
        (101, "1", "round 2: expected a blank in column 101, found '1' (is the line shifted?)"),
    ],
)
def test_malformed_player_line(column, new, expected):
    error = error_for(replaced(column, new))
    assert (error.line, error.column) == (5, column)
    assert expected in error.message
    assert str(error).startswith(f"line 5, column {column}: ")


def test_name_spilling_into_the_rating_columns():
    line = LINES[ALYX]
    shifted = line[:14] + "Alyx Longname-Withtoomanyletters Jr" + line[49:]
    error = error_for(with_line(ALYX, shifted))
    assert (error.line, error.column) == (5, 49)


def test_opponent_not_in_the_file():
    error = error_for(replaced(92, "  77"))
    assert (error.line, error.column) == (5, 92)
    assert error.message == "round 1: opponent 77 is not a player in this file"


def test_player_paired_with_himself():
    error = error_for(replaced(92, "   1"))
    assert error.message == "round 1: player 1 is paired with himself"


def test_starting_rank_used_twice():
    error = error_for(with_line(ALYX + 1, LINES[ALYX + 1][:4] + "   1" + LINES[ALYX + 1][8:]))
    assert (error.line, error.column) == (6, 5)
    assert error.message == "starting rank 1 is used twice (also on line 5)"


@pytest.mark.parametrize(
    ("record", "column", "expected"),
    [
        ("XXR five", 5, "record XXR: expected the number of rounds, found 'five'"),
        ("XXS W=1 WIN=2", 9, "record XXS: expected CODE=POINTS with CODE one of"),
        ("XXS W=x", 7, "record XXS: 'x' is not a number of points"),
        ("162 W 1.0 D half", 11, "record 162: expected a result symbol and its points"),
        ("XXP 3 x", 7, "record XXP: expected starting ranks, found 'x'"),
        ("XXA    1  1.0  one", 15, "record XXA: expected points, found 'one'"),
    ],
)
def test_malformed_records(record, column, expected):
    error = error_for(HELD + record + "\n")
    assert (error.line, error.column) == (11, column)
    assert error.message.startswith(expected)


@pytest.mark.parametrize(
    ("record", "column", "expected"),
    [
        ("240 Q   3   12", 5, "record 240: expected the bye type (H, F or Z) in column 5"),
        ("240 H   x   12", 7, "record 240: expected the round in columns 7-9, found 'x'"),
        ("260   1   9    1  two", 18, "record 260: expected a starting rank in columns 18-21"),
        ("XXZ 4 five", 7, "record XXZ: expected starting ranks, found 'five'"),
    ],
)
def test_malformed_trf2026_bye_and_prohibition_records(record, column, expected):
    error = error_for(HELD + record + "\n")
    assert (error.line, error.column) == (11, column)
    assert error.message.startswith(expected)


def test_a_file_that_is_not_trf():
    pgn = '[Event "Karl-Mala-Gedenkturnier"]\n[White "Vasquez, Rodrigo"]\n\n1. e4 e5 1-0\n'
    error = error_for(pgn)
    assert (error.line, error.column) == (1, None)
    assert error.message.startswith("this is not a TRF file")
    assert (
        str(error_for(""))
        == "this is not a TRF file: no line starts with a TRF code (001, 012, XXR, …)"
    )


def test_both_players_of_a_game_recording_the_same_colour():
    # FIDE checklist J50: refused, not stored with a guessed colour.
    bruno = LINES[ALYX + 1]
    error = error_for(with_line(ALYX + 1, bruno[:106] + "w" + bruno[107:]))
    assert (error.line, error.column) == (5, 107)
    assert error.message == (
        "round 2: player 1 (line 5) and player 2 (line 6) both record white against each "
        "other; the file does not say who had which colour"
    )
