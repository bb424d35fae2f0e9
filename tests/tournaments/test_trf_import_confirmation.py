"""A whole TRF import whose rounds break the pairing rules asks first (FIDE checklist J51,
Q54–55, L3), on the page, through the API and with ``import_trf``: each round and rule is
named, nothing is stored until confirmed, and each such round is then logged and written to
the TRF report as ``### Import @ Round n``. How the rounds differ from our engine's pairing
is not asked."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.core.management import CommandError, call_command
from django.urls import reverse
from rest_framework.test import APIClient

from jobs.models import Job
from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.models import Round, Tournament, TournamentLog
from tournaments.services import NeedsConfirmation, record_result
from tournaments.services.rounds import store_round
from tournaments.services.trf_exchange import export_trf, import_trf

pytestmark = pytest.mark.django_db


def rule_breaking_file() -> str:
    """Four players, three rounds of four: 1 and 2 meet again in round 2; 1 has white three
    times running, two more whites than blacks, by round 3 (not the last round, where a
    topscorer may)."""
    tournament = TournamentFactory(number_of_rounds=4, name="Broken open")
    a, b, c, d = (PlayerFactory(tournament=tournament) for _ in range(4))
    for number, pairs in enumerate([[(a, b), (c, d)], [(a, b), (d, c)], [(a, c), (b, d)]], 1):
        round_ = store_round(
            tournament, number, pairs, [], paired_by=Round.PairedBy.MANUAL, status="published"
        )
        for board in round_.pairings.all():
            record_result(board, "1-0", source="hand", user=None)
    text = export_trf(tournament)
    tournament.delete()
    return text


@pytest.fixture
def trf() -> str:
    return rule_breaking_file()


@pytest.fixture
def organiser():
    user = UserFactory(username="organiser")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


def test_the_import_asks_naming_each_round_and_rule_and_stores_nothing(trf):
    with pytest.raises(NeedsConfirmation) as asked:
        import_trf(trf, filename="broken.trf")
    assert asked.value.level == 3 and asked.value.answer == "confirm"
    problems = asked.value.problems
    assert [p.split(":", 1)[0] for p in problems] == [
        "Round 2 as the file has it",
        "Round 3 as the file has it",
    ]
    assert "already played each other (round 1)" in problems[0]
    assert "gets white for the third game running" in problems[1]
    assert "would have 3 more games with white" in problems[1]
    assert not Tournament.objects.exists()


def test_confirmed_it_is_stored_and_each_round_logged_as_an_import_line(trf):
    tournament = import_trf(trf, filename="broken.trf", confirm="confirm")
    assert tournament.rounds.count() == 3
    logged = tournament.log.filter(
        kind=TournamentLog.Kind.IMPORT, message__contains="breaks the pairing rules"
    )
    assert [entry.round_number for entry in logged.order_by("round_number")] == [2, 3]
    report = export_trf(tournament, version=2026)
    lines = [line for line in report.splitlines() if line.startswith("### Import @ Round ")]
    assert [line[:21] for line in lines] == ["### Import @ Round 2:", "### Import @ Round 3:"]
    assert "from Imported file, breaks the pairing rules" in lines[0]
    # Our own export imported again asks again, and keeps one ### Import line a round.
    again = import_trf(report, confirm="confirm")
    lines = export_trf(again, version=2026).splitlines()
    assert len([line for line in lines if line.startswith("### Import @ Round 2:")]) == 1


def test_a_file_that_breaks_no_rule_asks_nothing():
    tournament = TournamentFactory(number_of_rounds=2)
    a, b, c, d = (PlayerFactory(tournament=tournament) for _ in range(4))
    for number, pairs in enumerate([[(a, b), (c, d)], [(d, a), (b, c)]], 1):
        round_ = store_round(
            tournament, number, pairs, [], paired_by=Round.PairedBy.MANUAL, status="published"
        )
        for board in round_.pairings.all():
            record_result(board, "1/2-1/2", source="hand", user=None)
    imported = import_trf(export_trf(tournament))
    assert imported.rounds.count() == 2


def test_the_command_asks_with_status_3_then_imports_with_confirm(trf, tmp_path, capsys):
    path = tmp_path / "broken.trf"
    path.write_text(trf)
    with pytest.raises(CommandError) as asked:
        call_command("import_trf", str(path))
    assert asked.value.returncode == 3
    assert "already played each other" in str(asked.value)
    assert str(asked.value).endswith("repeat the command with --confirm confirm")
    assert not Tournament.objects.exists()
    call_command("import_trf", str(path), "--confirm", "confirm")
    assert capsys.readouterr().out.strip() == str(Tournament.objects.get().pk)


def test_the_api_job_asks_then_the_file_sent_again_with_confirm_is_stored(trf, organiser):
    api = APIClient()
    api.force_authenticate(organiser)
    reply = api.post("/api/v1/trf-imports/", {"trf": trf, "file_name": "b.trf"}, format="json")
    job = api.get(reply["Location"]).json()
    assert job["status"] == "failed"
    asked = job["result"]["needs_confirmation"]
    assert (asked["level"], asked["confirm"]) == (3, "confirm")
    assert job["errors"][0] == "Warning level L3: Confirm or cancel"
    assert any("already played each other" in error for error in job["errors"])
    assert not Tournament.objects.exists()
    body = {"trf": trf, "file_name": "b.trf", "confirm": "confirm"}
    job = api.get(api.post("/api/v1/trf-imports/", body, format="json")["Location"]).json()
    assert job["status"] == "done"
    assert Tournament.objects.get().pk == job["result"]["tournament"]


def test_the_page_asks_on_the_job_page_and_imports_the_kept_file_once_confirmed(
    trf, organiser, client, tmp_path
):
    client.force_login(organiser)
    path = tmp_path / "broken.trf"
    path.write_text(trf)
    with open(path, "rb") as stream:
        reply = client.post(reverse("tournaments:import_trf"), {"file": stream})
    page = client.get(reply.url).content.decode()
    assert "Warning level L3: Confirm or cancel" in page
    assert "already played each other" in page
    confirm = reverse("tournaments:import_trf_confirm", args=[Job.objects.get().pk])
    assert f'action="{confirm}"' in page
    assert not Tournament.objects.exists()
    # Nobody else may answer for the organiser.
    client.force_login(UserFactory(username="someone"))
    assert client.post(confirm, {"confirm": "confirm"}).status_code == 404
    client.force_login(organiser)
    followed = client.post(confirm, {"confirm": "confirm"}, follow=True)
    tournament = Tournament.objects.get()
    assert followed.redirect_chain[-1][0] == reverse("tournaments:dashboard", args=[tournament.pk])
    assert tournament.log.filter(kind=TournamentLog.Kind.IMPORT, round_number=2).exists()
    assert not Job.objects.get(pk=Job.objects.order_by("pk").first().pk).source


def test_a_topscorer_s_colours_in_the_last_round_ask_nothing():
    """C.04.3 C3 binds non-topscorers only: in the last round a leader may get his colour a
    third time running."""
    tournament = TournamentFactory(number_of_rounds=3)
    a, b, c, d = (PlayerFactory(tournament=tournament) for _ in range(4))
    for number, pairs in enumerate([[(a, b), (c, d)], [(a, d), (b, c)], [(a, c), (d, b)]], 1):
        round_ = store_round(
            tournament, number, pairs, [], paired_by=Round.PairedBy.MANUAL, status="published"
        )
        for board in round_.pairings.all():
            record_result(board, "1-0", source="hand", user=None)
    assert import_trf(export_trf(tournament)).rounds.count() == 3
