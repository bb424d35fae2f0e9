"""Reading PGN as found in the wild: real collections, exports and malformed files.

Expected values come from the source projects' own tests (tests/data/pgn/*EXPECTED*.json,
python-chess_inline_cases_expected.json, chessops_files_expected.json).
"""

import io
import json

import chess
import pytest

from games.rules.records import (
    decode_lines,
    game_from_moves,
    game_from_uci,
    pgn_parts,
    read_pgn,
    read_pgn_file,
)
from games.rules.replay import replay
from games.rules.text import decode_bytes, detect_encoding

from ._data import PGN, REAL_COLLECTIONS

EXPECTED = json.loads((PGN / "python-chess" / "EXPECTED.json").read_text())["files"]
NASTY = {
    case["file"]: case["expected"]
    for case in json.loads((PGN / "nasty" / "python-chess_inline_cases_expected.json").read_text())[
        "cases"
    ]
}
CHESSOPS = json.loads((PGN / "nasty" / "chessops_files_expected.json").read_text())["files"]


def games(relative):
    return list(read_pgn_file(str(PGN / relative)))


def only(relative):
    (record,) = games(relative)
    return record


@pytest.mark.parametrize(("relative", "count"), sorted(REAL_COLLECTIONS.items()))
def test_real_collections_replay_completely(relative, count):
    records = games(relative)
    assert len(records) == count
    for record in records:
        result = replay(record)
        assert result.error is None, result.error.describe()
        assert result.setup_error is None and not record.problems
        assert result.plies == len(record.moves) > 0


def test_kasparov_deep_blue_headers():
    expected = EXPECTED["kasparov-deep-blue-1997.pgn"]
    records = games("python-chess/kasparov-deep-blue-1997.pgn")
    assert len(records) == expected["games"]
    for index, record in enumerate(records, start=1):
        for tag, value in expected.get(f"game{index}", {}).items():
            assert record.headers[tag] == value
    assert [r.number for r in records] == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize(
    "name", ["stockfish-learning.pgn", "anastasian-lewis.pgn", "uci-moves.pgn"]
)
def test_final_positions(name):
    record = only(f"python-chess/{name}")
    result = replay(record)
    expected_fen = EXPECTED[name]["game1"]["end_fen"]
    if name == "anastasian-lewis.pgn":
        # python-chess plays the "Z0" null move; under the Laws passing is not a move, so
        # the record stops there, one ply short of python-chess's final position.
        assert result.error is not None and result.error.text == "Z0"
        assert result.error.kind == "illegal" and "null move" in result.error.reason
        return
    assert result.error is None
    assert result.board.fen() == expected_fen


def test_chessbase_export_with_blank_line_in_tags():
    (record,) = games("python-chess/chessbase-empty-line.pgn")
    expected = EXPECTED["chessbase-empty-line.pgn"]["game1"]
    assert record.headers["Event"] == expected["Event"]
    assert record.headers["Round"] == expected["Round"]
    assert replay(record).board.move_stack[0].uci() == expected["first_move_uci"]


def test_utf8_bom_file():
    assert [r.headers["Event"] for r in games("python-chess/utf8-bom.pgn")] == ["A", "B"]


def test_chess960_start_position():
    record = games("python-chess/cutechess-fischerrandom.pgn")[0]
    result = replay(record)
    assert result.start_fen == EXPECTED["cutechess-fischerrandom.pgn"]["game1"]["start_fen"]
    assert result.error is None and result.board.chess960


@pytest.mark.parametrize(
    "name",
    [
        "antichess-programfox.pgn",
        "knightvuillaume-jannlee-zh-lichess.pgn",
        "saturs-jannlee-zh-lichess.pgn",
    ],
)
def test_variant_games_are_not_checked_as_chess(name):
    for record in games(f"python-chess/{name}"):
        result = replay(record)
        assert result.setup_error is not None and "is not chess" in result.setup_error
        assert result.plies == 0


