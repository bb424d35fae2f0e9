"""The arbiters' pages through the Django test client: who gets in, what the services refuse,
and what the pages show for a real event (Held's C.07 round robin, imported from its TRF)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from jobs.models import Job
from tests.factories import PlayerFactory, TournamentFactory, UserFactory, answering
from tournaments.models import Pairing, Result, Round, Tournament, TournamentRole
from tournaments.services import (
    generate_round_robin_round,
    leave_fide_mode,
    publish_round,
    record_result,
)
from tournaments.services.trf_exchange import import_trf

DATA = Path(__file__).parents[2] / "data" / "ui"
Role = TournamentRole.Role

pytestmark = pytest.mark.django_db


def url(name, tournament, **kwargs):
    return reverse(f"tournaments:{name}", kwargs={"tournament_id": tournament.pk, **kwargs})


@pytest.fixture
def round_robin():
    """Four players, round 1 paired from the Berger tables and published."""
    tournament = TournamentFactory(system="round_robin", number_of_rounds=3, public=False)
    for _ in range(4):
        PlayerFactory(tournament=tournament)
    publish_round(generate_round_robin_round(tournament))
    return tournament


def with_role(tournament, role):
    user = UserFactory()
    TournamentRole.objects.create(tournament=tournament, user=user, role=role)
    return user


def test_anonymous_users_are_sent_to_log_in_and_strangers_refused(client, round_robin):
    response = client.get(url("dashboard", round_robin))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))
    client.force_login(UserFactory())
    # A private event is not found by a stranger, as the API answers: its existence is not
    # revealed (issue: pages answered 403, the API 404).
    assert client.get(url("dashboard", round_robin)).status_code == 404
    assert client.get(url("tournament", round_robin)).status_code == 404
    missing = reverse("tournaments:dashboard", kwargs={"tournament_id": 999999})
    assert client.get(missing).status_code == 404
    # Anonymous users are sent to log in whether the tournament exists or not.
    client.logout()
    assert client.get(missing).status_code == 302
    # One who may view the event but not do this still gets 403.
    round_robin.public = True
    round_robin.save()
    client.force_login(UserFactory())
    assert client.get(url("dashboard", round_robin)).status_code == 403


def test_deputy_enters_results_but_cannot_pair_or_edit(client, round_robin):
    client.force_login(with_role(round_robin, Role.DEPUTY_ARBITER))
    page = client.get(url("round", round_robin, number=1)).content.decode()
    assert 'name="result"' in page
    assert "Publish the round" not in page
    response = client.post(url("result", round_robin, number=1, board=1), {"result": "1-0"})
    assert response.status_code == 302
    assert Pairing.objects.get(round__tournament=round_robin, board=1).result == "1-0"
    assert client.post(url("round_pair", round_robin)).status_code == 403
    assert client.get(url("edit", round_robin)).status_code == 403
    assert client.get(url("roles", round_robin)).status_code == 403


def test_viewer_sees_the_boards_without_entry_forms(client, round_robin):
    client.force_login(with_role(round_robin, Role.VIEWER))
    page = client.get(url("round", round_robin, number=1)).content.decode()
    assert "Board" in page
    assert 'name="result"' not in page
    response = client.post(url("result", round_robin, number=1, board=1), {"result": "1-0"})
    assert response.status_code == 403


def test_htmx_save_returns_the_row_with_the_refusal_for_a_correction_without_reason(
    client, round_robin
):
    client.force_login(with_role(round_robin, Role.CHIEF_ARBITER))
    save = url("result", round_robin, number=1, board=2)
    row = client.post(save, {"result": "1/2-1/2"}, headers={"HX-Request": "true"})
    assert "✓ Saved: ½-½" in row.content.decode()
    row = client.post(save, {"result": "1-0"}, headers={"HX-Request": "true"})
    text = row.content.decode()
    assert row.status_code == 200
    assert 'class="refused"' in text
    assert "Changing a result already entered needs a reason." in text
    assert Pairing.objects.get(round__tournament=round_robin, board=2).result == "1/2-1/2"


def _version_in(page: str, board: int) -> str:
    row = page[page.index(f'id="board-{board}"') :]
    return html.unescape(re.search(r'name="version" value="([^"]*)"', row).group(1))


def test_a_result_saved_from_a_page_older_than_the_board_is_refused(client, round_robin):
    """Two arbiters correct one board from pages loaded before either saved: the second
    is refused and told what the board holds now, instead of silently overwriting it."""
    chief = with_role(round_robin, Role.CHIEF_ARBITER)
    deputy = with_role(round_robin, Role.DEPUTY_ARBITER)
    page = url("round", round_robin, number=1)
    client.force_login(chief)
    seen_by_chief = _version_in(client.get(page).content.decode(), 1)
    client.force_login(deputy)
    seen_by_deputy = _version_in(client.get(page).content.decode(), 1)
    save = url("result", round_robin, number=1, board=1)
    saved = client.post(
        save, {"result": "1/2-1/2", "version": seen_by_deputy}, headers={"HX-Request": "true"}
    )
    assert 'class="saved"' in saved.content.decode()
    client.force_login(chief)
    stale = client.post(
        save, {"result": "1-0", "version": seen_by_chief}, headers={"HX-Request": "true"}
    )
    text = html.unescape(stale.content.decode())
    assert 'class="refused"' in text
    assert (
        f"Not saved: board 1 was changed by {deputy.username} while you were looking at it. "
        "It now holds ½-½; you chose 1-0." in text
    )
    assert 'value="1/2-1/2" selected' in text  # the row shows what the board holds
    assert Pairing.objects.get(round__tournament=round_robin, board=1).result == "1/2-1/2"
    # With the version the refused row carries, the chief may correct it (with a reason).
    fresh = _version_in(text, 1)
    corrected = client.post(
        save,
        {"result": "1-0", "version": fresh, "reason": "scoresheets signed 1-0"},
        headers={"HX-Request": "true"},
    )
    assert 'class="saved"' in corrected.content.decode()
    assert Pairing.objects.get(round__tournament=round_robin, board=1).result == "1-0"


def test_results_of_a_draft_round_are_refused_with_the_reason(client):
    tournament = TournamentFactory(system="round_robin", number_of_rounds=3)
    for _ in range(4):
        PlayerFactory(tournament=tournament)
    generate_round_robin_round(tournament)
    client.force_login(UserFactory(is_staff=True))
    response = client.post(
        url("result", tournament, number=1, board=1), {"result": "1-0"}, follow=True
    )
    assert "Board 1: Round 1 is not published yet." in response.content.decode()
    assert Round.objects.get(tournament=tournament).pairings.first().result == Result.NOT_PLAYED


def test_bad_pairings_text_points_at_the_line(client):
    tournament = TournamentFactory()
    client.force_login(UserFactory(is_staff=True))
    response = client.post(url("round_enter", tournament), {"boards": "1 2\n3 x\n"})
    assert "Line 2: “3 x” is neither “white black” nor “bye N”." in response.content.decode()
    assert not tournament.rounds.exists()


def test_trf_import_page_and_player_card_of_helds_round_robin(client):
    organiser = UserFactory()
    organiser.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    client.force_login(organiser)
    with open(DATA / "held_round_robin.trf", "rb") as trf:
        response = client.post(reverse("tournaments:import_trf"), {"file": trf})
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert tournament.roles.get().user == organiser  # the importer is its chief arbiter

    franck = tournament.players.get(name="Franck")
    card = client.get(url("player", tournament, player_id=franck.pk)).context["card"]
    # The TRF line: 1.5 points; round 4 against Helene (6) lost by forfeit.
    assert card.points == 1.5
    assert [row.opponent.name for row in card.rows] == [
        "Alyx",
        "David",
        "Bruno",
        "Helene",
        "Charline",
    ]
    assert [row.label for row in card.rows] == ["½", "1", "0", "−", "0"]


def test_trf_import_page_reports_a_bad_file_without_storing_anything(client):
    client.force_login(UserFactory(is_staff=True))
    with open(DATA / "held_round_robin_players.csv", "rb") as not_trf:
        response = client.post(reverse("tournaments:import_trf"), {"file": not_trf})
    job = Job.objects.get()
    assert response.url == reverse("jobs:detail", args=[job.pk])
    page = client.get(response.url)
    assert page.status_code == 200  # the job page, with the problems the import found
    assert (job.kind, job.status) == ("trf_import", "failed")
    assert job.errors == [
        "held_round_robin_players.csv: line 1: this is not a TRF file: no line starts with a "
        "TRF code (001, 012, XXR, …)"
    ]
    for problem in job.errors:
        assert html.escape(problem) in page.content.decode()
    assert not Tournament.objects.exists()


def test_the_last_chief_arbiter_cannot_be_removed(client, round_robin):
    chief = with_role(round_robin, Role.CHIEF_ARBITER)
    client.force_login(chief)
    response = client.post(url("role_revoke", round_robin, user_id=chief.pk), follow=True)
    assert "A tournament needs at least one chief arbiter." in response.content.decode()
    deputy = UserFactory(username="deputy")
    client.post(url("roles", round_robin), {"username": "deputy", "role": Role.DEPUTY_ARBITER})
    assert round_robin.roles.get(user=deputy).role == Role.DEPUTY_ARBITER


def test_a_pairing_programs_output_file_becomes_the_round(client):
    """bbpPairings' round 3 of FIDE's Dutch 2025 example C.5: 1–5, 3–2, bye to 6; player 4
    announced a zero-point bye in the TRF file."""
    with open(DATA / "dutch_2025_C5.input.trf", "rb") as trf:
        tournament = import_trf(trf.read(), filename="dutch_2025_C5.input.trf")
    client.force_login(UserFactory(is_staff=True))
    with open(DATA / "dutch_2025_C5.output.expected", "rb") as output:
        response = client.post(url("round_enter", tournament), {"file": output})
    assert response.status_code == 302, response.context["form"].errors
    boards = Round.objects.get(tournament=tournament, number=3).pairings.order_by("board")
    assert [(b.white.start_rank, b.black.start_rank if b.black else b.bye) for b in boards] == [
        (1, 5),
        (3, 2),
        (6, "pab"),
        (4, "zero"),
    ]


def test_bye_requests_from_the_player_card_ask_before_a_second_half_point_bye(client):
    """FIDE checklist E33–E34: a second half-point bye is recorded only once confirmed."""
    tournament = TournamentFactory(number_of_rounds=7)
    player = PlayerFactory(tournament=tournament)
    client.force_login(UserFactory(is_staff=True))
    ask = url("player_absence", tournament, player_id=player.pk)
    half = {"kind": "half", "reason": "exam"}
    assert client.post(ask, {**half, "round_number": 2}).status_code == 302
    page = client.post(ask, {**half, "round_number": 5})
    assert page.status_code == 409
    text = page.content.decode()
    assert "already has a half-point bye in round 2; confirm a further one" in text
    assert "Warning level L3: Confirm or cancel" in text
    assert 'name="confirm" value="confirm"' in text
    assert 'name="round_number" value="5"' in text  # the request, sent again unchanged
    assert list(player.absences.values_list("round_number", flat=True)) == [2]
    client.post(ask, {**half, "round_number": 5, "confirm": "confirm"})
    assert list(player.absences.values_list("round_number", flat=True)) == [2, 5]
    refused = client.post(ask, {**half, "round_number": 9}).content.decode()
    assert "The tournament has only 7 rounds." in refused
    # E34: a full-point bye shows FIDE's "deprecated" notice to acknowledge (L2) first.
    full = {"kind": "full", "reason": "team duty", "round_number": 6}
    notice = client.post(ask, full)
    assert notice.status_code == 409
    assert "FIDE deprecates full-point byes" in notice.content.decode()
    assert "Warning level L2: Acknowledge" in notice.content.decode()
    assert list(player.absences.values_list("round_number", flat=True)) == [2, 5]
    assert client.post(ask, {**full, "confirm": "acknowledge"}).status_code == 302
    assert list(player.absences.values_list("round_number", flat=True)) == [2, 5, 6]


def test_every_link_on_the_arbiters_pages_leads_somewhere(client, round_robin):
    client.force_login(with_role(round_robin, Role.CHIEF_ARBITER))
    record_result(round_robin.rounds.get().pairings.get(board=1), "1-0", source="hand", user=None)
    pages = [url("dashboard", round_robin), url("round", round_robin, number=1)]
    links = set()
    for page in pages:
        links |= set(re.findall(r'href="(/[^"#]*)"', client.get(page).content.decode()))
    assert len(links) > 20
    broken = {link: client.get(link).status_code for link in sorted(links)}
    assert {link: status for link, status in broken.items() if status != 200} == {}


def test_the_player_card_links_the_game_of_a_board_for_arbiters_only(client, round_robin):
    from games.services import create_game

    board = round_robin.rounds.get().pairings.get(board=1)
    game = create_game(pairing=board, user=None)
    card_url = url("player", round_robin, player_id=board.black_id)
    client.force_login(with_role(round_robin, Role.VIEWER))
    page = client.get(card_url)
    assert [row.game_id for row in page.context["card"].rows] == [game.pk]
    assert f'href="/games/{game.pk}/"' in page.content.decode()
    round_robin.public = True
    round_robin.save()
    client.logout()
    assert f'href="/games/{game.pk}/"' not in client.get(card_url).content.decode()


def test_the_tournament_list_shows_private_events_to_their_arbiters_with_the_role(client):
    public = TournamentFactory(name="Hastings Premier")
    private = TournamentFactory(name="Club championship", public=False)
    assert [t.name for t in client.get("/").context["tournaments"]] == ["Hastings Premier"]
    client.force_login(with_role(private, Role.DEPUTY_ARBITER))
    page = client.get("/")
    listed = {t.name: t.user_role for t in page.context["tournaments"]}
    assert listed == {"Hastings Premier": "", "Club championship": "Deputy arbiter"}
    assert url("dashboard", private) in page.content.decode()
    assert url("dashboard", public) not in page.content.decode()


def test_an_expired_session_sends_htmx_to_the_login_page_not_into_the_row(client, round_robin):
    response = client.post(
        url("result", round_robin, number=1, board=1),
        {"result": "1-0"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert response["HX-Redirect"].startswith(reverse("login") + "?next=")
    assert response.content == b""
    assert Pairing.objects.get(round__tournament=round_robin, board=1).result == "*"


def edit_form_data(client, tournament):
    """The edit page's form as it comes, ready to post back."""
    form = client.get(url("edit", tournament)).context["form"]
    return {
        name: value
        for name, value in (
            (field.html_name, field.value()) for field in form if field.value() is not None
        )
        if not isinstance(value, bool) or value
    }


