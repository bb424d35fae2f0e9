"""The shared cache (Redis) kept a cache: when Redis cannot be reached, no request fails.

Django's own Redis backend raises when Redis is down, so every page that reads a session, a
throttle count or a cached standings table answered 500. These backends treat Redis that
does not answer as empty: a read misses, a write is dropped. They give up on Redis at the
first failure and try it again only every ``RETRY_AFTER`` seconds, so that a Redis that no
longer answers costs a request at most one short timeout (``socket_connect_timeout`` and
``socket_timeout`` in ``OPTIONS``), not one per cache operation; the outage is logged when it
begins, every ``WARN_EVERY`` seconds while it lasts, and when it ends, never once per
request.

A key that could not be written or deleted may still hold an older value in Redis (a
session someone logged out of meanwhile): once Redis answers again, each process deletes
the keys it failed to write, so that they are read afresh from where they come from.

* :class:`RedisCache`: a miss when Redis is down. For the sessions, whose truth is the
  database: a session must never be read from one process's memory while another changes
  it.
* :class:`RedisOrLocalCache`: this process's memory when Redis is down. For the default
  cache: throttle counts keep counting (per process, so at most the number of processes
  times the limit, rather than no limit while the outage lasts), cached public reads are
  still computed once per version in each process (they are keyed by the tournament's
  version, so never stale) and a job's progress shows in the process running it.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import OutOfMemoryError, ReadOnlyError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OutOfMemoryError, ReadOnlyError)
"""What Redis that is down, restarting (loading its data) or cut off raises, or one that
refuses writes (full, or a replica after a failover)."""

RETRY_AFTER = 5.0
WARN_EVERY = 60.0
MOST_UNWRITTEN = 100_000
"""Keys remembered per process for deletion; past this many, the outage's log says that
some keys may be stale (sessions are checked against the database only when missed)."""


def _without_password(location: str) -> str:
    parts = urlsplit(location)
    if parts.password is None:
        return location
    return urlunsplit(parts._replace(netloc=parts.netloc.rsplit("@", 1)[1]))


class _Outage:
    """What this process knows of one Redis server, shared by every thread's cache object
    (Django makes one per thread) and by every cache alias on that server."""

    def __init__(self, location: str) -> None:
        self.location = _without_password(location)  # for the log
        self.lock = threading.Lock()
        self.since: float | None = None
        self.retry_at = 0.0
        self.warned_at = 0.0
        self.unwritten: set[str] = set()
        self.overflowed = False

    @property
    def waiting(self) -> bool:
        """Down, and not yet time to try again."""
        return self.since is not None and time.monotonic() < self.retry_at

    def remember(self, keys: Iterable[str]) -> None:
        with self.lock:
            for key in keys:
                if len(self.unwritten) >= MOST_UNWRITTEN:
                    self.overflowed = True
                    return
                self.unwritten.add(key)

    def failed(self, error: Exception, keys: Iterable[str]) -> None:
        self.remember(keys)
        now = time.monotonic()
        with self.lock:
            first = self.since is None
            if first:
                self.since = now
            self.retry_at = now + RETRY_AFTER
            warn = first or now - self.warned_at >= WARN_EVERY
            if warn:
                self.warned_at = now
            down_for = now - self.since if self.since is not None else 0.0
        if first:
            logger.warning(
                "cache %s unreachable (%s: %s): reads miss and writes are dropped; "
                "trying again every %s s",
                self.location,
                type(error).__name__,
                error,
                RETRY_AFTER,
            )
        elif warn:
            logger.warning(
                "cache %s still unreachable after %d s (%s: %s)",
                self.location,
                down_for,
                type(error).__name__,
                error,
            )

    def answered(self) -> bool:
        """Redis answered: True if that ends an outage."""
        if self.since is None:
            return False
        with self.lock:
            if self.since is None:
                return False
            down_for, self.since = time.monotonic() - self.since, None
            overflowed, self.overflowed = self.overflowed, False
        logger.warning(
            "cache %s answers again after %d s%s",
            self.location,
            down_for,
            "; more keys were written meanwhile than could be remembered: "
            "some may be stale until they expire"
            if overflowed
            else "",
        )
        return True

    def take_unwritten(self) -> list[str]:
        with self.lock:
            keys, self.unwritten = list(self.unwritten), set()
        return keys


_OUTAGES: dict[str, _Outage] = {}
_OUTAGES_LOCK = threading.Lock()


def _outage(location: str) -> _Outage:
    with _OUTAGES_LOCK:
        return _OUTAGES.setdefault(location, _Outage(location))


def _key_not_found(*args: Any) -> Any:
    raise ValueError("Key not found.")  # what incr of a missing key raises


_MISSED: dict[str, Callable[..., Any]] = {
    "add": lambda *args: False,
    "get": lambda key, default=None, version=None: default,
    "set": lambda *args: None,
    "touch": lambda *args: False,
    "delete": lambda *args: False,
    "get_many": lambda *args: {},
    "has_key": lambda *args: False,
    "incr": _key_not_found,
    "set_many": lambda data, *args: list(data),
    "delete_many": lambda *args: None,
    "clear": lambda *args: None,
}
"""Each operation's answer from a cache that holds nothing and keeps nothing."""


