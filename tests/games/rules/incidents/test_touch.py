"""Touch move: Article 7 and the castling touch order of 5.1(3)–(4).

The position is Nepomniachtchi–Ding 2023/1 after 4...Nf6, White to play his fifth move
(he castled): knights on b1 and f3, bishop on a4, the c1 bishop and a1 rook still shut in.
"""

import pytest

from games.rules.incidents import CastlingSide, TouchMoveClaim, replay_moves, rule_touch_move
from games.rules.rulesets import CLASSIC

from .conftest import first_plies


@pytest.fixture(scope="module")
def move_5(nepo_ding):
    return first_plies(nepo_ding, 8)


def rule(record, *touched, **claim):
    return rule_touch_move(record, TouchMoveClaim(touched=touched, **claim), CLASSIC)


def test_first_touched_own_piece_must_move(move_5):
    """7.2(1): touching own pieces "obliges moving the first touched piece that can move"."""
    ruling = rule(move_5, "f3", "b1")
    assert (ruling.article, ruling.details["square"]) == ("7.2(1)", "f3")
    assert sorted(ruling.details["legal_moves"]) == ["Nd4", "Ng1", "Ng5", "Nh4", "Nxe5"]


def test_first_touched_piece_that_cannot_move_is_passed_over(move_5):
    """7.2(1): the first touched piece *that can move* — the c1 bishop cannot."""
    assert rule(move_5, "c1", "f3").details["square"] == "f3"


def test_own_and_opponents_piece_oblige_the_capture(move_5):
    """7.2(2): touching "an own and an opponent's piece obliges capturing it with the own
    piece"."""
    ruling = rule(move_5, "f3", "e5")
    assert (ruling.article, ruling.move_to_play) == ("7.2(2)", "Nxe5")


def test_impossible_capture_makes_the_own_piece_the_touched_one(move_5):
    """7.2(2): "if that is illegal ... the own piece counts as touched" — Ba4 cannot take e5."""
    ruling = rule(move_5, "a4", "e5")
    assert (ruling.article, ruling.details["square"]) == ("7.2(1)", "a4")
    assert sorted(ruling.details["legal_moves"]) == ["Bb3", "Bb5", "Bxc6"]


def test_unknown_order_makes_the_own_piece_the_touched_one(move_5):
    """7.2(2): "or the order cannot be established, the own piece counts as touched"."""
    ruling = rule(move_5, "f3", "e5", order_known=False)
    assert ruling.details["square"] == "f3"
    assert ruling.move_to_play is None


def test_touched_opponents_piece_must_be_captured(move_5):
    """7.2 (FIDE Laws 4.3(b)): touching an opponent's piece obliges capturing it if possible."""
    ruling = rule(move_5, "e5")
    assert (ruling.details["obligation"], ruling.move_to_play) == ("capture", "Nxe5")


def test_no_touched_piece_can_move_any_move(move_5):
    """7.3: "If no touched piece has a legal move (or capture), any legal move may be made"."""
    ruling = rule(move_5, "c1", "a1")
    assert (ruling.article, ruling.details["obligation"]) == ("7.3", "any")


def test_announced_adjustment_obliges_nothing(move_5):
    """7.1: "A player may adjust pieces after announcing it"."""
    assert rule(move_5, "f3", adjusted=True).article == "7.1"


def test_claim_after_touching_a_piece_oneself_is_rejected(move_5):
    """7.4: "A touch-move claim must be made before the claimant touches a piece himself"."""
    ruling = rule(move_5, "f3", claimant_touched_first=True)
    assert (ruling.article, ruling.details["obligation"]) == ("7.4", None)


def test_rook_touched_before_the_king_moves_and_cannot_castle(move_5):
    """5.1(3): "touching the rook first and then the king forbids castling with that rook
    (7.2/7.3 apply)" — the h1 rook must move, and O-O is not one of its moves."""
    ruling = rule(move_5, "h1", "e1")
    assert (ruling.details["square"], sorted(ruling.details["legal_moves"])) == (
        "h1",
        ["Rf1", "Rg1"],
    )


def test_immobile_rook_touched_before_the_king_leaves_castling_with_the_other_rook(move_5):
    """5.1(3): only castling with the touched rook is forbidden; the king then must move,
    and may castle with the other rook."""
    ruling = rule(move_5, "a1", "e1")
    assert (ruling.article, sorted(ruling.details["legal_moves"])) == (
        "5.1(3)",
        ["Ke2", "Kf1", "O-O"],
    )


def test_king_touched_to_castle_must_castle(move_5):
    """5.1(4), 7.2: touching the king to castle, when castling is legal, obliges castling."""
    ruling = rule(move_5, "e1", castling=CastlingSide.KINGSIDE)
    assert ruling.move_to_play == "O-O"


def test_king_touched_to_castle_illegally_makes_another_king_move(move_5):
    """5.1(4): "touching the king to castle when castling is illegal obliges another king
    move or castling on the other side if legal"."""
    ruling = rule(move_5, "e1", castling=CastlingSide.QUEENSIDE)
    assert (ruling.article, sorted(ruling.details["legal_moves"])) == (
        "5.1(4)",
        ["Ke2", "Kf1", "O-O"],
    )


def test_king_touched_to_castle_without_a_king_move_any_move():
    """5.1(4): "if the king has no legal move, any move" — the initial position."""
    ruling = rule(replay_moves([]), "e1", castling=CastlingSide.KINGSIDE)
    assert (ruling.article, ruling.details["obligation"]) == ("5.1(4)", "any")


def test_published_ruling_rook_first_while_in_check():
    """5.1(3) with 7.2/7.3, as IA Alex McFarlane ruled on the English Chess Forum ("Rules
    Question", 19 September 2021): White, in check from a queen on e4, touches the h1 rook to
    castle. "There is no legal move of the rook so the next piece touched is the king ...
    Castling is not allowed. If there is a legal move then the king must move." """
    record = replay_moves([], starting_fen="4k3/8/8/8/4q3/8/5PPP/4K2R w K - 0 20")
    ruling = rule(record, "h1", "e1")
    assert (ruling.details["square"], sorted(ruling.details["legal_moves"])) == (
        "e1",
        ["Kd1", "Kd2", "Kf1"],
    )
