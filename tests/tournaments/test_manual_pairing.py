"""Manual pairing as a session (FIDE checklist D29) and forbidden pairs (D30), through the
round and player pages, the API and the command."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, TournamentFactory, UserFactory, answering
from tournaments.models import ForbiddenPair, Pairing, Round
from tournaments.pairing.validate import colour_preference
from tournaments.scoring.sheet import Color, Outcome, PlayerSheet, RoundEntry
from tournaments.selectors import pairing_state
from tournaments.services import (
    Level,
    NeedsConfirmation,
    TournamentError,
    end_manual_pairing,
    exchange_players,
    forbid_pair,
    leave_fide_mode,
    pair_swiss_round,
    publish_round,
    start_manual_pairing,
    swap_colours,
)
from tournaments.services.manual_pairing import comparison, current_pairing
from tournaments.services.trf_exchange import export_trf, import_trf

pytestmark = pytest.mark.django_db

HELD_SWISS_5 = Path(__file__).resolve().parent.parent / "data" / "tiebreak" / "held_swiss_5.trf"


@pytest.fixture
def draft():
    """Held's 16-player Swiss after 5 of 7 rounds, round 6 paired by the engine as a draft."""
    tournament = import_trf(HELD_SWISS_5.read_bytes())
    tournament.number_of_rounds = 7
    tournament.save(update_fields=["number_of_rounds"])
    return pair_swiss_round(tournament)


def mpa_lines(tournament):
    lines = export_trf(tournament, version=2026).splitlines()
    return [line for line in lines if line.startswith("### MPA @ Round 6")]


def rematch_exchange(round_):
    """Two starting ranks whose exchange makes board 1 a rematch: board 1's black and one of
    white's earlier opponents change places."""
    white, black = current_pairing(round_).pairs[0]
    games = Pairing.objects.filter(round__tournament=round_.tournament, round__number__lt=6)
    for game in games.filter(black__isnull=False).select_related("white", "black"):
        ranks = {game.white.start_rank, game.black.start_rank}
        if white in ranks:
            (opponent,) = ranks - {white}
            return black, opponent
    raise AssertionError("white has played nobody")


def test_a_session_edits_boards_compares_with_the_engine_and_asks_before_ending(draft):
    round_ = start_manual_pairing(draft)
    assert all(row.same for row in comparison(round_))
    with pytest.raises(TournamentError, match="End the manual pairing session"):
        publish_round(round_)
    first, second = rematch_exchange(round_)
    exchange_players(round_, first, second)
    swap_colours(round_, 2)
    differing = [row.board for row in comparison(Round.objects.get(pk=round_.pk)) if not row.same]
    assert 1 in differing and 2 in differing
    with pytest.raises(NeedsConfirmation) as asked:
        end_manual_pairing(round_)
    problems = "\n".join(asked.value.problems)
    assert asked.value.level == 3 and asked.value.answer == "confirm"
    assert "already played each other (round " in problems
    assert "Board 2: " in problems and "the engine pairs" in problems
    assert mpa_lines(draft.tournament) == []
    end_manual_pairing(round_, confirm="confirm")
    round_.refresh_from_db()
    assert round_.manual_session is None and round_.paired_by == Round.PairedBy.MANUAL
    lines = mpa_lines(draft.tournament)
    assert len(lines) == len(differing)
    assert lines[1].startswith("### MPA @ Round 6: Board 2 paired by hand: ")
    publish_round(round_)


def test_ending_refuses_what_no_confirmation_saves(draft):
    round_ = start_manual_pairing(draft)
    with pytest.raises(TournamentError, match="Name two different players"):
        exchange_players(round_, 1, 99)
    assert not any(not row.same for row in comparison(round_))
    end_manual_pairing(round_)  # unchanged: nothing asked, nothing logged
    assert mpa_lines(draft.tournament) == []


