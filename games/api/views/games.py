"""A tournament's games: the list (by round), and one game with its moves and PGN.

Games of draft rounds are seen by the arbiters and by tokens only, like the rounds.
"""

from __future__ import annotations

from django.db.models import Count, QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from games.models import Game
from games.pgn_export import export_pgn
from games.selectors import games_of_tournament
from tournaments.api.base import TournamentApiView
from tournaments.api.errors import error_responses
from tournaments.api.permissions import may
from tournaments.models import Round
from tournaments.permissions import Action

from ..serializers.games import GameDetailSerializer, GameListQuerySerializer, GameSerializer


class GamesMixin(TournamentApiView):
    def games(self, round_number: int | None = None) -> QuerySet[Game]:
        games = games_of_tournament(self.tournament, round_number).annotate(plies=Count("moves"))
        if not may(self.request, Action.FOLLOW, self.tournament):
            games = games.exclude(pairing__round__status=Round.Status.DRAFT)
        return games

    def game(self, game_id: int) -> Game:
        return get_object_or_404(self.games(), pk=game_id)


class GameListView(GamesMixin):
    actions = {"GET": Action.VIEW}

    @extend_schema(
        operation_id="games_list",
        summary="The tournament's games, by round and board",
        parameters=[OpenApiParameter("round", int, OpenApiParameter.QUERY)],
        responses={200: GameSerializer(many=True), **error_responses(400, 401, 404)},
    )
    def get(self, request: Request, slug: str) -> Response:
        query = GameListQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        games = self.games(query.validated_data.get("round"))
        return Response(GameSerializer(games, many=True).data)


class GameDetailView(GamesMixin):
    actions = {"GET": Action.VIEW}

    @extend_schema(
        operation_id="games_retrieve",
        summary="One game: its moves as recorded and its PGN",
        responses={200: GameDetailSerializer, **error_responses(401, 404)},
    )
    def get(self, request: Request, slug: str, game_id: int) -> Response:
        game = self.game(game_id)
        pgn = export_pgn([game])
        return Response(GameDetailSerializer(game, context={"pgn": pgn}).data)
