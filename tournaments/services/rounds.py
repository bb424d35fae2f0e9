"""Pairing rounds: Berger tables, submitted Swiss rounds, the built-in Swiss engine."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.models import (
    Absence,
    ByeKind,
    Pairing,
    Player,
    Result,
    Round,
    Tournament,
    TournamentLog,
)

from .audit import last_round_number, log_event
from .errors import TournamentError

ABSENCE_BYES = {
    Absence.Kind.HALF_POINT_BYE: ByeKind.HALF_POINT,
    Absence.Kind.ZERO_POINT_BYE: ByeKind.ZERO_POINT,
    Absence.Kind.FULL_POINT_BYE: ByeKind.FULL_POINT,
}


def players_in_round(tournament: Tournament, number: int) -> list[Player]:
    """Players taking part in round ``number``: entered, numbered, not withdrawn, in TPN order."""
    return list(
        tournament.players.filter(start_rank__isnull=False, first_round__lte=number)
        .exclude(status=Player.Status.EXPELLED)
        .exclude(withdrawn_after_round__lt=number)
        .order_by("start_rank")
    )


def announced_byes(tournament: Tournament, number: int) -> dict[int, ByeKind]:
    """Bye kind by player id for the absences announced for round ``number``."""
    absences = Absence.objects.filter(player__tournament=tournament, round_number=number)
    return {a.player_id: ABSENCE_BYES[Absence.Kind(a.kind)] for a in absences}


def next_round_problems(tournament: Tournament) -> tuple[int, list[str]]:
    """The number of the round to pair next, and why it cannot be paired yet."""
    latest = last_round_number(tournament)
    number = latest + 1
    problems = []
    if number > tournament.number_of_rounds:
        problems.append(
            _("All %(count)s rounds are paired.") % {"count": tournament.number_of_rounds}
        )
    if latest:
        missing = Pairing.objects.filter(
            round__tournament=tournament,
            round__number=latest,
            black__isnull=False,
            result=Result.NOT_PLAYED,
        ).values_list("board", flat=True)
        if missing:
            problems.append(
                _("Round %(round)s has no result on board %(boards)s.")
                % {"round": latest, "boards": ", ".join(map(str, missing))}
            )
        if Round.objects.filter(
            tournament=tournament, number=latest, status=Round.Status.DRAFT
        ).exists():
            problems.append(_("Round %(round)s is not published yet.") % {"round": latest})
    return number, problems


def store_round(
    tournament: Tournament,
    number: int,
    games: Sequence[tuple[Player, Player]],
    byes: Sequence[tuple[Player, str]],
    *,
    paired_by: str,
    status: str = Round.Status.DRAFT,
) -> Round:
    """Write a round's boards: games in the given order, then the byes. Call inside atomic."""
    round_ = Round.objects.create(
        tournament=tournament, number=number, paired_by=paired_by, status=status
    )
    boards = [
        Pairing(round=round_, board=board, white=white, black=black)
        for board, (white, black) in enumerate(games, start=1)
    ]
    boards += [
        Pairing(round=round_, board=board, white=player, bye=kind)
        for board, (player, kind) in enumerate(byes, start=len(games) + 1)
    ]
    Pairing.objects.bulk_create(boards)
    return round_


@transaction.atomic
def publish_round(round_: Round, *, user: AbstractBaseUser | None = None) -> Round:
    """Make a drafted round official: results may be entered from now on."""
    if round_.status != Round.Status.DRAFT:
        raise TournamentError(_("Round %(round)s is already published.") % {"round": round_.number})
    round_.status = Round.Status.PUBLISHED
    round_.save(update_fields=["status"])
    log_event(
        round_.tournament,
        TournamentLog.Kind.PAIRING,
        _("Round %(round)s published.") % {"round": round_.number},
        user=user,
        round_number=round_.number,
    )
    return round_


@transaction.atomic
def delete_draft_round(round_: Round, *, user: AbstractBaseUser | None = None) -> None:
    """Withdraw the pairings of a round not yet published (the last one only)."""
    if round_.status != Round.Status.DRAFT:
        raise TournamentError(
            _("Round %(round)s is published; its pairings stay.") % {"round": round_.number}
        )
    if round_.number != last_round_number(round_.tournament):
        raise TournamentError(_("Only the last round's pairings can be withdrawn."))
    log_event(
        round_.tournament,
        TournamentLog.Kind.PAIRING,
        _("Draft pairings of round %(round)s withdrawn.") % {"round": round_.number},
        user=user,
        round_number=round_.number,
    )
    round_.delete()


def opponents_met(tournament: Tournament) -> set[frozenset[int]]:
    """Pairs of player ids that have already played each other (games, not byes)."""
    games = Pairing.objects.filter(round__tournament=tournament, black__isnull=False).exclude(
        Q(result=Result.VOID)
    )
    return {frozenset(pair) for pair in games.values_list("white_id", "black_id")}
