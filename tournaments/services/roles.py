"""Giving and taking the arbiters' roles on a tournament; every change is logged."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Tournament, TournamentLog, TournamentRole

from .audit import log_event
from .errors import TournamentError

Role = TournamentRole.Role


def _refuse_losing_last_chief(tournament: Tournament, holder: AbstractBaseUser) -> None:
    """A tournament keeps at least one chief arbiter, or nobody could manage it but staff."""
    chiefs = TournamentRole.objects.filter(tournament=tournament, role=Role.CHIEF_ARBITER)
    if not chiefs.exclude(user=holder).exists():
        raise TournamentError(_("A tournament needs at least one chief arbiter."))


@transaction.atomic
def grant_role(
    tournament: Tournament,
    holder: AbstractBaseUser,
    role: str,
    *,
    user: AbstractBaseUser | None,
) -> TournamentRole:
    """Give ``holder`` the role on the tournament (replacing the role they had)."""
    new = Role(role)
    current = TournamentRole.objects.select_for_update(no_key=True).filter(
        tournament=tournament, user=holder
    )
    existing = current.first()
    if existing is not None and existing.role == new:
        return existing
    if existing is not None and existing.role == Role.CHIEF_ARBITER:
        _refuse_losing_last_chief(tournament, holder)
    granted, _created = TournamentRole.objects.update_or_create(
        tournament=tournament, user=holder, defaults={"role": new}
    )
    log_event(
        tournament,
        TournamentLog.Kind.CONFIGURATION,
        gettext_lazy("%(user)s is now %(role)s."),
        params={"user": holder.get_username(), "role": new.label},
        user=user,
        old=existing.role if existing else None,
        new=str(new),
    )
    return granted


@transaction.atomic
def revoke_role(
    tournament: Tournament, holder: AbstractBaseUser, *, user: AbstractBaseUser | None
) -> None:
    """Take ``holder``'s role on the tournament away."""
    existing = (
        TournamentRole.objects.select_for_update(no_key=True)
        .filter(tournament=tournament, user=holder)
        .first()
    )
    if existing is None:
        raise TournamentError(
            _("%(user)s has no role on this tournament.") % {"user": holder.get_username()}
        )
    if existing.role == Role.CHIEF_ARBITER:
        _refuse_losing_last_chief(tournament, holder)
    existing.delete()
    log_event(
        tournament,
        TournamentLog.Kind.CONFIGURATION,
        gettext_lazy("%(user)s no longer has a role."),
        params={"user": holder.get_username()},
        user=user,
        old=existing.role,
    )


def set_organiser(holder: AbstractBaseUser, allowed: bool = True) -> None:
    """Let the account create and import tournaments (the ``add_tournament`` permission,
    the same one the admin grants), or take that back; events it already runs keep their
    roles."""
    from django.contrib.auth.models import Permission

    permission = Permission.objects.get(
        content_type__app_label="tournaments", codename="add_tournament"
    )
    if allowed:
        holder.user_permissions.add(permission)  # type: ignore[attr-defined]
    else:
        holder.user_permissions.remove(permission)  # type: ignore[attr-defined]
