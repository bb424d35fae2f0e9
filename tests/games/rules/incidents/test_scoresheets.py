"""Scoresheets: Article 11, and refusal to keep score (11.4 → 10.17).

The record is Fischer–Spassky 1972/6 up to 10...exd5 (20 plies); the sheets are what a
player might have written for it.
"""

import chess
import pytest

from games.rules.incidents import (
    NeitherRecords,
    Reconstruction,
    RefusalToRecord,
    ScoresheetBorrowing,
    ScoresheetCheck,
    ScoresheetCompletion,
    SheetFault,
    compare_scoresheet,
    rule_neither_records,
    rule_refusal_to_record,
    rule_scoresheet_borrowing,
    rule_scoresheet_check,
    rule_scoresheet_completion,
)
from games.rules.rulesets import CLASSIC, FIDE2023
from games.rules.rulings import ClockChange, Decision, Score

from .conftest import first_plies

MOVES = "c4 e6 Nf3 d5 d4 Nf6 Nc3 Be7 Bg5 O-O e3 h6 Bh4 b6 cxd5 Nxd5 Bxe7 Qxe7 Nxd5 exd5"


@pytest.fixture(scope="module")
def record(fischer_spassky):
    return first_plies(fischer_spassky, 20)


def sheet(*changes):
    written = MOVES.split()
    for index, text in changes:
        written[index] = text
    return tuple(written)


def faults(record, written):
    return [(p.fault, p.ply, p.written) for p in compare_scoresheet(record, written)]


def test_a_correct_sheet_in_another_notation_agrees(record):
    """11.1: moves "in algebraic notation" — long algebraic and 0-0 mean the same moves."""
    written = sheet((2, "Ng1-f3"), (9, "0-0"), (18, "N:d5"))
    assert compare_scoresheet(record, written) == ()


def test_missing_move(record):
    """11.1: "Both players record every move" — 4.Nc3 is not on the sheet."""
    written = sheet()[:6] + sheet()[7:]
    assert faults(record, written) == [(SheetFault.MISSING, 7, None)]


def test_wrong_move(record):
    """11.1: the sheet says 5.Bf4 where 5.Bg5 was played."""
    assert faults(record, sheet((8, "Bf4"))) == [(SheetFault.WRONG, 9, "Bf4")]


def test_moves_out_of_order(record):
    """11.1: 6.e3 and 7.Bh4 written in each other's places."""
    assert faults(record, sheet((10, "Bh4"), (12, "e3"))) == [
        (SheetFault.OUT_OF_ORDER, 11, "Bh4"),
        (SheetFault.OUT_OF_ORDER, 13, "e3"),
    ]


def test_incomplete_sheet_must_be_completed(record):
    """11.1: with 5 minutes or more left, the player must record every move; 11.5 lets him
    complete it with the opponent's scoresheet."""
    check = ScoresheetCheck(chess.WHITE, sheet()[:16], remaining_seconds=300)
    ruling = rule_scoresheet_check(record, check, CLASSIC)
    assert ruling.article == "11.1"
    assert [p["fault"] for p in ruling.details["problems"]] == ["missing"] * 4


def test_under_five_minutes_need_not_record(record):
    """11.2: "A player with less than 5 minutes left until the time control need not
    record"."""
    check = ScoresheetCheck(chess.WHITE, sheet()[:16], remaining_seconds=299)
    assert rule_scoresheet_check(record, check, CLASSIC).article == "11.2"


def test_exemption_ends_when_the_control_is_passed(record):
    """11.2: "but must complete his scoresheet as soon as a flag has fallen / the control is
    passed" — and 11.6 says how: before his next move, his own clock running."""
    check = ScoresheetCheck(chess.WHITE, sheet()[:16], remaining_seconds=20, control_passed=True)
    assert rule_scoresheet_check(record, check, CLASSIC).article == "11.6"


def test_complete_sheet_needs_nothing(record):
    """11.1: a complete, correct sheet."""
    assert (
        rule_scoresheet_check(record, ScoresheetCheck(chess.BLACK, sheet()), CLASSIC).details[
            "problems"
        ]
        == []
    )


def test_borrowing_is_charged_to_the_borrower(record):
    """11.5: "The time spent is charged to the borrower"; the opponent cannot refuse."""
    ruling = rule_scoresheet_borrowing(
        record, ScoresheetBorrowing(chess.BLACK, before_control=True, seconds_spent=90), CLASSIC
    )
    (charge,) = ruling.clock_adjustments
    assert (charge.color, charge.change, charge.seconds) == (chess.BLACK, ClockChange.ADD_USED, 90)


def test_borrowing_before_the_control_must_not_disturb(record):
    """11.5: "before the time control this is allowed only if it does not disturb the
    opponent"."""
    borrowing = ScoresheetBorrowing(chess.BLACK, before_control=True, disturbs_opponent=True)
    assert rule_scoresheet_borrowing(record, borrowing, CLASSIC).details["allowed"] is False
    after = ScoresheetBorrowing(chess.BLACK, before_control=False, disturbs_opponent=True)
    assert rule_scoresheet_borrowing(record, after, CLASSIC).details["allowed"] is True


def test_one_player_completes_with_his_clock_running(record):
    """11.6: "a single player who must complete does so before his next move, with his own
    clock running"."""
    ruling = rule_scoresheet_completion(record, ScoresheetCompletion(False, True), CLASSIC)
    assert (ruling.article, ruling.details["clock_running"]) == ("11.6", "black")


