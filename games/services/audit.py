"""The game audit trail: every change to a game is a new ``GameChange`` row."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser

from games.models import Game, GameChange, Incident
from tournaments.services.audit import recorded_user


def log_change(
    game: Game,
    field: str,
    *,
    old: Any = None,
    new: Any = None,
    reason: str = "",
    user: AbstractBaseUser | None = None,
    incident: Incident | None = None,
) -> GameChange:
    return GameChange.objects.create(
        game=game,
        field=field,
        old_value=old,
        new_value=new,
        reason=reason,
        incident=incident,
        user=recorded_user(user),
    )
