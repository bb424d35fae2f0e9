"""The two events issue 24 names, run through the API alone as a pairing program or a remote
arbiter would: a 12-team, 4-board, 7-round team Swiss (C.04.6, the built-in engine) and a
10-team double round robin (18 rounds, the Berger tables). Every round: pairing, publishing,
both lineups of every match, every board's result; on the way a board left empty, a match
forfeited whole and a result corrected with If-Match. At the end the team standings the API
gives are checked against the match and game points worked out here from the boards the API
shows (the games' results, team A's colour on each board, the forfeits and byes)."""

from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction
from typing import Any

import pytest
from rest_framework.test import APIClient

from .test_teams import API, ok

pytestmark = pytest.mark.slow

BOARDS = 4
SCORES = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (Fraction(1, 2), Fraction(1, 2))}


@pytest.fixture
def arbiter(chief: Any, settings: Any) -> APIClient:
    # A whole event's writes in seconds: more than the per-client write rate allows in a
    # minute (API_WRITE_RATE, 300 by default), which a hall's real pace stays well under.
    settings.API_WRITE_RATE = "100000/min"
    client = APIClient()
    client.force_authenticate(chief)
    return client


def _event(client: APIClient, system: str, teams: int, rounds: int) -> str:
    body = {
        "name": f"League {system}",
        "system": system,
        "number_of_rounds": rounds,
        "boards_per_match": BOARDS,
        "tiebreaks": ["GP", "EMMSB"] if system == "team_swiss" else ["GP", "SB"],
    }
    url = f"{API}{ok(client.post(API, body, format='json'), 201)['slug']}/"
    for index in range(teams):
        ids = [
            ok(
                client.post(
                    f"{url}players/",
                    {"name": f"T{index} P{board}", "rating_standard": 2500 - 40 * index - board},
                    format="json",
                ),
                201,
            )["id"]
            for board in range(BOARDS + 1)  # four regulars and a reserve
        ]
        ok(
            client.post(f"{url}teams/", {"name": f"Team {index:02}", "roster": ids}, format="json"),
            201,
        )
    ok(client.post(f"{url}teams/number/", {}, format="json"))
    return url


def _round(client: APIClient, url: str, number: int, rng: random.Random, *, twist: str) -> None:
    """Pair and publish round ``number``, hand in every lineup and enter every result;
    ``twist``: ``empty`` (the first match's team B leaves board 4 empty), ``forfeit`` (the
    last match is forfeited whole by team B) or ``correct`` (a result corrected)."""
    ok(client.post(f"{url}rounds/next/", {}, format="json"), 201)
    ok(client.post(f"{url}rounds/{number}/publish/", {}, format="json"))
    teams = {team["id"]: team for team in ok(client.get(f"{url}teams/"))}
    matches = [m for m in ok(client.get(f"{url}rounds/{number}/matches/")) if m["team_b"]]
    for match in matches:
        for side in ("team_a", "team_b"):
            roster = [p["id"] for p in teams[match[side]["id"]]["roster"]]
            players: list[int | None] = roster[:BOARDS]
            if twist == "empty" and match is matches[0] and side == "team_b":
                players[-1] = None
            address = f"{url}rounds/{number}/matches/{match['table']}/lineups/{match[side]['id']}/"
            ok(client.put(address, {"players": players}, format="json"))
    if twist == "forfeit":
        address = f"{url}rounds/{number}/matches/{matches[-1]['table']}/forfeit/"
        ok(client.put(address, {"forfeit": "+-", "reason": "team B did not come"}, format="json"))
    for match in ok(client.get(f"{url}rounds/{number}/matches/")):
        for board in match["boards"]:
            if not board["unopposed"]:
                result = rng.choice(list(SCORES))
                address = f"{url}rounds/{number}/pairings/{board['board']}/"
                ok(client.put(address, {"result": result}, format="json"))
    if twist == "correct":
        address = f"{url}rounds/{number}/pairings/1/"
        read = client.get(address)
        new = "0-1" if read.json()["result"] != "0-1" else "1-0"
        body = {"result": new, "reason": "the scoresheets say otherwise"}
        ok(client.put(address, body, format="json", HTTP_IF_MATCH=read["ETag"]))


