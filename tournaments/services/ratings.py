"""FIDE rating lists: importing the downloaded file, comparing the players with it, applying
the differences the arbiter accepts, and the check before each round (FIDE checklist C19–C21).

A list is imported once for the whole installation and kept with its source file and date;
tournaments compare their players with it by FIDE id. Nothing a list says reaches a player
until the arbiter accepts that difference.
"""

from __future__ import annotations

import datetime
import ipaddress
import socket
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import IO, Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.models import (
    ListedRating,
    Player,
    RatingList,
    RatingListKind,
    RatingOrigin,
    Sex,
    Tournament,
    TournamentLog,
)
from tournaments.ratinglist.reader import (
    ListedPlayer,
    ListKind,
    RatingListError,
    read_rating_list,
)

from .audit import last_round_number, log_event, recorded_user
from .errors import TournamentError

BATCH = 5000
"""Rows written per INSERT: memory stays bounded whatever the list's size."""

LIST_MAX_AGE = datetime.timedelta(days=30)
"""A list older than this is checked for date before a round (checklist C21)."""

RATING_FIELDS = {"standard": "rating_standard", "rapid": "rating_rapid", "blitz": "rating_blitz"}

Counted = Callable[[int], None]
"""Told how many more players have been stored (a background job's progress)."""


@transaction.atomic
def import_rating_list(
    stream: IO[bytes],
    *,
    name: str,
    kind: str | None = None,
    list_date: datetime.date | None = None,
    user: AbstractBaseUser | None = None,
    stored: Counted | None = None,
) -> RatingList:
    """Store a downloaded FIDE list (TXT, XML, or either zipped), streamed in batches.

    ``kind`` and ``list_date`` are needed only where the file does not say them. A file that
    cannot be read is refused whole, with the line or player at fault: nothing is stored.
    ``stored`` is told the size of each batch written.
    """
    try:
        opened = read_rating_list(stream, name=name, kind=ListKind(kind) if kind else None)
    except (RatingListError, ValueError) as error:
        raise TournamentError(
            _("%(file)s: %(problem)s") % {"file": name, "problem": error}
        ) from error
    date = opened.list_date or list_date
    if date is None:
        raise TournamentError(
            _("%(file)s does not say the month of the list; give the list date.") % {"file": name}
        )
    if kind and opened.kind.value != kind and opened.kind is not ListKind.COMBINED:
        raise TournamentError(
            _("%(file)s is the %(found)s list, not the %(named)s list.")
            % {"file": name, "found": opened.kind.value, "named": kind}
        )
    rating_list = RatingList.objects.create(
        kind=opened.kind.value,
        list_date=date.replace(day=1),
        source=name[:200],
        file_format=opened.file_format.value,
        user=recorded_user(user),
    )
    count = 0
    try:
        for batch in _batches(opened.entries, rating_list):
            ListedRating.objects.bulk_create(batch)
            count += len(batch)
            if stored is not None:
                stored(len(batch))
    except RatingListError as error:
        raise TournamentError(
            _("%(file)s: %(problem)s") % {"file": name, "problem": error}
        ) from error
    if not count:
        raise TournamentError(_("%(file)s lists no player.") % {"file": name})
    rating_list.player_count = count
    rating_list.save(update_fields=["player_count"])
    return rating_list


LIST_FRESHNESS = datetime.timedelta(days=1)
"""While an event runs its lists are at most this old (FIDE checklist C20, Q135)."""

URL_SCHEMES = ("http", "https", "file")
MAX_LIST_DOWNLOAD = 512 * 1024 * 1024
"""Bytes a fetched list may have (FIDE's combined XML list, unzipped, is about 400 MB)."""
FETCH_TIMEOUT = 60