def test_a_refused_tiebreak_change_keeps_the_other_edits_out(client, round_robin):
    """Once round 1 is paired the tie-break list is fixed in FIDE mode (checklist H46), and
    outside it changes only with a reason; the page saves all its fields or none."""
    client.force_login(with_role(round_robin, Role.CHIEF_ARBITER))
    data = edit_form_data(client, round_robin)
    data.update(place="Reykjavik", tiebreaks="SB, DE", reason="typed late")
    response = client.post(url("edit", round_robin), data)
    assert response.status_code == 200
    text = response.content.decode()
    assert "The tie-break list cannot change once round 1 is paired." in text
    assert "leaving FIDE mode (for good) allows it" in text
    round_robin.refresh_from_db()
    assert (round_robin.place, round_robin.tiebreaks) == ("", [])
    answering(leave_fide_mode, round_robin, user=None, reason="club event")
    del data["reason"]
    assert "a change needs a reason" in client.post(url("edit", round_robin), data).text
    data["reason"] = "announced before round 1, typed late"
    assert client.post(url("edit", round_robin), data).status_code == 302
    round_robin.refresh_from_db()
    assert (round_robin.place, round_robin.tiebreaks) == ("Reykjavik", ["SB", "DE"])


def test_editing_a_started_tournament_without_touching_the_tiebreaks_needs_no_reason(
    client, round_robin
):
    """Issue: saving the edit page after round 1 with the tie-breaks as they were was refused
    ("the tie-break list is fixed … needs a reason")."""
    round_robin.tiebreaks = ["DE", "SB"]
    round_robin.save(update_fields=["tiebreaks"])
    client.force_login(with_role(round_robin, Role.CHIEF_ARBITER))
    data = edit_form_data(client, round_robin)
    data.update(place="Reykjavik")
    assert client.post(url("edit", round_robin), data).status_code == 302
    round_robin.refresh_from_db()
    assert (round_robin.place, round_robin.tiebreaks) == ("Reykjavik", ["DE", "SB"])


