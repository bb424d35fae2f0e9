"""fide2023 decides as the FIDE Laws of Chess 2023 say, where they differ from the classic Laws.

Each docstring quotes the 2023 article the test checks (FIDE Handbook E.01, the Laws taking
effect on 1 January 2023); the classic ruleset's answers, for contrast, are today's.
"""

from datetime import datetime, timedelta
from pathlib import Path

import chess
import pytest

from games.rules.claims import ClaimKind, DrawClaim, decide_claim
from games.rules.incidents import (
    Attendance,
    ColoursReversed,
    Envelope,
    IllegalMoveFound,
    IncidentError,
    PiecesDisplaced,
    RefusalToRecord,
    Resignation,
    Resumption,
    ScoresheetCheck,
    SealedMove,
    replay_moves,
    replay_record,
    rule_colours_reversed,
    rule_displaced_pieces,
    rule_illegal_move,
    rule_lateness,
    rule_refusal_to_record,
    rule_resignation,
    rule_resumption,
    rule_scoresheet_check,
)
from games.rules.records import read_pgn
from games.rules.rulesets import CLASSIC, FIDE2023
from games.rules.rulings import Decision, Score

from .conftest import first_plies

TWIC = Path(__file__).resolve().parents[3] / "data" / "pgn" / "mliebelt-pgn-parser"

# Fischer–Spassky 1972/6 after 8...Nxd5, and after 12...c5 (the position before 13.Qa3).
AFTER_8 = "rnbq1rk1/p1p1bpp1/1p2p2p/3n4/3P3B/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9"
AFTER_12 = "rn3rk1/p3qpp1/1p2b2p/2pp4/Q2P4/4PN2/PP3PPP/2R1KB1R w K - 0 13"


def test_7_3_colours_reversed_counts_moves_not_clock_time(nepo_ding):
    """2023 7.3: "If a game has started with colours reversed then, if less than 10 moves
    have been made by both players, it shall be discontinued and a new game played with the
    correct colours. After 10 moves or more, the game shall continue." — Nepomniachtchi–Ding
    2023/1 found reversed after 9...O-O or after 10.Bf4 is stopped; after 10...Nc5 it goes
    on. The clock times (here a few minutes) no longer matter."""
    reversed_early = ColoursReversed(white_used=300, black_used=400)
    for plies in (18, 19):
        ruling = rule_colours_reversed(first_plies(nepo_ding, plies), reversed_early, FIDE2023)
        assert (ruling.decision, ruling.article) == (Decision.ANNUL, "7.3")
        assert ruling.details["moves_made"] == 9
    ruling = rule_colours_reversed(first_plies(nepo_ding, 20), ColoursReversed(), FIDE2023)
    assert (ruling.decision, ruling.details["moves_made"]) == (Decision.PLAY_ON, 10)
    assert (
        "new game"
        in rule_colours_reversed(
            first_plies(nepo_ding, 8), ColoursReversed(), FIDE2023
        ).explanation.en
    )
    # classic 8.6: a quarter of the first period's time, whatever the move count.
    assert rule_colours_reversed(first_plies(nepo_ding, 20), reversed_early, CLASSIC).decision is (
        Decision.RESTART
    )
    with pytest.raises(IncidentError, match="white_used and black_used"):
        rule_colours_reversed(nepo_ding, ColoursReversed(), CLASSIC)


def test_7_5_1_unreadable_record_continues_from_the_last_identifiable_position(fischer_spassky):
    """2023 7.5.1: "If the position immediately before the irregularity cannot be determined,
    the game shall continue from the last identifiable position prior to the irregularity."
    — Fischer–Spassky's record blotted at 9.B?? (ply 17): play goes on after 8...Nxd5, the
    later moves void; classic 8.1 annuls the game."""
    texts = list(fischer_spassky.move_texts[:30])
    texts[16] = "B??"
    record = replay_moves(texts)
    ruling = rule_illegal_move(record, IllegalMoveFound(), FIDE2023)
    assert (ruling.decision, ruling.article, ruling.restore_fen) == (
        Decision.PLAY_ON,
        "7.5.1",
        AFTER_8,
    )
    assert ruling.void_plies == tuple(range(17, 31))
    # Who completed the illegal move the record cannot tell: no 7.5.5 penalty is given here.
    assert ruling.clock_adjustments == ()
    assert "offender" not in ruling.details
    assert "(7.5.5) is for the arbiter" in ruling.explanation.en
    assert rule_illegal_move(record, IllegalMoveFound(), CLASSIC).decision is Decision.ANNUL


