"""Who may do what to a tournament: the one place that decides.

Every page, form and API view asks here instead of checking roles itself::

    from tournaments.permissions import Action, can, require

    require(request.user, Action.ENTER_RESULTS, tournament)   # raises PermissionDenied
    if can(request.user, Action.OPEN_SEALED_MOVE, tournament): ...

The rules:

* A **chief arbiter** of a tournament may do everything to it.
* A **deputy arbiter** may follow it, enter and correct results, enter and upload games and
  record incidents — but not configure it, change players or rounds, manage roles, or open a
  sealed move before resumption.
* A **viewer** may follow it (the arbiter's read-only pages), and change nothing.
* Nobody else changes it: being an arbiter of one tournament gives no right on another.
* Anyone, logged in or not, may view a *public* tournament's public pages; a private one is
  visible to its role holders only.
* Active **staff and superusers** may do everything to every tournament (the organiser's
  override, for example to repair a role list with no chief arbiter left).
* A game with no tournament (a friendly check of a scoresheet) may be viewed and worked on by
  any logged-in user: there is no tournament whose arbiter one would have to be.
"""

from __future__ import annotations

from enum import Enum, StrEnum
from functools import wraps
from typing import TYPE_CHECKING, Any, Concatenate, Final, ParamSpec

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Q, QuerySet, Subquery
from django.http import Http404, HttpResponse
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament, TournamentRole

if TYPE_CHECKING:
    from collections.abc import Callable

    from django.contrib.auth.base_user import AbstractBaseUser
    from django.contrib.auth.models import AnonymousUser
    from django.http import HttpRequest

    User = AbstractBaseUser | AnonymousUser

Role = TournamentRole.Role


class Action(StrEnum):
    """Something a user may want to do to one tournament."""

    VIEW = "view"
    """Read its public pages: players, pairings, results, standings, crosstable."""
    FOLLOW = "follow"
    """Read the arbiters' pages: dashboard, draft rounds, incidents, the log."""
    CONFIGURE = "configure"
    """Edit the tournament's settings (dates, ruleset, tie-breaks, points, FIDE mode)."""
    MANAGE_PLAYERS = "manage_players"
    """Add, edit, import, number and withdraw players; record announced absences."""
    MANAGE_ROUNDS = "manage_rounds"
    """Pair, import or enter pairings, publish and delete draft rounds."""
    ENTER_RESULTS = "enter_results"
    """Enter results, correct them (with a reason), adjourn and resolve adjourned games."""
    ENTER_GAMES = "enter_games"
    """Upload PGN files, enter moves, match games to boards."""
    RECORD_INCIDENTS = "record_incidents"
    """Record incidents at the board and apply the rulings on them."""
    OPEN_SEALED_MOVE = "open_sealed_move"
    """Read a sealed move before the game is resumed (Art. 8.4/10.16 envelope)."""
    MANAGE_ROLES = "manage_roles"
    """Give and take the chief arbiter, deputy arbiter and viewer roles."""

    @property
    def label(self) -> str:
        """What the action is called on the role management page."""
        return str(_ACTION_LABELS[self])


_ACTION_LABELS = {
    Action.VIEW: _("read the public pages"),
    Action.FOLLOW: _("read the arbiters' pages"),
    Action.CONFIGURE: _("edit the tournament"),
    Action.MANAGE_PLAYERS: _("manage players"),
    Action.MANAGE_ROUNDS: _("pair and publish rounds"),
    Action.ENTER_RESULTS: _("enter and correct results"),
    Action.ENTER_GAMES: _("enter and upload games"),
    Action.RECORD_INCIDENTS: _("record incidents and apply rulings"),
    Action.OPEN_SEALED_MOVE: _("open sealed moves"),
    Action.MANAGE_ROLES: _("manage roles"),
}


ROLE_ACTIONS: dict[str, frozenset[Action]] = {
    Role.CHIEF_ARBITER: frozenset(Action),
    Role.DEPUTY_ARBITER: frozenset(
        {
            Action.VIEW,
            Action.FOLLOW,
            Action.ENTER_RESULTS,
            Action.ENTER_GAMES,
            Action.RECORD_INCIDENTS,
        }
    ),
    Role.VIEWER: frozenset({Action.VIEW, Action.FOLLOW}),
}
"""What each role may do to the tournament it is held on."""

# A game without a tournament has no roles: whoever records it is its arbiter.
_STANDALONE_ACTIONS = frozenset(
    {
        Action.VIEW,
        Action.FOLLOW,
        Action.ENTER_GAMES,
        Action.RECORD_INCIDENTS,
        Action.OPEN_SEALED_MOVE,
    }
)


def _is_override(user: User) -> bool:
    return bool(user.is_active and (user.is_superuser or user.is_staff))


def role_of(user: User, tournament: Tournament) -> Role | None:
    """The user's role on this tournament, ``None`` without one (one query, none when
    anonymous)."""
    if not user.is_authenticated:
        return None
    role = (
        TournamentRole.objects.filter(tournament=tournament, user=user)
        .values_list("role", flat=True)
        .first()
    )
    return Role(role) if role else None


