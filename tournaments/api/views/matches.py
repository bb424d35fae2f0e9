"""The matches of a team event's round: read them with their lineups, boards and points so
far, hand in a team's lineup, forfeit a match whole; and the team standings.

A board's result goes through the board endpoint (``PUT …/pairings/<board>/``) as in any
event: each board of a match is an ordinary board of the round, numbered
``(table - 1) × boards per match + board``. Lineup and forfeit writes honour ``If-Match``
with the ETag of the round's matches.

Both reads are kept per tournament version, as the individual reads are
(:mod:`tournaments.caching`): every team write (teams, rosters, matches, lineups, team byes,
the boards' results) bumps the version when it commits (:mod:`tournaments.versions`), so the
next read computes afresh; a client that sends back the ETag gets ``304 Not Modified``.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import HttpResponseBase
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.caching import cached, mark_cacheable, not_modified
from tournaments.models import Match, Round, Team
from tournaments.permissions import Action
from tournaments.services import forfeit_match, set_lineup
from tournaments.services.teams import refuse_individual_event

from ..base import validated
from ..errors import error_responses
from ..etags import check_if_match
from ..idempotency import IDEMPOTENCY_PARAMETER, idempotent
from ..serializers.teams import (
    ForfeitSerializer,
    LineupSerializer,
    MatchSerializer,
    TeamStandingsSerializer,
)
from ..team_reads import matches_data, matches_etag, team_standings_data
from .rounds import ETAG, IF_MATCH, RoundsMixin, _with_etag
from .standings import AFTER_ROUND, StandingsView
from .teams import players_by_id


class MatchesMixin(RoundsMixin):
    def team_round(self, number: int) -> Round:
        """The round, of a team event (refused with 422 for an individual one)."""
        refuse_individual_event(self.tournament)
        round_ = self.round(number)
        round_.tournament = self.tournament
        return round_

    def match(self, round_: Round, table: int) -> Match:
        return get_object_or_404(Match.objects.filter(round=round_), table=table)

    def matches_response(self, round_: Round) -> Response:
        data = matches_data(round_)
        return _with_etag(Response(data), matches_etag(data))

    def kept_matches(self, round_: Round) -> list[dict[str, Any]]:
        return cached(
            self.tournament, ("api", "matches data", round_.pk), lambda: matches_data(round_)
        )

    def cached_matches_read(self, round_: Round) -> HttpResponseBase:
        """The round's matches computed once per tournament version, with ``304`` for a client
        that sends back its ETag: the matches' own (the one ``If-Match`` takes on a lineup or
        forfeit), kept with them, so an unchanged round costs no reading of its matches."""
        etag = cached(
            self.tournament,
            ("api", "matches etag", round_.pk),
            lambda: matches_etag(self.kept_matches(round_)),
        )
        request = self.request._request
        if reply := not_modified(request, self.tournament, etag):
            return reply
        reply = self.cached_reply(("api", "matches", round_.pk), lambda: self.kept_matches(round_))
        return mark_cacheable(reply, request, self.tournament, etag)

    def check_matches_unchanged(self, request: Request, round_: Round) -> None:
        if request.headers.get("If-Match") is not None:
            check_if_match(request, matches_etag(matches_data(round_)))


class MatchListView(MatchesMixin):
    actions = {"GET": Action.VIEW}

    @extend_schema(
        operation_id="matches_list",
        summary="A team round's matches: teams, lineups, boards, match and game points so far",
        parameters=[ETAG],
        responses={200: MatchSerializer(many=True), **error_responses(401, 404, 422)},
    )
    def get(self, request: Request, slug: str, number: int) -> HttpResponseBase:
        return self.cached_matches_read(self.team_round(number))


class LineupView(MatchesMixin):
    actions = {"PUT": Action.MANAGE_ROUNDS}

    @extend_schema(
        operation_id="matches_lineup",
        summary="Hand in a team's lineup for a match: its players, board 1 first",
        description=(
            "The players must be on the team's roster, each once, in roster order (a reserve "
            "may replace a player, never play above him); a board may be left empty (a "
            "forfeit) only below the occupied ones. Once both lineups are in, the match's "
            "boards are made with the event's board colours; a lineup may change until a "
            "result is entered on one of them. Answers the round's matches."
        ),
        request=LineupSerializer,
        parameters=[IDEMPOTENCY_PARAMETER, IF_MATCH, ETAG],
        responses={
            200: MatchSerializer(many=True),
            **error_responses(400, 401, 403, 404, 412, 422, 429),
        },
    )
    @idempotent
    def put(self, request: Request, slug: str, number: int, table: int, team_id: int) -> Response:
        data = validated(LineupSerializer, request)
        round_ = self.team_round(number)
        with transaction.atomic():
            match = self.match(round_, table)
            team = get_object_or_404(Team.objects.filter(tournament=self.tournament), pk=team_id)
            self.check_matches_unchanged(request, round_)
            ids = [pk for pk in data["players"] if pk is not None]
            known = {p.pk: p for p in players_by_id(self.tournament, ids, "players")}
            players = [known[pk] if pk is not None else None for pk in data["players"]]
            set_lineup(match, team, players, user=self.acting_user())
        return self.matches_response(round_)


class ForfeitView(MatchesMixin):
    # As on the round page: a match's makeup, its lineups and its forfeit as a whole, is
    # set by those who pair the rounds; the boards' results by those who enter results.
    actions = {"PUT": Action.MANAGE_ROUNDS}

    @extend_schema(
        operation_id="matches_forfeit",
        summary="Forfeit a match as a whole (or withdraw the forfeit)",
        description=(
            "The match is not played over the board: its boards are removed (made again from "
            "the lineups when the forfeit is withdrawn). Refused once a board of the match "
            "has a result. Answers the round's matches."
        ),
        request=ForfeitSerializer,
        parameters=[IDEMPOTENCY_PARAMETER, IF_MATCH, ETAG],
        responses={
            200: MatchSerializer(many=True),
            **error_responses(400, 401, 403, 404, 412, 422, 429),
        },
    )
    @idempotent
    def put(self, request: Request, slug: str, number: int, table: int) -> Response:
        data = validated(ForfeitSerializer, request)
        round_ = self.team_round(number)
        with transaction.atomic():
            match = self.match(round_, table)
            self.check_matches_unchanged(request, round_)
            forfeit_match(match, data["forfeit"], reason=data["reason"], user=self.acting_user())
        return self.matches_response(round_)


class TeamStandingsView(StandingsView):
    @extend_schema(
        operation_id="team_standings_retrieve",
        summary="Team standings by the primary score (MP or GP) and the team tie-breaks",
        parameters=[AFTER_ROUND],
        responses={200: TeamStandingsSerializer, **error_responses(400, 401, 404, 422)},
    )
    def get(self, request: Request, slug: str) -> HttpResponseBase:
        refuse_individual_event(self.tournament)
        return self.cached_read(
            request,
            "team standings",
            lambda after: team_standings_data(self.tournament, after),
        )