def check_list_address(url: str, user: AbstractBaseUser | None) -> str:
    """``url`` stripped, when it is an address a list may be fetched from by ``user``: http,
    https, or (staff and commands only) a file on the server. Whether its host lies outside
    the server's network is checked when it is fetched (redirects too)."""
    url = url.strip()
    parsed = urllib.parse.urlsplit(url)
    if parsed.scheme not in URL_SCHEMES or not parsed.path:
        raise TournamentError(
            _("%(url)s is not an http://, https:// or file:// address of a list file.")
            % {"url": url[:200]}
        )
    if parsed.scheme == "file" and not _trusted(user):
        raise TournamentError(_("Only staff may import a list from a file on the server."))
    return url


def _trusted(user: AbstractBaseUser | None) -> bool:
    return user is None or bool(user.is_staff)


def import_rating_list_from_url(
    url: str,
    *,
    kind: str | None = None,
    list_date: datetime.date | None = None,
    user: AbstractBaseUser | None = None,
    stored: Counted | None = None,
) -> RatingList:
    """Fetch a FIDE list file from ``url`` and import it as :func:`import_rating_list` does,
    keeping the address for *Update* (checklist C20, Q136). ``http``, ``https`` and ``file``
    addresses are read; a file on the server only by staff (or a command). Nothing is
    stored when the address cannot be read."""
    url = check_list_address(url, user)
    parsed = urllib.parse.urlsplit(url)
    trusted = _trusted(user)
    name = urllib.parse.unquote(parsed.path).rstrip("/").rsplit("/", 1)[-1] or "list"
    opener = urllib.request.build_opener() if trusted else _public_only_opener()
    with tempfile.TemporaryFile() as copy:
        try:
            if not trusted:
                _refuse_internal_host(url)
            with opener.open(url, timeout=FETCH_TIMEOUT) as response:
                _copy_limited(response, copy)
        except (urllib.error.URLError, OSError, ValueError) as error:
            reason = getattr(error, "reason", None) or error
            raise TournamentError(
                _("%(url)s could not be read: %(reason)s") % {"url": url[:200], "reason": reason}
            ) from error
        copy.seek(0)
        rating_list = import_rating_list(
            copy, name=name, kind=kind, list_date=list_date, user=user, stored=stored
        )
    rating_list.url = url
    rating_list.save(update_fields=["url"])
    return rating_list


def _refuse_internal_host(url: str) -> None:
    """An arbiter's address must lead outside the server's own network: the server fetches
    it, and an address inside (loopback, private, link-local) would let a page read what
    only the server can reach. Staff and commands may use any address."""
    host = urllib.parse.urlsplit(url).hostname or ""
    try:
        found = socket.getaddrinfo(host, None)
    except OSError as error:
        raise urllib.error.URLError(error) from error
    for *_rest, address in found:
        ip = ipaddress.ip_address(address[0])
        if not ip.is_global or ip.is_multicast:
            raise ValueError(_("only staff may fetch from an address inside this network"))


class _CheckedRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        _refuse_internal_host(newurl)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def _public_only_opener() -> urllib.request.OpenerDirector:
    """http and https only, and every redirect checked like the first address."""
    return urllib.request.build_opener(_CheckedRedirects())


def _copy_limited(source: IO[bytes], target: IO[bytes]) -> None:
    copied = 0
    while chunk := source.read(1024 * 1024):
        copied += len(chunk)
        if copied > MAX_LIST_DOWNLOAD:
            raise ValueError(f"more than {MAX_LIST_DOWNLOAD // (1024 * 1024)} MB")
        target.write(chunk)


def update_rating_list(
    rating_list: RatingList, *, user: AbstractBaseUser | None = None, stored: Counted | None = None
) -> RatingList:
    """*Update*: import the list again from the address it was fetched from (C20, Q136)."""
    url, kind = update_address(rating_list)
    return import_rating_list_from_url(url, kind=kind, user=user, stored=stored)


def update_address(rating_list: RatingList) -> tuple[str, str | None]:
    """Where *Update* fetches ``rating_list`` from, and which list to ask for."""
    if not rating_list.url:
        raise TournamentError(
            _(
                "%(list)s was imported from an uploaded file: import it once from its address "
                "to update it in one click."
            )
            % {"list": rating_list}
        )
    kind = None if rating_list.kind == RatingListKind.COMBINED else rating_list.kind
    return rating_list.url, kind


