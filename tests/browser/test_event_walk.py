"""A whole event walked in the browser, as the chief arbiter and a deputy run it.

A five-round Swiss built from an empty database: players typed by hand, a half-point bye
asked for and a pairing-allocated bye, results typed at typing speed on the round page, a
correction, a late entry and a withdrawal, a sealed move and its resumption, a draw claim
ruled both ways, the Chinese pages, the deputy's view and a phone. The walk fails on any
page the server answers with a 500, on any English left on a Chinese page, and on any field
that does not read back as it was typed.

Known answers: the Laws (classic ruleset): a correct threefold-repetition claim draws
(10.13(1)); an incorrect one adds five minutes to the claimant's used time (10.13(2)). The
repeated position is the starting one, after 2…Ng8 and 4…Ng8.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import Permission
from django.db import connection
from playwright.sync_api import expect

from tests.factories import UserFactory
from tests.i18n.test_rendered_pages import TECHNICAL, Reader, english_left, event_words
from tournaments.models import Pairing, Player, Tournament

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)

TYPING = 150  # ms between two keys, as an arbiter types results
PHONE = {"width": 390, "height": 844}

# Name, federation, standard rating: numbered by rating, 1 to 8.
ENTRANTS = [
    ("Aronian, Levon", "ARM", 2740),
    ("Ju, Wenjun", "CHN", 2560),
    ("Kosteniuk, Alexandra", "SUI", 2520),
    ("Tari, Aryan", "NOR", 2480),
    ("Sevian, Samuel", "USA", 2440),
    ("Zhu, Jiner", "CHN", 2400),
    ("Mamedov, Rauf", "AZE", 2360),
]
# The eighth entrant comes from a CSV file, written as the form offers the fields.
CSV_ENTRANT = (
    'name,sex,federation,rating_standard,birth\n"Assaubayeva, Bibisara",female,KAZ,2320,2004\n'
)
LATE = ("Lei, Tingjie", "CHN", 2500)
HALF_BYE = "Tari, Aryan"
WITHDRAWN = "Mamedov, Rauf"


class Walk:
    """The pages of the walk: every response is watched for a server error, and a Chinese
    page is read for English left in it."""

    def __init__(self, page) -> None:
        self.page = page
        self.server_errors: list[str] = []
        page.on("response", self._watch)
        self.directory = os.environ.get("SCREENSHOT_DIR")

    def _watch(self, response) -> None:
        # A 500 anywhere; a 404 on anything but a page (a missing icon, style or script).
        missing = response.status == 404 and response.request.resource_type != "document"
        if response.status >= 500 or missing:
            self.server_errors.append(f"{response.status} {response.request.method} {response.url}")

    def check(self) -> None:
        assert self.server_errors == [], "server errors:\n" + "\n".join(self.server_errors)

    def shot(self, name: str) -> None:
        self.check()
        if self.directory:
            Path(self.directory).mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=f"{self.directory}/walk_{name}.png", full_page=True)

    def no_english(self) -> None:
        """The current page, in Chinese, keeps only the event's own words in English."""
        reader = Reader()
        reader.feed(self.page.content())
        left = english_left(" ".join(reader.texts), TECHNICAL | event_words())
        assert left == [], f"English on the Chinese page {self.page.url}: {left}"


@pytest.fixture
def chief():
    user = UserFactory(username="chief")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


def create_swiss(walk: Walk) -> Tournament:
    page = walk.page
    page.get_by_role("link", name="New tournament").click()
    page.locator("#id_name").fill("Hall Open 2026")
    page.locator("#id_place").fill("Bergen")
    page.locator("#id_start_date").fill("2026-12-10")
    page.locator("#id_end_date").fill("2026-12-13")
    page.locator("#id_chief_arbiter").fill("IA Hanna Berg")
    page.locator("#id_deputy_arbiters").fill("FA Ola Dahl")
    page.locator("#id_time_control").fill("90'/40 + 30' + 30\"")
    page.locator("#id_system").select_option("swiss")
    # Chosen: left to its date, a 2026 event would be played under the 2023 Laws.
    page.locator("#id_ruleset").select_option("classic")
    page.locator("#id_number_of_rounds").fill("5")
    page.locator("#id_tiebreaks").fill("BH/C1, BH, SB")
    walk.shot("tournament_form")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_contain_text("Tournament created")
    walk.check()
    return Tournament.objects.get(name="Hall Open 2026")


