"""The base of every API view: authentication, the one permission check, throttling and the
JSON error handler, and the tournament named in the URL."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Any

from django.http import HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from rest_framework.exceptions import NotFound
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from tournaments.caching import cached, mark_cacheable, not_modified, version_etag
from tournaments.models import ApiToken, Tournament
from tournaments.permissions import Action

from .authentication import (
    ApiTokenAuthentication,
    CsrfCheckedSessionAuthentication,
    GuardedBasicAuthentication,
)
from .errors import api_exception_handler
from .permissions import TournamentActionPermission
from .throttling import WriteRateThrottle


class MethodFirstView(APIView):
    """An API view that answers a method it does not have 405 whatever the client accepts
    (RFC 9110 15.5.6): DRF chooses the reply's media type before the handler, so that
    ``TRACE`` with ``Accept: text/plain`` was answered 406. An error whose reply can take no
    media type the client accepts (406 itself, that 405) is JSON, the error body's type. An
    empty ``?format=`` names no format the schema lists: 404, as for an unknown one."""

    def perform_content_negotiation(
        self, request: Request, force: bool = False
    ) -> tuple[BaseRenderer, str]:
        method = request.method.lower()
        if method not in self.http_method_names or not hasattr(self, method):
            force = True
        if request.query_params.get(api_settings.URL_FORMAT_OVERRIDE) == "" and not force:
            raise NotFound(_("Give a format the resource is served in, or no format."))
        try:
            return super().perform_content_negotiation(request)  # type: ignore[no-any-return]
        except Exception:  # what DRF's own force catches: 406, or 404 for an unknown ?format=
            if not force:
                raise
            return JSONRenderer(), JSONRenderer.media_type


class ApiView(MethodFirstView):
    authentication_classes = [
        ApiTokenAuthentication,
        GuardedBasicAuthentication,
        CsrfCheckedSessionAuthentication,
    ]
    permission_classes = [TournamentActionPermission]
    throttle_classes = [WriteRateThrottle]
    actions: Mapping[str, Action | str] = {}
    """The action each HTTP method needs (see :mod:`tournaments.api.permissions`)."""

    def get_exception_handler(self) -> Callable[..., Any]:
        return api_exception_handler


class TournamentApiView(ApiView):
    """A view under ``tournaments/<slug>/``."""

    @cached_property
    def tournament(self) -> Tournament:
        token = self.request.auth
        if isinstance(token, ApiToken) and token.tournament.slug == self.kwargs["slug"]:
            return token.tournament  # read with the token: no second query
        return get_object_or_404(Tournament, slug=self.kwargs["slug"])

    def cached_reply(
        self, parts: tuple[object, ...], compute: Callable[[], Any]
    ) -> HttpResponseBase:
        """A public read computed once per tournament version (:func:`cached`); as JSON, the
        bytes are kept too: a crowd's reads of a 1,000-player standings (330 KB) would
        otherwise each render the same JSON again, which costs more than the rest of the
        read. The browsable API renders the kept data for each reader."""
        request = self.request
        renderer, media_type = request.accepted_renderer, request.accepted_media_type
        if not isinstance(renderer, JSONRenderer):
            return Response(cached(self.tournament, parts, compute))
        content = cached(
            self.tournament,
            (*parts, "rendered", media_type),
            lambda: renderer.render(compute(), media_type, self.get_renderer_context()),
        )
        return HttpResponse(content, content_type=renderer.media_type)

    def kept_read(self, parts: tuple[object, ...], compute: Callable[[], Any]) -> HttpResponseBase:
        """A public read computed once per tournament version (:meth:`cached_reply`), with
        its ETag and Cache-Control, and ``304`` for a client that sends the ETag back."""
        request = self.request._request
        etag = version_etag(request, self.tournament)
        if reply := not_modified(request, self.tournament, etag):
            return reply
        reply = self.cached_reply(("api", *parts), compute)
        return mark_cacheable(reply, request, self.tournament, etag)

    def acting_user(self) -> Any:
        """The user the audit trail names: the token's creator for a token."""
        return self.request.user if self.request.user.is_authenticated else None


def validated(serializer_class: type[Serializer[Any]], request: Request) -> dict[str, Any]:
    """The request body checked by ``serializer_class`` (400 with every field's problem)."""
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)
