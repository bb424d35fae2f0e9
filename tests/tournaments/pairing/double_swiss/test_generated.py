"""Generated Double-Swiss events: re-paired identically and valid, written to TRF-2026 and
read back unchanged, named by record 192 (the full run of 500 is bench/double_swiss_selfcheck)."""

import pytest

from tournaments.pairing.double_swiss import DoubleSwissEngine, match_state
from tournaments.pairing.double_swiss.check import check_document, check_sheet
from tournaments.pairing.double_swiss.generator import DoubleSwissSettings, generate_event
from tournaments.pairing.systems import DOUBLE_SWISS, system_of_document
from tournaments.scoring.sheet import Color
from tournaments.trf import read_trf

SAMPLE = [
    DoubleSwissSettings(
        players=9 + 5 * seed,
        matches=4 + seed % 4,
        seed=seed,
        bye_rate=0.05,
        withdraw_rate=0.03,
        match_forfeit_rate=0.04,
        game_forfeit_rate=0.04,
        initial_color=Color.BLACK if seed % 2 else Color.WHITE,
    )
    for seed in range(8)
]


@pytest.mark.parametrize("plan", SAMPLE, ids=lambda s: f"seed{s.seed}")
def test_a_generated_event_is_re_paired_identically_and_valid(plan) -> None:
    event = generate_event(plan)
    found = check_document(read_trf(event.text))
    assert [m.round for m in found.matches] == list(range(1, plan.matches + 1))
    assert (found.differences, found.errors) == (0, 0), [m for m in found.matches if m.has_findings]
    for match, pairing in enumerate(event.pairings, start=1):
        assert found.matches[match - 1].engine == pairing


def test_the_checker_finds_a_changed_match() -> None:
    event = generate_event(SAMPLE[3])
    sheet = event.sheet
    ours = check_sheet(sheet, planned_matches=SAMPLE[3].matches, initial_color=Color.BLACK)
    assert ours.differences == 0
    other = check_sheet(sheet, planned_matches=SAMPLE[3].matches, initial_color=Color.WHITE)
    assert other.differences >= 1  # match 1's colours follow the initial-colour
    assert "4.3" in other.matches[0].explanation


def test_trf_round_trip_keeps_the_sheet() -> None:
    event = generate_event(SAMPLE[5])
    back = read_trf(event.text).to_sheet()
    assert back.points == event.sheet.points
    assert back.rounds == 2 * SAMPLE[5].matches
    for read, made in zip(back.players, event.sheet.players, strict=True):
        assert (read.start_rank, read.rating) == (made.start_rank, made.rating)
        assert tuple(read.rounds) == tuple(made.rounds)
        assert read.withdrawn_after == made.withdrawn_after


def test_record_192_names_the_system() -> None:
    document = read_trf(generate_event(SAMPLE[0]).text)
    assert document.header("192") == "FIDE_DOUBLESWISS"
    system = system_of_document(document)
    assert system is DOUBLE_SWISS
    state = match_state(document.to_sheet(), 1, planned_matches=SAMPLE[0].matches)
    assert system.engine().pair(state) == DoubleSwissEngine().pair(state)