def test_the_round_page_runs_a_session(client, draft):
    client.force_login(UserFactory(is_staff=True))
    tournament = draft.tournament
    manual = reverse("tournaments:manual_pairing", args=[tournament.pk, 6])
    page = reverse("tournaments:round", args=[tournament.pk, 6])
    assert "Pair by hand (manual pairing session)" in client.get(page).text
    client.post(manual, {"step": "start"})
    text = client.get(page).text
    assert "Manual pairing session" in text and 'class="differs"' not in text
    assert "Publish the round" not in text
    client.post(manual, {"step": "swap", "board": "1"})
    assert 'class="differs"' in client.get(page).text
    asked = client.post(manual, {"step": "end"})
    assert asked.status_code == 409
    assert (
        'name="confirm" value="confirm"' in asked.text and 'name="step" value="end"' in asked.text
    )
    assert client.post(manual, {"step": "end", "confirm": "confirm"}).status_code == 302
    assert len(mpa_lines(tournament)) == 1


def test_the_api_runs_a_session(draft):
    api = APIClient()
    api.force_authenticate(UserFactory(is_staff=True))
    url = f"/api/v1/tournaments/{draft.tournament.slug}/rounds/6/manual-pairing/"
    assert api.get(url).json() == {"round": 6, "open": False, "boards": []}
    started = api.post(url, {"step": "start"}, format="json").json()
    assert started["open"] and all(board["same"] for board in started["boards"])
    white, black = started["boards"][0]["current"]
    edited = api.post(url, {"step": "set_colours", "board": 1, "white": black}, format="json")
    assert edited.json()["boards"][0]["current"] == [black, white]
    assert api.post(url, {"step": "swap"}, format="json").status_code == 400  # no board
    asked = api.post(url, {"step": "end"}, format="json")
    assert (asked.status_code, asked.json()["level"], asked.json()["confirm"]) == (
        409,
        3,
        "confirm",
    )
    ended = api.post(url, {"step": "end", "confirm": "confirm"}, format="json")
    assert ended.status_code == 200 and ended.json()["open"] is False
    assert len(mpa_lines(draft.tournament)) == 1


def test_the_command_runs_a_session(draft):
    def run(*arguments):
        out = io.StringIO()
        call_command("manual_pairing", str(draft.tournament.pk), "6", *arguments, stdout=out)
        return out.getvalue()

    assert "engine:" in run("start")
    assert "differs" in run("swap", "1")
    with pytest.raises(CommandError) as asked:
        run("end")
    assert asked.value.returncode == 3 and "--confirm confirm" in str(asked.value)
    assert "session ended" in run("end", "--confirm", "confirm")
    assert len(mpa_lines(draft.tournament)) == 1


def test_a_round_changed_by_hand_says_so_on_its_page_and_in_record_182(client, draft):
    arbiter = UserFactory(is_staff=True, username="chief")
    round_ = start_manual_pairing(draft, user=arbiter)
    swap_colours(round_, 1)
    end_manual_pairing(round_, user=arbiter, confirm="confirm")
    engine = "Arbiter Dutch engine, FIDE C.04.3 (2025)"
    records = [line for line in export_trf(draft.tournament, version=2026).splitlines()]
    assert f"182 Imported file (rounds 1, 2, 3, 4, 5); {engine}, changed by hand (round 6)" in (
        records
    )
    client.force_login(arbiter)
    page = client.get(reverse("tournaments:round", args=[draft.tournament.pk, 6])).text
    assert f"Paired by {engine}, then changed by hand by chief." in page
    assert f"Paired by {engine}." not in page


# ---- D30: forbidden pairs ---------------------------------------------------------------


@pytest.fixture
def four():
    """Four rated players, not yet paired: the Dutch system pairs 1–3 and 4–2 in round 1."""
    tournament = TournamentFactory(system="swiss", number_of_rounds=3)
    for rating in (2400, 2300, 2200, 2100):
        PlayerFactory(tournament=tournament, rating_standard=rating)
    ranks = sorted(tournament.players.all(), key=lambda p: -p.rating_standard)
    for rank, player in enumerate(ranks, start=1):
        player.start_rank = rank
        player.save(update_fields=["start_rank"])
    return tournament


def player(tournament, rank):
    return tournament.players.get(start_rank=rank)


