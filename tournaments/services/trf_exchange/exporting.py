"""Exporting an event as TRF16 or TRF-2026, with the tournament log as ``###`` comments."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction

from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import (
    Absence,
    Acceleration,
    Pairing,
    RatingMethod,
    Result,
    Round,
    Tournament,
    TournamentLog,
    TrfSource,
)
from tournaments.scoring.sheet import (
    Color,
    Outcome,
    RoundEntry,
    TournamentSheet,
)
from tournaments.selectors import (
    forbidden_rank_ranges,
    missing_results,
    open_adjournments,
    tournament_accelerations,
    tournament_sheet,
    tournament_standings,
)
from tournaments.trf import TrfDocument, TrfError, TrfRecord, read_trf, write_trf
from tournaments.trf import merge as trf_merge
from tournaments.trf import points as trf_points

from ..audit import IMPORTED_ROUND_BREAKS_RULES
from ..errors import TournamentError, raise_if
from .header import CHESS960_TRF, DEPUTY_SEPARATOR
from .players import _ABSENCES


def _header_records(
    tournament: Tournament, sheet: TournamentSheet, version: int, source: str | None
) -> Iterable[TrfRecord]:
    """The header records the application writes; ``source`` is the text of the file the
    tournament was imported from, if it was."""
    fields = [
        ("022", tournament.place),
        ("032", tournament.federation),
        ("042", tournament.start_date.strftime("%Y/%m/%d") if tournament.start_date else ""),
        ("052", tournament.end_date.strftime("%Y/%m/%d") if tournament.end_date else ""),
        ("062", str(len(sheet.players))),
        ("072", str(sum(1 for player in sheet.players if player.rating))),
        ("092", _tournament_type(tournament)),
        ("102", tournament.chief_arbiter),
        ("122", tournament.time_control),
    ]
    for code, value in fields:
        if value:
            yield TrfRecord(f"{code} {value}")
        if code == "102":
            for deputy in tournament.deputy_arbiters.split(DEPUTY_SEPARATOR):
                if deputy.strip():
                    yield TrfRecord(f"112 {deputy.strip()}")
    dates = _round_dates(tournament)
    if dates:
        yield TrfRecord(dates)
    yield TrfRecord(f"XXR {tournament.number_of_rounds}")
    for rank, virtual in sorted(tournament_accelerations(tournament).items()):
        yield TrfRecord(f"XXA {rank:4d}" + "".join(f" {float(p):4.1f}" for p in virtual))
    if tournament.initial_color:
        yield TrfRecord(f"XXC {tournament.initial_color}1")
    next_round = sheet.rounds + 1
    for first, second, from_round, to_round in forbidden_rank_ranges(tournament):
        # JaVaFo's XXP, which every engine reads, has no rounds: it is written for the pairs
        # forbidden in the round a pairing program pairs next. TRF-2026's own 260 has them.
        if from_round <= next_round and (to_round is None or next_round <= to_round):
            yield TrfRecord(f"XXP {first} {second}")
        if version == 2026:
            last = to_round or tournament.number_of_rounds
            yield TrfRecord(f"260 {from_round:03d} {last:03d} {first:4d} {second:4d}")
    controller = _pairing_controller(tournament, source) if version == 2026 else ""
    if controller:
        yield TrfRecord(f"182 {controller}")
    if version == 2026 and source is None:
        # An imported file's own 192 and XXA/250 are written back as it said them (the merge).
        yield from _tournament_type_code(tournament)
        yield from _acceleration_records(tournament)
    if version == 2026:
        # The scoring, stated even when it is FIDE's: a final TRF-2026 omits nothing.
        system = tournament.point_system()
        yield TrfRecord("162" + trf_points.record_162_value(system))
        yield from (TrfRecord(line) for line in trf_points.record_299_lines(system))
    if version == 2026:
        yield from _announced_bye_records(tournament, sheet.rounds)
    if version == 2026 and tournament.tiebreaks:
        yield TrfRecord("202 " + " ".join(tournament.tiebreaks))
        # 212 defines the standings whole: the points first, then the tie-breaks.
        yield TrfRecord("212 PTS " + " ".join(tournament.tiebreaks))
    if version == 2026 and tournament.rating_method != RatingMethod.FIDE:
        yield TrfRecord(f"172 {tournament.federation:<3} {tournament.rating_method}")


def _tournament_type_code(tournament: Tournament) -> Iterable[TrfRecord]:
    """Record 192, the encoded type of a Swiss event (TRF-2026's code table: the system and
    its edition, ``_BAKU`` when Baku-accelerated), which pairing programs read to pair it."""
    system = tournament.swiss_system
    if system is None:
        return
    baku = "_BAKU" if tournament.acceleration == Acceleration.BAKU else ""
    yield TrfRecord(f"192 {system.trf_codes[0]}{baku}")


def _tournament_type(tournament: Tournament) -> str:
    """Record 092, the type of tournament: the pairing system, and Chess960 when it is. TRF
    has no record of its own for the variant; 092 is the free text that names the event's
    kind, which a file's reader sees first (and :func:`_variant` reads back)."""
    system = str(tournament.get_system_display())
    return f"{system}, {CHESS960_TRF}" if tournament.is_chess960 else system


