"""A round of a team event on the arbiter's round page: its matches by table, each team's
lineup, a match forfeited whole, and the match's boards with the ordinary result entry.

The boards of a match are ordinary boards of the round, so their results (and corrections)
go through :func:`tournaments.views.results.save_result` as in any event. A match's score is
its game points, its match points follow once every board is decided (C.07 Art. 11.1), as
the team scoring computes them from the team sheet.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.models import (
    LineupEntry,
    Match,
    MatchForfeit,
    Pairing,
    Player,
    Result,
    Round,
    Team,
    Tournament,
)
from tournaments.permissions import Action, tournament_action_required
from tournaments.scoring.standings import format_points
from tournaments.scoring.teams.points import TeamRoundResult, team_results
from tournaments.services import TournamentError, forfeit_match, set_lineup
from tournaments.team_sheet import rosters, team_sheet

from .common import add_problems
from .team_forms import LineupForm, MatchForfeitForm


@dataclass
class MatchRow:
    """A match (or a team's bye) as the round pages show it."""

    match: Match
    boards: list[Pairing] = field(default_factory=list)
    lineups: dict[int, list[Player | None]] = field(default_factory=dict)
    result_a: TeamRoundResult | None = None
    result_b: TeamRoundResult | None = None
    lineup_forms: list[LineupForm] = field(default_factory=list)
    forfeit_form: MatchForfeitForm | None = None

    @property
    def decided(self) -> bool:
        """Forfeited whole, or both lineups in and every game decided."""
        if self.match.forfeit:
            return True
        if self.match.is_bye or len(self.lineups) < 2:
            return False
        return all(Result(b.result).is_decided for b in self.boards if b.black_id)

    @property
    def locked(self) -> bool:
        """A result is in: the lineups stay (the service refuses a change)."""
        return any(b.black_id and b.result != Result.NOT_PLAYED for b in self.boards)

    @property
    def game_points(self) -> tuple[str, str]:
        return _points(self.result_a, "game_points"), _points(self.result_b, "game_points")

    @property
    def match_points(self) -> tuple[str, str]:
        return _points(self.result_a, "match_points"), _points(self.result_b, "match_points")

    @property
    def forfeit_text(self) -> str:
        """The match forfeit naming the team that wins it (C.07: a forfeited match)."""
        match = self.match
        if match.forfeit == MatchForfeit.A_WINS:
            return _("%(team)s wins by forfeit") % {"team": match.team_a}
        if match.forfeit == MatchForfeit.B_WINS:
            return _("%(team)s wins by forfeit") % {"team": match.team_b}
        return match.get_forfeit_display() if match.forfeit else ""

    def lineup_of(self, team: Team | None) -> list[Player | None]:
        return self.lineups.get(team.pk, []) if team is not None else []

    @property
    def lineup_rows(self) -> list[tuple[int, Player | None, Player | None]]:
        """Board by board, each team's player (before the boards are made)."""
        a, b = self.lineup_of(self.match.team_a), self.lineup_of(self.match.team_b)
        size = max(len(a), len(b))
        return [(board, _at(a, board - 1), _at(b, board - 1)) for board in range(1, size + 1)]


def _at(players: list[Player | None], index: int) -> Player | None:
    return players[index] if index < len(players) else None


def _points(result: TeamRoundResult | None, name: str) -> str:
    if result is None:
        return ""
    value: Fraction = getattr(result, name)
    return format_points(value)


def match_rows(
    tournament: Tournament,
    round_: Round,
    boards: list[Pairing],
    *,
    editable: bool = False,
    bound: dict[str, forms.Form] | None = None,
) -> list[MatchRow]:
    """The round's matches with their boards, lineups and points; with ``editable`` the
    lineup and forfeit forms (``bound``: forms sent back with their errors, by prefix)."""
    matches = round_.matches.select_related("team_a", "team_b").order_by("table")
    by_match: dict[int | None, list[Pairing]] = defaultdict(list)
    for board in boards:
        by_match[board.match_id].append(board)
    lineups: dict[int, dict[int, list[Player | None]]] = defaultdict(dict)
    entries = LineupEntry.objects.filter(match__round=round_).select_related("player")
    for entry in entries.order_by("match", "team", "board"):
        lineups[entry.match_id].setdefault(entry.team_id, []).append(entry.player)
    results = _round_results(tournament, round_.number)
    roster = rosters(tournament) if editable else {}
    rows = []
    for match in matches:
        row = MatchRow(match, by_match.get(match.pk, []), lineups.get(match.pk, {}))
        row.result_a = results.get(match.team_a.number or 0)
        if match.team_b is not None:
            row.result_b = results.get(match.team_b.number or 0)
        if editable and not match.is_bye:
            _attach_forms(row, tournament, roster, bound or {})
        rows.append(row)
    return rows


def match_row(tournament: Tournament, pairing: Pairing) -> MatchRow | None:
    """The match of a team event's board (its score and points as they stand), for the
    round page to show beside the board's saved result; ``None`` for an individual
    event's board."""
    if pairing.match_id is None:
        return None
    match = pairing.match
    assert match is not None
    boards = list(match.boards.all())
    rows = match_rows(tournament, pairing.round, boards)
    return next(row for row in rows if row.match.pk == match.pk)


def _round_results(tournament: Tournament, number: int) -> dict[int, TeamRoundResult]:
    """Each numbered team's result in round ``number``, by team pairing number."""
    found = {}
    for team, rounds in team_results(team_sheet(tournament, after_round=number)).items():
        for result in rounds:
            if result.round == number:
                found[team] = result
    return found


def lineup_prefix(match: Match, team: Team) -> str:
    return f"lineup-{match.table}-{team.pk}"


def forfeit_prefix(match: Match) -> str:
    return f"forfeit-{match.table}"


def _attach_forms(
    row: MatchRow,
    tournament: Tournament,
    roster: dict[int, list[Player]],
    bound: dict[str, forms.Form],
) -> None:
    match, boards = row.match, tournament.boards_per_match or 0
    if not match.forfeit and not row.locked:
        for team in (match.team_a, match.team_b):
            assert team is not None
            prefix = lineup_prefix(match, team)
            current = row.lineup_of(team)
            initial = {f"board_{n}": p.pk if p else "" for n, p in enumerate(current, start=1)}
            form = bound.get(prefix) or LineupForm(
                team=team,
                roster=roster.get(team.pk, []),
                boards=boards,
                prefix=prefix,
                initial=initial or _roster_order(roster.get(team.pk, []), boards),
            )
            assert isinstance(form, LineupForm)
            row.lineup_forms.append(form)
    if not row.locked:
        prefix = forfeit_prefix(match)
        form = bound.get(prefix) or MatchForfeitForm(
            prefix=prefix, initial={"forfeit": match.forfeit}
        )
        assert isinstance(form, MatchForfeitForm)
        row.forfeit_form = form


def _roster_order(players: list[Player], boards: int) -> dict[str, Any]:
    """The lineup the form proposes: the first players of the roster, in its order."""
    active = [p for p in players if p.withdrawn_after_round is None]
    return {f"board_{n}": p.pk for n, p in enumerate(active[:boards], start=1)}


def _match_or_404(tournament: Tournament, number: int, table: int) -> Match:
    return get_object_or_404(
        Match.objects.select_related("round", "team_a", "team_b"),
        round__tournament=tournament,
        round__number=number,
        table=table,
    )


def _back(tournament: Tournament, number: int, table: int) -> HttpResponse:
    url = reverse("tournaments:round", args=[tournament.pk, number])
    return redirect(f"{url}#match-{table}")


@tournament_action_required(Action.MANAGE_ROUNDS)
@require_http_methods(["POST"])
def lineup(
    request: HttpRequest, tournament: Tournament, number: int, table: int, team_id: int
) -> HttpResponse:
    """One team's lineup for the match at ``table``; the boards are made once both are in."""
    match = _match_or_404(tournament, number, table)
    team = get_object_or_404(Team, pk=team_id, tournament=tournament)
    form = LineupForm(
        request.POST,
        team=team,
        roster=list(team.roster.order_by("board_order")),
        boards=tournament.boards_per_match or 0,
        prefix=lineup_prefix(match, team),
    )
    if form.is_valid():
        try:
            set_lineup(match, team, form.lineup(), user=request.user)
        except TournamentError as error:
            add_problems(form, error)
        else:
            messages.success(
                request,
                _("Table %(table)s: lineup of %(team)s saved.") % {"table": table, "team": team},
            )
            return _back(tournament, number, table)
    return _round_again(request, tournament, match, form)


@tournament_action_required(Action.MANAGE_ROUNDS)
@require_http_methods(["POST"])
def match_forfeit(
    request: HttpRequest, tournament: Tournament, number: int, table: int
) -> HttpResponse:
    """The match at ``table`` forfeited whole (with a reason), or the forfeit withdrawn."""
    match = _match_or_404(tournament, number, table)
    form = MatchForfeitForm(request.POST, prefix=forfeit_prefix(match))
    if form.is_valid():
        try:
            forfeit_match(
                match,
                form.cleaned_data["forfeit"],
                reason=form.cleaned_data["reason"],
                user=request.user,
            )
        except TournamentError as error:
            add_problems(form, error)
        else:
            messages.success(request, _("Table %(table)s saved.") % {"table": table})
            return _back(tournament, number, table)
    return _round_again(request, tournament, match, form)


def _round_again(
    request: HttpRequest, tournament: Tournament, match: Match, form: forms.Form
) -> HttpResponse:
    """The round page again with the refused form and its errors in place."""
    from .results import render_round

    messages.error(
        request,
        _("Table %(table)s: not saved; see the problems below.") % {"table": match.table},
    )
    prefix = form.prefix or ""
    return render_round(request, tournament, match.round, bound={prefix: form}, status=400)
