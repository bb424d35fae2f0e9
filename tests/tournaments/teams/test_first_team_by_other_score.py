"""Which of two teams level on the primary score is the first team for colours (C.04.6 4.2):
the one with more of the other score, unless the competition does not use it, then the
smaller team pairing number. A tournament setting, read from and written to record 192
(``FIDE_TEAM_TYPEA_MP_GP`` uses it, ``FIDE_TEAM_TYPEA_MP`` does not).

The event (``test_colour_preferences``): eight teams of two boards; round 1 is paired 1-5,
6-2, 3-7, 8-4 and teams 1, 2, 3 and 4 win, team 1 by 1½-½ (a draw on board 2), the others
2-0. Round 2 pairs 1 with 3 (both had White in round 1; type A: no preference after one
match). 4.3.5 and 4.3.6 do not decide (the same colour difference, the same colour), so
4.3.8 gives the first-team the colour it did not have: Black.

* With the other score: 3 has 2 game points against 1's 1½, so 3 is the first-team and has
  Black: 1-3.
* Without: the smaller TPN, 1, is the first-team and has Black: 3-1.
"""

from __future__ import annotations

import pytest
from django.forms.models import model_to_dict
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.html_forms import form_values
from tests.tournaments.teams.test_colour_preferences import _event, _matches, _record_192
from tournaments.models import Result, Round, Tournament, TournamentLog, TournamentRole
from tournaments.services import (
    TournamentError,
    pair_swiss_round,
    publish_round,
    record_result,
    set_lineup,
    update_tournament,
)
from tournaments.services.team_rounds import team_swiss_state
from tournaments.services.trf_exchange import export_trf, import_trf

pytestmark = pytest.mark.django_db


def _round_one_with_a_draw(by_other_score: bool) -> Tournament:
    tournament = _event()
    if not by_other_score:
        update_tournament(tournament, user=None, team_colours_by_other_score=False)
    round_ = pair_swiss_round(tournament)
    assert _matches(round_) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    _play_with_a_draw(round_)
    return Tournament.objects.get(pk=tournament.pk)


def _play_with_a_draw(round_: Round) -> None:
    """Teams 1-4 win every board, but board 2 of team 1's match is drawn."""
    publish_round(round_)
    for match in round_.matches.filter(team_b__isnull=False).select_related("team_a", "team_b"):
        for team in (match.team_a, match.team_b):
            set_lineup(match, team, list(team.roster.order_by("board_order")))
    for board in round_.pairings.filter(black__isnull=False).select_related(
        "white__team", "black__team", "match"
    ):
        teams = {board.white.team.number, board.black.team.number}
        if teams == {1, 5} and board.match_board == 2:
            result = Result.DRAW
        elif board.white.team.number <= 4:
            result = Result.WHITE_WINS
        else:
            result = Result.BLACK_WINS
        record_result(board, result, source="hand", user=None)


@pytest.mark.parametrize(("by_other_score", "expected"), [(True, (1, 3)), (False, (3, 1))])
def test_the_first_team_of_two_level_teams_follows_the_setting(
    by_other_score: bool, expected: tuple[int, int]
) -> None:
    tournament = _round_one_with_a_draw(by_other_score)
    assert team_swiss_state(tournament, 2).secondary_for_colours is by_other_score
    matches = _matches(pair_swiss_round(tournament))
    assert expected in matches, matches


def test_it_is_on_by_default_logged_and_fixed_once_round_one_is_paired() -> None:
    tournament = _event()
    assert tournament.team_colours_by_other_score is True
    update_tournament(tournament, user=None, team_colours_by_other_score=False)
    entry = TournamentLog.objects.filter(
        tournament=tournament, kind=TournamentLog.Kind.CONFIGURATION
    ).latest("pk")
    assert (entry.old_value, entry.new_value) == (
        {"team_colours_by_other_score": True},
        {"team_colours_by_other_score": False},
    )
    pair_swiss_round(tournament)
    tournament.refresh_from_db()
    with pytest.raises(TournamentError, match="cannot change once round 1"):
        update_tournament(tournament, user=None, team_colours_by_other_score=True)
    tournament.refresh_from_db()
    assert tournament.team_colours_by_other_score is False


@pytest.mark.parametrize(
    ("by_other_score", "code"),
    [(True, "FIDE_TEAM_TYPEA_MP_GP"), (False, "FIDE_TEAM_TYPEA_MP")],
)
def test_record_192_carries_it_both_ways(by_other_score: bool, code: str) -> None:
    tournament = _round_one_with_a_draw(by_other_score)
    text = export_trf(tournament, version=2026)
    assert _record_192(text) == code
    again = import_trf(text, filename="cup.trf")
    assert again.team_colours_by_other_score is by_other_score
    assert export_trf(again, version=2026) == text
    # The next round of the imported event is paired as the original's would be.
    expected = (1, 3) if by_other_score else (3, 1)
    assert expected in _matches(pair_swiss_round(again))


@pytest.mark.parametrize("by_other_score", [True, False])
@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_the_settings_page_saved_unchanged_after_round_one_changes_nothing(
    by_other_score: bool, language: str
) -> None:
    """The team settings are locked once round 1 is paired: the page still opens and saves
    as it is, in either language, and the setting (a checkbox, sent only when ticked) keeps
    its value."""
    tournament = _round_one_with_a_draw(by_other_score)
    chief = UserFactory(username="chief")
    TournamentRole.objects.create(
        tournament=tournament, user=chief, role=TournamentRole.Role.CHIEF_ARBITER
    )
    client = Client(headers={"accept-language": language})
    client.force_login(chief)
    edit = reverse("tournaments:edit", kwargs={"tournament_id": tournament.pk})
    before = model_to_dict(Tournament.objects.get(pk=tournament.pk))
    logged = TournamentLog.objects.filter(tournament=tournament).count()
    shown = form_values(client.get(edit).content.decode(), containing="name")
    assert ("team_colours_by_other_score" in shown) is by_other_score
    response = client.post(edit, shown)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert model_to_dict(Tournament.objects.get(pk=tournament.pk)) == before
    assert TournamentLog.objects.filter(tournament=tournament).count() == logged