def round_1_pairs(tournament):
    round_ = tournament.rounds.get(number=1)
    return {frozenset((p.white.start_rank, p.black.start_rank)) for p in round_.pairings.all()}


def test_the_engine_honours_a_forbidden_pair(four):
    forbid_pair(player(four, 1), player(four, 3), reason="brothers")
    # Players 1 and 3 may meet two players only: three rounds cannot all be paired (D28).
    with pytest.raises(NeedsConfirmation, match="may meet only 2 players") as question:
        pair_swiss_round(four)
    assert question.value.level == Level.ACKNOWLEDGE
    pair_swiss_round(four, confirm="acknowledge")
    pairs = round_1_pairs(four)
    assert frozenset((1, 3)) not in pairs and len(pairs) == 2


def test_a_pair_forbidden_in_some_rounds_only_may_meet_in_the_others(four):
    # 1-3 forbidden in round 1 only: round 1 pairs 1-2 and 3-4 instead, with no question,
    # since the pair may still meet in rounds 2 and 3.
    forbid_pair(player(four, 1), player(four, 3), from_round=1, to_round=1)
    pair_swiss_round(four)
    assert frozenset((1, 3)) not in round_1_pairs(four)
    pair = ForbiddenPair.objects.get()
    assert (pair.from_round, pair.to_round, pair.rounds_label) == (1, 1, "round 1")
    # The log keeps the rounds as numbers, so each reader sees them in his language.
    logged = four.log.filter(message_id__startswith="Forbidden pair").get()
    with translation.override("zh-hans"):
        assert "第 1 至 1 轮" in logged.text
    assert logged.text.endswith("are not to be paired in rounds 1 to 1.")


def test_forbidden_rounds_must_lie_in_the_event(four):
    for first, last in [(0, 2), (2, 1), (1, 4)]:
        with pytest.raises(TournamentError, match="from round 1 to round 3, first before last"):
            forbid_pair(player(four, 1), player(four, 2), from_round=first, to_round=last)
    forbid_pair(player(four, 1), player(four, 2), from_round=2, to_round=3)
    assert ForbiddenPair.objects.get().to_round is None  # to the last round


def test_forbidden_pairs_are_set_before_round_1_in_fide_mode(four):
    pair_swiss_round(four)
    with pytest.raises(TournamentError, match="set before round 1 is paired") as refused:
        forbid_pair(player(four, 1), player(four, 2))
    assert not isinstance(refused.value, NeedsConfirmation)
    answering(leave_fide_mode, four, user=None, reason="club event")
    forbid_pair(player(four, 1), player(four, 2), reason="same club")
    assert ForbiddenPair.objects.count() == 1


def test_the_player_page_sets_and_lifts_a_forbidden_pair(client, four):
    client.force_login(UserFactory(is_staff=True))
    first, third = player(four, 1), player(four, 3)
    url = reverse("tournaments:player_forbidden", args=[four.pk, first.pk])
    client.post(url, {"opponent": third.pk, "reason": "brothers"})
    card = client.get(reverse("tournaments:player", args=[four.pk, first.pk])).text
    assert "Not to be paired with" in card and third.name in card
    assert ForbiddenPair.objects.filter(first=first, second=third).exists()
    client.post(url, {"lift": third.pk})
    assert not ForbiddenPair.objects.exists()
    pair_swiss_round(four)
    client.post(url, {"opponent": third.pk})
    assert not ForbiddenPair.objects.exists()
    card = client.get(reverse("tournaments:player", args=[four.pk, first.pk]), follow=True).text
    assert "Not to be paired with" in card


