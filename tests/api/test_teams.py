"""Team events through the API only: an event created with its team settings, players, teams
with rosters, team pairing numbers by strength, rounds paired by the Berger tables, the
built-in C.04.6 engine or a pairing program, lineups making the boards, results entered board
by board, a board left empty and a match forfeited whole, and the team standings checked
against a hand computation. Refusals name their reason; anonymous clients and read tokens
cannot write; hostile input is a 400/404/422, never a 500."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tournaments.models import Tournament, TournamentLog

from .conftest import SCOPES

READ, RESULTS, PAIRING = SCOPES
API = "/api/v1/tournaments/"


def ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, (response.status_code, response.content[:500])
    return response.json() if response.content else None


def refused(response: Any, status: int = 422) -> str:
    """The reasons of a refusal, every problem's detail in one text."""
    assert response.status_code == status, (response.status_code, response.content[:500])
    body = response.json()
    assert body["detail"] and body["errors"]
    return " | ".join(item["detail"] for item in body["errors"])


@pytest.fixture
def arbiter(chief: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(chief)
    return client


def create_event(client: APIClient, system: str, teams: int, rounds: int, **extra: Any) -> str:
    """A team event of ``teams`` teams of two boards and a reserve, numbered by strength:
    team 1 is the strongest. Returns the event's URL."""
    body = {"name": f"Cup {system}", "system": system, "number_of_rounds": rounds}
    event = ok(client.post(API, {**body, "boards_per_match": 2, **extra}, format="json"), 201)
    assert event["boards_per_match"] == 2
    url = f"{API}{event['slug']}/"
    for index in reversed(range(teams)):  # weakest first: the numbers come from strength
        name = f"Team {chr(65 + index)}"
        ids = [
            ok(
                client.post(
                    f"{url}players/",
                    {"name": f"{name} {board}", "rating_standard": 2400 - 100 * index - board},
                    format="json",
                ),
                201,
            )["id"]
            for board in range(1, 4)
        ]
        ok(client.post(f"{url}teams/", {"name": name, "roster": ids}, format="json"), 201)
    numbered = ok(client.post(f"{url}teams/number/", {}, format="json"))
    assert [(t["number"], t["name"]) for t in numbered] == [
        (i + 1, f"Team {chr(65 + i)}") for i in range(teams)
    ]
    return url


def teams_by_number(client: APIClient, url: str) -> dict[int, dict[str, Any]]:
    return {team["number"]: team for team in ok(client.get(f"{url}teams/"))}


def lineup(
    client: APIClient, url: str, number: int, table: int, team: dict[str, Any], boards: list[int]
) -> Any:
    """Team ``team`` plays its roster's ``boards`` (1-based roster places) in the match."""
    ids = [team["roster"][place - 1]["id"] for place in boards]
    return client.put(
        f"{url}rounds/{number}/matches/{table}/lineups/{team['id']}/",
        {"players": ids},
        format="json",
    )


def play(client: APIClient, url: str, number: int, results: dict[int, str]) -> None:
    for board, result in results.items():
        ok(client.put(f"{url}rounds/{number}/pairings/{board}/", {"result": result}, format="json"))


def both_lineups(client: APIClient, url: str, number: int) -> list[dict[str, Any]]:
    """Every match of the round with each team's first two boards."""
    teams = {team["id"]: team for team in ok(client.get(f"{url}teams/"))}
    for match in ok(client.get(f"{url}rounds/{number}/matches/")):
        if match["team_b"] is not None:
            for side in ("team_a", "team_b"):
                team = teams[match[side]["id"]]
                ok(lineup(client, url, number, match["table"], team, [1, 2]))
    return list(ok(client.get(f"{url}rounds/{number}/matches/")))


def test_a_team_round_robin_through_the_api_scores_as_computed_by_hand(
    arbiter: APIClient,
) -> None:
    """Four teams of two boards (team A White on board 1, Black on board 2). By hand:

    round 1: 1–4 1½–½ (2 MP to 1), 2–3 0–2 (2 MP to 3);
    round 2: 4–3 forfeited +- (2 MP and 2 game points to 4), 1–2 with board 2 left empty by
    team 2 and board 1 drawn: 1½–½ (2 MP to 1).
    After round 2: 1: 4 MP 3 GP, 4: 2 MP 2½ GP, 3: 2 MP 2 GP, 2: 0 MP ½ GP; after round 1:
    3 (2 MP, 2 GP) before 1 (2 MP, 1½ GP), then 4 (½ GP) and 2 (0).
    """
    url = create_event(arbiter, "round_robin", teams=4, rounds=3, tiebreaks=["GP", "WIN"])
    teams = teams_by_number(arbiter, url)
    assert [p["board_order"] for p in teams[1]["roster"]] == [1, 2, 3]
    assert [p["start_rank"] for p in teams[2]["roster"]] == [4, 5, 6]

    ok(arbiter.post(f"{url}rounds/next/", {}, format="json"), 201)
    ok(arbiter.post(f"{url}rounds/1/publish/", {}, format="json"))
    matches = ok(arbiter.get(f"{url}rounds/1/matches/"))
    # The Berger table of four: 1–4, 2–3.
    assert [(m["team_a"]["number"], m["team_b"]["number"]) for m in matches] == [(1, 4), (2, 3)]
    assert matches[0]["boards"] == [] and matches[0]["lineups"] == {"a": [], "b": []}
    assert matches[0]["decided"] is False and matches[0]["match_points"] is None

    matches = both_lineups(arbiter, url, 1)
    first = matches[0]
    assert [b["board"] for b in first["boards"]] == [1, 2]
    assert [b["team_a_color"] for b in first["boards"]] == ["w", "b"]
    assert first["boards"][0]["white"]["id"] == teams[1]["roster"][0]["id"]
    assert first["boards"][1]["white"]["id"] == teams[4]["roster"][1]["id"]
    assert [b["board"] for b in matches[1]["boards"]] == [3, 4]
    play(arbiter, url, 1, {1: "1-0", 2: "1/2-1/2", 3: "0-1", 4: "1-0"})
    matches = ok(arbiter.get(f"{url}rounds/1/matches/"))
    assert [(m["game_points"], m["match_points"]) for m in matches] == [
        ({"a": "1.5", "b": "0.5"}, {"a": "2", "b": "0"}),
        ({"a": "0", "b": "2"}, {"a": "0", "b": "2"}),
    ]

    ok(arbiter.post(f"{url}rounds/next/", {}, format="json"), 201)
    ok(arbiter.post(f"{url}rounds/2/publish/", {}, format="json"))
    matches = ok(arbiter.get(f"{url}rounds/2/matches/"))
    assert [(m["team_a"]["number"], m["team_b"]["number"]) for m in matches] == [(4, 3), (1, 2)]
    forfeit = arbiter.put(
        f"{url}rounds/2/matches/1/forfeit/",
        {"forfeit": "+-", "reason": "Team C did not arrive"},
        format="json",
    )
    assert ok(forfeit)[0]["forfeit"] == "+-" and ok(forfeit)[0]["decided"] is True
    ok(lineup(arbiter, url, 2, 2, teams[1], [1, 2]))
    matches = ok(lineup(arbiter, url, 2, 2, teams[2], [1]))
    boards = matches[1]["boards"]
    assert [b["board"] for b in boards] == [3, 4]
    assert boards[1]["unopposed"] and boards[1]["white"]["id"] == teams[1]["roster"][1]["id"]
    assert matches[1]["lineups"]["b"][1] is None
    play(arbiter, url, 2, {3: "1/2-1/2"})

    standings = ok(arbiter.get(f"{url}team-standings/"))
    assert standings["after_round"] == 2 and standings["primary"] == "MP"
    assert standings["tiebreaks"] == ["GP", "WIN"]
    rows = [
        (r["place"], r["team"]["number"], r["match_points"], r["game_points"])
        for r in standings["rows"]
    ]
    assert rows == [
        ("1", 1, "4", "3"),
        ("2", 4, "2", "2.5"),
        ("3", 3, "2", "2"),
        ("4", 2, "0", "0.5"),
    ]
    assert [[t["display"] for t in r["tiebreaks"]] for r in standings["rows"]] == [
        ["3", "2"],
        ["2.5", "1"],
        ["2", "1"],
        ["0.5", "0"],
    ]
    after_one = ok(arbiter.get(f"{url}team-standings/", {"after_round": 1}))
    assert [r["team"]["number"] for r in after_one["rows"]] == [3, 1, 4, 2]
    matches = ok(arbiter.get(f"{url}rounds/2/matches/"))
    assert matches[1]["team_a"]["match_points"] == "4"  # team 1's total after round 2
    assert matches[0]["game_points"] == {"a": "2", "b": "0"}


def test_refusals_name_their_reason(arbiter: APIClient) -> None:
    url = create_event(arbiter, "team_swiss", teams=4, rounds=3)
    teams = teams_by_number(arbiter, url)
    ok(arbiter.post(f"{url}rounds/next/", {}, format="json"), 201)
    first, second, reserve = (p["name"] for p in teams[1]["roster"])
    table_1 = ok(arbiter.get(f"{url}rounds/1/matches/"))[0]
    pair = {table_1["team_a"]["number"], table_1["team_b"]["number"]}
    assert 1 in pair  # C.04.6: the top team plays at table 1 (with White or Black)
    opponent = teams[(pair - {1}).pop()]
    stranger = teams[({2, 3, 4} - pair).pop()]

    text = refused(lineup(arbiter, url, 1, 1, teams[1], [3, 1]))
    assert f"{first} (roster 1) cannot play below {reserve} (roster 3)" in text
    other = opponent["roster"][0]
    text = refused(
        arbiter.put(
            f"{url}rounds/1/matches/1/lineups/{teams[1]['id']}/",
            {"players": [teams[1]["roster"][0]["id"], other["id"]]},
            format="json",
        )
    )
    assert f"{other['name']} is not on the roster of Team A" in text
    text = refused(
        arbiter.put(
            f"{url}rounds/1/matches/1/lineups/{teams[1]['id']}/",
            {"players": [None, teams[1]["roster"][1]["id"]]},
            format="json",
        )
    )
    assert "leaves a board empty above an occupied one" in text
    text = refused(lineup(arbiter, url, 1, 1, stranger, [1, 2]))
    assert f"{stranger['name']} does not play in" in text
    # A reserve in place of a regular keeps the roster order: accepted.
    ok(lineup(arbiter, url, 1, 1, teams[1], [1, 3]))

    # The board order is fixed once round 1 is paired; a reserve may still be added last.
    roster = [p["id"] for p in teams[1]["roster"]]
    text = refused(
        arbiter.put(
            f"{url}teams/{teams[1]['id']}/roster/",
            {"players": [roster[1], roster[0], roster[2]]},
            format="json",
        )
    )
    assert f"keep {first}, {second}, {reserve} first" in text
    late = ok(arbiter.post(f"{url}players/", {"name": "Late Reserve"}, format="json"), 201)
    team = ok(
        arbiter.put(
            f"{url}teams/{teams[1]['id']}/roster/",
            {"players": [*roster, late["id"]]},
            format="json",
        )
    )
    assert [p["name"] for p in team["roster"]][-1] == "Late Reserve"
    text = refused(arbiter.post(f"{url}teams/number/", {}, format="json"))
    assert "Round 1 is paired" in text
    text = refused(arbiter.delete(f"{url}teams/{teams[3]['id']}/"))
    assert "is in the pairings of a round" in text
    text = refused(
        arbiter.put(f"{url}teams/{teams[3]['id']}/byes/1/", {"kind": "half"}, format="json")
    )
    assert "Round 1 is already paired" in text
    text = refused(arbiter.post(f"{url}rounds/next/", {}, format="json"))
    assert "Round 1 is not finished" in text
    body = arbiter.put(
        f"{url}teams/{teams[1]['id']}/roster/", {"players": [999_999]}, format="json"
    ).json()
    assert body["field"] == "players" and "999999" in body["detail"]


def test_an_individual_event_has_no_teams(arbiter: APIClient, published: Tournament) -> None:
    url = f"{API}{published.slug}/"
    assert ok(arbiter.get(f"{url}teams/")) == []
    text = refused(arbiter.post(f"{url}teams/", {"name": "Team A"}, format="json"))
    assert "is an individual event: it has no teams" in text
    refused(arbiter.get(f"{url}rounds/1/matches/"))
    refused(arbiter.get(f"{url}team-standings/"))


def test_a_team_swiss_paired_by_the_engine_and_by_a_pairing_program(
    arbiter: APIClient,
) -> None:
    """Five teams: the built-in engine gives two matches and the bye; a pairing program's
    round 2 is checked as a whole by C.04.6 (every problem listed, nothing stored), a
    rematch is stored only once confirmed (L3) and logged as an import breaking the rules."""
    url = create_event(arbiter, "team_swiss", teams=5, rounds=4)
    round_ = ok(arbiter.post(f"{url}rounds/next/", {}, format="json"), 201)
    assert round_["number"] == 1 and round_["pairings"] == []
    matches = ok(arbiter.get(f"{url}rounds/1/matches/"))
    assert len(matches) == 3 and matches[2]["team_bye"] == "pab"
    assert matches[2]["game_points"] == {"a": "2", "b": None}  # a win on every board
    met = {frozenset((m["team_a"]["number"], m["team_b"]["number"])) for m in matches[:2]}
    bye = matches[2]["team_a"]["number"]
    ok(arbiter.post(f"{url}rounds/1/publish/", {}, format="json"))
    both_lineups(arbiter, url, 1)
    play(arbiter, url, 1, dict.fromkeys(range(1, 5), "1/2-1/2"))

    problems = refused(
        arbiter.post(f"{url}rounds/", {"matches": [[1, 2], [1, 3]], "bye": 2}, format="json")
    )
    assert "team 1 is paired 2 times (3.3.1)" in problems
    assert "team 2 is paired 2 times (3.3.1)" in problems
    assert "are not paired (3.3.1)" in problems
    assert ok(arbiter.get(f"{url}rounds/"))[-1]["number"] == 1  # nothing stored

    a, b = sorted(next(iter(met)))
    others = sorted({1, 2, 3, 4, 5} - {a, b, bye})
    rematch = {"matches": [[a, b], [others[0], bye]], "bye": others[1]}
    question = arbiter.post(f"{url}rounds/", rematch, format="json")
    assert question.status_code == 409, question.content
    assert question.json()["confirm"] == "confirm"
    assert f"teams {a} and {b} meet again ([C1]" in question.json()["detail"]
    round_ = ok(
        arbiter.post(f"{url}rounds/", {**rematch, "confirm": "confirm"}, format="json"), 201
    )
    assert round_["paired_by"] == "api"
    matches = ok(arbiter.get(f"{url}rounds/2/matches/"))
    assert [(m["team_a"]["number"], m["team_b"] and m["team_b"]["number"]) for m in matches] == [
        (a, b),
        (others[0], bye),
        (others[1], None),
    ]
    assert TournamentLog.objects.filter(
        kind=TournamentLog.Kind.IMPORT, round_number=2, message__contains="[C1]"
    ).exists()


def test_a_pairing_program_pairs_round_one_of_a_round_robin(arbiter: APIClient) -> None:
    url = create_event(arbiter, "round_robin", teams=3, rounds=3)
    problems = refused(arbiter.post(f"{url}rounds/", {"matches": [[1, 2]]}, format="json"))
    assert "Every team plays each round of a round robin: 3 not paired" in problems
    assert "one team has the round without a match" in problems
    ok(arbiter.post(f"{url}rounds/", {"matches": [[1, 2]], "bye": 3}, format="json"), 201)
    matches = ok(arbiter.get(f"{url}rounds/1/matches/"))
    assert [(m["team_a"]["number"], m["team_bye"]) for m in matches] == [(1, ""), (3, "zero")]
    ok(arbiter.post(f"{url}rounds/1/publish/", {}, format="json"))
    both_lineups(arbiter, url, 1)
    play(arbiter, url, 1, {1: "1-0", 2: "1-0"})
    # A single round robin: teams 1 and 2 meet once; a program's rematch asks L3.
    rematch = {"matches": [[2, 1]], "bye": 3}
    question = arbiter.post(f"{url}rounds/", rematch, format="json")
    assert question.status_code == 409, question.content
    assert (
        "Teams 2 and 1 have already met as often as the event allows" in question.json()["detail"]
    )
    ok(arbiter.post(f"{url}rounds/", {"matches": [[3, 1]], "bye": 2}, format="json"), 201)


def test_team_settings_are_read_and_written_on_create(arbiter: APIClient) -> None:
    body = {
        "name": "League",
        "system": "team_swiss",
        "number_of_rounds": 5,
        "boards_per_match": 4,
        "match_points_win": "3",
        "board_colors": "WBBW",
        "team_primary_score": "GP",
        "same_club_teams_apart": True,
    }
    event = ok(arbiter.post(API, body, format="json"), 201)
    assert (event["boards_per_match"], event["board_colors"]) == (4, "WBBW")
    assert (event["team_primary_score"], event["same_club_teams_apart"]) == ("GP", True)
    assert event["match_points_win"] == "3.00" and event["match_points_draw"] == "1.00"
    text = refused(arbiter.post(API, {**body, "board_colors": "WB"}, format="json"))
    assert "Give one colour for each of the 4 boards, not 2" in text
    body = {**body, "boards_per_match": None}
    assert "needs the number of boards per match" in refused(arbiter.post(API, body, format="json"))


def test_teams_are_read_by_anyone_and_written_by_arbiters_only(
    arbiter: APIClient, token_for: Any, client_: APIClient
) -> None:
    url = create_event(arbiter, "round_robin", teams=4, rounds=3)
    slug = url.split("/")[-2]
    teams = teams_by_number(arbiter, url)
    ok(arbiter.post(f"{url}rounds/next/", {}, format="json"), 201)
    ok(arbiter.post(f"{url}rounds/1/publish/", {}, format="json"))
    anonymous = APIClient()
    assert len(ok(anonymous.get(f"{url}teams/"))) == 4
    assert len(ok(anonymous.get(f"{url}rounds/1/matches/"))) == 2
    ok(anonymous.get(f"{url}team-standings/"))
    writes = [
        ("post", f"{url}teams/", {"name": "Intruders"}),
        ("patch", f"{url}teams/{teams[1]['id']}/", {"captain": "Mallory"}),
        ("delete", f"{url}teams/{teams[1]['id']}/", None),
        ("put", f"{url}teams/{teams[1]['id']}/roster/", {"players": []}),
        ("post", f"{url}teams/number/", {}),
        ("put", f"{url}teams/{teams[1]['id']}/byes/2/", {"kind": "half"}),
        ("put", f"{url}rounds/1/matches/1/lineups/{teams[1]['id']}/", {"players": []}),
        ("put", f"{url}rounds/1/matches/1/forfeit/", {"forfeit": "+-"}),
    ]
    for method, address, body in writes:
        assert getattr(anonymous, method)(address, body, format="json").status_code == 401
    tournament = Tournament.objects.get(slug=slug)
    client_.credentials(HTTP_AUTHORIZATION=f"Token {token_for(READ, on=tournament)}")
    for method, address, body in writes:
        response = getattr(client_, method)(address, body, format="json")
        assert response.status_code == 403, (method, address)
    # A match's lineups and its forfeit as a whole are the pairing scope's, as on the pages.
    client_.credentials(HTTP_AUTHORIZATION=f"Token {token_for(RESULTS, on=tournament)}")
    assert client_.put(writes[6][1], {"players": []}, format="json").status_code == 403
    forfeit = {"forfeit": "-+", "reason": "no show"}
    assert client_.put(writes[7][1], forfeit, format="json").status_code == 403
    assert ok(anonymous.get(f"{url}teams/{teams[1]['id']}/"))["captain"] == ""
    tournament.public = False
    tournament.save()
    assert anonymous.get(f"{url}teams/").status_code == 401


def test_hostile_input_is_refused_without_a_server_error(arbiter: APIClient) -> None:
    url = create_event(arbiter, "team_swiss", teams=4, rounds=3)
    teams = teams_by_number(arbiter, url)
    team = f"{url}teams/{teams[1]['id']}/"
    ok(arbiter.post(f"{url}rounds/next/", {}, format="json"), 201)
    cases = [
        ("put", f"{team}roster/", {"players": ["one", "two"]}, 400, "players.0"),
        ("put", f"{team}roster/", {"players": list(range(1, 10_002))}, 400, "players"),
        ("put", f"{team}roster/", {"players": [10**12]}, 400, "players.0"),
        ("put", f"{team}roster/", {"players": "1,2"}, 400, "players"),
        ("post", f"{url}teams/", {"name": "X" * 201}, 400, "name"),
        ("post", f"{url}teams/", {"name": "Y", "strength": -1}, 400, "strength"),
        ("post", f"{url}teams/", {"name": "Z", "roster": [[1]]}, 400, "roster.0"),
        ("patch", team, {"federation": {"a": 1}}, 400, "federation"),
        ("put", f"{team}byes/2/", {"kind": "pab"}, 400, "kind"),
        ("put", f"{team}byes/999999999/", {"kind": "half"}, 422, None),
        (
            "put",
            f"{url}rounds/1/matches/1/lineups/{teams[1]['id']}/",
            {"players": ["x"]},
            400,
            "players.0",
        ),
        (
            "put",
            f"{url}rounds/1/matches/1/lineups/{teams[1]['id']}/",
            {"players": [None] * 21},
            400,
            "players",
        ),
        (
            "put",
            f"{url}rounds/1/matches/999999999/lineups/{teams[1]['id']}/",
            {"players": []},
            404,
            None,
        ),
        ("put", f"{url}rounds/1/matches/1/lineups/999999999/", {"players": []}, 404, None),
        ("put", f"{url}rounds/1/matches/1/forfeit/", {"forfeit": "1-0"}, 400, "forfeit"),
        ("post", f"{url}rounds/", {"matches": [[1]]}, 400, "matches.0"),
        ("post", f"{url}rounds/", {"matches": [["a", "b"]]}, 400, "matches.0.0"),
        ("post", f"{url}rounds/", {"matches": [[1, 2]] * 1001}, 400, "matches"),
        ("post", f"{url}rounds/", {"matches": [], "bye": "x"}, 400, "bye"),
        ("post", f"{url}rounds/", {"pairs": [{"white": 1, "black": 2}]}, 400, "matches"),
        ("get", f"{url}team-standings/?after_round=abc", None, 400, "after_round"),
        ("get", f"{url}team-standings/?after_round=7", None, 400, "after_round"),
        ("get", f"{url}teams/999999999/", None, 404, None),
        ("get", f"{url}rounds/32768/matches/", None, 404, None),
    ]
    for method, address, body, status, field in cases:
        response = getattr(arbiter, method)(address, body, format="json")
        assert response.status_code == status, (
            address,
            body and str(body)[:60],
            response.content[:300],
        )
        assert response.json()["errors"]
        if field:
            assert response.json()["field"] == field, (address, response.json())


def test_a_stale_lineup_write_is_refused_with_412(arbiter: APIClient) -> None:
    url = create_event(arbiter, "round_robin", teams=4, rounds=3)
    teams = teams_by_number(arbiter, url)
    ok(arbiter.post(f"{url}rounds/next/", {}, format="json"), 201)
    read = arbiter.get(f"{url}rounds/1/matches/")
    etag = read["ETag"]
    ok(lineup(arbiter, url, 1, 1, teams[1], [1, 2]))
    stale = arbiter.put(
        f"{url}rounds/1/matches/1/lineups/{teams[4]['id']}/",
        {"players": [p["id"] for p in teams[4]["roster"][:2]]},
        format="json",
        HTTP_IF_MATCH=etag,
    )
    assert stale.status_code == 412
    fresh = arbiter.get(f"{url}rounds/1/matches/")["ETag"]
    assert fresh != etag
    response = arbiter.put(
        f"{url}rounds/1/matches/1/lineups/{teams[4]['id']}/",
        {"players": [p["id"] for p in teams[4]["roster"][:2]]},
        format="json",
        HTTP_IF_MATCH=fresh,
    )
    assert len(ok(response)[0]["boards"]) == 2


@pytest.mark.django_db(transaction=True)
def test_the_boards_a_lineup_makes_are_in_the_kept_pairings_read(chief: Any) -> None:
    """The pairings read is kept per tournament version; the boards two lineups make are
    written in bulk, so the lineup write bumps the version itself (committed for real here:
    the bump runs on commit)."""
    arbiter = APIClient()
    arbiter.force_authenticate(chief)
    url = create_event(arbiter, "round_robin", teams=4, rounds=3)
    teams = teams_by_number(arbiter, url)
    ok(arbiter.post(f"{url}rounds/next/", {}, format="json"), 201)
    ok(arbiter.post(f"{url}rounds/1/publish/", {}, format="json"))
    anonymous = APIClient()
    assert ok(anonymous.get(f"{url}rounds/1/pairings/")) == []
    ok(lineup(arbiter, url, 1, 1, teams[1], [1, 2]))
    ok(lineup(arbiter, url, 1, 1, teams[4], [1, 2]))
    assert [b["board"] for b in ok(anonymous.get(f"{url}rounds/1/pairings/"))] == [1, 2]
    ok(arbiter.put(f"{url}rounds/1/matches/1/forfeit/", {"forfeit": "-+"}, format="json"))
    assert ok(anonymous.get(f"{url}rounds/1/pairings/")) == []
