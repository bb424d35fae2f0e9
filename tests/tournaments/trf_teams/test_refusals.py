"""A hostile or inconsistent team file is refused with the line at fault, and nothing of it is
stored; a round that breaks the pairing rules asks the import's confirmation first; byes asked
for rounds not yet paired become the teams' requests."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tournaments.models import Player, Team, TeamAbsence, Tournament, TournamentLog
from tournaments.pairing.team_swiss.generator import (
    generate_team_swiss_event,
    random_team_swiss_settings,
)
from tournaments.services import TournamentError
from tournaments.services.trf_exchange import export_trf, import_trf, import_warnings
from tournaments.services.warnings import NeedsConfirmation

pytestmark = pytest.mark.django_db

GENERATED = Path(__file__).resolve().parents[2] / "data" / "teams" / "generated"
ROUND_ROBIN = (GENERATED / "001.trf").read_text(encoding="utf-8")
"""Four teams of five boards, three rounds; player 1 drew player 18 (White) in round 1."""


def _edited(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def _line_of(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def _refused(text: str, message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        import_trf(text, filename="cup.trf", confirm="confirm")
    assert not Tournament.objects.exists()
    assert not Player.objects.exists() and not Team.objects.exists()


def test_a_roster_naming_a_player_the_file_lacks_names_the_line() -> None:
    text = _edited(
        ROUND_ROBIN, "T04             0.0    4.5   4    18", "T04             0.0    4.5   4   999"
    )
    line = _line_of(text, "310   4")
    _refused(text, rf"cup.trf: line {line}: record 310 names player 999, who has no player line")


def test_a_player_on_two_rosters_names_both_lines() -> None:
    text = _edited(
        ROUND_ROBIN, "T04             0.0    4.5   4    18", "T04             0.0    4.5   4     1"
    )
    _refused(text, rf"line {_line_of(text, '310   4')}: record 310 names player 1, already on")


def test_two_players_whose_lines_do_not_name_each_other_are_refused() -> None:
    """Player 1's round 1 names player 19, who met player 2: one board, two stories."""
    text = _edited(ROUND_ROBIN, "18 w =     8 w 0    13 b 0", "19 w =     8 w 0    13 b 0")
    line = _line_of(text, "001    1 ")
    _refused(text, rf"line {line}: round 1, board 1 puts players 1 and 19 opposite each other")


def test_results_that_do_not_fit_one_board_are_refused() -> None:
    text = _edited(ROUND_ROBIN, " 1 b =               6 b =", " 1 b 1               6 b =")
    _refused(text, rf"line {_line_of(text, '001    1')}: round 1, the results of players 1 and 18")


def test_a_team_record_its_columns_cannot_hold_names_its_line() -> None:
    text = ROUND_ROBIN + "330 ++ 001 001 002\n"
    _refused(text, rf"line {len(text.splitlines())}: record 330: expected the kind of forfeit")


def test_a_game_of_a_player_on_no_roster_is_refused_not_lost() -> None:
    text = _edited(
        ROUND_ROBIN,
        "T01             2.0    6.5   3     1    2",
        "T01             2.0    6.5   3     2",
    )
    _refused(text, rf"line {_line_of(text, '001    1 ')}: player 1 plays in round 1 but is on no")


def test_a_round_breaking_the_rules_asks_first_and_is_logged_once_confirmed() -> None:
    """Generated event 47 gives team 7 the pairing-allocated bye in round 7 although it won a
    match by forfeit or had a bye before ([C2], C.04.6 2.1.2)."""
    text = (GENERATED / "047.trf").read_text(encoding="utf-8")
    with pytest.raises(NeedsConfirmation) as question:
        import_trf(text, filename="47.trf")
    assert any("Round 7 as the file has it: team 7" in p for p in question.value.problems)
    assert not Tournament.objects.exists()
    tournament = import_trf(text, filename="47.trf", confirm="confirm")
    logged = tournament.log.filter(kind=TournamentLog.Kind.IMPORT, round_number=7)
    assert any("team 7 cannot have the pairing-allocated bye" in e.message for e in logged)


def test_byes_asked_for_a_round_not_yet_paired_are_the_teams_requests() -> None:
    text = _edited(ROUND_ROBIN, "142 3", "142 4") + "240 H 004    2    3\n"
    tournament = import_trf(text, filename="cup.trf", confirm="confirm")
    requests = TeamAbsence.objects.filter(team__tournament=tournament).order_by("team__number")
    assert [(a.team.number, a.round_number, a.kind) for a in requests] == [
        (2, 4, "half"),
        (3, 4, "half"),
    ]
    assert tournament.number_of_rounds == 4 and tournament.rounds.count() == 3
    assert "240 H 004    2    3" in export_trf(tournament, version=2026).splitlines()


def test_stated_team_points_the_matches_do_not_give_are_reported() -> None:
    text = _edited(ROUND_ROBIN, "T04             0.0    4.5", "T04             1.0    4.5")
    tournament = import_trf(text, filename="cup.trf", confirm="confirm")
    notes = [n for n in import_warnings(tournament) if n.startswith("record 310")]
    assert notes == [
        "record 310: team 4 states 1 match points, its matches give 0; the matches' points are used"
    ]
    assert re.search(r"^310   4 .* 1\.0    4\.5", export_trf(tournament, version=2026), re.M)


def test_a_team_swiss_file_asking_for_baku_is_imported_with_a_warning_it_is_not_applied() -> None:
    text = generate_team_swiss_event(random_team_swiss_settings(20)).text
    text = _edited(text, "192 FIDE_TEAM_TYPEA_MP_GP\n", "192 FIDE_TEAM_TYPEA_MP_GP_BAKU\n")
    tournament = import_trf(text, filename="cup.trf", confirm="confirm")
    notes = [n for n in import_warnings(tournament) if n.startswith("record 192")]
    assert notes == [
        "record 192: FIDE_TEAM_TYPEA_MP_GP_BAKU asks for the Baku acceleration (C.04.7), which "
        "a team event here does not apply: the rounds paired here get no virtual points"
    ]