def add_player(
    walk: Walk,
    tournament: Tournament,
    name: str,
    federation: str,
    rating: int,
    *,
    moves: str = "",
):
    """``moves``: a late entrant placed above numbered players; the question names who
    moves (one of them, as ``name: old → new``) and is confirmed."""
    page = walk.page
    page.goto(f"/tournaments/{tournament.pk}/players/add/")
    page.locator("#id_name").fill(name)
    page.locator("#id_federation").fill(federation)
    page.locator("#id_rating_standard").fill(str(rating))
    page.get_by_role("button", name="Save", exact=True).click()
    if moves:
        expect(page.get_by_role("alert")).to_contain_text("Warning level L3")
        expect(page.get_by_role("alert")).to_contain_text(moves)
        walk.shot("late_entry_question")
        page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("status").first).to_contain_text(f"{name} added")
    walk.check()
    player = Player.objects.get(tournament=tournament, name=name)
    # Read back what was typed.
    page.goto(f"/tournaments/{tournament.pk}/players/{player.pk}/edit/")
    expect(page.locator("#id_name")).to_have_value(name)
    expect(page.locator("#id_federation")).to_have_value(federation)
    expect(page.locator("#id_rating_standard")).to_have_value(str(rating))
    return player


def type_results(walk: Walk, tournament: Tournament, round_number: int, keys: str) -> None:
    """From board 1 on, one key a board, about 150 ms apart, then every board reads back."""
    page = walk.page
    page.goto(f"/tournaments/{tournament.pk}/rounds/{round_number}/")
    page.wait_for_selector("table[data-keys-ready]")
    page.get_by_label("Result of board 1").focus()
    for key in keys:
        page.keyboard.press(key)
        page.wait_for_timeout(TYPING)
    for board in range(1, len(keys) + 1):
        expect(page.locator(f"#board-{board} .result-status")).to_contain_text("Saved")
    walk.check()
    page.reload()
    stored = {"1": "1-0", "0": "0-1", "=": "1/2-1/2"}
    for board, key in enumerate(keys, start=1):
        expect(page.get_by_label(f"Result of board {board}")).to_have_value(stored[key])


