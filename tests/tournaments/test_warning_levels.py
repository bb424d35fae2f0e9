"""FIDE's warning levels as one mechanism (checklist L55), leaving FIDE mode (A5) and the
settings locked once round 1 is paired (D28, E31–32, H46), each driven through the page,
the API and the command."""

from __future__ import annotations

import io
from decimal import Decimal

import pytest
from django.core import signing
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from pypdf import PdfReader
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, TournamentFactory, UserFactory, answering
from tournaments.models import Round, Tournament, TournamentLog, TournamentRole
from tournaments.services import (
    NeedsConfirmation,
    TournamentError,
    change_tiebreaks,
    generate_round_robin_round,
    leave_fide_mode,
    publish_round,
    update_tournament,
)
from tournaments.services.trf_exchange import export_trf
from tournaments.services.warnings import Caution, Level, require_confirmation

pytestmark = pytest.mark.django_db


# ---- the mechanism -----------------------------------------------------------------------


def ask(level, confirm="", action="test:1"):
    return require_confirmation([Caution(level, "Careful.")], confirm, action=action)


def test_information_never_stops_a_request():
    assert ask(Level.INFO) == ["Careful."]


@pytest.mark.parametrize(
    ("level", "answer"), [(Level.ACKNOWLEDGE, "acknowledge"), (Level.CONFIRM, "confirm")]
)
def test_levels_two_and_three_pass_with_their_own_answer_only(level, answer):
    with pytest.raises(NeedsConfirmation) as asked:
        ask(level)
    assert (asked.value.level, asked.value.answer, asked.value.problems) == (
        level,
        answer,
        ["Careful."],
    )
    for wrong in ("", "yes", "true", "acknowledge" if answer == "confirm" else "confirm"):
        with pytest.raises(NeedsConfirmation):
            ask(level, wrong)
    assert ask(level, answer) == []


def test_the_highest_level_present_is_asked():
    items = [Caution(Level.ACKNOWLEDGE, "a"), Caution(Level.CONFIRM, "b"), Caution(Level.INFO, "c")]
    with pytest.raises(NeedsConfirmation) as asked:
        require_confirmation(items, "acknowledge", action="x")
    assert asked.value.answer == "confirm" and asked.value.problems == ["a", "b"]
    assert require_confirmation(items, "confirm", action="x") == ["c"]


def test_level_four_takes_two_steps_and_cannot_be_answered_like_level_three():
    with pytest.raises(NeedsConfirmation) as first:
        ask(Level.CONSEQUENCES, "confirm")
    assert (first.value.step, first.value.answer) == (1, "understood")
    with pytest.raises(NeedsConfirmation) as second:
        ask(Level.CONSEQUENCES, "understood")
    token = second.value.answer
    assert second.value.step == 2 and token not in ("understood", "confirm")
    # The token answers for its own action only, and cannot be made up.
    with pytest.raises(NeedsConfirmation):
        ask(Level.CONSEQUENCES, token, action="test:2")
    with pytest.raises(NeedsConfirmation):
        ask(Level.CONSEQUENCES, signing.dumps("test:1", salt="another"))
    assert ask(Level.CONSEQUENCES, token) == []


def test_level_five_refuses_whatever_the_answer():
    for answer in ("", "acknowledge", "confirm", "understood"):
        with pytest.raises(TournamentError) as refused:
            ask(Level.REFUSE, answer)
        assert not isinstance(refused.value, NeedsConfirmation)


# ---- a started round robin, and its chief arbiter ------------------------------------------


@pytest.fixture
def started():
    tournament = TournamentFactory(
        system="round_robin", number_of_rounds=3, tiebreaks=["DE", "SB"], name="Spring Open"
    )
    for _ in range(4):
        PlayerFactory(tournament=tournament)
    publish_round(generate_round_robin_round(tournament))
    return tournament


@pytest.fixture
def chief(started):
    user = UserFactory()
    TournamentRole.objects.create(
        tournament=started, user=user, role=TournamentRole.Role.CHIEF_ARBITER
    )
    return user


def url(name, tournament):
    return reverse(f"tournaments:{name}", args=[tournament.pk])


