"""Swiss pairing through the built-in engine, py4swiss (the Dutch rules until 30 June 2025)
and an external engine, against published pairings. Our own engine's exact agreement with the
2025 reference is in test_dutch.py.

py4swiss's agreement with the reference engines (boards with colours, plus the bye):
- FIDE Dutch 2025 example C.9 (bbpPairings): 3 of 3.
- FIDE Dutch 2025 example C.5 (bbpPairings): 0 of 3 - py4swiss implements the Dutch rules in
  force until 30 June 2025, and C.5 illustrates a rule the 2025 revision changed.
- bbpPairings issue 7, round 15 of a 60-player event: 26 of 30 boards.
Gros Open 2010 round 5 (JaVaFo, pre-2017 rules): both engines agree on 25 boards and the bye
to 47.
"""

import sys
from dataclasses import replace

import pytest

from tournaments.pairing import (
    ExternalEngine,
    PairingError,
    PairingState,
    Py4SwissEngine,
    pair_round,
    validate_round,
)
from tournaments.scoring.sheet import Outcome
from tournaments.trf import read_trf

from .pairing_data import BBP, TRF_DATA, agreement, bbp_expected, gros_expected, next_round_state

GROS = "javafo_aum/gros_open_2010_after_round4.trf"


@pytest.mark.parametrize(
    ("case", "agreeing", "boards"),
    [("dutch_2025_C9", 3, 3), ("dutch_2025_C5", 0, 3), ("issue_7", 26, 30)],
)
def test_py4swiss_on_the_bbppairings_cases(case, agreeing, boards):
    state = next_round_state(f"{BBP}/{case}.input.trf")
    ours = pair_round(state, Py4SwissEngine())
    expected = bbp_expected(case)
    assert len(expected.pairs) + len(expected.byes) == boards
    assert agreement(ours, expected) == agreeing
    assert validate_round(state, ours).errors == []


def test_gros_open_round_5_as_javafo_paired_it():
    state = next_round_state(GROS)
    assert state.round == 5
    assert state.requested_byes == {
        22: Outcome.ZERO_BYE,
        28: Outcome.ZERO_BYE,
        43: Outcome.HALF_BYE,
    }
    expected = gros_expected()
    assert agreement(pair_round(state, Py4SwissEngine()), expected) == 25
    ours = pair_round(state)
    assert agreement(ours, expected) == 25
    assert ours.byes == (47,)
    assert ours.pairs[:3] == ((1, 2), (3, 4), (5, 6))


def test_withdrawn_and_absent_players_are_not_paired():
    state = next_round_state(GROS)
    sheet = replace(
        state.sheet,
        players=[
            replace(p, withdrawn_after=4) if p.start_rank == 2 else p for p in state.sheet.players
        ],
    )
    ours = pair_round(
        replace(state, sheet=sheet, requested_byes={**state.requested_byes, 47: Outcome.HALF_BYE})
    )
    assert 2 not in ours.players and 47 not in ours.players and 22 not in ours.players
    assert len(ours.players) == 52 - 5
    assert validate_round(
        replace(state, sheet=sheet, requested_byes={**state.requested_byes, 47: Outcome.HALF_BYE}),
        ours,
    ).ok


def test_forbidden_pair_is_respected():
    state = replace(next_round_state(GROS), forbidden=((1, 2),))
    ours = pair_round(state)
    assert (1, 2) not in ours.pairs and (2, 1) not in ours.pairs
    assert validate_round(state, ours).ok


def test_an_unknown_request_is_refused():
    state = next_round_state(GROS)
    with pytest.raises(PairingError, match="player 3: a loss cannot be requested"):
        replace(state, requested_byes={3: Outcome.LOSS})


def test_an_unknown_py4swiss_system():
    with pytest.raises(PairingError, match="unknown py4swiss system 'monrad'"):
        Py4SwissEngine("monrad").pair(next_round_state(GROS))


PY4SWISS_CLI = ExternalEngine(
    command=(
        sys.executable,
        "-c",
        "from py4swiss.main import main; main()",
        "-t",
        "{input}",
        "-p",
        "{output}",
    )
)


def test_external_engine_round_trip_through_files():
    state = next_round_state(GROS)
    assert PY4SWISS_CLI.pair(state) == Py4SwissEngine().pair(state)


def test_external_engine_failure_is_a_pairing_error():
    failing = ExternalEngine(command=(sys.executable, "-c", "import sys; sys.exit('no pairing')"))
    with pytest.raises(PairingError, match="cannot pair round 5: no pairing"):
        failing.pair(next_round_state(GROS))


def test_external_engine_that_leaves_players_out():
    lazy = ExternalEngine(
        command=(
            sys.executable,
            "-c",
            "import sys; open(sys.argv[1], 'w').write('1\\n1 2\\n')",
            "{output}",
        )
    )
    with pytest.raises(PairingError, match="paired players \\[1, 2\\], but round 5 has to pair"):
        lazy.pair(next_round_state(GROS))


@pytest.mark.skipif(ExternalEngine.find() is None, reason="no bbpPairings or JaVaFo on PATH")
def test_installed_engine_pairs_dutch_c9_like_bbppairings():
    engine = ExternalEngine.find()
    assert engine is not None
    ours = engine.pair(next_round_state(f"{BBP}/dutch_2025_C9.input.trf"))
    assert ours == bbp_expected("dutch_2025_C9")


def test_trf2026_bye_and_prohibition_records_reach_the_engine():
    text = (TRF_DATA / GROS).read_text() + "240 H   5   10\n260   5   5    1    2\n"
    state = PairingState.from_trf(read_trf(text))
    assert state.requested_byes[10] is Outcome.HALF_BYE
    assert state.forbidden == ((1, 2),)
    ours = pair_round(state)
    assert 10 not in ours.players and (1, 2) not in ours.pairs
    assert validate_round(state, ours).errors == []


@pytest.mark.parametrize(
    "name",
    [
        "tiebreak/tiebreakserver_unplayed/swiss_with_many_unplayed_rounds.trf",
        "javafo_aum/capo_dorso_2012_final_accelerated.trf",
        "sklangen_TRF__example1.trf",
    ],
)
def test_files_py4swiss_cannot_read_directly_can_still_be_paired(name):
    # sex "f" / "F", TRF06 titles "g" and "wf", birth dates in odd places
    state = PairingState.from_trf(read_trf((TRF_DATA / name).read_bytes()))
    ours = pair_round(state)
    assert validate_round(state, ours).errors == []
    assert len(ours.players) == len(state.to_pair)


@pytest.mark.parametrize("pending", [Outcome.ADJOURNED, Outcome.NOT_PAIRED])
def test_an_adjourned_or_unfinished_game_is_a_draw_for_pairing(pending):
    state = next_round_state(GROS)
    # Hernandez (3) and Gorrochategui (6) drew in round 4: leave that game pending instead
    players = [
        replace(p, rounds=[replace(e, outcome=pending) if e.round == 4 else e for e in p.rounds])
        if p.start_rank in (3, 6)
        else p
        for p in state.sheet.players
    ]
    pending_state = replace(state, sheet=replace(state.sheet, players=players))
    assert pair_round(pending_state) == pair_round(state)