def test_promotion_without_equals_sign():
    result = replay(only("nasty/promotion_without_equals.pgn"))
    assert (
        result.board.move_stack[-1].uci() == NASTY["promotion_without_equals.pgn"]["last_move_uci"]
    )


def test_illegal_move_then_next_game():
    expected = NASTY["illegal_move_then_next_game.pgn"]
    first, second = games("nasty/illegal_move_then_next_game.pgn")
    result = replay(first)
    assert result.error is not None
    assert (result.error.game, result.error.move_number, result.error.color) == (1, 1, chess.BLACK)
    assert (result.error.text, result.error.line, result.error.column) == ("Qa1", 2, 19)
    assert result.error.fen_before == expected["game1"]["replayable_prefix_end_fen"]
    assert replay(second).board.fen() == expected["game2"]["end_fen"]


def test_small_malformed_cases():
    assert only("nasty/result_as_termination_only.pgn").declared_result == "1-0"
    fen_only = only("nasty/fen_without_setup_tag.pgn")
    assert replay(fen_only).start_fen == NASTY["fen_without_setup_tag.pgn"]["start_fen"]
    assert replay(fen_only).error is None
    semicolon = replay(only("nasty/semicolon_comment.pgn"))
    assert [m.uci() for m in semicolon.board.move_stack] == ["e2e4"]
    assert only("nasty/weird_header_value.pgn").headers == {"Black": "[=0040.34h5a4]"}
    assert only("nasty/special_tag_name.pgn").headers == {"BlackType:": "program"}
    assert replay(only("nasty/chess960_without_fen.pgn")).board.move_stack[0].uci() == "e2e4"
    leading = only("nasty/leading_whitespace_before_header.pgn")
    assert leading.headers["Event"] == "TCEC Season 27 - Entrance League"
    assert replay(leading).board.move_stack[0].uci() == "d2d4" and not leading.problems
    assert [r.headers["Event"] for r in games("nasty/headers_without_movetext.pgn")] == ["A", "B"]
    assert games("nasty/whitespace_only.pgn") == []


def test_comments_after_moves():
    record = only("nasty/two_comments_after_move.pgn")
    assert [m.comments for m in record.moves] == [
        ["A common opening"],
        ["A common response", "An uncommon comment"],
    ]


def test_variations_are_skipped_but_the_mainline_is_kept():
    record = only("nasty/nested_variations_no_result.pgn")
    assert [m.uci() for m in replay(record).board.move_stack] == ["d2d4", "d7d5"]
    assert record.declared_result == "*"


def test_chessops_pathological_headers():
    expected = CHESSOPS["chessops__pathological-headers.pgn"]
    (record,) = games("nasty/chessops__pathological-headers.pgn")
    assert record.headers == expected["headers"]


def test_chessops_game_boundaries():
    same_line = games("nasty/chessops__headers-and-moves-on-the-same-line.pgn")
    assert len(same_line) == CHESSOPS["chessops__headers-and-moves-on-the-same-line.pgn"]["games"]
    assert [m.text for m in same_line[1].moves] == ["e3", "e6", "b4", "Bxb4", "Qg4"]
    assert all(r.headers == {"Variant": "Antichess"} for r in same_line)
    leading = games("nasty/chessops__leading-whitespace.pgn")
    expected = CHESSOPS["chessops__leading-whitespace.pgn"]
    assert len(leading) == expected["games"]
    assert [m.text for m in leading[0].moves] == expected["game0_mainline_san"]
    assert all(replay(r).error is None for r in leading)


def test_german_piece_letter_is_a_syntax_error_at_its_place():
    result = replay(only("nasty/german_piece_letters_Sf3__mliebelt.pgn"))
    assert result.error is not None and result.error.kind == "unreadable"
    assert (result.error.text, result.error.line, result.error.column) == ("Sf3", 2, 13)
    assert result.plies == 2  # 1.d4 Nf6 were legal


