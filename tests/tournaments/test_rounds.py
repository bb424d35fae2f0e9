"""Pairing rounds: Berger tables, the built-in Dutch engine, a submitted round checked whole."""

import json
from pathlib import Path

import pytest

from tests.factories import PlayerFactory, TournamentFactory, answering
from tournaments.models import (
    Absence,
    Acceleration,
    ByeKind,
    PairingSystem,
    Round,
    TournamentLog,
)
from tournaments.selectors import pairing_state
from tournaments.services import (
    NeedsConfirmation,
    TournamentError,
    add_player,
    generate_round_robin_round,
    pair_swiss_round,
    publish_round,
    record_result,
    request_absence,
    submit_pairings,
)
from tournaments.services.trf_exchange import export_trf, import_trf
from tournaments.trf import read_trf

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parent.parent / "data" / "trf" / "javafo_aum"


def numbered(round_):
    """Boards as (white, black) starting ranks and byes as (rank, kind)."""
    boards = round_.pairings.select_related("white", "black").order_by("board")
    games = [(b.white.start_rank, b.black.start_rank) for b in boards if b.black]
    byes = [(b.white.start_rank, b.bye) for b in boards if not b.black]
    return games, byes


def play(round_, result="1-0"):
    publish_round(round_)
    for board in round_.pairings.filter(black__isnull=False):
        record_result(board, result, source="hand", user=None)


def test_a_ten_player_round_robin_follows_the_fide_berger_table():
    tournament = TournamentFactory(system=PairingSystem.ROUND_ROBIN, number_of_rounds=9)
    PlayerFactory.create_batch(10, tournament=tournament)
    first = generate_round_robin_round(tournament)
    # FIDE Handbook C.05 Annex 1, ten players: rounds 1 and 2.
    assert numbered(first) == ([(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)], [])
    play(first, "1/2-1/2")
    assert numbered(generate_round_robin_round(tournament)) == (
        [(10, 6), (7, 5), (8, 4), (9, 3), (1, 2)],
        [],
    )


def test_an_odd_round_robin_gives_a_free_round_worth_nothing():
    tournament = TournamentFactory(system=PairingSystem.ROUND_ROBIN, number_of_rounds=5)
    PlayerFactory.create_batch(5, tournament=tournament)
    # Table for six; player 6 is the bye, so 1 (who meets 6 in round 1) sits out.
    assert numbered(generate_round_robin_round(tournament)) == (
        [(2, 5), (3, 4)],
        [(1, ByeKind.ZERO_POINT)],
    )


def test_a_round_robin_needs_the_right_number_of_rounds():
    tournament = TournamentFactory(system=PairingSystem.DOUBLE_ROUND_ROBIN, number_of_rounds=7)
    PlayerFactory.create_batch(4, tournament=tournament)
    with pytest.raises(TournamentError, match="4 players has 6 rounds; the tournament is set to 7"):
        generate_round_robin_round(tournament)


def test_the_dutch_engine_pairs_round_one_top_half_against_bottom_half():
    tournament = TournamentFactory(number_of_rounds=5)
    PlayerFactory.create_batch(8, tournament=tournament)
    round_1 = pair_swiss_round(tournament)
    assert round_1.status == Round.Status.DRAFT
    # C.04.3: 1-5, 6-2, 3-7, 8-4 with White to the top seed.
    assert numbered(round_1) == ([(1, 5), (6, 2), (3, 7), (8, 4)], [])


def test_a_round_the_engine_paired_names_the_engine_and_its_rules():
    tournament = TournamentFactory(number_of_rounds=3)
    PlayerFactory.create_batch(4, tournament=tournament)
    round_1 = pair_swiss_round(tournament)
    assert round_1.engine == "Arbiter Dutch engine, FIDE C.04.3 (2025)"
    log = tournament.log.filter(kind=TournamentLog.Kind.PAIRING).latest("pk")
    assert log.message == "Round 1 paired by Arbiter Dutch engine, FIDE C.04.3 (2025)."


def test_baku_acceleration_pairs_ga_apart_and_is_exported_as_xxa():
    # 8 players, 5 rounds: GA is 1-4 with a virtual point in rounds 1-2, ½ in round 3. Round 1
    # pairs GA among themselves (1-3, 4-2) and GB likewise (5-7, 8-6).
    tournament = TournamentFactory(number_of_rounds=5, acceleration=Acceleration.BAKU)
    PlayerFactory.create_batch(8, tournament=tournament)
    assert numbered(pair_swiss_round(tournament)) == ([(1, 3), (4, 2), (5, 7), (8, 6)], [])
    exported = export_trf(tournament, version=2026)
    assert "XXA    1  1.0  1.0  0.5" in exported.splitlines()
    assert not any(line.startswith("XXA    5") for line in exported.splitlines())
    # TRF-2026's own record 250: points, first and last round, first and last player.
    assert [line for line in exported.splitlines() if line.startswith("250")] == [
        "250       1.0   1   2    1    4",
        "250       0.5   3   3    1    4",
    ]
    assert read_trf(exported.encode()).acceleration_250 == read_trf(exported.encode()).acceleration
    assert not [line for line in export_trf(tournament).splitlines() if line.startswith("250")]


