"""How games end: mate, stalemate, 10.4 material, fide2023 automatic draws, flag fall with
10.5 / 6.9, and the declared result against the detected one."""

import io
import json

import chess
import pytest

from games.rules.endings import EndingKind, analyse_ending, can_checkmate, flag_fall_ruling
from games.rules.material import is_dead_by_material, is_lone_king
from games.rules.records import game_from_moves, game_from_uci, read_pgn, read_pgn_file
from games.rules.replay import replay
from games.rules.rulesets import CLASSIC, FIDE2023, ONLINE
from games.rules.rulings import Decision

from ._data import CLAIMS, PGN

CASES = json.loads((CLAIMS / "rule_checks.json").read_text())["cases"]
D3 = [
    (line[:2], line[3:].strip())
    for line in (CLAIMS / "dead_positions" / "D3-Chess_test-vector.txt").read_text().splitlines()
    if line and not line.startswith("#")
]


def cases(kind):
    return [case for case in CASES if case["kind"] == kind]


def analysed(text, ruleset=CLASSIC, **options):
    (record,) = read_pgn(io.StringIO(text))
    return analyse_ending(replay(record, **options), ruleset)


@pytest.mark.parametrize(
    "fen",
    [
        "8/8/8/3k4/8/3K4/8/8 w - - 0 1",  # K v K
        "8/8/8/3k4/8/3K4/3B4/8 w - - 0 1",  # K v K+B
        "8/8/8/3k4/8/3K4/3N4/8 b - - 0 1",  # K v K+N
        "8/4b3/8/3k4/8/3K4/3B4/8 w - - 0 1",  # K+B v K+B, both on dark squares (e7, d2)
        "8/8/8/3k4/8/3K4/8/b1B1B3 w - - 0 1",  # promoted bishops, all dark: as dead
    ],
)
def test_dead_material_10_4(fen):
    assert is_dead_by_material(chess.Board(fen))


@pytest.mark.parametrize(
    "fen",
    [
        "8/8/2b5/3k4/8/3K4/3B4/8 w - - 0 1",  # bishops on c6 (light), d2 (dark): mate possible
        "8/8/3n4/3k4/8/3K4/3N4/8 w - - 0 1",  # K+N v K+N
        "8/8/8/3k4/8/3K4/3NN3/8 w - - 0 1",  # K+N+N v K (helpmate exists)
        "8/8/3n4/3k4/8/3K4/3B4/8 w - - 0 1",  # K+B v K+N
        "8/8/8/3k4/8/3K4/3P4/8 w - - 0 1",  # a pawn
        "8/8/8/3k4/8/3K4/2BB4/8 w - - 0 1",  # bishop pair
    ],
)
def test_near_misses_are_not_dead(fen):
    assert not is_dead_by_material(chess.Board(fen))


def test_d3_vector_on_the_10_4_material_subset():
    subset = [(expected, fen) for expected, fen in D3 if is_dead_by_material(chess.Board(fen))]
    assert len(subset) >= 20
    assert {expected for expected, _ in subset} == {"--"}


@pytest.mark.parametrize("case", cases("insufficient_material"), ids=lambda c: c["fen"])
def test_material_cases_agree_with_rule_checks(case):
    board = chess.Board(case["fen"])
    expected = case["expected"]
    if "white_has_insufficient_material" in expected:  # per side: "cannot mate" finding
        white = can_checkmate(board, chess.WHITE, node_limit=0) is False
        black = can_checkmate(board, chess.BLACK, node_limit=0) is False
        assert white == expected["white_has_insufficient_material"]
        assert black == expected["black_has_insufficient_material"]
    # Both sides without mating material (chess.js) / an automatic draw (lichess): 10.4.
    for key in ("draw_insufficient_material_both", "automatic_draw"):
        if key in expected:
            assert is_dead_by_material(board) == expected[key]


@pytest.mark.parametrize(
    ("fen", "white", "black"),
    [
        # D3-Chess vector, "--": locked pawns, only the kings can move.
        ("2k5/6p1/6P1/6PK/6P1/6PR/7P/8 b - -", False, False),
        ("8/8/8/1k3p1p/3p1P2/1p1P1PpP/1P4P1/K7 b - -", False, False),
        # A mate one move away is found.
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", True, None),
    ],
)
def test_search_proves_what_it_can(fen, white, black):
    board = chess.Board(fen)
    assert can_checkmate(board, chess.WHITE, node_limit=20_000) is white
    if black is not None:
        assert can_checkmate(board, chess.BLACK, node_limit=20_000) is black


def test_declared_result_against_mate():
    (record,) = read_pgn_file(str(PGN / "python-chess" / "molinari-bordais-1979.pgn"))
    report = analyse_ending(replay(record), CLASSIC)
    assert report.ending.kind is EndingKind.CHECKMATE and report.mismatch is None
    record.headers["Result"] = "1-0"
    report = analyse_ending(replay(record), CLASSIC)
    assert report.mismatch == "Result 1-0 but Black delivered mate on move 5"
    assert report.ending.ruling(CLASSIC).article == "10.1"


def test_stalemate_and_dead_position_end_the_game_where_they_arise():
    captured = analysed(
        '[FEN "8/8/8/3k4/8/3K4/3B4/7r w - - 0 1"]\n[Result "0-1"]\n\n1. Bc3 Rh3+ 2. Kd2 Rxc3 '
        "3. Kxc3 Kc5 0-1\n"
    )
    assert captured.ending.kind is EndingKind.DEAD_POSITION
    assert captured.ending.move_number == 3 and captured.ending.article == "10.4"
    assert captured.mismatch is not None and captured.mismatch.startswith("Result 0-1 but Draw")
    assert any("later half-moves do not count" in f for f in captured.findings)


