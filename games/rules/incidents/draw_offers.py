"""Draw offers: 10.6–10.9, and the online room's limits on offering.

10.7 An offer is made just after making a move, before pressing the clock; it stands until
accepted, or rejected orally or by a move. 10.8 An offer made while the opponent's clock
runs still stands, but the arbiter may penalise it. 10.9 An offer made while the offerer's
own clock runs, or after sealing, may be answered once the opponent has seen the move.
The online ruleset allows an offer only on one's own turn, after ``draw_offer_min_moves``
moves, at most ``draw_offers_max`` times, and not again after a rejection until the
opponent has offered.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import chess

from games.rules.rulesets import Ruleset
from games.rules.rulings import Decision, Ruling, Score

from ._common import SIDE_EN, SIDE_ZH, both_moves_made, ruling
from ._record import ReplayedGame


class OfferTiming(enum.Enum):
    """When the offer was made."""

    AFTER_MOVE = "after_move"
    """After making a move on the board, before pressing the clock (10.7)."""
    OPPONENT_TIME = "opponent_time"
    """While the opponent's clock was running (10.8)."""
    OWN_TIME = "own_time"
    """While his own clock was running, before making his move (10.9)."""
    AFTER_SEALING = "after_sealing"
    """After sealing a move at an adjournment (10.9)."""


class OfferResponse(enum.Enum):
    """What the opponent has done about the offer so far."""

    PENDING = "pending"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    """Rejected orally."""
    MOVED = "moved"
    """The opponent made a move (which rejects it, 10.7)."""


@dataclass(frozen=True)
class EarlierOffer:
    """An earlier offer in the same game, and whether it was rejected."""

    by: chess.Color
    rejected: bool = True


@dataclass(frozen=True)
class DrawOffer:
    """``by`` offers a draw at ``timing``; ``earlier_offers`` are the game's earlier offers, in
    order (the online limits count them)."""

    by: chess.Color
    timing: OfferTiming = OfferTiming.AFTER_MOVE
    response: OfferResponse = OfferResponse.PENDING
    earlier_offers: tuple[EarlierOffer, ...] = ()


def _refusal(offer: DrawOffer, board: chess.Board, ruleset: Ruleset) -> tuple[str, str] | None:
    """Why the ruleset does not allow this offer at all (online house rules), or ``None``."""
    own_turn = offer.timing in (OfferTiming.AFTER_MOVE, OfferTiming.OWN_TIME)
    if ruleset.draw_offer_own_turn_only and not own_turn:
        return "a draw may be offered only on one's own turn", "只能在自己走棋时提和"
    made = both_moves_made(board)
    if made < ruleset.draw_offer_min_moves:
        minimum = ruleset.draw_offer_min_moves
        return (
            f"a draw may be offered only after {minimum} moves ({made} made)",
            f"须走满{minimum}回合才能提和（现为{made}回合）",
        )
    own_offers = sum(1 for earlier in offer.earlier_offers if earlier.by == offer.by)
    limit = ruleset.draw_offers_max
    if limit is not None and own_offers >= limit:
        return (
            f"a player may offer a draw at most {limit} times per game",
            f"每局每方最多提和{limit}次",
        )
    if ruleset.draw_offer_needs_opponent_offer_after_rejection:
        for earlier in reversed(offer.earlier_offers):
            if earlier.by != offer.by:
                break
            if earlier.rejected:
                return (
                    "after a rejected offer, a player may not offer again until the opponent "
                    "has offered",
                    "提和被拒后，须待对方提和后才能再次提和",
                )
    return None


def rule_draw_offer(record: ReplayedGame, offer: DrawOffer, ruleset: Ruleset) -> Ruling:
    """Whether the offer may be made, stands, has lapsed, or has ended the game."""
    board = record.board()
    side_en, side_zh = SIDE_EN[offer.by], SIDE_ZH[offer.by]
    refused = _refusal(offer, board, ruleset)
    if refused is not None:
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "online.draw_offer_refused",
            f"{side_en}'s draw offer is not allowed: {refused[0]}. Play continues.",
            f"{side_zh}的提和无效：{refused[1]}。对局继续。",
            details={"offer_allowed": False},
        )
    concept, note_en, note_zh, penalty = {
        OfferTiming.AFTER_MOVE: ("offer.after_move", "", "", False),
        OfferTiming.OPPONENT_TIME: (
            "offer.opponent_time",
            " It was made while the opponent's clock was running: it stands, but the "
            "arbiter may penalise the offerer.",
            "该提和是在对方钟走时提出的：提和仍然有效，但裁判员可以处罚提和者。",
            True,
        ),
        OfferTiming.OWN_TIME: (
            "offer.own_time",
            " It was made before the offerer moved: the opponent may answer after seeing the move.",
            "该提和是在走棋之前提出的：对方可以在看到这着棋后再作答复。",
            False,
        ),
        OfferTiming.AFTER_SEALING: (
            "offer.after_sealing",
            " It was made after sealing: the opponent may answer after seeing the sealed move.",
            "该提和是在封棋之后提出的：对方可以在看到封着后再作答复。",
            False,
        ),
    }[offer.timing]
    facts = {"offer_allowed": True, "penalty_allowed": penalty}
    if offer.response is OfferResponse.ACCEPTED:
        return ruling(
            ruleset,
            Decision.GAME_OVER,
            "offer.accepted",
            f"{side_en}'s draw offer was accepted: the game is drawn by agreement.",
            f"{side_zh}的提和被接受：双方同意和棋。",
            score=Score.DRAW,
            details=facts,
        )
    if offer.response is not OfferResponse.PENDING:
        how_en = "orally" if offer.response is OfferResponse.REJECTED else "by a move"
        how_zh = "口头" if offer.response is OfferResponse.REJECTED else "以走棋方式"
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            concept,
            f"{side_en}'s draw offer was rejected {how_en} and has lapsed.{note_en}",
            f"{side_zh}的提和已被{how_zh}拒绝，提和失效。{note_zh}",
            details=facts,
        )
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        concept,
        f"{side_en}'s draw offer stands until it is accepted or rejected.{note_en}",
        f"{side_zh}的提和在被接受或拒绝之前一直有效。{note_zh}",
        details=facts,
    )
