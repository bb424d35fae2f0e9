"""The articles of C.04.4.2 (applied from 1 February 2026) one by one, on events small enough
to work out by hand."""

from fractions import Fraction
from itertools import combinations

import pytest

from tournaments.pairing.base import Pairing, PairingError
from tournaments.pairing.burstein import BursteinEngine
from tournaments.pairing.burstein.colours import colour_of
from tournaments.pairing.burstein.index import opposition_indexes
from tournaments.pairing.burstein.players import round_players
from tournaments.pairing.burstein.seeding import seeding_rounds
from tournaments.pairing.dutch import DutchEngine
from tournaments.scoring.sheet import Color, Outcome

from .helpers import player, sheet_of, state_of

ENGINE = BursteinEngine()


def test_seeding_rounds_are_half_the_rounds_rounded_down_at_most_four():
    # 1.6.2
    assert [seeding_rounds(n) for n in (1, 2, 3, 5, 7, 8, 9, 11, 13)] == [0, 1, 1, 2, 3, 4, 4, 4, 4]


def test_a_seeding_round_is_paired_by_the_dutch_system():
    # 1.6.1: round 2 of 5 is a seeding round.
    sheet = sheet_of(6, [[(1, 4, "1"), (5, 2, "="), (3, 6, "0")]])
    state = state_of(sheet, planned_rounds=5)
    assert ENGINE.pair(state) == DutchEngine().pair(state)


def test_the_index_counts_opponents_scores_and_unplayed_rounds_as_the_players_own():
    # 1.7.1 Buchholz and Sonneborn-Berger; 1.7.2 a round not played over the board is a game
    # against himself, with the points it gave.
    sheet = sheet_of(
        4,
        [[(1, 2, "1"), (3, 4, "=")], [(1, 3, "="), (2, 4, "+")]],
    )
    index = opposition_indexes({p.start_rank: p for p in sheet.players}, 3, sheet.points)
    # Scores: 1 has 1.5, 2 has 1, 3 has 1, 4 has 0.5. Player 2's forfeit win is unplayed.
    assert index[1].buchholz == Fraction(2)  # 2 (1) + 3 (1)
    assert index[1].sonneborn_berger == Fraction(3, 2)  # 1 x 1 + 1/2 x 1
    assert index[2].buchholz == Fraction(5, 2)  # 1 (1.5) + himself (1)
    assert index[2].sonneborn_berger == Fraction(1)  # 0 x 1.5 + 1 x 1
    assert index[4].buchholz == Fraction(3, 2)  # 3 (1) + himself (0.5)


def test_trailing_zero_point_byes_count_as_draws_for_the_opponents():
    # 1.7.2, the exception: player 2 is absent (zero-point bye) in rounds 2 and 3; his round-1
    # opponent is credited with 0 + 1/2 + 1/2, not 0.
    sheet = sheet_of(
        4,
        [[(1, 2, "1"), (3, 4, "1")], [(1, 3, "0")], [(1, 4, "1")]],
        unpaired={
            2: {2: Outcome.ZERO_BYE, 4: Outcome.HALF_BYE},
            3: {2: Outcome.ZERO_BYE, 3: Outcome.HALF_BYE},
        },
    )
    index = opposition_indexes({p.start_rank: p for p in sheet.players}, 4, sheet.points)
    assert index[1].buchholz == Fraction(1) + Fraction(5, 2) + Fraction(1, 2)  # 2, 3, 4
    # (without the exception player 2 would count 0, and the Buchholz be 3)
    # Player 2's own Buchholz: his opponent's score, then himself (0) twice.
    assert index[2].buchholz == Fraction(2)


def test_the_ranking_order_uses_the_index_not_the_score():
    # 1.8: a bracket's players are ranked by Index, then pairing number; scores do not enter.
    sheet = sheet_of(4, [[(1, 3, "1"), (2, 4, "0")], [(1, 4, "1"), (3, 2, "0")]])
    players, _ = round_players(state_of(sheet, planned_rounds=3), {})
    order = [p.start_rank for p in players]
    indexes = [p.index for p in players]
    assert indexes == sorted(indexes, reverse=True)
    # 3 has the lowest score (0) but the second highest Index (Buchholz 3, Sonneborn-Berger 0)
    assert order == [4, 3, 1, 2]


