"""A team Swiss's colour preference type (C.04.6 1.7) as a tournament setting: the rounds are
paired with it, it is fixed once round 1 is paired, the API reads and writes it, and a TRF team
file's record 192 carries it both ways.

The event: eight teams of two boards, White on odd boards for the team named first. Round 1
is paired 1-5, 6-2, 3-7, 8-4 (4.3.1: the odd first-teams 1 and 3 get the initial-colour White,
the even 2 and 4 Black) and teams 1, 2, 3 and 4 win. Round 2's top scoregroup is then 1 and 3
(had White) and 2 and 4 (had Black); the bottom one 5 and 7 (Black) and 6 and 8 (White).

* Type A: after one match no team has a preference (1.7: a colour difference of ±1 alone is
  none), so 3.6's first pairing stands, 1-3 and 2-4, and 5-7 and 6-8; the colours follow
  4.3.8, the first-team alternating from its last match: 3-1, 2-4, 5-7, 8-6.
* Type B: every team has a mild preference for the colour it lacks (1.7); 1-3 and 2-4 leave
  one team of each pair without it, so [C8] (C.04.6 2.3.5) takes 1-4 and 2-3, 5-8 and 6-7,
  where every preference is granted (4.3.3): 4-1, 2-3, 5-8, 7-6.
* None: no team has a preference, as in type A.

Round 2 paired as type A (or none) and won by 1, 2, 6 and 7, round 3's scoregroup of one match
won holds 3 (White twice), 4 and 7 (Black twice) and 6 (White, Black). Type A gives 3 a
preference for Black and 4 and 7 one for White (1.7), so [C8] leaves 3.6's first pairing,
3-6 and 4-7, for 4-3 and 7-6; with none, 3.6's first pairing stands: 6-3 (4.3.5, the lower
colour difference has White) and 4-7 (4.3.8), 7's third Black.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, UserFactory
from tests.html_forms import form_values
from tournaments.models import (
    InitialColor,
    PairingSystem,
    Result,
    Round,
    TeamColourPreferences,
    Tournament,
    TournamentLog,
)
from tournaments.pairing.team_checker import check_team_trf
from tournaments.pairing.team_swiss.state import ColourPreferences
from tournaments.services import (
    TournamentError,
    create_team,
    create_tournament,
    number_teams,
    pair_swiss_round,
    publish_round,
    record_result,
    set_lineup,
    set_roster,
    update_tournament,
)
from tournaments.services.team_rounds import team_swiss_state
from tournaments.services.team_submission import submit_team_round
from tournaments.services.trf_exchange import export_trf, import_trf
from tournaments.trf import read_trf
from tournaments.trf.reader import split_lines

pytestmark = pytest.mark.django_db

A, B, NONE = TeamColourPreferences.TYPE_A, TeamColourPreferences.TYPE_B, TeamColourPreferences.NONE
ROUND_ONE = [(1, 5), (6, 2), (3, 7), (8, 4)]
WINNERS = {1, 2, 3, 4}
TYPE_A_ROUND_TWO = [(3, 1), (2, 4), (5, 7), (8, 6)]
TYPE_B_ROUND_TWO = [(4, 1), (2, 3), (5, 8), (7, 6)]
ROUND_TWO = {A: TYPE_A_ROUND_TWO, B: TYPE_B_ROUND_TWO, NONE: TYPE_A_ROUND_TWO}
RECORD_192 = {A: "FIDE_TEAM_TYPEA_MP_GP", B: "FIDE_TEAM_TYPEB_MP_GP", NONE: "FIDE_TEAM_MP_GP"}


def _event(preferences: str | None = None, rounds: int = 5) -> Tournament:
    """Eight teams of two boards, team 1 the strongest; ``preferences`` left out: the
    default."""
    extra = {} if preferences is None else {"team_colour_preferences": preferences}
    tournament = create_tournament(
        name="Team Cup",
        system=PairingSystem.TEAM_SWISS,
        number_of_rounds=rounds,
        boards_per_match=2,
        initial_color=InitialColor.WHITE,
        **extra,
    )
    for index in range(8):
        team = create_team(tournament, name=f"Team {chr(65 + index)}")
        players = [
            PlayerFactory(tournament=tournament, rating_standard=2400 - 100 * index - board)
            for board in range(2)
        ]
        set_roster(team, players)
    number_teams(tournament)
    return tournament


def _matches(round_: Round) -> list[tuple[int, int]]:
    """The round's matches by table, (team A, team B) by team pairing number."""
    return [
        (match.team_a.number, match.team_b.number)
        for match in round_.matches.filter(team_b__isnull=False)
        .select_related("team_a", "team_b")
        .order_by("table")
    ]