def stale_list_warning(tournament: Tournament, *, now: datetime.datetime | None = None) -> str:
    """Checklist C20 (Q135): while the event runs, the newest list of its rate of play was
    imported within the last day; the warning when it was not (empty otherwise, with no list
    imported, or with the rating check switched off)."""
    rating_list = newest_list(tournament.rating_type) if tournament.rating_check else None
    if rating_list is None:
        return ""
    if (now or timezone.now()) - rating_list.imported_at <= LIST_FRESHNESS:
        return ""
    return _(
        "The newest FIDE list of the tournament's rate of play (%(list)s) was imported on "
        "%(when)s, more than a day ago; while the event runs lists are to be at most a day "
        "old. Update it on the FIDE rating lists page (Update), or import it again."
    ) % {
        "list": rating_list,
        "when": f"{timezone.localtime(rating_list.imported_at):%Y-%m-%d %H:%M}",
    }


def _batches(
    entries: Iterator[ListedPlayer], rating_list: RatingList
) -> Iterator[list[ListedRating]]:
    while batch := list(islice(entries, BATCH)):
        yield [
            ListedRating(
                rating_list=rating_list,
                fide_id=entry.fide_id,
                name=entry.name[:200],
                federation=entry.federation[:3],
                sex=entry.sex[:1],
                title=entry.title,
                birth_year=entry.birth_year,
                flag=entry.flag[:4],
                standard=entry.standard,
                rapid=entry.rapid,
                blitz=entry.blitz,
            )
            for entry in batch
        ]


def newest_list(rate_of_play: str) -> RatingList | None:
    """The most recent imported list that gives ratings of this rate of play."""
    return (
        RatingList.objects.filter(kind__in=[rate_of_play, RatingListKind.COMBINED])
        .order_by("-list_date", "-imported_at")
        .first()
    )


@dataclass(frozen=True)
class RatingDifference:
    """One field on which a player and the list disagree; ``key`` names it for acceptance."""

    player: Player
    field: str
    label: str
    current: Any
    listed: Any

    @property
    def key(self) -> str:
        return f"{self.player.pk}:{self.field}"


@dataclass(frozen=True)
class RatingComparison:
    rating_list: RatingList
    differences: list[RatingDifference]
    matched: int
    not_listed: list[Player]
    """Players with a FIDE id the list does not have."""


def _compared_fields(rating_list: RatingList) -> list[tuple[str, str, str]]:
    """(player field, list field, label) for what the list says."""
    rates = ["standard", "rapid", "blitz"] if rating_list.kind == "combined" else [rating_list.kind]
    labels = {
        "standard": gettext_lazy("FIDE standard"),
        "rapid": gettext_lazy("FIDE rapid"),
        "blitz": gettext_lazy("FIDE blitz"),
    }
    return [
        *((RATING_FIELDS[rate], rate, str(labels[rate])) for rate in rates),
        ("title", "title", _("title")),
        ("federation", "federation", _("federation")),
        ("birth_year", "birth_year", _("birth year")),
    ]


def _player_value(player: Player, field: str) -> Any:
    if field == "birth_year":
        return player.birth_date.year if player.birth_date else player.birth_year
    return getattr(player, field)


def compare_with_list(tournament: Tournament, rating_list: RatingList) -> RatingComparison:
    """Every difference between the tournament's players and the list, matched by FIDE id."""
    players = [p for p in tournament.players.order_by("start_rank", "name") if p.fide_id]
    listed = {
        entry.fide_id: entry
        for entry in ListedRating.objects.filter(
            rating_list=rating_list, fide_id__in=[int(p.fide_id) for p in players]
        )
    }
    fields = _compared_fields(rating_list)
    differences, not_listed, matched = [], [], 0
    for player in players:
        entry = listed.get(int(player.fide_id))
        if entry is None:
            not_listed.append(player)
            continue
        matched += 1
        for field, list_field, label in fields:
            current, new = _player_value(player, field), getattr(entry, list_field)
            if (current or None) != (new or None):
                differences.append(RatingDifference(player, field, label, current, new))
    return RatingComparison(rating_list, differences, matched, not_listed)


