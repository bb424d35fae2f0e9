"""A sample of generated events (the full run is bench/burstein_selfcheck.py): each round
re-paired by the engine from the file's state gives the file's pairing, breaks no basic rule
(C.04.1) and no absolute criterion of the system, and the checker finds the file equal."""

import pytest

from tournaments.pairing.base import recorded_pairing
from tournaments.pairing.burstein import BursteinEngine
from tournaments.pairing.burstein.explain import absolute_violation, explain
from tournaments.pairing.burstein.players import round_players
from tournaments.pairing.burstein.seeding import is_seeding_round
from tournaments.pairing.checker import file_round_state
from tournaments.pairing.generator import GeneratorSettings, generate_tournament
from tournaments.pairing.validate import validate_round

ENGINE = BursteinEngine()
EVENTS = [
    GeneratorSettings(seed=1, players=15, rounds=7),
    GeneratorSettings(seed=2, players=22, rounds=9, bye_rate=0.08, withdraw_rate=0.04),
    GeneratorSettings(seed=3, players=19, rounds=8, forfeit_rate=0.08, accelerated=True),
    GeneratorSettings(seed=4, players=12, rounds=5),
]


@pytest.mark.parametrize("event", EVENTS, ids=lambda s: f"seed{s.seed}")
def test_generated_events_re_pair_and_check_alike(event):
    generated = generate_tournament(event, engine=ENGINE)
    document, sheet = generated.document, generated.sheet
    after_seeding = 0
    for number in range(1, sheet.rounds + 1):
        state = file_round_state(document, number, sheet)
        recorded = recorded_pairing(sheet, number)
        ours = ENGINE.pair(state)
        assert set(ours.pairs) == set(recorded.pairs) and ours.byes == recorded.byes, number
        assert validate_round(state, recorded).errors == [], number
        if is_seeding_round(state):
            continue
        after_seeding += 1
        players, facts = round_players(state, state.accelerations)
        assert absolute_violation(recorded, {p.start_rank: p for p in players}, facts) is None
        assert explain(state, recorded, ours).kind == "equal"
    assert after_seeding >= 2
