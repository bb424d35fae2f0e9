"""Writing the tournament log: every pairing-integrity event leaves one entry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from tournaments.models import Tournament, TournamentLog

IMPORTED_ROUND_BREAKS_RULES = gettext_lazy(
    "Round %(round)s, from %(source)s, breaks the pairing rules: %(problems)s"
)
"""The log entry of a round sent by pairing software or from a file into a running
tournament that the check (FIDE checklist J51) finds breaking the rules, stored once
confirmed: ``### Import @ Round n`` in the TRF report."""


def log_round_breaking_rules(
    tournament: Tournament,
    number: int,
    source: str,
    problems: list[str],
    *,
    user: AbstractBaseUser | None = None,
) -> TournamentLog:
    """The log entry :data:`IMPORTED_ROUND_BREAKS_RULES` of round ``number``, received from
    ``source`` (a label: pairing software, a file) with ``problems`` confirmed."""
    return log_event(
        tournament,
        TournamentLog.Kind.IMPORT,
        IMPORTED_ROUND_BREAKS_RULES,
        params={"round": number, "source": source, "problems": "; ".join(problems)},
        user=user,
        round_number=number,
    )


def log_event(
    tournament: Tournament,
    kind: str,
    message: str | Promise,
    *,
    params: Mapping[str, Any] | None = None,
    user: AbstractBaseUser | None = None,
    round_number: int | None = None,
    reason: str = "",
    old: Any = None,
    new: Any = None,
) -> TournamentLog:
    """Write one log entry. A lazily translated ``message`` is rendered, with ``params``, in
    the site's language (English by default) whatever the user's: the log is the event's
    official record and becomes the TRF ``###`` comments the rating office reads."""
    with translation.override(settings.LANGUAGE_CODE):
        values = {key: _plain(value) for key, value in (params or {}).items()}
        text = str(message) % values if values else str(message)
    with translation.override(None):  # the source text: the catalogue's msgid
        message_id = str(message) if isinstance(message, Promise) else ""
        values = {key: _plain(value) for key, value in (params or {}).items()}
    return TournamentLog.objects.create(
        tournament=tournament,
        kind=kind,
        message=text,
        message_id=message_id,
        message_params=values if message_id else {},
        round_number=round_number,
        reason=reason,
        old_value=old,
        new_value=new,
        user=recorded_user(user),
    )


def _plain(value: Any) -> Any:
    """A message value as JSON keeps it: a lazy label as its text in the active language."""
    if isinstance(value, Promise):
        return str(value)
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)


def recorded_user(user: AbstractBaseUser | None) -> AbstractBaseUser | None:
    """The user to store as the author of a change: none for an anonymous request, whose
    ``AnonymousUser`` is not a row a foreign key can point at."""
    return user if user is not None and user.is_authenticated else None


def last_round_number(tournament: Tournament) -> int:
    """The highest round paired so far (0 before round 1)."""
    numbers = tournament.rounds.order_by("-number").values_list("number", flat=True)
    return numbers.first() or 0
