"""The tournament's version for the public pages' live view (``static/js/live-round.js``),
two ways: an event stream that says when it moves, and a small reply to ask it.

* ``version_events``: server-sent events from the asynchronous (ASGI) process
  (``deploy/arbiter.sh live``). The first event carries the current version, each later one
  the new version once a change commits (:mod:`tournaments.live` reads the versions of the
  watched tournaments once a second, for every stream of the process at once); a comment
  every ``KEEP_ALIVE_SECONDS`` keeps proxies from closing a quiet stream. One process holds
  thousands of streams, each a socket and a waiting coroutine, and answers pages meanwhile:
  ``bench/live.py`` measures it against polling. Under WSGI (``make run``, gunicorn's sync
  workers) a stream would hold a worker for as long as its spectator watches, so it is
  refused at once and the page polls instead.
* ``version``: ``{"version": n}`` with an ETag, so an unchanged tournament costs a
  ``304 Not Modified`` of one small query and no body. Never cached on the server: the
  number is read from the database on every request, so a result is seen on the next poll.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import aclosing

from asgiref.sync import SyncToAsync, sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    JsonResponse,
    StreamingHttpResponse,
)
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_safe

from tournaments.caching import mark_cacheable, not_modified
from tournaments.live import watch
from tournaments.models import Tournament
from tournaments.permissions import Action, tournament_action_required, tournament_or_refusal

KEEP_ALIVE_SECONDS = 15.0
"""A comment this often on a quiet stream: proxies close connections idle for a minute."""
RETRY_MILLISECONDS = 5000
"""How long the browser waits before it opens a dropped stream again."""


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


def _viewable(request: HttpRequest, tournament_id: int) -> Tournament | HttpResponse:
    """The version endpoint's permission check, after which this thread lets its database
    connection go: the stream may stay open for hours, and a connection held per stream
    would exhaust the database's."""
    try:
        return tournament_or_refusal(request, tournament_id, Action.VIEW)
    finally:
        connection.close()


def _event(version: int) -> str:
    return f'data: {{"version": {version}}}\n\n'


def _release_request_thread() -> None:
    """Let go of the thread Django keeps for this request, for as long as the stream is open.

    Under ASGI, Django runs a request's synchronous middleware in a thread that asgiref
    keeps for the request until its response has been sent; a stream's response is sent
    for hours, so each open stream would hold an idle thread (half its memory, and
    thousands of threads in one process: ``bench/live.py``). The middleware has run when
    the stream starts; should anything synchronous run later in the request (the
    response's close), asgiref starts a thread for it again. asgiref offers no call for
    this: with another asgiref that lacks these attributes, the thread is simply kept."""
    current = getattr(SyncToAsync, "thread_sensitive_context", None)
    executors = getattr(SyncToAsync, "context_to_thread_executor", None)
    context = current.get(None) if current is not None else None
    if context is None or executors is None:
        return
    executor = executors.pop(context, None)
    if executor is not None:
        executor.shutdown(wait=False)


async def _events(tournament: Tournament) -> AsyncIterator[str]:
    _release_request_thread()
    yield f"retry: {RETRY_MILLISECONDS}\n{_event(tournament.version)}"
    changes = watch().changes(tournament.pk, tournament.version, KEEP_ALIVE_SECONDS)
    # Closed with the stream (the client left): the watcher leaves at once.
    async with aclosing(changes):
        async for moved in changes:
            yield ": keep-alive\n\n" if moved is None else _event(moved)


@require_GET
async def version_events(request: HttpRequest, tournament_id: int) -> HttpResponseBase:
    """The tournament's version as server-sent events; 503 when not served by ASGI."""
    if not isinstance(request, ASGIRequest):
        return HttpResponse(
            _("The live stream is served by the asynchronous server only; poll the version."),
            status=503,
            content_type="text/plain; charset=utf-8",
        )
    tournament = await sync_to_async(_viewable)(request, tournament_id)
    if isinstance(tournament, HttpResponse):
        return tournament
    response = StreamingHttpResponse(_events(tournament), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # a buffering proxy would hold the events back
    return response
