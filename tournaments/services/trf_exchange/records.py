"""The records that set more than the rounds: acceleration (250), forbidden pairs (260),
abnormal points (240, 270), round dates (132), and which records an import uses."""

from __future__ import annotations

import re
from datetime import date, datetime, time
from fractions import Fraction

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import (
    Acceleration,
    ForbiddenPair,
    Player,
    Round,
    Tournament,
)
from tournaments.pairing.acceleration import baku_accelerations
from tournaments.pairing.base import file_accelerations
from tournaments.scoring.sheet import (
    PointSystem,
)
from tournaments.trf import TrfDocument
from tournaments.trf import points as trf_points
from tournaments.trf.document import parse_trf_date


def _apply_acceleration(
    tournament: Tournament, document: TrfDocument, players: dict[int, Player]
) -> tuple[list[str], set[str]]:
    """``XXA`` records (else TRF-2026 records 250) switch a Swiss tournament's acceleration
    on: Baku's when the virtual points are Baku's for this field, else the file's own. Without
    either, record 192 naming a Baku system (``FIDE_DUTCH_2025_BAKU``) switches Baku's on, its
    group GA as round 1 of the file drew it up (:func:`file_accelerations`)."""
    code, virtual = "XXA", document.acceleration
    if not virtual:
        code, virtual = "250", document.acceleration_250
    if not virtual and document.baku_stated:
        code, virtual = "192", file_accelerations(document)
    if not virtual or tournament.is_round_robin:
        return [], set()  # a round robin has no acceleration: reported as not used
    baku = baku_accelerations(sorted(players), tournament.number_of_rounds)
    if code == "192":
        tournament.acceleration = Acceleration.BAKU
        if document.played_rounds:  # GA's last player was fixed when round 1 was paired
            tournament.baku_last_ga = players[max(virtual)]
    elif _without_zeros(virtual) == _without_zeros(baku):
        tournament.acceleration = Acceleration.BAKU
    else:
        tournament.acceleration = Acceleration.FILE
        tournament.virtual_points = {
            str(rank): [str(points) for points in by_round] for rank, by_round in virtual.items()
        }
    tournament.save(update_fields=["acceleration", "virtual_points", "baku_last_ga"])
    note = _(
        "records %(code)s: acceleration switched on (%(kind)s) for %(players)s players; the "
        "engine pairs the next rounds with these virtual points"
    ) % {
        "code": code,
        "kind": Acceleration(tournament.acceleration).label,
        "players": len(_without_zeros(virtual)),
    }
    return [note], {code}


def _without_zeros(virtual: dict[int, tuple[Fraction, ...]]) -> dict[int, tuple[Fraction, ...]]:
    """Virtual points without trailing zero rounds and players with none: two files giving
    the same points compare equal however many rounds they write."""
    trimmed = {}
    for rank, points in virtual.items():
        kept = list(points)
        while kept and not kept[-1]:
            kept.pop()
        if kept:
            trimmed[rank] = tuple(kept)
    return trimmed


def _apply_forbidden_pairs(
    tournament: Tournament, document: TrfDocument, players: dict[int, Player]
) -> tuple[list[str], set[str]]:
    """``XXP`` groups (every round) and TRF-2026 records 260 (their rounds) become the
    tournament's forbidden pairs, which the engine honours. A pair named again for rounds
    that neither meet nor touch its first rounds is reported and kept for the export only."""
    notes: list[str] = []
    used: set[str] = set()
    spans: dict[tuple[int, int], tuple[int, int | None]] = {}
    for record in document.records:
        if record.code == "XXP":
            ranks, span = [int(n) for n in record.value.split()], (1, None)
        elif record.code == "260":
            ranks, span = _record_260(record.text, tournament.number_of_rounds)
        else:
            continue
        unknown = [rank for rank in ranks if rank not in players]
        if unknown:
            notes.append(
                _("line %(line)s: record %(code)s names no player %(ranks)s; kept, not used")
                % {"line": record.line, "code": record.code, "ranks": ", ".join(map(str, unknown))}
            )
            continue
        used.add(record.code)
        for pair in {(a, b) for a in ranks for b in ranks if a < b}:
            joined = _joined_span(spans[pair], span) if pair in spans else span
            if joined is None:
                notes.append(
                    _(
                        "line %(line)s: players %(first)s and %(second)s are already forbidden "
                        "to meet in other rounds; a pair here has one run of rounds, so these "
                        "are kept for the export, not used"
                    )
                    % {"line": record.line, "first": pair[0], "second": pair[1]}
                )
            else:
                spans[pair] = joined
    ForbiddenPair.objects.bulk_create(
        ForbiddenPair(
            tournament=tournament,
            first=min(players[a], players[b], key=lambda p: p.pk),
            second=max(players[a], players[b], key=lambda p: p.pk),
            from_round=first,
            to_round=last,
            reason=_("in the imported file"),
        )
        for (a, b), (first, last) in sorted(spans.items())
    )
    if spans:
        notes.append(
            ngettext(
                "%(count)s forbidden pair from the file; the engine will not pair it",
                "%(count)s forbidden pairs from the file; the engine will not pair them",
                len(spans),
            )
            % {"count": len(spans)}
        )
    return notes, used


