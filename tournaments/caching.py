"""Public reads cached per tournament version, with conditional GET and Cache-Control.

Standings, crosstable and pairings (pages and JSON) are computed once per tournament version
(:mod:`tournaments.versions`) and language, and kept in Django's cache: Redis shared by every
process when ``REDIS_URL`` is set, each process's memory otherwise. A change bumps the
version, so the next request misses the cache and computes afresh: never stale.

Each reply carries an ETag made of the version and what the reply depends on; a client
(or a reverse proxy) that sends it back in ``If-None-Match`` gets ``304 Not Modified``
without anything being computed. ``Cache-Control: no-cache`` lets a proxy keep the reply but
makes it ask again each time (public for public tournaments read anonymously, private
otherwise), which is what "visible on the next request" needs.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from typing import TypeVar

from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest, HttpResponseBase
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import get_language

from tournaments.models import Tournament

T = TypeVar("T")

TIMEOUT = 24 * 3600
"""Seconds a version's entry is kept: old versions are never asked for again and expire."""


def _digest(parts: Iterable[object]) -> str:
    return hashlib.sha256(repr(tuple(parts)).encode()).hexdigest()[:32]


def cache_key(tournament: Tournament, *parts: object) -> str:
    """The key of a read of ``tournament`` at its current version, in the page's language."""
    return f"arbiter:t{tournament.pk}:v{tournament.version}:{_digest((get_language(), *parts))}"


def uncommitted_writes() -> bool:
    """Whether this connection's transaction has written something not yet committed. The
    version is bumped only on commit, so a value kept under the current version does not show
    those writes, and what the transaction reads must not be kept under that version either
    (a rollback would leave it there). A read request outside any transaction, as every GET
    is, has none."""
    connection = transaction.get_connection()
    return connection.in_atomic_block and bool(connection.run_on_commit)


def cached(tournament: Tournament, parts: tuple[object, ...], compute: Callable[[], T]) -> T:
    """``compute()``'s value for this version of the tournament, computed once (afresh, and
    not kept, inside a transaction that has written: see :func:`uncommitted_writes`)."""
    if uncommitted_writes():
        return compute()
    key = cache_key(tournament, *parts)
    value: T | None = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, TIMEOUT)
    return value


def version_etag(request: HttpRequest, tournament: Tournament, *parts: object) -> str:
    """A strong ETag of the reply: the tournament's version, the URL, the language, and who
    asks (a page's header differs for a logged-in user; its form tokens with the cookie)."""
    who = (
        request.user.pk if request.user.is_authenticated else None,
        request.COOKIES.get("csrftoken", ""),
    )
    digest = _digest(
        (tournament.pk, tournament.version, request.get_full_path(), get_language(), who, parts)
    )
    return f'"{digest}"'


def not_modified(
    request: HttpRequest, tournament: Tournament, etag: str
) -> HttpResponseBase | None:
    """``304 Not Modified`` when ``If-None-Match`` names ``etag`` (Django's own check), with
    the ETag and Cache-Control the full reply would carry (RFC 9110 15.4.5), so that a proxy
    keeps serving its copy under the same rules."""
    reply = get_conditional_response(request, etag=etag)
    return None if reply is None else mark_cacheable(reply, request, tournament, etag)


def mark_cacheable(
    response: HttpResponseBase, request: HttpRequest, tournament: Tournament, etag: str
) -> HttpResponseBase:
    """Set the ETag and Cache-Control of a public read."""
    response["ETag"] = etag
    shared = tournament.public and not request.user.is_authenticated
    if shared:
        patch_cache_control(response, public=True, no_cache=True)
    else:
        patch_cache_control(response, private=True, no_cache=True)
    return response


def cached_table(build: Callable[..., T], tournament: Tournament, **options: object) -> T:
    """The table ``build(tournament, **options)`` makes, computed once per tournament version
    and language: shared by the pages, the CSV and the PDFs (a job drawing one included)."""
    return cached(
        tournament,
        ("table", build.__name__, sorted(options.items())),
        lambda: build(tournament, **options),
    )