def _play(round_: Round, winners: set[int]) -> None:
    """Lineups of each roster's two players; every board won by the team in ``winners``."""
    publish_round(round_)
    for match in round_.matches.filter(team_b__isnull=False).select_related("team_a", "team_b"):
        for team in (match.team_a, match.team_b):
            set_lineup(match, team, list(team.roster.order_by("board_order")))
    for board in round_.pairings.filter(black__isnull=False).select_related("white__team"):
        white_wins = board.white.team.number in winners
        record_result(
            board, Result.WHITE_WINS if white_wins else Result.BLACK_WINS, source="hand", user=None
        )


def _after_round_one(preferences: str | None = None) -> Tournament:
    tournament = _event(preferences)
    round_ = pair_swiss_round(tournament)
    assert _matches(round_) == ROUND_ONE
    _play(round_, WINNERS)
    return Tournament.objects.get(pk=tournament.pk)


@pytest.mark.parametrize("preferences", [A, B, NONE])
def test_round_two_is_paired_with_the_events_colour_preference_type(preferences: str) -> None:
    tournament = _after_round_one(preferences)
    assert _matches(pair_swiss_round(tournament)) == ROUND_TWO[preferences]


@pytest.mark.parametrize(
    ("preferences", "expected"),
    [(A, [(1, 2), (4, 3), (7, 6), (5, 8)]), (NONE, [(1, 2), (6, 3), (4, 7), (5, 8)])],
)
def test_without_colour_preferences_c8_does_not_move_a_pairing(
    preferences: str, expected: list[tuple[int, int]]
) -> None:
    tournament = _after_round_one(preferences)
    round_ = pair_swiss_round(tournament)
    assert _matches(round_) == TYPE_A_ROUND_TWO
    _play(round_, {1, 2, 6, 7})
    assert _matches(pair_swiss_round(tournament)) == expected


def test_type_a_is_the_default_and_the_engine_is_given_the_setting() -> None:
    tournament = _after_round_one()
    assert tournament.team_colour_preferences == A
    assert team_swiss_state(tournament, 2).preferences is ColourPreferences.TYPE_A
    for setting, engine in [(B, ColourPreferences.TYPE_B), (NONE, ColourPreferences.NONE)]:
        tournament.team_colour_preferences = setting
        assert team_swiss_state(tournament, 2).preferences is engine


def test_a_pairing_programs_round_is_taken_under_either_type() -> None:
    # The type grades colours (quality criteria), not the absolute rules a program's round is
    # held to: type A's round submitted to a type-B event stands.
    tournament = _after_round_one(B)
    round_ = submit_team_round(tournament, TYPE_A_ROUND_TWO, None, source=Round.PairedBy.API)
    assert _matches(round_) == TYPE_A_ROUND_TWO


def test_the_type_is_logged_and_fixed_once_round_one_is_paired() -> None:
    tournament = _event()
    update_tournament(tournament, team_colour_preferences=B)
    entry = TournamentLog.objects.filter(
        tournament=tournament, kind=TournamentLog.Kind.CONFIGURATION
    ).latest("pk")
    assert (entry.old_value, entry.new_value) == (
        {"team_colour_preferences": "A"},
        {"team_colour_preferences": "B"},
    )
    pair_swiss_round(tournament)
    with pytest.raises(TournamentError, match="colour preferences cannot change once round 1"):
        update_tournament(tournament, team_colour_preferences=A)
    tournament.refresh_from_db()
    assert tournament.team_colour_preferences == B
    update_tournament(tournament, team_colour_preferences=B)  # unchanged: no change


def test_an_unknown_type_is_refused() -> None:
    with pytest.raises(TournamentError, match="team_colour_preferences"):
        _event("C")


