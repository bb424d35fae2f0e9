"""Error answers outside the views: the API's paths get JSON in the API's error shape
(``code``, ``detail``, ``field``, ``errors``), every other path Django's error pages."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults

API_PREFIX = "/api/"


def _json(code: str, detail: str, status: int) -> JsonResponse:
    item = {"code": code, "detail": detail, "field": None}
    return JsonResponse({**item, "errors": [item]}, status=status)


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return _json("not_found", _("There is nothing at this address of the API."), 404)
    return defaults.page_not_found(request, exception)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if isinstance(exception, RequestDataTooBig) and _is_api(request):
        return _json(
            "too_large",
            _("The request body is larger than the %(limit)s MB this server accepts.")
            % {"limit": _megabytes()},
            413,
        )
    if _is_api(request):
        return _json("bad_request", _("The request could not be read."), 400)
    return defaults.bad_request(request, exception)


def server_error(request: HttpRequest, *args: Any) -> HttpResponse:
    if _is_api(request):
        return _json("server_error", _("The server failed; the error has been logged."), 500)
    return defaults.server_error(request)


def _megabytes() -> int:
    from django.conf import settings

    return int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE // (1024 * 1024))
