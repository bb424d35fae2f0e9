"""Expelling a player (FIDE checklist B14, I48) from the page, the API and the command, and
how the standings show him; integrity events (K54): imported rounds that break the pairing
rules (J51), corrections of earlier rounds (F37) and undoing an event from the log."""

from __future__ import annotations

import io
from datetime import date
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from pypdf import PdfReader
from rest_framework.test import APIClient

from tests.factories import UserFactory, answering
from tournaments.models import Player, TournamentLog, TournamentRole
from tournaments.services import (
    Level,
    NeedsConfirmation,
    TournamentError,
    add_player,
    assign_start_ranks,
    create_tournament,
    exchange_start_ranks,
    leave_fide_mode,
    publish_round,
    record_result,
    submit_pairings,
    update_tournament,
)
from tournaments.services.trf_exchange import export_trf, import_trf
from tournaments.services.undo import undo_event, undo_refusal

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parent.parent / "data/tiebreak"
HELD_SWISS_5 = DATA / "held_swiss_5.trf"


@pytest.fixture
def chief():
    return UserFactory(username="chief")


@pytest.fixture
def held(chief):
    """Held's Swiss of 5 rounds, all played, imported by the chief arbiter."""
    tournament = import_trf(HELD_SWISS_5.read_bytes(), user=chief, filename="held.trf")
    tournament.public = True
    tournament.save(update_fields=["public"])
    return tournament


def comments(tournament):
    return [line for line in export_trf(tournament).splitlines() if line.startswith("###")]


# ---- B14, I48: expelling a player -----------------------------------------------------------


def test_the_withdraw_page_expels_a_player_with_a_reason_only(client, held, chief):
    bruno = held.players.get(start_rank=2)
    page = reverse("tournaments:player_withdraw", args=[held.pk, bruno.pk])
    client.force_login(chief)
    form = client.get(page).content.decode()
    assert "is expelled by the arbiter" in form
    refused = client.post(page, {"how": "expelled", "after_round": 5, "reason": " "})
    assert "Expelling a player needs a reason." in refused.content.decode()
    bruno.refresh_from_db()
    assert bruno.status == Player.Status.ACTIVE
    client.post(page, {"how": "expelled", "after_round": 5, "reason": "misconduct"})
    bruno.refresh_from_db()
    assert (bruno.status, bruno.withdrawn_after_round) == (Player.Status.EXPELLED, 5)
    assert comments(held)[-1] == (
        "### Withdrawal @ Round 5: Bruno is expelled after round 5. (misconduct)"
    )


def test_the_withdraw_page_still_withdraws_without_a_reason(client, held, chief):
    david = held.players.get(start_rank=4)
    client.force_login(chief)
    page = reverse("tournaments:player_withdraw", args=[held.pk, david.pk])
    client.post(page, {"how": "withdraws", "after_round": 5, "reason": ""})
    david.refresh_from_db()
    assert david.status == Player.Status.WITHDRAWN


def test_the_api_expels_a_player_and_its_standings_say_so(held, chief):
    api = APIClient()
    api.force_authenticate(chief)
    bruno = held.players.get(start_rank=2)
    url = f"/api/v1/tournaments/{held.slug}/players/{bruno.pk}/expel/"
    refused = api.post(url, {"after_round": 5}, format="json")
    assert refused.status_code == 400
    expelled = api.post(url, {"after_round": 5, "reason": "misconduct"}, format="json")
    assert expelled.status_code == 200
    bruno.refresh_from_db()
    assert bruno.status == Player.Status.EXPELLED
    rows = api.get(f"/api/v1/tournaments/{held.slug}/standings/").json()["rows"]
    last = rows[-1]
    assert (last["name"], last["place"], last["excluded"], last["left_after_round"]) == (
        "Bruno",
        "-",
        "expelled",
        5,
    )
    assert all(row["excluded"] is None for row in rows[:-1])
    crosstable = api.get(f"/api/v1/tournaments/{held.slug}/crosstable/").json()["rows"]
    assert crosstable[-1]["excluded"] == "expelled"


