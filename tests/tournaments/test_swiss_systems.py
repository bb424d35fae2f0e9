"""The FIDE Swiss system of an event (Dutch, Dubov, Burstein): chosen where the event is made,
paired by its own engine, named in the TRF export's record 192 and read back from it, checked
by ``checktrf`` by the system the file names, locked once round 1 is paired in FIDE mode."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from django.urls import reverse

from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tests.html_forms import form_values
from tournaments.models import PairingSystem, Round, Tournament
from tournaments.pairing.checker import CheckInputError, check_trf, engine_for
from tournaments.pairing.systems import system_named
from tournaments.selectors import pairing_state
from tournaments.services import (
    TournamentError,
    pair_swiss_round,
    publish_round,
    record_result,
    update_tournament,
)
from tournaments.services.trf_exchange import export_trf, import_trf
from tournaments.trf import read_trf

pytestmark = pytest.mark.django_db

SYSTEMS = [
    (PairingSystem.DUBOV, "dubov", "Dubov"),
    (PairingSystem.BURSTEIN, "burstein", "Burstein"),
    (PairingSystem.SWISS, "dutch", "Dutch"),
]


def _event(system: str, players: int = 13, rounds: int = 5) -> Tournament:
    tournament = TournamentFactory(system=system, number_of_rounds=rounds)
    ratings = random.Random(7).sample(range(1500, 2500), players)
    for rating in sorted(ratings, reverse=True):
        PlayerFactory(tournament=tournament, rating_standard=rating)
    return tournament


def _play(round_: Round, seed: int) -> None:
    publish_round(round_)
    rng = random.Random(seed)
    for board in round_.pairings.filter(black__isnull=False).order_by("board"):
        record_result(board, rng.choice(["1-0", "0-1", "1/2-1/2"]), source="hand", user=None)


def _boards(round_: Round) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    boards = round_.pairings.select_related("white", "black").order_by("board")
    pairs = tuple((b.white.start_rank, b.black.start_rank) for b in boards if b.black)
    return pairs, tuple(b.white.start_rank for b in boards if b.black is None)


@pytest.mark.parametrize(("choice", "code", "word"), SYSTEMS)
def test_each_round_is_paired_by_the_events_own_system(choice, code, word):
    tournament = _event(choice)
    for number in range(1, 5):
        engine = system_named(code).engine()
        expected = engine.pair(pairing_state(tournament, number))
        round_ = pair_swiss_round(tournament)
        assert word in round_.engine
        assert _boards(round_) == (expected.pairs, expected.byes)
        _play(round_, number)


@pytest.mark.parametrize(("choice", "code", "word"), SYSTEMS[:2])
def test_record_192_names_the_system_and_the_file_is_checked_by_it(choice, code, word):
    tournament = _event(choice)
    for number in range(1, 5):
        _play(pair_swiss_round(tournament), number)
    text = export_trf(tournament, version=2026)
    code_192 = system_named(code).trf_codes[0]
    assert f"\n192 {code_192}\n" in text.replace("\r\n", "\n")
    document = read_trf(text)
    check = check_trf(document)
    assert any(word in note for note in check.notes), check.notes
    assert all(finding.pairing_matches and not finding.errors for finding in check.rounds)
    assert len(check.rounds) == 4
    imported = import_trf(text, confirm="yes")
    assert imported.system == choice
    assert imported.swiss_system is not None and imported.swiss_system.code == code


def test_the_file_checked_by_another_system_differs_somewhere():
    """The check is by the system the file names: the same rounds re-paired by the Dutch
    rules disagree (else the test above proves nothing about which engine ran)."""
    tournament = _event(PairingSystem.DUBOV, players=16)
    for number in range(1, 5):
        _play(pair_swiss_round(tournament), number)
    document = read_trf(export_trf(tournament, version=2026))
    as_dutch = check_trf(document, system="dutch")
    assert not all(finding.pairing_matches for finding in as_dutch.rounds)


def test_an_unknown_system_or_a_dutch_edition_for_another_system_is_refused():
    tournament = _event(PairingSystem.DUBOV)
    document = read_trf(export_trf(tournament, version=2026))
    with pytest.raises(CheckInputError, match="unknown pairing system 'lim'"):
        engine_for(document, system="lim")
    with pytest.raises(CheckInputError, match="Dutch system's"):
        engine_for(document, rules="2017")


def test_the_system_is_locked_once_round_1_is_paired_in_fide_mode():
    tournament = _event(PairingSystem.BURSTEIN)
    Tournament.objects.filter(pk=tournament.pk).update(fide_mode=True)
    update_tournament(tournament, system=PairingSystem.DUBOV)  # before round 1: free
    pair_swiss_round(tournament)
    with pytest.raises(TournamentError, match=r"[Pp]airing system"):
        update_tournament(tournament, system=PairingSystem.SWISS)
    tournament.refresh_from_db()
    assert tournament.system == PairingSystem.DUBOV


@pytest.mark.parametrize(("choice", "code", "word"), SYSTEMS[:2])
def test_the_new_tournament_page_makes_an_event_of_each_system(client, choice, code, word):
    client.force_login(UserFactory(is_staff=True))
    create = reverse("tournaments:create")
    page = client.get(create).content.decode()
    assert f'value="{choice}"' in page and f"Swiss (FIDE {word})" in page
    shown = form_values(page, containing="name")
    shown.update(name=[f"{word} Open"], system=[choice], number_of_rounds=["7"])
    assert client.post(create, shown).status_code == 302
    assert Tournament.objects.get(name=f"{word} Open").swiss_system == system_named(code)


@pytest.mark.parametrize(("choice", "code", "word"), SYSTEMS[:2])
def test_the_api_makes_an_event_of_each_system(client, choice, code, word):
    client.force_login(UserFactory(is_staff=True))
    reply = client.post(
        "/api/v1/tournaments/",
        {"name": f"{word} API", "slug": f"{code}-api", "system": choice, "number_of_rounds": 7},
        content_type="application/json",
    )
    assert reply.status_code == 201, reply.content
    assert reply.json()["system"] == choice
    assert Tournament.objects.get(slug=f"{code}-api").swiss_system == system_named(code)


def test_a_team_event_file_is_imported_with_its_teams_not_as_individual_games():
    team_file = Path(__file__).resolve().parent.parent / "data" / "teams" / "real"
    text = next(team_file.glob("*.trf")).read_text(encoding="utf-8")
    tournament = import_trf(text, filename="crete.trf")
    assert tournament.system == PairingSystem.TEAM_SWISS and tournament.teams.count() == 8


def test_a_system_no_event_runs_yet_is_refused_not_paired_by_the_dutch_rules(monkeypatch):
    from tournaments.services.trf_exchange import header

    tournament = _event(PairingSystem.DUBOV)
    _play(pair_swiss_round(tournament), 1)
    text = export_trf(tournament, version=2026)
    monkeypatch.setattr(header, "_SWISS_CHOICES", {"dutch": PairingSystem.SWISS})
    with pytest.raises(TournamentError, match="names the Dubov system, which events"):
        import_trf(text, confirm="yes")


def test_a_dubov_round_with_an_unrated_player_is_refused_until_he_has_a_rating():
    tournament = _event(PairingSystem.DUBOV, players=10)
    unrated = tournament.players.get(start_rank=7)
    type(unrated).objects.filter(pk=unrated.pk).update(rating_standard=None)
    with pytest.raises(TournamentError, match=r"C\.04\.4\.1 article 1\.1.*\(no\. 7\)"):
        pair_swiss_round(tournament)
    assert not tournament.rounds.exists()
    type(unrated).objects.filter(pk=unrated.pk).update(rating_standard=1450)
    assert pair_swiss_round(tournament).number == 1
    # The Dutch and Burstein systems pair unrated players as they are.
    burstein = _event(PairingSystem.BURSTEIN, players=10)
    burstein.players.filter(start_rank=7).update(rating_standard=None)
    assert pair_swiss_round(burstein).number == 1


@pytest.mark.parametrize(("code", "word"), [("dubov", "Dubov"), ("burstein", "Burstein")])
def test_the_generator_pairs_by_the_system_asked_and_checktrf_reads_it_back(tmp_path, code, word):
    from io import StringIO

    from django.core.management import call_command

    path = tmp_path / f"{code}.trf"
    call_command(
        "generate_tournament", "-o", str(path), "--system", code, "--players", "21",
        "--rounds", "6", "--seed", "3", "--ratings", "range:1400-2400", stdout=StringIO(),
    )  # fmt: skip
    text = path.read_text(encoding="utf-8")
    assert f"\n192 {system_named(code).trf_codes[0]}\n" in text.replace("\r\n", "\n")
    assert f"182 Arbiter {word} engine" in text
    out = StringIO()
    call_command("checktrf", str(path), stdout=out)
    assert f"rounds re-paired by Arbiter {word} engine" in out.getvalue()
    assert "All rounds and ranks agree." in out.getvalue()


@pytest.mark.parametrize("choice", [PairingSystem.SWISS, PairingSystem.DUBOV])
def test_round_1_is_not_paired_while_a_player_has_no_starting_rank(choice):
    """Issue: round 1 paired the numbered players and left out, without a word, every player
    not numbered yet (with no player numbered, round 1 was published with no board)."""
    from tournaments.services import request_absence

    tournament = _event(choice, players=8)
    tournament.players.filter(start_rank__in=[7, 8]).update(start_rank=None)
    with pytest.raises(TournamentError, match=r"2 players have no starting rank \(Player, "):
        pair_swiss_round(tournament)
    assert not tournament.rounds.exists()
    # One of them announced absent from round 1 (checklist B11) is not asked about.
    absent, other = tournament.players.filter(start_rank=None).order_by("name")
    request_absence(absent, 1, "zero")
    with pytest.raises(TournamentError, match=r"1 player has no starting rank"):
        pair_swiss_round(tournament)
    other.delete()
    assert pair_swiss_round(tournament).pairings.filter(black__isnull=False).count() == 3
