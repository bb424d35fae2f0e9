"""Creating and revoking API tokens (the chief arbiter's page and API call these)."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import ApiToken, Tournament, TournamentLog
from tournaments.services import TournamentError
from tournaments.services.audit import log_event, recorded_user


@transaction.atomic
def create_api_token(
    tournament: Tournament, *, name: str, scope: str, user: AbstractBaseUser | None
) -> tuple[ApiToken, str]:
    """A new token and its full key, shown once; logged without the key."""
    name = name.strip()
    problems = []
    if not name:
        problems.append(_("name: a token needs a name saying who uses it."))
    if scope not in ApiToken.Scope.values:
        problems.append(
            _("scope: %(scope)s is not one of %(known)s.")
            % {"scope": scope, "known": ", ".join(ApiToken.Scope.values)}
        )
    if problems:
        raise TournamentError(problems)
    token, key = ApiToken.issue(
        tournament=tournament,
        name=name,
        scope=scope,
        created_by=recorded_user(user),
    )
    log_event(
        tournament,
        TournamentLog.Kind.CONFIGURATION,
        _("API token %(name)s (%(scope)s) created.")
        % {"name": name, "scope": token.get_scope_display()},
        user=user,
    )
    return token, key


@transaction.atomic
def revoke_api_token(token: ApiToken, *, user: AbstractBaseUser | None) -> ApiToken:
    """Revoke for good; requests with the key fail from now on."""
    if token.revoked_at is not None:
        raise TournamentError(_("The token %(name)s is already revoked.") % {"name": token.name})
    token.revoke()
    log_event(
        token.tournament,
        TournamentLog.Kind.CONFIGURATION,
        _("API token %(name)s revoked.") % {"name": token.name},
        user=user,
    )
    return token
