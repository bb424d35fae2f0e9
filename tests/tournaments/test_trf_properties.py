"""Properties of TRF exchange over random valid tournaments (hypothesis): a file imported and
exported keeps every field, and export → import → export gives the same bytes."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournaments.test_trf_round_trip import differences
from tournaments.services.trf_exchange import export_trf, import_trf
from tournaments.services.warnings import ANSWERS, Level
from tournaments.trf import TrfDocument, TrfGame, TrfPlayer, TrfRecord, write_trf

pytestmark = pytest.mark.django_db

NAMES = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ,-", min_size=1, max_size=33).map(
    lambda name: "X" + name.strip()[:32]
)
FIELDS = st.fixed_dictionaries(
    {
        "name": NAMES,
        "sex": st.sampled_from(["", "m", "w", "f"]),
        "title": st.sampled_from(["", "GM", "IM", "WGM", "FM", "CM", "g", "wf"]),
        "rating": st.sampled_from([0, 1000, 1799, 2345, 2800]),
        "federation": st.sampled_from(["", "FRA", "CHN", "NOR"]),
        "fide_id": st.sampled_from(["", "0", "1503014", "24101605"]),
        "birth": st.sampled_from(["", "1978", "1990/01/31", "2001.12.24", "040358", "0000"]),
    }
)
GAME_RESULTS = [("1", "0"), ("0", "1"), ("=", "="), ("+", "-"), ("-", "+"), ("-", "-")]
BYES = ["H", "Z", "F", None, "lichess -", "lichess U"]
EXTRA_RECORDS = st.lists(
    st.sampled_from(
        [
            "022 Somewhere",
            "032 FRA",
            "042 2024/05/29",
            "092 Individual: Swiss-System",
            "102 IA Chief",
            "112 FA Deputy",
            "112 NA Second deputy",
            "122 90'+30\"",
            "XXC black1",
            "202 BH/C1 SB",
            "212 PTS,BH/C1,SB",
            "299 H         1.0",
            "299 +         0.5",
            "299 W         0.5  002    1",
            "ZZZ a record nobody defines",
            "### a comment",
        ]
    ),
    unique=True,
)


@st.composite
def tournaments(draw: Any) -> str:
    """A random valid tournament as a TRF file: players with every kind of field, rounds of
    games (every result kind, forfeits with and without colour, a last round without results
    yet), byes, absences and Lichess's cells without opponent or colour."""
    count = draw(st.integers(min_value=2, max_value=9))
    rounds = draw(st.integers(min_value=0, max_value=4))
    games: dict[int, list[TrfGame | None]] = {rank: [] for rank in range(1, count + 1)}
    for index in range(rounds):
        order = draw(st.permutations(range(1, count + 1)))
        absent = draw(st.integers(min_value=0, max_value=count // 3))
        for rank in order[:absent]:
            bye = draw(st.sampled_from(BYES))
            if bye is None:
                games[rank].append(None)
            elif bye.startswith("lichess"):
                # Lichess: no opponent, no colour, only the code in the block's last column.
                code = bye[-1]
                games[rank].append(TrfGame(None, " ", code, text=f"{code:>10}"))
            else:
                games[rank].append(TrfGame(None, "-", bye))
        playing = list(order[absent:])
        if len(playing) % 2:
            games[playing.pop()].append(TrfGame(None, "-", "U"))
        # The last round may be paired with its results still to come (blank codes).
        waiting = index == rounds - 1 and draw(st.booleans())
        for white, black in zip(playing[::2], playing[1::2], strict=True):
            first, second = (" ", " ") if waiting else draw(st.sampled_from(GAME_RESULTS))
            coloured = first not in "+-" or draw(st.booleans())
            games[white].append(TrfGame(black, "w" if coloured else "-", first))
            games[black].append(TrfGame(white, "b" if coloured else "-", second))
    fields = [draw(FIELDS) for _ in range(count)]
    taken: set[str] = set()
    for player_fields in fields:  # one FIDE id is one player: an import refuses it twice
        fide_id = player_fields["fide_id"].lstrip("0")
        if fide_id in taken:
            player_fields["fide_id"] = ""
        elif fide_id:
            taken.add(fide_id)
    players = [
        TrfPlayer(start_rank=rank, rank=rank, games=tuple(games[rank]), **fields[rank - 1])
        for rank in range(1, count + 1)
    ]
    records = [TrfRecord("012 Random event"), TrfRecord(f"XXR {max(rounds, 1)}")]
    records += [TrfRecord(text) for text in draw(EXTRA_RECORDS)]
    return write_trf(TrfDocument(entries=(*records, *players)))


CONFIRM = ANSWERS[Level.CONFIRM]


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=tournaments(), version=st.sampled_from([16, 2026]))
def test_a_random_tournament_survives_export_import_export(text: str, version: int) -> None:
    # Random rounds break the pairing rules (rematches, byes after a forfeit win): the import
    # asks, and the arbiter confirms, as for another program's file.
    once = export_trf(import_trf(text, confirm=CONFIRM), version=version)
    assert differences(text, once) == []
    assert export_trf(import_trf(once, confirm=CONFIRM), version=version) == once