def _five_after_two_rounds(byes_in_round_2=None):
    # Round 1: 1-2 1-0, 3-4 ½, 5 PAB. Round 2: 1-3 1-0, 5-4 0-1, 2 bye as given.
    return sheet_of(
        5,
        [[(1, 2, "1"), (3, 4, "=")], [(1, 3, "1"), (5, 4, "0")]],
        unpaired={1: {5: Outcome.PAIRING_BYE}, 2: byes_in_round_2 or {2: Outcome.ZERO_BYE}},
    )


def test_the_bye_goes_to_the_lowest_score():
    # 3.1.3: player 2 (0 points, Z in round 2) rather than 5 (1 point, and [C2] anyway).
    pairing = ENGINE.pair(state_of(_five_after_two_rounds(), planned_rounds=3))
    assert pairing.byes == (2,)


def test_the_bye_goes_to_the_player_with_most_games_then_the_lowest_ranked():
    # Seven players: 3.1.3 lowest score (0: players 4, 5, 6), 3.1.4 the most games
    # played (4 and 6 played twice, 5 once), 3.1.5 the lowest in 1.8's order.
    sheet = sheet_of(
        7,
        [[(1, 4, "1"), (2, 5, "1"), (3, 6, "1")], [(1, 2, "1"), (3, 4, "1"), (6, 7, "0")]],
        unpaired={1: {7: Outcome.PAIRING_BYE}, 2: {5: Outcome.ZERO_BYE}},
    )
    state = state_of(sheet, planned_rounds=3)
    players, _ = round_players(state, {})
    zero = [p for p in players if p.score == 0]
    assert {p.start_rank for p in zero} == {4, 5, 6}
    lowest = [p.start_rank for p in players if p.start_rank in (4, 6)][-1]
    assert ENGINE.pair(state).byes == (lowest,)


def test_the_bye_leaves_the_others_a_complete_pairing():
    # 3.1.2 ([C4]): 2, 3, 4 and 5 have 1 point and one game; 5 had the pairing-allocated
    # bye ([C2]); 4 then 3 rank lowest, but with 2-3 and 2-5 forbidden neither leaves the
    # others pairable (1 has met 2 and 5, 3 has met 4), so the bye goes to 2.
    sheet = sheet_of(
        5,
        [[(1, 2, "="), (3, 4, "=")], [(5, 1, "0")]],
        unpaired={
            1: {5: Outcome.PAIRING_BYE},
            2: {2: Outcome.HALF_BYE, 3: Outcome.HALF_BYE, 4: Outcome.HALF_BYE},
        },
    )
    players, _ = round_players(state_of(sheet, planned_rounds=3), {})
    assert [p.start_rank for p in players][-2:] == [3, 4]
    assert ENGINE.pair(state_of(sheet, planned_rounds=3)).byes == (4,)
    state = state_of(sheet, planned_rounds=3, forbidden=((2, 3), (2, 5)))
    pairing = ENGINE.pair(state)
    assert pairing.byes == (2,)
    assert {frozenset(p) for p in pairing.pairs} == {frozenset((1, 3)), frozenset((4, 5))}


def test_two_players_with_the_same_absolute_preference_never_meet():
    # [C3]: 1 and 2 both played White twice; the round cannot be paired.
    sheet = sheet_of(4, [[(1, 3, "1"), (2, 4, "1")], [(1, 4, "1"), (2, 3, "1")]])
    state = state_of(
        sheet, planned_rounds=3, requested_byes={3: Outcome.ZERO_BYE, 4: Outcome.ZERO_BYE}
    )
    with pytest.raises(PairingError, match="C3"):
        ENGINE.pair(state)


