"""Entering and correcting results: the audit trail and the FIDE-mode correction window."""

import pytest
from django.utils import translation

from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.models import ByeKind, Result, ResultChange, Round, TournamentLog
from tournaments.services import (
    TournamentError,
    adjourn_game,
    correct_result,
    record_result,
    resolve_adjournment,
)
from tournaments.services.rounds import store_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    tournament = TournamentFactory(number_of_rounds=5)
    players = [PlayerFactory(tournament=tournament) for _ in range(5)]
    return tournament, players


def pair_round(tournament, players, number):
    """Round ``number``: 1 v 2, 3 v 4 (rotating colours), 5 gets the PAB."""
    a, b, c, d, e = players
    games = [(a, b), (c, d)] if number % 2 else [(b, a), (d, c)]
    return store_round(
        tournament,
        number,
        games,
        [(e, ByeKind.PAIRING_ALLOCATED)],
        paired_by=Round.PairedBy.MANUAL,
        status=Round.Status.PUBLISHED,
    )


def board(round_, number):
    return round_.pairings.get(board=number)


def test_a_correction_keeps_the_old_result_and_logs_it(event):
    tournament, players = event
    arbiter = UserFactory()
    round_1 = pair_round(tournament, players, 1)
    record_result(board(round_1, 1), "1-0", source="hand", user=arbiter)
    with pytest.raises(TournamentError, match="needs a reason"):
        record_result(board(round_1, 1), "0-1", source="hand", user=arbiter)
    correct_result(board(round_1, 1), "1/2-1/2", user=arbiter, reason="scoresheets agree on a draw")

    changes = list(
        board(round_1, 1).result_changes.values_list("old_result", "new_result", "reason")
    )
    assert changes == [
        ("*", "1-0", ResultChange.Reason.ENTRY),
        ("1-0", "1/2-1/2", ResultChange.Reason.CORRECTION),
    ]
    log = TournamentLog.objects.get(tournament=tournament, kind=TournamentLog.Kind.CORRECTION)
    assert log.round_number == 1
    assert log.reason == "scoresheets agree on a draw"
    assert (log.old_value, log.new_value) == ("1-0", "1/2-1/2")


def test_fide_mode_allows_corrections_of_the_last_two_rounds_only(event):
    tournament, players = event
    rounds = []
    for number in (1, 2, 3):
        rounds.append(pair_round(tournament, players, number))
        record_result(board(rounds[-1], 1), "1-0", source="hand", user=None)
        record_result(board(rounds[-1], 2), "0-1", source="hand", user=None)
    # Round 3 was paired on round 2's result: the correction is confirmed (L3, F37).
    correct_result(board(rounds[1], 1), "0-1", user=None, reason="wrong slip", confirm="confirm")
    with pytest.raises(TournamentError, match="only the results of rounds 2 and 3"):
        correct_result(board(rounds[0], 1), "0-1", user=None, reason="late appeal")

    tournament.fide_mode = False
    tournament.save()
    correct_result(
        board(rounds[0], 1), "0-1", user=None, reason="appeals committee", confirm="confirm"
    )
    assert board(rounds[0], 1).result == Result.BLACK_WINS


def test_an_adjourned_game_is_pending_until_resolved_in_any_round(event):
    tournament, players = event
    round_1 = pair_round(tournament, players, 1)
    adjourn_game(board(round_1, 1), user=None)
    record_result(board(round_1, 2), "1-0", source="hand", user=None)
    round_1.refresh_from_db()
    assert round_1.status == Round.Status.PUBLISHED  # not finished while a game is pending
    for number in (2, 3, 4):
        pair_round(tournament, players, number)
    resolve_adjournment(board(round_1, 1), "0-1", user=None, confirm="confirm")
    round_1.refresh_from_db()
    assert round_1.status == Round.Status.FINISHED
    kinds = TournamentLog.objects.filter(kind=TournamentLog.Kind.ADJOURNMENT)
    assert [(e.old_value, e.new_value) for e in kinds] == [("*", "adj"), ("adj", "0-1")]


def test_refusals_name_the_problem(event):
    tournament, players = event
    round_1 = pair_round(tournament, players, 1)
    with pytest.raises(TournamentError, match="Board 3 is a bye"):
        record_result(board(round_1, 3), "1-0", source="hand", user=None)
    with pytest.raises(TournamentError, match="Only the online ruleset voids games"):
        record_result(board(round_1, 1), "void", source="hand", user=None)
    with pytest.raises(TournamentError, match="1-1 is not a result"):
        record_result(board(round_1, 1), "1-1", source="hand", user=None)
    draft = store_round(tournament, 2, [(players[1], players[0])], [], paired_by="manual")
    with pytest.raises(TournamentError, match="Round 2 is not published yet"):
        record_result(board(draft, 1), "1-0", source="hand", user=None)
    assert not ResultChange.objects.exists()


def test_a_ruling_from_the_games_app_records_its_reference(event):
    tournament, players = event
    round_1 = pair_round(tournament, players, 1)
    record_result(
        board(round_1, 1),
        "0-1",
        source="ruling",
        user=None,
        reason="Art. 10.15: more than an hour late",
        ruling_ref="ruling:42",
    )
    pairing = board(round_1, 1)
    assert (pairing.result, pairing.entry_source, pairing.ruling_ref) == (
        "0-1",
        "ruling",
        "ruling:42",
    )
    change = pairing.result_changes.get()
    assert (change.reason, change.ruling_ref) == (ResultChange.Reason.RULING, "ruling:42")


def test_the_online_ruleset_may_void_a_game(event):
    tournament, players = event
    tournament.ruleset = "online"
    tournament.save()
    round_1 = pair_round(tournament, players, 1)
    record_result(board(round_1, 1), "void", source="hand", user=None)
    assert board(round_1, 1).result == Result.VOID


def test_the_log_is_written_in_english_while_errors_speak_the_users_language(event):
    tournament, players = event
    round_1 = pair_round(tournament, players, 1)
    record_result(board(round_1, 1), "1-0", source="hand", user=None)
    with translation.override("zh-hans"):
        with pytest.raises(TournamentError, match="修改已录入的结果需要说明原因"):
            record_result(board(round_1, 1), "0-1", source="hand", user=None)
        correct_result(board(round_1, 1), "0-1", user=None, reason="记录错误")
    entry = TournamentLog.objects.get(kind=TournamentLog.Kind.CORRECTION)
    assert entry.message.startswith("Board 1 (")
    assert entry.reason == "记录错误"
