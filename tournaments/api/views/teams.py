"""Teams of a team event: register, correct and remove them, their rosters in board order,
their pairing numbers by strength, and the byes they ask for.

Arbiters and pairing tokens write (as for players); anyone reads a public event's teams.
The reads are kept per tournament version with an ETag and ``304``, as the other public
reads (:mod:`tournaments.caching`): every write here bumps the version when it commits.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import Prefetch, QuerySet
from django.http import HttpResponseBase
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.models import Player, Team, TeamAbsence, Tournament
from tournaments.permissions import Action
from tournaments.services import (
    TournamentError,
    create_team,
    delete_team,
    number_teams,
    request_team_bye,
    set_roster,
    update_team,
)

from ..base import TournamentApiView, validated
from ..errors import error_responses
from ..idempotency import IDEMPOTENCY_PARAMETER, idempotent
from ..serializers.teams import (
    RosterSerializer,
    TeamByeInputSerializer,
    TeamByeSerializer,
    TeamCreateSerializer,
    TeamFieldsSerializer,
    TeamNumberingSerializer,
    TeamSerializer,
)


def teams_of(tournament: Tournament) -> QuerySet[Team]:
    """The event's teams by pairing number (unnumbered last, by name), rosters in board
    order, in three queries."""
    return (
        tournament.teams.order_by("number", "name")
        .prefetch_related(
            Prefetch("roster", queryset=Player.objects.order_by("board_order", "pk")),
            Prefetch("absences", queryset=TeamAbsence.objects.order_by("round_number")),
        )
        .all()
    )


def players_by_id(tournament: Tournament, ids: Sequence[int], field: str) -> list[Player]:
    """The event's players named by ``ids``, in order; an id of no player of the event is
    refused naming it (the field, for the error's ``field``)."""
    found = {player.pk: player for player in tournament.players.filter(pk__in=set(ids))}
    unknown = [str(pk) for pk in ids if pk not in found]
    if unknown:
        raise TournamentError(
            f"{field}: "
            + _("No player of this event has the id %(ids)s.") % {"ids": ", ".join(unknown)}
        )
    return [found[pk] for pk in ids]


class TeamMixin(TournamentApiView):
    def team(self, team_id: int) -> Team:
        return get_object_or_404(teams_of(self.tournament), pk=team_id)

    def team_response(self, team_id: int, code: int = status.HTTP_200_OK) -> Response:
        return Response(TeamSerializer(self.team(team_id)).data, status=code)


class TeamListView(TeamMixin):
    actions = {"GET": Action.VIEW, "POST": Action.MANAGE_PLAYERS}

    @extend_schema(
        operation_id="teams_list",
        summary="The teams, by team pairing number, with their rosters in board order",
        responses={200: TeamSerializer(many=True), **error_responses(401, 404)},
    )
    def get(self, request: Request, slug: str) -> HttpResponseBase:
        return self.kept_read(
            ("teams",), lambda: TeamSerializer(teams_of(self.tournament), many=True).data
        )

    @extend_schema(
        operation_id="teams_create",
        summary="Register a team (a team event only), with its roster if given",
        description=(
            "A team registered after round 1 is paired from the next round on and takes the "
            "next team pairing number."
        ),
        request=TeamCreateSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={201: TeamSerializer, **error_responses(400, 401, 403, 404, 422, 429)},
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        data = validated(TeamCreateSerializer, request)
        roster = data.pop("roster", None)
        with transaction.atomic():
            team = create_team(self.tournament, user=self.acting_user(), **data)
            if roster is not None:
                players = players_by_id(self.tournament, roster, "roster")
                set_roster(team, players, user=self.acting_user())
        return self.team_response(team.pk, status.HTTP_201_CREATED)


class TeamView(TeamMixin):
    actions = {"GET": Action.VIEW, "PATCH": Action.MANAGE_PLAYERS, "DELETE": Action.MANAGE_PLAYERS}

    @extend_schema(
        operation_id="teams_retrieve",
        summary="One team and its roster",
        responses={200: TeamSerializer, **error_responses(401, 404)},
    )
    def get(self, request: Request, slug: str, team_id: int) -> HttpResponseBase:
        return self.kept_read(("team", team_id), lambda: TeamSerializer(self.team(team_id)).data)

    @extend_schema(
        operation_id="teams_update",
        summary="Correct a team's entry (name, short name, federation, club, captain, strength)",
        request=TeamFieldsSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={200: TeamSerializer, **error_responses(400, 401, 403, 404, 422, 429)},
    )
    @idempotent
    def patch(self, request: Request, slug: str, team_id: int) -> Response:
        serializer = TeamFieldsSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        update_team(self.team(team_id), user=self.acting_user(), **serializer.validated_data)
        return self.team_response(team_id)

    @extend_schema(
        operation_id="teams_delete",
        summary="Remove a team that is in no round's pairings; its players stay",
        responses={204: None, **error_responses(401, 403, 404, 422, 429)},
    )
    def delete(self, request: Request, slug: str, team_id: int) -> Response:
        delete_team(self.team(team_id), user=self.acting_user())
        return Response(status=status.HTTP_204_NO_CONTENT)


class RosterView(TeamMixin):
    actions = {"PUT": Action.MANAGE_PLAYERS}

    @extend_schema(
        operation_id="teams_roster",
        summary="Set a team's roster in board order",
        description=(
            "The board order is fixed once round 1 is paired (C.04.6 1.4): from then on the "
            "players already on the roster keep their order and only new players may be "
            "added after them (422 naming the players to keep otherwise)."
        ),
        request=RosterSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={200: TeamSerializer, **error_responses(400, 401, 403, 404, 422, 429)},
    )
    @idempotent
    def put(self, request: Request, slug: str, team_id: int) -> Response:
        data = validated(RosterSerializer, request)
        team = self.team(team_id)
        players = players_by_id(self.tournament, data["players"], "players")
        set_roster(team, players, user=self.acting_user())
        return self.team_response(team_id)


class TeamNumbersView(TeamMixin):
    actions = {"POST": Action.MANAGE_PLAYERS}

    @extend_schema(
        operation_id="teams_number",
        summary="Number the teams by strength or by lot, then the players",
        description=(
            "By strength (the default): highest first (the set strength, else the average "
            "rating of the first boards), equal strengths by a recorded draw of lots; with "
            '`{"by": "lot"}` the whole order is drawn by lot. Then the players are numbered '
            "team by team in board order. Refused once round 1 is paired."
        ),
        request=TeamNumberingSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={200: TeamSerializer(many=True), **error_responses(400, 401, 403, 404, 422)},
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        data = validated(TeamNumberingSerializer, request)
        number_teams(self.tournament, by=data["by"], user=self.acting_user())
        return Response(TeamSerializer(teams_of(self.tournament), many=True).data)


class TeamByeView(TeamMixin):
    actions = {"PUT": Action.MANAGE_PLAYERS}

    @extend_schema(
        operation_id="teams_request_bye",
        summary="Record a bye a team asks for before the round is paired",
        request=TeamByeInputSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={
            200: TeamByeSerializer,
            204: None,
            **error_responses(400, 401, 403, 404, 422, 429),
        },
    )
    @idempotent
    def put(self, request: Request, slug: str, team_id: int, round_number: int) -> Response:
        data = validated(TeamByeInputSerializer, request)
        absence = request_team_bye(
            self.team(team_id), round_number, data["kind"], user=self.acting_user()
        )
        if absence is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(TeamByeSerializer(absence).data)
