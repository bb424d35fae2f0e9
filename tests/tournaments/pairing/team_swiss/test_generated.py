"""Generated team Swiss events: every round re-paired identically from the TRF-2026 file and
valid; a 12-team, 4-board, 7-round event; a changed round found and explained; record 192
(the full run is bench/team_swiss_selfcheck)."""

from dataclasses import replace
from functools import cache

import pytest

from tournaments.pairing.team_swiss import ColourPreferences, PrimaryScore, TeamSwissEngine
from tournaments.pairing.team_swiss.check import (
    check_team_document,
    check_team_sheet,
    recorded_team_pairing,
)
from tournaments.pairing.team_swiss.explain import explain
from tournaments.pairing.team_swiss.generator import (
    TeamSwissSettings,
    generate_team_swiss_event,
    random_team_swiss_settings,
)
from tournaments.pairing.team_swiss.state import TeamPairing, TeamSwissState
from tournaments.pairing.team_swiss.system_code import (
    TeamSwissOptions,
    read_record_192,
    record_192,
)
from tournaments.scoring.sheet import Color
from tournaments.scoring.teams.points import team_results
from tournaments.scoring.teams.sheet import Match, TeamRound
from tournaments.trf import read_trf
from tournaments.trf.team_sheet import read_team_sheet

generated = cache(generate_team_swiss_event)
"""The same settings make the same event: each is made once per test process."""

TWELVE = TeamSwissSettings(
    teams=12, boards=4, rounds=7, seed=12, club_pairs=2, bye_rate=0.02, withdraw_rate=0.0
)


@pytest.mark.parametrize("seed", [3, 7, 19, 42])
def test_a_generated_event_is_re_paired_identically_and_valid(seed: int) -> None:
    settings = random_team_swiss_settings(seed)
    event = generated(settings)
    found = check_team_document(read_trf(event.text))
    assert [r.round for r in found.rounds] == list(range(1, settings.rounds + 1))
    assert (found.differences, found.errors) == (0, 0), [r for r in found.rounds if r.has_findings]
    for finding, pairing in zip(found.rounds, event.pairings, strict=True):
        assert finding.engine == pairing.pairing


def test_a_twelve_team_four_board_seven_round_swiss() -> None:
    event = generated(TWELVE)
    found = check_team_document(read_trf(event.text))
    assert (len(found.rounds), found.differences, found.errors) == (7, 0, 0)
    met: set[frozenset[int]] = set()
    for number, pairing in enumerate(event.pairings, start=1):
        assert len(pairing.teams) == len(set(pairing.teams))
        played = [m for m in event.sheet.round(number).matches if m.played]
        pairs = {frozenset((m.team_a, m.team_b)) for m in played}
        assert not pairs & met  # [C1]
        met |= pairs
        for a, b in event.forbidden:
            assert frozenset((a, b)) not in {frozenset(m) for m in pairing.matches}


@pytest.mark.parametrize("colours", ["WBWB", "BWBW"])
def test_the_white_team_has_white_on_board_one_and_the_boards_alternate(colours: str) -> None:
    event = generated(replace(TWELVE, rounds=2, board_colours=colours))
    for number, pairing in enumerate(event.pairings, start=1):
        team_round = event.sheet.round(number)
        for white, _black in pairing.matches:
            match = team_round.match_of(white)
            assert match is not None
            side = match.side(white)
            assert [event.sheet.board_color(n, side) for n in (1, 2, 3, 4)] == [
                Color.WHITE,
                Color.BLACK,
                Color.WHITE,
                Color.BLACK,
            ]
        assert recorded_team_pairing(event.sheet, number) == pairing


def test_mp_and_gp_as_the_primary_score_pair_differently() -> None:
    by_mp = generated(replace(TWELVE, primary=PrimaryScore.MATCH_POINTS))
    by_gp = generated(replace(TWELVE, primary=PrimaryScore.GAME_POINTS))
    assert by_mp.pairings[0] == by_gp.pairings[0]  # round 1: no score yet
    assert by_mp.pairings != by_gp.pairings
    options = TeamSwissOptions(primary=PrimaryScore.GAME_POINTS)
    wrong = check_team_sheet(by_mp.sheet, planned_rounds=7, options=options)
    assert wrong.differences >= 1
    assert "4.3.1" not in wrong.rounds[0].explanation


