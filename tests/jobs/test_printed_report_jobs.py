"""Every PDF report whose drawing grows with the field takes the standings' job path in a
large event: the pairings and the result sheet of a round, its scoresheets, the players list.
The page answers with the job, the drawn file is the report drawn in a request, one job per
tournament version, and only those who may read the report may follow its job."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from jobs.models import Job
from jobs.runner import run_job
from tests.factories import UserFactory, answering
from tests.tournaments.reports.conftest import pdf_cells
from tournaments.models import Pairing, Round, Tournament, TournamentRole
from tournaments.services import (
    create_tournament,
    generate_round_robin_round,
    publish_round,
    record_result,
)

pytestmark = pytest.mark.django_db

NAMES = ["Alyx", "Bruno", "Charline", "David", "Franck", "Helene"]


@dataclass(frozen=True)
class Case:
    view: str
    by_round: bool
    arbiters_only: bool
    expected: list[str]
    """Texts the PDF draws, each a cell of its own (round 1's boards, or the players)."""
    title: str
    """The job page's heading."""
    file_name: str

    def address(self, tournament: Tournament, number: int = 1) -> str:
        args = [tournament.pk, number] if self.by_round else [tournament.pk]
        return reverse(f"tournaments:{self.view}", args=args)


PAIRINGS = Case(
    "pairings_pdf",
    True,
    False,
    ["Pairings of round 1", "Alyx", "Helene"],
    "Pairings of round 1 (PDF)",
    "printed-round-robin-pairings-round-1.pdf",
)
CASES = [
    PAIRINGS,
    Case(
        "result_sheet_pdf",
        True,
        True,
        ["Result sheet, round 1", "Alyx", "Helene"],
        "Result sheet, round 1 (PDF)",
        "printed-round-robin-result-sheet-round-1.pdf",
    ),
    Case(
        "round_scoresheets_pdf",
        True,
        True,
        ["Scoresheet", "Alyx", "Helene"],
        "Scoresheets of round 1 (PDF)",
        "printed-round-robin-scoresheets-round-1.pdf",
    ),
    Case(
        "players_pdf",
        False,
        False,
        ["Players by starting rank", *NAMES],
        "Players by starting rank (PDF)",
        "printed-round-robin-players.pdf",
    ),
]
IDS = [case.view for case in CASES]


@pytest.fixture
def chief():
    return UserFactory(username="chief")


@pytest.fixture
def event(chief):
    """A public 6-player round robin, round 1 published without results."""
    tournament = create_tournament(
        name="Printed round robin", system="round_robin", number_of_rounds=5, user=chief
    )
    for rank, name in enumerate(NAMES, start=1):
        tournament.players.create(name=name, start_rank=rank, rating_standard=2300 - rank)
    publish_round(generate_round_robin_round(tournament, user=chief), user=chief)
    Tournament.objects.filter(pk=tournament.pk).update(public=True)
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def large(settings):
    settings.REPORT_JOB_PLAYERS = 5  # six players: a large event
    settings.JOBS_EAGER = False  # queued only: the test's transaction never commits


def _content(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def _reader(client, case: Case, chief):
    """A client that may read the report: anyone for a public one, the chief arbiter for
    the arbiters' own."""
    if case.arbiters_only:
        client.force_login(chief)
    return client


def _enter_first_result(event: Tournament, chief) -> str:
    """Board 1 of round 1 decided for White (the result as the PDFs print it)."""
    board = Pairing.objects.get(round__tournament=event, round__number=1, board=1)
    record_result(board, "1-0", source="hand", user=chief)
    return "1-0"


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_small_event_draws_the_report_in_the_request(client, event, chief, case):
    reply = _reader(client, case, chief).get(case.address(event))
    assert reply.status_code == 200 and reply["Content-Type"] == "application/pdf"
    cells = pdf_cells(reply.content)
    assert all(text in cells for text in case.expected), cells
    assert not Job.objects.exists()


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_large_events_report_is_drawn_once_by_a_job(client, event, chief, settings, case):
    client = _reader(client, case, chief)
    drawn_here = pdf_cells(client.get(case.address(event)).content)
    settings.REPORT_JOB_PLAYERS = 5
    settings.JOBS_EAGER = False

    reply = client.get(case.address(event))
    job = Job.objects.get()
    assert reply.status_code == 302 and reply.url == reverse("jobs:detail", args=[job.pk])
    assert (job.kind, job.status) == ("report_pdf", "queued")
    assert job.params["readers"] == ("follow" if case.arbiters_only else "view")
    page = client.get(reply.url).content.decode()
    assert f"<h1>{case.title}</h1>" in page and 'http-equiv="refresh"' in page
    assert client.get(case.address(event)).url == reply.url  # meanwhile: the same job

    run_job(job.pk)
    job.refresh_from_db()
    assert (job.status, job.errors) == ("done", [])
    served = client.get(case.address(event))  # the kept file, at once
    assert served.status_code == 200 and served["Content-Type"] == "application/pdf"
    pdf = _content(served)
    assert pdf.startswith(b"%PDF")
    cells = pdf_cells(pdf)
    assert all(text in cells for text in case.expected), cells
    assert cells == drawn_here  # the same report as drawn in a request
    assert job.result["pages"] == job.done >= 1
    assert served["Content-Disposition"] == f'inline; filename="{case.file_name}"'
    assert _content(client.get(reverse("jobs:file", args=[job.pk]))) == pdf
    assert Job.objects.count() == 1


# Real commits: the version moves when the result's write commits, and a job's older
# versions are deleted when it commits.
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_result_entered_draws_the_report_again(client, event, chief, settings, case):
    settings.REPORT_JOB_PLAYERS = 5  # the jobs run at once in the tests: drawn and served
    client = _reader(client, case, chief)
    first = client.get(case.address(event))
    assert first.status_code == 200 and first["Content-Type"] == "application/pdf"
    old = Job.objects.get()
    result = _enter_first_result(event, chief)

    again = client.get(case.address(event))
    assert again.status_code == 200
    new = Job.objects.get()  # the old version's job and file are gone
    assert new.pk != old.pk and not old.file.storage.exists(old.file.name)
    printed = pdf_cells(_content(again))
    if case.view in {"pairings_pdf", "result_sheet_pdf"}:  # those that print the result
        assert result not in pdf_cells(_content(first))
        row = printed[printed.index("Alyx") :][:4]  # board 1: Alyx, then the result
        assert result in row, row


def test_a_failed_job_says_why_on_its_page(client, event, large):
    reply = client.get(PAIRINGS.address(event))
    Round.objects.filter(tournament=event).delete()  # the round deleted before the job ran
    job = Job.objects.get()
    run_job(job.pk)
    job.refresh_from_db()
    assert (job.status, job.errors) == ("failed", ["Round 1 no longer exists."])
    page = client.get(reply.url).content.decode()
    assert '<ul class="errorlist" role="alert"><li>Round 1 no longer exists.</li></ul>' in page
    assert "refresh" not in page


ARBITERS_ONLY = [case for case in CASES if case.arbiters_only]


@pytest.mark.parametrize("case", ARBITERS_ONLY, ids=[case.view for case in ARBITERS_ONLY])
def test_the_arbiters_reports_jobs_are_theirs_only(client, event, chief, large, case):
    address = case.address(event)
    assert client.get(address).url.startswith(reverse("login"))  # nothing started
    stranger = UserFactory(username="stranger")
    client.force_login(stranger)
    assert client.get(address).status_code == 403
    assert not Job.objects.exists()

    client.force_login(chief)
    job_page = client.get(address).url
    job = Job.objects.get()
    run_job(job.pk)
    file_page = reverse("jobs:file", args=[job.pk])
    client.force_login(stranger)
    assert client.get(job_page).status_code == 403
    assert client.get(file_page).status_code == 403
    api = APIClient()
    assert api.get(f"/api/v1/jobs/{job.pk}/file/").status_code in {401, 404}
    api.force_authenticate(stranger)
    assert api.get(f"/api/v1/jobs/{job.pk}/").status_code == 404
    client.logout()
    assert client.get(file_page).url.startswith(reverse("login"))

    deputy = UserFactory(username="deputy")  # an arbiter of the event follows the same job
    role = TournamentRole.objects.create(
        tournament=event, user=deputy, role=TournamentRole.Role.DEPUTY_ARBITER
    )
    client.force_login(deputy)
    assert client.get(address)["Content-Type"] == "application/pdf"
    assert client.get(file_page).status_code == 200 and Job.objects.count() == 1
    # Had the deputy started it: the job is the event's, and no longer an arbiter is no
    # longer its reader.
    Job.objects.update(created_by=deputy)
    role.delete()
    assert client.get(file_page).status_code == 403


def test_a_draft_rounds_pairings_job_is_the_arbiters_only(client, event, chief, large):
    """A published round's pairing list is anyone's; a draft's is its arbiters', as the
    draft is, and so is the job drawing it."""
    second = answering(generate_round_robin_round, event, user=chief)  # round 2, a draft
    assert second.status == Round.Status.DRAFT
    assert client.get(PAIRINGS.address(event, 2)).status_code == 404  # hidden from visitors
    client.force_login(chief)
    job_page = client.get(PAIRINGS.address(event, 2)).url
    job = Job.objects.get()
    assert job.params["readers"] == "follow"
    run_job(job.pk)
    client.logout()
    assert client.get(job_page).url.startswith(reverse("login"))
    assert client.get(reverse("jobs:file", args=[job.pk])).url.startswith(reverse("login"))
    client.force_login(UserFactory(username="stranger"))
    assert client.get(reverse("jobs:file", args=[job.pk])).status_code == 403
    # Round 1, published: anyone's, a visitor follows its job.
    client.logout()
    assert client.get(PAIRINGS.address(event, 1)).status_code == 302
    public = Job.objects.exclude(pk=job.pk).get()
    assert public.params["readers"] == "view"
    run_job(public.pk)
    assert client.get(reverse("jobs:file", args=[public.pk])).status_code == 200


def test_a_private_events_players_list_job_stays_private(client, event, chief, large):
    client.force_login(chief)
    job_page = client.get(CASES[-1].address(event)).url
    Tournament.objects.filter(pk=event.pk).update(public=False)
    client.logout()
    assert client.get(job_page).url.startswith(reverse("login"))
    client.force_login(UserFactory(username="stranger"))
    assert client.get(job_page).status_code == 403


def test_a_crosstable_after_a_draft_round_is_the_arbiters_only(client, event, chief, large):
    """The wall chart after a draft round shows the draft's pairings: its job was anyone's
    to read by its number (the report job kind was public whatever the report showed)."""
    answering(generate_round_robin_round, event, user=chief)  # round 2, a draft
    client.force_login(chief)
    address = reverse("tournaments:crosstable_pdf", args=[event.pk]) + "?round=2"
    job_page = client.get(address).url
    job = Job.objects.get()
    run_job(job.pk)
    assert client.get(address)["Content-Type"] == "application/pdf"
    client.logout()
    assert client.get(job_page).url.startswith(reverse("login"))
    assert client.get(reverse("jobs:file", args=[job.pk])).url.startswith(reverse("login"))
    assert APIClient().get(f"/api/v1/jobs/{job.pk}/file/").status_code in {401, 404}
    assert Job.objects.get().params["readers"] == "follow"