def test_a_whole_swiss_event_in_the_browser(browser, live_server, chief):
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 1280, "height": 900}, locale="en-GB"
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    walk = Walk(page)
    log_in(page, "chief")
    tournament = create_swiss(walk)

    players = {name: add_player(walk, tournament, name, fed, r) for name, fed, r in ENTRANTS}
    page.goto(f"/tournaments/{tournament.pk}/arbiter/")
    page.get_by_role("link", name="Import players from CSV").click()
    page.get_by_label("File").set_input_files(
        files=[{"name": "late.csv", "mimeType": "text/csv", "buffer": CSV_ENTRANT.encode()}]
    )
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("status").first).to_contain_text("1 player imported")
    imported = Player.objects.get(tournament=tournament, name="Assaubayeva, Bibisara")
    assert (imported.sex, imported.federation, imported.rating_standard) == ("w", "KAZ", 2320)
    page.get_by_role("button", name="Number by rating").click()
    expect(page.get_by_role("status").first).to_contain_text("Players numbered by rating")

    # A half-point bye asked for round 1: seven players, so one is paired with nobody.
    page.goto(f"/tournaments/{tournament.pk}/players/{players[HALF_BYE].pk}/")
    page.get_by_label(re.compile(r"^Round\b")).fill("1")
    page.get_by_label("Kind of bye").select_option("half")
    page.get_by_label("Reason").first.fill("Flight arrives late")
    page.get_by_role("button", name="Record the bye").click()
    expect(page.get_by_role("status").first).to_contain_text("Half-point bye in round 1 recorded")
    expect(page.locator("main")).to_contain_text("Flight arrives late")
    walk.shot("half_point_bye")

    page.goto(f"/tournaments/{tournament.pk}/arbiter/")
    page.get_by_role("button", name="Pair round 1 with the built-in engine").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Round 1")
    walk.shot("round_1_draft")
    page.get_by_role("button", name="Publish the round").click()
    expect(page.get_by_role("status").first).to_contain_text("Round 1 published")
    boards = Pairing.objects.filter(round__tournament=tournament, round__number=1)
    assert boards.filter(black__isnull=False).count() == 3
    walk.shot("round_1_published")

    edit_untouched(walk, tournament)
    type_results(walk, tournament, 1, "1=0")
    expect(page.locator("#board-4")).to_contain_text("Pairing-allocated bye")
    expect(page.locator("#board-5")).to_contain_text("Half-point bye")
    walk.shot("round_1_results")

    correct_on_round_page(walk, tournament, board=2, key="1", reason="Scoresheets: White won")
    corrected = Pairing.objects.get(round__tournament=tournament, round__number=1, board=2)
    assert corrected.result == "1-0"

    # Lei (2500) takes number 4: Tari and the four below him move down one (asked, L3).
    late = add_player(walk, tournament, *LATE, moves="Tari, Aryan: 4 → 5")
    withdraw(walk, tournament, players[WITHDRAWN], after_round=1, reason="Ill")
    page.goto(f"/tournaments/{tournament.pk}/arbiter/")
    page.get_by_role("button", name="Pair round 2 with the built-in engine").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Round 2")
    page.get_by_role("button", name="Publish the round").click()
    expect(page.get_by_role("status").first).to_contain_text("Round 2 published")
    round_2 = Pairing.objects.filter(round__tournament=tournament, round__number=2)
    paired = {p.white_id for p in round_2} | {p.black_id for p in round_2}
    assert late.pk in paired and players[WITHDRAWN].pk not in paired
    walk.shot("round_2_published")

    give_role(walk, tournament, "deputy", "Deputy arbiter")
    game_url = seal(walk, tournament, board=1)
    expect(page.get_by_label("Result of board 1")).to_have_value("adj")  # the round page
    page.goto(f"/tournaments/{tournament.pk}/arbiter/")
    expect(page.locator("ul.glance")).to_contain_text("1 adjourned game pending")

    phone = browser.new_context(base_url=live_server.url, viewport=PHONE, locale="en-GB")
    phone.set_default_timeout(15_000)
    deputy = Walk(phone.new_page())
    log_in(deputy.page, "deputy")
    deputy_sees_no_sealed_move(deputy, tournament, game_url)

    resume(walk, game_url)
    page.goto(f"/tournaments/{tournament.pk}/rounds/2/")
    expect(page.get_by_label("Result of board 1")).to_have_value("*")
    page.goto(f"/tournaments/{tournament.pk}/arbiter/")
    expect(page.locator("ul.glance")).to_contain_text("0 adjourned games")
    page.goto(f"/tournaments/{tournament.pk}/crosstable/")
    expect(page.locator("table.report")).not_to_contain_text(re.compile(r"\bA\b"))

    page.goto(f"/tournaments/{tournament.pk}/arbiter/")
    page.get_by_role("button", name="Pair round 3 with the built-in engine").click()
    walk.shot("pair_round_3_too_early")
    # Results missing: the arbiter is asked, and cancels.
    expect(page.get_by_role("button", name="I acknowledge this; go on")).to_be_visible()
    page.get_by_role("link", name="Cancel").click()
    assert not tournament.rounds.filter(number=3).exists()
    claim_both_ways(walk, tournament, board=2)
    expect(page.locator("#id_result")).to_have_value("1/2-1/2")  # a correction starts from it

    two_arbiters_at_once(walk, deputy, tournament)
    page.goto(game_url)  # the game follows its board
    expect(page.locator("h1 .result")).to_have_text("1-0")
    walk.shot("round_2_results")
    chinese_pages(walk, tournament, game_url)
    deputy_in_chinese(deputy, tournament, game_url)
    printed_reports(walk, tournament)
    phone.close()
    context.close()


FORM_FIELDS = """() => Array.from(document.querySelectorAll("main form [name]"))
    .filter(e => e.name !== "csrfmiddlewaretoken" && e.type !== "submit")
    .map(e => [e.name, e.type === "checkbox" || e.type === "radio" ? e.checked : e.value])"""


def saved_untouched(walk: Walk, url: str, save: str, said: str = "") -> None:
    """The form at ``url``, saved as it is (the page then saying ``said``), reopens with
    every field as it was."""
    page = walk.page
    page.goto(url)
    before = page.evaluate(FORM_FIELDS)
    assert len(before) > 5, before  # the form's own fields, not the header's
    page.get_by_role("button", name=save).click()
    if said:
        expect(page.get_by_role("status").first).to_contain_text(said)
    walk.check()
    page.goto(url)
    assert page.evaluate(FORM_FIELDS) == before


