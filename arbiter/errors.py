"""Error answers outside the views: the API's paths get JSON in the API's error shape
(``code``, ``detail``, ``field``, ``errors``), every other path Django's error pages.

A database that does not answer (restarted, unreachable, a connection it ended) is answered
503 with ``Retry-After``, never 500: nothing is wrong with the request, and sent again in a
few seconds it will most likely succeed.
"""

from __future__ import annotations

import logging
import sys
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views import defaults

API_PREFIX = "/api/"
DATABASE_ERRORS = (OperationalError, InterfaceError)
RETRY_AFTER_SECONDS = 5
"""What a 503 asks the client to wait: about a database server's restart."""

logger = logging.getLogger(__name__)


def _json(code: str, detail: str, status: int) -> JsonResponse:
    item = {"code": code, "detail": detail, "field": None}
    return JsonResponse({**item, "errors": [item]}, status=status)


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        return _json("not_found", _("There is nothing at this address of the API."), 404)
    return defaults.page_not_found(request, exception)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if isinstance(exception, RequestDataTooBig) and is_api(request):
        return _json(
            "too_large",
            _("The request body is larger than the %(limit)s MB this server accepts.")
            % {"limit": _megabytes()},
            413,
        )
    if is_api(request):
        return _json("bad_request", _("The request could not be read."), 400)
    return defaults.bad_request(request, exception)


def database_unavailable(request: HttpRequest, error: BaseException) -> HttpResponse:
    """503 with ``Retry-After``: JSON on the API's paths, a short page elsewhere. Logged in
    one line: the database's own log says why it went away."""
    logger.warning(
        "database unavailable, answered 503: %s %s: %s: %s",
        request.method,
        request.path,
        type(error).__name__,
        str(error).strip().splitlines()[0] if str(error).strip() else "",
    )
    if is_api(request):
        detail = _("The database is not answering; try again in a few seconds.")
        response: HttpResponse = _json("unavailable", detail, 503)
    else:
        # No request context: its processors (the user, messages) would ask the database.
        response = HttpResponse(render_to_string("503.html"), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def server_error(request: HttpRequest, *args: Any) -> HttpResponse:
    # Django calls this while it handles the exception: a database error raised outside a
    # view (a middleware reading the session) is still a 503.
    error = sys.exc_info()[1]
    if isinstance(error, DATABASE_ERRORS):
        return database_unavailable(request, error)
    if is_api(request):
        return _json("server_error", _("The server failed; the error has been logged."), 500)
    return defaults.server_error(request)


def _megabytes() -> int:
    from django.conf import settings

    return int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE // (1024 * 1024))