def exit_comment(tournament):
    return [line for line in export_trf(tournament, version=2026).splitlines() if "FIDE" in line]


def assert_left_for_good(tournament, reason):
    tournament.refresh_from_db()
    assert not tournament.fide_mode
    assert exit_comment(tournament) == [
        f"### FIDE mode exit @ Round 1: FIDE mode left after round 1 was paired. ({reason})"
    ]
    with pytest.raises(TournamentError, match="cannot return"):
        update_tournament(tournament, fide_mode=True)
    with pytest.raises(TournamentError, match="not in FIDE mode"):
        answering(leave_fide_mode, tournament, user=None, reason="again")


# ---- A5: leaving FIDE mode from the page, the API and the command ---------------------------


def test_leaving_fide_mode_on_the_page_takes_a_reason_and_two_confirmations(client, started, chief):
    client.force_login(chief)
    dashboard = client.get(url("dashboard", started)).content.decode()
    assert url("leave_fide_mode", started) in dashboard
    page = client.get(url("leave_fide_mode", started)).content.decode()
    assert "There is no way back" in page
    assert "This field is required" in client.post(url("leave_fide_mode", started), {}).text
    step_1 = client.post(url("leave_fide_mode", started), {"reason": "club rules"})
    assert step_1.status_code == 409
    text = step_1.content.decode()
    assert "Warning level L4: Two-step confirmation" in text
    assert "Step 1 of 2" in text and "There is no way back" in text
    assert 'name="confirm" value="understood"' in text
    assert 'name="reason" value="club rules"' in text
    step_2 = client.post(
        url("leave_fide_mode", started), {"reason": "club rules", "confirm": "understood"}
    )
    assert step_2.status_code == 409 and "Step 2 of 2" in step_2.text
    started.refresh_from_db()
    assert started.fide_mode  # nothing happens before the second confirmation
    token = step_2.context["question"].answer
    done = client.post(url("leave_fide_mode", started), {"reason": "club rules", "confirm": token})
    assert done.status_code == 302
    assert_left_for_good(started, "club rules")
    # The permanent mark: every page of the tournament, the public ones included.
    mark = "Not run in FIDE mode: left it after round 1 was paired (club rules)."
    for name in ("dashboard", "tournament", "standings", "crosstable", "edit"):
        assert mark in client.get(url(name, started)).content.decode(), name
    round_page = reverse("tournaments:round", args=[started.pk, 1])
    assert mark in client.get(round_page).content.decode()
    assert url("leave_fide_mode", started) not in client.get(url("dashboard", started)).text


def test_leaving_fide_mode_through_the_api_answers_two_409s_first(started, chief):
    api = APIClient()
    api.force_authenticate(chief)
    endpoint = f"/api/v1/tournaments/{started.slug}/leave-fide-mode/"
    first = api.post(endpoint, {"reason": "arbiter's decision"}, format="json")
    assert first.status_code == 409
    body = first.json()
    assert (body["code"], body["level"], body["step"], body["confirm"]) == (
        "needs_confirmation",
        4,
        1,
        "understood",
    )
    assert any("no way back" in line for line in body["consequences"])
    # L4 is not answered with L3's word: the first step is asked again.
    downgraded = api.post(endpoint, {"reason": "x", "confirm": "confirm"}, format="json")
    assert (downgraded.status_code, downgraded.json()["step"]) == (409, 1)
    second = api.post(
        endpoint, {"reason": "arbiter's decision", "confirm": "understood"}, format="json"
    )
    assert second.status_code == 409 and second.json()["step"] == 2
    done = api.post(
        endpoint,
        {"reason": "arbiter's decision", "confirm": second.json()["confirm"]},
        format="json",
    )
    assert done.status_code == 200 and done.json()["fide_mode"] is False
    assert_left_for_good(started, "arbiter's decision")
    pdf = api.get(f"/api/v1/tournaments/{started.slug}/crosstable/pdf/")
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "Not run in FIDE mode" in " ".join(text.split())


