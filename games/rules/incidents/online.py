"""The online room's house rules (seeds 001–003): resignation, automatic draws, fouls,
abandonment and the two rating-change tables.

Every count comes from the ruleset (``resign_min_moves``, ``auto_draw_quiet_moves``,
``auto_draw_consecutive_checks``, ``auto_draw_total_checks``,
``king_into_check_fouls_to_lose``, ``abandonment_loss_multiplier``,
``abandonment_draw_after_moves``); a rule a ruleset does not have is switched off there.
The flag fall that voids a game is in :mod:`.periods`, draw offers in :mod:`.draw_offers`;
the rating tables are in :mod:`tournaments.scoring.ratings`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import chess

from games.rules.endings import can_checkmate, is_dead_position
from games.rules.rulesets import OnlineRatingTable, Ruleset
from games.rules.rulings import Decision, Ruling, Score
from tournaments.scoring import ratings

from ._common import SIDE_EN, SIDE_ZH, IncidentError, both_moves_made, color_name, ruling
from ._record import ReplayedGame


@dataclass(frozen=True)
class Resignation:
    """``by`` resigns."""

    by: chess.Color


@dataclass(frozen=True)
class AutomaticDrawCheck:
    """The server checks the position after the last move for an automatic draw."""


@dataclass(frozen=True)
class KingIntoCheck:
    """``by`` tried to move his king into check; ``earlier_fouls`` he had made before."""

    by: chess.Color
    earlier_fouls: int = 0


@dataclass(frozen=True)
class Abandonment:
    """``by`` left the game."""

    by: chess.Color


def rule_resignation(record: ReplayedGame, resignation: Resignation, ruleset: Ruleset) -> Ruling:
    """10.2 / 5.1.2, with the online minimum: resignation only after ``resign_min_moves``
    moves each.

    2023 5.1.2: "The game is lost by the player who declares he/she resigns (this
    immediately ends the game), unless the position is such that the opponent cannot
    checkmate the player's king by any possible series of legal moves. In this case the
    result of the game is a draw." (``resignation_draw_if_no_mate_possible``). 5.2.2: a
    dead position "immediately ends the game", so a resignation in one comes after the
    game was drawn (``dead_position_ends_game``).
    """
    board = record.board()
    made = both_moves_made(board)
    by = resignation.by
    facts = {"moves_made": made}
    if made < ruleset.resign_min_moves:
        minimum = ruleset.resign_min_moves
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "online.resignation_too_early",
            f"{SIDE_EN[by]} may not resign before both sides have made {minimum} moves "
            f"({made} made): play continues.",
            f"双方走满{minimum}回合之前不能认输（现为{made}回合）：对局继续。",
            details=facts,
        )
    if ruleset.dead_position_ends_game and is_dead_position(board):
        return ruling(
            ruleset,
            Decision.GAME_OVER,
            "game.dead_position",
            f"The game was already drawn before {SIDE_EN[by]} resigned: a dead position had "
            "arisen, in which neither player can checkmate by any series of legal moves, and "
            "that ended the game. The resignation does not count.",
            f"{SIDE_ZH[by]}认输之前对局已是和棋：已形成死局，双方都无法以任何合法着法将死对方，"
            "对局随即结束。认输无效。",
            score=Score.DRAW,
            details=facts,
        )
    if ruleset.resignation_draw_if_no_mate_possible and can_checkmate(board, not by) is False:
        return ruling(
            ruleset,
            Decision.GAME_OVER,
            "game.resignation",
            f"{SIDE_EN[by]} resigned, but {SIDE_EN[not by]} cannot checkmate {SIDE_EN[by]}'s "
            "king by any series of legal moves: draw.",
            f"{SIDE_ZH[by]}认输，但{SIDE_ZH[not by]}无论如何走都不能将死{SIDE_ZH[by]}的王：和棋。",
            score=Score.DRAW,
            details=facts,
        )
    return ruling(
        ruleset,
        Decision.GAME_OVER,
        "game.resignation",
        f"{SIDE_EN[by]} resigned: {SIDE_EN[not by]} wins.",
        f"{SIDE_ZH[by]}认输：{SIDE_ZH[not by]}胜。",
        score=Score.loss_for(by),
        details=facts,
    )


def checks_given(record: ReplayedGame) -> list[bool]:
    """For each ply of the record, whether the move gave check."""
    board = record.board(0)
    checks = []
    for move in record.moves:
        board.push(move)
        checks.append(board.is_check())
    return checks


def _check_counts(record: ReplayedGame) -> dict[chess.Color, tuple[int, int]]:
    """Per side: (checks given in an unbroken run up to its last move, checks given in all)."""
    board = record.board(0)
    first_mover = board.turn
    counts: dict[chess.Color, tuple[int, int]] = {}
    checks = checks_given(record)
    for color in chess.COLORS:
        own = checks[0 if color == first_mover else 1 :: 2]
        run = 0
        for gave_check in reversed(own):
            if not gave_check:
                break
            run += 1
        counts[color] = (run, sum(own))
    return counts


def automatic_draw(record: ReplayedGame, ruleset: Ruleset) -> Ruling | None:
    """The online room's automatic draws, in the order a server checks them, or ``None``."""
    board = record.board()
    if board.is_checkmate():
        return None
    if board.is_stalemate():
        return ruling(
            ruleset,
            Decision.GAME_OVER,
            "game.stalemate",
            "Stalemate: draw.",
            "逼和：和棋。",
            score=Score.DRAW,
        )
    quiet = ruleset.auto_draw_quiet_moves
    if quiet is not None and board.halfmove_clock >= 2 * quiet:
        return ruling(
            ruleset,
            Decision.GAME_OVER,
            "online.automatic_draw",
            f"{quiet} moves by each side without a pawn move or a capture: draw.",
            f"双方连续{quiet}回合既未动兵也未吃子：和棋。",
            score=Score.DRAW,
            details={"halfmove_clock": board.halfmove_clock},
        )
    for color, (run, total) in _check_counts(record).items():
        in_a_row = ruleset.auto_draw_consecutive_checks
        in_all = ruleset.auto_draw_total_checks
        if in_a_row is not None and run >= in_a_row:
            return ruling(
                ruleset,
                Decision.GAME_OVER,
                "online.automatic_draw",
                f"{SIDE_EN[color]} has given {run} checks in a row without mate (perpetual "
                "check): draw.",
                f"{SIDE_ZH[color]}已连续将军{run}次而未能将死（长将）：和棋。",
                score=Score.DRAW,
                details={"checker": color_name(color), "consecutive_checks": run},
            )
        if in_all is not None and total >= in_all:
            return ruling(
                ruleset,
                Decision.GAME_OVER,
                "online.automatic_draw",
                f"{SIDE_EN[not color]} has received {total} checks in all without mate: draw.",
                f"{SIDE_ZH[not color]}共被将军{total}次而未被将死：和棋。",
                score=Score.DRAW,
                details={"checker": color_name(color), "total_checks": total},
            )
    return None


