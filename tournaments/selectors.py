"""Reads: the scoring sheet of a tournament, and the lists pages show.

The sheet is built with a fixed number of queries (boards, players, their ratings from a
round on), whatever the number of players or rounds: scoring then runs in memory.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import replace
from fractions import Fraction
from operator import attrgetter
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from games.rules.rulesets import OnlineRatingTable as RulesetTable
from games.rules.rulesets import get_ruleset
from tournaments.models import (
    Absence,
    Acceleration,
    ByeKind,
    ForbiddenPair,
    InitialColor,
    Pairing,
    PairingSystem,
    Player,
    RatingReportCorrection,
    RatingType,
    Result,
    Round,
    RoundRating,
    Tournament,
    TournamentLog,
    WithdrawalRule,
)
from tournaments.models.player import (
    RATING_FIELDS,
    birth_text,
    tournament_rater,
    tournament_rating_field,
)
from tournaments.pairing import PairingState
from tournaments.pairing.acceleration import baku_accelerations
from tournaments.pairing.double_swiss.standings import single_forfeits_as_played
from tournaments.scoring.lots import break_remaining_ties
from tournaments.scoring.ratings import (
    OnlineRatingTable,
    RatedGame,
    RateOfPlay,
    fide_k_factor,
    fide_rating_changes,
    online_abandonment_changes,
    online_rating_changes,
    rated_games,
)
from tournaments.scoring.sheet import Color, Outcome, PlayerSheet, RoundEntry, TournamentSheet
from tournaments.scoring.standings import (
    Exclusion,
    Standings,
    StandingsNotFinalError,
    compute_standings,
    early_withdrawals,
)
from tournaments.scoring.tiebreaks import TieBreakSettings, TieBreakSpec, parse_tiebreaks
from tournaments.scoring.tournament_rating import OfficialRatings


def visible_rounds(tournament: Tournament, *, drafts: bool) -> QuerySet[Round]:
    """The rounds a reader may see, in order: published and finished ones, and the draft
    round too for ``drafts`` (the event's arbiters). A draft is nobody else's business: its
    pairings, byes and points appear nowhere public until it is published."""
    rounds = tournament.rounds.order_by("number")
    return rounds if drafts else rounds.exclude(status=Round.Status.DRAFT)


def tournament_list(*, public_only: bool = True) -> QuerySet[Tournament]:
    tournaments = Tournament.objects.all()
    return tournaments.filter(public=True) if public_only else tournaments


SHEET_COLUMNS = (
    "round__number",
    "white_id",
    "white__start_rank",
    "black_id",
    "black__start_rank",
    "bye",
    "result",
    "unrated",
)
"""What the standings sheet reads of each board, and nothing more."""


def _boards(tournament: Tournament, after_round: int | None) -> QuerySet[Pairing]:
    boards = Pairing.objects.filter(round__tournament=tournament)
    if after_round is not None:
        boards = boards.filter(round__number__lte=after_round)
    return boards


def _entries(
    tournament: Tournament, after_round: int | None
) -> tuple[dict[int, list[RoundEntry]], int]:
    """Every player's round entries by player id, and the last round with boards."""
    rows = _boards(tournament, after_round).values_list(*SHEET_COLUMNS)
    entries: dict[int, list[RoundEntry]] = defaultdict(list)
    # A board's outcomes depend on its result and flag alone: worked out once per kind.
    outcomes = _CachedOutcomes()
    last = 0
    for number, white, white_rank, black, black_rank, bye, result, unrated in rows:
        if number > last:
            last = number
        if black is None:
            entries[white].append(RoundEntry(number, outcomes.bye(bye)))
            continue
        white_outcome, black_outcome = outcomes.game(result, unrated)
        if white_outcome == Outcome.NOT_PAIRED:
            # Not played (yet), or void: no game on the sheet.
            entries[white].append(RoundEntry(number, white_outcome))
            entries[black].append(RoundEntry(number, black_outcome))
            continue
        entries[white].append(RoundEntry(number, white_outcome, black_rank, Color.WHITE))
        entries[black].append(RoundEntry(number, black_outcome, white_rank, Color.BLACK))
    return entries, last


class _CachedOutcomes:
    """:meth:`Result.outcomes` and :attr:`ByeKind.outcome`, each computed once per value."""

    def __init__(self) -> None:
        self._games: dict[tuple[str, bool], tuple[Outcome, Outcome]] = {}
        self._byes: dict[str, Outcome] = {}

    def game(self, result: str, unrated: bool) -> tuple[Outcome, Outcome]:
        found = self._games.get((result, unrated))
        if found is None:
            found = self._games[result, unrated] = Result(result).outcomes(unrated=unrated)
        return found

    def bye(self, bye: str) -> Outcome:
        found = self._byes.get(bye)
        if found is None:
            found = self._byes[bye] = ByeKind(bye).outcome
        return found


def tournament_sheet(tournament: Tournament, after_round: int | None = None) -> TournamentSheet:
    """The outcome sheet scoring works on, up to ``after_round`` (default: every round paired).

    Players without a starting rank (not yet numbered) are left out. Three queries.
    """
    return _sheet_and_expelled(tournament, after_round)[0]


_PLAYER_COLUMNS = (
    "pk",
    "start_rank",
    "name",
    "status",
    "title",
    "federation",
    "fide_id",
    "sex",
    "birth_date",
    "birth_year",
    "rating_standard",
    "rating_rapid",
    "rating_blitz",
    "rating_national",
    "rating_other",
    "external_tiebreak",
    "withdrawn_after_round",
)
"""What the sheet reads of each player: columns, not model instances (a thousand players'
instances cost more than all their games' rows)."""


def _sheet_and_expelled(
    tournament: Tournament, after_round: int | None
) -> tuple[TournamentSheet, list[int]]:
    """The sheet, and the starting ranks of the expelled players (from the same query)."""
    entries, last = _entries(tournament, after_round)
    rounds = after_round if after_round is not None else last
    numbered = Player.objects.filter(tournament=tournament, start_rank__isnull=False)
    later: dict[int, list[tuple[int, int]]] = defaultdict(list)
    ratings = RoundRating.objects.filter(player__in=numbered).order_by("from_round")
    for player_id, from_round, rating in ratings.values_list("player_id", "from_round", "rating"):
        later[player_id].append((from_round, rating))
    rating_field = RATING_FIELDS[RatingType(tournament.rating_type)]
    rate = tournament_rater(tournament)
    unpaired = [RoundEntry(number, Outcome.NOT_PAIRED) for number in range(rounds + 1)]
    every_round = list(range(1, rounds + 1))
    sheets = []
    expelled = []
    for player in numbered.order_by("start_rank").values(*_PLAYER_COLUMNS):
        if player["status"] == Player.Status.EXPELLED:
            expelled.append(player["start_rank"])
        official = OfficialRatings(
            standard=player["rating_standard"],
            rapid=player["rating_rapid"],
            blitz=player["rating_blitz"],
            national=player["rating_national"],
        )
        external = player["external_tiebreak"]
        sheets.append(
            PlayerSheet(
                start_rank=player["start_rank"],
                name=player["name"],
                rating=player[rating_field] or 0,
                tiebreak_rating=rate(official, player["rating_other"]).rating or 0,
                external=None if external is None else Fraction(external),
                later_ratings=tuple(later.get(player["pk"], ())),
                title=player["title"],
                federation=player["federation"],
                fide_id=player["fide_id"],
                sex=player["sex"],
                birth=birth_text(player["birth_date"], player["birth_year"]),
                rounds=_in_order(entries.get(player["pk"], []), every_round, unpaired),
                withdrawn_after=player["withdrawn_after_round"],
            )
        )
    return TournamentSheet(
        name=tournament.name,
        rounds=rounds,
        players=tuple(sheets),
        points=tournament.point_system(),
        start_date=tournament.start_date,
        extra=_header(tournament),
    ), expelled


def _in_order(
    entries: list[RoundEntry], every_round: list[int], unpaired: list[RoundEntry]
) -> tuple[RoundEntry, ...]:
    """A player's entries, one a round in order: ``unpaired[n]`` for a round without one."""
    if list(map(_ROUND, entries)) == every_round:
        return tuple(entries)  # the usual case: the boards came in round order
    by_round = {entry.round: entry for entry in entries}
    return tuple(by_round.get(number) or unpaired[number] for number in every_round)


_ROUND = attrgetter("round")


def _header(tournament: Tournament) -> dict[str, str]:
    """Event data a TRF file or report prints, keyed by field name."""
    return {
        "place": tournament.place,
        "federation": tournament.federation,
        "end_date": tournament.end_date.isoformat() if tournament.end_date else "",
        "chief_arbiter": tournament.chief_arbiter,
        "deputy_arbiters": tournament.deputy_arbiters,
        "time_control": tournament.time_control,
        "system": tournament.system,
        "number_of_rounds": str(tournament.number_of_rounds),
        "tiebreaks": ",".join(tournament.tiebreaks),
    }


def _under_18(player: Player, year: int) -> bool:
    born = player.birth_date.year if player.birth_date else player.birth_year
    return born is not None and year - born < 18


def k_factors(tournament: Tournament, sheet: TournamentSheet) -> dict[int, int]:
    """Each player's K: the FIDE list's when stored, else FIDE's rule from what is known
    (an unknown history counts as 30 games or more; 2400 reached if the rating is 2400+)."""
    year = (tournament.start_date or timezone.now().date()).year
    rate_of_play = RateOfPlay(tournament.rating_type)
    players = Player.objects.filter(tournament=tournament, start_rank__isnull=False)
    by_rank = {player.start_rank: player for player in players}
    factors = {}
    for entry in sheet.players:
        player = by_rank[entry.start_rank]
        factors[entry.start_rank] = player.k_factor or fide_k_factor(
            rating=entry.rating,
            rated_games=30,
            under_18=_under_18(player, year),
            reached_2400=entry.rating >= 2400,
            rate_of_play=rate_of_play,
        )
    return factors


_ONLINE_TABLES = {
    RulesetTable.FIRST: OnlineRatingTable.DIFFERENCE_TENTHS,
    RulesetTable.SECOND: OnlineRatingTable.BANDS,
}


def rating_report_sheet(tournament: Tournament, sheet: TournamentSheet) -> TournamentSheet:
    """The sheet as the rating report sees it: boards corrected for the rating report only
    (FIDE C.04.2 4.3) take their corrected result; pairings and standings keep the sheet's."""
    corrections = RatingReportCorrection.objects.filter(
        pairing__round__tournament=tournament,
        pairing__round__number__lte=sheet.rounds,
        pairing__white__start_rank__isnull=False,
        pairing__black__start_rank__isnull=False,
    ).values_list(
        "pairing__round__number",
        "pairing__white__start_rank",
        "pairing__black__start_rank",
        "result",
    )
    corrected: dict[tuple[int, int], RoundEntry] = {}
    for number, white, black, result in corrections:
        white_outcome, black_outcome = Result(result).outcomes()
        corrected[white, number] = RoundEntry(number, white_outcome, black, Color.WHITE)
        corrected[black, number] = RoundEntry(number, black_outcome, white, Color.BLACK)
    if not corrected:
        return sheet
    players = tuple(
        replace(
            player,
            rounds=tuple(
                corrected.get((player.start_rank, entry.round), entry) for entry in player.rounds
            ),
        )
        for player in sheet.players
    )
    return replace(sheet, players=players)


def rating_changes(tournament: Tournament, sheet: TournamentSheet) -> dict[int, Fraction]:
    """Each rated player's rating change: FIDE's, or the online room's table under its ruleset,
    from the results as the rating report takes them (:func:`rating_report_sheet`)."""
    sheet = rating_report_sheet(tournament, sheet)
    table = get_ruleset(tournament.ruleset).online_rating_table
    if table is None:
        return fide_rating_changes(sheet, k_factors(tournament, sheet))
    ratings = {player.start_rank: player.rating for player in sheet.players}
    left = abandoned_games(tournament)
    ruleset = get_ruleset(tournament.ruleset)

    def change(number: int, game: RatedGame) -> Fraction:
        leaver = left.get((game.round, number)) or left.get((game.round, game.opponent))
        if leaver is None:
            return online_rating_changes(
                ratings[number], game.opponent_rating, game.score, _ONLINE_TABLES[table]
            )[0]
        leaver_rank, moves = leaver
        stayer_rank = game.opponent if leaver_rank == number else number
        leaver_change, stayer_change = online_abandonment_changes(
            ratings[leaver_rank],
            ratings[stayer_rank],
            moves,
            _ONLINE_TABLES[table],
            multiplier=ruleset.abandonment_loss_multiplier,
            draw_after_moves=(
                ruleset.abandonment_draw_after_moves
                if ruleset.abandonment_draw_after_moves is not None
                else sys.maxsize
            ),
        )
        return leaver_change if leaver_rank == number else stayer_change

    return {
        number: sum((change(number, game) for game in games), Fraction(0))
        for number, games in rated_games(sheet).items()
    }


def abandoned_games(tournament: Tournament) -> dict[tuple[int, int], tuple[int, int]]:
    """Games one player left (the online room's abandonment, ruled and applied), by
    ``(round, leaver's starting rank)``: the leaver's starting rank and the moves made."""
    from games.models import Incident, IncidentKind

    incidents = Incident.objects.filter(
        kind=IncidentKind.ABANDONMENT,
        applied=True,
        game__pairing__round__tournament=tournament,
    ).select_related("game__pairing__round", "game__pairing__white", "game__pairing__black")
    left = {}
    for incident in incidents:
        pairing = incident.game.pairing
        leaver = pairing.white if incident.facts.get("by") == "white" else pairing.black
        if leaver is None or not leaver.start_rank:
            continue
        moves = int(incident.ruling.get("details", {}).get("moves_made", incident.plies // 2))
        left[(pairing.round.number, leaver.start_rank)] = (leaver.start_rank, moves)
    return left


def standings_exclusions(
    tournament: Tournament, sheet: TournamentSheet, expelled: Sequence[int]
) -> dict[int, Exclusion]:
    """Players the standings list without a place, by starting rank.

    Swiss: expelled players (FIDE checklist I48). Round robin under the FIDE withdrawal rule
    (the default): players who left having completed fewer than half of their games (C.05).
    """
    if tournament.is_round_robin:
        if tournament.round_robin_withdrawals != WithdrawalRule.FIDE:
            return {}
        cycles = 2 if tournament.system == PairingSystem.DOUBLE_ROUND_ROBIN else 1
        games_each = (len(sheet.players) - 1) * cycles
        return dict.fromkeys(early_withdrawals(sheet, games_each=games_each), Exclusion.ANNULLED)
    return dict.fromkeys(expelled, Exclusion.EXPELLED)


def missing_results(
    tournament: Tournament, after_round: int | None = None
) -> list[tuple[int, int]]:
    """``(round, board)`` of every game without a result yet (adjourned games apart)."""
    boards = Pairing.objects.filter(
        round__tournament=tournament, black__isnull=False, result=Result.NOT_PLAYED
    )
    if after_round is not None:
        boards = boards.filter(round__number__lte=after_round)
    return list(boards.order_by("round__number", "board").values_list("round__number", "board"))


def open_adjournments(tournament: Tournament) -> list[tuple[int, int]]:
    """``(round, board)`` of every adjourned game still to be decided."""
    boards = Pairing.objects.filter(round__tournament=tournament, result=Result.ADJOURNED)
    return list(boards.order_by("round__number", "board").values_list("round__number", "board"))


def tournament_standings(
    tournament: Tournament,
    *,
    after_round: int | None = None,
    tiebreaks: Sequence[str] | None = None,
    final: bool = False,
) -> Standings:
    """Standings by points and the event's tie-breaks (or ``tiebreaks``), as
    :func:`sheet_and_standings` computes them; without the sheet, a Swiss's usual
    tie-breaks are computed in columns (:mod:`tournaments.scoring.columns`), in two
    queries (three with ``final``)."""
    if final:
        _refuse_missing_results(tournament, after_round)
    specs = parse_tiebreaks(tournament.player_tiebreaks if tiebreaks is None else tiebreaks)
    standings = None
    if not tournament.plays_matches:  # the columns know nothing of matches
        standings = _columnar_standings(tournament, after_round, specs, final)
    if standings is None:
        return _standings_on_sheet(tournament, after_round, specs, final)[1]
    return break_remaining_ties(standings, order=tournament.tie_order, seed=tournament.lots_seed)


def sheet_and_standings(
    tournament: Tournament,
    *,
    after_round: int | None = None,
    tiebreaks: Sequence[str] | None = None,
    final: bool = False,
) -> tuple[TournamentSheet, Standings]:
    """The outcome sheet and the standings computed from it: for a report that prints both,
    the sheet is read once. Three queries (four with ``final``).

    Withdrawn players are marked; expelled players of a Swiss and a round robin's early
    withdrawals are listed without a place (:func:`standings_exclusions`).
    Raises the scoring package's ``TieBreakError`` for an unknown tie-break and
    ``StandingsNotFinalError`` when ``final`` is asked while a game is adjourned or a result
    is missing (FIDE checklist G42).
    """
    if final:
        _refuse_missing_results(tournament, after_round)
    specs = parse_tiebreaks(tournament.player_tiebreaks if tiebreaks is None else tiebreaks)
    return _standings_on_sheet(tournament, after_round, specs, final)


def _refuse_missing_results(tournament: Tournament, after_round: int | None) -> None:
    missing = missing_results(tournament, after_round)
    if missing:
        boards = ", ".join(f"round {r} board {b}" for r, b in missing)
        raise StandingsNotFinalError(
            f"the standings cannot be final while results are missing: {boards}"
        )


def _tiebreak_settings(tournament: Tournament) -> TieBreakSettings:
    return TieBreakSettings(
        unrated_rating=tournament.unrated_rating,
        unrated_left_out=tournament.unrated_left_out,
        per_round_ratings=tournament.round_ratings_in_tiebreaks,
        round_robin=tournament.is_round_robin,
    )


def _standings_on_sheet(
    tournament: Tournament, after_round: int | None, specs: Sequence[TieBreakSpec], final: bool
) -> tuple[TournamentSheet, Standings]:
    sheet, expelled = _sheet_and_expelled(tournament, after_round)
    # A Double-Swiss match's single forfeited game counts as played (C.04.5, Preface) for the
    # standings; the sheet returned, printed in the crosstable, keeps the forfeit.
    scored = single_forfeits_as_played(sheet) if tournament.plays_matches else sheet
    standings = compute_standings(
        scored,
        specs,
        settings=_tiebreak_settings(tournament),
        final=final,
        excluded=standings_exclusions(tournament, sheet, expelled),
    )
    # The arbiter's order and the drawing of lots come after every tie-break (checklist I47).
    return sheet, break_remaining_ties(
        standings, order=tournament.tie_order, seed=tournament.lots_seed
    )


STANDINGS_BOARD_COLUMNS = (
    "round__number",
    "white__start_rank",
    "black__start_rank",
    "bye",
    "result",
    "unrated",
)
"""What the standings computed in columns read of each board."""

_STANDINGS_PLAYER_COLUMNS = ("start_rank", "name", "status", "withdrawn_after_round")
"""What the standings computed in columns read of each player, besides his ratings."""
_TOURNAMENT_RATING_COLUMNS = tuple(f"rating_{name}" for name in (*OfficialRatings._fields, "other"))
"""The fields a tournament rating is made from: the official ratings, and the "other"."""


def _columns_of(rows: Iterable[tuple[Any, ...]], width: int) -> list[tuple[Any, ...]]:
    """Rows as columns (``width`` empty ones when there is no row)."""
    return list(zip(*rows, strict=True)) or [()] * width


def _tournament_ratings(
    tournament: Tournament, field: str | None, ratings: Sequence[Sequence[Any]]
) -> list[int]:
    """Each player's tournament rating (0: unrated) from his rating columns: ``field``'s
    alone when the tournament's rule reads that one list (no rule applied per player),
    else every field of :data:`_TOURNAMENT_RATING_COLUMNS`."""
    if field is not None:
        return [rating or 0 for rating in ratings[0]]
    rate = tournament_rater(tournament)
    return [
        rate(OfficialRatings(*official), other).rating or 0
        for *official, other in zip(*ratings, strict=True)
    ]


def _columnar_standings(
    tournament: Tournament, after_round: int | None, specs: Sequence[TieBreakSpec], final: bool
) -> Standings | None:
    """The standings computed in columns, or ``None`` when they are computed on the sheet
    (tie-breaks or settings outside the columns' scope, or a sheet the sheet's checks must
    name the fault of)."""
    # numpy is imported on the first standings read, not by every process that starts
    # Django: a management command's start-up is part of its time.
    from tournaments.scoring import columns

    settings = _tiebreak_settings(tournament)
    points = tournament.point_system()
    if not columns.covers(specs, settings):
        return None
    rows = _boards(tournament, after_round).values_list(*STANDINGS_BOARD_COLUMNS)
    numbers, whites, blacks, byes, results, unrated = _columns_of(
        rows, len(STANDINGS_BOARD_COLUMNS)
    )
    # A board's outcomes depend on its bye, result and flag alone: decoded once per kind.
    kinds = {key: kind for kind, key in enumerate(set(zip(byes, results, unrated, strict=True)))}
    outcomes = [
        (ByeKind(bye).outcome, None) if bye else Result(result).outcomes(unrated=flag)
        for bye, result, flag in kinds
    ]
    boards = columns.Boards(
        numbers,
        whites,
        blacks,
        list(map(kinds.__getitem__, zip(byes, results, unrated, strict=True))),
        outcomes,
    )
    numbered = Player.objects.filter(tournament=tournament, start_rank__isnull=False)
    field = tournament_rating_field(tournament)
    rating_columns = _TOURNAMENT_RATING_COLUMNS if field is None else (field,)
    player_rows = numbered.values_list(*_STANDINGS_PLAYER_COLUMNS, *rating_columns)
    ranks, names, statuses, withdrawn_after, *ratings = _columns_of(
        player_rows, len(_STANDINGS_PLAYER_COLUMNS) + len(rating_columns)
    )
    players = columns.Players(
        ranks, names, _tournament_ratings(tournament, field, ratings), withdrawn_after
    )
    expelled = [
        rank
        for rank, status in zip(ranks, statuses, strict=True)
        if status == Player.Status.EXPELLED
    ]
    return columns.columnar_standings(
        players,
        boards,
        rounds=after_round if after_round is not None else max(numbers, default=0),
        points=points,
        specs=specs,
        settings=settings,
        start_date=tournament.start_date,
        excluded=dict.fromkeys(expelled, Exclusion.EXPELLED),
        final=final,
    )


_REQUESTED_BYES = {
    Absence.Kind.HALF_POINT_BYE: Outcome.HALF_BYE,
    Absence.Kind.ZERO_POINT_BYE: Outcome.ZERO_BYE,
    Absence.Kind.FULL_POINT_BYE: Outcome.FULL_BYE,
}


def pairing_state(tournament: Tournament, round_number: int) -> PairingState:
    """What a pairing engine or the round check needs to pair ``round_number``.

    Late entries who start later are left out; expelled players count as withdrawn; an
    unrated player is paired with his provisional pairing rating, when given. Five queries.
    """
    sheet = tournament_sheet(tournament, after_round=round_number - 1)
    players = Player.objects.filter(tournament=tournament, start_rank__isnull=False)
    by_rank = {p.start_rank: p for p in players}
    entrants = []
    for entry in sheet.players:
        player = by_rank[entry.start_rank]
        if player.first_round > round_number:
            continue
        if player.status == Player.Status.EXPELLED and entry.withdrawn_after is None:
            entry = replace(entry, withdrawn_after=round_number - 1)
        if not entry.rating and player.pairing_rating:
            # The arbiter's provisional rating pairs an unrated player (the Dubov system's
            # order and ARO), here only: the sheet the reports read keeps him unrated.
            entry = replace(entry, rating=player.pairing_rating)
        entrants.append(entry)
    absences = Absence.objects.filter(player__tournament=tournament, round_number=round_number)
    return PairingState(
        sheet=replace(sheet, players=tuple(entrants)),
        round=round_number,
        requested_byes={
            by_rank_id: _REQUESTED_BYES[Absence.Kind(kind)]
            for by_rank_id, kind in absences.values_list("player__start_rank", "kind")
            if by_rank_id is not None
        },
        planned_rounds=tournament.number_of_rounds,
        accelerations=tournament_accelerations(tournament),
        forbidden=forbidden_rank_pairs(tournament, round_number),
        initial_color=initial_color(tournament),
    )


def tournament_accelerations(tournament: Tournament) -> dict[int, tuple[Fraction, ...]]:
    """Virtual points by starting rank and round, when the tournament is accelerated: Baku's,
    or as an imported file gave them (XXA / record 250)."""
    if tournament.acceleration == Acceleration.FILE:
        return {
            int(rank): tuple(Fraction(points) for points in by_round)
            for rank, by_round in tournament.virtual_points.items()
        }
    if tournament.acceleration != Acceleration.BAKU:
        return {}
    ranks = Player.objects.filter(tournament=tournament, start_rank__isnull=False)
    last_ga = tournament.baku_last_ga
    return baku_accelerations(
        list(ranks.values_list("start_rank", flat=True)),
        tournament.number_of_rounds,
        last_ga_rank=last_ga.start_rank if last_ga is not None else None,
    )


def forbidden_rank_ranges(tournament: Tournament) -> tuple[tuple[int, int, int, int | None], ...]:
    """The forbidden pairs (FIDE checklist D30) by starting rank, each with the first and
    last round it holds in (``None``: to the last round)."""
    pairs = ForbiddenPair.objects.filter(
        tournament=tournament, first__start_rank__isnull=False, second__start_rank__isnull=False
    ).values_list("first__start_rank", "second__start_rank", "from_round", "to_round")
    return tuple(sorted((min(a, b), max(a, b), first, last) for a, b, first, last in pairs))


def forbidden_rank_pairs(tournament: Tournament, round_number: int) -> tuple[tuple[int, int], ...]:
    """The pairs of starting ranks the engine and the checks must not pair in ``round_number``."""
    return tuple(
        (a, b)
        for a, b, first, last in forbidden_rank_ranges(tournament)
        if first <= round_number and (last is None or round_number <= last)
    )


def initial_color(tournament: Tournament) -> Color:
    """The top seed's colour in round 1 (white until drawn or set)."""
    return Color.BLACK if tournament.initial_color == InitialColor.BLACK else Color.WHITE


def fide_mode_mark(tournament: Tournament) -> str:
    """The permanent mark of a tournament that left FIDE mode (FIDE checklist A5), printed on
    every page and report; empty while it runs in FIDE mode."""
    if tournament.fide_mode:
        return ""
    exit_ = tournament.log.filter(kind=TournamentLog.Kind.FIDE_MODE_EXIT).last()
    if exit_ is None:
        return _("Not run in FIDE mode.")
    if exit_.round_number:
        return _("Not run in FIDE mode: left it after round %(round)s was paired (%(reason)s).") % {
            "round": exit_.round_number,
            "reason": exit_.reason,
        }
    return _("Not run in FIDE mode: left it before round 1 (%(reason)s).") % {
        "reason": exit_.reason
    }
