"""Chess960 events: the starting positions drawn by lot for a round or for each of its games.

Guidelines II.2: the position is set up at random before the game. A round of a Chess960 event
gets its position when it is paired; with positions per game, each game gets its own as well
(a board added later plays the round's). Each draw is written to the tournament log, which
TRF-2026 carries as ``### Chess960 @ Round n`` comments.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.base_user import AbstractBaseUser
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.rules.chess960 import back_rank, draw_position, position_fen
from tournaments.models import Chess960Draw, Pairing, Round, TournamentLog

from .audit import log_event


def position_label(number: int) -> str:
    """``518 (RNBQKBNR)``: the number and White's first rank, as arbiters announce it."""
    return f"{number} ({back_rank(number)})"


def draw_chess960_positions(round_: Round, *, user: AbstractBaseUser | None = None) -> None:
    """Draw the round's position (and each game's, when drawn per game) by lot.

    Nothing for a standard event, or for a round that already has its position."""
    tournament = round_.tournament
    if not tournament.is_chess960 or round_.chess960_position is not None:
        return
    round_.chess960_position = draw_position()
    round_.save(update_fields=["chess960_position"])
    per_game = tournament.chess960_draw == Chess960Draw.PER_GAME
    drawn = []
    if per_game:
        games = list(round_.pairings.filter(black__isnull=False).order_by("board"))
        for pairing in games:
            number = draw_position()
            pairing.chess960_position = number
            drawn.append(f"{pairing.board}: {position_label(number)}")
        Pairing.objects.bulk_update(games, ["chess960_position"])
    if drawn:
        message = gettext_lazy(
            "Chess960 starting positions drawn by lot, board by board: %(list)s."
        )
        params = {"list": "; ".join(drawn)}
    else:
        message = gettext_lazy("Chess960 starting position %(position)s drawn by lot.")
        params = {"position": position_label(round_.chess960_position)}
    log_event(
        tournament,
        TournamentLog.Kind.CHESS960,
        message,
        params=params,
        user=user,
        round_number=round_.number,
    )


@dataclass(frozen=True)
class StartingPosition:
    """A Chess960 position of a round: of one board, or (``board`` None) of every board
    without its own."""

    board: int | None
    number: int

    @property
    def back_rank(self) -> str:
        return back_rank(self.number)

    @property
    def fen(self) -> str:
        return position_fen(self.number)

    @property
    def label(self) -> str:
        return position_label(self.number)


def round_positions(round_: Round) -> list[StartingPosition]:
    """The Chess960 positions the round's games start from: the round's, then each board's
    own; none for a standard event or a round without its positions yet."""
    if not round_.tournament.is_chess960:
        return []
    games = round_.pairings.filter(black__isnull=False)
    own = [
        StartingPosition(board, number)
        for board, number in games.filter(chess960_position__isnull=False)
        .order_by("board")
        .values_list("board", "chess960_position")
    ]
    shared = round_.chess960_position
    if shared is None or (own and not games.filter(chess960_position__isnull=True).exists()):
        return own
    return [StartingPosition(None, shared), *own]


def positions_note(round_: Round) -> str:
    """The pairing list's line on the round's Chess960 positions (empty for a standard
    event)."""
    positions = round_positions(round_)
    if not positions:
        return ""
    if len(positions) == 1 and positions[0].board is None:
        return _("Chess960 starting position: %(position)s. FEN: %(fen)s") % {
            "position": positions[0].label,
            "fen": positions[0].fen,
        }
    parts = [
        (_("board %(board)s: %(position)s") if p.board else _("other boards: %(position)s"))
        % {"board": p.board, "position": p.label}
        for p in positions
    ]
    return _("Chess960 starting positions: %(list)s.") % {"list": "; ".join(parts)}
