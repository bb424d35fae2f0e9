"""Which article each ruleset cites for each thing an arbiter rules on.

A ruling names a *concept* (``claim.threefold.arisen``, ``flag.fall``, ``default.late``, …)
and its ruleset says which article that is: the adjournment-era Laws number a wrong draw
claim 10.13(2), the FIDE Laws of Chess 2023 number it 9.5.3. The article is data of the
ruleset, like its times and counts, so no ruling spells a number itself, and an explanation
that names an article shows the same number as the ruling.

``CLASSIC`` follows the adjournment-era numbering the project's rules texts use (articles
1–12: Art. 7 touch move, Art. 8 illegal positions, 10.10–10.13 draw claims, 10.14 flag
fall, 10.15 and 10.17 default, Art. 11 scoresheets).

``FIDE2023`` follows the FIDE Laws of Chess taking effect from 1 January 2023 (FIDE Handbook
E.01), each number checked against the text of those Laws: 4.2.1 adjusting; 4.3.1–4.3.3
touched pieces; 4.4.2 rook then king; 4.4.3 king touched to castle illegally; 4.5 nothing
touched can move; 4.8 the claimant touched a piece; 5.1.1 checkmate; 5.1.2 resignation, a
draw when the opponent cannot checkmate; 5.2.1 stalemate; 5.2.2 dead position, which
immediately ends the game; 5.2.3 agreement; 6.2.1.1 a move that ends the game is completed
without pressing the clock; 6.3.1 the allotted periods; 6.7.1 default time (zero unless the
regulations say otherwise); 6.9 flag fall, drawn when the opponent cannot mate by any series
of legal moves; 7.2.1 wrong initial position; 7.2.2 board placed wrongly; 7.3 colours
reversed, a new game before 10 moves each; 7.4.1 a player who displaces pieces puts them
back on his own time; 7.5.1 illegal move, position before it reinstated (else the last
identifiable one); 7.5.5 two minutes to the opponent, the second illegal move loses, drawn
against a player who cannot be mated; 7.6 pieces found displaced, position before it
reinstated; 8.1.1 recording the moves; 8.4 less than five minutes, no duty to record unless
30 s or more are added per move; 8.5.1 neither player recorded; 8.5.2 one player completes
his scoresheet, using the opponent's; 8.5.3 reconstruction on a second board; 8.6 the next
move counts as the first of the following period; 9.1.2.1 a draw offer after making a move,
an offer at another time still valid; 9.2.1 / 9.2.2 threefold repetition about to appear /
just appeared; 9.3 fifty moves; 9.4 a player who touched a piece loses the claim on that
move; 9.5.3 incorrect claim: two minutes to the opponent; 9.6.1 fivefold repetition; 9.6.2
seventy-five moves; 11.7 persistent refusal to comply loses; 11.8 both players: both lose;
Guidelines I (adjourned games): I.1.1 sealing, I.4 an offer after sealing, I.5 the position
set up before resumption, I.8 a faulty sealed move loses (I.8.1 ambiguous, I.8.2 meaning
cannot be established, I.8.3 illegal) except in the cases of Articles 5, 6.9 and 9.6, I.9.1
the sealed move is made, I.10 default at the resumption unless the sealed move ended the
game. (Guidelines I are cited only for an event that announces adjournments, the ruleset's
``adjournment`` set by the organiser: ``fide2023`` itself plays every game to a finish.)

``ONLINE`` cites the online room's house rules by name where they have no numbers
(``Draw offers (online)``), and the classic article where the room applies the Laws.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = [
    "CLASSIC_ARTICLES",
    "CONCEPTS",
    "FIDE2023_ARTICLES",
    "ONLINE_ARTICLES",
    "ArticleTable",
    "UnknownConceptError",
]


class UnknownConceptError(KeyError):
    """A ruling asked for a concept that no ruleset numbers (a typo, or a new concept)."""

    def __str__(self) -> str:  # KeyError's own str() shows the repr of its argument
        return str(self.args[0])


class ArticleTable:
    """One ruleset's articles by concept; :meth:`article` raises on an unknown concept."""

    def __init__(self, articles: Mapping[str, str]) -> None:
        # A private copy, never changed after this (a plain dict, so that a ruleset can be
        # sent to the worker processes that check a large file on both cores).
        self._articles = dict(articles)

    def article(self, concept: str) -> str:
        try:
            return self._articles[concept]
        except KeyError:
            raise UnknownConceptError(f"no article for the concept {concept!r}") from None

    def concepts(self) -> frozenset[str]:
        return frozenset(self._articles)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ArticleTable) and self._articles == other._articles

    def __hash__(self) -> int:
        return hash(frozenset(self._articles.items()))

    def __repr__(self) -> str:
        return f"ArticleTable({len(self._articles)} concepts)"