def test_a_refusal_explains_who_gives_the_roles(client, round_robin):
    client.force_login(with_role(round_robin, Role.VIEWER))
    response = client.get(url("edit", round_robin))
    assert response.status_code == 403
    assert "A tournament's chief arbiter gives the roles" in response.content.decode()


def test_a_round_with_colour_warnings_is_stored_once_confirmed(client):
    """Held's round robin continued as a double round robin: Franck (5) with black in round 6
    would have black for the third game running (his round-4 forfeit was no game)."""
    tournament = import_trf((DATA / "held_round_robin.trf").read_bytes())
    Tournament.objects.filter(pk=tournament.pk).update(
        system="double_round_robin", number_of_rounds=10
    )
    client.force_login(UserFactory(is_staff=True))
    boards = {"boards": "1 5\n2 6\n3 4"}
    page = client.post(url("round_enter", tournament), boards)
    text = page.content.decode()
    assert "player 5 Franck gets black for the third game running" in text
    assert 'name="confirm" value="confirm"' in text
    assert 'name="boards" value="1 5\n2 6\n3 4"' in text
    assert not tournament.rounds.filter(number=6).exists()
    client.post(url("round_enter", tournament), {**boards, "confirm": "confirm"})
    assert tournament.rounds.get(number=6).pairings.count() == 3


