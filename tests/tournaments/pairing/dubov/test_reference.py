"""The Dubov engine against py4swiss (the public reference, handbook text of 2026) and
against itself on generated events.

- Rounds where the two disagree, recorded with both answers (data/SOURCES.md says where each
  comes from and whose reading is right by which article): our engine must give our answer,
  the checker must name the rule, and py4swiss, when installed, must still give its own.
- Plain events (no byes asked for, no acceleration, no 0-0 games: none of the recorded kinds
  of disagreement can arise) paired by us: py4swiss pairs every round the same.
- Generated events: each round re-paired from the file gives the file's pairing, and neither
  C.04.1's checks nor the Dubov absolute criteria find an error.
"""

from pathlib import Path

import pytest

from tournaments.pairing.base import Pairing, PairingState, recorded_pairing
from tournaments.pairing.checker import file_round_state
from tournaments.pairing.dubov import DubovEngine
from tournaments.pairing.dubov.explain import absolute_violation, explain
from tournaments.pairing.dubov.players import round_players
from tournaments.pairing.generator import GeneratorSettings, generate_tournament
from tournaments.pairing.validate import validate_round
from tournaments.trf import read_trf

DATA = Path(__file__).parent / "data"

DISAGREEMENTS = {
    "colours_5_2": (
        1,
        Pairing(((10, 1), (2, 11), (12, 3), (4, 13), (14, 6), (7, 15), (16, 9))),
        Pairing(((10, 1), (2, 11), (12, 3), (4, 13), (6, 14), (15, 7), (16, 9))),
        ("colours", "5.2"),
    ),
    "quality_3_1_4": (
        7,
        Pairing(
            ((10, 1), (3, 2), (4, 5), (11, 9), (12, 7), (13, 19), (14, 15), (6, 17), (18, 20)),
            (8,),
        ),
        Pairing(
            ((10, 1), (3, 2), (4, 5), (11, 9), (12, 7), (13, 19), (6, 14), (8, 15), (20, 17)),
            (18,),
        ),
        ("quality", "3.1.4"),
    ),
    "quality_C6": (
        7,
        Pairing(((1, 2), (8, 3), (9, 4), (6, 7), (12, 5), (11, 10))),
        Pairing(((1, 2), (5, 3), (12, 4), (6, 7), (8, 9), (11, 10))),
        ("quality", "C6"),
    ),
    "absolute_C2": (
        5,
        Pairing(((12, 8), (9, 1), (11, 4), (5, 10), (2, 3)), (6,)),
        Pairing(((12, 8), (9, 1), (11, 4), (3, 10), (5, 6)), (2,)),
        ("absolute", "C2"),
    ),
    "equal_4_accelerated": (
        3,
        Pairing(((1, 16), (3, 4), (10, 2), (6, 13), (11, 5), (9, 12), (7, 14)), (15,)),
        Pairing(((1, 16), (3, 13), (10, 2), (6, 4), (9, 12), (11, 5), (7, 14)), (15,)),
        ("equal", "4"),
    ),
}


def _state(name: str, number: int) -> PairingState:
    return PairingState.from_trf(read_trf((DATA / f"{name}.trf").read_bytes()), number)


@pytest.mark.parametrize("name", sorted(DISAGREEMENTS))
def test_recorded_disagreement_with_py4swiss(name: str) -> None:
    number, ours, theirs, (kind, rule) = DISAGREEMENTS[name]
    state = _state(name, number)
    assert DubovEngine().pair(state) == ours
    explanation = explain(state, theirs, ours)
    assert (explanation.kind, explanation.criterion) == (kind, rule)


@pytest.mark.parametrize("name", sorted(DISAGREEMENTS))
def test_py4swiss_still_answers_as_recorded(name: str) -> None:
    pytest.importorskip("py4swiss")
    from tournaments.pairing.engines import Py4SwissEngine

    number, _, theirs, _ = DISAGREEMENTS[name]
    pairing = Py4SwissEngine(system="dubov").pair(_state(name, number))
    assert set(pairing.pairs) == set(theirs.pairs) and pairing.byes == theirs.byes


PLAIN = {"bye_rate": 0.0, "accelerated": False, "zero_zero_rate": 0.0, "half_zero_rate": 0.0}


@pytest.mark.parametrize(("seed", "players"), [(1, 12), (2, 17), (3, 24)])
def test_plain_events_agree_with_py4swiss(seed: int, players: int) -> None:
    pytest.importorskip("py4swiss")
    from tournaments.pairing.engines import Py4SwissEngine

    settings = GeneratorSettings(seed=seed, players=players, rounds=7, **PLAIN)  # type: ignore[arg-type]
    event = generate_tournament(settings, engine=DubovEngine())
    for number in range(1, event.sheet.rounds + 1):
        state = file_round_state(event.document, number, event.sheet)
        theirs = Py4SwissEngine(system="dubov").pair(state)
        ours = recorded_pairing(event.sheet, number)
        assert (set(theirs.pairs), theirs.byes) == (set(ours.pairs), ours.byes), number


@pytest.mark.parametrize(
    ("seed", "players", "rounds", "accelerated"),
    [(11, 15, 7, False), (12, 30, 9, True), (13, 26, 11, False), (14, 40, 8, False)],
)
def test_generated_events_repair_and_validate(
    seed: int, players: int, rounds: int, accelerated: bool
) -> None:
    engine = DubovEngine()
    settings = GeneratorSettings(
        seed=seed, players=players, rounds=rounds, accelerated=accelerated, bye_rate=0.05
    )
    event = generate_tournament(settings, engine=engine)
    for number in range(1, event.sheet.rounds + 1):
        state = file_round_state(event.document, number, event.sheet)
        ours = engine.pair(state)
        recorded = recorded_pairing(event.sheet, number)
        assert (set(ours.pairs), ours.byes) == (set(recorded.pairs), recorded.byes), number
        assert validate_round(state, ours).errors == [], number
        by_rank = {p.start_rank: p for p in round_players(state, state.accelerations)}
        assert absolute_violation(state, ours, by_rank) is None, number
