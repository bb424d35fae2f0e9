"""The TRF-2026 export names the pairing engine and rule edition of every round an engine
paired (record 182, the pairing controller), and an imported file's 182 comes back."""

from __future__ import annotations

import pytest

from tests.factories import PlayerFactory, TournamentFactory
from tournaments.pairing.engines import Py4SwissEngine
from tournaments.services import pair_swiss_round, publish_round, record_result, submit_pairings
from tournaments.services.trf_exchange import export_trf, import_trf
from tournaments.trf.reader import split_lines

pytestmark = pytest.mark.django_db

OURS = "Arbiter Dutch engine, FIDE C.04.3 (2025)"
PY4SWISS = "py4swiss, FIDE C.04.3 (2017, until 30 June 2025)"


def records(text: str, code: str) -> list[str]:
    return [line for line in split_lines(text) if line.startswith(code)]


def play(round_) -> None:
    publish_round(round_)
    for board in round_.pairings.filter(black__isnull=False):
        record_result(board, "1-0", source="hand", user=None)


def test_the_engine_of_each_round_is_written_as_record_182():
    tournament = TournamentFactory(number_of_rounds=5)
    PlayerFactory.create_batch(6, tournament=tournament)
    assert records(export_trf(tournament, version=2026), "182") == []
    play(pair_swiss_round(tournament))
    assert records(export_trf(tournament, version=2026), "182") == [f"182 {OURS}"]
    assert records(export_trf(tournament, version=16), "182") == []  # not a TRF16 record

    play(pair_swiss_round(tournament, engine=Py4SwissEngine()))
    play(pair_swiss_round(tournament))
    assert records(export_trf(tournament, version=2026), "182") == [
        f"182 {OURS} (rounds 1, 3); {PY4SWISS} (round 2)"
    ]


def test_a_round_paired_elsewhere_is_named_by_who_paired_it():
    tournament = TournamentFactory(number_of_rounds=3)
    PlayerFactory.create_batch(4, tournament=tournament)
    play(submit_pairings(tournament, [(1, 3), (4, 2)], source="api"))
    play(pair_swiss_round(tournament))
    assert records(export_trf(tournament, version=2026), "182") == [
        f"182 Pairing software through the API (round 1); {OURS} (round 2)"
    ]


FILE_WITH_182 = "\n".join(
    [
        "012 Club Swiss",
        "182 Swiss-Manager 14.0.0.12",
        "XXR 3",
        f"001    1      {'Alpha':<33} 1900 {'':<26}  1.0    1     2 w 1",
        f"001    2      {'Bravo':<33} 1800 {'':<26}  0.0    3     1 b 0",
        f"001    3      {'Charlie':<33} 1700 {'':<26}  1.0    2     4 w 1",
        f"001    4      {'Delta':<33} 1600 {'':<26}  0.0    4     3 b 0",
    ]
)


def test_an_imported_182_comes_back_until_our_engine_pairs_a_round():
    tournament = import_trf(FILE_WITH_182.encode(), filename="club.trf")
    exported = export_trf(tournament, version=2026)
    assert records(exported, "182") == ["182 Swiss-Manager 14.0.0.12"]
    assert records(export_trf(tournament, version=16), "182") == ["182 Swiss-Manager 14.0.0.12"]
    play(pair_swiss_round(tournament))
    exported = export_trf(tournament, version=2026)
    assert records(exported, "182") == [f"182 Swiss-Manager 14.0.0.12 (round 1); {OURS} (round 2)"]
    assert (
        "### Export: record 182 recomputed, the tournament changed after the import "
        "(the file said: Swiss-Manager 14.0.0.12)"
    ) in split_lines(exported)
