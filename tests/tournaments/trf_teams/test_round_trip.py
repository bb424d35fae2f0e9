"""Every team file of tests/data imported as a team event and exported again.

Two exports are compared with the file. The export (:func:`export_trf`) writes an imported
file back as it said (the merge of ``tournaments.trf.merge``), in the file's own version:
byte for byte but for the writer's documented normalisations (trailing blanks) and the
application's header records the file lacked (the counts 062/072, ``XXR``, ``XXC``), which
go before the first player. The application's own rendering, from the models alone (no
source file), must give the same team records (310 with its points, 320, 240, 330, 300, 352,
362) and the same round cells for every player: so the teams, rosters, matches, line-ups,
forfeits, byes and boards were all stored. Its 310 ranks are the event's published places:
the generated files name no tie-break (no record 202) and rank teams level on match points
by game points, which the event does not, so their rank lies within the place the event
gives, shared or not. After the import the team points and standings are the file's record
310.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from tests.tournaments.test_trf_round_trip import differences
from tournaments.models import Match, Pairing, PairingSystem, Tournament
from tournaments.scoring.teams.points import team_results, totals
from tournaments.scoring.teams.standings import team_standings
from tournaments.services.trf_exchange import export_trf, import_trf
from tournaments.services.trf_exchange.exporting import _application_text
from tournaments.team_sheet import event_team_standings, team_sheet
from tournaments.trf import read_trf
from tournaments.trf.merge import _cells
from tournaments.trf.reader import split_lines
from tournaments.trf.teams import TEAM_CODES, team_records

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parents[2] / "data" / "teams"
GENERATED = sorted((DATA / "generated").glob("*.trf"))
REAL = sorted((DATA / "real").glob("*.trf"))
TEAM_RECORD_CODES = TEAM_CODES | {"240"}
# A fifth of the generated files each (bench.team_trf_round_trip runs all 60 both ways); 054
# has a round in which every team had a bye, so no match.
ADDED = {"062", "072", "XXR", "XXC"}
"""The application's header records a generated or Swiss-Manager team file lacks."""


def _stripped(text: str) -> list[str]:
    return [line.rstrip() for line in split_lines(text)]


def _imported(path: Path) -> tuple[str, Tournament]:
    text = path.read_text(encoding="utf-8")
    return text, import_trf(text, filename=path.name, confirm="confirm")


def _version(text: str) -> int:
    return 16 if any(line.startswith("013") for line in split_lines(text)) else 2026


@pytest.mark.parametrize("path", [*GENERATED[::5], *REAL], ids=lambda p: p.name)
def test_the_export_is_the_file_but_for_the_documented_normalisations(path: Path) -> None:
    text, tournament = _imported(path)
    exported = export_trf(tournament, version=_version(text))
    assert differences(text, exported) == []
    present = {line[:3] for line in split_lines(text)}
    added = ADDED - present
    kept = [line for line in _stripped(exported) if line[:3] not in added | {"###"}]
    assert kept == _stripped(text)
    # A comment is the log's: a round the file gives that breaks the pairing rules, confirmed.
    comments = [line for line in _stripped(exported) if line.startswith("###")]
    assert all(line.startswith("### Import @ Round ") for line in comments)


@pytest.mark.parametrize("path", [*GENERATED[2::5], GENERATED[53]], ids=lambda p: p.name)
def test_the_models_alone_give_the_files_team_records_and_cells(path: Path) -> None:
    text, tournament = _imported(path)
    ours = _application_text(tournament, 2026, [], None)

    def team_lines(source: str) -> list[str]:
        return [_unranked(line) for line in _stripped(source) if line[:3] in TEAM_RECORD_CODES]

    def cells(source: str) -> dict[str, list[str]]:
        return {
            line[4:8]: [cell for cell in _cells(line)]
            for line in _stripped(source)
            if line.startswith("001")
        }

    assert team_lines(ours) == team_lines(text)
    assert cells(ours) == cells(text)
    places = event_team_standings(tournament, team_sheet(tournament)).places()
    for team in team_records(read_trf(ours)).teams:
        assert team.rank == places[team.number][0]
    for team in team_records(read_trf(text)).teams:
        first, last = places[team.number]
        assert first <= (team.rank or 0) <= last


def _unranked(line: str) -> str:
    """A record 310 without its rank (columns 69-71)."""
    return line[:68] + "   " + line[71:] if line.startswith("310") else line


@pytest.mark.parametrize("path", GENERATED[4::10], ids=lambda p: p.name)
def test_team_points_and_standings_after_the_import_are_the_files_310(path: Path) -> None:
    text, tournament = _imported(path)
    sheet = team_sheet(tournament)
    match_points, game_points = totals(team_results(sheet))
    standings = team_standings(sheet, primary="MP", tiebreaks=["GP"]).places()
    stated = team_records(read_trf(text)).teams
    assert stated
    for line in stated:
        assert (match_points[line.number], game_points[line.number]) == (
            line.match_points,
            line.game_points,
        )
        assert standings[line.number][0] == line.rank


@pytest.mark.parametrize(("name", "boards"), [("", 152), (".normalised", 160)])
def test_the_real_event_is_stored_as_eight_teams_of_ten_boards_in_four_rounds(
    name: str, boards: int
) -> None:
    """Crete 2025 (Swiss-Manager, TRF16 with 013): the teams in their 013 order, rosters in
    board order, every round four matches of ten boards. Swiss-Manager wrote the eight wins
    opposite an empty board ``0000 - -``, as it writes a reserve's round: read so, those
    boards are empty on both sides (152 boards); the normalised file's ``0000 - +`` are boards
    won by the player present (160)."""
    path = DATA / "real" / f"crete_team_championship_2025{name}.trf"
    _text, tournament = _imported(path)
    assert tournament.system == PairingSystem.TEAM_SWISS
    assert tournament.boards_per_match == 10 and tournament.number_of_rounds == 4
    teams = list(tournament.teams.order_by("number"))
    assert [team.name for team in teams][:2] == ["Σ.Α.Χ.", "ΣΚ.Ο.Ρ."]
    roster = list(teams[1].roster.order_by("board_order").values_list("start_rank", flat=True))
    assert roster[:3] == [117, 118, 119] and roster[-1] == 156
    for number in range(1, 5):
        matches = Match.objects.filter(round__tournament=tournament, round__number=number)
        assert matches.count() == 4
    stored = Pairing.objects.filter(round__tournament=tournament, match__isnull=False)
    assert stored.count() == boards
    assert stored.filter(bye="win").count() == boards - 152
    # Board 1 of round 1, table by GHR 3.6: Naoum (1) had White against player 96.
    first = stored.get(round__number=1, white__start_rank=1)
    assert first.black.start_rank == 96 and first.result == "1-0"
    sheet = team_sheet(tournament)
    match_points, _game_points = totals(team_results(sheet))
    assert match_points[3] == Fraction(8)  # Ο.Α.Χ. won its four matches