def test_html_line_breaks_and_set_up_position():
    record = only("chess.js/0.pgn")
    assert record.headers["White"] == "Jeff Hlywa" and not record.problems
    result = replay(record)
    assert result.error is None and result.board.is_checkmate()
    black_first = replay(only("chess.js/3.pgn"))
    assert black_first.error is None and black_first.board.move_stack[0].uci() == "b4a5"


def test_clock_and_nag_data_kept():
    text = "1. e4 {[%clk 0:03:00]} e5 $1 {[%emt 0:00:04]} 2. Nf3!? *\n"
    (record,) = read_pgn(io.StringIO(text))
    assert record.moves[0].clock() == (180.0, None)
    assert record.moves[1].nags == [1] and record.moves[1].clock() == (None, 4.0)
    assert record.moves[2].text == "Nf3" and record.moves[2].nags == [5]
    assert len(replay(record).clock_readings) == 2


def test_unclosed_comment_and_variation_are_syntax_problems_with_places():
    (record,) = read_pgn(io.StringIO("1. e4 (1. d4 d5\n2. c4 {never closed\n"))
    messages = [(p.line, p.column, p.message) for p in record.problems]
    assert (2, 7, "comment '{' is never closed") in messages
    assert (1, 7, "variation '(' is never closed") in messages


def test_latin1_and_crlf_and_cr_only_lines():
    latin1 = '[White "Andersson, Ulf"]\n[Black "L\xf6fgren"]\n\n1. e4 e5 *\n'.encode("latin-1")
    (record,) = read_pgn(decode_lines(io.BytesIO(latin1), detect_encoding(latin1)))
    assert record.headers["Black"] == "Löfgren"
    cr_only = b'[Event "A"]\r\r1. e4 *\r\r[Event "B"]\r\r1. d4 *\r'
    assert [r.headers["Event"] for r in read_pgn(decode_lines(io.BytesIO(cr_only)))] == ["A", "B"]


def test_moves_from_lists():
    record = game_from_moves(["e4", "e5", "♘f3", "马c6", "Bb5", "a6", "0-0"])
    assert (
        replay(record)
        .board.fen()
        .startswith("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1")
    )
    uci = replay(game_from_uci("e2e4 e7e5 g1f3"))
    assert uci.error is None and uci.plies == 3
    from_fen = game_from_moves(
        ["Ba5"], fen="r1bqk1nr/pppp1ppp/2n5/4p3/1bB1P3/2P2N2/P2P1PPP/RNBQK2R b KQkq - 0 1"
    )
    assert replay(from_fen).error is None
    bad_fen = replay(game_from_moves(["e4"], fen="not a fen"))
    assert bad_fen.setup_error is not None and "not a fen" in bad_fen.setup_error


def test_short_draw_marker_and_move_numbers_without_dots():
    (record,) = read_pgn(io.StringIO("1 e4 e5 2 Nf3 1/2\n"))
    assert [m.text for m in record.moves] == ["e4", "e5", "Nf3"]
    assert record.declared_result == "1/2-1/2"


@pytest.mark.parametrize("closed", [False, True], ids=["unclosed", "closed"])
def test_a_megabyte_tag_line_is_read_in_bounded_memory(closed: bool) -> None:
    """Issue: a 5 MB tag line took 8 s and 2.8 GB (the tag pattern kept a backtracking
    frame per character, ~600 MB per MB). Bounded generously: a guard against runaway,
    not a speed test."""
    import tracemalloc

    value = "a" * 1_000_000
    line = f'[Event "{value}"]\n' if closed else f'[Event "{value}\n'
    tracemalloc.start()
    try:
        games = list(read_pgn([line, "1. e4 e5 *\n"]))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 50_000_000
    if closed:
        assert games[0].headers["Event"] == value
    else:
        assert games[0].problems[0].describe().startswith("line 1, column 1: malformed tag pair")