def test_true_stalemate():
    report = analysed('[FEN "k7/8/8/1Q6/8/8/8/6K1 w - - 0 1"]\n[Result "1/2-1/2"]\n\n1. Qb6 *\n')
    assert report.ending.kind is EndingKind.STALEMATE and report.mismatch is None


def test_fivefold_from_a_real_lichess_game_only_under_fide2023():
    (case,) = [c for c in cases("fivefold_repetition") if "moves_uci" in c]
    record = game_from_uci(case["moves_uci"])
    modern = analyse_ending(replay(record), FIDE2023)
    assert modern.ending.kind is EndingKind.FIVEFOLD_REPETITION
    assert modern.ending.ply == len(case["moves_uci"])
    shorter = game_from_uci(case["moves_uci"][:-1])
    assert analyse_ending(replay(shorter), FIDE2023).ending is None
    assert analyse_ending(replay(record), CLASSIC).ending is None


def test_fivefold_need_not_be_consecutive():
    (case,) = [c for c in cases("fivefold_repetition") if "moves" in c]
    record = game_from_moves(case["moves"], fen=case["start_fen"])
    report = analyse_ending(replay(record), FIDE2023)
    assert report.ending.kind is EndingKind.FIVEFOLD_REPETITION and report.ending.ply == 16


def test_seventy_five_moves_and_mate_precedence():
    quiet = game_from_moves(["Rb2"], fen="8/8/8/8/8/k7/8/KR6 w - - 149 120")
    report = analyse_ending(replay(quiet), FIDE2023)
    assert report.ending.kind is EndingKind.SEVENTY_FIVE_MOVES
    assert analyse_ending(replay(quiet), CLASSIC).ending is None
    mating = game_from_moves(["Ra1#"], fen="k7/2K5/8/8/8/8/8/1R6 w - - 149 120")
    assert analyse_ending(replay(mating), FIDE2023).ending.kind is EndingKind.CHECKMATE


EMT_GAME = """[TimeControl "40/7200"]
[Result "{result}"]
[FEN "{fen}"]

1. {white} {{[%emt 1:00:00]}} {black} {{[%emt 2:00:01]}} {result}
"""


def test_flag_fall_from_elapsed_times():
    text = EMT_GAME.format(
        fen="4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", white="Kd1", black="Kd8", result="1-0"
    )
    report = analysed(text)
    assert report.ending.kind is EndingKind.FLAG_FALL and report.ending.flagged == chess.BLACK
    assert report.ending.score.value == "1-0" and report.mismatch is None
    assert report.overstep.move_number == 1 and report.ending.article == "10.14"


def test_flag_fall_against_a_lone_king_is_a_draw():
    text = EMT_GAME.format(
        fen="4k3/8/8/8/8/8/3P4/4K3 b - - 0 1", white="Kd8", black="Kd1", result="0-1"
    ).replace("1. Kd8", "1... Kd8")
    report = analysed(text)
    assert report.ending.flagged == chess.WHITE and report.ending.score.value == "1/2-1/2"
    assert report.ending.article == "10.5"
    assert report.mismatch is not None


def test_flag_fall_when_the_opponent_cannot_mate_differs_by_ruleset():
    board = chess.Board("4k3/4b3/8/8/8/8/3Q4/4K3 w - - 0 1")
    # White (K+Q) oversteps; Black has K+B, which can never mate.
    assert flag_fall_ruling(board, chess.WHITE, CLASSIC).score.value == "0-1"
    modern = flag_fall_ruling(board, chess.WHITE, FIDE2023)
    assert modern.score.value == "1/2-1/2" and modern.article == "6.9"
    assert not is_lone_king(board, chess.BLACK)


def test_termination_tag_names_the_flag_fall():
    text = '[Termination "Time forfeit"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 1-0\n'
    report = analysed(text)
    assert report.ending.kind is EndingKind.FLAG_FALL and report.ending.flagged == chess.BLACK
    assert report.mismatch is None


def test_lone_king_cannot_have_won():
    report = analysed('[FEN "4k3/8/8/8/8/8/3Q4/4K3 b - - 0 1"]\n[Result "0-1"]\n\n1... Kf7 0-1\n')
    assert report.ending is None
    assert report.mismatch == "Result 0-1 but Black has a lone king and cannot win (10.5)"


def test_online_flag_fall_in_the_first_moves_voids_the_game():
    board = chess.Board()
    for san in ("e4", "e5", "Nf3"):
        board.push_san(san)
    void = flag_fall_ruling(board, chess.BLACK, ONLINE)
    assert void.decision is Decision.VOID and void.score is None
    for san in ("Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3"):
        board.push_san(san)
    assert flag_fall_ruling(board, chess.BLACK, ONLINE).score.value == "1-0"


def test_search_never_contradicts_d3_on_a_sample():
    """Every answer the bounded search proves agrees with the D3-Chess vector (the full
    comparison, with counts, is bench/checkgames_dead_positions.py)."""
    proved = 0
    for expected, fen in D3[::25]:
        board = chess.Board(fen)
        for color, letter in ((chess.WHITE, expected[0]), (chess.BLACK, expected[1])):
            answer = can_checkmate(board, color, node_limit=200)
            if answer is not None:
                proved += 1
                assert answer == (letter != "-"), (expected, fen, color)
    assert proved >= 20
