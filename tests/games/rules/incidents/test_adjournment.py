"""Adjournment and resumption: the adjournment procedure, 8.4, 10.5, 10.15(1)–(3), 10.16."""

from datetime import datetime, timedelta

import chess
import pytest

from games.rules.incidents import (
    Attendance,
    Envelope,
    IncidentError,
    Resumption,
    SealedMove,
    Sealing,
    replay_moves,
    rule_resumption,
    seal_move,
)
from games.rules.rulesets import CLASSIC, FIDE2023
from games.rules.rulings import Decision, Score

from .conftest import first_plies

ADJOURNED = datetime(1972, 7, 20, 22, 0)
RESUMED = datetime(1972, 7, 21, 15, 0)

# Fischer–Spassky 1972/6 after 27...Nh7, White to play 28.Rcf1 (two rooks can reach f1).
AFTER_27 = "1r5k/r3q1pn/7p/p1p1PR2/2Bp4/1P5Q/P5PP/2R3K1 w - - 1 28"


def sealing(sealer: chess.Color, move: str, adjournment: int = 1) -> Sealing:
    return Sealing(
        sealer=sealer,
        sealed_move=move,
        white_used=7000,
        black_used=6900,
        adjourned_at=ADJOURNED,
        resumes_at=RESUMED,
        adjournment=adjournment,
    )


def present(minutes_after: float = 10) -> Attendance:
    return Attendance(
        RESUMED,
        ruled_at=RESUMED + timedelta(minutes=minutes_after),
        white_arrived=RESUMED,
        black_arrived=RESUMED,
    )


def envelope_for(fen: str, sealer: chess.Color, move: str) -> Envelope:
    return Envelope(
        white="White",
        black="Black",
        fen=fen,
        white_used=3000,
        black_used=3000,
        moves_made=chess.Board(fen).fullmove_number - 1,
        sealer=sealer,
        adjourned_at=ADJOURNED,
        resumes_at=RESUMED,
        time_control="40/7200:20/3600",
        sealed_move=SealedMove(move),
    )


@pytest.fixture
def at_move_28(fischer_spassky):
    return first_plies(fischer_spassky, 54)


def test_envelope_records_what_the_laws_list(at_move_28):
    """Adjournment: the envelope records "the players and colours, the position (FEN) before
    the sealed move, each player's used time, the number of moves made, who sealed, the
    date/time of adjournment and of resumption"."""
    envelope = seal_move(at_move_28, sealing(chess.WHITE, "Rcf1"), CLASSIC)
    assert envelope.as_dict() == {
        "white": "Robert James Fischer",
        "black": "Boris Spassky",
        "fen": AFTER_27,
        "white_used": 7000,
        "black_used": 6900,
        "moves_made": 27,
        "sealer": "white",
        "adjourned_at": "1972-07-20T22:00:00",
        "resumes_at": "1972-07-21T15:00:00",
        "time_control": None,
        "adjournment": 1,
    }


def test_sealed_move_is_secret_until_resumption(at_move_28):
    """Adjournment: the player writes his move "without playing it"; the envelope keeps it
    secret — nothing shown before the resumption contains it."""
    envelope = seal_move(at_move_28, sealing(chess.WHITE, "Rcf1"), CLASSIC)
    assert "Rcf1" not in repr(envelope)
    assert "Rcf1" not in str(envelope.as_dict())


def test_only_the_player_to_move_seals(at_move_28):
    """Adjournment: "the player to move writes his move on his scoresheet"."""
    with pytest.raises(IncidentError, match="Black cannot seal: White is to move"):
        seal_move(at_move_28, sealing(chess.BLACK, "Rf8"), CLASSIC)


def test_no_sealing_without_adjournment(at_move_28):
    """fide2023: no adjournment — sealing is refused with a clear error."""
    with pytest.raises(IncidentError, match="fide2023 ruleset has no adjournment"):
        seal_move(at_move_28, sealing(chess.WHITE, "Rcf1"), FIDE2023)


def test_resumption_plays_the_sealed_move_and_starts_the_opponents_clock(at_move_28):
    """Adjournment: "the arbiter opens the envelope, plays the sealed move and starts the
    opponent's clock"."""
    envelope = seal_move(at_move_28, sealing(chess.WHITE, "Rc1-f1"), CLASSIC)
    ruling = rule_resumption(at_move_28, Resumption(envelope, present()), CLASSIC)
    assert (ruling.decision, ruling.move_to_play) == (Decision.PLAY_ON, "Rcf1")
    assert ruling.details["clock_to_start"] == "black"