def test_the_checker_finds_and_explains_a_changed_round() -> None:
    event = generated(TWELVE)
    sheet = event.sheet
    second = sheet.round(2)
    first, *others = second.matches
    swapped = Match(first.team_b, first.team_a, first.boards, first.forfeit)
    changed = replace(
        sheet,
        rounds=tuple(
            TeamRound(2, (swapped, *others), second.byes) if r.number == 2 else r
            for r in sheet.rounds
        ),
    )
    found = check_team_sheet(changed, planned_rounds=7, forbidden=event.forbidden)
    assert found.rounds[1].only_in_file and not found.rounds[0].only_in_file
    assert "4.3" in found.rounds[1].explanation
    state = TeamSwissState.from_sheet(sheet, 3, planned_rounds=7, forbidden=event.forbidden)
    ours = TeamSwissEngine().pair(state)
    (a, b), (c, d), *rest = ours.matches
    crossed = TeamPairing(((a, d), (c, b), *rest), ours.bye)
    why = explain(state, crossed, ours)
    assert why.kind in ("absolute", "quality") and why.criterion, why


def test_a_repeated_match_is_an_absolute_error() -> None:
    event = generated(TWELVE)
    state = TeamSwissState.from_sheet(event.sheet, 3, planned_rounds=7, forbidden=event.forbidden)
    ours = TeamSwissEngine().pair(state)
    old = next(m for m in event.sheet.round(1).matches if m.played)
    others = [m for m in ours.matches if not {old.team_a, old.team_b} & set(m)]
    left = sorted(
        {t for m in ours.matches for t in m}
        - {old.team_a, old.team_b}
        - {t for m in others for t in m}
    )
    repeated = TeamPairing(((old.team_a, old.team_b), *others, (left[0], left[1])), ours.bye)
    why = explain(state, repeated, ours)
    assert (why.kind, why.criterion) == ("absolute", "C1")


def test_trf_round_trip_keeps_the_sheet_and_record_192_names_the_system() -> None:
    event = generated(TWELVE)
    document = read_trf(event.text)
    back = read_team_sheet(document)
    for read, made in zip(back.rounds, event.sheet.rounds, strict=True):
        # The reader lists a round's matches by team, the generator by table.
        assert sorted(read.matches, key=lambda m: m.team_a) == sorted(
            made.matches, key=lambda m: m.team_a
        )
        assert set(read.byes) == set(made.byes)
    assert team_results(back) == team_results(event.sheet)
    assert document.header("192") == "FIDE_TEAM_TYPEA_MP_GP"
    assert document.initial_color is Color.WHITE


@pytest.mark.parametrize(
    ("options", "code"),
    [
        (TeamSwissOptions(), "FIDE_TEAM_TYPEA_MP_GP"),
        (
            TeamSwissOptions(PrimaryScore.GAME_POINTS, False, ColourPreferences.TYPE_B),
            "FIDE_TEAM_TYPEB_GP",
        ),
        (TeamSwissOptions(preferences=ColourPreferences.NONE), "FIDE_TEAM_MP_GP"),
        (TeamSwissOptions(baku=True), "FIDE_TEAM_TYPEA_MP_GP_BAKU"),
    ],
)
def test_record_192_codes(options: TeamSwissOptions, code: str) -> None:
    assert record_192(options) == code
    assert read_record_192(code) == options


def test_record_192_fide_team_alone_and_other_codes() -> None:
    assert read_record_192("FIDE_TEAM") == TeamSwissOptions()
    assert read_record_192("FIDE_TEAM_ROUNDROBIN") is None
    assert read_record_192("FIDE_DUTCH_2025") is None