def _record_260(text: str, rounds: int) -> tuple[list[int], tuple[int, int | None]]:
    """A record 260's players and rounds (first, last; last ``None`` when it runs to the
    end of the event). As :meth:`TrfDocument.forbidden_groups` reads it: no first round is
    every round, no last round is the first round only."""
    first = int(text[4:7].strip() or 0)
    last: int | None = int(text[8:11].strip() or 0) or first
    if not first or (last is not None and last >= rounds):
        last = None
    first = max(first, 1)
    fields = [text[start : start + 4] for start in range(12, len(text), 5)]
    return [int(field) for field in fields if field.strip()], (first, last)


def _joined_span(
    one: tuple[int, int | None], other: tuple[int, int | None]
) -> tuple[int, int | None] | None:
    """The rounds of two spans as one span when they meet or touch, else None."""
    (a, a_last), (b, b_last) = sorted([one, other], key=lambda span: span[0])
    if a_last is not None and a_last + 1 < b:
        return None
    last = None if a_last is None or b_last is None else max(a_last, b_last)
    return a, last


def _apply_abnormal_points(
    tournament: Tournament, document: TrfDocument, players: dict[int, Player]
) -> tuple[list[str], set[str]]:
    """Records 299 that give a kind of unplayed round its points in every round are part of
    the point system (the sheet read them); one that gives single games or rounds their
    points is kept for the export and reported, since points here follow the result."""
    notes: list[str] = []
    for record in document.records:
        if record.code != "299":
            continue
        if trf_points.apply_record_299(PointSystem(), record.text) is None:
            notes.append(
                _(
                    "line %(line)s: record 299 gives points to single games or rounds; here "
                    "points follow each result, so it is kept for the export, not used"
                )
                % {"line": record.line}
            )
    return notes, {"299"}


_ROUND_DATE = re.compile(r"(\d{2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})")


def _round_day(text: str) -> date | None:
    """A record-132 date: TRF's ``YY/MM/DD``, or a full date in a usual spelling."""
    short = _ROUND_DATE.fullmatch(text.strip())
    if short is None:
        return parse_trf_date(text)
    year, month, day = (int(part) for part in short.groups())
    try:
        return date(2000 + year, month, day)
    except ValueError:
        return None


def _apply_round_dates(
    tournament: Tournament, document: TrfDocument, players: dict[int, Player]
) -> tuple[list[str], set[str]]:
    """Record 132's dates become the dates of the rounds imported; those of rounds not yet
    paired are kept for the export only (no round holds them yet)."""
    rounds = {round_.number: round_ for round_ in tournament.rounds.all()}
    dated, unread, later = [], [], []
    for number, text in enumerate(document.round_dates, start=1):
        if not text.strip():
            continue
        day = _round_day(text)
        if day is None:
            unread.append(f"{number} ({text})")
        elif number not in rounds:
            later.append(str(number))
        else:
            rounds[number].starts_at = timezone.make_aware(datetime.combine(day, time()))
            dated.append(rounds[number])
    Round.objects.bulk_update(dated, ["starts_at"])
    notes = []
    if unread:
        notes.append(
            _("record 132: the dates of rounds %(rounds)s are not dates; kept for the export")
            % {"rounds": ", ".join(unread)}
        )
    if later:
        notes.append(
            _(
                "record 132: rounds %(rounds)s are not paired yet, so their dates are kept for "
                "the export, not used"
            )
            % {"rounds": ", ".join(later)}
        )
    return notes, {"132"} if dated else set()


_USED_RECORDS = frozenset(
    {
        "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
        "142", "152", "162", "172", "182", "192", "240", "XXC", "XXR", "XXS", "XXZ", "###",
    }
)  # fmt: skip
"""Records the import always applies (the counts 062–082 are recomputed by the export once
the players change; 182, who paired the imported rounds, is named in the export's 182 for
them). 202/212's tie-breaks (:func:`_tiebreaks`), 132's dates, ``XXA``/250's
acceleration, ``XXP``/260's prohibited pairings and 299's points for every round are applied
when they can be (:func:`_apply_acceleration`, …); every other record is kept for the export
and reported as not used."""


def _unused_records(document: TrfDocument, applied: set[str]) -> list[str]:
    """A warning per record code the import does not apply (with how many lines and the
    first): kept for the export, but the application neither shows nor uses it."""
    unused: dict[str, list[int]] = {}
    for record in document.records:
        if record.text.strip() and record.code not in _USED_RECORDS | applied:
            unused.setdefault(record.code, []).append(record.line)
    return [
        ngettext(
            "line %(line)s: record %(code)s is not used here; kept for the export",
            "lines %(line)s to %(last)s: %(count)s records %(code)s are not used here; "
            "kept for the export",
            len(lines),
        )
        % {"line": lines[0], "last": lines[-1], "count": len(lines), "code": code}
        for code, lines in unused.items()
    ]
