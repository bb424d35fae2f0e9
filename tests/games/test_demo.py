"""The demo events as an arbiter finds them on the day: real games with clocks that fit the
time control and the session, an adjournment until tomorrow, a ruling, a trail dated at the
event's times, and players whose names belong to their federations."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta

import chess
import pytest
from django.utils import timezone

from games.demo import load_demo_games
from games.models import Game, GameChange, Incident, SealedEnvelope
from games.pgn_export import game_to_pgn
from games.rules.clocks import parse_time_control
from games.rules.records import read_pgn, text_lines
from games.rules.report import check_game
from games.rules.rulesets import get_ruleset
from tests.module_data import kept_for_the_module
from tournaments.demo import load_demo
from tournaments.models import Pairing, Result, ResultChange, Tournament, TournamentLog

pytestmark = [pytest.mark.django_db, pytest.mark.slow]  # the demo events, loaded once

# A moment far from the test's own present: a row stamped with the present (the load time)
# instead of a time of the event falls outside the event's days.
NOW = timezone.make_aware(datetime(2031, 3, 14, 17, 40))
HAN = re.compile(r"^[\u4e00-\u9fff]{2,4}$")


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker) -> Iterator[list[Game]]:
    """Loaded once for the module (it takes seconds), rolled back after it."""
    with kept_for_the_module(django_db_blocker):
        yield load_demo_games(load_demo(NOW), NOW)


def test_demo_has_an_adjourned_game_and_a_ruling(demo):
    adjourned, penalised = demo  # the round robin's adjourned game; a board of the Swiss
    assert adjourned.status == Game.Status.ADJOURNED
    envelope = SealedEnvelope.objects.get(game=adjourned)
    assert envelope.moves_made == chess.Board(envelope.fen).fullmove_number - 1
    assert envelope.opened_at is None
    # Still adjourned: sealed yesterday evening, to be resumed tomorrow morning.
    assert envelope.adjourned_at < NOW < envelope.resumes_at
    assert timezone.localdate(envelope.resumes_at) == timezone.localdate(NOW) + timedelta(days=1)
    # fide2023 in the Swiss: an incorrect claim is 9.5.3 of the 2023 Laws, and the
    # claimant's opponent gets two minutes.
    assert penalised.incidents.get().article == "9.5.3"
    clock = GameChange.objects.get(game=penalised, field=GameChange.Field.CLOCK)
    assert clock.new_value == {"color": "black", "change": "add_remaining", "seconds": 120}


def test_every_played_board_has_a_real_game_that_replays_clean(demo):
    played = Pairing.objects.filter(result__in=["1-0", "0-1", "1/2-1/2"])
    assert played.count() > 90
    for pairing in played.select_related("game", "round__tournament"):
        game = pairing.game
        assert game.result == pairing.result
        assert game.moves.count() >= 40
    distinct = {tuple(game.sans()) for game in Game.objects.all()}
    assert len(distinct) == Game.objects.count()  # no real game is used twice
    for game in Game.objects.all():
        (record,) = read_pgn(text_lines(str(game_to_pgn(game))))
        report = check_game(record, get_ruleset(game.ruleset))
        assert report.clean, (game, report.as_text())
        assert report.findings == (), (game, report.as_text())  # no overstepped clock


def test_clocks_stay_within_the_time_control_and_the_session(demo):
    for game in Game.objects.exclude(pairing=None).select_related("pairing__round__tournament"):
        control = parse_time_control(game.time_control)
        start = game.pairing.round.starts_at
        used = {chess.WHITE: 0.0, chess.BLACK: 0.0}
        for move in game.moves.all():
            color = chess.WHITE if move.ply % 2 else chess.BLACK
            used[color] += move.elapsed
            assert used[color] <= control.allotted_seconds(move.move_number), (game, move)
            assert move.clock > 0
        envelope = game.envelopes.first()
        if envelope is not None:
            assert (
                envelope.white_used + envelope.black_used
                == (envelope.adjourned_at - start).total_seconds()
            )
            for spent, color in ((envelope.white_used, "white"), (envelope.black_used, "black")):
                assert spent <= control.allotted_seconds(envelope.moves_made + 1), color
            continue
        # The clocks ran one at a time from the round's start: the game ended, and was
        # entered, no earlier than both players' time used.
        ended = game.pairing.entered_at or game.changes.last().created_at
        assert ended - start >= timedelta(seconds=sum(used.values()))
        assert ended - start < timedelta(hours=7)
        assert ended <= NOW


def test_the_trail_is_dated_at_the_event(demo):
    for tournament in Tournament.objects.all():
        first = timezone.make_aware(datetime.combine(tournament.start_date, datetime.min.time()))
        assert (
            first
            < NOW
            < first + timedelta(days=(tournament.end_date - tournament.start_date).days + 1)
        )
        times = [
            *TournamentLog.objects.filter(tournament=tournament).values_list(
                "created_at", flat=True
            ),
            *ResultChange.objects.filter(pairing__round__tournament=tournament).values_list(
                "created_at", flat=True
            ),
            *GameChange.objects.filter(game__pairing__round__tournament=tournament).values_list(
                "created_at", flat=True
            ),
            *Incident.objects.filter(game__pairing__round__tournament=tournament).values_list(
                "entered_at", flat=True
            ),
        ]
        assert len(times) > 50
        assert all(first <= moment <= NOW for moment in times), tournament
        assert len(set(times)) > 20  # spread over the event, not one moment
        for round_ in tournament.rounds.all():
            entries = ResultChange.objects.filter(
                pairing__round=round_, reason=ResultChange.Reason.ENTRY
            )
            assert all(round_.starts_at < e.created_at for e in entries), round_
    # The Swiss is in the middle of round five; the claim was ruled during it.
    incident = Incident.objects.get(kind="draw_claim")
    round_5 = incident.game.pairing.round
    assert round_5.starts_at < incident.entered_at < NOW
    assert Pairing.objects.filter(round=round_5, result=Result.NOT_PLAYED).exists()


def test_names_belong_to_their_federation(demo):
    surnames: dict[str, set[str]] = {}
    given: dict[str, set[str]] = {}
    for name, federation in Tournament.objects.get(slug="demo-swiss").players.values_list(
        "name", "federation"
    ):
        if federation == "CHN":
            assert HAN.match(name), name
            continue
        assert not HAN.search(name), name
        surname, first = (part.strip() for part in name.split(","))
        surnames.setdefault(surname, set()).add(federation)
        given.setdefault(first, set()).add(federation)
    assert all(len(feds) == 1 for feds in surnames.values()), surnames
    assert all(len(feds) == 1 for feds in given.values()), given
