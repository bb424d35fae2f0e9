"""Breaking the ties the tie-breaks leave: the arbiter's order, then drawing of lots (FIDE
checklist I47). Both are logged, and so written to the TRF-2026 report as ``###`` lines."""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Tournament, TournamentLog
from tournaments.selectors import tournament_standings

from .audit import last_round_number, log_event
from .errors import TournamentError, raise_if


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


EXTERNAL_LIMIT = Decimal("100000")
"""External values stay below this in size (the field keeps 9 digits, 2 after the point)."""


def parse_external_values(text: str) -> dict[int, Decimal | None]:
    """External tie-break values as an arbiter types or imports them: a line per player,
    his starting rank and his value separated by a space, tab, comma or semicolon (``3 1.5``,
    ``3;1.5``); a rank alone clears his value. Empty lines and lines starting with ``#`` are
    skipped. Raises :class:`TournamentError` naming every bad line."""
    values: dict[int, Decimal | None] = {}
    problems = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = [part for part in re.split(r"[\s,;]+", line) if part]
        rank, value = parts[0], parts[1] if len(parts) > 1 else None
        if len(parts) > 2 or not (rank.isascii() and rank.isdigit() and len(rank) <= 5):
            problems.append(
                _(
                    "line %(line)s: expected a starting rank and a value, as in 3 1.5; "
                    "found %(text)s"
                )
                % {"line": number, "text": line[:60]}
            )
            continue
        if int(rank) in values:
            problems.append(
                _("line %(line)s: starting rank %(rank)s is given twice.")
                % {"line": number, "rank": rank}
            )
            continue
        try:
            values[int(rank)] = None if value is None else _external_value(value)
        except ValueError as error:
            problems.append(_("line %(line)s: %(error)s") % {"line": number, "error": error})
    raise_if(problems)
    return values


def _external_value(text: str) -> Decimal:
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise ValueError(_("%(text)s is not a number.") % {"text": text[:20]}) from None
    if not value.is_finite() or abs(value) >= EXTERNAL_LIMIT:
        raise ValueError(_("%(text)s is not a number below 100000.") % {"text": text[:20]})
    if value != value.quantize(Decimal("0.01")):
        raise ValueError(_("%(text)s has more than two decimals.") % {"text": text[:20]})
    return value


@transaction.atomic
def set_external_values(
    tournament: Tournament,
    values: Mapping[int, Decimal | None],
    *,
    user: AbstractBaseUser | None = None,
    reason: str = "",
) -> Tournament:
    """Give players (by starting rank) an external tie-break value, ``None`` clearing it
    (FIDE checklist I47): the tie-break EXT ranks by it. Logged with the values and the
    reason (where they come from: a play-off, …)."""
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    players = {p.start_rank: p for p in tournament.players.exclude(start_rank=None)}
    problems = [
        _("No player has starting rank %(rank)s.") % {"rank": rank}
        for rank in values
        if rank not in players
    ]
    for rank, value in values.items():
        try:
            if value is not None:
                _external_value(str(value))
        except ValueError as error:
            problems.append(_("Starting rank %(rank)s: %(error)s") % {"rank": rank, "error": error})
    if values and not reason.strip():
        problems.append(_("External tie-break values need a reason (where they come from)."))
    raise_if(problems)
    changed = {
        rank: value for rank, value in values.items() if players[rank].external_tiebreak != value
    }
    if not changed:
        return tournament
    old = {str(rank): _text(players[rank].external_tiebreak) for rank in sorted(changed)}
    for rank, value in changed.items():
        players[rank].external_tiebreak = value
        players[rank].save(update_fields=["external_tiebreak"])
    new = {str(rank): _text(changed[rank]) for rank in sorted(changed)}
    log_event(
        tournament,
        TournamentLog.Kind.TIES,
        gettext_lazy("External tie-break values (EXT), by starting rank: %(values)s."),
        params={"values": ", ".join(f"{rank}: {text}" for rank, text in new.items())},
        user=user,
        round_number=last_round_number(tournament) or None,
        reason=reason,
        old=old,
        new=new,
    )
    return tournament


def _text(value: Decimal | None) -> str:
    return "-" if value is None else format(value.normalize(), "f")


def external_values(tournament: Tournament) -> dict[int, Decimal]:
    """The external tie-break values set, by starting rank."""
    rows = tournament.players.exclude(start_rank=None).exclude(external_tiebreak=None)
    return {p.start_rank: p.external_tiebreak for p in rows.order_by("start_rank")}