@transaction.atomic
def apply_list_differences(
    tournament: Tournament,
    rating_list: RatingList,
    accepted: Iterable[str],
    *,
    user: AbstractBaseUser | None = None,
) -> list[RatingDifference]:
    """Apply the differences the arbiter accepted (keys ``"<player id>:<field>"``), no others.

    A key that is no longer a difference (someone changed the player meanwhile) refuses the
    whole request. Players whose ratings now agree with the list record it as their source.
    """
    comparison = compare_with_list(tournament, rating_list)
    by_key = {d.key: d for d in comparison.differences}
    accepted = list(dict.fromkeys(accepted))
    unknown = [key for key in accepted if key not in by_key]
    if unknown:
        raise TournamentError(
            _("No longer a difference with the list (reload the comparison): %(keys)s")
            % {"keys": ", ".join(unknown)}
        )
    if not accepted:
        raise TournamentError(_("Choose the differences to apply."))
    chosen = [by_key[key] for key in accepted]
    changed: dict[int, Player] = {}
    for difference in chosen:
        player = changed.setdefault(difference.player.pk, difference.player)
        if difference.field == "birth_year":
            player.birth_date = None
        setattr(player, difference.field, _stored(difference.field, difference.listed))
    for player in changed.values():
        player.save()
    remaining = {
        d.player.pk
        for d in compare_with_list(tournament, rating_list).differences
        if d.field in RATING_FIELDS.values()
    }
    _record_list_source(tournament, rating_list, remaining)
    log_event(
        tournament,
        TournamentLog.Kind.RATING_CORRECTION,
        gettext_lazy("%(count)s changes accepted from the FIDE list %(list)s: %(changes)s."),
        params={
            "count": len(chosen),
            "list": str(rating_list),
            "changes": "; ".join(
                f"{d.player.name} {d.field} {d.current or '-'} → {d.listed or '-'}" for d in chosen
            ),
        },
        user=user,
        round_number=last_round_number(tournament) or None,
        old={d.key: d.current for d in chosen},
        new={d.key: d.listed for d in chosen},
    )
    return chosen


def _stored(field: str, listed: Any) -> Any:
    """The list's value as the player's field stores it (text fields hold no None)."""
    if listed is None and field in {"title", "federation"}:
        return ""
    return listed


def _record_list_source(
    tournament: Tournament, rating_list: RatingList, disagreeing: set[int]
) -> None:
    """Players matched on the list whose ratings now agree with it take it as their source
    (``disagreeing``: those whose ratings still differ)."""
    players = {p.pk: int(p.fide_id) for p in tournament.players.exclude(fide_id="")}
    listed = set(
        ListedRating.objects.filter(
            rating_list=rating_list, fide_id__in=players.values()
        ).values_list("fide_id", flat=True)
    )
    agreeing = [pk for pk, fide_id in players.items() if fide_id in listed]
    Player.objects.filter(pk__in=agreeing).exclude(pk__in=disagreeing).update(
        rating_origin=RatingOrigin.LIST, rating_list=rating_list
    )


LISTED_SEX = {"M": Sex.MALE, "F": Sex.FEMALE}
"""The lists' sex codes as the player's field stores them (TRF's m / w)."""
_FILLED = {"title": "title", "federation": "federation", "sex": "sex", "birth_year": "birth_year"}