def rule_automatic_draw(
    record: ReplayedGame, check: AutomaticDrawCheck, ruleset: Ruleset
) -> Ruling:
    """:func:`automatic_draw`, or play on."""
    drawn = automatic_draw(record, ruleset)
    if drawn is not None:
        return drawn
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "online.automatic_draw",
        "No automatic draw applies: play continues.",
        "不符合自动和棋的条件：对局继续。",
    )


def rule_king_into_check(record: ReplayedGame, foul: KingIntoCheck, ruleset: Ruleset) -> Ruling:
    """Moving one's king into check is a foul; the ``king_into_check_fouls_to_lose``-th loses."""
    limit = ruleset.king_into_check_fouls_to_lose
    if limit is None:
        raise IncidentError(
            f"the {ruleset.name} ruleset has no king-into-check fouls: such a move is an "
            "illegal move (kind illegal_move)"
        )
    count = foul.earlier_fouls + 1
    by = foul.by
    if count >= limit:
        return ruling(
            ruleset,
            Decision.GAME_OVER,
            "online.king_into_check",
            f"{SIDE_EN[by]} moved the king into check for the {_ordinal(count)} time: "
            f"{SIDE_EN[by]} loses.",
            f"{SIDE_ZH[by]}第{count}次送王：{SIDE_ZH[by]}判负。",
            score=Score.loss_for(by),
            details={"fouls": count},
        )
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "online.king_into_check",
        f"{SIDE_EN[by]} moved the king into check (foul {count} of {limit}): the move is taken "
        f"back and {SIDE_EN[by]} moves again.",
        f"{SIDE_ZH[by]}送王犯规（第{count}次，满{limit}次判负）：该着收回，重新走棋。",
        details={"fouls": count},
    )


