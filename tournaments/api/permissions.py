"""Who may call an API view: the one place that enforces what each view declares.

Each view declares the :class:`~tournaments.permissions.Action` each HTTP method needs::

    class RoundListView(TournamentAPIView):
        actions = {"GET": Action.VIEW, "POST": Action.MANAGE_ROUNDS}

A user (session or HTTP Basic) may do what :func:`tournaments.permissions.can` allows on the
tournament. A token may do what its scope allows, on its own tournament only, and only while
its creator's account is active and his role there still allows the same; elsewhere it reads
what anyone may read (public tournaments). :func:`may` decides it for every path: the
tournament's own, the list of tournaments (:func:`readable_tournaments`) and the jobs.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from rest_framework import exceptions
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from tournaments.models import ApiToken, Tournament
from tournaments.permissions import (
    UNREAD,
    Action,
    actions_for,
    can,
    can_create_tournament,
    can_import_rating_list,
    tournaments_where,
)

_READ = frozenset({Action.VIEW, Action.FOLLOW})
SCOPE_ACTIONS: dict[str, frozenset[Action]] = {
    ApiToken.Scope.READ: _READ,
    ApiToken.Scope.RESULTS: _READ | {Action.ENTER_RESULTS},
    ApiToken.Scope.PAIRING: _READ
    | {Action.ENTER_RESULTS, Action.MANAGE_PLAYERS, Action.MANAGE_ROUNDS},
}
"""What each token scope allows on its tournament. No scope configures the tournament or
manages tokens: that stays with the chief arbiter's account."""


CREATE_TOURNAMENT = "create_tournament"
LIST_TOURNAMENTS = "list_tournaments"
IMPORT_RATING_LIST = "import_rating_list"
STAFF = "staff"
"""The declarations of views that concern no one tournament (the list filters itself)."""


def token_may(token: ApiToken, action: Action) -> bool:
    """A token acts on its tournament within its scope, and only while its creator may
    still do the same: a creator whose role is removed or whose account is deactivated
    takes his tokens' rights with him."""
    return action in SCOPE_ACTIONS[token.scope] and action in _creator_actions(token)


def _creator_actions(token: ApiToken) -> frozenset[Action]:
    """What the token's creator may do on its tournament, read once per request (the token
    is loaded afresh for each request, with the creator's role when it authenticates)."""
    known: frozenset[Action] | None = getattr(token, "_creator_actions", None)
    if known is None:
        creator = token.created_by
        role = getattr(token, "creator_role", UNREAD)
        known = (
            actions_for(creator, token.tournament, role=role)
            if creator is not None
            else frozenset()
        )
        token._creator_actions = known  # type: ignore[attr-defined]
    return known


def token_in_force(token: ApiToken) -> bool:
    """Whether the token can still do everything its scope allows (for the tokens page)."""
    return token.active and all(token_may(token, action) for action in SCOPE_ACTIONS[token.scope])


def token_of(request: Request | HttpRequest) -> ApiToken | None:
    """The API token the request authenticated with (``None``: a user, or a page)."""
    token = getattr(request, "auth", None)
    return token if isinstance(token, ApiToken) else None


def may(request: Request | HttpRequest, action: Action, tournament: Tournament) -> bool:
    """Whether the request's client may do ``action`` to ``tournament`` (a page's request:
    its user)."""
    token = token_of(request)
    if token is not None:
        if token.tournament_id == tournament.pk and token_may(token, action):
            return True
        return can(AnonymousUser(), action, tournament)
    return can(request.user, action, tournament)


def readable_tournaments(request: Request) -> QuerySet[Tournament]:
    """The tournaments the request's client may view: a token's own while it may view it
    (:func:`may`), and the public ones."""
    token = token_of(request)
    if token is None:
        return tournaments_where(request.user, Action.VIEW)
    public = Q(public=True)
    if may(request, Action.VIEW, token.tournament):
        return Tournament.objects.filter(public | Q(pk=token.tournament_id))
    return Tournament.objects.filter(public)


class TournamentActionPermission(BasePermission):
    """Checks the view's declared action for the request's method on the URL's tournament.

    A client who may not even view the tournament gets 404 (its existence is not revealed);
    one who may view it but not do this gets 403, or 401 without credentials.
    """

    def has_permission(self, request: Request, view: Any) -> bool:
        if request.method in ("HEAD", "OPTIONS"):
            action = view.actions.get("GET")
        else:
            action = view.actions.get(request.method)
        if action is None:
            # No handler: let the view answer 405. A handler without a declaration is refused.
            return not hasattr(view, request.method.lower())
        if action == CREATE_TOURNAMENT:
            # Not tied to a tournament, so no token can do it: a user account is needed.
            return not isinstance(request.auth, ApiToken) and can_create_tournament(request.user)
        if action == IMPORT_RATING_LIST:
            return not isinstance(request.auth, ApiToken) and can_import_rating_list(request.user)
        if action == STAFF:
            # The server's own tools (the cross-test): staff accounts, never a token.
            return not isinstance(request.auth, ApiToken) and request.user.is_staff
        if action == LIST_TOURNAMENTS:
            return True
        tournament = view.tournament
        if may(request, action, tournament):
            return True
        if not may(request, Action.VIEW, tournament):
            if request.user.is_authenticated or request.auth is not None:
                raise exceptions.NotFound()
            return False
        return False
