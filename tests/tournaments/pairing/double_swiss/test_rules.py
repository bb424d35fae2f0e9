"""The engine against the articles of C.04.5, each on a small event whose answer the text
gives: the worked examples of 3.5.4 and 3.6.2, the bye (3.4), the bracket (3.6), the colours
(article 4), and a pair that meets again after a forfeited match (Preface)."""

from fractions import Fraction

import pytest

from tournaments.pairing.base import Pairing, PairingError
from tournaments.pairing.double_swiss import DoubleSwissEngine, match_state
from tournaments.pairing.double_swiss.bracket import identifier, pair_bracket
from tournaments.pairing.double_swiss.criteria import RoundContext
from tournaments.pairing.double_swiss.explain import explain
from tournaments.pairing.double_swiss.players import MatchPlayer
from tournaments.pairing.double_swiss.upfloaters import _profiles, _sets_of
from tournaments.pairing.double_swiss.validate import validate_match_round
from tournaments.scoring.sheet import Color, Outcome

from .helpers import sheet_of

ENGINE = DoubleSwissEngine()


def _player(rank: int, score: float = 0, *, met=(), floated=False) -> MatchPlayer:
    return MatchPlayer(
        rank=rank,
        score=Fraction(score),
        met=frozenset(met),
        colours=(),
        matches_played=0,
        bye_barred=False,
        floated_last=floated,
    )


def _context(*players: MatchPlayer, last_round: bool = False) -> RoundContext:
    return RoundContext({p.rank: p for p in players}, frozenset(), last_round)


def test_worked_example_3_6_2_the_identifier_of_a_pairing() -> None:
    """3.6.2: "If 11-24 16-6 10-9 8-4 is a pairing, its identifier is 4 6 9 11 8 16 10 24"."""
    assert identifier([(11, 24), (16, 6), (10, 9), (8, 4)]) == (4, 6, 9, 11, 8, 16, 10, 24)


def test_worked_example_3_5_4_the_order_of_the_sets_of_upfloaters() -> None:
    """3.5.4: 2, 6, 8 have 3 points, 1, 3, 5 have 2½; three upfloaters, two with 3 points
    and one with 2½: {2,6,1} < {2,6,3} < {2,6,5} < {2,8,1} < … < {6,8,5}."""
    context = _context(*(_player(r, 3) for r in (2, 6, 8)), *(_player(r, 2.5) for r in (1, 3, 5)))
    lower = sorted((1, 2, 3, 5, 6, 8), key=lambda r: (-context.players[r].score, r))
    profile = ((Fraction(3), 2), (Fraction(5, 2), 1))  # as the example stipulates
    assert profile in _profiles(context, lower, 3)
    assert [set(s) for s in _sets_of(context, lower, profile)] == [
        {2, 6, 1}, {2, 6, 3}, {2, 6, 5}, {2, 8, 1}, {2, 8, 3}, {2, 8, 5},
        {6, 8, 1}, {6, 8, 3}, {6, 8, 5},
    ]  # fmt: skip


def test_an_unconstrained_bracket_pairs_its_first_half_with_its_second() -> None:
    context = _context(*(_player(r) for r in range(1, 9)))
    assert pair_bracket(context, range(1, 9), ()) == [(1, 5), (2, 6), (3, 7), (4, 8)]


def test_c1_moves_to_the_next_identifier() -> None:
    """1 and 5 met: tops stay 1-4; the smallest bottom for 1 is 6, then 5 for 2."""
    players = [_player(r, met={5} if r == 1 else {1} if r == 5 else ()) for r in range(1, 9)]
    assert pair_bracket(_context(*players), range(1, 9), ()) == [(1, 6), (2, 5), (3, 7), (4, 8)]


@pytest.mark.parametrize(
    ("last_round", "expected"), [(False, [(1, 4), (2, 3)]), (True, [(1, 3), (2, 4)])]
)
def test_c8_keeps_the_upfloater_from_a_resident_who_floated(last_round, expected) -> None:
    """Residents 1, 2, 3 (2 floated in the previous round), upfloater 4: the first identifier
    pairs 2 with 4, which [C8] avoids unless it is the last round."""
    players = [_player(1, 2), _player(2, 2, floated=True), _player(3, 2), _player(4, 1)]
    context = _context(*players, last_round=last_round)
    assert pair_bracket(context, [1, 2, 3, 4], [4]) == expected


def test_round_one_halves_and_alternates_from_the_initial_colour() -> None:
    """4.3.1: the higher-ranked player gets the initial-colour when his TPN is odd."""
    sheet = sheet_of(8, [])
    pairing = ENGINE.pair(match_state(sheet, 1, initial_color=Color.BLACK))
    assert pairing == Pairing(pairs=((5, 1), (2, 6), (7, 3), (4, 8)))


