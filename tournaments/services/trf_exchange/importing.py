"""Importing a TRF file: one transaction stores the event, its players and every round, or
nothing."""

from __future__ import annotations

from collections.abc import Collection

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.rules.text import NotTextError, refuse_binary
from tournaments.limits import file_size_refusal
from tournaments.models import (
    Absence,
    PairingSystem,
    Player,
    Round,
    Tournament,
    TournamentLog,
    TrfSource,
)
from tournaments.pairing.team_checker import is_team_document
from tournaments.trf import TrfDocument, TrfError, TrfRecord, read_trf
from tournaments.trf import merge as trf_merge

from ..audit import IMPORTED_ROUND_BREAKS_RULES, log_event
from ..configuration import create_tournament
from ..double_swiss import imported_match_checks
from ..errors import TournamentError
from ..warnings import Level, cautions, require_confirmation
from .exporting import _application_text, _player_keys
from .header import (
    _POINT_NAMES,
    _decimal,
    _initial_color,
    _ranked_ties,
    _rating_method,
    _system,
    _tiebreaks,
    _type_code_known,
    _variant,
    document_event_fields,
    unknown_type_code,
)
from .players import _announced_absences, _player, _store_checked
from .records import (
    _apply_abnormal_points,
    _apply_acceleration,
    _apply_forbidden_pairs,
    _apply_round_dates,
    _unused_records,
)
from .rounds import _breach_question, _round_checks, _store_rounds


def read_trf_file(text: str | bytes, filename: str = "") -> TrfDocument:
    """A TRF file an arbiter hands in (the import on every path, ``checktrf``), read; refused
    (:class:`TournamentError`, naming the file) over the size limit, when it is no text or
    cannot be read, and when no line of it is a player (``001``): random bytes that happen
    to start a line with a TRF code made an event of no player."""
    where = f"{filename}: " if filename else ""
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", errors="replace"))
    if refusal := file_size_refusal(size):
        raise TournamentError(f"{where}{refusal}")
    try:
        if isinstance(text, str):
            refuse_binary(text)
        document = read_trf(text)
    except (TrfError, NotTextError) as error:
        raise TournamentError(f"{where}{error}") from None
    if not document.players:
        raise TournamentError(
            where
            + _(
                "this is not a TRF file of a tournament: none of its %(lines)s lines is a "
                "player line (001)"
            )
            % {"lines": f"{len(document.entries):,}"}
        )
    return document