def _points_from_the_boards(client: APIClient, url: str, rounds: int) -> dict[int, tuple]:
    """Each team's (match points, game points), worked out from the boards as read."""
    mp: dict[int, Fraction] = defaultdict(Fraction)
    gp: dict[int, Fraction] = defaultdict(Fraction)
    for number in range(1, rounds + 1):
        for match in ok(client.get(f"{url}rounds/{number}/matches/")):
            a = match["team_a"]["number"]
            if match["team_b"] is None:  # the pairing-allocated bye: a drawn match, 4 wins
                mp[a] += 1
                gp[a] += BOARDS
                continue
            b = match["team_b"]["number"]
            points = {a: Fraction(0), b: Fraction(0)}
            if match["forfeit"] == "+-":
                points[a] = Fraction(BOARDS)
            for board in match["boards"]:
                if board["unopposed"]:  # the player present wins by forfeit
                    present = a if board["white"]["id"] in _roster(client, url, a) else b
                    points[present] += 1
                    continue
                white, black = SCORES[board["result"]]
                a_white = board["team_a_color"] == "w"
                points[a] += white if a_white else black
                points[b] += black if a_white else white
            gp[a], gp[b] = gp[a] + points[a], gp[b] + points[b]
            if points[a] == points[b]:
                mp[a], mp[b] = mp[a] + 1, mp[b] + 1
            else:
                mp[a if points[a] > points[b] else b] += 2
    return {team: (mp[team], gp[team]) for team in set(mp) | set(gp)}


_ROSTERS: dict[tuple[str, int], set[int]] = {}


def _roster(client: APIClient, url: str, number: int) -> set[int]:
    if (url, number) not in _ROSTERS:
        for team in ok(client.get(f"{url}teams/")):
            _ROSTERS[url, team["number"]] = {p["id"] for p in team["roster"]}
    return _ROSTERS[url, number]


def _standings(client: APIClient, url: str) -> dict[int, tuple]:
    rows = ok(client.get(f"{url}team-standings/"))["rows"]
    return {
        row["team"]["number"]: (Fraction(row["match_points"]), Fraction(row["game_points"]))
        for row in rows
    }


@pytest.mark.parametrize(
    ("system", "teams", "rounds"), [("team_swiss", 12, 7), ("double_round_robin", 10, 18)]
)
def test_a_whole_team_event_through_the_api(
    arbiter: APIClient, system: str, teams: int, rounds: int
) -> None:
    rng = random.Random(f"{system}-{teams}")
    url = _event(arbiter, system, teams, rounds)
    twists = {2: "empty", 3: "forfeit", 4: "correct"}
    for number in range(1, rounds + 1):
        _round(arbiter, url, number, rng, twist=twists.get(number, ""))
    worked_out = _points_from_the_boards(arbiter, url, rounds)
    assert len(worked_out) == teams
    assert _standings(arbiter, url) == worked_out
    # Every match of every round is decided, and every team played each round once.
    for number in range(1, rounds + 1):
        matches = ok(arbiter.get(f"{url}rounds/{number}/matches/"))
        assert all(match["decided"] for match in matches)
        played = [m["team_a"]["number"] for m in matches] + [
            m["team_b"]["number"] for m in matches if m["team_b"]
        ]
        assert sorted(played) == list(range(1, teams + 1))
    if system == "double_round_robin":  # each pair of teams met twice
        meetings: dict[frozenset[int], int] = defaultdict(int)
        for number in range(1, rounds + 1):
            for m in ok(arbiter.get(f"{url}rounds/{number}/matches/")):
                meetings[frozenset((m["team_a"]["number"], m["team_b"]["number"]))] += 1
        assert set(meetings.values()) == {2} and len(meetings) == teams * (teams - 1) // 2