def edit_untouched(walk: Walk, tournament) -> None:
    """Saved as it is, once a round is paired, the tournament keeps every field."""
    page = walk.page
    saved_untouched(walk, f"/tournaments/{tournament.pk}/edit/", "Save", "Tournament saved")
    expect(page.locator("#id_start_date")).to_have_value("2026-12-10")
    expect(page.locator("#id_tiebreaks")).to_have_value("BH/C1, BH, SB")
    expect(page.locator("#id_deputy_arbiters")).to_have_value("FA Ola Dahl")


def give_role(walk: Walk, tournament, username: str, role: str) -> None:
    UserFactory(username=username)
    page = walk.page
    page.goto(f"/tournaments/{tournament.pk}/roles/")
    page.get_by_label("User name").fill(username)
    page.get_by_label("Role").select_option(label=role)
    page.get_by_role("button", name="Save").click()
    expect(page.locator("table tbody tr", has_text=username)).to_contain_text(role)
    walk.check()


def fits_the_phone(walk: Walk) -> None:
    walk.page.wait_for_load_state()  # right after a click the next page may not be there yet
    width = walk.page.evaluate("document.documentElement.scrollWidth")
    if width > PHONE["width"]:
        walk.shot("too_wide")
    assert width <= PHONE["width"], f"{walk.page.url} is {width} px wide"


def deputy_sees_no_sealed_move(deputy: Walk, tournament, game_url: str) -> None:
    """The roles page says only the chief opens sealed moves: the deputy's pages never show it."""
    page = deputy.page
    page.goto(f"/tournaments/{tournament.pk}/rounds/2/")
    fits_the_phone(deputy)
    expect(page.get_by_label("Result of board 1")).to_have_value("adj")
    deputy.shot("deputy_round_2_phone")
    page.goto(game_url)
    fits_the_phone(deputy)
    expect(page.get_by_role("link", name="Resume: open the envelope")).to_have_count(0)
    page.get_by_role("link", name="Sealed envelope").click()
    expect(page.locator("article.envelope")).to_contain_text("sealed")
    fits_the_phone(deputy)
    assert "O-O" not in page.content()
    deputy.shot("deputy_envelope_phone")
    response = page.goto(game_url + "resume/")
    assert response is not None and response.status == 403
    deputy.check()


def shares_one_connection() -> bool:
    """The tests' in-memory SQLite is one connection that the live server's threads share:
    statements of overlapping requests clash on it ("database table is locked"), which a
    database file (``make run``: tests/test_sqlite_writers.py) or PostgreSQL (CI's second
    run) never does. There the writes are made one after the other."""
    return connection.vendor == "sqlite" and connection.is_in_memory_db()


def two_arbiters_at_once(chief: Walk, deputy: Walk, tournament) -> None:
    """The chief types board 1 while the deputy, on a phone, sets boards 3 and 4: the
    writes overlap (see :func:`shares_one_connection`), and every one is kept."""
    round_page = f"/tournaments/{tournament.pk}/rounds/2/"
    for walk in (chief, deputy):
        walk.page.goto(round_page)
        walk.page.wait_for_selector("table[data-keys-ready]")
    one_at_a_time = shares_one_connection()

    def saved(walk: Walk, board: int) -> None:
        if one_at_a_time:
            expect(walk.page.locator(f"#board-{board} .result-status")).to_contain_text("Saved")

    chief.page.get_by_label("Result of board 1").focus()
    deputy.page.locator("#result-3").select_option("1-0")
    saved(deputy, 3)
    chief.page.keyboard.press("1")
    saved(chief, 1)
    deputy.page.locator("#result-4").select_option("0-1")
    for walk, board, result in [(chief, 1, "1-0"), (deputy, 3, "1-0"), (deputy, 4, "0-1")]:
        status = walk.page.locator(f"#board-{board} .result-status")
        expect(status).to_have_text(f"✓ Saved: {result}")
    fits_the_phone(deputy)
    deputy.shot("deputy_results_phone")
    for walk in (chief, deputy):
        walk.page.reload()
        for board, result in [(1, "1-0"), (2, "1/2-1/2"), (3, "1-0"), (4, "0-1")]:
            expect(walk.page.locator(f"#result-{board}")).to_have_value(result)
        walk.check()


