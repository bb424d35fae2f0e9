"""The tournament's version for the public pages' live view (``static/js/live-round.js``).

A spectator's page asks every few seconds whether the tournament changed; the answer is
the version number (:mod:`tournaments.versions`) with an ETag, so an unchanged tournament
costs a ``304 Not Modified`` of one small query and no body. Never cached on the server:
the number is read from the database on every request, so a result is seen on the next
poll. Polling won over server-sent events (``bench/live.py``): two gunicorn sync workers
answer about 850 spectators polling every 5 s, while a stream holds a worker for as long as
its spectator watches, so the same two workers serve two spectators and nobody else.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBase, JsonResponse
from django.views.decorators.http import require_safe

from tournaments.caching import mark_cacheable, not_modified
from tournaments.models import Tournament
from tournaments.permissions import Action, tournament_action_required


def version_etag(tournament: Tournament) -> str:
    """The reply's strong ETag: the same for everyone, it depends on the version alone."""
    return f'"t{tournament.pk}-v{tournament.version}"'


@require_safe
@tournament_action_required(Action.VIEW)
def version(request: HttpRequest, tournament: Tournament) -> HttpResponseBase:
    """``{"version": n}``, or 304 when ``If-None-Match`` names the current version."""
    etag = version_etag(tournament)
    if reply := not_modified(request, tournament, etag):
        return reply
    return mark_cacheable(JsonResponse({"version": tournament.version}), request, tournament, etag)