def test_the_player_page_forbids_a_pair_for_some_rounds(client, four):
    client.force_login(UserFactory(is_staff=True))
    first, third = player(four, 1), player(four, 3)
    url = reverse("tournaments:player_forbidden", args=[four.pk, first.pk])
    # The form sent as it opens names nobody: it forbids nothing.
    card = client.get(reverse("tournaments:player", args=[four.pk, first.pk])).text
    assert '<select id="forbidden-opponent" name="opponent" required><option value="">' in card
    page = client.post(url, {"opponent": "", "reason": ""}, follow=True).text
    assert "Choose a player of the tournament." in page and not ForbiddenPair.objects.exists()
    page = client.post(url, {"opponent": third.pk, "from_round": "x"}, follow=True).text
    assert "A round is a whole number such as 3." in page and not ForbiddenPair.objects.exists()
    client.post(url, {"opponent": third.pk, "from_round": "2", "to_round": "2"})
    card = client.get(reverse("tournaments:player", args=[four.pk, first.pk])).text
    assert f"{third.name} (3) — round 2" in card


def test_the_api_sets_and_lifts_a_forbidden_pair(four):
    api = APIClient()
    api.force_authenticate(UserFactory(is_staff=True))
    first, third = player(four, 1), player(four, 3)
    url = f"/api/v1/tournaments/{four.slug}/players/{first.pk}/forbidden/"
    created = api.post(url, {"opponent": third.pk}, format="json")
    assert created.status_code == 201 and [p["start_rank"] for p in created.json()] == [3]
    assert [p["start_rank"] for p in api.get(url).json()] == [3]
    assert api.delete(f"{url}{third.pk}/").status_code == 204
    limited = api.post(url, {"opponent": third.pk, "from_round": 2, "to_round": 2}, format="json")
    assert limited.status_code == 201
    assert ForbiddenPair.objects.get().to_round == 2
    assert api.delete(f"{url}{third.pk}/").status_code == 204
    pair_swiss_round(four)
    refused = api.post(url, {"opponent": third.pk}, format="json")
    assert refused.status_code == 422 and "before round 1" in refused.json()["detail"]


# ---- D29, Q67: both players of a board given the wrong colour ----------------------------


def _satisfied_board(round_):
    """A board whose white is due white and whose black is due black."""
    state = pairing_state(round_.tournament, round_.number)
    players = {p.start_rank: p for p in state.sheet.players}
    for board, (white, black) in enumerate(current_pairing(round_).pairs, start=1):
        if (
            colour_preference(players[white], round_.number) is Color.WHITE
            and colour_preference(players[black], round_.number) is Color.BLACK
        ):
            return board, white, black
    raise AssertionError("the engine gave no board both preferences")


def test_colour_preferences_follow_the_dutch_rules():
    """C.04.3 A.6: the colour he had less of, else the other than in his last game."""

    def due(*colours):
        rounds = [
            RoundEntry(number, Outcome.WIN, 99, Color(colour))
            for number, colour in enumerate(colours, start=1)
        ]
        return colour_preference(PlayerSheet(1, "X", rounds=rounds), len(colours) + 1)

    assert due() is None
    assert due("w") is Color.BLACK
    assert due("w", "b") is Color.WHITE
    assert due("b", "w") is Color.BLACK
    assert due("w", "w", "b") is Color.BLACK
    assert due("b", "b", "w", "w") is Color.BLACK


def test_ending_asks_when_both_players_get_the_wrong_colour(draft):
    round_ = start_manual_pairing(draft)
    board, _white, black = _satisfied_board(round_)
    swap_colours(round_, board)  # now both get the colour they do not prefer
    with pytest.raises(NeedsConfirmation) as asked:
        end_manual_pairing(round_)
    expected = f"board {board}: both players get the colour they do not prefer (player {black} "
    assert any(problem.startswith(expected) for problem in asked.value.problems)
    swap_colours(round_, board)  # back as the engine paired it: nothing to ask
    end_manual_pairing(round_)


def test_the_api_names_both_wrong_colours(draft):
    api = APIClient()
    api.force_authenticate(UserFactory(is_staff=True))
    round_ = draft
    board, _white, _black = _satisfied_board(round_)
    url = f"/api/v1/tournaments/{draft.tournament.slug}/rounds/6/manual-pairing/"
    api.post(url, {"step": "start"}, format="json")
    api.post(url, {"step": "swap", "board": board}, format="json")
    asked = api.post(url, {"step": "end"}, format="json")
    assert asked.status_code == 409
    assert "both players get the colour they do not prefer" in str(asked.json())
