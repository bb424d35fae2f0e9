"""The row locks writers take, always in one order (:mod:`.results` gives it): the
tournament, then an incident, then its game, then a team round's matches by table, then a
round's boards by board number, then the round.

The tournament's row serializes what is numbered or shared across the event: starting ranks
(a registration, a late entry, a numbering), rosters. A match's row serializes what is
written on its boards: a lineup or a forfeit makes the boards again, and a result written
on one of them takes the match's lock first, so that it either comes before (and the lineup
is then refused, naming the result) or after (and goes onto the boards the lineup made).
"""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import Match, Tournament


def lock_tournament(tournament_id: int) -> Tournament:
    """The tournament's row, locked (``FOR NO KEY UPDATE``: rows referring to it can still be
    added) until the transaction ends, read afresh."""
    return Tournament.objects.select_for_update(no_key=True).get(pk=tournament_id)


def lock_matches(matches: QuerySet[Match]) -> None:
    """The matches' rows, locked by table (their rows only: what is joined is read)."""
    list(matches.select_for_update(no_key=True, of=("self",)).order_by("round_id", "table"))