def test_the_settings_page_shows_and_changes_the_type_until_round_one_is_paired() -> None:
    user = UserFactory(username="chief")
    tournament = create_tournament(
        name="Team Cup",
        system=PairingSystem.TEAM_SWISS,
        number_of_rounds=5,
        boards_per_match=2,
        user=user,
    )
    client = Client()
    client.force_login(user)
    edit = reverse("tournaments:edit", kwargs={"tournament_id": tournament.pk})
    page = client.get(edit).content.decode()
    assert "Type B: strong and mild colour preferences" in page
    shown = form_values(page, containing="team_colour_preferences")
    assert shown["team_colour_preferences"] == ["A"]
    response = client.post(edit, {**shown, "team_colour_preferences": "B"})
    assert response.status_code == 302, response.content.decode()[:2000]
    tournament.refresh_from_db()
    assert tournament.team_colour_preferences == B
    for index in range(4):
        team = create_team(tournament, name=f"Team {index}")
        set_roster(team, [PlayerFactory(tournament=tournament) for _board in range(2)])
    number_teams(tournament)
    pair_swiss_round(tournament)
    shown = form_values(client.get(edit).content.decode(), containing="team_colour_preferences")
    refused = client.post(edit, {**shown, "team_colour_preferences": "none"})
    assert "colour preferences cannot change once round 1 is paired" in refused.content.decode()
    tournament.refresh_from_db()
    assert tournament.team_colour_preferences == B


def _api_client() -> APIClient:
    user = UserFactory(username="chief")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    client = APIClient()
    client.force_authenticate(user)
    return client


def _create(client: APIClient, **extra: Any) -> Any:
    body = {"name": "League", "system": "team_swiss", "number_of_rounds": 5}
    return client.post("/api/v1/tournaments/", {**body, "boards_per_match": 4, **extra})


def test_the_api_writes_and_reads_the_type() -> None:
    client = _api_client()
    created = _create(client, team_colour_preferences="B")
    assert created.status_code == 201, created.content
    assert created.json()["team_colour_preferences"] == "B"
    read = client.get(f"/api/v1/tournaments/{created.json()['slug']}/")
    assert read.json()["team_colour_preferences"] == "B"
    assert _create(client).json()["team_colour_preferences"] == "A"
    assert _create(client, team_colour_preferences="none").json()["team_colour_preferences"] == (
        "none"
    )
    refused = _create(client, team_colour_preferences="TYPEB")
    assert refused.status_code == 400, refused.content
    assert "team_colour_preferences" in refused.content.decode()


def _record_192(text: str) -> str:
    [line] = [line for line in split_lines(text) if line.startswith("192")]
    return line[4:].strip()


@pytest.mark.parametrize("preferences", [A, B, NONE])
def test_the_export_writes_the_types_code_and_imports_back_to_it(preferences: str) -> None:
    tournament = _after_round_one(preferences)
    round_ = pair_swiss_round(tournament)
    _play(round_, {1, 2, 5, 6})
    text = export_trf(tournament, version=2026)
    assert _record_192(text) == RECORD_192[preferences]
    # checktrf re-pairs the rounds with the file's type: it finds nothing.
    check = check_team_trf(read_trf(text))
    assert [r.round for r in check.rounds if r.has_findings] == []
    again = import_trf(text, filename="cup.trf")
    assert again.team_colour_preferences == preferences
    assert export_trf(again, version=2026) == text


def test_a_type_b_round_in_a_file_saying_type_a_is_found_by_checktrf() -> None:
    tournament = _after_round_one(B)
    _play(pair_swiss_round(tournament), {1, 2, 5, 6})
    text = export_trf(tournament, version=2026)
    wrong = text.replace("192 FIDE_TEAM_TYPEB_MP_GP", "192 FIDE_TEAM_TYPEA_MP_GP")
    check = check_team_trf(read_trf(wrong))
    assert [r.round for r in check.rounds if r.has_findings] == [2]


def _round_one_file(code: str | None) -> str:
    """The TRF-2026 export of the event after round 1, its record 192 replaced by ``code``
    (``None``: left out)."""
    text = export_trf(_after_round_one(), version=2026)
    lines = [line for line in split_lines(text) if not line.startswith("192")]
    if code is not None:
        lines.insert(1, f"192 {code}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("code", "preferences"),
    [
        ("FIDE_TEAM_TYPEA_MP_GP", A),
        ("FIDE_TEAM_TYPEB_MP_GP", B),
        ("FIDE_TEAM_TYPEB_GP", B),
        ("FIDE_TEAM_MP_GP", NONE),
        ("FIDE_TEAM", A),  # FIDE_TEAM alone is FIDE_TEAM_TYPEA_MP_GP
    ],
)
def test_record_192_sets_the_type_and_the_next_round_is_paired_with_it(
    code: str, preferences: str
) -> None:
    imported = import_trf(_round_one_file(code), filename="cup.trf", confirm="confirm")
    assert imported.system == PairingSystem.TEAM_SWISS
    assert imported.team_colour_preferences == preferences
    if code.endswith("MP_GP") or code == "FIDE_TEAM":
        # Later rounds of an imported type-B Swiss are paired as type B.
        assert _matches(pair_swiss_round(imported)) == ROUND_TWO[preferences]
