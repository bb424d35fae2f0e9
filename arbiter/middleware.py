"""Middleware of the site as a whole."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from arbiter.errors import DATABASE_ERRORS, bad_request, database_unavailable, is_api


def keep_thread_language(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """Give the thread back the language it had before the request.

    ``LocaleMiddleware`` (listed after this one) activates the client's language in the
    thread and never deactivates it, so whatever the thread runs next (the next test, a
    report rendered outside a request) would speak the last client's language. Django has
    no setting for this, hence these few lines.
    """

    def middleware(request: HttpRequest) -> HttpResponse:
        with translation.override(translation.get_language()):
            return get_response(request)

    return middleware


def refuse_large_api_bodies(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """An API request whose body is over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (docs/limits.md) is
    answered 413 before any view runs. Django checks that size only where the body is read
    whole; the API's parsers read it as a stream, and a view that looked its row up first
    answered 404 or 422 to ten megabytes it never read. The files of a multipart upload are
    not counted (a rating list is larger, and has its own limit); its other fields are, by
    Django."""

    def middleware(request: HttpRequest) -> HttpResponse:
        if is_api(request) and not request.content_type.startswith("multipart/"):
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                length = 0
            if length > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
                return bad_request(request, RequestDataTooBig())
        return get_response(request)

    return middleware


class DatabaseUnavailable:
    """A view that met a database not answering (PostgreSQL restarted, a connection it
    ended) answers 503 with ``Retry-After`` instead of 500. The API's views answer it
    themselves (``tournaments.api.errors``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, DATABASE_ERRORS):
            return database_unavailable(request, exception)
        return None
