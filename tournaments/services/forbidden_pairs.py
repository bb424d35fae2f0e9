"""Forbidden pairs (FIDE checklist D30): two players the pairing must never bring together.

In FIDE mode they are set and lifted only before round 1 is paired (L5 afterwards); outside
FIDE mode at any time, logged. The engine and the round check read them through
:func:`tournaments.selectors.pairing_state`.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import ForbiddenPair, Player, Tournament, TournamentLog

from .audit import last_round_number, log_event
from .errors import TournamentError
from .warnings import fide_mode_refusal, require_confirmation


def _refuse_once_started(tournament: Tournament) -> None:
    if tournament.fide_mode and last_round_number(tournament):
        refusal = fide_mode_refusal(_("Forbidden pairs are set before round 1 is paired."))
        require_confirmation([refusal], action=f"forbid:{tournament.pk}")


def _ordered(first: Player, second: Player) -> tuple[Player, Player]:
    if first.tournament_id != second.tournament_id or first.pk == second.pk:
        raise TournamentError(_("Name two different players of the same tournament."))
    return (first, second) if first.pk < second.pk else (second, first)


def _round_problems(tournament: Tournament, from_round: int, to_round: int | None) -> None:
    rounds = tournament.number_of_rounds
    last = rounds if to_round is None else to_round
    if not 1 <= from_round <= last <= rounds:
        raise TournamentError(
            _("The rounds must run from round 1 to round %(rounds)s, first before last.")
            % {"rounds": rounds}
        )


@transaction.atomic
def forbid_pair(
    first: Player,
    second: Player,
    *,
    user: AbstractBaseUser | None = None,
    reason: str = "",
    from_round: int = 1,
    to_round: int | None = None,
) -> ForbiddenPair:
    """Forbid ``first`` and ``second`` to meet, in every round or in rounds ``from_round``
    to ``to_round`` (``None``: the last)."""
    first, second = _ordered(first, second)
    tournament = Tournament.objects.select_for_update().get(pk=first.tournament_id)
    _refuse_once_started(tournament)
    _round_problems(tournament, from_round, to_round)
    if to_round == tournament.number_of_rounds:
        to_round = None
    if ForbiddenPair.objects.filter(first=first, second=second).exists():
        raise TournamentError(
            _("%(first)s and %(second)s are already a forbidden pair.")
            % {"first": first.name, "second": second.name}
        )
    pair = ForbiddenPair.objects.create(
        tournament=tournament,
        first=first,
        second=second,
        reason=reason,
        from_round=from_round,
        to_round=to_round,
    )
    params: dict[str, object] = {"first": first.name, "second": second.name}
    message = gettext_lazy("Forbidden pair: %(first)s and %(second)s are not to be paired.")
    if pair.rounds_label:
        # Numbers in the params: the message is translated for each reader of the log.
        params |= {"from_round": from_round, "to_round": to_round or tournament.number_of_rounds}
        message = gettext_lazy(
            "Forbidden pair: %(first)s and %(second)s are not to be paired in rounds "
            "%(from_round)s to %(to_round)s."
        )
    log_event(
        tournament,
        TournamentLog.Kind.CONFIGURATION,
        message,
        params=params,
        user=user,
        round_number=last_round_number(tournament) or None,
        reason=reason,
    )
    return pair


@transaction.atomic
def allow_pair(
    first: Player, second: Player, *, user: AbstractBaseUser | None = None, reason: str = ""
) -> None:
    """Lift a forbidden pair."""
    first, second = _ordered(first, second)
    tournament = Tournament.objects.select_for_update().get(pk=first.tournament_id)
    _refuse_once_started(tournament)
    deleted, _rows = ForbiddenPair.objects.filter(first=first, second=second).delete()
    if not deleted:
        raise TournamentError(
            _("%(first)s and %(second)s are not a forbidden pair.")
            % {"first": first.name, "second": second.name}
        )
    log_event(
        tournament,
        TournamentLog.Kind.CONFIGURATION,
        gettext_lazy("Forbidden pair lifted: %(first)s and %(second)s may be paired."),
        params={"first": first.name, "second": second.name},
        user=user,
        round_number=last_round_number(tournament) or None,
        reason=reason,
    )


def forbidden_opponents(player: Player) -> list[Player]:
    """The players ``player`` must not be paired with, each with ``forbidden_rounds``: the
    rounds it holds in, empty when every round."""
    pairs = ForbiddenPair.objects.filter(first=player) | ForbiddenPair.objects.filter(second=player)
    rounds = {p.second_id if p.first_id == player.pk else p.first_id: p.rounds_label for p in pairs}
    opponents = list(Player.objects.filter(pk__in=rounds).order_by("start_rank", "name"))
    for opponent in opponents:
        opponent.forbidden_rounds = rounds[opponent.pk]
    return opponents
