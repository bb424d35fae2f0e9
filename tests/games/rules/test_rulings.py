"""Ruling values and ruleset settings."""

import chess
import pytest

from games.rules.rulesets import CLASSIC, FIDE2023, ONLINE, ClaimPenalty, get_ruleset
from games.rules.rulings import (
    ClockAdjustment,
    ClockChange,
    Decision,
    Explanation,
    Ruling,
    Score,
)


def test_laws_numbers_are_the_rulesets_defaults():
    assert CLASSIC.default_time == 3600  # 10.15: more than one hour
    assert CLASSIC.claim_penalty is ClaimPenalty.CLAIMANT_USED_TIME
    assert CLASSIC.claim_penalty_seconds == 300  # 10.13(2): five minutes
    assert not CLASSIC.fifty_move_written_move
    assert FIDE2023.claim_penalty is ClaimPenalty.OPPONENT_EXTRA_TIME
    assert FIDE2023.claim_penalty_seconds == 120
    assert FIDE2023.default_time == 0
    assert FIDE2023.fivefold_repetition_ends_game and FIDE2023.seventy_five_move_rule
    assert (ONLINE.resign_min_moves, ONLINE.draw_offers_max, ONLINE.auto_draw_quiet_moves) == (
        15,
        3,
        30,
    )


def test_organiser_overrides_and_unknown_settings():
    assert get_ruleset("fide2023", default_time=900).default_time == 900
    assert get_ruleset("fide2023").default_time == 0
    with pytest.raises(ValueError, match="unknown ruleset settings: defualt_time"):
        get_ruleset("fide2023", defualt_time=900)
    with pytest.raises(ValueError, match="unknown ruleset 'blitz'"):
        get_ruleset("blitz")


def test_ruling_is_immutable_and_serialises():
    ruling = Ruling(
        decision=Decision.PLAY_ON,
        ruleset="classic",
        article="10.13(2)",
        explanation=Explanation(en="Claim incorrect.", zh="要求不正确。"),
        clock_adjustments=(ClockAdjustment(chess.WHITE, ClockChange.ADD_USED, 300),),
        move_to_play="Nf3",
        details={"occurrences": [12, 16]},
    )
    with pytest.raises(AttributeError):
        ruling.article = "x"
    with pytest.raises(TypeError):
        ruling.details["occurrences"] = []
    data = ruling.as_dict()
    assert data["score"] is None and ruling.result == "*"
    assert data["clock_adjustments"] == [{"color": "white", "change": "add_used", "seconds": 300}]
    assert data["explanation"]["zh"] == "要求不正确。"


def test_game_over_needs_a_score_and_play_on_has_none():
    explanation = Explanation(en="", zh="")
    with pytest.raises(ValueError):
        Ruling(
            decision=Decision.GAME_OVER, ruleset="classic", article="10.1", explanation=explanation
        )
    with pytest.raises(ValueError):
        Ruling(
            decision=Decision.PLAY_ON,
            ruleset="classic",
            article="10.1",
            explanation=explanation,
            score=Score.DRAW,
        )
    assert Score.loss_for(chess.WHITE) is Score.BLACK_WINS
