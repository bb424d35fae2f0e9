"""FIDE rating lists: import the downloaded file; compare a tournament's players with a list
and apply the differences the arbiter accepts."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response

from jobs.views import accepted
from tournaments.jobs import start_rating_list_import, start_rating_list_update
from tournaments.models import RatingList
from tournaments.permissions import Action
from tournaments.services import TournamentError
from tournaments.services.ratings import (
    apply_list_differences,
    compare_with_list,
    newest_list,
    rating_check,
)

from ..base import ApiView, TournamentApiView, validated
from ..errors import error_responses
from ..idempotency import IDEMPOTENCY_PARAMETER, idempotent
from ..permissions import IMPORT_RATING_LIST
from ..serializers.ratings import (
    AcceptSerializer,
    ComparisonSerializer,
    RatingListSerializer,
    RatingListUploadSerializer,
)


class RatingListView(ApiView):
    actions = {"GET": IMPORT_RATING_LIST, "POST": IMPORT_RATING_LIST}
    parser_classes = [MultiPartParser]

    @extend_schema(
        operation_id="rating_lists_list",
        summary="The imported FIDE rating lists, newest first",
        responses={200: RatingListSerializer(many=True), **error_responses(401, 403)},
    )
    def get(self, request: Request) -> Response:
        return Response(RatingListSerializer(RatingList.objects.all(), many=True).data)

    @extend_schema(
        operation_id="rating_lists_create",
        summary="Import a FIDE rating list file as downloaded; the reply is the import's job",
        description=(
            "Answers 202 at once with the job (Location: /api/v1/jobs/<id>/), which stores the "
            "list streamed, all or nothing: once done its result's rating_list is the list; "
            "when failed its errors name the line or player at fault. The same file sent "
            "again while its import runs gets the same job."
        ),
        request={"multipart/form-data": RatingListUploadSerializer},
        responses={202: OpenApiTypes.OBJECT, **error_responses(400, 401, 403, 422, 429)},
    )
    def post(self, request: Request) -> Response:
        data = validated(RatingListUploadSerializer, request)
        job = start_rating_list_import(
            user=request.user,
            upload=data["file"],
            kind=data.get("list"),
            list_date=data.get("list_date"),
        )
        return accepted(job)


class RatingListFetchSerializer(serializers.Serializer[Any]):
    url = serializers.CharField(
        max_length=500,
        help_text="An http://, https:// or (staff only) file:// address of the list file.",
    )
    list = serializers.ChoiceField(
        choices=["standard", "rapid", "blitz"],
        required=False,
        help_text="When the file does not say.",
    )
    list_date = serializers.DateField(required=False, help_text="When the file does not say.")


class RatingListFetchView(ApiView):
    actions = {"POST": IMPORT_RATING_LIST}

    @extend_schema(
        operation_id="rating_lists_fetch",
        summary="Fetch a FIDE list file from an address and import it (kept for Update); the "
        "reply is the import's job",
        description=(
            "The address is checked at once (422); the job (202, Location: /api/v1/jobs/<id>/) "
            "fetches and imports it, all or nothing."
        ),
        request=RatingListFetchSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={202: OpenApiTypes.OBJECT, **error_responses(400, 401, 403, 422, 429)},
    )
    @idempotent
    def post(self, request: Request) -> Response:
        data = validated(RatingListFetchSerializer, request)
        job = start_rating_list_import(
            user=request.user,
            url=data["url"],
            kind=data.get("list"),
            list_date=data.get("list_date"),
        )
        return accepted(job)


class RatingListUpdateView(ApiView):
    actions = {"POST": IMPORT_RATING_LIST}

    @extend_schema(
        operation_id="rating_lists_update",
        summary="Update: import a list again from the address it was fetched from (FIDE C20); "
        "the reply is the import's job",
        request=None,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={202: OpenApiTypes.OBJECT, **error_responses(400, 401, 403, 404, 422, 429)},
    )
    @idempotent
    def post(self, request: Request, list_id: int) -> Response:
        old = RatingList.objects.filter(pk=list_id).first()
        if old is None:
            raise NotFound(_("No rating list %(id)s.") % {"id": list_id})
        return accepted(start_rating_list_update(old, user=request.user))


class RatingDifferencesView(TournamentApiView):
    actions = {"GET": Action.FOLLOW, "POST": Action.MANAGE_PLAYERS}

    def _list(self, list_id: Any) -> RatingList:
        if list_id not in (None, ""):
            found = (
                RatingList.objects.filter(pk=int(list_id)).first()
                if str(list_id).isdigit()
                else None
            )
            if found is None:
                raise serializers.ValidationError(
                    {"list": [_("No rating list %(id)s.") % {"id": list_id}]}
                )
            return found
        found = newest_list(self.tournament.rating_type)
        if found is None:
            raise TournamentError(_("No FIDE list of the tournament's rate of play is imported."))
        return found

    @extend_schema(
        operation_id="rating_differences_list",
        summary="Differences between the players and a FIDE list, matched by FIDE id",
        parameters=[
            OpenApiParameter("list", int, description="rating list id (default: the newest)")
        ],
        responses={200: ComparisonSerializer, **error_responses(400, 401, 404, 422)},
    )
    def get(self, request: Request, slug: str) -> Response:
        rating_list = self._list(request.query_params.get("list"))
        comparison = compare_with_list(self.tournament, rating_list)
        body = {**comparison.__dict__, "warnings": rating_check(self.tournament)}
        return Response(ComparisonSerializer(body).data)

    @extend_schema(
        operation_id="rating_differences_accept",
        summary="Apply the chosen differences (never the others)",
        request=AcceptSerializer,
        responses={200: ComparisonSerializer, **error_responses(400, 401, 403, 404, 422)},
    )
    def post(self, request: Request, slug: str) -> Response:
        data = validated(AcceptSerializer, request)
        rating_list = self._list(data["rating_list"])
        apply_list_differences(
            self.tournament, rating_list, data["accept"], user=self.acting_user()
        )
        comparison = compare_with_list(self.tournament, rating_list)
        body = {**comparison.__dict__, "warnings": rating_check(self.tournament)}
        return Response(ComparisonSerializer(body).data)