def deputy_in_chinese(deputy: Walk, tournament, game_url: str) -> None:
    page = deputy.page
    page.goto(f"/tournaments/{tournament.pk}/rounds/2/")
    page.get_by_label("Language").select_option("zh-hans")
    expect(page.locator("html")).to_have_attribute("lang", "zh-hans")
    for name, path in [
        ("round_2", f"/tournaments/{tournament.pk}/rounds/2/"),
        ("dashboard", f"/tournaments/{tournament.pk}/arbiter/"),
        ("game", game_url),
    ]:
        page.goto(path)
        fits_the_phone(deputy)
        deputy.shot(f"deputy_zh_{name}")
        deputy.no_english()


def printed_reports(walk: Walk, tournament) -> None:
    """Every report a PDF named after what it holds."""
    names = set()
    t = f"/tournaments/{tournament.pk}"
    for path in [
        f"{t}/standings.pdf",
        f"{t}/crosstable.pdf",
        f"{t}/players.pdf",
        f"{t}/rounds/2/pairings.pdf",
        f"{t}/rounds/2/result-sheet.pdf",
        f"{t}/incidents.pdf",
    ]:
        response = walk.page.request.get(path)
        assert response.status == 200, path
        assert response.headers["content-type"] == "application/pdf", path
        assert response.body().startswith(b"%PDF"), path
        names.add(re.search(r'filename="([^"]+)"', response.headers["content-disposition"])[1])
    assert len(names) == 6, names


def chinese_pages(walk: Walk, tournament, game_url: str) -> None:
    page = walk.page
    page.goto(f"/tournaments/{tournament.pk}/arbiter/")
    page.get_by_label("Language").select_option("zh-hans")
    expect(page.locator("html")).to_have_attribute("lang", "zh-hans")
    t = f"/tournaments/{tournament.pk}"
    player = Player.objects.get(tournament=tournament, name=HALF_BYE)
    claim_incident = tournament.rounds.get(number=2).pairings.get(board=2).game.incidents.last()
    for name, path in [
        ("dashboard", f"{t}/arbiter/"),
        ("round_1", f"{t}/rounds/1/"),
        ("round_2", f"{t}/rounds/2/"),
        ("standings", f"{t}/standings/"),
        ("crosstable", f"{t}/crosstable/"),
        ("player", f"{t}/players/{player.pk}/"),
        ("pairings", f"{t}/rounds/2/pairings/"),
        ("roles", f"{t}/roles/"),
        ("games", f"/games/tournament/{tournament.pk}/"),
        ("game", game_url),
        ("claim", f"/games/{claim_incident.game_id}/incidents/{claim_incident.pk}/"),
        ("edit", f"{t}/edit/"),
    ]:
        page.goto(path)
        walk.shot(f"zh_{name}")
        walk.no_english()
    # A player's card typed in Chinese: the birth date and sex read back.
    page.goto(f"{t}/players/{player.pk}/edit/")
    page.locator("#id_birth_date").fill("2009-03-04")
    page.locator("#id_sex").select_option("w")
    page.locator("#id_club").fill("Bergens Schakklub")
    page.get_by_role("button", name="保存").click()
    walk.check()
    page.goto(f"{t}/players/{player.pk}/edit/")
    expect(page.locator("#id_birth_date")).to_have_value("2009-03-04")
    expect(page.locator("#id_sex")).to_have_value("w")
    expect(page.locator("#id_club")).to_have_value("Bergens Schakklub")
    saved_untouched(walk, f"{t}/players/{player.pk}/edit/", "保存")
    # The edit page, saved untouched, keeps every field (the dates above all).
    saved_untouched(walk, f"{t}/edit/", "保存")
    expect(page.locator("#id_start_date")).to_have_value("2026-12-10")
    expect(page.locator("#id_end_date")).to_have_value("2026-12-13")
    expect(page.locator("#id_time_control")).to_have_value("90'/40 + 30' + 30\"")
    expect(page.locator("#id_tiebreaks")).to_have_value("BH/C1, BH, SB")


def correct_on_round_page(walk: Walk, tournament, *, board: int, key: str, reason: str) -> None:
    page = walk.page
    page.goto(f"/tournaments/{tournament.pk}/rounds/1/")
    page.wait_for_selector("table[data-keys-ready]")
    page.get_by_label(f"Result of board {board}").focus()
    page.keyboard.press(key)
    expect(page.locator(f"#reason-{board}")).to_be_focused()
    page.keyboard.type(reason, delay=20)
    page.keyboard.press("Enter")
    expect(page.locator(f"#board-{board} .result-status")).to_contain_text("Saved")
    walk.check()


