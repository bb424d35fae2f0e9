"""The team reads (the teams, a round's matches, the team standings) kept per tournament
version as the individual reads are: a second read is answered from the kept reply, every
kind of team write is seen by the very next read, ``If-None-Match`` gets ``304`` until the
event changes, and a private event or a draft round stays hidden from those who may not
read it whoever read it first.

The tests commit for real: the version is bumped when a write commits
(:mod:`tournaments.versions`), which never happens inside a test's transaction (there the
reads are computed afresh, see ``uncommitted_writes``).
"""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from rest_framework.test import APIClient

from tournaments import versions
from tournaments.api import team_reads
from tournaments.api.views import matches as matches_views
from tournaments.api.views import teams as teams_views
from tournaments.models import Tournament

from .test_teams import API, create_event, lineup, ok, teams_by_number

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def arbiter(chief: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(chief)
    return client


@pytest.fixture
def reader() -> APIClient:
    return APIClient()


@pytest.fixture
def paired(arbiter: APIClient) -> str:
    """Four teams of two boards, round 1 of a round robin paired and published (1–4, 2–3)."""
    url = create_event(arbiter, "round_robin", teams=4, rounds=3)
    ok(arbiter.post(f"{url}rounds/next/", {}, format="json"), 201)
    ok(arbiter.post(f"{url}rounds/1/publish/", {}, format="json"))
    return url


@pytest.fixture
def lined_up(arbiter: APIClient, paired: str) -> str:
    """:func:`paired` with both lineups of match 1 (teams 1 and 4) in: boards 1 and 2."""
    teams = teams_by_number(arbiter, paired)
    ok(lineup(arbiter, paired, 1, 1, teams[1], [1, 2]))
    ok(lineup(arbiter, paired, 1, 1, teams[4], [1, 2]))
    return paired


def counted(module: Any, name: str) -> Any:
    """``module.name`` wrapped: it still computes, and counts its calls."""
    return mock.patch.object(module, name, wraps=getattr(module, name))


def match(client: APIClient, url: str, table: int) -> dict[str, Any]:
    return next(m for m in ok(client.get(f"{url}rounds/1/matches/")) if m["table"] == table)


def standing(client: APIClient, url: str) -> dict[str, tuple[str, str]]:
    """Each team's name: its match and game points."""
    rows = ok(client.get(f"{url}team-standings/"))["rows"]
    return {row["team"]["name"]: (row["match_points"], row["game_points"]) for row in rows}


# A second read costs no computing -------------------------------------------------------


def test_a_second_read_of_the_matches_is_the_kept_reply(
    lined_up: str, reader: APIClient, django_assert_max_num_queries: Any
) -> None:
    with counted(matches_views, "matches_data") as compute:
        first = reader.get(f"{lined_up}rounds/1/matches/")
        # The tournament and the round (a draft is not everyone's): nothing of the matches.
        with django_assert_max_num_queries(2):
            again = reader.get(f"{lined_up}rounds/1/matches/")
    assert compute.call_count == 1
    assert again.status_code == first.status_code == 200
    assert again.content == first.content
    assert again["ETag"] == first["ETag"]
    assert len(again.json()[0]["boards"]) == 2


def test_a_second_read_of_the_team_standings_is_the_kept_reply(
    lined_up: str, reader: APIClient, django_assert_max_num_queries: Any
) -> None:
    with counted(matches_views, "team_standings_data") as compute:
        first = reader.get(f"{lined_up}team-standings/", {"after_round": 1})
        with django_assert_max_num_queries(2):
            again = reader.get(f"{lined_up}team-standings/", {"after_round": 1})
        # Another round asked for is another reply.
        ok(reader.get(f"{lined_up}team-standings/", {"after_round": 0}))
    assert compute.call_count == 2
    assert again.content == first.content
    assert len(again.json()["rows"]) == 4


def test_a_second_read_of_the_teams_is_the_kept_reply(
    paired: str, arbiter: APIClient, reader: APIClient, django_assert_max_num_queries: Any
) -> None:
    team_id = teams_by_number(arbiter, paired)[2]["id"]
    with counted(teams_views, "teams_of") as compute:
        first = reader.get(f"{paired}teams/")
        one = reader.get(f"{paired}teams/{team_id}/")
        with django_assert_max_num_queries(1):  # the tournament alone
            again = reader.get(f"{paired}teams/")
        with django_assert_max_num_queries(1):
            one_again = reader.get(f"{paired}teams/{team_id}/")
    # The arbiter's read (teams_by_number) kept the list: the same reply serves anyone.
    assert compute.call_count == 1
    assert (again.content, one_again.content) == (first.content, one.content)
    assert one_again.json()["name"] == "Team B"


# Every kind of team write is seen by the next read -----------------------------------------


def test_numbering_the_teams_is_seen_by_the_next_read(
    arbiter: APIClient, reader: APIClient
) -> None:
    url = f"{API}{ok(arbiter.post(API, _team_event(), format='json'), 201)['slug']}/"
    for name in ("Weak", "Strong"):
        rating = 2400 if name == "Strong" else 1800
        ids = [_player(arbiter, url, f"{name} {board}", rating - board) for board in (1, 2)]
        ok(arbiter.post(f"{url}teams/", {"name": name, "roster": ids}, format="json"), 201)
    assert [t["number"] for t in ok(reader.get(f"{url}teams/"))] == [None, None]
    assert standing(reader, url) == {}
    ok(arbiter.post(f"{url}teams/number/", {}, format="json"))
    assert [(t["number"], t["name"]) for t in ok(reader.get(f"{url}teams/"))] == [
        (1, "Strong"),
        (2, "Weak"),
    ]
    assert set(standing(reader, url)) == {"Strong", "Weak"}


def test_a_roster_change_is_seen_by_the_next_read(arbiter: APIClient, reader: APIClient) -> None:
    url = create_event(arbiter, "round_robin", teams=2, rounds=1)
    team = teams_by_number(arbiter, url)[1]
    address = f"{url}teams/{team['id']}/"
    assert len(ok(reader.get(address))["roster"]) == 3
    assert len(ok(reader.get(f"{url}teams/"))[0]["roster"]) == 3
    first_two = [p["id"] for p in team["roster"][:2]]
    ok(arbiter.put(f"{address}roster/", {"players": first_two}, format="json"))
    assert [p["id"] for p in ok(reader.get(address))["roster"]] == first_two
    assert [p["id"] for p in ok(reader.get(f"{url}teams/"))[0]["roster"]] == first_two


def test_a_team_bye_is_seen_by_the_next_read(arbiter: APIClient, reader: APIClient) -> None:
    url = create_event(arbiter, "team_swiss", teams=4, rounds=3)
    team = teams_by_number(arbiter, url)[3]
    assert ok(reader.get(f"{url}teams/{team['id']}/"))["byes"] == []
    ok(arbiter.put(f"{url}teams/{team['id']}/byes/1/", {"kind": "half"}, format="json"))
    byes = ok(reader.get(f"{url}teams/{team['id']}/"))["byes"]
    assert byes == [{"round": 1, "kind": "half"}]


def test_a_lineup_is_seen_by_the_next_read(
    arbiter: APIClient, paired: str, reader: APIClient
) -> None:
    teams = teams_by_number(arbiter, paired)
    assert match(reader, paired, 1)["lineups"] == {"a": [], "b": []}
    ok(lineup(arbiter, paired, 1, 1, teams[1], [1, 2]))
    assert [p["name"] for p in match(reader, paired, 1)["lineups"]["a"]] == [
        "Team A 1",
        "Team A 2",
    ]
    assert match(reader, paired, 1)["boards"] == []
    ok(lineup(arbiter, paired, 1, 1, teams[4], [1, 3]))
    seen = match(reader, paired, 1)
    assert [p["name"] for p in seen["lineups"]["b"]] == ["Team D 1", "Team D 3"]
    assert [b["match_board"] for b in seen["boards"]] == [1, 2]


def test_a_board_result_is_seen_by_the_next_read(
    arbiter: APIClient, lined_up: str, reader: APIClient
) -> None:
    assert standing(reader, lined_up)["Team A"] == ("0", "0")
    assert match(reader, lined_up, 1)["boards"][0]["result"] == "*"
    # Board 1 of match 1: team 1 (A) has White.
    ok(arbiter.put(f"{lined_up}rounds/1/pairings/1/", {"result": "1-0"}, format="json"))
    seen = match(reader, lined_up, 1)
    assert seen["boards"][0]["result"] == "1-0"
    assert seen["game_points"] == {"a": "1", "b": "0"}
    assert standing(reader, lined_up)["Team A"][1] == "1"
    ok(arbiter.put(f"{lined_up}rounds/1/pairings/2/", {"result": "1/2-1/2"}, format="json"))
    assert match(reader, lined_up, 1)["match_points"] == {"a": "2", "b": "0"}
    assert standing(reader, lined_up)["Team A"] == ("2", "1.5")


def test_a_match_forfeit_is_seen_by_the_next_read(
    arbiter: APIClient, paired: str, reader: APIClient
) -> None:
    assert match(reader, paired, 2)["forfeit"] == ""
    assert standing(reader, paired)["Team C"] == ("0", "0")
    ok(arbiter.put(f"{paired}rounds/1/matches/2/forfeit/", {"forfeit": "-+"}, format="json"))
    assert match(reader, paired, 2)["forfeit"] == "-+"
    assert standing(reader, paired)["Team C"] == ("2", "2")
    ok(arbiter.put(f"{paired}rounds/1/matches/2/forfeit/", {"forfeit": ""}, format="json"))
    assert match(reader, paired, 2)["forfeit"] == ""


def test_without_the_version_bump_the_kept_reply_would_be_stale(
    arbiter: APIClient, paired: str, reader: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tests above see a write because it bumps the version, not because the reads are
    computed afresh: with the bump taken away, the next read is the kept, older reply."""
    teams = teams_by_number(arbiter, paired)
    assert match(reader, paired, 1)["lineups"]["a"] == []
    assert len(ok(reader.get(f"{paired}teams/"))[0]["byes"]) == 0
    monkeypatch.setattr(versions, "_bump", lambda target: None)
    ok(lineup(arbiter, paired, 1, 1, teams[1], [1, 2]))
    ok(arbiter.put(f"{paired}teams/{teams[1]['id']}/byes/3/", {"kind": "half"}, format="json"))
    assert match(reader, paired, 1)["lineups"]["a"] == []
    assert len(ok(reader.get(f"{paired}teams/"))[0]["byes"]) == 0


# Conditional reads ------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["rounds/1/matches/", "team-standings/", "teams/"])
def test_if_none_match_gets_304_until_the_event_changes(
    arbiter: APIClient, lined_up: str, reader: APIClient, path: str
) -> None:
    first = reader.get(f"{lined_up}{path}")
    assert set(first["Cache-Control"].replace(" ", "").split(",")) == {"public", "no-cache"}
    with (
        counted(matches_views, "matches_data") as matches,
        counted(matches_views, "team_standings_data") as standings,
    ):
        again = reader.get(f"{lined_up}{path}", HTTP_IF_NONE_MATCH=first["ETag"])
    assert (matches.call_count, standings.call_count) == (0, 0)
    assert again.status_code == 304
    assert (again["ETag"], again["Cache-Control"]) == (first["ETag"], first["Cache-Control"])
    ok(arbiter.put(f"{lined_up}rounds/1/pairings/1/", {"result": "0-1"}, format="json"))
    changed = reader.get(f"{lined_up}{path}", HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200
    assert changed["ETag"] != first["ETag"]


def test_the_kept_matches_etag_is_the_one_a_lineup_write_takes(
    arbiter: APIClient, paired: str
) -> None:
    teams = teams_by_number(arbiter, paired)
    read = arbiter.get(f"{paired}rounds/1/matches/")
    assert read["ETag"] == team_reads.matches_etag(read.json())
    ok(lineup(arbiter, paired, 1, 1, teams[1], [1, 2]), 200)
    stale = arbiter.put(
        f"{paired}rounds/1/matches/1/lineups/{teams[4]['id']}/",
        {"players": [p["id"] for p in teams[4]["roster"][:2]]},
        format="json",
        HTTP_IF_MATCH=read["ETag"],
    )
    assert stale.status_code == 412
    fresh = arbiter.get(f"{paired}rounds/1/matches/")["ETag"]
    written = arbiter.put(
        f"{paired}rounds/1/matches/1/lineups/{teams[4]['id']}/",
        {"players": [p["id"] for p in teams[4]["roster"][:2]]},
        format="json",
        HTTP_IF_MATCH=fresh,
    )
    assert len(ok(written)[0]["boards"]) == 2


# Who may read ----------------------------------------------------------------------------


def test_a_draft_rounds_matches_read_by_the_arbiter_stay_hidden(
    arbiter: APIClient, reader: APIClient
) -> None:
    url = create_event(arbiter, "round_robin", teams=4, rounds=3)
    ok(arbiter.post(f"{url}rounds/next/", {}, format="json"), 201)  # round 1, a draft
    kept = arbiter.get(f"{url}rounds/1/matches/")
    assert len(ok(kept)) == 2
    assert "private" in kept["Cache-Control"]
    assert reader.get(f"{url}rounds/1/matches/").status_code == 404
    again = reader.get(f"{url}rounds/1/matches/", HTTP_IF_NONE_MATCH=kept["ETag"])
    assert again.status_code == 404
    assert ok(arbiter.get(f"{url}team-standings/", {"after_round": 1}))["after_round"] == 1
    assert reader.get(f"{url}team-standings/", {"after_round": 1}).status_code == 400
    assert ok(reader.get(f"{url}team-standings/"))["after_round"] == 0


def test_a_private_events_team_reads_stay_private(
    arbiter: APIClient, paired: str, reader: APIClient
) -> None:
    event = Tournament.objects.get(slug=paired.split("/")[-2])
    event.public = False
    event.save()
    for path in ("rounds/1/matches/", "team-standings/", "teams/"):
        kept = arbiter.get(f"{paired}{path}")
        assert kept.status_code == 200
        assert reader.get(f"{paired}{path}").status_code == 401
        assert reader.get(f"{paired}{path}", HTTP_IF_NONE_MATCH=kept["ETag"]).status_code == 401


def _team_event() -> dict[str, Any]:
    return {
        "name": "Numbered cup",
        "system": "round_robin",
        "number_of_rounds": 1,
        "boards_per_match": 2,
    }


def _player(client: APIClient, url: str, name: str, rating: int) -> int:
    body = {"name": name, "rating_standard": rating}
    return int(ok(client.post(f"{url}players/", body, format="json"), 201)["id"])


@pytest.mark.django_db  # one transaction, never committed: the version is never bumped
def test_a_read_in_the_transaction_that_wrote_is_computed_afresh(arbiter: APIClient) -> None:
    """Inside a transaction that wrote, the kept reply of the current version is older than
    what the transaction sees: the read is computed afresh (and not kept)."""
    url = create_event(arbiter, "round_robin", teams=4, rounds=3)
    ok(arbiter.post(f"{url}rounds/next/", {}, format="json"), 201)
    teams = teams_by_number(arbiter, url)
    with counted(matches_views, "matches_data") as compute:
        assert match(arbiter, url, 1)["lineups"]["a"] == []
        ok(lineup(arbiter, url, 1, 1, teams[1], [1, 2]))
        read = arbiter.get(f"{url}rounds/1/matches/")
    assert len(ok(read)[0]["lineups"]["a"]) == 2
    assert read["ETag"] == team_reads.matches_etag(read.json())
    # Each read computed afresh and nothing kept: the reads' ETag and reply each compute the
    # matches (2 + 2), and the lineup's own reply one more.
    assert compute.call_count == 5
