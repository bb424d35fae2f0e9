"""A tournament's version: the number that every change to what its pages show bumps.

Public pages and API reads are cached under it (:mod:`tournaments.caching`), so a result
entered is visible on the very next request: the next request reads the new number and
misses the cache. This module is the one place that bumps it, from the models' save and
delete signals (players, rounds, boards, absences, ratings from a round on, teams, matches,
lineups, team byes and the tournament itself) and from the
services that write many rows at once without signals (:func:`bump_version`).

The bump runs when the writing transaction commits, once per tournament, as one UPDATE of
the version alone: inside the transaction it would lock the tournament's row for the rest
of every result write (serialising them, and inviting deadlocks with the boards' locks).
A request that read the old number while the write committed caches newer data under an
older key, which no later request asks for.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction
from django.db.models import F
from django.db.models.signals import post_delete, post_save

from tournaments.models import (
    Absence,
    LineupEntry,
    Match,
    Pairing,
    Player,
    Round,
    RoundRating,
    Team,
    TeamAbsence,
    Tournament,
)

Target = tuple[str, int]
"""Whose version to bump: ``("tournament", id)``, or the tournament of ``("round", id)`` or
``("player", id)``, found by the UPDATE itself: deleting a tournament deletes thousands of
boards, and a query for each board's round took minutes."""

_FILTERS = {
    "tournament": "pk",
    "round": "rounds__pk",
    "player": "players__pk",
    "team": "teams__pk",
    "match": "rounds__matches__pk",
}


def _bump(target: Target) -> None:
    kind, pk = target
    Tournament.objects.filter(**{_FILTERS[kind]: pk}).update(version=F("version") + 1)


def bump_version(tournament_id: int) -> None:
    """Bump the tournament's version when the current transaction commits (at once outside
    one). Called many times in one transaction, it bumps once."""
    _bump_on_commit(("tournament", tournament_id))


def _bump_on_commit(target: Target) -> None:
    connection = transaction.get_connection()
    if connection.in_atomic_block:
        # A batch of results saves many boards: one bump is enough.
        pending = (callback for _savepoints, callback, _robust in connection.run_on_commit)
        if any(isinstance(c, partial) and c.func is _bump and c.args == (target,) for c in pending):
            return
    transaction.on_commit(partial(_bump, target))


def _target(instance: Any) -> Target | None:
    if isinstance(instance, Tournament):
        return ("tournament", instance.pk)
    if isinstance(instance, Pairing):
        if Pairing.round.is_cached(instance):  # type: ignore[attr-defined]
            return ("tournament", instance.round.tournament_id)
        return ("round", instance.round_id)
    if isinstance(instance, Match):
        return ("round", instance.round_id)
    if isinstance(instance, LineupEntry):
        return ("match", instance.match_id)
    if isinstance(instance, TeamAbsence):
        return ("team", instance.team_id)
    if isinstance(instance, RoundRating):
        return ("player", instance.player_id)
    if isinstance(instance, Absence):
        if Absence.player.is_cached(instance):  # type: ignore[attr-defined]
            return ("tournament", instance.player.tournament_id)
        return ("player", instance.player_id)
    tournament_id = getattr(instance, "tournament_id", None)
    return None if tournament_id is None else ("tournament", tournament_id)


def _changed(sender: type, instance: Any, **kwargs: Any) -> None:
    if kwargs.get("raw"):  # loading fixtures
        return
    target = _target(instance)
    if target is not None:
        _bump_on_commit(target)


def connect() -> None:
    """Listen to the models whose changes the pages show (called from the app's ready())."""
    models = (Tournament, Player, Round, Pairing, Absence, RoundRating)
    for model in (*models, Team, Match, LineupEntry, TeamAbsence):
        post_save.connect(_changed, sender=model, dispatch_uid=f"version-save-{model.__name__}")
        post_delete.connect(_changed, sender=model, dispatch_uid=f"version-delete-{model.__name__}")