_BYE_LETTERS = {
    Absence.Kind.HALF_POINT_BYE: "H",
    Absence.Kind.FULL_POINT_BYE: "F",
    Absence.Kind.ZERO_POINT_BYE: "Z",
}


def _announced_bye_records(tournament: Tournament, played: int) -> Iterable[TrfRecord]:
    """TRF-2026 records 240: the byes announced for the rounds not yet paired, one record per
    kind and round (TRF16 can give only the next round's, in its column)."""
    absences = Absence.objects.filter(
        player__tournament=tournament, round_number__gt=played, player__start_rank__isnull=False
    ).values_list("round_number", "kind", "player__start_rank")
    grouped: dict[tuple[int, str], list[int]] = {}
    for number, kind, rank in absences:
        grouped.setdefault((number, kind), []).append(rank)
    for (number, kind), ranks in sorted(grouped.items()):
        letter = _BYE_LETTERS[Absence.Kind(kind)]
        yield TrfRecord(f"240 {letter} {number:03d}" + "".join(f" {r:4d}" for r in sorted(ranks)))


def _acceleration_records(tournament: Tournament) -> Iterable[TrfRecord]:
    """TRF-2026 records 250: the virtual points, the rounds and the players they go to, one
    record per run of consecutive rounds with the same points, for each run of consecutive
    starting ranks that get the same points in every round (Baku: two records)."""
    by_rank = sorted(tournament_accelerations(tournament).items())
    groups: list[tuple[tuple[Fraction, ...], int, int]] = []
    for rank, points in by_rank:
        if groups and groups[-1][0] == points and groups[-1][2] == rank - 1:
            groups[-1] = (points, groups[-1][1], rank)
        else:
            groups.append((points, rank, rank))
    for points, first_player, last_player in groups:
        number = 0
        while number < len(points):
            last = number
            while last + 1 < len(points) and points[last + 1] == points[number]:
                last += 1
            if points[number]:
                yield TrfRecord(
                    f"250 {'':4} {float(points[number]):4.1f} {number + 1:3d} {last + 1:3d} "
                    f"{first_player:4d} {last_player:4d}"
                )
            number = last + 1


def _pairing_controller(tournament: Tournament, source: str | None) -> str:
    """Record 182 (TRF-2026: the program or user making the pairings): the engine and rule
    edition of the rounds an engine paired (``…, changed by hand`` when a manual pairing
    session then changed a board), else who paired them (an imported round by the
    file's own 182 when it had one), with the rounds each paired when there are several;
    empty until a round is paired here."""
    rounds = tournament.rounds.order_by("number").values_list("number", "paired_by", "engine")
    if all(paired_by == Round.PairedBy.IMPORT for _number, paired_by, _engine in rounds):
        return ""  # nothing paired here: an imported file's own 182 is written as it was
    imported = ""
    if source:
        imported = next(
            (line[4:].strip() for line in source.splitlines() if line.startswith("182 ")), ""
        )
    by_controller: dict[str, list[int]] = {}
    for number, paired_by, engine in rounds:
        if engine and paired_by == Round.PairedBy.MANUAL:
            controller = f"{engine}, {CHANGED_BY_HAND}"  # a manual pairing session changed it
        elif engine:
            controller = engine
        elif paired_by == Round.PairedBy.IMPORT and imported:
            controller = imported
        else:
            with translation.override("en"):
                controller = str(Round.PairedBy(paired_by).label)
        by_controller.setdefault(controller, []).append(number)
    if len(by_controller) <= 1:
        return next(iter(by_controller), "")
    return "; ".join(
        f"{controller} ({_rounds_phrase(numbers)})" for controller, numbers in by_controller.items()
    )


CHANGED_BY_HAND = "changed by hand"
"""Record 182's words for a round the engine paired and the arbiter then changed."""


def _rounds_phrase(numbers: list[int]) -> str:
    """``round 2``, ``rounds 1, 3``: English, as every TRF record this module writes."""
    listed = ", ".join(str(number) for number in numbers)
    return f"round {listed}" if len(numbers) == 1 else f"rounds {listed}"