def test_ambiguous_sealed_move_loses(at_move_28):
    """10.16(1): the sealer loses if his sealed move is ambiguous — 'Rf1' could be either rook."""
    envelope = seal_move(at_move_28, sealing(chess.WHITE, "Rf1"), CLASSIC)
    ruling = rule_resumption(at_move_28, Resumption(envelope, present()), CLASSIC)
    assert (ruling.score, ruling.article) == (Score.BLACK_WINS, "10.16(1)")


def test_meaningless_sealed_move_loses(at_move_28):
    """10.16(2): "recorded so that its true meaning cannot be established"."""
    envelope = seal_move(at_move_28, sealing(chess.WHITE, "R??f"), CLASSIC)
    ruling = rule_resumption(at_move_28, Resumption(envelope, present()), CLASSIC)
    assert (ruling.score, ruling.article) == (Score.BLACK_WINS, "10.16(2)")


def test_illegal_sealed_move_loses(at_move_28):
    """10.16(3): the sealed move is illegal — the queen on h3 cannot pass the pawn on h6."""
    envelope = seal_move(at_move_28, sealing(chess.WHITE, "Qxh7"), CLASSIC)
    ruling = rule_resumption(at_move_28, Resumption(envelope, present()), CLASSIC)
    assert (ruling.score, ruling.article) == (Score.BLACK_WINS, "10.16(3)")


def test_illegal_sealed_move_against_a_lone_king_draws():
    """10.5: "if his opponent ... seals an illegal move, the game is a draw" when the player
    has a lone king. K+R v K: White seals the unreadable 'Ra1-h8-a8', or the illegal Rb2."""
    envelope = envelope_for("8/8/8/4k3/8/8/8/R3K3 w - - 0 60", chess.WHITE, "Ra1-h8-a8")
    record = replay_moves([], starting_fen=envelope.fen)
    ruling = rule_resumption(record, Resumption(envelope, present()), CLASSIC)
    assert (ruling.score, ruling.article) == (Score.DRAW, "10.5")
    envelope = envelope_for("8/8/8/4k3/8/8/8/R3K3 w - - 0 60", chess.WHITE, "Rb2")
    ruling = rule_resumption(record, Resumption(envelope, present()), CLASSIC)
    assert (ruling.score, ruling.article) == (Score.DRAW, "10.5")


def test_absent_sealer_whose_sealed_move_mates_wins(molinari_bordais):
    """10.15(1): "if the sealed move mates, the absent sealer wins" — 5...Nd3# sealed."""
    record = first_plies(molinari_bordais, 9)
    envelope = seal_move(record, sealing(chess.BLACK, "Nd3"), CLASSIC)
    nobody_black = Attendance(RESUMED, RESUMED + timedelta(hours=2), white_arrived=RESUMED)
    ruling = rule_resumption(record, Resumption(envelope, nobody_black), CLASSIC)
    assert (ruling.score, ruling.article) == (Score.BLACK_WINS, "10.15(1)")


def test_absent_sealer_whose_sealed_move_stalemates_draws():
    """10.15(2): "if it stalemates ... it is a draw" — Qc7 stalemates the king on a8."""
    envelope = envelope_for("k7/8/1K6/8/8/8/8/2Q5 w - - 0 70", chess.WHITE, "Qc7")
    attendance = Attendance(RESUMED, RESUMED + timedelta(hours=2), black_arrived=RESUMED)
    record = replay_moves([], starting_fen=envelope.fen)
    ruling = rule_resumption(record, Resumption(envelope, attendance), CLASSIC)
    assert (ruling.score, ruling.article) == (Score.DRAW, "10.15(2)")


def test_absent_sealer_whose_sealed_move_leaves_a_dead_position_draws():
    """10.15(2): "or leaves a 10.4 position" — Bxa7 leaves K+B v K."""
    envelope = envelope_for("8/r7/8/4k3/3B4/8/8/4K3 w - - 0 70", chess.WHITE, "Bxa7")
    attendance = Attendance(RESUMED, RESUMED + timedelta(hours=2), black_arrived=RESUMED)
    record = replay_moves([], starting_fen=envelope.fen)
    ruling = rule_resumption(record, Resumption(envelope, attendance), CLASSIC)
    assert (ruling.score, ruling.article) == (Score.DRAW, "10.15(2)")