def test_the_command_expels_a_player_and_refuses_without_a_reason(held):
    with pytest.raises(CommandError, match="needs a reason") as refused:
        call_command("withdraw", str(held.pk), "2", "--after-round", "5", "--expel")
    assert refused.value.returncode == 2
    out = StringIO()
    call_command(
        "withdraw",
        str(held.pk),
        "2",
        "--after-round",
        "5",
        "--expel",
        "--reason",
        "misconduct",
        stdout=out,
    )
    assert "Bruno" in out.getvalue() and "expelled after round 5" in out.getvalue()
    assert held.players.get(start_rank=2).status == Player.Status.EXPELLED
    call_command("withdraw", str(held.pk), "16", "--after-round", "5", stdout=StringIO())
    assert held.players.get(start_rank=16).status == Player.Status.WITHDRAWN


def test_standings_crosstable_and_printed_standings_mark_the_expelled_player(client, held):
    held.players.filter(start_rank=2).update(status=Player.Status.EXPELLED, withdrawn_after_round=5)
    for name in ("standings", "crosstable"):
        page = client.get(reverse(f"tournaments:{name}", args=[held.pk])).content.decode()
        assert "Bruno (expelled)" in page, name
    pdf = client.get(reverse("tournaments:standings_pdf", args=[held.pk]))
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "Bruno (expelled)" in text
    assert "Bruno (no. 2) was expelled after round 5." in " ".join(text.split())


# ---- F37, K54: a correction of an earlier round asks L3 -------------------------------------


def test_correcting_a_round_a_later_round_was_paired_on_asks_l3(held, chief):
    board = held.rounds.get(number=4).pairings.get(board=1)  # Bruno – Stephan 1-0
    with pytest.raises(NeedsConfirmation) as asked:
        record_result(board, "1/2-1/2", source="hand", user=chief, reason="scoresheets")
    assert asked.value.level == Level.CONFIRM
    assert "Round 5 was paired on the result entered before" in asked.value.problems[0]
    assert held.rounds.get(number=4).pairings.get(board=1).result == "1-0"
    record_result(
        board, "1/2-1/2", source="hand", user=chief, reason="scoresheets", confirm="confirm"
    )
    assert comments(held)[-1] == (
        "### Correction @ Round 4: Board 1 (Bruno – Stephan): 1-0 → ½-½. (scoresheets)"
    )


def test_correcting_the_last_round_asks_nothing(held, chief):
    board = held.rounds.get(number=5).pairings.get(board=1)
    record_result(board, "0-0", source="hand", user=chief, reason="both lost on time")
    assert held.rounds.get(number=5).pairings.get(board=1).result == "0-0"


def test_the_api_answers_409_to_a_correction_of_an_earlier_round(held, chief):
    api = APIClient()
    api.force_authenticate(chief)
    url = f"/api/v1/tournaments/{held.slug}/rounds/4/pairings/1/"
    body = {"result": "1/2-1/2", "reason": "scoresheets"}
    etag = api.get(url)["ETag"]
    asked = api.put(url, body, format="json", HTTP_IF_MATCH=etag)
    assert asked.status_code == 409
    assert (asked.json()["level"], asked.json()["confirm"]) == (3, "confirm")
    again = api.put(url, {**body, "confirm": "confirm"}, format="json", HTTP_IF_MATCH=etag)
    assert again.status_code == 200
    assert held.rounds.get(number=4).pairings.get(board=1).result == "1/2-1/2"


# ---- J51: a round sent by pairing software or read from a file is checked -------------------


@pytest.fixture
def four_played():
    """Four numbered players; round 1 (1–3, 4–2) played and published."""
    tournament = create_tournament(name="Club", system="swiss", number_of_rounds=3)
    for name, rating in [("Ann", 2100), ("Bob", 2000), ("Cat", 1900), ("Dan", 1800)]:
        add_player(tournament, name=name, rating_standard=rating)
    assign_start_ranks(tournament)
    round_1 = submit_pairings(tournament, [(1, 3), (4, 2)], source="api", confirm="confirm")
    publish_round(round_1)
    for board in round_1.pairings.all():
        record_result(board, "1-0", source="hand", user=None)
    return tournament


