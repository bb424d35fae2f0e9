"""Draw offers: 10.6–10.9, and the online room's limits (seed 003)."""

import chess
import pytest

from games.rules.incidents import (
    DrawOffer,
    EarlierOffer,
    OfferResponse,
    OfferTiming,
    rule_draw_offer,
)
from games.rules.rulesets import CLASSIC, ONLINE
from games.rules.rulings import Decision, Score

from .conftest import first_plies


@pytest.fixture(scope="module")
def move_20(fischer_spassky):
    """Fischer–Spassky 1972/6 after 20.e4: twenty moves made by White, nineteen by Black."""
    return first_plies(fischer_spassky, 39)


@pytest.fixture(scope="module")
def move_10(fischer_spassky):
    return first_plies(fischer_spassky, 19)


def test_offer_after_a_move_stands_until_answered(move_20):
    """10.7: "A draw may be offered only just after making a move on the board, before
    pressing the clock; the offer stands until accepted, or rejected"."""
    ruling = rule_draw_offer(move_20, DrawOffer(chess.WHITE), CLASSIC)
    assert (ruling.decision, ruling.article) == (Decision.PLAY_ON, "10.7")
    assert "stands" in ruling.explanation.en


def test_offer_rejected_by_a_move_lapses(move_20):
    """10.7: the offer stands until "rejected orally or by a move"."""
    offer = DrawOffer(chess.WHITE, response=OfferResponse.MOVED)
    ruling = rule_draw_offer(move_20, offer, CLASSIC)
    assert "lapsed" in ruling.explanation.en


def test_accepted_offer_draws(move_20):
    """10.6: "Draw by agreement"."""
    offer = DrawOffer(chess.WHITE, response=OfferResponse.ACCEPTED)
    ruling = rule_draw_offer(move_20, offer, CLASSIC)
    assert (ruling.score, ruling.article) == (Score.DRAW, "10.6")


def test_offer_during_the_opponents_time_stands_and_may_be_penalised(move_20):
    """10.8: "An offer made while the opponent's clock runs stands; the arbiter may penalise
    it"."""
    ruling = rule_draw_offer(move_20, DrawOffer(chess.WHITE, OfferTiming.OPPONENT_TIME), CLASSIC)
    assert (ruling.article, ruling.details["penalty_allowed"]) == ("10.8", True)
    accepted = DrawOffer(chess.WHITE, OfferTiming.OPPONENT_TIME, OfferResponse.ACCEPTED)
    assert rule_draw_offer(move_20, accepted, CLASSIC).score is Score.DRAW


@pytest.mark.parametrize("timing", [OfferTiming.OWN_TIME, OfferTiming.AFTER_SEALING])
def test_offer_before_the_move_may_be_answered_after_seeing_it(move_20, timing):
    """10.9: "An offer made while the offerer's own clock runs, or after sealing, may be
    answered after the opponent has seen the move"."""
    ruling = rule_draw_offer(move_20, DrawOffer(chess.BLACK, timing), CLASSIC)
    assert (ruling.article, ruling.details["penalty_allowed"]) == ("10.9", False)


def test_online_offer_only_after_fifteen_moves(move_10, move_20):
    """online: "A draw offer only ... after 15 moves"."""
    early = rule_draw_offer(move_10, DrawOffer(chess.WHITE), ONLINE)
    assert early.details["offer_allowed"] is False
    assert "after 15 moves (9 made)" in early.explanation.en
    assert rule_draw_offer(move_20, DrawOffer(chess.WHITE), ONLINE).details["offer_allowed"]


def test_online_offer_only_on_ones_own_turn(move_20):
    """online: "A draw offer only on one's own turn"."""
    ruling = rule_draw_offer(move_20, DrawOffer(chess.BLACK, OfferTiming.OPPONENT_TIME), ONLINE)
    assert ruling.details["offer_allowed"] is False


def test_online_at_most_three_offers(move_20):
    """online: "at most 3 offers per player per game"."""
    earlier = (
        EarlierOffer(chess.WHITE),
        EarlierOffer(chess.BLACK),
        EarlierOffer(chess.WHITE),
        EarlierOffer(chess.BLACK),
        EarlierOffer(chess.WHITE),
        EarlierOffer(chess.BLACK),
    )
    fourth = DrawOffer(chess.WHITE, earlier_offers=earlier)
    assert rule_draw_offer(move_20, fourth, ONLINE).details["offer_allowed"] is False
    assert rule_draw_offer(move_20, fourth, CLASSIC).details["offer_allowed"] is True


def test_online_no_new_offer_after_rejection_until_the_opponent_offers(move_20):
    """online (003): "after a rejected offer a player may not offer again until the opponent
    has offered"."""
    again = DrawOffer(chess.WHITE, earlier_offers=(EarlierOffer(chess.WHITE),))
    assert rule_draw_offer(move_20, again, ONLINE).details["offer_allowed"] is False
    after_theirs = DrawOffer(
        chess.WHITE, earlier_offers=(EarlierOffer(chess.WHITE), EarlierOffer(chess.BLACK))
    )
    assert rule_draw_offer(move_20, after_theirs, ONLINE).details["offer_allowed"] is True