def test_present_player_who_oversteps_loses(nepo_ding):
    """10.15(3): the sealer is absent and "the player present oversteps his time (10.14)":
    Black seals 40...Bd7 in Nepomniachtchi–Ding (40/7200:20/3600:900+30); White, present, has
    used 10750 s of the 10800 he has until move 60, and his 50 s run out before the hour."""
    record = first_plies(nepo_ding, 79)
    envelope = seal_move(
        record,
        Sealing(chess.BLACK, "Bd7", 10750, 7000, ADJOURNED, RESUMED),
        CLASSIC,
    )
    assert envelope.time_control == "40/7200:20/3600:900+30"
    attendance = Attendance(RESUMED, RESUMED + timedelta(minutes=5), white_arrived=RESUMED)
    ruling = rule_resumption(record, Resumption(envelope, attendance), CLASSIC)
    assert (ruling.score, ruling.article) == (Score.BLACK_WINS, "10.15(3)")
    assert ruling.details["remaining_at_resumption"] == 50


def test_absent_sealer_is_defaulted_when_the_present_player_has_time(nepo_ding):
    """10.15: with time to spare, the player present wins once the sealer is an hour late."""
    record = first_plies(nepo_ding, 79)
    envelope = seal_move(
        record, Sealing(chess.BLACK, "Bd7", 6000, 7000, ADJOURNED, RESUMED), CLASSIC
    )
    attendance = Attendance(RESUMED, RESUMED + timedelta(minutes=61), white_arrived=RESUMED)
    ruling = rule_resumption(record, Resumption(envelope, attendance), CLASSIC)
    assert (ruling.score, ruling.article, ruling.forfeit) == (Score.WHITE_WINS, "10.15", False)


def test_both_late_at_a_resumption(at_move_28, molinari_bordais):
    """10.17 at a resumption: both more than an hour late lose (0–0) — unless the sealed
    move itself ended the game, which 10.15(1) gives to the absent sealer."""
    nobody = Attendance(RESUMED, RESUMED + timedelta(minutes=90))
    envelope = seal_move(at_move_28, sealing(chess.WHITE, "Rcf1"), CLASSIC)
    ruling = rule_resumption(at_move_28, Resumption(envelope, nobody), CLASSIC)
    assert (ruling.score, ruling.article) == (Score.BOTH_LOSE, "10.17")
    record = first_plies(molinari_bordais, 9)
    envelope = seal_move(record, sealing(chess.BLACK, "Nd3#"), CLASSIC)
    ruling = rule_resumption(record, Resumption(envelope, nobody), CLASSIC)
    assert ruling.score is Score.BLACK_WINS


def test_wrongly_set_up_position_is_replaced(at_move_28):
    """8.4: "After an adjournment, a wrongly set-up position is replaced by the position at
    adjournment" — here the players forgot the pawn on b3."""
    envelope = seal_move(at_move_28, sealing(chess.WHITE, "Rcf1"), CLASSIC)
    wrong = "1r5k/r3q1pn/7p/p1p1PR2/2Bp4/7Q/P5PP/2R3K1 w - - 1 28"
    ruling = rule_resumption(at_move_28, Resumption(envelope, present(), wrong), CLASSIC)
    assert (ruling.article, ruling.restore_fen, ruling.move_to_play) == ("8.4", AFTER_27, "Rcf1")


def test_a_game_adjourned_twice(fischer_spassky):
    """Adjournment: "A game may be adjourned more than once" — after 27...Nh7 and again after
    40...Kh8, each envelope opened in turn."""
    first = first_plies(fischer_spassky, 54)
    envelope = seal_move(first, sealing(chess.WHITE, "Rcf1"), CLASSIC)
    assert rule_resumption(first, Resumption(envelope, present()), CLASSIC).move_to_play == "Rcf1"
    second = first_plies(fischer_spassky, 80)
    envelope = seal_move(second, sealing(chess.WHITE, "Qf4", adjournment=2), CLASSIC)
    assert (envelope.adjournment, envelope.moves_made) == (2, 40)
    ruling = rule_resumption(second, Resumption(envelope, present()), CLASSIC)
    assert ruling.move_to_play == "Qf4"