def withdraw(walk: Walk, tournament, player, *, after_round: int, reason: str) -> None:
    page = walk.page
    page.goto(f"/tournaments/{tournament.pk}/arbiter/")
    page.get_by_role("link", name=f"Withdraw or expel {player.name}").click()
    page.get_by_label("withdraws").check()
    page.get_by_label("Last round played").fill(str(after_round))
    page.get_by_label("Reason").fill(reason)
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status").first).to_contain_text(f"{player.name} withdrawn")
    row = page.locator("table.players tr", has_text=player.name)
    expect(row).to_contain_text(f"after round {after_round}")
    walk.check()


def open_game(walk: Walk, tournament, round_number: int, board: int) -> None:
    page = walk.page
    page.goto(f"/tournaments/{tournament.pk}/rounds/{round_number}/")
    row = page.locator(f"#board-{board}")
    row.get_by_role("button", name=re.compile("Enter moves|Game")).click()


def save_moves(walk: Walk, moves: str, plies: int) -> None:
    page = walk.page
    page.get_by_label("Moves as written on the scoresheet").fill(moves)
    page.get_by_role("button", name="Save the moves").click()
    saved = f"Saved: {(plies + 1) // 2} moves ({plies} plies)."
    expect(page.get_by_role("status").first).to_contain_text(saved)
    walk.check()


def seal(walk: Walk, tournament, *, board: int) -> str:
    page = walk.page
    open_game(walk, tournament, 2, board)
    save_moves(walk, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6", 8)
    game_url = page.url
    page.get_by_role("link", name="Adjourn: seal a move").click()
    page.get_by_label("Sealed move (as written)").fill("O-O")
    page.get_by_label("White's used time (seconds)").fill("5400")
    page.get_by_label("Black's used time (seconds)").fill("5100")
    page.get_by_label("Adjourned at").fill("2026-12-11T14:00")
    page.get_by_label("Resumes at").fill("2026-12-12T10:00")
    page.get_by_role("button", name="Seal").click()
    expect(page.get_by_role("status").first).to_contain_text("The move is sealed")
    expect(page.locator("article.envelope")).to_contain_text("5400 s")
    expect(page.locator("article.envelope")).to_contain_text("2026-12-12 10:00")
    walk.shot("envelope")
    page.goto(f"/tournaments/{tournament.pk}/rounds/2/")
    return game_url


def resume(walk: Walk, game_url: str) -> None:
    page = walk.page
    page.goto(game_url)
    page.get_by_role("link", name="Resume: open the envelope").click()
    page.get_by_role("button", name="Open the envelope and show the ruling").click()
    walk.shot("resumption_ruling")
    page.get_by_role("button", name="Apply this ruling").click()
    expect(page.get_by_role("status").first).to_contain_text("The ruling has been applied")
    walk.shot("resumed_game")


def claim(walk: Walk, used: str) -> None:
    page = walk.page
    page.get_by_role("link", name=re.compile(r"^Draw claim \(")).click()
    page.get_by_label("Claimant:", exact=True).select_option("white")
    page.get_by_label("Claim:", exact=True).select_option("threefold")
    page.get_by_label("Claimant's used time (seconds)").fill(used)
    page.get_by_role("button", name="Show the ruling").click()
    walk.check()


def claim_both_ways(walk: Walk, tournament, *, board: int) -> None:
    page = walk.page
    open_game(walk, tournament, 2, board)
    save_moves(walk, "1. Nf3 Nf6 2. Ng1 Ng8", 4)
    game_url = page.url
    claim(walk, "1200")
    ruling = page.locator("section.ruling")
    expect(ruling).to_contain_text("5 minutes are added to White's used time")
    walk.shot("claim_wrong")
    page.get_by_role("button", name="Apply this ruling").click()
    expect(page.get_by_role("status").first).to_contain_text("The ruling has been applied")
    page.goto(game_url)
    page.get_by_role("link", name="Enter or correct moves").click()
    save_moves(walk, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8", 8)
    claim(walk, "1800")
    expect(page.locator("section.ruling")).to_contain_text("draw")
    walk.shot("claim_correct")
    page.get_by_role("button", name="Apply this ruling").click()
    expect(page.get_by_role("status").first).to_contain_text("The ruling has been applied")
    expect(page.locator("h1 .result")).to_have_text("1/2-1/2")