@transaction.atomic
def import_trf(
    text: str | bytes,
    *,
    user: AbstractBaseUser | None = None,
    filename: str = "",
    confirm: str = "",
) -> Tournament:
    """A new tournament from a TRF06/16/2026 file; refuses the whole file on any error.

    Each round of the file is checked against the pairing rules (FIDE checklist J51): a file
    whose rounds break them (a rematch, a third colour running, a colour difference over two,
    a second pairing-allocated bye, …) asks an L3 confirmation naming each round and rule
    (``confirm``) before anything is stored; stored, each such round is logged as ``###
    Import @ Round n``. How the rounds differ from our engine's pairing is not asked: another
    engine's legal choices are the file's to make.
    """
    document = read_trf_file(text, filename)
    if is_team_document(document):
        from ..trf_teams import import_team_event  # the team records' module, which uses this one

        return import_team_event(document, user=user, filename=filename, confirm=confirm)
    sheet = document.to_sheet()
    warnings = list(document.warnings)
    points = sheet.points
    system = _system(document, sheet)
    warnings += unknown_type_code(document, _type_code_known(document))
    round_robin = system in (PairingSystem.ROUND_ROBIN, PairingSystem.DOUBLE_ROUND_ROBIN)
    meetings = 2 if system == PairingSystem.DOUBLE_ROUND_ROBIN else 1
    if system == PairingSystem.DOUBLE_SWISS:
        breaches, notes = imported_match_checks(document), []
    else:
        breaches, notes = _round_checks(document, sheet, meetings)
    require_confirmation(
        cautions(Level.CONFIRM, [_breach_question(n, problems) for n, problems in breaches]),
        confirm,
        action="import-trf",
    )
    warnings += [_breach_question(number, problems) for number, problems in notes]
    tiebreaks, applied = _tiebreaks(document, round_robin, warnings)
    tournament = create_tournament(
        **document_event_fields(document, filename, warnings),
        system=system,
        number_of_rounds=max(document.planned_rounds or 0, sheet.rounds, 1),
        user=user,
        tiebreaks=tiebreaks,
        tie_order=[] if tiebreaks else _ranked_ties(document, sheet, warnings),
        rating_method=_rating_method(document),
        initial_color=_initial_color(document),
        variant=_variant(document),
        **{f"points_{name}": _decimal(getattr(points, name)) for name in _POINT_NAMES},
    )
    lines = {player.start_rank: player.line for player in document.players}
    players = {p.start_rank: _player(tournament, p, warnings) for p in sheet.players}
    _store_checked(players, lines)
    adjusted = _store_rounds(tournament, sheet, players, user, warnings)
    Absence.objects.bulk_create(_announced_absences(document, sheet.rounds, players, warnings))
    for apply in (
        _apply_acceleration,
        _apply_forbidden_pairs,
        _apply_round_dates,
        _apply_abnormal_points,
    ):
        notes, codes = apply(tournament, document, players)
        warnings += notes
        applied |= codes
    warnings += _unused_records(document, applied)
    log_event(
        tournament,
        TournamentLog.Kind.IMPORT,
        gettext_lazy("Imported %(file)s: %(players)s players, %(rounds)s rounds."),
        params={"file": filename or "TRF", "players": len(players), "rounds": sheet.rounds},
        user=user,
        round_number=sheet.rounds or None,
        reason="\n".join(warnings),
    )
    for comment in document.comments:
        log_event(tournament, TournamentLog.Kind.IMPORT, comment, user=user)
    _keep_source(tournament, document, players, filename, adjusted)
    commented = {
        comment.split(":", 1)[0].strip()
        for comment in document.comments
        if comment.startswith("Import @ Round ")
    }
    for number, problems in breaches:
        # Confirmed: ### Import @ Round n in the report, unless the file says it already.
        log_event(
            tournament,
            TournamentLog.Kind.IMPORT,
            (
                IMPORTED_ROUND_BREAKS_RULES
                if f"Import @ Round {number}" not in commented
                else gettext_lazy(
                    "Round %(round)s as imported breaks the pairing rules: %(problems)s"
                )
            ),
            params={
                "round": number,
                "source": Round.PairedBy.IMPORT.label,
                "problems": "; ".join(problems),
            },
            user=user,
            round_number=number,
        )
    return tournament


def _keep_source(
    tournament: Tournament,
    document: TrfDocument,
    players: dict[int, Player],
    filename: str,
    adjusted: Collection[tuple[int, int]] = (),
) -> None:
    """Keep the file, and how the application writes the tournament just imported, so that
    the export can tell what the arbiter changed since. The ``adjusted`` cells (starting
    rank, round), which the import stored otherwise than the file wrote them, count as
    changed: the export writes them as the application does."""
    keys = _player_keys(tournament)
    source = TrfSource.objects.create(
        tournament=tournament,
        filename=filename[:255],
        text="".join(line + "\n" for line in _source_lines(document)),
        players={str(rank): str(player.pk) for rank, player in players.items()},
    )
    renderings: dict[str, trf_merge.Rendering | None] = {}
    for version in (16, 2026):
        try:
            text = _application_text(tournament, version, [], source.text)
        except TournamentError:
            renderings[str(version)] = None  # e.g. an adjourned game, which TRF16 cannot hold
            continue
        rendering = trf_merge.stored(trf_merge.rendering(text, keys))
        for rank, number in adjusted:
            cells = rendering["players"].get(keys.get(rank), {}).get("cells", [])
            if number <= len(cells):
                cells[number - 1] = ""  # no cell the application writes: always changed
        renderings[str(version)] = rendering
    source.rendering = renderings
    source.save(update_fields=["rendering"])


def _source_lines(document: TrfDocument) -> list[str]:
    return [
        entry.text if isinstance(entry, TrfRecord) else entry.source for entry in document.entries
    ]


def import_warnings(tournament: Tournament) -> list[str]:
    """What the import of ``tournament`` noticed, one line each (empty if not imported)."""
    entry = tournament.log.filter(kind=TournamentLog.Kind.IMPORT).order_by("pk").first()
    return entry.reason.splitlines() if entry else []
