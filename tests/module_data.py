"""Rows that a module's tests share, written once: the demo events take seconds to load."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import transaction


@contextmanager
def kept_for_the_module(django_db_blocker: Any) -> Iterator[None]:
    """For a module-scoped fixture whose rows take seconds to write (the demo events): they
    are written once, in a transaction that stays open around the module's tests (each test
    runs in a savepoint inside it, rolled back after the test) and is rolled back after the
    last one. The fixture should hand each test the rows' keys, not the objects, which a
    test may change."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield
        transaction.set_rollback(True)
