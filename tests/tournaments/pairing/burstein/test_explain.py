"""The checker (explain): each difference from the engine's pairing named by its article."""

from tournaments.pairing.base import Pairing
from tournaments.pairing.burstein import BursteinEngine
from tournaments.pairing.burstein.explain import explain
from tournaments.pairing.dutch import DutchEngine
from tournaments.pairing.dutch.explain import explain as explain_dutch
from tournaments.scoring.sheet import Outcome

from .helpers import sheet_of, state_of

# Rounds 1-2 of a 4-round event (one seeding round, then Burstein): six players.
SHEET = sheet_of(
    6, [[(1, 4, "1"), (5, 2, "="), (3, 6, "0")], [(6, 1, "0"), (2, 3, "1"), (4, 5, "=")]]
)
STATE = state_of(SHEET, planned_rounds=4)
ENGINE = BursteinEngine().pair(STATE)


def test_the_engine_s_own_pairing_is_equal():
    assert explain(STATE, ENGINE, ENGINE).kind == "equal"


def test_a_rematch_breaks_c1():
    recorded = Pairing(pairs=((1, 4), (2, 3), (5, 6)))
    verdict = explain(STATE, recorded, ENGINE)
    assert (verdict.kind, verdict.criterion) == ("absolute", "C1")


def test_the_same_pairs_in_other_colours_are_a_colour_difference():
    swapped = Pairing(pairs=tuple((b, w) for w, b in ENGINE.pairs), byes=ENGINE.byes)
    verdict = explain(STATE, swapped, ENGINE)
    assert (verdict.kind, verdict.criterion) == ("colours", "5.2")


def test_a_bye_to_a_player_who_had_one_breaks_c2():
    sheet = sheet_of(
        5,
        [[(1, 2, "1"), (3, 4, "1")], [(1, 3, "1"), (2, 4, "1")]],
        unpaired={1: {5: Outcome.PAIRING_BYE}, 2: {5: Outcome.PAIRING_BYE}},
    )
    state = state_of(sheet, planned_rounds=4)
    engine = BursteinEngine().pair(state)
    recorded = Pairing(pairs=((4, 1), (2, 3)), byes=(5,))
    verdict = explain(state, recorded, engine)
    assert (verdict.kind, verdict.criterion) == ("absolute", "C2")


def test_a_seeding_round_is_explained_by_the_dutch_rules():
    state = state_of(sheet_of(6, [[(1, 4, "1"), (5, 2, "="), (3, 6, "0")]]), planned_rounds=4)
    dutch = DutchEngine().pair(state)
    other = Pairing(pairs=((1, 2), (3, 4), (5, 6)))
    assert explain(state, other, dutch) == explain_dutch(state, other, dutch)
