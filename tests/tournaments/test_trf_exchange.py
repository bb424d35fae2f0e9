"""TRF import and export against real event files (tests/data/trf/, see its SOURCE.md)."""

from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.factories import PlayerFactory, TournamentFactory
from tournaments.models import (
    Absence,
    Pairing,
    PairingSystem,
    Result,
    ResultChange,
    Round,
    Tournament,
)
from tournaments.services import TournamentError
from tournaments.services.rounds import store_round
from tournaments.services.trf_exchange import export_trf, import_trf, import_warnings
from tournaments.trf import read_trf

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parent.parent / "data" / "trf"
EVENTS = [
    "sklangen_TRF__example1.trf",
    "javafo_aum/capo_dorso_2012_final_accelerated.trf",
    "javafo_aum/gros_open_2010_after_round4.trf",
    "tiebreak/held_c07_exercises/held_swiss_5.trf",
    "tiebreak/held_c07_exercises/held_swiss_9.trf",
    "tiebreak/held_c07_exercises/held_round_robin.trf",
    "tiebreak/tiebreakserver_unplayed/swiss_with_many_unplayed_rounds.trf",
    "bbpPairings_pairing_tests/issue_7.input.trf",
]


def stated_points(text):
    return {player.start_rank: player.points for player in read_trf(text).players}


@pytest.mark.parametrize("name", EVENTS)
def test_an_imported_event_exports_with_the_points_the_file_published(name):
    original = (DATA / name).read_bytes()
    tournament = import_trf(original, filename=name)
    exported = export_trf(tournament)
    assert stated_points(exported) == stated_points(original)
    # A second pass through the database changes nothing.
    assert export_trf(import_trf(exported)) == exported


def test_a_real_swiss_keeps_every_board_and_result():
    tournament = import_trf((DATA / "sklangen_TRF__example1.trf").read_bytes())
    assert tournament.name == "9. Karl-Mala-Gedenkturnier"
    assert (tournament.system, tournament.number_of_rounds) == (PairingSystem.SWISS, 7)
    assert tournament.players.count() == 284
    boards = Pairing.objects.filter(round__tournament=tournament, black__isnull=False)
    assert ResultChange.objects.filter(pairing__in=boards).count() == boards.count()
    assert not boards.filter(result=Result.NOT_PLAYED).exists()
    leader = tournament.players.get(start_rank=1)
    assert (leader.name, leader.title, leader.fide_id) == ("Vasquez,Rodrigo", "GM", "3400042")
    assert leader.birth_date.isoformat() == "1969-12-06"


def test_byes_announced_for_the_next_round_become_absences():
    tournament = import_trf((DATA / "javafo_aum/gros_open_2010_after_round4.trf").read_bytes())
    absences = Absence.objects.filter(player__tournament=tournament).order_by("player__start_rank")
    assert [(a.player.start_rank, a.round_number, a.kind) for a in absences] == [
        (22, 5, Absence.Kind.ZERO_POINT_BYE),
        (28, 5, Absence.Kind.ZERO_POINT_BYE),
        (43, 5, Absence.Kind.HALF_POINT_BYE),
    ]
    assert tournament.rounds.count() == 4


def test_a_round_robin_is_recognised_from_its_games():
    tournament = import_trf(
        (DATA / "tiebreak/held_c07_exercises/held_round_robin.trf").read_bytes()
    )
    assert tournament.system == PairingSystem.ROUND_ROBIN


def test_a_malformed_file_is_refused_with_line_and_column_and_nothing_is_stored():
    lines = (DATA / "tiebreak/held_c07_exercises/held_swiss_5.trf").read_text().splitlines()
    player = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[player] = lines[player][:91] + "abcd" + lines[player][95:]
    with pytest.raises(TournamentError, match=rf"held\.trf: line {player + 1}, column 92"):
        import_trf("\n".join(lines), filename="held.trf")
    assert not Tournament.objects.exists()


def test_results_that_do_not_fit_together_are_refused():
    # Held's round 1, board 1: 1 beat 9. Make 9 the winner too.
    lines = (DATA / "tiebreak/held_c07_exercises/held_swiss_5.trf").read_text().splitlines()
    loser = next(i for i, line in enumerate(lines) if line.startswith("001    9 "))
    opponent, result = lines[loser][91:95].strip(), lines[loser][98]
    assert (opponent, result) == ("1", "0")
    lines[loser] = lines[loser][:98] + "1" + lines[loser][99:]
    with pytest.raises(TournamentError, match=r"round 1: results '1' and '1' of players 1 and 9"):
        import_trf("\n".join(lines))
    assert not Tournament.objects.exists()


def test_imported_rounds_are_checked_and_what_breaks_no_rule_reported():
    tournament = import_trf(
        (DATA / "tiebreak/tiebreakserver_unplayed/swiss_with_many_unplayed_rounds.trf").read_bytes()
    )
    # Pairing again two players whose game was not played breaks no rule: nothing asked,
    # nothing written as ### Import, and the import's report says it.
    assert not tournament.log.filter(kind="import", message__contains="breaks the pairing rules")
    reported = "\n".join(import_warnings(tournament))
    # Round 4, board 6 pairs again two players whose round-2 game was not played.
    assert "Round 4 as the file has it: board 6: player 15 Player, 15 and player 10" in reported
    assert "Round 7 as the file has it:" in reported
    assert tournament.rounds.count() == 7


def test_round_dates_are_exported_in_record_132():
    tournament = TournamentFactory()
    white, black = PlayerFactory(tournament=tournament), PlayerFactory(tournament=tournament)
    for number, day in [(1, 24), (2, 25)]:
        round_ = store_round(
            tournament, number, [(white, black)], [], paired_by=Round.PairedBy.MANUAL
        )
        round_.starts_at = datetime(2026, 11, day, 15, 0, tzinfo=UTC)
        round_.save()
    assert read_trf(export_trf(tournament)).round_dates == ("26/11/24", "26/11/25")