def fill_from_lists(player: Player) -> bool:
    """Fill a new player's blank fields from the newest FIDE list of each rate of play that
    has his FIDE id. The ratings count as taken from the list when every one of them was;
    a rating typed by hand stays, and keeps the player's ratings flagged as typed."""
    if not player.fide_id or not player.fide_id.isdigit():
        return False
    filled = False
    typed = any(getattr(player, field) for field in RATING_FIELDS.values())
    source: RatingList | None = None
    for rate, field in RATING_FIELDS.items():
        rating_list = newest_list(rate)
        entry = (
            ListedRating.objects.filter(
                rating_list=rating_list, fide_id=int(player.fide_id)
            ).first()
            if rating_list
            else None
        )
        if entry is None:
            continue
        if getattr(player, field) is None and getattr(entry, rate):
            setattr(player, field, getattr(entry, rate))
            filled = True
        for player_field, list_field in _FILLED.items():
            if not getattr(player, player_field) and getattr(entry, list_field):
                value = getattr(entry, list_field)
                if player_field == "sex":
                    value = LISTED_SEX.get(value, "")
                setattr(player, player_field, value)
                filled = True
        if rate == player.tournament.rating_type or source is None:
            source = rating_list
    if filled and not typed:
        player.rating_origin, player.rating_list = RatingOrigin.LIST, source
    return filled


RATING_TIEBREAKS = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})


def _long_event_warnings(tournament: Tournament) -> list[str]:
    """Checklist C23: an event of over 30 days is flagged, and rating tie-breaks advised
    against (the ratings change during it)."""
    if not tournament.lasts_over_30_days:
        return []
    warnings = [
        _(
            "The tournament lasts over 30 days: the players' ratings may change during it. "
            "Give a player his new rating from the round it applies on his page; his first "
            "rating holds until then."
        )
    ]
    used = sorted(
        {text for text in tournament.tiebreaks if text.split("/")[0].upper() in RATING_TIEBREAKS}
    )
    if used:
        warnings.append(
            _("FIDE advises against rating tie-breaks in an event this long: %(tiebreaks)s.")
            % {"tiebreaks": ", ".join(used)}
        )
    return warnings


def rating_check(tournament: Tournament, *, today: datetime.date | None = None) -> list[str]:
    """What the arbiter should know about the ratings before pairing a round (checklist C21):
    no list imported, a list older than the one in force at the start or over 30 days old,
    differences not yet decided, ratings typed by hand. Empty when all is in order or the
    tournament switched the check off."""
    if not tournament.rating_check:
        return []
    today = today or timezone.localdate()
    long_event = _long_event_warnings(tournament)
    rating_list = newest_list(tournament.rating_type)
    if rating_list is None:
        return [
            _("No FIDE %(rate)s rating list is imported: the ratings are not checked.")
            % {"rate": tournament.get_rating_type_display().lower()},
            *long_event,
        ]
    warnings = list(long_event)
    start = tournament.start_date
    if start and rating_list.list_date < start.replace(day=1):
        warnings.append(
            _(
                "The newest imported list is of %(list)s; the list in force at the start of the "
                "tournament is of %(start)s. Import it."
            )
            % {"list": f"{rating_list.list_date:%Y-%m}", "start": f"{start:%Y-%m}"}
        )
    elif today - rating_list.list_date > LIST_MAX_AGE and not (
        start and rating_list.list_date == start.replace(day=1)
    ):
        warnings.append(
            _("The newest imported list is of %(list)s, over 30 days old: check its date.")
            % {"list": f"{rating_list.list_date:%Y-%m}"}
        )
    comparison = compare_with_list(tournament, rating_list)
    if comparison.differences:
        count = len(comparison.differences)
        warnings.append(
            ngettext(
                "%(count)s difference with the list %(list)s waits for a decision.",
                "%(count)s differences with the list %(list)s wait for a decision.",
                count,
            )
            % {"count": count, "list": rating_list}
        )
    typed = tournament.players.filter(rating_origin=RatingOrigin.TYPED).exclude(
        rating_standard=None, rating_rapid=None, rating_blitz=None
    )
    if typed.exists():
        count = typed.count()
        warnings.append(
            ngettext(
                "%(count)s player has ratings typed by hand.",
                "%(count)s players have ratings typed by hand.",
                count,
            )
            % {"count": count}
        )
    return warnings