def test_a_submitted_round_breaking_the_rules_asks_l3_naming_each_and_logs_an_import(
    four_played,
):
    rematch = [(3, 1), (2, 4)]
    with pytest.raises(NeedsConfirmation) as asked:
        submit_pairings(four_played, rematch, source="api")
    assert asked.value.level == Level.CONFIRM
    problems = "\n".join(asked.value.problems)
    assert "board 1: player 3 Cat and player 1 Ann already played each other" in problems
    assert "board 2: player 2 Bob and player 4 Dan already played each other" in problems
    assert four_played.rounds.count() == 1
    submit_pairings(four_played, rematch, source="api", confirm="confirm")
    assert four_played.rounds.count() == 2
    (line,) = [c for c in comments(four_played) if c.startswith("### Import")]
    assert line.startswith(
        "### Import @ Round 2: Round 2, from Pairing software through the API, breaks the "
        "pairing rules: board 1: player 3 Cat and player 1 Ann already played each other "
        "(round 1)"
    )


def test_a_round_typed_in_by_hand_still_refuses_a_rematch(four_played):
    with pytest.raises(TournamentError, match="already played each other") as refused:
        submit_pairings(four_played, [(3, 1), (2, 4)], source="manual", confirm="confirm")
    assert not isinstance(refused.value, NeedsConfirmation)


def test_a_submitted_round_keeping_the_rules_logs_no_import(four_played):
    submit_pairings(four_played, [(1, 2), (3, 4)], source="api", confirm="confirm")
    assert not [c for c in comments(four_played) if c.startswith("### Import")]


# ---- K54: undoing an integrity event from the log -------------------------------------------


def last_entry(tournament, kind):
    return tournament.log.filter(kind=kind).order_by("-created_at", "-id").first()


def test_a_result_correction_is_undone_after_l3_and_the_undo_is_logged(held, chief):
    board = held.rounds.get(number=5).pairings.get(board=1)
    before = board.result
    record_result(board, "0-0", source="hand", user=chief, reason="both lost on time")
    entry = last_entry(held, TournamentLog.Kind.CORRECTION)
    assert undo_refusal(entry) is None
    with pytest.raises(TournamentError, match="needs a reason"):
        undo_event(entry, user=chief, reason=" ", confirm="confirm")
    with pytest.raises(NeedsConfirmation) as asked:
        undo_event(entry, user=chief, reason="wrong board")
    assert asked.value.level == Level.CONFIRM
    assert "goes back from 0-0 (both lose, Art. 10.17) to ½-½" in asked.value.problems[0]
    undo_event(entry, user=chief, reason="wrong board", confirm="confirm")
    assert held.rounds.get(number=5).pairings.get(board=1).result == before
    last = comments(held)[-1]
    assert last.startswith("### Correction @ Round 5: Board 1")
    assert "undoes the change logged at" in last and last.endswith("wrong board)")
    # Undone once: the board no longer holds what the entry set.
    assert "changed since" in undo_refusal(entry)


def test_a_correction_is_not_undone_once_a_round_was_paired_on_it(four_played):
    board = four_played.rounds.get(number=1).pairings.get(board=1)
    record_result(board, "0-1", source="hand", user=None, reason="slip")
    entry = last_entry(four_played, TournamentLog.Kind.CORRECTION)
    submit_pairings(four_played, [(1, 2), (3, 4)], source="api", confirm="confirm")
    assert "Round 2 was paired after this change" in undo_refusal(entry)
    with pytest.raises(TournamentError, match="Round 2 was paired after this change"):
        undo_event(entry, user=None, reason="typo", confirm="confirm")
    assert four_played.rounds.get(number=1).pairings.get(board=1).result == "0-1"


