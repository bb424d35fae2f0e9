"""A pairing program's session, replayed from a real event: IA Mario Held's 6-player round
robin (C.07 exercises), its pairings and results posted round by round through the API, and
the standings read back against Held's published answers."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from rest_framework.test import APIClient

from tournaments.models import Pairing, Result, Round, Tournament
from tournaments.pairing import recorded_pairing
from tournaments.scoring.sheet import TournamentSheet
from tournaments.trf import read_trf

DATA = Path(__file__).resolve().parent.parent / "data" / "api"


@pytest.fixture(scope="module")
def held_sheet() -> TournamentSheet:
    return read_trf((DATA / "held_round_robin.trf").read_text()).to_sheet()


def held_answers(exercise: int) -> dict[str, Any]:
    exercises = json.loads((DATA / "held_individual_expected.json").read_text())["exercises"]
    return next(e for e in exercises if e["exercise"] == exercise)["expected"]


def board_results(sheet: TournamentSheet, number: int) -> list[dict[str, Any]]:
    """The round's results as the API takes them, from the file's outcomes."""
    results = []
    pairing = recorded_pairing(sheet, number)
    for board, (white, black) in enumerate(pairing.pairs, start=1):
        found = Result.from_outcomes(
            sheet.player(white).entry(number).outcome, sheet.player(black).entry(number).outcome
        )
        assert found is not None
        results.append({"board": board, "result": found[0].value})
    return results


def register(client: APIClient, url: str, sheet: TournamentSheet) -> None:
    ids = []
    for player in sheet.players:
        response = client.post(
            f"{url}players/",
            {"name": player.name, "rating_standard": player.rating, "federation": "NOR"},
            format="json",
        )
        assert response.status_code == 201, response.json()
        ids.append(response.json()["id"])
    # The file's numbering, not the rating order (Franck 1950 is number 5, Helene 2000 is 6).
    response = client.post(f"{url}players/numbering/", {"order": ids}, format="json")
    assert response.status_code == 200
    assert [p["start_rank"] for p in response.json()] == [1, 2, 3, 4, 5, 6]


def play_round(client: APIClient, url: str, sheet: TournamentSheet, number: int) -> None:
    pairing = recorded_pairing(sheet, number)
    posted = client.post(
        f"{url}rounds/",
        {"number": number, "pairs": [{"white": w, "black": b} for w, b in pairing.pairs]},
        format="json",
    )
    assert posted.status_code == 201, posted.json()
    published = client.post(f"{url}rounds/{number}/publish/", HTTP_IF_MATCH=posted.headers["ETag"])
    assert published.status_code == 200, published.json()
    entered = client.post(
        f"{url}rounds/{number}/results/",
        {"results": board_results(sheet, number)},
        format="json",
        HTTP_IF_MATCH=published.headers["ETag"],
    )
    assert entered.status_code == 200, entered.json()
    assert entered.json()["status"] == Round.Status.FINISHED


@pytest.fixture
def held_played(
    as_scope: Any, tournament: Tournament, held_sheet: TournamentSheet
) -> tuple[APIClient, str]:
    client = as_scope("pairing")
    url = f"/api/v1/tournaments/{tournament.slug}/"
    register(client, url, held_sheet)
    for number in range(1, 6):
        play_round(client, url, held_sheet, number)
    return client, url


def test_standings_read_back_are_helds_answers(held_played: tuple[APIClient, str]) -> None:
    client, url = held_played
    standings = client.get(f"{url}standings/").json()
    assert standings["after_round"] == 5
    assert standings["tiebreaks"] == ["SB", "SB/C1", "KS"]
    rows = {row["start_rank"]: row for row in standings["rows"]}
    assert {rank: rows[rank]["points"] for rank in rows} == {
        1: "3.5",
        2: "3.5",
        3: "3.5",
        4: "1.5",
        5: "1.5",
        6: "1.5",
    }
    for column, exercise in enumerate((14, 15, 16)):
        expected = {int(rank): value for rank, value in held_answers(exercise).items()}
        shown = {rank: float(rows[rank]["tiebreaks"][column]["display"]) for rank in rows}
        assert shown == {rank: float(value) for rank, value in expected.items()}, exercise


def test_standings_after_an_earlier_round(held_played: tuple[APIClient, str]) -> None:
    client, url = held_played
    # After round 1 (TRF: 1-5 draw, 2-6 won by 2, 3-4 won by 3).
    rows = client.get(f"{url}standings/", {"after_round": 1}).json()["rows"]
    assert {row["start_rank"]: row["points"] for row in rows} == {
        1: "0.5",
        2: "1",
        3: "1",
        4: "0",
        5: "0.5",
        6: "0",
    }
    refused = client.get(f"{url}standings/", {"after_round": 6})
    assert refused.status_code == 400
    assert refused.json()["field"] == "after_round"


def test_colour_and_float_history(
    held_played: tuple[APIClient, str], tournament: Tournament
) -> None:
    client, url = held_played
    franck = tournament.players.get(start_rank=5)
    history = client.get(f"{url}players/{franck.pk}/history/").json()
    # The file's line for Franck: 1 b =, 4 w 1, 2 b 0, 6 w -, 3 b 0.
    assert history["opponents"] == [1, 4, 2, 6, 3]
    assert history["colors"] == "bwbb"  # round 4 was forfeited: no colour for the game
    assert [r["outcome"] for r in history["rounds"]] == ["=", "1", "0", "-", "0"]
    # Scores before each round: 0–0, ½–0 (vs David), 1½–1 (vs Bruno), 1½–½ (forfeit, no
    # game), 1½–2½ (vs Charline): level, down, down, none, up.
    assert history["floats"] == "-dd-u"
    assert history["points"] == "1.5"


def test_crosstable_and_state(held_played: tuple[APIClient, str]) -> None:
    client, url = held_played
    table = client.get(f"{url}crosstable/").json()
    alyx = next(row for row in table["rows"] if row["start_rank"] == 1)
    assert alyx["rating"] == 2200
    assert [(c["opponent"], c["color"], c["outcome"]) for c in alyx["rounds"]] == [
        (5, "w", "="),
        (2, "w", "1"),
        (3, "b", "1"),
        (4, "w", "0"),
        (6, "b", "1"),
    ]
    state = client.get(f"{url}state/").json()
    assert state["next_round"]["number"] == 6
    assert state["next_round"]["problems"] == ["All 5 rounds are paired."]
    assert [len(r["pairings"]) for r in state["rounds"]] == [3, 3, 3, 3, 3]


def test_trf_has_xxr_and_xxc_and_the_games(held_played: tuple[APIClient, str]) -> None:
    client, url = held_played
    response = client.get(f"{url}trf/")
    assert response["Content-Type"].startswith("text/plain")
    lines = response.content.decode().splitlines()
    assert "XXR 5" in lines and "XXC white1" in lines
    franck = read_trf(response.content.decode()).to_sheet().player(5)
    assert [(e.opponent, e.outcome.value) for e in franck.rounds] == [
        (1, "="),
        (4, "1"),
        (2, "0"),
        (6, "-"),
        (3, "0"),
    ]


def test_round_robin_paired_here_from_the_berger_tables(
    as_scope: Any, tournament: Tournament, held_sheet: TournamentSheet
) -> None:
    client = as_scope("pairing")
    url = f"/api/v1/tournaments/{tournament.slug}/"
    register(client, url, held_sheet)
    response = client.post(f"{url}rounds/next/")
    assert response.status_code == 201, response.json()
    # FIDE C.05 Annex 1, 6 players, round 1: 1-6, 2-5, 3-4.
    boards = [
        (p["white"]["start_rank"], p["black"]["start_rank"]) for p in response.json()["pairings"]
    ]
    assert boards == [(1, 6), (2, 5), (3, 4)]
    assert response.json()["paired_by"] == Round.PairedBy.BERGER


def test_a_whole_round_is_refused_with_every_problem(
    as_scope: Any, tournament: Tournament, held_sheet: TournamentSheet
) -> None:
    client = as_scope("pairing")
    url = f"/api/v1/tournaments/{tournament.slug}/"
    register(client, url, held_sheet)
    response = client.post(
        f"{url}rounds/",
        {"pairs": [{"white": 1, "black": 2}, {"white": 2, "black": 3}, {"white": 4, "black": 9}]},
        format="json",
    )
    assert response.status_code == 422
    details = [error["detail"] for error in response.json()["errors"]]
    assert "board 3: there is no player with starting rank 9" in details
    assert any("player 2 Bruno is paired 2 times" in d for d in details)
    assert any("player 5 Franck is neither paired nor given a bye" in d for d in details)
    assert not Round.objects.filter(tournament=tournament).exists()
    assert not Pairing.objects.filter(round__tournament=tournament).exists()


def test_crosstable_pdf(held_played: tuple[APIClient, str]) -> None:
    client, url = held_played
    response = client.get(f"{url}crosstable/pdf/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    text = "".join(page.extract_text() for page in reader.pages)
    for name in ("Alyx", "Bruno", "Charline", "David", "Franck", "Helene"):
        assert name in text
    assert "9.25" in text  # Alyx's Sonneborn-Berger, as Held computed it


def test_a_requested_bye_joins_the_posted_round(
    as_scope: Any, tournament: Tournament, held_sheet: TournamentSheet
) -> None:
    client = as_scope("pairing")
    url = f"/api/v1/tournaments/{tournament.slug}/"
    register(client, url, held_sheet)
    helene = tournament.players.get(start_rank=6)
    asked = client.post(
        f"{url}players/{helene.pk}/absences/", {"round_number": 1, "kind": "half"}, format="json"
    )
    assert asked.status_code == 201
    # Helene is not paired; the odd player out, Charline, gets the pairing-allocated bye.
    posted = client.post(
        f"{url}rounds/",
        {"pairs": [{"white": 1, "black": 5}, {"white": 2, "black": 4}], "byes": [3]},
        format="json",
    )
    assert posted.status_code == 201, posted.json()
    byes = {p["white"]["name"]: p["bye"] for p in posted.json()["pairings"] if p["bye"]}
    assert byes == {"Charline": "pab", "Helene": "half"}
    history = client.get(f"{url}players/{helene.pk}/history/").json()
    assert [(r["outcome"], r["opponent"]) for r in history["rounds"]] == [("H", None)]
    again = client.post(
        f"{url}players/{helene.pk}/absences/", {"round_number": 1, "kind": "zero"}, format="json"
    )
    assert again.status_code == 422
    assert again.json()["detail"] == "Round 1 is already paired."


def test_a_player_entry_is_corrected(as_scope: Any, tournament: Tournament) -> None:
    client = as_scope("pairing")
    url = f"/api/v1/tournaments/{tournament.slug}/players/"
    player = client.post(url, {"name": "Carlsen, Magnus"}, format="json").json()
    fixed = client.patch(
        f"{url}{player['id']}/", {"fide_id": "1503014", "rating_standard": 2839}, format="json"
    )
    assert fixed.status_code == 200
    assert (fixed.json()["name"], fixed.json()["fide_id"]) == ("Carlsen, Magnus", "1503014")
    refused = client.patch(f"{url}{player['id']}/", {"fide_id": "15O3014"}, format="json")
    assert refused.status_code == 422
    assert refused.json()["field"] == "fide_id"


def test_a_second_half_point_bye_needs_confirmation(
    as_scope: Any, tournament: Tournament, held_sheet: TournamentSheet
) -> None:
    client = as_scope("pairing")
    url = f"/api/v1/tournaments/{tournament.slug}/"
    register(client, url, held_sheet)
    david = tournament.players.get(start_rank=4)
    absences = f"{url}players/{david.pk}/absences/"
    assert client.post(absences, {"round_number": 2, "kind": "half"}).status_code == 201
    second = client.post(absences, {"round_number": 3, "kind": "half"})
    assert second.status_code == 409
    assert second.json()["code"] == "needs_confirmation"
    assert "round 2" in second.json()["detail"]
    assert second.json()["confirm"] == "confirm" and second.json()["level"] == 3
    confirmed = client.post(absences, {"round_number": 3, "kind": "half", "confirm": "confirm"})
    assert confirmed.status_code == 201
    assert [a["round_number"] for a in client.get(absences).json()] == [2, 3]


def test_a_full_point_bye_is_acknowledged_as_deprecated_first(
    as_scope: Any, tournament: Tournament, held_sheet: TournamentSheet
) -> None:
    """FIDE checklist E34: a full-point bye asks its L2 "deprecated" notice on the API too."""
    client = as_scope("pairing")
    url = f"/api/v1/tournaments/{tournament.slug}/"
    register(client, url, held_sheet)
    absences = f"{url}players/{tournament.players.get(start_rank=4).pk}/absences/"
    asked = client.post(absences, {"round_number": 2, "kind": "full"})
    assert asked.status_code == 409
    assert (asked.json()["level"], asked.json()["confirm"]) == (2, "acknowledge")
    assert "FIDE deprecates full-point byes" in asked.json()["detail"]
    assert client.get(absences).json() == []
    given = client.post(absences, {"round_number": 2, "kind": "full", "confirm": "acknowledge"})
    assert given.status_code == 201
    assert [a["kind"] for a in client.get(absences).json()] == ["full"]


def test_a_drawing_of_lots_names_players_by_id_however_large(
    as_scope: Any, tournament: Tournament
) -> None:
    """Issue: the order's ids were bounded by the players of one tournament (2,000), so on a
    database that had held more players a drawing of lots was refused with a 400."""
    client = as_scope("pairing")
    names = ["Alyx", "Bruno", "Charline", "David"]
    players = [tournament.players.create(pk=5_001 + n, name=name) for n, name in enumerate(names)]
    drawn = [players[2].pk, players[0].pk, players[3].pk, players[1].pk]
    url = f"/api/v1/tournaments/{tournament.slug}/players/numbering/"
    assert client.post(url, {"order": drawn}, format="json").status_code == 200
    ranks = dict(tournament.players.values_list("pk", "start_rank"))
    assert [ranks[pk] for pk in drawn] == [1, 2, 3, 4]
    too_large = client.post(url, {"order": [1_000_000_000]}, format="json")
    assert too_large.status_code == 400
