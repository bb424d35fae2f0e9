"""The tournaments' versions watched for the live round pages' event streams.

Each open stream (``tournaments.views.live.version_events``) waits here for its
tournament's version (:mod:`tournaments.versions`) to move. One task per process and event
loop reads the versions of every tournament someone is watching, in one query, once every
``CHECK_SECONDS``, and wakes the streams of those that moved: a process holding thousands
of streams asks the database one small question a second, not one per stream. The task
starts with the first stream and ends with the last.

Why the database and not a message from the writer: the version is bumped by an UPDATE
when a write commits, in whichever process made it (a web process, a Celery worker, a
management command); reading the number is the one way that sees them all, and it costs a
primary-key read of a few rows a second.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import weakref
from collections import Counter
from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async
from django.db import DatabaseError, connection

from tournaments.models import Tournament

logger = logging.getLogger(__name__)

CHECK_SECONDS = 1.0
"""How often the versions are read: a result reaches the streams at most this late."""


def _read_versions(tournament_ids: list[int]) -> dict[int, int] | None:
    """The versions of those tournaments that still exist; ``None`` if the database could not
    be read (the connection is dropped, so the next check opens a fresh one)."""
    try:
        rows = Tournament.objects.filter(pk__in=tournament_ids).values_list("pk", "version")
        return {pk: int(version) for pk, version in rows}
    except DatabaseError:
        logger.warning("Could not read the tournaments' versions; trying again", exc_info=True)
        connection.close()
        return None


def _close_connection() -> None:
    connection.close()  # this thread's: the name is looked up in the thread that runs it


class VersionWatch:
    """The versions of the tournaments watched in one event loop, and who waits for them."""

    def __init__(self) -> None:
        self._versions: dict[int, int | None] = {}
        """The last version read of each watched tournament; ``None``: it was deleted."""
        self._moved: dict[int, asyncio.Future[None]] = {}
        """Done when the tournament's version next moves (then replaced by a fresh one)."""
        self._watchers: Counter[int] = Counter()
        self._task: asyncio.Task[None] | None = None

    async def changes(
        self, tournament_id: int, version: int, keep_alive: float
    ) -> AsyncIterator[int | None]:
        """Each new version of the tournament after ``version`` (the one the watcher has),
        or ``None`` when ``keep_alive`` seconds passed without one. Ends if the tournament
        is deleted; the watcher leaves when the iterator is closed."""
        self._join(tournament_id, version)
        try:
            seen = version
            while True:
                latest = self._versions[tournament_id]
                if latest is None:
                    return
                if latest > seen:  # only ever up: an older read never goes back
                    seen = latest
                    yield latest
                    continue
                done, _pending = await asyncio.wait(
                    {self._moved[tournament_id]}, timeout=keep_alive
                )
                if not done:
                    yield None
        finally:
            self._leave(tournament_id)

    def _join(self, tournament_id: int, version: int) -> None:
        self._watchers[tournament_id] += 1
        if tournament_id not in self._versions:
            self._versions[tournament_id] = version
            self._moved[tournament_id] = asyncio.get_running_loop().create_future()
        if self._task is None or self._task.done():
            # A context of its own: the task outlives the request that started it, and
            # Django runs each request's database calls in a thread kept for that request.
            self._task = asyncio.get_running_loop().create_task(
                self._check(), context=contextvars.Context()
            )

    def _leave(self, tournament_id: int) -> None:
        self._watchers[tournament_id] -= 1
        if self._watchers[tournament_id] <= 0:
            del self._watchers[tournament_id]
            del self._versions[tournament_id]
            self._moved.pop(tournament_id).cancel()

    async def _check(self) -> None:
        while self._watchers:
            await asyncio.sleep(CHECK_SECONDS)
            watched = list(self._watchers)
            if not watched:
                break
            read = await sync_to_async(_read_versions)(watched)
            if read is not None:
                self._update({pk: read.get(pk) for pk in watched})
        self._task = None  # a stream joining from here on starts a new task
        # Nobody watches: an idle process keeps no connection open for this.
        await sync_to_async(_close_connection)()

    def _update(self, versions: dict[int, int | None]) -> None:
        for pk, version in versions.items():
            if pk not in self._versions:  # its last watcher left during the read
                continue
            known = self._versions[pk]
            gone = version is None and known is not None
            if gone or (version is not None and known is not None and version > known):
                self._versions[pk] = version
                moved = self._moved[pk]
                self._moved[pk] = moved.get_loop().create_future()
                moved.set_result(None)


_watches: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, VersionWatch] = (
    weakref.WeakKeyDictionary()
)


def watch() -> VersionWatch:
    """This event loop's watch (an ASGI server runs one loop per process)."""
    loop = asyncio.get_running_loop()
    if loop not in _watches:
        _watches[loop] = VersionWatch()
    return _watches[loop]
