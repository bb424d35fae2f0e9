"""Who may do what: the role matrix of issue 9, checked role by role."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser, Permission
from django.core.exceptions import PermissionDenied

from tests.factories import TournamentFactory, UserFactory
from tournaments.models import TournamentRole
from tournaments.permissions import (
    Action,
    actions_for,
    can,
    can_create_tournament,
    require,
    role_of,
    tournaments_where,
)

pytestmark = pytest.mark.django_db
Role = TournamentRole.Role


def user_with_role(tournament, role):
    user = UserFactory()
    TournamentRole.objects.create(tournament=tournament, user=user, role=role)
    return user


def test_chief_arbiter_may_do_everything_to_own_tournament():
    tournament = TournamentFactory()
    chief = user_with_role(tournament, Role.CHIEF_ARBITER)
    assert actions_for(chief, tournament) == set(Action)


def test_deputy_enters_results_games_incidents_but_does_not_configure():
    tournament = TournamentFactory()
    deputy = user_with_role(tournament, Role.DEPUTY_ARBITER)
    assert actions_for(deputy, tournament) == {
        Action.VIEW,
        Action.FOLLOW,
        Action.ENTER_RESULTS,
        Action.ENTER_GAMES,
        Action.RECORD_INCIDENTS,
    }
    for refused in ("configure", "manage_players", "manage_rounds", "manage_roles"):
        assert not can(deputy, refused, tournament)
    # The sealed move stays hidden from a deputy until resumption (issue 6).
    assert not can(deputy, Action.OPEN_SEALED_MOVE, tournament)


def test_viewer_reads_only():
    tournament = TournamentFactory(public=False)
    viewer = user_with_role(tournament, Role.VIEWER)
    assert actions_for(viewer, tournament) == {Action.VIEW, Action.FOLLOW}
    with pytest.raises(PermissionDenied):
        require(viewer, Action.ENTER_RESULTS, tournament)


def test_an_arbiter_of_one_tournament_has_no_right_on_another():
    mine, theirs = TournamentFactory(), TournamentFactory(public=False)
    chief = user_with_role(mine, Role.CHIEF_ARBITER)
    assert actions_for(chief, theirs) == set()
    assert role_of(chief, theirs) is None
    assert list(tournaments_where(chief, Action.ENTER_RESULTS)) == [mine]


def test_public_tournament_is_visible_to_anyone_private_one_to_role_holders():
    public, private = TournamentFactory(public=True), TournamentFactory(public=False)
    anonymous, stranger = AnonymousUser(), UserFactory()
    assert actions_for(anonymous, public) == {Action.VIEW}
    assert actions_for(anonymous, private) == set()
    assert not can(stranger, Action.VIEW, private)
    assert not can(stranger, Action.FOLLOW, public)
    assert set(tournaments_where(anonymous, Action.VIEW)) == {public}


def test_staff_and_superuser_override_and_inactive_users_get_nothing():
    tournament = TournamentFactory(public=False)
    staff = UserFactory(is_staff=True)
    superuser = UserFactory(is_superuser=True)
    assert actions_for(staff, tournament) == set(Action)
    assert can(superuser, Action.MANAGE_ROLES, tournament)
    inactive_chief = user_with_role(tournament, Role.CHIEF_ARBITER)
    inactive_chief.is_active = False
    assert actions_for(inactive_chief, tournament) == set()
    assert set(tournaments_where(staff, Action.CONFIGURE)) == {tournament}


def test_game_without_tournament_is_open_to_logged_in_users_only():
    assert can(UserFactory(), Action.ENTER_GAMES, None)
    assert not can(UserFactory(), Action.MANAGE_ROUNDS, None)
    assert not can(AnonymousUser(), Action.VIEW, None)


def test_creating_tournaments_needs_the_add_permission_or_staff():
    user = UserFactory()
    assert not can_create_tournament(user)
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    user = type(user).objects.get(pk=user.pk)  # permission cache is per instance
    assert can_create_tournament(user)
    assert can_create_tournament(UserFactory(is_staff=True))
    assert not can_create_tournament(AnonymousUser())
