"""fide2023 decides as the FIDE Laws of Chess 2023 say, where they differ from the classic Laws.

Each docstring quotes the 2023 article the test checks (FIDE Handbook E.01, the Laws taking
effect on 1 January 2023); the classic ruleset's answers, for contrast, are today's.
"""

import chess
import pytest

from games.rules.incidents import (
    ColoursReversed,
    IllegalMoveFound,
    IncidentError,
    PiecesDisplaced,
    RefusalToRecord,
    ScoresheetCheck,
    replay_moves,
    rule_colours_reversed,
    rule_displaced_pieces,
    rule_illegal_move,
    rule_refusal_to_record,
    rule_scoresheet_check,
)
from games.rules.rulesets import CLASSIC, FIDE2023
from games.rules.rulings import Decision, Score

from .conftest import first_plies

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
