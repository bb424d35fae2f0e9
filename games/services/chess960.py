"""The Chess960 starting positions of a round's games: what a game starts from, and the
arbiter setting a position instead of the one drawn by lot."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models import Game, GameChange
from games.rules.chess960 import position_fen, read_position
from tournaments.models import Chess960Draw, Pairing, Round, TournamentLog
from tournaments.services.audit import log_event
from tournaments.services.chess960 import draw_chess960_positions, position_label

from .audit import log_change
from .errors import GameError


def chess960_start(pairing: Pairing) -> str:
    """The FEN a Chess960 board's game starts from: its position, drawn now for the round
    if none was (a round imported or paired before the event was Chess960)."""
    if pairing.starting_position is None:
        draw_chess960_positions(pairing.round)
        pairing.refresh_from_db()
    number = pairing.starting_position
    assert number is not None
    return position_fen(number)


@transaction.atomic
def set_chess960_position(
    round_: Round,
    position: str,
    *,
    board: int | None = None,
    user: AbstractBaseUser | None = None,
) -> int:
    """Set the Chess960 position (its number 0–959 or its FEN) of the whole round, or of one
    board's game. Refused once a game concerned has moves: the position was played. Games
    already created without moves start from the new position. Returns its number."""
    tournament = round_.tournament
    if not tournament.is_chess960:
        raise GameError(_("%(event)s is not a Chess960 event.") % {"event": tournament.name})
    try:
        number = read_position(position)
    except ValueError:
        raise GameError(
            _(
                "“%(text)s” is not a Chess960 starting position: give its number, 0 to 959, "
                "or its FEN."
            )
            % {"text": position.strip()[:100]}
        ) from None
    pairings = round_.pairings.filter(black__isnull=False)
    if board is not None:
        if tournament.chess960_draw != Chess960Draw.PER_GAME:
            raise GameError(
                _(
                    "Every board of a round plays the round's position in this event; set the "
                    "round's."
                )
            )
        pairings = pairings.filter(board=board)
        if not pairings.exists():
            raise GameError(
                _("Round %(round)s has no game on board %(board)s.")
                % {"round": round_.number, "board": board}
            )
    elif tournament.chess960_draw == Chess960Draw.PER_GAME:
        # The round's position is then the one of every board without its own.
        pairings = pairings.filter(chess960_position__isnull=True)
    played = sorted(
        Game.objects.filter(pairing__in=pairings, moves__isnull=False)
        .values_list("pairing__board", flat=True)
        .distinct()
    )
    if played:
        raise GameError(
            _("Board %(boards)s of round %(round)s already has moves from its position.")
            % {"boards": ", ".join(map(str, played)), "round": round_.number}
        )
    if board is None:
        old = round_.chess960_position
        round_.chess960_position = number
        round_.save(update_fields=["chess960_position"])
    else:
        pairing = pairings.get()
        old = pairing.starting_position
        pairing.chess960_position = number
        pairing.save(update_fields=["chess960_position"])
    fen = position_fen(number)
    for game in Game.objects.filter(pairing__in=pairings).exclude(start_fen=fen):
        log_change(game, GameChange.Field.POSITION, old=game.start_fen, new=fen, user=user)
        game.start_fen = game.current_fen = fen
        game.save(update_fields=["start_fen", "current_fen", "updated_at"])
    where = (
        gettext_lazy("Chess960 starting position of board %(board)s set to %(position)s.")
        if board is not None
        else gettext_lazy("Chess960 starting position set to %(position)s.")
    )
    log_event(
        tournament,
        TournamentLog.Kind.CHESS960,
        where,
        params={"board": board or "", "position": position_label(number)},
        user=user,
        round_number=round_.number,
        old=old,
        new=number,
    )
    return number