def test_the_first_pairing_of_the_note_to_article_4_3():
    # The note to 4.3: six players in a bracket, two pairs, two virtual players; the first
    # pairing in the order is 1-6, 2-5, 3-0, 4-0. Here 3 and 4 may meet nobody of the bracket
    # ([C1], forbidden pairs), so they float, and the criteria tie otherwise (round 1 of a
    # one-round event, players 1-6 a virtual point ahead of 7 and 8, no colours yet).
    sheet = sheet_of(8, [])
    forbidden = tuple((a, b) for a in (3, 4) for b in range(1, 7) if a != b)
    ahead = {rank: (Fraction(1),) for rank in range(1, 7)}
    state = state_of(sheet, planned_rounds=1, forbidden=forbidden, accelerations=ahead)
    assert ENGINE.pair(state) == Pairing(pairs=((1, 6), (5, 2), (3, 8), (7, 4)))


def _order_first(bracket_size, allowed, pairs_wanted):
    """Brute force of 4.3: the pairings of BSN 1..n with ``pairs_wanted`` pairs, in order."""
    best = None
    for chosen in combinations(range(1, bracket_size + 1), 2 * pairs_wanted):
        for matching in _matchings(list(chosen)):
            if not all(frozenset(p) in allowed for p in matching):
                continue
            opponent = {a: b for p in matching for a, b in (p, p[::-1])}
            vector = [opponent.get(n, 0) for n in range(1, bracket_size + 1)]
            if best is None or vector > best[0]:
                best = (vector, matching)
    return best


def _matchings(players):
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        for tail in _matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


@pytest.mark.parametrize("seed", range(8))
def test_a_bracket_takes_the_first_pairing_in_the_order_of_article_4(seed):
    # Six players a virtual point ahead in round 1, random pairs forbidden among them: the
    # engine pairs as many as it can ([C5]) and then takes the first of the 4.3 order.
    import random

    rng = random.Random(seed)
    everyone = [frozenset(p) for p in combinations(range(1, 7), 2)]
    forbidden = rng.sample(everyone, 7)
    allowed = set(everyone) - set(forbidden)
    ahead = {rank: (Fraction(1),) for rank in range(1, 7)}
    state = state_of(
        sheet_of(8, []),
        planned_rounds=1,
        forbidden=tuple(tuple(sorted(p)) for p in forbidden),
        accelerations=ahead,
    )
    pairing = ENGINE.pair(state)
    in_bracket = {frozenset(p) for p in pairing.pairs if max(p) <= 6}
    expected = next(
        _order_first(6, allowed, wanted) for wanted in (3, 2, 1) if _order_first(6, allowed, wanted)
    )
    assert in_bracket == {frozenset(p) for p in expected[1]}


def test_colours_grant_both_preferences_then_the_stronger():
    white_due, black_due = player(1, "B", buchholz=5), player(2, "W", buchholz=9)
    assert colour_of(white_due, black_due, Color.WHITE) is Color.WHITE  # 5.2.2
    strong, mild = player(1, "BWB"), player(2, "WB")  # both due White
    assert colour_of(strong, mild, Color.WHITE) is Color.WHITE  # 5.2.3: +1 beats mild
    absolute, strong_too = player(1, "WBB"), player(2, "B")
    assert colour_of(strong_too, absolute, Color.WHITE) is Color.BLACK  # absolute wins


def test_colours_alternate_from_the_last_difference_then_follow_the_higher_index():
    # 5.2.4: both mild, due White; their last two games alike, the one before 1 had White
    # and 2 Black: alternate from there, so 1 gets Black.
    first, second = player(1, "BWWB", buchholz=1), player(2, "WBWB", buchholz=9)
    assert colour_of(first, second, Color.WHITE) is Color.BLACK
    assert colour_of(second, first, Color.WHITE) is Color.WHITE
    # 5.2.5: the same history, so the higher Index (article 1.8) gets his preference.
    one, two = player(1, "WB", buchholz=1), player(2, "WB", buchholz=9)
    assert colour_of(one, two, Color.WHITE) is Color.BLACK
    assert colour_of(two, one, Color.WHITE) is Color.WHITE


def test_a_newcomer_grants_his_opponent_the_preference():
    # 1.5.4 with 5.2.2.
    newcomer, regular = player(1, "", buchholz=20), player(2, "W")
    assert colour_of(newcomer, regular, Color.WHITE) is Color.WHITE