def test_both_complete_with_the_clocks_stopped(record):
    """11.7: "If both must complete, both clocks are stopped ...; if the arbiter's record ...
    is used, he first records the actual position"."""
    ruling = rule_scoresheet_completion(
        record, ScoresheetCompletion(True, True, uses_arbiter_record=True), CLASSIC
    )
    assert (ruling.article, ruling.details["clocks_stopped"]) == ("11.7", True)
    assert "first records the actual position" in ruling.explanation.en


def test_reconstruction_on_a_supervised_board(record):
    """11.8: "If the scoresheets alone cannot reconstruct the game, 11.7 (a board under
    supervision) applies"."""
    completion = ScoresheetCompletion(True, True, reconstruction=Reconstruction.BOARD)
    ruling = rule_scoresheet_completion(record, completion, CLASSIC)
    assert (ruling.article, ruling.restore_fen) == ("11.8", record.board().fen())


def test_game_that_cannot_be_reconstructed_continues(record):
    """11.9: "the game continues and the next move counts as the first of the following time
    control" — White's 11th move here."""
    completion = ScoresheetCompletion(True, True, reconstruction=Reconstruction.IMPOSSIBLE)
    ruling = rule_scoresheet_completion(record, completion, CLASSIC)
    assert (ruling.article, ruling.details["first_move_of_next_period"]) == ("11.9", 11)


def test_refusing_to_record_loses(record):
    """11.4 → 10.17: "A player who refuses to comply with the Laws loses"."""
    ruling = rule_refusal_to_record(record, RefusalToRecord((chess.WHITE,)), CLASSIC)
    assert (ruling.score, ruling.article) == (Score.BLACK_WINS, "10.17")


def test_both_refusing_both_lose(record):
    """10.17: "If both refuse ... both lose (0–0)"."""
    refusal = RefusalToRecord((chess.WHITE, chess.BLACK))
    assert rule_refusal_to_record(record, refusal, CLASSIC).score is Score.BOTH_LOSE


def test_not_recording_under_five_minutes_is_no_refusal(record):
    """11.4: refusal counts only "when 11.2 does not apply"."""
    refusal = RefusalToRecord((chess.WHITE,), white_remaining=120)
    assert rule_refusal_to_record(record, refusal, CLASSIC).article == "11.2"
    both = RefusalToRecord((chess.WHITE, chess.BLACK), white_remaining=120, black_remaining=900)
    assert rule_refusal_to_record(record, both, CLASSIC).score is Score.WHITE_WINS


# 11.3: neither player keeps score, both under five minutes from the control.
BOTH_SHORT = NeitherRecords(white_remaining=170, black_remaining=95)


def test_when_neither_player_records_the_arbiter_keeps_score(record):
    ruling = rule_neither_records(record, BOTH_SHORT, CLASSIC)
    assert (ruling.decision, ruling.article) == (Decision.PLAY_ON, "11.3")
    assert ruling.details["arbiter_keeps_score"] is True
    # The arbiter's own record: 10 moves each (he does not tell the players).
    assert (ruling.details["white_moves"], ruling.details["black_moves"]) == (10, 10)
    assert "does not say how many moves have been made" in ruling.explanation.en
    assert "不告诉棋手已走了多少回合" in ruling.explanation.zh
    asked = rule_neither_records(
        record, NeitherRecords(white_remaining=170, black_remaining=95, moves_asked=True), CLASSIC
    )
    assert "gets no answer" in asked.explanation.en


def test_after_a_flag_falls_the_scoresheets_are_completed_from_the_arbiters_record(record):
    flag = NeitherRecords(white_remaining=0, black_remaining=40, flag_fallen=True)
    ruling = rule_neither_records(record, flag, CLASSIC)
    assert ruling.article == "11.3"
    assert ruling.details["clocks_stopped"] is True
    assert "(11.7)" in ruling.explanation.en and "(10.14)" in ruling.explanation.en
    assert "10 moves by White and 10 by Black" in ruling.explanation.en


@pytest.mark.parametrize(
    ("white", "black", "must_record", "text"),
    [
        (600, 95, ["white"], "Only Black is excused from keeping score: White must go on"),
        (170, None, ["black"], "Only White is excused from keeping score: Black must go on"),
        (600, 900, ["white", "black"], "Neither player is excused from keeping score"),
    ],
)
def test_a_player_with_five_minutes_or_more_still_records(record, white, black, must_record, text):
    """11.3 applies only when neither player must record: with five minutes or more left
    (11.2) a player keeps score himself (11.1); refusing is 11.4."""
    ruling = rule_neither_records(
        record, NeitherRecords(white_remaining=white, black_remaining=black), CLASSIC
    )
    assert (ruling.article, ruling.details["must_record"]) == ("11.1", must_record)
    assert text in ruling.explanation.en and "ruled under 11.4" in ruling.explanation.en


def test_under_the_2023_laws_an_increment_of_30_seconds_keeps_both_recording(record):
    """2023 8.4 excuses a player under five minutes only without 30 s or more added per
    move, so with 90'/40 + 30' + 30" the arbiter does not take over (8.5.1)."""
    with_increment = NeitherRecords(170, 95, time_control="90'/40 + 30' + 30\"")
    assert rule_neither_records(record, with_increment, FIDE2023).details["must_record"] == [
        "white",
        "black",
    ]
    without = NeitherRecords(170, 95, time_control="40/7200:3600")
    assert rule_neither_records(record, without, FIDE2023).article == "8.5.1"