def test_leaving_fide_mode_with_the_command_prints_each_question(started):
    def run(*options):
        out = io.StringIO()
        call_command("leave_fide_mode", str(started.pk), "--reason", "demo", *options, stdout=out)
        return out.getvalue()

    with pytest.raises(CommandError) as first:
        run()
    assert first.value.returncode == 3
    assert "Warning level L4" in str(first.value)
    assert "repeat the command with --confirm understood" in str(first.value)
    with pytest.raises(CommandError) as second:
        run("--confirm", "understood")
    token = str(second.value).rsplit("--confirm ", 1)[1]
    assert "Step 2 of 2" in str(second.value)
    assert "has left FIDE mode" in run("--confirm", token)
    assert_left_for_good(started, "demo")


# ---- D28, E31–32, H46: what is locked once round 1 is paired ----------------------------------


LOCKED_EDITS = {
    "number_of_rounds": ("5", "number of rounds"),
    "system": ("double_round_robin", "pairing system"),
    "tiebreaks": ("SB, DE", "The tie-break list"),
    "points_win": ("3", "points for a win"),
}


def edit_data(client, tournament):
    form = client.get(url("edit", tournament)).context["form"]
    data = {field.html_name: field.value() for field in form if field.value() is not None}
    return {name: value for name, value in data.items() if value is not False}


@pytest.mark.parametrize("field", LOCKED_EDITS)
def test_settings_that_shape_played_rounds_are_refused_on_the_page_in_fide_mode(
    client, started, chief, field
):
    client.force_login(chief)
    value, label = LOCKED_EDITS[field]
    data = {**edit_data(client, started), field: value, "reason": "we want to"}
    if field == "points_win":
        data["points_pairing_bye"] = value  # a bye scores what a game can (E32)
    page = client.post(url("edit", started), data).content.decode()
    assert f"{label} cannot change once round 1 is paired." in page
    assert "leaving FIDE mode (for good) allows it" in page
    before = Tournament.objects.get(pk=started.pk)
    assert (before.number_of_rounds, before.system, before.tiebreaks, before.points_win) == (
        3,
        "round_robin",
        ["DE", "SB"],
        Decimal(1),
    )
    answering(leave_fide_mode, started, user=None, reason="organiser's request")
    assert client.post(url("edit", started), data).status_code == 302


def test_outside_fide_mode_a_locked_setting_changes_with_a_reason_and_a_log_line(started):
    answering(leave_fide_mode, started, user=None, reason="organiser's request")
    with pytest.raises(TournamentError, match="needs a reason"):
        update_tournament(started, number_of_rounds=6)
    update_tournament(started, number_of_rounds=6, reason="two more rounds")
    change_tiebreaks(started, ["SB"], user=None, reason="organiser's request")
    lines = [line for line in export_trf(started, version=2026).splitlines() if line[:3] == "###"]
    assert lines[-2:] == [
        "### Configuration @ Round 1: Configuration changed: number_of_rounds. (two more rounds)",
        "### Tie-break change @ Round 1: Tie-breaks changed from DE, SB to SB. "
        "(organiser's request)",
    ]


def test_fide_mode_refuses_a_pairing_allocated_bye_worth_less_than_a_draw():
    # FIDE checklist E32: a PAB scores at least a draw and at most a win.
    tournament = TournamentFactory()
    with pytest.raises(TournamentError, match="at least a draw and at most a win"):
        update_tournament(tournament, points_pairing_bye=Decimal(0))
    with pytest.raises(TournamentError, match="not be worth more than a win"):
        update_tournament(tournament, points_pairing_bye=Decimal(2))
    update_tournament(tournament, points_pairing_bye=Decimal("0.5"))
    answering(leave_fide_mode, tournament, user=None, reason="club scoring")
    assert update_tournament(tournament, points_pairing_bye=Decimal(0)).points_pairing_bye == 0


def test_the_exit_before_round_one_says_so():
    tournament = TournamentFactory()
    answering(leave_fide_mode, tournament, user=None, reason="rapid for fun")
    entry = TournamentLog.objects.get(kind=TournamentLog.Kind.FIDE_MODE_EXIT)
    assert (entry.round_number, entry.message) == (
        None,
        "FIDE mode left before round 1 was paired.",
    )
    assert not Round.objects.filter(tournament=tournament).exists()