def _round_dates(tournament: Tournament) -> str:
    """Record 132: each round's date (``YY/MM/DD``, local time) in its column from 92 on."""
    starts = dict(tournament.rounds.values_list("number", "starts_at"))
    if not any(starts.values()):
        return ""
    blocks = [
        f"{timezone.localtime(starts[n]):%y/%m/%d}" if starts.get(n) else " " * 8
        for n in range(1, max(starts) + 1)
    ]
    return ("132" + " " * 88 + "  ".join(blocks)).rstrip()


COMMENT_TAGS = {
    TournamentLog.Kind.MANUAL_PAIRING: "MPA",
    TournamentLog.Kind.FULL_POINT_BYE: "FPB",
    TournamentLog.Kind.RATING_REPORT: "Rating correction",
}
"""The TEC manual's short tags, and the rating-report corrections (FIDE checklist F38) as
``### Rating correction @ Round n``; every other kind is written with its English label."""


def _comments(tournament: Tournament) -> Iterable[TrfRecord]:
    """The log's integrity events as TRF-2026 ``###`` comments, in English whatever the
    site's language: ``### Correction @ Round 4: …``, ``### FPB @ Round 2: …``."""
    # A file import's entries are the file's, written back with it; a round sent later that
    # breaks the pairing rules is written as ### Import @ Round n (J51).
    with translation.override(None):
        finding = str(IMPORTED_ROUND_BREAKS_RULES)
    entries = tournament.log.exclude(Q(kind=TournamentLog.Kind.IMPORT) & ~Q(message_id=finding))
    for entry in entries.iterator():
        with translation.override("en"):
            tag = COMMENT_TAGS.get(entry.kind) or str(TournamentLog.Kind(entry.kind).label)
        where = f" @ Round {entry.round_number}" if entry.round_number else ""
        reason = f" ({entry.reason})" if entry.reason else ""
        text = " ".join(f"{tag}{where}: {entry.message}{reason}".split())
        yield TrfRecord(f"### {text}")


def _with_announced_byes(tournament: Tournament, sheet: TournamentSheet) -> TournamentSheet:
    """The sheet plus the byes requested for the next round, which pairing engines read."""
    following = sheet.rounds + 1
    requested = {
        absence.player.start_rank: absence
        for absence in Absence.objects.filter(
            player__tournament=tournament, round_number=following
        ).select_related("player")
    }
    if not requested:
        return sheet
    outcome = {kind: outcome for outcome, kind in _ABSENCES.items()}
    players = [
        replace(
            player,
            rounds=(
                *player.rounds,
                RoundEntry(following, outcome[Absence.Kind(requested[player.start_rank].kind)]),
            ),
        )
        if player.start_rank in requested
        else player
        for player in sheet.players
    ]
    return replace(sheet, players=players)


def final_export_problems(tournament: Tournament) -> list[str]:
    """Why the event cannot be exported as final: adjourned games open, results missing
    (FIDE checklist G42)."""
    problems = [
        _("Round %(round)s, board %(board)s is adjourned; enter its result first.")
        % {"round": number, "board": board}
        for number, board in open_adjournments(tournament)
    ]
    problems += [
        _("Round %(round)s, board %(board)s has no result.") % {"round": number, "board": board}
        for number, board in missing_results(tournament)
    ]
    return problems


TRF16_LEAVES_OUT = (
    gettext_lazy("the tie-breaks and the order of the standings (records 202 and 212)"),
    gettext_lazy("the scoring (records 162 and 299; a scoring other than 1, ½, 0 is written XXS)"),
    gettext_lazy("who paired each round (record 182)"),
    gettext_lazy("byes announced beyond the next round (records 240)"),
    gettext_lazy("the rounds a pair is forbidden in (records 260; XXP names next round's pairs)"),
    gettext_lazy("the rating method, when it is not FIDE's (record 172)"),
    gettext_lazy("adjourned games: TRF16 has no code for them, so it is refused while one is open"),
    gettext_lazy(
        "in a team event, the teams' byes, the matches forfeited whole and the match points "
        "(records 320, 240, 330 and 362): TRF16 has only the teams and their rosters (013), "
        "so such a team scores nothing in that round when the file is imported again"
    ),
)
"""What TRF-2026 carries and TRF16 has no record for; the page offering the files says so."""


def standing_ranks(tournament: Tournament) -> dict[int, int]:
    """Each player's line in the standings by the event's tie-breaks, by starting rank: the
    rank column of a TRF report, TRF16 and TRF-2026 alike (players without a place follow
    the ranked ones)."""
    standings = tournament_standings(tournament)
    return {row.start_rank: line for line, row in enumerate(standings.rows, start=1)}


