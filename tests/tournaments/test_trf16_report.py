"""The TRF16 report of a finished event is the report FIDE receives: its rank column holds
each player's place in the standings by the event's tie-breaks, it carries the log's
``###`` lines the pages promise, and imported again it gives the same standings, although
TRF16 has no record for the tie-breaks."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.factories import PlayerFactory, TournamentFactory, answering
from tournaments.services import change_tiebreaks, leave_fide_mode, pair_swiss_round
from tournaments.services.trf_exchange import (
    export_trf,
    import_trf,
    import_warnings,
    standing_ranks,
)
from tournaments.trf import read_trf
from tournaments.trf.reader import split_lines

from .test_trf_pairing_controller import play

pytestmark = pytest.mark.django_db

HELD_SWISS_9 = Path(__file__).resolve().parent.parent / "data" / "tiebreak" / "held_swiss_9.trf"

RANKED_TIES = (
    "the file names no tie-breaks: players level on points are ranked as its rank column "
    "orders them (the order of tied players, which the arbiter may change)"
)


def ranks_in(text: str) -> dict[int, int | None]:
    return {player.start_rank: player.rank for player in read_trf(text).players}


def comments(text: str) -> list[str]:
    return [line for line in split_lines(text) if line.startswith("###")]


@pytest.fixture
def finished():
    """Held's 16-player, 9-round Swiss, finished, with the organiser's tie-breaks set after
    leaving FIDE mode (both logged: the pages say the report carries them)."""
    tournament = import_trf(HELD_SWISS_9.read_bytes(), filename="held_swiss_9.trf")
    answering(leave_fide_mode, tournament, user=None, reason="the organiser's regulations")
    return change_tiebreaks(
        tournament, ["BH/C1", "BH", "SB"], user=None, reason="as the regulations announce"
    )


def test_the_rank_column_is_the_place_in_the_standings(finished):
    text = export_trf(finished, version=16)
    standings = standing_ranks(finished)
    assert ranks_in(text) == standings
    assert sorted(standings.values()) == list(range(1, 17))
    # Not points then starting rank: Alyx (1), Bruno (2), David (4) and Franck (6) share
    # 6 points behind Charline, and the tie-breaks order them otherwise.
    assert [rank for rank, _ in sorted(standings.items(), key=lambda item: item[1])][:5] != [
        3,
        1,
        2,
        4,
        6,
    ]
    assert ranks_in(export_trf(finished, version=2026)) == standings


def test_the_log_is_written_as_comments_in_both_versions(finished):
    sixteen = comments(export_trf(finished, version=16))
    assert sixteen == [
        "### FIDE mode exit @ Round 9: FIDE mode left after round 9 was paired. "
        "(the organiser's regulations)",
        "### Tie-break change @ Round 9: Tie-breaks changed from - to BH/C1, BH, SB. "
        "(as the regulations announce)",
    ]
    assert sixteen == comments(export_trf(finished, version=2026))


def test_a_report_made_here_has_its_comments_in_trf16():
    tournament = TournamentFactory(number_of_rounds=2)
    PlayerFactory.create_batch(4, tournament=tournament)
    play(pair_swiss_round(tournament))
    answering(leave_fide_mode, tournament, user=None, reason="a club event")
    assert comments(export_trf(tournament, version=16)) == [
        "### Pairing @ Round 1: Round 1 paired by Arbiter Dutch engine, FIDE C.04.3 (2025).",
        "### Pairing @ Round 1: Round 1 published.",
        "### FIDE mode exit @ Round 1: FIDE mode left after round 1 was paired. (a club event)",
    ]


def test_imported_again_the_report_gives_the_same_standings(finished):
    text = export_trf(finished, version=16)
    again = import_trf(text, filename="report.trf")
    assert import_warnings(again) == [RANKED_TIES]
    assert standing_ranks(again) == standing_ranks(finished)
    assert ranks_in(export_trf(again, version=16)) == ranks_in(text)
    assert comments(export_trf(again, version=16)) == comments(text)


def test_a_running_event_keeps_its_ties_open():
    """After round 4 of 9 the rank column is no final order: players level on points stay
    level in the imported event, to be separated by what the later rounds bring."""
    lines = HELD_SWISS_9.read_text().splitlines()
    running = "\n".join(line[: 91 + 4 * 10] if line.startswith("001") else line for line in lines)
    tournament = import_trf(running, filename="after_round_4.trf")
    assert tournament.tie_order == []
    assert not any("rank column" in warning for warning in import_warnings(tournament))


def test_a_report_made_here_imports_without_warnings():
    """A file the application wrote, engine rounds and all, re-imports with nothing to
    report: its record 182 names who paired the rounds, which the import keeps. TRF16 has no
    tie-breaks to give; the import says that its rank column orders the ties instead."""
    tournament = TournamentFactory(number_of_rounds=3, tiebreaks=["BH/C1", "SB"])
    PlayerFactory.create_batch(6, tournament=tournament)
    for _number in range(3):
        play(pair_swiss_round(tournament))
    for version in (2026, 16):
        again = import_trf(export_trf(tournament, version=version), filename="ours.trf")
        assert import_warnings(again) == ([] if version == 2026 else [RANKED_TIES]), version
        assert standing_ranks(again) == standing_ranks(tournament), version


def test_a_rank_column_that_only_follows_points_and_starting_ranks_orders_nothing():
    """Held's round robin ranks its players by points, then starting rank, as pairing
    programs fill the column: that is no order of the ties, who stay level."""
    held = HELD_SWISS_9.with_name("held_round_robin.trf")
    tournament = import_trf(held.read_bytes(), filename="held_round_robin.trf")
    assert tournament.tie_order == []
    assert RANKED_TIES not in import_warnings(tournament)
