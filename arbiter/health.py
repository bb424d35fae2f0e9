"""``GET /health/``: whether this process can reach the database, the cache and the broker.

For a load balancer or a supervisor: each part, ``"ok"`` or what its check met
(``"failed: ConnectionError: ..."``). Only the database is needed to serve: 503 when it does
not answer, else 200, the cache or the broker down included (pages then read from the
database, jobs run in the web process: see ``arbiter.cache`` and ``jobs.runner``), so that a
load balancer does not take every web process out for want of Redis. The broker is checked
only when one is configured.
"""

from __future__ import annotations

import uuid

from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache

from jobs.runner import broker_url


def _database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def _cache() -> None:
    probe = getattr(cache, "probe", None)  # arbiter.cache: a miss would hide the error
    if probe is not None:
        probe()
        return
    key, value = f"health:{uuid.uuid4().hex}", uuid.uuid4().hex
    cache.set(key, value, 10)
    if cache.get(key) != value:
        raise RuntimeError("the cache does not keep what is put in it")
    cache.delete(key)


def _broker() -> None:
    from arbiter.celery import app

    with app.connection_for_write() as broker:
        broker.ensure_connection(max_retries=1, timeout=2)


@never_cache
def health(request: HttpRequest) -> JsonResponse:
    checks = {"database": _database, "cache": _cache}
    if broker_url():
        checks["broker"] = _broker
    report = {}
    for name, check in checks.items():
        try:
            check()
        except Exception as error:  # any failure is the answer, not a 500
            report[name] = f"failed: {type(error).__name__}: {error}"
        else:
            report[name] = "ok"
    return JsonResponse(report, status=200 if report["database"] == "ok" else 503)
