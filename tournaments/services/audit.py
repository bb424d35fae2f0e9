"""Writing the tournament log: every pairing-integrity event leaves one entry."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser

from tournaments.models import Tournament, TournamentLog


def log_event(
    tournament: Tournament,
    kind: str,
    message: str,
    *,
    user: AbstractBaseUser | None = None,
    round_number: int | None = None,
    reason: str = "",
    old: Any = None,
    new: Any = None,
) -> TournamentLog:
    return TournamentLog.objects.create(
        tournament=tournament,
        kind=kind,
        message=message,
        round_number=round_number,
        reason=reason,
        old_value=old,
        new_value=new,
        user=user if user is not None and user.is_authenticated else None,
    )


def last_round_number(tournament: Tournament) -> int:
    """The highest round paired so far (0 before round 1)."""
    numbers = tournament.rounds.order_by("-number").values_list("number", flat=True)
    return numbers.first() or 0
