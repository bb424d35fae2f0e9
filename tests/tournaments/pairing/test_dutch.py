"""Our FIDE Dutch engine (C.04.3 as applied from 1 July 2025) against the reference engine.

- bbpPairings' rule examples C.5 and C.9 and its issue 7 (round 15 of 60 players): the whole
  output, board order and colours included.
- A sample of the 198 reference tournaments (tests/data/pairing/dutch2025): every round of the
  20 smallest-numbered 9-, 12- and 16-player events paired exactly as the file; all 198 run in
  ``python -m bench dutch_reference``.
- The accelerated Capo d'Orso 2012 (XXA): rounds paired as the file, where the rules of 2025
  agree with those of 2012.
"""

import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from tournaments.pairing import DutchEngine, Pairing, PairingError, PairingState, pair_round
from tournaments.pairing.acceleration import baku_accelerations
from tournaments.pairing.base import recorded_pairing
from tournaments.pairing.checker import file_round_state
from tournaments.pairing.dutch import ENGINE_NAME, RULES
from tournaments.pairing.dutch.explain import explain
from tournaments.scoring.sheet import Color, Outcome, PlayerSheet, RoundEntry, TournamentSheet
from tournaments.trf import read_trf

from .pairing_data import BBP, bbp_expected, document, next_round_state

REFERENCE = Path(__file__).resolve().parents[2] / "data" / "pairing" / "dutch2025"


@pytest.mark.parametrize("case", ["dutch_2025_C5", "dutch_2025_C9", "issue_7"])
def test_bbppairings_cases_exactly(case):
    assert pair_round(next_round_state(f"{BBP}/{case}.input.trf")) == bbp_expected(case)


def test_c5_bye_goes_to_the_lowest_score_not_the_last_bracket_left():
    # 2017 rules paired 1-3 in the top bracket and gave the bye to 5 (1 point); since 2025
    # the bye goes to the lowest score that still completes the round (C5).
    ours = pair_round(next_round_state(f"{BBP}/dutch_2025_C5.input.trf"))
    assert ours.byes == (6,)


def test_c9_bye_to_the_player_with_fewest_unplayed_games():
    # 3, 4 and 5 have 0 points; 5 was absent in round 1: 4, the lowest of those who played
    # every round, gets the bye.
    ours = pair_round(next_round_state(f"{BBP}/dutch_2025_C9.input.trf"))
    assert ours == Pairing(pairs=((2, 1), (3, 5)), byes=(4,))


def _reference_rounds(name: str) -> list[tuple[int, Pairing, Pairing]]:
    doc = read_trf((REFERENCE / name).read_bytes())
    sheet = doc.to_sheet()
    rounds = []
    for number in range(1, sheet.rounds + 1):
        state = file_round_state(doc, number, sheet)
        rounds.append((number, pair_round(state), recorded_pairing(sheet, number)))
    return rounds


def _boards(pairing: Pairing) -> set[tuple[int, int]]:
    return set(pairing.pairs) | {(bye, 0) for bye in pairing.byes}


# Twenty events of 9, 12 and 16 players, every round.
SAMPLE_SEEDS = [1000, 1001, 1002, 1010, 1011, 1020, 1021, 1030, 1031, 1040]
SAMPLE_SEEDS += [1041, 1050, 1051, 1060, 1061, 1070, 1071, 1080, 1081, 1090]
SAMPLE = [f"rtg_{seed}.trf" for seed in SAMPLE_SEEDS]


@pytest.mark.parametrize("name", SAMPLE)
def test_reference_tournament_every_round(name):
    for number, ours, theirs in _reference_rounds(name):
        assert _boards(ours) == _boards(theirs), f"round {number}"


CAPO = "javafo_aum/capo_dorso_2012_final_accelerated.trf"


@pytest.mark.parametrize("number", [2, 4])
def test_accelerated_event_pairs_as_its_file(number):
    # Rounds 1-5, 7 and 8 agree (all nine: python -m bench dutch_reference); 6 and 9 differ
    # on the last boards, where the rules of 2025 differ from those JaVaFo applied in 2012.
    doc = document(CAPO)
    assert doc.acceleration[1][:2] == (Fraction(1), Fraction(1))
    state = file_round_state(doc, number)
    ours = pair_round(state)
    assert _boards(ours) == _boards(recorded_pairing(doc.to_sheet(), number))
    assert _boards(pair_round(replace(state, accelerations={}))) != _boards(ours)


def _sheet(*players: PlayerSheet) -> TournamentSheet:
    return TournamentSheet(name="t", rounds=1, players=list(players))


def test_no_bye_for_a_player_who_scored_a_full_point_without_playing():
    # Three players after round 1: 3 had a full-point bye (F), so 3 cannot get the PAB.
    sheet = _sheet(
        PlayerSheet(1, "A", rounds=[RoundEntry(1, Outcome.WIN, 2, Color.WHITE)]),
        PlayerSheet(2, "B", rounds=[RoundEntry(1, Outcome.LOSS, 1, Color.BLACK)]),
        PlayerSheet(3, "C", rounds=[RoundEntry(1, Outcome.FULL_BYE)]),
    )
    ours = pair_round(PairingState(sheet=sheet, round=2, planned_rounds=5))
    assert 3 not in ours.byes
    assert ours.byes == (2,)