class RedisCache(DjangoRedisCache):
    """Django's Redis cache, answering as an empty cache while Redis is down."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._outage = _outage(server)

    # The operations: each names the keys it writes (remembered if it cannot).

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._call("add", [key], version, key, value, timeout, version)

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._call("get", [], version, key, default, version)

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._call("set", [key], version, key, value, timeout, version)

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._call("touch", [key], version, key, timeout, version)

    def delete(self, key: Any, version: Any = None) -> Any:
        return self._call("delete", [key], version, key, version)

    def get_many(self, keys: Any, version: Any = None) -> Any:
        return self._call("get_many", [], version, keys, version)

    def has_key(self, key: Any, version: Any = None) -> Any:
        return self._call("has_key", [], version, key, version)

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> Any:
        return self._call("incr", [key], version, key, delta, version)

    def set_many(self, data: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._call("set_many", list(data), version, data, timeout, version)

    def delete_many(self, keys: Any, version: Any = None) -> Any:
        return self._call("delete_many", list(keys), version, keys, version)

    def clear(self) -> Any:
        return self._call("clear", [], None)

    def probe(self) -> None:
        """A write and a read of Redis now, whatever the last ones met: raises what they
        meet (for ``/health/``); ends the outage if Redis answers."""
        key = self.make_key(f"health:{uuid.uuid4().hex}")
        try:
            self._forget_unwritten()
            self._cache.set(key, key, 10)
            if self._cache.get(key, None) != key:
                raise RedisConnectionError("Redis does not keep what is put in it")
            self._cache.delete(key)
        except UNREACHABLE as error:
            self._outage.failed(error, [])
            raise
        if self._outage.answered():
            self._recovered()

    def _call(self, name: str, written: list[Any], version: Any, *args: Any) -> Any:
        made = [self.make_key(key, version=version) for key in written]
        if self._outage.waiting:
            self._outage.remember(made)
            return self._when_down(name, *args)
        try:
            self._forget_unwritten()
            result = getattr(super(), name)(*args)
        except UNREACHABLE as error:
            self._outage.failed(error, made)
            return self._when_down(name, *args)
        if self._outage.answered():
            self._recovered()
        return result

    def _forget_unwritten(self) -> None:
        """Delete the keys this process could not write while Redis was down (they may
        hold older values): raises if Redis is still down (they are then kept)."""
        if not self._outage.unwritten:
            return
        keys = self._outage.take_unwritten()
        try:
            for start in range(0, len(keys), 1000):
                self._cache.delete_many(keys[start : start + 1000])
        except UNREACHABLE:
            self._outage.remember(keys)
            raise

    def _when_down(self, name: str, *args: Any) -> Any:
        return _MISSED[name](*args)

    def _recovered(self) -> None:
        """Redis answers again (hook)."""


class RedisOrLocalCache(RedisCache):
    """The Redis cache, or this process's memory while Redis is down."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._local = LocMemCache(
            f"while {server} is down",
            {"TIMEOUT": params.get("TIMEOUT", 300), "KEY_PREFIX": self.key_prefix},
        )

    def _when_down(self, name: str, *args: Any) -> Any:
        return getattr(self._local, name)(*args)

    def _recovered(self) -> None:
        # What was kept meanwhile must not come back at the next outage (old counts).
        self._local.clear()
