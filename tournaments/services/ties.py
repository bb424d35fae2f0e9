"""Breaking the ties the tie-breaks leave: the arbiter's order, then drawing of lots (FIDE
checklist I47). Both are logged, and so written to the TRF-2026 report as ``###`` lines."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Tournament, TournamentLog
from tournaments.selectors import tournament_standings

from .audit import last_round_number, log_event
from .errors import TournamentError


def tied_groups(tournament: Tournament) -> list[list[int]]:
    """Starting ranks of the players sharing a place after every tie-break, the arbiter's
    order and the lots so far."""
    groups: dict[int, list[int]] = {}
    for row in tournament_standings(tournament).rows:
        if row.ranked and row.shared:
            groups.setdefault(row.rank, []).append(row.start_rank)
    return list(groups.values())


@transaction.atomic
def set_tie_order(
    tournament: Tournament,
    order: Sequence[int],
    *,
    user: AbstractBaseUser | None = None,
    reason: str = "",
) -> Tournament:
    """Rank tied players by hand: ``order`` lists starting ranks, the first ranked first
    among those he is level with. An empty order clears it."""
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    known = set(tournament.players.exclude(start_rank=None).values_list("start_rank", flat=True))
    problems = [
        _("No player has starting rank %(rank)s.") % {"rank": rank}
        for rank in order
        if rank not in known
    ]
    if len(set(order)) != len(order):
        problems.append(_("Name each player once."))
    if order and not reason.strip():
        problems.append(_("Ranking tied players by hand needs a reason (a play-off, …)."))
    if problems:
        raise TournamentError(problems)
    old = list(tournament.tie_order)
    tournament.tie_order = list(order)
    tournament.save(update_fields=["tie_order", "updated_at"])
    log_event(
        tournament,
        TournamentLog.Kind.TIES,
        gettext_lazy("Tied players ranked by hand, by starting rank: %(order)s."),
        params={"order": ", ".join(map(str, order)) or "-"},
        user=user,
        round_number=last_round_number(tournament) or None,
        reason=reason,
        old=old,
        new=list(order),
    )
    return tournament


@transaction.atomic
def draw_lots(tournament: Tournament, *, user: AbstractBaseUser | None = None) -> Tournament:
    """Draw lots once for every tie left: a random seed, recorded; the order it gives is the
    same each time the standings are computed. Drawing again is refused."""
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    if tournament.lots_seed:
        raise TournamentError(
            _("Lots were already drawn (draw %(seed)s); the order they give stays.")
            % {"seed": tournament.lots_seed}
        )
    before = tied_groups(tournament)
    tournament.lots_seed = secrets.token_hex(8)
    tournament.save(update_fields=["lots_seed", "updated_at"])
    ranks = {row.start_rank: row.place for row in tournament_standings(tournament).rows}
    drawn = "; ".join(
        ", ".join(f"{rank}→{ranks[rank]}" for rank in sorted(group, key=lambda r: ranks[r]))
        for group in before
    )
    log_event(
        tournament,
        TournamentLog.Kind.TIES,
        gettext_lazy("Lots drawn (draw %(seed)s) for the players still level: %(drawn)s."),
        params={"seed": tournament.lots_seed, "drawn": drawn or "-"},
        user=user,
        round_number=last_round_number(tournament) or None,
        new={"seed": tournament.lots_seed, "groups": before},
    )
    return tournament