GBK_GAME = (
    '[Event "全国象棋锦标赛"]\n[White "王天一"]\n[Black "郑惟桐"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n'
)


@pytest.mark.parametrize(
    ("text", "encoding"),
    [
        (GBK_GAME, "gbk"),
        ('[White "丁立人"]\n[Black "Ding, Liren"]\n\n1. d4 *\n', "gbk"),
        ('[White "Müller, Jörg"]\n[Black "Hübner, Robert"]\n\n1. e4 *\n', "latin-1"),
        ('[White "Muñoz"]\n[Black "Ibáñez"]\n\n1. e4 *\n', "latin-1"),
        ('[White "Šarac, Ivan"]\n\n1. e4 *\n', "cp1252"),
        ('[White "王天一"]\n\n1. e4 *\n', "utf-8"),
    ],
)
def test_legacy_encodings_are_detected_and_read_back(text: str, encoding: str) -> None:
    """Issue: GBK files were read as Latin-1 without a word (Chinese names garbled)."""
    decoded, codec = decode_bytes(text.encode(encoding))
    assert decoded == text
    assert codec == {"gbk": "gb18030", "latin-1": "cp1252"}.get(encoding, encoding)


def test_the_upload_and_checkgames_split_a_binary_file_into_the_same_games(tmp_path) -> None:
    """Issue: the web upload (str.splitlines on the decoded text) and checkgames (line by
    line from the file) split one binary file into 2,317 and 2,072 games. Form feeds,
    vertical tabs, NEL and the separators U+2028/U+2029 are no line breaks in PGN."""
    import random

    from games.services.imports import _records, decode_pgn

    # Characters str.splitlines breaks at and PGN does not (a file with many other control
    # characters is refused as binary before it is read).
    pieces = [b"\x0c", b"\x0b", "\u2028".encode(), "\u2029".encode(), "\x85".encode(), b"\r"]
    rng = random.Random(17)
    games = []
    for number in range(60):
        junk = b"".join(rng.choice(pieces) for _ in range(3))
        games.append(
            f'[Event "E{number}"]'.encode() + junk + b'\n[Site "x"]\n\n1. e4 ' + junk + b"e5 *\n\n"
        )
    data = b"".join(games)
    path = tmp_path / "binary.pgn"
    path.write_bytes(data)
    from_file = [r.headers.get("Event") for r in read_pgn_file(str(path))]
    text, _codec = decode_pgn(data)
    from_upload = [r.headers.get("Event") for r in _records(text)]
    assert from_upload == from_file


def _as_read(record):
    return (
        record.line,
        record.headers,
        record.result_token,
        record.comments,
        record.problems,
        [(m.text, m.line, m.column, m.nags, m.comments) for m in record.moves],
    )


ALL_PGN = sorted(str(path.relative_to(PGN)) for path in PGN.rglob("*.pgn"))


@pytest.mark.parametrize("games_per_part", [1, 3])
def test_every_part_of_a_file_reads_as_the_same_games(games_per_part):
    """Every PGN file of the test data, malformed ones included, each twice over (so the
    cuts fall in the middle of whatever follows them): the parts read alone give the games
    of the whole, with their lines and columns."""
    for relative in ALL_PGN:
        with open(PGN / relative, "rb") as stream:
            lines = list(decode_lines(stream)) * 2
        whole = [_as_read(r) for r in read_pgn(lines)]
        parts = pgn_parts(lines, games_per_part)
        assert sum(count for _, count, _ in parts) == len(lines)
        assert sum(games for _, _, games in parts) == len(whole), relative
        pieced = []
        for start, count, games in parts:
            read = list(read_pgn(lines[start : start + count], first_line=start + 1))
            assert len(read) == games, relative
            pieced += [_as_read(r) for r in read]
        assert pieced == whole, relative
        if relative in REAL_COLLECTIONS and len(whole) >= 20:  # most games end with a blank line
            assert len(parts) > len(whole) // (2 * games_per_part), relative