_ONLINE_HOUSE_RULES = {
    "online.resignation_too_early": "Resignation (online)",
    "online.flag_fall_void": "Flag fall (online)",
    "online.draw_offer_refused": "Draw offers (online)",
    "online.automatic_draw": "Automatic draw (online)",
    "online.king_into_check": "King into check (online)",
    "online.abandonment": "Abandonment (online)",
}
"""The house rules have no numbers; every ruleset names them alike (only ``online`` has
them switched on, but :func:`~games.rules.incidents.rule_automatic_draw` answers under any)."""

_CLASSIC = {
    # How a game ends on the board (Art. 10).
    "game.checkmate": "10.1",
    "game.resignation": "10.2",
    "game.stalemate": "10.3",
    "game.dead_position": "10.4",
    "game.fivefold_repetition": "9.6.1",
    "game.seventy_five_moves": "9.6.2",
    "game.lone_king": "10.5",
    # Flag fall and the time control.
    "flag.fall": "10.14",
    "flag.bare_kings": "10.14",
    "flag.lone_king": "10.5",
    "flag.no_mate_possible": "6.9",
    "flag.game_already_over": "6.5",
    "period.standing": "10.14",
    # Default by lateness.
    "default.late": "10.15",
    "default.both_late": "10.17",
    "default.waiting": "10.15",
    # Adjournment and sealed moves.
    "adjournment.session_end": "Adjournment",
    "adjournment.seal": "Adjournment",
    "adjournment.resume": "Adjournment",
    "adjournment.wrong_position": "8.4",
    "sealed_move.ambiguous": "10.16(1)",
    "sealed_move.unreadable": "10.16(2)",
    "sealed_move.illegal": "10.16(3)",
    "sealed_move.lone_king": "10.5",
    "sealed_move.mates": "10.15(1)",
    "sealed_move.draws": "10.15(2)",
    "resumption.present_player_overstepped": "10.15(3)",
    # Draw claims.
    "claim.threefold": "10.10",
    "claim.threefold.arisen": "10.10(2)",
    "claim.threefold.written": "10.10(1)",
    "claim.threefold.right_lost": "10.11",
    "claim.fifty_moves": "10.12",
    "claim.penalty": "10.13(2)",
    "claim.penalty.lone_king": "10.5",
    # Illegal moves and positions (Art. 8).
    "illegal.move": "8.1",
    "illegal.move.penalty": "8.1",
    "illegal.move.loses": "8.1",
    "illegal.move.lone_king": "10.5",
    "illegal.displaced_pieces": "8.2",
    "illegal.knocked_over": "8.3",
    "illegal.initial_position": "8.5",
    "illegal.colours_reversed": "8.6",
    "illegal.board_misplaced": "8.7",
    # Touch move (Art. 7, 5.1(3)–(4)).
    "touch.adjusted": "7.1",
    "touch.own_piece": "7.2(1)",
    "touch.opponent_piece": "7.2",
    "touch.both_colours": "7.2(2)",
    "touch.any_move": "7.3",
    "touch.claim_too_late": "7.4",
    "touch.rook_then_king": "5.1(3)",
    "touch.king_to_castle": "5.1(4)",
    # Draw offers.
    "offer.accepted": "10.6",
    "offer.after_move": "10.7",
    "offer.opponent_time": "10.8",
    "offer.own_time": "10.9",
    "offer.after_sealing": "10.9",
    # Scoresheets (Art. 11).
    "scoresheet.record": "11.1",
    "scoresheet.exemption": "11.2",
    "scoresheet.duty_refused": "11.4",
    "scoresheet.borrowing": "11.5",
    "scoresheet.complete_one": "11.6",
    "scoresheet.complete_both": "11.7",
    "scoresheet.arbiter_keeps_score": "11.3",
    "scoresheet.reconstruct_on_board": "11.8",
    "scoresheet.not_reconstructible": "11.9",
    "refusal.loses": "10.17",
    "refusal.both_lose": "10.17",
    **_ONLINE_HOUSE_RULES,
}

