"""The header's language switch, by GET, so that a public page need carry no CSRF token.

Django's ``set_language`` takes a POST, and a POST form needs a CSRF token, which sets the
CSRF cookie on every page that shows the switch: a reverse proxy does not keep a reply that
sets a cookie, so no spectator's page could be kept for the next one. Switching the display
language is the one thing this view does, it changes nothing else, and a link from another
site can do no more than change the reader's language: a GET suffices.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import check_for_language, gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


@never_cache
@require_GET
def choose_language(request: HttpRequest) -> HttpResponse:
    """Set the language cookie to ``?language=`` and go back to ``?next=`` (this site only)."""
    code = request.GET.get("language", "")
    if code not in dict(settings.LANGUAGES) or not check_for_language(code):
        known = ", ".join(dict(settings.LANGUAGES))
        return HttpResponseBadRequest(
            gettext("Unknown language %(code)s; one of %(known)s.")
            % {"code": code, "known": known},
            content_type="text/plain; charset=utf-8",
        )
    target = request.GET.get("next", "")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = "/"
    response = HttpResponseRedirect(target)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response