def rule_abandonment(record: ReplayedGame, abandonment: Abandonment, ruleset: Ruleset) -> Ruling:
    """The leaver loses, at ``abandonment_loss_multiplier`` times a loss's rating points; after
    more than ``abandonment_draw_after_moves`` moves the other player is rated as for a draw."""
    leaver = abandonment.by
    made = both_moves_made(record.board())
    after = ruleset.abandonment_draw_after_moves
    rated_as_draw = after is not None and made > after
    multiplier = ruleset.abandonment_loss_multiplier
    facts = {
        "moves_made": made,
        "loss_multiplier": multiplier,
        "remaining_player_rated_as": "draw" if rated_as_draw else "win",
    }
    rated_en = " The remaining player is rated as for a draw." if rated_as_draw else ""
    rated_zh = "留下的一方按和棋计分。" if rated_as_draw else ""
    return ruling(
        ruleset,
        Decision.GAME_OVER,
        "online.abandonment",
        f"{SIDE_EN[leaver]} left the game and loses, charged {multiplier} times the "
        f"rating points of a loss.{rated_en}",
        f"{SIDE_ZH[leaver]}中途离开，判负，扣除{multiplier}倍的输棋积分。{rated_zh}",
        score=Score.loss_for(leaver),
        details=facts,
    )


_TABLES = {
    OnlineRatingTable.FIRST: ratings.OnlineRatingTable.DIFFERENCE_TENTHS,
    OnlineRatingTable.SECOND: ratings.OnlineRatingTable.BANDS,
}
_WHITE_SCORE = {
    Score.WHITE_WINS: Fraction(1),
    Score.DRAW: Fraction(1, 2),
    Score.BLACK_WINS: Fraction(0),
}


def online_rating_change(
    white: int, black: int, score: Score, table: OnlineRatingTable
) -> tuple[Fraction, Fraction]:
    """(White's change, Black's change) under the ruleset's online table (seed 002).

    The tables themselves live with the other rating rules
    (:func:`tournaments.scoring.ratings.online_rating_changes`); this names them by the
    ruleset's setting and the game's score.
    """
    if score is Score.BOTH_LOSE:
        raise ValueError("online games have no double loss")
    return ratings.online_rating_changes(white, black, _WHITE_SCORE[score], _TABLES[table])


def abandonment_rating_change(
    leaver: int, other: int, *, moves_made: int, ruleset: Ruleset
) -> tuple[Fraction, Fraction]:
    """(Leaver's change, other player's change) after an abandonment, per the ruleset."""
    table = ruleset.online_rating_table
    if table is None:
        raise IncidentError(f"the {ruleset.name} ruleset has no online rating table")
    after = ruleset.abandonment_draw_after_moves
    return ratings.online_abandonment_changes(
        leaver,
        other,
        moves_made,
        _TABLES[table],
        multiplier=ruleset.abandonment_loss_multiplier,
        draw_after_moves=after if after is not None else moves_made,  # no rule: never a draw
    )


def _ordinal(number: int) -> str:
    """``3rd``, ``11th``, ``22nd``."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"