_FIDE2023 = {
    "game.checkmate": "5.1.1",
    "game.resignation": "5.1.2",
    "game.stalemate": "5.2.1",
    "game.dead_position": "5.2.2",
    "game.fivefold_repetition": "9.6.1",
    "game.seventy_five_moves": "9.6.2",
    "game.lone_king": "6.9",
    "flag.fall": "6.9",
    "flag.bare_kings": "6.9",
    "flag.lone_king": "6.9",
    "flag.no_mate_possible": "6.9",
    "flag.game_already_over": "6.2.1.1",
    "period.standing": "6.3.1",
    "default.late": "6.7.1",
    "default.both_late": "6.7.1",
    "default.waiting": "6.7.1",
    "adjournment.session_end": "I.1.1",
    "adjournment.seal": "I.1.1",
    "adjournment.resume": "I.9.1",
    "adjournment.wrong_position": "I.5",
    "sealed_move.ambiguous": "I.8.1",
    "sealed_move.unreadable": "I.8.2",
    "sealed_move.illegal": "I.8.3",
    "sealed_move.lone_king": "I.8",
    "sealed_move.mates": "I.10",
    "sealed_move.draws": "I.10",
    "resumption.present_player_overstepped": "6.9",
    "claim.threefold": "9.2",
    "claim.threefold.arisen": "9.2.2",
    "claim.threefold.written": "9.2.1",
    "claim.threefold.right_lost": "9.4",
    "claim.fifty_moves": "9.3",
    "claim.penalty": "9.5.3",
    "claim.penalty.lone_king": "6.9",
    "illegal.move": "7.5.1",
    "illegal.move.penalty": "7.5.5",
    "illegal.move.loses": "7.5.5",
    "illegal.move.lone_king": "7.5.5",
    "illegal.displaced_pieces": "7.6",
    "illegal.knocked_over": "7.4.1",
    "illegal.initial_position": "7.2.1",
    "illegal.colours_reversed": "7.3",
    "illegal.board_misplaced": "7.2.2",
    "touch.adjusted": "4.2.1",
    "touch.own_piece": "4.3.1",
    "touch.opponent_piece": "4.3.2",
    "touch.both_colours": "4.3.3",
    "touch.any_move": "4.5",
    "touch.claim_too_late": "4.8",
    "touch.rook_then_king": "4.4.2",
    "touch.king_to_castle": "4.4.3",
    "offer.accepted": "5.2.3",
    "offer.after_move": "9.1.2.1",
    "offer.opponent_time": "9.1.2.1",
    "offer.own_time": "9.1.2.1",
    "offer.after_sealing": "I.4",
    "scoresheet.record": "8.1.1",
    "scoresheet.exemption": "8.4",
    "scoresheet.duty_refused": "8.1.1",
    "scoresheet.borrowing": "8.5.2",
    "scoresheet.complete_one": "8.5.2",
    "scoresheet.complete_both": "8.5.1",
    "scoresheet.arbiter_keeps_score": "8.5.1",
    "scoresheet.reconstruct_on_board": "8.5.3",
    "scoresheet.not_reconstructible": "8.6",
    "refusal.loses": "11.7",
    "refusal.both_lose": "11.8",
    **_ONLINE_HOUSE_RULES,
}

CLASSIC_ARTICLES = ArticleTable(_CLASSIC)
FIDE2023_ARTICLES = ArticleTable(_FIDE2023)
ONLINE_ARTICLES = ArticleTable(_CLASSIC)
"""The room applies the classic Laws wherever its house rules say nothing."""

CONCEPTS: frozenset[str] = CLASSIC_ARTICLES.concepts()
"""Every concept a ruling may cite; each ruleset's table numbers all of them."""
