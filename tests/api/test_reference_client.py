"""The reference client in examples/ against a live server: it plays Held's round robin
through the documented API alone, and the standings it prints are Held's published answers
(the pairs meet in other rounds and colours here, which changes none of these tie-breaks)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from examples import pairing_client
from tournaments.models import ApiToken, Round, Tournament
from tournaments.services.rounds import store_round
from tournaments.services.trf_exchange import import_trf

from .conftest import PASSWORD
from .test_trf_endpoint import BLACK_FIRST
from .test_workflow import held_answers

EVENT = Path(__file__).resolve().parents[2] / "examples" / "held_round_robin.json"


def test_the_reference_client_plays_a_round_robin(
    live_server: Any, chief: Any, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    monkeypatch.setenv("ARBITER_PASSWORD", PASSWORD)
    code = pairing_client.main([str(EVENT), "--url", live_server.url, "--user", chief.username])
    printed = capsys.readouterr()
    assert code == 0, printed.err
    lines = printed.out.splitlines()
    assert [line.split()[:3] for line in lines] == [
        ["1", "Alyx", "3.5"],
        ["2–3", "Bruno", "3.5"],
        ["2–3", "Charline", "3.5"],
        ["4", "David", "1.5"],
        ["5", "Franck", "1.5"],
        ["6", "Helene", "1.5"],
    ]

    tournament = Tournament.objects.get()
    assert tournament.roles.get().user == chief
    assert ApiToken.objects.get().scope == ApiToken.Scope.PAIRING
    assert (
        list(tournament.rounds.values_list("paired_by", "status"))
        == [(Round.PairedBy.BERGER, Round.Status.FINISHED)] * 5
    )
    names = {line.split()[1]: line for line in lines}
    for exercise, code_name in ((14, "SB"), (15, "SB/C1"), (16, "KS")):
        expected = held_answers(exercise)
        for rank, value in expected.items():
            name = json.loads(EVENT.read_text())["players"][int(rank) - 1]["name"]
            shown = names[name].split(f"{code_name} ")[1].split()[0]
            assert float(shown) == float(value), (exercise, name)


def test_a_refused_request_is_reported_not_raised(
    live_server: Any, db: None, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    monkeypatch.setenv("ARBITER_PASSWORD", "wrong")
    code = pairing_client.main([str(EVENT), "--url", live_server.url, "--user", "nobody"])
    assert code == 1
    assert "HTTP 401 authentication_failed" in capsys.readouterr().err


def test_the_reference_client_reads_a_draft_round_and_the_round_1_colour(
    live_server: Any, chief: Any
) -> None:
    tournament = import_trf(BLACK_FIRST, user=chief, filename="black_first.trf")
    players = {p.start_rank: p for p in tournament.players.all()}
    store_round(
        tournament,
        2,
        [(players[1], players[4]), (players[2], players[3])],
        [],
        paired_by=Round.PairedBy.MANUAL,
    )
    assert tournament.rounds.get(number=2).status == Round.Status.DRAFT
    client = pairing_client.Client(live_server.url, pairing_client.basic(chief.username, PASSWORD))
    text = client.trf(tournament.slug)
    assert pairing_client.initial_colour(text) == "black1"
    assert pairing_client.paired_rounds(text) == 2
    games = pairing_client.read_trf_games(text)
    assert games[2] == {1: (4, "w", ""), 4: (1, "b", ""), 2: (3, "w", ""), 3: (2, "b", "")}
