"""A team Swiss event pairs a scoregroup by team pairing number, whatever the game points
(C.04.6 3.6.1-3.6.3; the secondary score only chooses the first-team for colours, 1.2.1 and
4.2.2). The engine's own tests: ``tests/tournaments/pairing/team_swiss/test_score_order.py``.

The event (``test_colour_preferences``): eight teams of two boards, match points first, round
1 paired 1-5, 6-2, 3-7, 8-4. Teams 1, 2, 3 and 4 win; 1 and 3 by 1½-½ (board 2 drawn), 2 and
4 by 2-0. Round 2's top scoregroup, 1, 2, 3 and 4 (2 match points), is paired by TPN: 1-3 and
2-4. Ranked by game points (2 and 4 before 1 and 3), it would be 2-1 and 4-3; the bottom one
likewise 5-7 and 6-8, not 5-6 and 7-8 (5 and 7 have ½ game point, 6 and 8 none).
"""

from __future__ import annotations

import pytest

from tests.tournaments.teams.test_colour_preferences import TYPE_A_ROUND_TWO, _event, _matches
from tournaments.models import Result, Round, Tournament
from tournaments.pairing.team_swiss import pair_round
from tournaments.services import pair_swiss_round, publish_round, record_result, set_lineup
from tournaments.services.team_rounds import team_swiss_state

pytestmark = pytest.mark.django_db

WINNERS = {1, 2, 3, 4}
DRAWN_ON_BOARD_2 = ({1, 5}, {3, 7})


def _play_round_one(tournament: Tournament) -> None:
    round_ = pair_swiss_round(tournament)
    assert _matches(round_) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    publish_round(round_)
    for match in round_.matches.filter(team_b__isnull=False).select_related("team_a", "team_b"):
        for team in (match.team_a, match.team_b):
            set_lineup(match, team, list(team.roster.order_by("board_order")))
    boards = round_.pairings.filter(black__isnull=False).select_related(
        "white__team", "black__team"
    )
    for board in boards:
        teams = {board.white.team.number, board.black.team.number}
        if teams in DRAWN_ON_BOARD_2 and board.match_board == 2:
            result = Result.DRAW
        elif board.white.team.number in WINNERS:
            result = Result.WHITE_WINS
        else:
            result = Result.BLACK_WINS
        record_result(board, result, source="hand", user=None)


def test_round_two_pairs_each_scoregroup_by_team_pairing_number() -> None:
    tournament = _event()
    _play_round_one(tournament)
    tournament = Tournament.objects.get(pk=tournament.pk)
    teams = pair_round(team_swiss_state(tournament, 2)).teams
    assert [teams[n].score for n in range(1, 9)] == [2, 2, 2, 2, 0, 0, 0, 0]
    assert [teams[n].secondary * 2 for n in range(1, 9)] == [3, 4, 3, 4, 1, 0, 1, 0]
    round_two: Round = pair_swiss_round(tournament)
    # The pairs 1-3, 2-4, 5-7 and 6-8; colours by 4.3.8 (the same colour in round 1, the
    # first-team alternating), tables by GHR 3.6 (score, sum of scores, then TPN).
    assert _matches(round_two) == TYPE_A_ROUND_TWO
