"""Checking a submitted round: all problems at once, errors apart from warnings."""

from dataclasses import replace

import pytest

from tournaments.pairing import Pairing, PairingState, recorded_pairing, validate_round

from .pairing_data import BBP, document, gros_expected, next_round_state

GROS = "javafo_aum/gros_open_2010_after_round4.trf"


@pytest.mark.parametrize(
    "name",
    [
        f"{BBP}/issue_15.input.trf",
        f"{BBP}/issue_7.input.trf",
        "sklangen_TRF__example1.trf",
        "javafo_aum/capo_dorso_2012_final_accelerated.trf",
        "tiebreak/held_c07_exercises/held_swiss_9.trf",
        "tiebreak/tiebreakserver_unplayed/swiss_with_many_unplayed_rounds.trf",
    ],
)
def test_every_round_of_real_events_is_legal(name):
    sheet = document(name).to_sheet()
    for number in range(1, sheet.rounds + 1):
        check = validate_round(
            PairingState.from_sheet(sheet, number), recorded_pairing(sheet, number)
        )
        assert check.errors == [], f"round {number}"


def test_javafos_gros_round_5_is_legal_with_one_warning():
    check = validate_round(next_round_state(GROS), gros_expected())
    assert check.errors == []
    # 46 and 20 were paired in round 1, but 46 won by forfeit: they may meet again
    assert check.warnings == [
        "board 15: player 46 Jauregi Barandiaran Jon and player 20 Izagirre Alsua Aritz "
        "were paired before, but the game was not played (round 1)"
    ]


def test_all_problems_reported_at_once_naming_players():
    state = next_round_state(GROS)
    javafo = gros_expected()
    pairs = list(javafo.pairs)
    pairs[0] = (1, 26)  # Mirzoev met 26 in round 1; 26 is on board 11 too; 2 is left out
    pairs[1] = (3, 22)  # 22 is absent by notice; 4 is left out
    pairs.append((99, 5))  # no such player; 5 is on board 3 too
    submitted = Pairing(pairs=tuple(pairs), byes=(48, 47))  # 48 is on board 21, had the PAB
    check = validate_round(state, submitted)
    assert check.errors == [
        "board 25: there is no player with starting rank 99",
        "player 5 Sanz Perez Eduardo is paired 2 times",
        "player 26 Orube Bona Andoni is paired 2 times",
        "player 48 Otegui Piquer Juan Jose is paired 2 times",
        "player 2 Argandona Riveiro Inigo is neither paired nor given a bye",
        "player 4 Guijarro Galan Jose Luis is neither paired nor given a bye",
        "player 22 Markina Amutxastegi Fernando is absent by notice in round 5 "
        "and cannot be paired",
        "only one pairing-allocated bye per round, not 2 "
        "(player 48 Otegui Piquer Juan Jose, player 47 Azpiroz Dorronsoro Imanol)",
        "player 48 Otegui Piquer Juan Jose already had a pairing-allocated bye",
        "board 1: player 1 Mirzoev Azer and player 26 Orube Bona Andoni "
        "already played each other (round 1)",
    ]
    assert not check.ok


def test_bye_to_a_player_with_a_forfeit_win():
    state = next_round_state(GROS)
    javafo = gros_expected()
    # 13 won round 1 by forfeit; swap him with 47, who had the bye
    pairs = tuple((47, b) if w == 13 else (w, 47) if b == 13 else (w, b) for w, b in javafo.pairs)
    check = validate_round(state, Pairing(pairs=pairs, byes=(13,)))
    assert check.errors == [
        "player 13 Rodriguez Cabrera Fco. Javier already scored a forfeit win and cannot get "
        "the pairing-allocated bye"
    ]


def test_withdrawn_player_paired():
    state = next_round_state(GROS)
    sheet = replace(
        state.sheet,
        players=[
            replace(p, withdrawn_after=3) if p.start_rank == 1 else p for p in state.sheet.players
        ],
    )
    check = validate_round(replace(state, sheet=sheet), gros_expected())
    assert check.errors == ["player 1 Mirzoev Azer withdrew after round 3 and cannot be paired"]


def test_double_round_robin_allows_the_second_meeting():
    sheet = document("tiebreak/held_c07_exercises/held_round_robin.trf").to_sheet()
    second_cycle = Pairing(pairs=((2, 6), (4, 3), (1, 5)))  # round 1 with colours reversed
    state = PairingState(sheet=sheet, round=6)
    assert len(validate_round(state, second_cycle).errors) == 3
    assert validate_round(state, second_cycle, meetings_allowed=2).errors == []


def test_colour_warnings_are_separate_from_errors():
    sheet = document("tiebreak/held_c07_exercises/held_round_robin.trf").to_sheet()
    state = PairingState(sheet=sheet, round=6)
    # Franck (5) played b w b b (round 4 was a forfeit, not a game): black again is his
    # third in a row and his fourth more than white
    check = validate_round(state, Pairing(pairs=((1, 5), (2, 6), (3, 4))), meetings_allowed=2)
    assert check.errors == []
    assert check.warnings == [
        "player 5 Franck gets black for the third game running",
        "player 5 Franck would have 3 more games with black than with the other colour",
    ]


def test_forbidden_pair_and_self_pairing():
    state = replace(next_round_state(GROS), forbidden=((1, 2),))
    check = validate_round(
        state, replace(gros_expected(), pairs=((1, 2), (3, 3), *gros_expected().pairs[2:]))
    )
    assert (
        "board 1: player 1 Mirzoev Azer and player 2 Argandona Riveiro Inigo "
        "must not be paired (forbidden pair)" in check.errors
    )
    assert "board 2: player 3 Hernandez Elvis is paired with himself" in check.errors
    assert not any("player 3 Hernandez Elvis is paired 2 times" in e for e in check.errors)