def export_trf(tournament: Tournament, *, version: int = 16, final: bool = False) -> str:
    """The tournament as TRF16 (``version=16``) or TRF-2026, both with the log's integrity
    events as ``###`` comments and the standings rank, by the event's tie-breaks, in the rank
    column (what FIDE rates and publishes; pairing engines do not read it). TRF16 has no
    records for the tie-breaks, the scoring or the pairing controller (202/212, 162/299,
    182): only TRF-2026 carries them (:data:`TRF16_LEAVES_OUT`).

    Byes requested for the next round are written in its column, as pairing engines expect;
    a round still in draft is written with its games as paired, result not yet known.
    ``final`` (the file for the rating office) refuses while a game is adjourned or a result
    is missing. A tournament imported from a file is written as that file said, record by
    record and field by field, except what the arbiter changed since (see
    :mod:`tournaments.trf.merge`): then the recomputed record is written, and a ``###``
    comment says which and what the file had.
    """
    if final:
        raise_if(final_export_problems(tournament))
    comments = [record.text for record in _comments(tournament)]
    if version == 16 and tournament.is_team_event:
        comments = _trf16_team_notes(tournament) + comments
    source = TrfSource.objects.filter(tournament=tournament).first()
    if source is None:
        return _application_text(tournament, version, comments, None)
    current = trf_merge.rendering(
        _application_text(tournament, version, [], source.text), _player_keys(tournament)
    )
    merged = trf_merge.merge(
        read_trf(source.text),
        {int(rank): key for rank, key in source.players.items()},
        source.rendering.get(str(version)) or {},
        current,
        comments,
    )
    notes = [
        f"### Export: record {code} recomputed, the tournament changed after the import"
        + (f" (the file said: {said})" if said else "")
        for code, said in merged.recomputed
    ]
    lines = merged.lines
    first_player = next((i for i, line in enumerate(lines) if line.startswith("001")), len(lines))
    # Before the log's comments, which the merge put right before the first player.
    at = first_player - len(comments)
    lines[at:at] = notes
    return "\n".join(lines) + "\n"


def _trf16_team_notes(tournament: Tournament) -> list[str]:
    """A ``###`` comment, in English, for each team bye and match forfeited whole that a team
    event's TRF16 cannot hold (:func:`~tournaments.services.trf_teams.trf16_losses`)."""
    from ..trf_teams import trf16_losses

    with translation.override("en"):
        return [f"### Export: TRF16 has no record for {item}" for item in trf16_losses(tournament)]


def _application_text(
    tournament: Tournament, version: int, comments: list[str], source: str | None
) -> str:
    """The tournament as the application writes it, from the database (and, for an imported
    tournament, the ``source`` file's own 182); a team event with its team records."""
    if tournament.is_team_event:
        from ..trf_teams import team_application_text

        return team_application_text(tournament, version, comments, source)
    sheet = _with_announced_byes(tournament, _with_games_awaiting_results(tournament))
    records = list(_header_records(tournament, sheet, version, source))
    records += [TrfRecord(text) for text in comments]
    try:
        document = TrfDocument.from_sheet(sheet, records=records, ranks=standing_ranks(tournament))
        return write_trf(document, version=version)
    except TrfError as error:
        raise TournamentError(str(error)) from None


def _with_games_awaiting_results(tournament: Tournament) -> TournamentSheet:
    """The sheet with the games paired but not yet decided (a draft round's, a round being
    played) written as games: opponent and colour, result blank. Without them a pairing
    program would pair the next round on top of a round already paired."""
    sheet = tournament_sheet(tournament)
    waiting = Pairing.objects.filter(
        round__tournament=tournament,
        black__isnull=False,
        result=Result.NOT_PLAYED,
        white__start_rank__isnull=False,
        black__start_rank__isnull=False,
    ).values_list("round__number", "white__start_rank", "black__start_rank")
    paired: dict[int, dict[int, RoundEntry]] = {}
    for number, white, black in waiting:
        paired.setdefault(white, {})[number] = RoundEntry(
            number, Outcome.NOT_PAIRED, black, Color.WHITE
        )
        paired.setdefault(black, {})[number] = RoundEntry(
            number, Outcome.NOT_PAIRED, white, Color.BLACK
        )
    if not paired:
        return sheet
    players = [
        replace(
            player,
            rounds=tuple(
                paired.get(player.start_rank, {}).get(entry.round, entry) for entry in player.rounds
            ),
        )
        for player in sheet.players
    ]
    return replace(sheet, players=players)


def _player_keys(tournament: Tournament) -> dict[int, str]:
    return {
        rank: str(pk)
        for rank, pk in tournament.players.filter(start_rank__isnull=False).values_list(
            "start_rank", "pk"
        )
    }