def test_trf_import_page_shows_what_the_file_held_that_is_not_used(client):
    client.force_login(UserFactory(is_staff=True))
    text = (DATA / "held_round_robin.trf").read_text() + "ZZZ a record nobody knows\n"
    upload = SimpleUploadedFile("held.trf", text.encode())
    response = client.post(reverse("tournaments:import_trf"), {"file": upload}, follow=True)
    shown = [str(message) for message in response.context["messages"]]
    assert any("record ZZZ is not used here; kept for the export" in m for m in shown), shown


def _gbk_file(text: str, name: str) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode("gb18030"), content_type="text/plain")


def test_a_gbk_players_csv_is_read_as_gbk_and_the_page_says_so(client):
    round_robin = TournamentFactory(system="round_robin", number_of_rounds=3)
    client.force_login(with_role(round_robin, Role.CHIEF_ARBITER))
    csv = "name,sex,federation\n王浩,m,CHN\n李小明,m,CHN\n"
    response = client.post(
        url("players_import", round_robin), {"file": _gbk_file(csv, "players.csv")}, follow=True
    )
    assert {"王浩", "李小明"} <= set(round_robin.players.values_list("name", flat=True))
    assert "players.csv is not UTF-8: it was read as GBK (GB18030)" in html.unescape(
        response.content.decode()
    )