def role_subquery(tournament: str, user: str) -> Subquery:
    """The role that :func:`role_of` reads, as a column of a query that reads the tournament
    and the user already (``tournament`` and ``user`` name their fields there): one query
    less per request, for the API token's creator."""
    roles = TournamentRole.objects.filter(tournament=OuterRef(tournament), user=OuterRef(user))
    return Subquery(roles.order_by("pk").values("role")[:1])


class _Unread(Enum):
    UNREAD = "unread"


UNREAD: Final = _Unread.UNREAD
"""The role is not known yet: :func:`actions_for` reads it."""


def actions_for(
    user: User, tournament: Tournament | None, *, role: str | _Unread | None = UNREAD
) -> frozenset[Action]:
    """Everything the user may do to the tournament (``None``: a game without one).

    ``role``: the user's role there when the caller read it already (:func:`role_subquery`;
    ``None``: none), so it is not read again.
    Pages compute this once and test membership in templates (``"enter_results" in actions``).
    """
    if not user.is_active and user.is_authenticated:
        return frozenset()
    if _is_override(user):
        return frozenset(Action)
    if tournament is None:
        return _STANDALONE_ACTIONS if user.is_authenticated else frozenset()
    held = role_of(user, tournament) if role is UNREAD else role
    actions = ROLE_ACTIONS[held] if held else frozenset()
    if tournament.public:
        actions = actions | {Action.VIEW}
    return actions


def can(user: User, action: Action | str, tournament: Tournament | None) -> bool:
    """Whether the user may do ``action`` to ``tournament`` (``None``: a game without one)."""
    return Action(action) in actions_for(user, tournament)


def require(user: User, action: Action | str, tournament: Tournament | None) -> None:
    """Raise ``PermissionDenied`` (HTTP 403) unless :func:`can` allows it."""
    if not can(user, action, tournament):
        raise PermissionDenied


def can_create_tournament(user: User) -> bool:
    """Staff, superusers, and users given the ``tournaments.add_tournament`` permission (in the
    admin) may create tournaments; the creator becomes its chief arbiter."""
    return bool(
        user.is_active and (_is_override(user) or user.has_perm("tournaments.add_tournament"))
    )


def can_import_rating_list(user: User) -> bool:
    """FIDE rating lists serve every tournament: those who may create tournaments, and the
    chief arbiter of any, may import one."""
    return bool(
        user.is_active
        and (
            can_create_tournament(user)
            or TournamentRole.objects.filter(user=user, role=Role.CHIEF_ARBITER).exists()
        )
    )


def tournaments_where(user: User, action: Action | str) -> QuerySet[Tournament]:
    """The tournaments on which the user may do ``action`` (for lists and API querysets)."""
    action = Action(action)
    everything = Tournament.objects.all()
    if _is_override(user):
        return everything
    roles = [role for role, actions in ROLE_ACTIONS.items() if action in actions]
    allowed = Q(pk__in=[])
    if user.is_authenticated and user.is_active:
        allowed = Q(
            pk__in=TournamentRole.objects.filter(user=user, role__in=roles).values("tournament")
        )
    if action == Action.VIEW:
        allowed |= Q(public=True)
    return everything.filter(allowed)


P = ParamSpec("P")


def tournament_or_refusal(
    request: HttpRequest, tournament_id: int, action: Action
) -> Tournament | HttpResponse:
    """The tournament of ``tournament_id`` if the request's user may do ``action`` to it;
    else the login page for an anonymous visitor (an htmx request gets ``HX-Redirect``).
    Raises ``Http404`` for a logged-in user who may not even view it, as for one that does
    not exist, and ``PermissionDenied`` for one who may view it but not do this.

    The check of :func:`tournament_action_required`, for views that cannot be decorated by
    it (the asynchronous live stream calls it in a thread)."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or not can(request.user, action, tournament):
        if not request.user.is_authenticated:
            login = redirect_to_login(request.get_full_path())
            if request.headers.get("HX-Request") == "true":
                # A page fragment must not become the login page: have htmx load
                # the login page as a whole (the session ran out mid-round).
                login = HttpResponse(headers={"HX-Redirect": login.url})
            return login
        if tournament is None or not can(request.user, Action.VIEW, tournament):
            raise Http404
        raise PermissionDenied
    return tournament


def tournament_action_required(
    action: Action,
) -> Callable[
    [Callable[Concatenate[HttpRequest, Tournament, P], HttpResponse]],
    Callable[..., HttpResponse],
]:
    """A view decorator: loads the tournament from the URL's ``tournament_id``, checks the
    action and passes the tournament to the view instead of the id.

    Anonymous users are sent to the login page (an htmx request through ``HX-Redirect``),
    whether the tournament exists or not; logged-in users who may not even view it get 404,
    as for one that does not exist (as the API answers: a private tournament's existence is
    not revealed); those who may view it but not do this get 403
    (:func:`tournament_or_refusal`).
    """

    def decorator(
        view: Callable[Concatenate[HttpRequest, Tournament, P], HttpResponse],
    ) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, tournament_id: int, *args: Any, **kwargs: Any) -> Any:
            tournament = tournament_or_refusal(request, tournament_id, action)
            if isinstance(tournament, HttpResponse):
                return tournament
            return view(request, tournament, *args, **kwargs)

        return wrapper

    return decorator
