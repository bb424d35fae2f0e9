"""Results corrected for the rating report only (FIDE C.04.2 4.3, checklist F38)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from games import services as game_services
from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.models import (
    ByeKind,
    RatingReportCorrection,
    Result,
    Round,
    TournamentLog,
    TournamentRole,
)
from tournaments.selectors import rating_changes, tournament_sheet, tournament_standings
from tournaments.services import TournamentError, record_result
from tournaments.services.rating_report import (
    correct_for_rating_report,
    withdraw_rating_report_correction,
)
from tournaments.services.rounds import store_round
from tournaments.services.trf_exchange import export_trf

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    """Five rated players, round 1 played: 1 beat 2, 3 drew 4, 5 had the bye."""
    tournament = TournamentFactory(number_of_rounds=5)
    players = [PlayerFactory(tournament=tournament) for _ in range(5)]
    a, b, c, d, e = players
    round_ = store_round(
        tournament,
        1,
        [(a, b), (c, d)],
        [(e, ByeKind.PAIRING_ALLOCATED)],
        paired_by=Round.PairedBy.MANUAL,
        status=Round.Status.PUBLISHED,
    )
    record_result(round_.pairings.get(board=1), "1-0", source="hand", user=None)
    record_result(round_.pairings.get(board=2), "1/2-1/2", source="hand", user=None)
    return tournament, round_


def points(tournament):
    return {row.start_rank: row.points for row in tournament_standings(tournament).rows}


def test_the_rating_report_takes_the_correction_and_standings_keep_the_board(event):
    tournament, round_ = event
    board = round_.pairings.get(board=1)
    before = rating_changes(tournament, tournament_sheet(tournament))
    standings = points(tournament)
    assert before[1] > 0 > before[2]

    correct_for_rating_report(board, "0-1", user=UserFactory(), reason="scoresheets: black won")

    board.refresh_from_db()
    assert board.result == Result.WHITE_WINS  # pairing and standings data untouched
    assert points(tournament) == standings
    after = rating_changes(tournament, tournament_sheet(tournament))
    # 2390 v 2380, K 20 (FIDE B.02 table 8.1b: 0.51 / 0.49 for a 10-point gap).
    assert (before[1], before[2]) == (Fraction("9.8"), Fraction("-9.8"))
    assert (after[1], after[2]) == (Fraction("-10.2"), Fraction("10.2"))
    assert (after[3], after[4]) == (before[3], before[4])
    entry = tournament.log.get(kind=TournamentLog.Kind.RATING_REPORT)
    assert entry.round_number == 1
    assert entry.reason == "scoresheets: black won"
    assert (entry.old_value, entry.new_value) == ("1-0", "0-1")


def test_the_trf_2026_report_lists_it_and_keeps_the_board_result_in_the_cells(event):
    tournament, round_ = event
    board = round_.pairings.get(board=1)
    correct_for_rating_report(board, "0-1", user=None, reason="scoresheets: black won")
    lines = export_trf(tournament, version=2026).splitlines()
    assert (
        f"### Rating correction @ Round 1: Board 1 ({board.white.name} – {board.black.name}): "
        "0-1 for the rating report only; pairings and standings keep 1-0. "
        "(scoresheets: black won)"
    ) in lines
    first = next(line for line in lines if line.startswith("001    1"))
    assert first[89:99] == "     2 w 1"  # the pairing program still reads 1-0
    # TRF16 carries the log's ### lines too (it has no record of its own for them).
    assert any(line.startswith("### Rating correction @ Round 1") for line in lines16(tournament))


def test_withdrawing_lets_the_report_take_the_board_result_again(event):
    tournament, round_ = event
    board = round_.pairings.get(board=1)
    before = rating_changes(tournament, tournament_sheet(tournament))
    correct_for_rating_report(board, "1/2-1/2", user=None, reason="draw agreed, slip wrong")
    correct_for_rating_report(board, "0-1", user=None, reason="the video shows black won")
    assert RatingReportCorrection.objects.get(pairing=board).result == Result.BLACK_WINS
    with pytest.raises(TournamentError, match="needs a reason"):
        withdraw_rating_report_correction(board, user=None, reason=" ")
    withdraw_rating_report_correction(board, user=None, reason="appeal upheld")
    assert not RatingReportCorrection.objects.exists()
    assert rating_changes(tournament, tournament_sheet(tournament)) == before
    kinds = tournament.log.filter(kind=TournamentLog.Kind.RATING_REPORT)
    assert [e.new_value for e in kinds] == ["1/2-1/2", "0-1", "1-0"]
    with pytest.raises(TournamentError, match="has no correction"):
        withdraw_rating_report_correction(board, user=None, reason="again")


@pytest.mark.parametrize(
    ("board", "result", "reason", "message"),
    [
        (3, "1-0", "x", "is a bye"),
        (1, "1-0", "x", "already the board's result"),
        (1, "adj", "x", "cannot go to the rating report"),
        (1, "*", "x", "cannot go to the rating report"),
        (1, "1-1", "x", "is not a result"),
        (1, "0-1", "", "needs a reason"),
    ],
)
def test_what_cannot_be_corrected_for_the_report_is_refused(event, board, result, reason, message):
    tournament, round_ = event
    with pytest.raises(TournamentError, match=message):
        correct_for_rating_report(
            round_.pairings.get(board=board), result, user=None, reason=reason
        )
    assert not RatingReportCorrection.objects.exists()
    assert not tournament.log.filter(kind=TournamentLog.Kind.RATING_REPORT).exists()


def test_an_undecided_board_has_nothing_to_correct(event):
    _tournament, round_ = event
    board = round_.pairings.get(board=2)
    record_result(board, "adj", source="hand", user=None, reason="adjourned")
    with pytest.raises(TournamentError, match="no decided result yet"):
        correct_for_rating_report(board, "1-0", user=None, reason="x")


def test_the_arbiters_page_sets_it_and_the_round_page_shows_it(event, client):
    tournament, round_ = event
    user = UserFactory()
    TournamentRole.objects.create(
        tournament=tournament, user=user, role=TournamentRole.Role.DEPUTY_ARBITER
    )
    client.force_login(user)
    page = reverse(
        "tournaments:rating_correction",
        kwargs={"tournament_id": tournament.pk, "number": 1, "board": 1},
    )
    round_page = reverse("tournaments:round", kwargs={"tournament_id": tournament.pk, "number": 1})
    assert page in client.get(round_page).content.decode()
    shown = client.get(page)
    assert shown.status_code == 200
    assert "/help/results/" in shown.content.decode()

    refused = client.post(page, {"result": "", "reason": "x"})
    assert "Choose the result the rating report takes." in refused.content.decode()
    saved = client.post(page, {"result": "0-1", "reason": "black won on the video"})
    assert saved.status_code == 302
    assert "Rating report: 0-1" in client.get(round_page).content.decode()
    assert round_.pairings.get(board=1).result == Result.WHITE_WINS

    client.post(page, {"withdraw": "1", "reason": "appeal upheld"})
    assert "Rating report:" not in client.get(round_page).content.decode()
    assert not RatingReportCorrection.objects.exists()


def test_a_viewer_may_not_correct(event, client):
    tournament, _round = event
    user = UserFactory()
    TournamentRole.objects.create(tournament=tournament, user=user, role=TournamentRole.Role.VIEWER)
    client.force_login(user)
    page = reverse(
        "tournaments:rating_correction",
        kwargs={"tournament_id": tournament.pk, "number": 1, "board": 1},
    )
    assert client.post(page, {"result": "0-1", "reason": "x"}).status_code == 403
    assert not RatingReportCorrection.objects.exists()


def test_the_game_page_shows_the_result_the_rating_report_takes(event, client):
    tournament, round_ = event
    user = UserFactory()
    TournamentRole.objects.create(
        tournament=tournament, user=user, role=TournamentRole.Role.CHIEF_ARBITER
    )
    board = round_.pairings.get(board=1)
    game = game_services.create_game(pairing=board, user=user)
    client.force_login(user)
    page = reverse("games:detail", args=[game.pk])
    assert "rating report" not in client.get(page).content.decode()
    correct_for_rating_report(board, "0-1", user=user, reason="black won on the video")
    assert "The rating report now takes 0-1 (black won on the video)." in (
        client.get(page).content.decode()
    )


def lines16(tournament):
    return export_trf(tournament, version=16).splitlines()