def test_7_6_displaced_pieces_continue_from_the_last_identifiable_position(fischer_spassky):
    """2023 7.6: "If, during a game it is found that any piece has been displaced from its
    correct square, the position before the irregularity shall be reinstated. If the
    position immediately before the irregularity cannot be determined, the game shall
    continue from the last identifiable position prior to the irregularity." — in
    Fischer–Spassky after 27...Nh7 the position is known for certain only up to 12...c5."""
    record = first_plies(fischer_spassky, 54)
    unknown = PiecesDisplaced(restorable=False, last_identifiable_ply=24)
    ruling = rule_displaced_pieces(record, unknown, FIDE2023)
    assert (ruling.decision, ruling.article, ruling.restore_fen) == (
        Decision.PLAY_ON,
        "7.6",
        AFTER_12,
    )
    assert ruling.void_plies == tuple(range(25, 55))
    by_default = rule_displaced_pieces(record, PiecesDisplaced(restorable=False), FIDE2023)
    assert by_default.restore_fen == record.board().fen()
    assert rule_displaced_pieces(record, unknown, CLASSIC).decision is Decision.ANNUL
    with pytest.raises(IncidentError, match="last_identifiable_ply: 60 is not a ply"):
        rule_displaced_pieces(record, PiecesDisplaced(False, 60), FIDE2023)


def test_8_4_no_exemption_with_thirty_seconds_added_per_move(nepo_ding):
    """2023 8.4: "If a player has less than five minutes left on his/her clock during an
    allotted period of time and does not have additional time of 30 seconds or more added
    with each move, then for the remainder of the period he/she is not obliged to meet the
    requirements of Article 8.1.1." — Nepomniachtchi–Ding 2023/1 after 45...Bd7, Black with
    200 s left: in the game's second period (20 moves in an hour, no increment) he may stop
    recording; at FIDE's standard 90 minutes + 30 s a move he may not."""
    record = first_plies(nepo_ding, 90)
    sheet = record.move_texts[:80]  # the last five moves each not written
    in_the_game = ScoresheetCheck(chess.BLACK, sheet, remaining_seconds=200)
    assert rule_scoresheet_check(record, in_the_game, FIDE2023).article == "8.4"
    assert "need not record" in rule_scoresheet_check(record, in_the_game, FIDE2023).explanation.en
    with_increment = ScoresheetCheck(
        chess.BLACK, sheet, remaining_seconds=200, time_control="5400+30"
    )
    ruling = rule_scoresheet_check(record, with_increment, FIDE2023)
    assert (ruling.article, ruling.details["increment"]) == ("8.4", 30)
    assert "the exemption does not apply" in ruling.explanation.en
    assert "每步加30秒" in ruling.explanation.zh
    # classic 11.2 knows no increment: the player is excused.
    classic = rule_scoresheet_check(record, with_increment, CLASSIC)
    assert "need not record" in classic.explanation.en
    # A refusal to record is excused only where the exemption holds.
    refusal = RefusalToRecord((chess.BLACK,), black_remaining=200)
    assert rule_refusal_to_record(record, refusal, FIDE2023).decision is Decision.PLAY_ON
    refusal_30 = RefusalToRecord((chess.BLACK,), black_remaining=200, time_control="5400+30")
    refused = rule_refusal_to_record(record, refusal_30, FIDE2023)
    assert (refused.score, refused.article) == (Score.WHITE_WINS, "11.7")


def test_8_4_needs_the_time_control_to_know_the_increment(fischer_spassky):
    """2023 8.4 turns on the increment: a game without a time control is a clear error."""
    check = ScoresheetCheck(chess.WHITE, fischer_spassky.move_texts[:70], remaining_seconds=100)
    with pytest.raises(IncidentError, match="scoresheet exemption: the game has no time control"):
        rule_scoresheet_check(fischer_spassky, check, FIDE2023)
    assert rule_scoresheet_check(fischer_spassky, check, CLASSIC).article == "11.2"


@pytest.fixture(scope="module")
def twic():
    """The 232 games of one TWIC issue (May 2020), by their number in the file."""
    text = (TWIC / "twic-01-232games.pgn").read_text(encoding="utf-8")
    return dict(enumerate(read_pgn(text.splitlines(keepends=True)), start=1))


def test_5_1_2_resignation_is_a_draw_when_the_opponent_cannot_mate(twic):
    """2023 5.1.2: "The game is lost by the player who declares he/she resigns (this
    immediately ends the game), unless the position is such that the opponent cannot
    checkmate the player's king by any possible series of legal moves. In this case the
    result of the game is a draw." — Volkov–Fedorov, Chebanenko Memorial 2020, ended with
    White's lone king against Black's king and b-pawn after 88...Kxc4 (drawn)."""
    record = replay_record(twic[147])
    assert record.headers["White"] == "Volkov,Sergey1"
    assert record.board().board_fen() == "8/8/8/8/1pk5/8/8/2K5"
    black_resigns = rule_resignation(record, Resignation(chess.BLACK), FIDE2023)
    assert (black_resigns.score, black_resigns.article) == (Score.DRAW, "5.1.2")
    assert "cannot checkmate Black's king" in black_resigns.explanation.en
    # Black can still mate (the pawn queens): White's resignation stands as a loss.
    white_resigns = rule_resignation(record, Resignation(chess.WHITE), FIDE2023)
    assert (white_resigns.score, white_resigns.article) == (Score.BLACK_WINS, "5.1.2")
    # classic 10.2: a resignation always loses.
    assert rule_resignation(record, Resignation(chess.BLACK), CLASSIC).score is Score.WHITE_WINS