def test_announced_byes_and_the_pab_are_stored_with_the_round():
    tournament = TournamentFactory(number_of_rounds=5)
    players = PlayerFactory.create_batch(8, tournament=tournament)
    request_absence(players[2], 1, Absence.Kind.HALF_POINT_BYE)
    games, byes = numbered(pair_swiss_round(tournament))
    assert len(games) == 3
    # Seven to pair: the lowest-ranked gets the PAB; player 3 his half-point bye.
    assert byes == [(8, ByeKind.PAIRING_ALLOCATED), (3, ByeKind.HALF_POINT)]


def test_the_next_round_waits_for_every_result():
    tournament = TournamentFactory(number_of_rounds=3)
    PlayerFactory.create_batch(4, tournament=tournament)
    round_1 = pair_swiss_round(tournament)
    with pytest.raises(TournamentError, match="Round 1 is not published yet"):
        pair_swiss_round(tournament)
    publish_round(round_1)
    record_result(round_1.pairings.get(board=1), "1-0", source="hand", user=None)
    with pytest.raises(TournamentError, match="Round 1 has no result on board 2"):
        pair_swiss_round(tournament)


def test_a_submitted_round_lists_every_problem_and_stores_nothing():
    tournament = TournamentFactory(number_of_rounds=5)
    PlayerFactory.create_batch(6, tournament=tournament)
    with pytest.raises(TournamentError) as error:
        submit_pairings(tournament, [(1, 2), (2, 3), (4, 9)], source="api")
    problems = "\n".join(error.value.problems)
    assert "there is no player with starting rank 9" in problems
    assert "is paired 2 times" in problems
    assert "player 5" in problems and "player 6" in problems  # left out
    assert not tournament.rounds.exists()


def test_a_rematch_is_refused():
    tournament = TournamentFactory(number_of_rounds=3)
    PlayerFactory.create_batch(4, tournament=tournament)
    play(submit_pairings(tournament, [(1, 3), (4, 2)], source="manual", confirm="confirm"))
    with pytest.raises(
        TournamentError, match=r"board 1: player 3 .* and player 1 .* already played"
    ):
        submit_pairings(tournament, [(3, 1), (2, 4)], source="manual", confirm="confirm")
    assert tournament.rounds.count() == 1


def test_javafos_round_five_of_a_real_open_is_accepted_through_the_api():
    tournament = import_trf((DATA / "gros_open_2010_after_round4.trf").read_bytes())
    expected = json.loads((DATA / "gros_open_2010_round5_expected_pairing.json").read_text())
    pab = expected["pairing_allocated_bye"]
    round_5 = submit_pairings(
        tournament, expected["pairs"], [pab], source="api", round_number=5, confirm="confirm"
    )
    games, byes = numbered(round_5)
    assert games == [tuple(pair) for pair in expected["pairs"]]
    assert byes == [
        (pab, ByeKind.PAIRING_ALLOCATED),
        (22, ByeKind.ZERO_POINT),
        (28, ByeKind.ZERO_POINT),
        (43, ByeKind.HALF_POINT),
    ]
    assert TournamentLog.objects.filter(kind=TournamentLog.Kind.PAIRING, round_number=5).exists()


def test_a_legal_but_unusual_round_needs_a_confirmation():
    tournament = import_trf((DATA / "gros_open_2010_after_round4.trf").read_bytes())
    expected = json.loads((DATA / "gros_open_2010_round5_expected_pairing.json").read_text())
    # Swap colours on every board: someone now gets a third colour in a row.
    swapped = [(black, white) for white, black in expected["pairs"]]
    with pytest.raises(NeedsConfirmation) as warning:
        submit_pairings(tournament, swapped, [expected["pairing_allocated_bye"]], source="manual")
    assert any("colour" in problem for problem in warning.value.problems)
    assert tournament.rounds.count() == 4


def test_a_round_robin_player_with_an_announced_absence_keeps_one_board():
    """Berger tables pair every player; an announced absence also became a bye board for
    the same player, breaking one board per player (IntegrityError: a 500 on rounds/next)."""
    tournament = TournamentFactory(system="round_robin", number_of_rounds=3)
    players = [PlayerFactory(tournament=tournament) for _ in range(4)]
    round_1 = publish_round(generate_round_robin_round(tournament))
    for pairing in round_1.pairings.all():
        record_result(pairing, "1-0", source="hand", user=None)
    request_absence(players[3], 2, Absence.Kind.ZERO_POINT_BYE)
    round_2 = generate_round_robin_round(tournament)
    boards = list(round_2.pairings.all())
    assert len(boards) == 2
    assert sorted(p.start_rank for b in boards for p in (b.white, b.black)) == [1, 2, 3, 4]


def test_baku_keeps_the_last_ga_player_of_round_one_for_late_entrants():
    # C.04.5.1 "Late entries": 8 players, GA is 1-4. A late entrant rated above everyone
    # takes number 1 and joins GA; GA's last player (now number 5) stays its last, so GA has
    # 5 players, not the 2 × ⌈9/4⌉ = 6 a fresh count would give.
    tournament = TournamentFactory(number_of_rounds=5, acceleration=Acceleration.BAKU)
    players = PlayerFactory.create_batch(8, tournament=tournament)
    play(pair_swiss_round(tournament))
    entrant = answering(add_player, tournament, name="Late, Entrant", rating_standard=2700)
    entrant.refresh_from_db()
    players[3].refresh_from_db()
    assert (entrant.start_rank, players[3].start_rank) == (1, 5)
    tournament.refresh_from_db()
    virtual = pairing_state(tournament, 2).accelerations
    assert sorted(virtual) == [1, 2, 3, 4, 5]