def test_the_bye_goes_to_the_lowest_score_first() -> None:
    """3.4.2: 3 lost 0-2 and has the lowest score; 5 had the bye ([C2])."""
    sheet = sheet_of(5, [[(1, 3, "1", "1"), (2, 4, "=", "=")]], byes=[[5]])
    assert ENGINE.pair(match_state(sheet, 2)).byes == (3,)


def test_the_bye_goes_to_who_played_most_matches_then_the_largest_tpn() -> None:
    """3.4.3 and 3.4.4: all on 1 point; 7 had a half-point bye (no match played), so of the
    others the largest TPN, 6, gets it."""
    draws = [(1, 4, "=", "="), (2, 5, "=", "="), (3, 6, "=", "=")]
    sheet = sheet_of(7, [draws], requested={1: {7: Outcome.HALF_BYE}})
    assert ENGINE.pair(match_state(sheet, 2)).byes == (6,)


def test_a_forfeited_match_is_not_a_match_played() -> None:
    """3.4.3: 2 and 4 have no point; 4 forfeited both games of match 1, which is no match
    played, so 2 (one match played) gets the bye although 4 has the larger TPN. 3 won by
    forfeit and 5 had the bye ([C2])."""
    sheet = sheet_of(5, [[(1, 2, "1", "1"), (3, 4, "+", "+")]], byes=[[5]])
    pairing = ENGINE.pair(match_state(sheet, 2))
    assert pairing.byes == (2,)


def test_the_bye_ranking_of_3_4_prefers_the_lower_score_over_more_matches() -> None:
    """3.4.2 before 3.4.3: 4 (no match played, 0 points) before 2 (one match, 1 point)."""
    sheet = sheet_of(5, [[(1, 2, "=", "="), (3, 4, "+", "+")]], byes=[[5]])
    assert ENGINE.pair(match_state(sheet, 2)).byes == (4,)


def test_colours_alternate_from_the_last_match() -> None:
    """4.3.4: 1 and 2 both had White and won; 1 (higher-ranked) alternates to Black. 3 and 4
    both had Black; 3 alternates to White."""
    sheet = sheet_of(4, [[(1, 3, "1", "1"), (2, 4, "1", "1")]])
    assert ENGINE.pair(match_state(sheet, 2)).pairs == ((2, 1), (3, 4))


def test_white_to_who_had_it_fewer_times() -> None:
    """4.3.2: after two matches 1 had White twice (scores kept equal), 4 once."""
    first = [(1, 2, "=", "="), (4, 3, "=", "=")]
    second = [(1, 3, "=", "="), (2, 4, "=", "=")]
    sheet = sheet_of(4, [first, second])
    assert ENGINE.pair(match_state(sheet, 3)).pairs == ((4, 1), (3, 2))


def test_a_pair_meets_again_after_a_forfeited_match() -> None:
    """Preface: 2 forfeited both games, so 1 and 2 may be paired again (no colour yet: 4.3.1
    gives 1 White); after a played match (one game forfeited only) they may not."""
    forfeited = sheet_of(2, [[(1, 2, "+", "+")]])
    assert ENGINE.pair(match_state(forfeited, 2)).pairs == ((1, 2),)
    played = sheet_of(2, [[(1, 2, "+", "1")]])
    with pytest.raises(PairingError, match="C1"):
        ENGINE.pair(match_state(played, 2))


def test_requested_byes_and_withdrawals_are_not_paired() -> None:
    sheet = sheet_of(6, [[(1, 4, "1", "1"), (2, 5, "1", "1"), (3, 6, "1", "1")]],
                     requested={2: {2: Outcome.HALF_BYE}})  # fmt: skip
    pairing = ENGINE.pair(match_state(sheet, 2))
    assert 2 not in pairing.players and len(pairing.byes) == 1


def test_the_validator_finds_a_rematch_and_a_barred_bye() -> None:
    sheet = sheet_of(5, [[(1, 3, "1", "1"), (2, 4, "=", "=")]], byes=[[5]])
    state = match_state(sheet, 2)
    check = validate_match_round(state, Pairing(pairs=((1, 3), (2, 4)), byes=(5,)))
    assert any("[C1]" in e for e in check.errors) and any("[C2]" in e for e in check.errors)
    assert validate_match_round(state, ENGINE.pair(state)).ok


def test_explanations_name_the_article() -> None:
    sheet = sheet_of(5, [[(1, 3, "1", "1"), (2, 4, "=", "=")]], byes=[[5]])
    state = match_state(sheet, 2)
    ours = ENGINE.pair(state)
    rematch = Pairing(pairs=((1, 3), (2, 4)), byes=(5,))
    assert explain(state, rematch, ours).criterion == "C1"
    other_bye = Pairing(pairs=((1, 5), (3, 4)), byes=(2,))
    found = explain(state, other_bye, ours)
    assert (found.kind, found.criterion) == ("quality", "3.4.2")
    assert explain(state, ours, ours).kind == "equal"
