"""A Double-Swiss event (FIDE C.04.5) in the application: every game a round, match k the
rounds 2k-1 and 2k; game 1 paired by the Double-Swiss engine on the match's state, game 2 the
same boards with the colours reversed and the same byes; a game 2 that is not game 1 reversed
refused; byes for whole matches; an even number of rounds; record 192 FIDE_DOUBLESWISS in the
TRF-2026 export, one column per game, checked by ``checktrf`` per match and imported back."""

from __future__ import annotations

import random
import re
from decimal import Decimal
from fractions import Fraction

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.factories import PlayerFactory, UserFactory
from tests.html_forms import form_values
from tournaments.models import Absence, ByeKind, InitialColor, PairingSystem, Round, Tournament
from tournaments.pairing.checker import check_trf
from tournaments.pairing.double_swiss import DoubleSwissEngine, match_state
from tournaments.selectors import tournament_sheet, tournament_standings
from tournaments.services import (
    TournamentError,
    create_tournament,
    pair_swiss_round,
    publish_round,
    record_result,
    request_absence,
    submit_pairings,
    update_tournament,
)
from tournaments.services.double_swiss import round_caption
from tournaments.services.manual_pairing import start_manual_pairing
from tournaments.services.rounds import setup_problems
from tournaments.services.trf_exchange import export_trf, import_trf
from tournaments.trf import read_trf

pytestmark = pytest.mark.django_db


def _event(players: int = 9, rounds: int = 6, **fields) -> Tournament:
    tournament = create_tournament(
        name="Double Open",
        system=PairingSystem.DOUBLE_SWISS,
        number_of_rounds=rounds,
        initial_color=InitialColor.WHITE,
        **fields,
    )
    ratings = random.Random(11).sample(range(1500, 2500), players)
    for rating in sorted(ratings, reverse=True):
        PlayerFactory(tournament=tournament, rating_standard=rating)
    return tournament


def _boards(round_: Round) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, str], ...]]:
    boards = round_.pairings.select_related("white", "black").order_by("board")
    pairs = tuple((b.white.start_rank, b.black.start_rank) for b in boards if b.black)
    return pairs, tuple((b.white.start_rank, b.bye) for b in boards if b.black is None)


def _play(round_: Round, seed: int) -> None:
    publish_round(round_)
    rng = random.Random(seed)
    for board in round_.pairings.filter(black__isnull=False).order_by("board"):
        record_result(board, rng.choice(["1-0", "0-1", "1/2-1/2"]), source="hand", user=None)


