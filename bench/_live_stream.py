"""The server-sent-events candidate for the live round page, measured by ``bench/live.py``
against the polled version endpoint (``tournaments/views/live.py``) that the page ships with.

A spectator's ``EventSource`` holds one streaming response open; the view checks the
tournament's version once a second and sends it when it moves (a comment every 15 s keeps
proxies from closing the stream). Every stream holds a gunicorn sync worker for its whole
life, which is what the benchmark shows. It ends after ``LIFETIME`` seconds with a ``retry``
hint, as the browser reconnects by itself: gunicorn kills a sync worker that has not come
back from a request within its timeout (30 s by default). Not part of the application.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from django.http import HttpRequest, StreamingHttpResponse
from django.urls import path

import arbiter.urls
from tournaments.models import Tournament
from tournaments.permissions import Action, tournament_action_required

CHECK_SECONDS = 1.0
KEEP_ALIVE_SECONDS = 15.0
LIFETIME = 25.0


def _events(tournament_id: int) -> Iterator[str]:
    last = None
    quiet_since = started = time.monotonic()
    while time.monotonic() - started < LIFETIME:
        version = (
            Tournament.objects.filter(pk=tournament_id).values_list("version", flat=True).first()
        )
        if version != last:
            last = version
            quiet_since = time.monotonic()
            yield f"event: version\ndata: {version}\n\n"
        elif time.monotonic() - quiet_since > KEEP_ALIVE_SECONDS:
            quiet_since = time.monotonic()
            yield ": keep-alive\n\n"
        time.sleep(CHECK_SECONDS)
    yield "retry: 1000\n\n"


@tournament_action_required(Action.VIEW)
def version_stream(request: HttpRequest, tournament: Tournament) -> StreamingHttpResponse:
    response = StreamingHttpResponse(_events(tournament.pk), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # a buffering proxy would hold the events back
    return response


handler400 = arbiter.urls.handler400
handler404 = arbiter.urls.handler404
handler500 = arbiter.urls.handler500

urlpatterns = [
    path(
        "tournaments/<num:tournament_id>/version/stream/",
        version_stream,
        name="version_stream",
    ),
    *arbiter.urls.urlpatterns,
]