def test_a_configuration_change_is_undone_to_the_old_values(chief):
    tournament = create_tournament(
        name="Club", system="swiss", number_of_rounds=5, user=chief, place="Bergen"
    )
    update_tournament(tournament, user=chief, place="Oslo", start_date=date(2026, 5, 1))
    entry = last_entry(tournament, TournamentLog.Kind.CONFIGURATION)
    undo_event(entry, user=chief, reason="wrong event", confirm="confirm")
    tournament.refresh_from_db()
    assert (tournament.place, tournament.start_date) == ("Bergen", None)
    assert comments(tournament)[-1].startswith(
        "### Configuration: Configuration changed: place, start_date. (undoes the change"
    )
    update_tournament(tournament, user=chief, number_of_rounds=7)
    entry = last_entry(tournament, TournamentLog.Kind.CONFIGURATION)
    update_tournament(tournament, user=chief, number_of_rounds=9)
    assert "changed again since" in undo_refusal(entry)


def test_a_starting_rank_exchange_is_undone_until_the_next_round_is_paired():
    tournament = create_tournament(name="Open", system="swiss", number_of_rounds=3)
    for name, rating in [("Ding", 2000), ("Anand", 2000), ("Carlsen", 1900), ("Bu", 1800)]:
        add_player(tournament, name=name, rating_standard=rating)
    assign_start_ranks(tournament)
    ding, anand = (tournament.players.get(name=n) for n in ("Ding", "Anand"))
    exchange_start_ranks(ding, anand, reason="typo", confirm="confirm")
    entry = last_entry(tournament, TournamentLog.Kind.START_RANKS)
    undo_event(entry, user=None, reason="it was right", confirm="confirm")
    ranks = dict(tournament.players.values_list("name", "start_rank"))
    assert (ranks["Ding"], ranks["Anand"]) == (1, 2)
    assert comments(tournament)[-1].startswith(
        "### Starting ranks: Starting ranks of 2 players given back. (undoes the change"
    )
    exchange_start_ranks(ding, anand, reason="typo", confirm="confirm")
    entry = last_entry(tournament, TournamentLog.Kind.START_RANKS)
    submit_pairings(tournament, [(1, 3), (4, 2)], source="api", confirm="confirm")
    assert "Round 1 was paired after this change" in undo_refusal(entry)


def test_a_round_imported_against_the_rules_is_undone_while_it_is_a_draft(four_played):
    submit_pairings(four_played, [(3, 1), (2, 4)], source="api", confirm="confirm")
    entry = last_entry(four_played, TournamentLog.Kind.IMPORT)
    undo_event(entry, user=None, reason="sent by mistake", confirm="confirm")
    assert list(four_played.rounds.values_list("number", flat=True)) == [1]
    assert "no longer there" in undo_refusal(entry)


def test_leaving_fide_mode_is_never_undone(held):
    answering(leave_fide_mode, held, user=None, reason="club event")
    entry = last_entry(held, TournamentLog.Kind.FIDE_MODE_EXIT)
    with pytest.raises(TournamentError, match="for good"):
        undo_event(entry, user=None, reason="mistake", confirm="confirm")


def test_the_log_page_offers_the_chief_arbiter_to_undo_and_confirms_first(client, held, chief):
    board = held.rounds.get(number=5).pairings.get(board=1)
    before = board.result
    record_result(board, "0-0", source="hand", user=chief, reason="both lost on time")
    entry = last_entry(held, TournamentLog.Kind.CORRECTION)
    client.force_login(chief)
    page = client.get(reverse("tournaments:log", args=[held.pk])).content.decode()
    undo_url = reverse("tournaments:log_undo", args=[held.pk, entry.pk])
    assert undo_url in page
    asked = client.post(undo_url, {"reason": "wrong board"})
    assert asked.status_code == 409 and "Confirm or cancel" in asked.content.decode()
    assert held.rounds.get(number=5).pairings.get(board=1).result == "0-0"
    client.post(undo_url, {"reason": "wrong board", "confirm": "confirm"})
    assert held.rounds.get(number=5).pairings.get(board=1).result == before
    deputy = UserFactory()
    TournamentRole.objects.create(
        tournament=held, user=deputy, role=TournamentRole.Role.DEPUTY_ARBITER
    )
    client.force_login(deputy)
    assert undo_url not in client.get(reverse("tournaments:log", args=[held.pk])).content.decode()
    assert client.post(undo_url, {"reason": "x", "confirm": "confirm"}).status_code == 403