def _expected_match(tournament: Tournament, match: int):
    """The engine's own answer on the package's match state of the event's sheet."""
    sheet = tournament_sheet(tournament, after_round=2 * match - 2)
    state = match_state(sheet, match, planned_matches=tournament.number_of_rounds // 2)
    return DoubleSwissEngine().pair(state)


def _play_matches(tournament: Tournament, matches: int) -> None:
    for match in range(1, matches + 1):
        first = pair_swiss_round(tournament)
        _play(first, match)
        _play(pair_swiss_round(tournament), 100 + match)


def test_matches_are_paired_by_the_engine_and_game_2_reverses_game_1():
    tournament = _event()
    assert tournament.points_pairing_bye == Decimal("0.75")  # C.04.5 1.4, ¾ a game
    for match in range(1, 4):
        expected = _expected_match(tournament, match)
        first = pair_swiss_round(tournament)
        assert first.number == 2 * match - 1
        assert "Double-Swiss" in first.engine
        pairs, byes = _boards(first)
        assert pairs == expected.pairs
        assert byes == tuple((rank, ByeKind.PAIRING_ALLOCATED) for rank in expected.byes)
        assert len(byes) == 1  # nine players: one pairing-allocated bye a match
        publish_round(first)
        # Game 2 needs game 1 published, not its results.
        second = pair_swiss_round(tournament)
        assert second.number == 2 * match
        assert _boards(second) == (tuple((b, w) for w, b in pairs), byes)
        assert round_caption(tournament, second.number) == f"match {match}, game 2"
        publish_round(second)
        for round_ in (first, second):
            for board in round_.pairings.filter(black__isnull=False):
                record_result(board, "1-0", source="hand", user=None)
    sheet = tournament_sheet(tournament)
    # Each pairing-allocated bye is ¾ in each of its two games: 1½ a match.
    bye_rank = _boards(Round.objects.get(tournament=tournament, number=1))[1][0][0]
    bye_player = sheet.player(bye_rank)
    assert [sheet.points.points(bye_player.entry(n).outcome) for n in (1, 2)] == [
        Fraction(3, 4),
        Fraction(3, 4),
    ]


def test_the_standings_add_up_game_points():
    tournament = _event(players=8, rounds=4)
    _play_matches(tournament, 2)
    standings = tournament_standings(tournament)
    total = sum(row.points for row in standings.rows)
    assert total == 4 * 4  # four boards, four games, one point each


def test_pairing_the_next_match_needs_game_1s_results_too():
    tournament = _event(players=8, rounds=4)
    first = pair_swiss_round(tournament)
    publish_round(first)
    second = pair_swiss_round(tournament)
    _play(second, 1)
    with pytest.raises(TournamentError, match="Round 1 has no result"):
        pair_swiss_round(tournament)


def test_a_bye_asked_for_game_1_covers_game_2_and_game_2_alone_is_refused():
    tournament = _event(players=8, rounds=4)
    player = tournament.players.get(start_rank=3)
    with pytest.raises(TournamentError, match="game 2 of match 1"):
        request_absence(player, 2, Absence.Kind.HALF_POINT_BYE)
    request_absence(player, 1, Absence.Kind.HALF_POINT_BYE)
    first = pair_swiss_round(tournament)
    publish_round(first)
    second = pair_swiss_round(tournament)
    for round_ in (first, second):
        pairs, byes = _boards(round_)
        assert (3, ByeKind.HALF_POINT) in byes
        assert all(3 not in pair for pair in pairs)
    # Seven left to pair: the pairing-allocated bye, in both games, to the same player.
    pab = [rank for rank, kind in _boards(first)[1] if kind == ByeKind.PAIRING_ALLOCATED]
    assert len(pab) == 1
    assert _boards(second)[1] == _boards(first)[1]


def test_a_submitted_game_2_must_be_game_1_reversed():
    tournament = _event(players=8, rounds=4)
    first = pair_swiss_round(tournament)
    publish_round(first)
    pairs, _byes = _boards(first)
    with pytest.raises(TournamentError, match=r"game 2 of match 1.*Preface"):
        submit_pairings(tournament, pairs, source="api")  # the same colours again
    shuffled = [(pairs[0][1], pairs[1][1]), (pairs[1][0], pairs[0][0]), *pairs[2:]]
    with pytest.raises(TournamentError, match="colours reversed"):
        submit_pairings(tournament, [(b, w) for w, b in shuffled], source="api")
    second = submit_pairings(tournament, [(b, w) for w, b in reversed(pairs)], source="api")
    assert second.paired_by == Round.PairedBy.API
    assert _boards(second)[0] == tuple((b, w) for w, b in pairs)


def test_a_submitted_game_1_is_checked_as_a_match():
    tournament = _event(players=8, rounds=4)
    _play_matches(tournament, 1)
    met = _boards(Round.objects.get(tournament=tournament, number=1))[0]
    with pytest.raises(TournamentError, match=r"already met \(\[C1\], C.04.5"):
        submit_pairings(tournament, met, source="manual")
    # From pairing software, a rematch is a rule to confirm, not a refusal (J51).
    with pytest.raises(TournamentError, match=r"already met"):
        submit_pairings(tournament, met, source="api")


def test_game_2_is_not_paired_by_hand():
    tournament = _event(players=8, rounds=4)
    publish_round(pair_swiss_round(tournament))
    second = pair_swiss_round(tournament)
    with pytest.raises(TournamentError, match="game 2 of a match"):
        start_manual_pairing(second)


def test_an_odd_number_of_rounds_is_refused():
    with pytest.raises(TournamentError, match="even number of rounds, not 7"):
        create_tournament(name="Odd", system=PairingSystem.DOUBLE_SWISS, number_of_rounds=7)
    tournament = _event(rounds=6)
    with pytest.raises(TournamentError, match="even number of rounds, not 5"):
        update_tournament(tournament, number_of_rounds=5)


def test_the_system_is_locked_once_round_1_is_paired_in_fide_mode():
    tournament = _event(players=8)
    assert tournament.fide_mode
    pair_swiss_round(tournament)
    with pytest.raises(TournamentError, match=r"[Pp]airing system"):
        update_tournament(tournament, system=PairingSystem.SWISS)
    tournament.refresh_from_db()
    assert tournament.system == PairingSystem.DOUBLE_SWISS


def test_trf_2026_export_is_checked_per_match_and_imported_back(capsys, tmp_path):
    tournament = _event()
    _play_matches(tournament, 3)
    text = export_trf(tournament, version=2026)
    lines = text.replace("\r\n", "\n").split("\n")
    assert "192 FIDE_DOUBLESWISS" in lines
    document = read_trf(text)
    assert document.to_sheet().rounds == 6  # one column per game
    check = check_trf(document)
    assert len(check.rounds) == 3  # one finding per match
    assert all(f.pairing_matches and not f.errors for f in check.rounds), check.rounds
    assert any("Double-Swiss" in note for note in check.notes), check.notes
    path = tmp_path / "double.trf"
    path.write_text(text)
    call_command("checktrf", str(path))
    out = capsys.readouterr().out
    assert "Match 3 (rounds 5 and 6): pairing matches the engine" in out, out
    imported = import_trf(text, confirm="yes")
    assert imported.system == PairingSystem.DOUBLE_SWISS
    assert imported.number_of_rounds == 6
    assert imported.points_pairing_bye == Decimal("0.75")
    assert _boards(Round.objects.get(tournament=imported, number=2)) == _boards(
        Round.objects.get(tournament=tournament, number=2)
    )


def test_the_new_tournament_page_makes_a_double_swiss_event(client):
    client.force_login(UserFactory(is_staff=True))
    create = reverse("tournaments:create")
    page = client.get(create).content.decode()
    assert 'value="double_swiss"' in page and "Double-Swiss (FIDE)" in page
    shown = form_values(page, containing="name")
    shown.update(name=["Double Page"], system=["double_swiss"], number_of_rounds=["7"])
    reply = client.post(create, shown)
    assert reply.status_code == 200 and "even number of rounds" in reply.content.decode()
    shown.update(number_of_rounds=["8"])
    assert client.post(create, shown).status_code == 302
    made = Tournament.objects.get(name="Double Page")
    assert made.swiss_system is not None and made.swiss_system.matches
    assert made.points_pairing_bye == Decimal("0.75")


def test_the_api_makes_a_double_swiss_event(client):
    client.force_login(UserFactory(is_staff=True))
    body = {"name": "Double API", "slug": "double-api", "system": "double_swiss"}
    reply = client.post(
        "/api/v1/tournaments/", {**body, "number_of_rounds": 5}, content_type="application/json"
    )
    assert reply.status_code == 422 and "even number of rounds" in reply.content.decode()
    reply = client.post(
        "/api/v1/tournaments/", {**body, "number_of_rounds": 6}, content_type="application/json"
    )
    assert reply.status_code == 201, reply.content
    assert reply.json()["system"] == "double_swiss"
    assert Tournament.objects.get(slug="double-api").points_pairing_bye == Decimal("0.75")


def test_the_round_pages_say_which_match_and_game(client):
    tournament = _event(players=8, rounds=4)
    publish_round(pair_swiss_round(tournament))
    client.force_login(UserFactory(is_superuser=True, is_staff=True))
    dashboard = client.get(reverse("tournaments:dashboard", args=[tournament.pk]))
    assert "Pair round 2 (match 1, game 2) with the built-in engine" in dashboard.content.decode()
    publish_round(pair_swiss_round(tournament))
    arbiter_page = client.get(reverse("tournaments:round", args=[tournament.pk, 2]))
    assert "(match 1, game 2)" in arbiter_page.content.decode()
    public = client.get(reverse("tournaments:pairings", args=[tournament.pk, 1]))
    assert "(match 1, game 1)" in public.content.decode()


def test_an_event_made_a_double_swiss_before_round_1_takes_the_texts_bye():
    tournament = create_tournament(name="Was Dutch", system=PairingSystem.SWISS, number_of_rounds=6)
    assert tournament.points_pairing_bye == Decimal("1")
    update_tournament(tournament, system=PairingSystem.DOUBLE_SWISS)
    tournament.refresh_from_db()
    assert tournament.points_pairing_bye == Decimal("0.75")
    # Any other value no game (or match) can score stays refused.
    with pytest.raises(TournamentError, match="scores what a game can"):
        update_tournament(tournament, points_pairing_bye=Decimal("0.25"))


def test_the_set_up_warning_counts_matches_not_games():
    """Four players meet three opponents once each: three matches (six rounds) are
    possible; a fourth match (eight rounds) would need a rematch."""
    assert setup_problems(_event(players=4, rounds=6)) == []
    (problem,) = setup_problems(_event(players=4, rounds=8))
    assert "4 players cannot play 4 matches of a Double-Swiss" in problem
    assert "at most 3 matches (6 rounds)" in problem


def test_a_trf_file_of_an_odd_number_of_double_swiss_rounds_is_refused():
    tournament = _event(players=8, rounds=4)
    _play_matches(tournament, 1)
    text = export_trf(tournament, version=2026).replace("\r\n", "\n")
    planned = [line for line in text.split("\n") if line.startswith(("142 ", "XXR "))]
    assert planned, "the export states the planned rounds"
    for line in planned:
        text = text.replace(line, line.replace("4", "5"))
    with pytest.raises(TournamentError, match="even number of rounds, not 5"):
        import_trf(text, confirm="yes")
    assert Tournament.objects.count() == 1


def test_a_single_forfeited_game_counts_as_played_in_the_standings_not_in_the_crosstable():
    """C.04.5, Preface: for tie-breaks and standings, a forfeited single game of a regularly
    played match is treated as played (here WON, the games won over the board, counts it);
    the crosstable and the TRF keep the forfeit."""
    from tournaments.pairing.double_swiss.standings import single_forfeits_as_played
    from tournaments.scoring.standings import compute_standings
    from tournaments.scoring.tiebreaks import parse_tiebreak

    tournament = _event(players=8, rounds=4)
    Tournament.objects.filter(pk=tournament.pk).update(tiebreaks=["WON"])
    tournament.refresh_from_db()
    first = pair_swiss_round(tournament)
    publish_round(first)
    for board in first.pairings.filter(black__isnull=False):
        record_result(board, "1-0", source="hand", user=None)
    second = pair_swiss_round(tournament)
    publish_round(second)
    boards = list(second.pairings.filter(black__isnull=False).order_by("board"))
    record_result(boards[0], "+/-", source="hand", user=None)  # one game forfeited
    for board in boards[1:]:
        record_result(board, "0-1", source="hand", user=None)
    sheet = tournament_sheet(tournament)
    forfeit = sheet.player(boards[0].white.start_rank).entry(2)
    assert forfeit.outcome.name == "FORFEIT_WIN"  # the sheet keeps it
    as_played = compute_standings(single_forfeits_as_played(sheet), [parse_tiebreak("WON")])
    as_forfeit = compute_standings(sheet, [parse_tiebreak("WON")])
    shown = tournament_standings(tournament)
    values = {row.start_rank: row.tiebreaks[0].value for row in shown.rows}
    assert values == {row.start_rank: row.tiebreaks[0].value for row in as_played.rows}
    assert values != {row.start_rank: row.tiebreaks[0].value for row in as_forfeit.rows}
    trf = export_trf(tournament, version=2026)
    assert re.search(r" [wb] \+", trf) and re.search(r" [wb] -", trf)  # the TRF keeps it