def test_a_round_that_cannot_be_paired_is_an_error():
    sheet = _sheet(
        PlayerSheet(1, "A", rounds=[RoundEntry(1, Outcome.WIN, 2, Color.WHITE)]),
        PlayerSheet(2, "B", rounds=[RoundEntry(1, Outcome.LOSS, 1, Color.BLACK)]),
    )
    with pytest.raises(PairingError, match="absolute criterion"):
        pair_round(PairingState(sheet=sheet, round=2, planned_rounds=5))


def test_the_engine_names_its_rules():
    assert (
        DutchEngine().label
        == f"{ENGINE_NAME}, {RULES}"
        == ("Arbiter Dutch engine, FIDE C.04.3 (2025)")
    )


def test_the_engine_imports_without_django():
    code = "import tournaments.pairing.dutch, sys; assert 'django' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


C9_FILE = f"{BBP}/dutch_2025_C9.input.trf"


def test_explain_names_the_quality_criterion_that_decides():
    # The same round with the bye to 5, who missed round 1, instead of 4: C9 decides.
    state = next_round_state(C9_FILE)
    file = Pairing(pairs=((2, 1), (3, 4)), byes=(5,))
    why = explain(state, file, pair_round(state))
    assert (why.kind, why.criterion, why.players) == ("quality", "C9", (4, 5))
    assert why.describe() == (
        "C9 (minimise the unplayed games of the player who gets the pairing-allocated bye) "
        "decides for the engine's pairing (players 4, 5)"
    )


def test_explain_names_the_absolute_criterion_the_file_breaks():
    state = next_round_state(C9_FILE)
    file = Pairing(pairs=((1, 3), (2, 5)), byes=(4,))
    why = explain(state, file, pair_round(state))
    assert (why.kind, why.criterion, why.players) == ("absolute", "C1", (1, 3))


def test_explain_a_pairing_as_good_as_the_engines():
    state = next_round_state(C9_FILE)
    why = explain(state, pair_round(state), pair_round(state))
    assert why.kind == "equal"


def test_baku_acceleration_as_c0451_describes_it():
    # 161 players: GA is the first 82 (2 x 41); nine rounds: five accelerated, one virtual
    # point before rounds 1-3, half a point before rounds 4-5.
    virtual = baku_accelerations(list(range(1, 162)), 9)
    assert sorted(virtual) == list(range(1, 83))
    half = Fraction(1, 2)
    assert virtual[82] == (Fraction(1), Fraction(1), Fraction(1), half, half)


def test_explain_a_colour_difference():
    state = next_round_state(C9_FILE)
    file = Pairing(pairs=((1, 2), (3, 5)), byes=(4,))
    why = explain(state, file, pair_round(state))
    assert (why.kind, why.players) == ("colours", (1, 2))


def _baku_round_two_state() -> PairingState:
    """12 players, 5 rounds, Baku (GA 1-6: one virtual point before rounds 1-2); in round 1
    the higher-ranked player won every game but 5-2 and 11-8."""
    round_1 = {1: (4, "w", "1"), 5: (2, "w", "0"), 3: (6, "w", "1")}
    round_1 |= {7: (10, "w", "1"), 11: (8, "w", "0"), 9: (12, "w", "1")}
    for white, (black, _, result) in list(round_1.items()):
        round_1[black] = (white, "b", {"1": "0", "0": "1"}[result])
    lines = ["012 Accelerated board order", "XXR 5", "XXC white1"]
    for rank in range(1, 13):
        opponent, colour, result = round_1[rank]
        points = "1.0" if result == "1" else "0.0"
        lines.append(
            f"001 {rank:4d}      {f'Player {rank}':<33} {2500 - 20 * rank:4d}{'':28}"
            f"{points:>4} {rank:>4}  {opponent:4d} {colour} {result}"
        )
    lines += [f"XXA {rank:4d}  1.0  1.0  0.5" for rank in range(1, 7)]
    return PairingState.from_trf(read_trf("\n".join(lines) + "\n"), 2)


def test_boards_are_ordered_by_real_plus_virtual_points_when_accelerated():
    # C.04.2's board order (higher player's score, then the pair's, then the higher pairing
    # number) on the pairing score: 5 (no points, one virtual) is above 7 (one point, none),
    # so 8-5 (pairing scores 1 and 1, higher number 5) comes before 6-7 (1 and 1, higher
    # number 6); on real points alone 6-7 (one point on the board) would come first.
    pairing = pair_round(_baku_round_two_state())
    assert pairing.pairs == ((2, 1), (4, 3), (8, 5), (6, 7), (10, 9), (12, 11))