def test_a_gbk_trf_is_read_as_gbk_and_the_page_says_so(client):
    client.force_login(UserFactory(is_staff=True))
    trf = (DATA / "held_round_robin.trf").read_text(encoding="utf-8")
    trf = trf.replace("012 ", "012 象棋公开赛 ", 1)
    response = client.post(
        reverse("tournaments:import_trf"), {"file": _gbk_file(trf, "held.trf")}, follow=True
    )
    assert Tournament.objects.get().name.startswith("象棋公开赛")
    assert "held.trf is not UTF-8: it was read as GBK (GB18030)" in html.unescape(
        response.content.decode()
    )


def test_a_utf8_upload_gets_no_encoding_notice(client):
    round_robin = TournamentFactory(system="round_robin", number_of_rounds=3)
    client.force_login(with_role(round_robin, Role.CHIEF_ARBITER))
    csv = SimpleUploadedFile("players.csv", "name\n王浩\n".encode(), content_type="text/csv")
    response = client.post(url("players_import", round_robin), {"file": csv}, follow=True)
    assert round_robin.players.filter(name="王浩").exists()
    assert "is not UTF-8" not in response.content.decode()


def test_one_player_imported_is_said_in_the_singular(client):
    round_robin = TournamentFactory(system="round_robin", number_of_rounds=3)
    client.force_login(with_role(round_robin, Role.CHIEF_ARBITER))
    csv = SimpleUploadedFile("players.csv", b'name\n"Haug, Sebastian"\n', content_type="text/csv")
    response = client.post(url("players_import", round_robin), {"file": csv}, follow=True)
    assert "1 player imported." in response.content.decode()
    csv = SimpleUploadedFile("players.csv", b"name\nTari\nSevian\n", content_type="text/csv")
    response = client.post(
        url("players_import", round_robin),
        {"file": csv},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="zh-hans",
    )
    assert "已导入 2 名棋手。" in response.content.decode()