def test_5_2_2_a_resignation_after_a_dead_position_does_not_count(twic):
    """2023 5.2.2: "The game is drawn when a position has arisen in which neither player can
    checkmate the opponent's king with any series of legal moves. The game is said to end
    in a 'dead position'. This immediately ends the game" — so a later resignation is void.
    Karjakin–Carlsen, Lindores Abbey 2020, ended 58...Kxe4 with king and knight against king."""
    record = replay_record(twic[53])
    assert record.board().board_fen() == "8/8/5KN1/8/4k3/8/8/8"
    ruling = rule_resignation(record, Resignation(chess.WHITE), FIDE2023)
    assert (ruling.decision, ruling.score, ruling.article) == (
        Decision.GAME_OVER,
        Score.DRAW,
        "5.2.2",
    )
    assert "The resignation does not count" in ruling.explanation.en
    assert "认输无效" in ruling.explanation.zh
    assert rule_resignation(record, Resignation(chess.WHITE), CLASSIC).score is Score.BLACK_WINS


def test_5_2_2_a_draw_claim_in_a_dead_position_finds_the_game_already_drawn(twic):
    """2023 5.2.2: a dead position "immediately ends the game": a claim made afterwards has
    nothing to claim — the game is already drawn. Karjakin–Carlsen, after 58...Kxe4 (the
    capture leaves king and knight against king); classic rules on the claim itself (and
    finds it wrong: the capture has just reset the fifty-move count)."""
    board = replay_record(twic[53]).board()
    for kind in ClaimKind:
        ruling = decide_claim(board, DrawClaim(chess.WHITE, kind), FIDE2023)
        assert (ruling.decision, ruling.score, ruling.article) == (
            Decision.GAME_OVER,
            Score.DRAW,
            "5.2.2",
        )
        assert ruling.explanation.en.startswith("The game is already drawn: a dead position")
        assert ruling.clock_adjustments == ()
    classic = decide_claim(board, DrawClaim(chess.WHITE, ClaimKind.FIFTY_MOVES), CLASSIC)
    assert (classic.decision, classic.article) == (Decision.PLAY_ON, "10.13(2)")


def test_no_resumption_without_adjournment(fischer_spassky):
    """The 2023 Laws play every game to a finish unless the event announces adjournments
    (Guidelines I): fide2023 refuses to open an envelope with the error it gives for sealing."""
    record = first_plies(fischer_spassky, 54)
    resumed = datetime(1972, 7, 21, 15, 0)
    envelope = Envelope(
        white="Robert James Fischer",
        black="Boris Spassky",
        fen=record.board().fen(),
        white_used=7020,
        black_used=6840,
        moves_made=27,
        sealer=chess.WHITE,
        adjourned_at=datetime(1972, 7, 20, 22, 0),
        resumes_at=resumed,
        sealed_move=SealedMove("Rcf1"),
    )
    attendance = Attendance(resumed, ruled_at=resumed, white_arrived=resumed)
    resumption = Resumption(envelope, attendance)
    with pytest.raises(IncidentError) as error:
        rule_resumption(record, resumption, FIDE2023)
    assert str(error.value) == (
        "the fide2023 ruleset has no adjournment: the game is played to a finish"
    )
    assert rule_resumption(record, resumption, CLASSIC).move_to_play == "Rcf1"


def test_6_7_1_default_time_zero_says_no_lateness_is_allowed():
    """2023 6.7.1: "If the default time is not specified, then it is zero. Any player who
    arrives at the chessboard after the default time shall lose the game" — the ruling says
    what happened (never arrived, or arrived so late) and that no lateness is allowed, not
    "more than 0 minutes"."""
    start = datetime(2023, 4, 9, 15, 0)
    unplayed = replay_moves([])
    one_late = Attendance(start, ruled_at=start + timedelta(minutes=5), white_arrived=start)
    ruling = rule_lateness(unplayed, one_late, FIDE2023)
    assert ruling.explanation.en == (
        "Black had not arrived when the arbiter ruled, 5 minutes after the start of the "
        "session. No lateness is allowed: Black loses by default."
    )
    assert ruling.explanation.zh == (
        "裁判员裁决时（比赛开始5分钟后），黑方仍未到场。不允许迟到：黑方判负。"
    )
    both_late = Attendance(start, ruled_at=start + timedelta(minutes=5))
    both = rule_lateness(unplayed, both_late, FIDE2023)
    assert both.explanation.en == (
        "Neither player had arrived when the arbiter ruled, 5 minutes after the start of the "
        "session. No lateness is allowed: both players lose."
    )
    assert both.explanation.zh == (
        "裁判员裁决时（比赛开始5分钟后），双方均未到场。不允许迟到：双方均判负。"
    )
    assert "0 minutes" not in ruling.explanation.en + both.explanation.en
