"""Board prizes of a team event: for each board, the players who played on it, ranked by
their percentage score.

A player's record on a board counts the games he played on that board over the board
(forfeits and byes are not games: FIDE's rules for unplayed games), his points in them, the
percentage and the performance rating of the rated ones (C.07's TPR,
:func:`tournaments.scoring.ratings.performance_rating`: the opponents' average rating plus dp
of the score; games against unrated opponents and games not rated left out). A player who
played on two boards has a record on each.

Players with at least the minimum number of games are ranked by percentage, then by more
games, then by performance; the others are listed after them without a place. The minimum is
the event's, as its regulations word it (a number of games, or a share of the rounds:
:meth:`tournaments.models.Tournament.board_prize_minimum`); where they say nothing, the
number of games most records have (the larger when two counts are as common).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from tournaments.reports.tables import Cell, Column, Table
from tournaments.reports.team_tables import HEADING, TeamPlayer, points_cell
from tournaments.scoring.ratings import RatedGame, performance_rating
from tournaments.scoring.sheet import Outcome
from tournaments.scoring.teams.sheet import TeamSheet

_RATED_SCORE = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2), Outcome.LOSS: Fraction(0)}
"""The outcomes that count for rating (as :func:`tournaments.scoring.ratings.rated_games`)."""


@dataclass
class BoardRecord:
    """A player's games on one board."""

    board: int
    player: int
    team: int
    games: int = 0
    points: Fraction = Fraction(0)
    rated: list[RatedGame] = field(default_factory=list)

    @property
    def percentage(self) -> Fraction:
        return 100 * self.points / self.games if self.games else Fraction(0)

    @property
    def performance(self) -> int | None:
        return performance_rating(self.rated)


def board_records(sheet: TeamSheet, players: Mapping[int, TeamPlayer]) -> list[BoardRecord]:
    """Every (board, player) record of games played over the board."""
    records: dict[tuple[int, int], BoardRecord] = {}
    for team_round in sheet.each_round():
        for match in team_round.matches:
            for board in match.boards:
                if not board.played or board.player_a is None or board.player_b is None:
                    continue
                sides = (
                    (board.player_a, match.team_a, board.outcome_a, board.player_b),
                    (board.player_b, match.team_b, board.outcome_b, board.player_a),
                )
                for player, team, outcome, opponent in sides:
                    key = (board.number, player)
                    record = records.setdefault(key, BoardRecord(board.number, player, team))
                    record.games += 1
                    record.points += sheet.game_points.points(outcome)
                    rating = _rating(players, opponent)
                    if outcome in _RATED_SCORE and rating > 0:
                        record.rated.append(RatedGame(rating, _RATED_SCORE[outcome]))
    return sorted(records.values(), key=lambda r: (r.board, r.player))


def _rating(players: Mapping[int, TeamPlayer], number: int) -> int:
    player = players.get(number)
    return player.rating if player is not None else 0


def usual_games(records: list[BoardRecord]) -> int:
    """The number of games most records have (the larger on a tie); 0 without records."""
    counts = Counter(record.games for record in records)
    return max(counts, key=lambda games: (counts[games], games), default=0)


def _key(record: BoardRecord) -> tuple[Fraction, int, int]:
    """Better first: higher percentage, more games, higher performance."""
    performance = record.performance
    return (-record.percentage, -record.games, -(performance or 0))


def ranked_records(
    records: list[BoardRecord], min_games: int
) -> list[tuple[str, int | None, BoardRecord]]:
    """One board's records in order: ``(place, first place, record)``, a shared place as
    ``"2–3"``, ``"-"`` (and ``None``) for a record with fewer than ``min_games`` games."""
    eligible = sorted(
        (r for r in records if r.games >= min_games), key=lambda r: (_key(r), r.player)
    )
    others = sorted((r for r in records if r.games < min_games), key=lambda r: (_key(r), r.player))
    ranked: list[tuple[str, int | None, BoardRecord]] = []
    index = 0
    while index < len(eligible):
        tied = [r for r in eligible[index:] if _key(r) == _key(eligible[index])]
        first, last = index + 1, index + len(tied)
        place = str(first) if first == last else f"{first}–{last}"
        ranked += [(place, first, record) for record in tied]
        index += len(tied)
    return ranked + [("-", None, record) for record in others]


def board_prizes_table(
    sheet: TeamSheet,
    players: Mapping[int, TeamPlayer],
    *,
    min_games: int | None = None,
    share: int | None = None,
) -> Table:
    """For each board a heading line, then its players: place, number, name, team, rating,
    games, points, percentage, performance. ``min_games`` ``None``: :func:`usual_games`;
    ``share``: the percentage of the rounds ``min_games`` comes from, which the note names."""
    records = board_records(sheet, players)
    minimum = usual_games(records) if min_games is None else min_games
    columns = (
        Column(_("Rk")),
        Column(_("No.")),
        Column(pgettext("person", "Name"), "left", "name"),
        Column(_("Team"), "left", "name"),
        Column(_("Rtg")),
        Column(_("Games")),
        Column(_("Pts")),
        Column("%"),
        Column(_("Perf."), title=_("Performance rating")),
    )
    rows: list[tuple[Cell, ...]] = []
    for board in range(1, sheet.boards + 1):
        on_board = [record for record in records if record.board == board]
        if not on_board:
            continue
        label = _("Board %(board)d") % {"board": board}
        rows.append(
            tuple(Cell(label if i == 2 else "", style=HEADING) for i in range(len(columns)))
        )
        for place, first, record in ranked_records(on_board, minimum):
            rows.append(_record_cells(sheet, players, place, first, record))
    notes = (
        " ".join(
            (
                _("Games played over the board only (forfeits and byes are not counted)."),
                _minimum_note(minimum, share, sheet.played_rounds),
                _(
                    "Ranked by percentage, then more games, then performance rating (rated "
                    "games only)."
                ),
            )
        ),
    )
    return Table(
        _("Board prizes after round %(round)d") % {"round": sheet.played_rounds},
        columns,
        tuple(rows),
        notes,
        name=f"board-prizes-round-{sheet.played_rounds}",
    )


def _minimum_note(games: int, share: int | None, rounds: int) -> str:
    """The games to be ranked, and the share of the rounds they come from when set so."""
    if share is not None:
        return ngettext(
            "At least %(games)d game (%(share)d%% of %(rounds)d rounds) to be ranked.",
            "At least %(games)d games (%(share)d%% of %(rounds)d rounds) to be ranked.",
            games,
        ) % {"games": games, "share": share, "rounds": rounds}
    return ngettext(
        "At least %(games)d game to be ranked.", "At least %(games)d games to be ranked.", games
    ) % {"games": games}


def _record_cells(
    sheet: TeamSheet,
    players: Mapping[int, TeamPlayer],
    place: str,
    first: int | None,
    record: BoardRecord,
) -> tuple[Cell, ...]:
    player = players.get(record.player)
    rating = player.rating if player is not None else 0
    performance = record.performance
    return (
        Cell(place, sort=first),
        Cell(str(record.player), sort=record.player),
        Cell(player.name if player is not None else ""),
        Cell(sheet.team(record.team).name, style="left"),
        Cell(str(rating) if rating else "", sort=rating),
        Cell(str(record.games), sort=record.games),
        points_cell(record.points),
        Cell(f"{float(record.percentage):.1f}", sort=float(record.percentage)),
        Cell(str(performance) if performance is not None else "", sort=performance),
    )
