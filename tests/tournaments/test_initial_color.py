"""The top seed's colour in round 1 (TRF ``XXC``/152): set by the arbiter, drawn by lot, or
imported, and followed by the built-in engine."""

from pathlib import Path

import pytest

from tests.factories import PlayerFactory, TournamentFactory
from tournaments.models import InitialColor, PairingSystem, TournamentLog
from tournaments.services import (
    TournamentError,
    pair_swiss_round,
    submit_pairings,
    update_tournament,
)
from tournaments.services.trf_exchange import export_trf, import_trf
from tournaments.views.forms import TournamentForm

pytestmark = pytest.mark.django_db

SKLANGEN = Path(__file__).resolve().parent.parent / "data" / "trf" / "sklangen_TRF__example1.trf"


def boards(round_):
    return [
        (b.white.start_rank, b.black.start_rank)
        for b in round_.pairings.select_related("white", "black").order_by("board")
        if b.black
    ]


def swiss(players=8, initial_color="", **fields):
    # No more rounds than the field allows (FIDE checklist D28): round 1 is paired unasked.
    tournament = TournamentFactory(
        system=PairingSystem.SWISS,
        number_of_rounds=min(5, players - 1),
        initial_color=initial_color,
        **fields,
    )
    PlayerFactory.create_batch(players, tournament=tournament)
    return tournament


def test_the_engine_gives_the_top_seed_the_colour_the_arbiter_chose():
    # C.04.3 (Dutch), round 1: S1 meets S2 board by board, colours alternating from board 1.
    black = swiss(initial_color=InitialColor.BLACK)
    assert boards(pair_swiss_round(black)) == [(5, 1), (2, 6), (7, 3), (4, 8)]
    white = swiss(initial_color=InitialColor.WHITE)
    assert boards(pair_swiss_round(white)) == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_a_colour_not_chosen_is_drawn_by_lot_when_round_1_is_paired_and_logged():
    tournament = swiss()
    first = boards(pair_swiss_round(tournament))[0]
    tournament.refresh_from_db()
    assert tournament.initial_color in InitialColor.values
    assert first == ((1, 5) if tournament.initial_color == InitialColor.WHITE else (5, 1))
    assert tournament.log.filter(
        kind=TournamentLog.Kind.PAIRING,
        round_number=1,
        message__startswith="Colour of the top seed in round 1 drawn by lot: ",
    ).exists()


def test_a_submitted_round_1_fixes_the_colour_from_its_first_board():
    tournament = swiss(players=4)
    submit_pairings(tournament, [(3, 1), (2, 4)], source="manual", user=None)
    tournament.refresh_from_db()
    assert tournament.initial_color == InitialColor.BLACK


def test_the_colour_is_locked_once_round_1_is_paired():
    tournament = swiss(initial_color=InitialColor.WHITE)
    update_tournament(tournament, initial_color=InitialColor.BLACK)  # before round 1: free
    pair_swiss_round(tournament)
    tournament.refresh_from_db()
    with pytest.raises(TournamentError, match="cannot change once round 1 is paired"):
        update_tournament(tournament, initial_color=InitialColor.WHITE)


def test_the_form_offers_the_colour_with_a_draw_by_lot_as_the_empty_choice():
    tournament = swiss()
    form = TournamentForm(instance=tournament)
    assert [value for value, _ in form.fields["initial_color"].choices] == ["", "white", "black"]
    assert "initial_color" in [f.name for _, fields in form.fieldsets() for f in fields]


def test_the_tournament_page_shows_the_colour(client):
    tournament = swiss(initial_color=InitialColor.BLACK, public=True)
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Top seed in round 1" in page and "Black" in page


def _sklangen_before_round_1(colour_record: str) -> str:
    """The Karl-Mala-Gedenkturnier's header and top eight players, before round 1."""
    lines = SKLANGEN.read_text(encoding="latin-1").splitlines()
    header = [line for line in lines if line[:3] in ("012", "022", "092", "102")]
    players = [line[:80] + " 0.0" for line in lines if line.startswith("001")][:8]
    return "\n".join([*header, "XXR 7", colour_record, *players]) + "\n"


@pytest.mark.parametrize(
    ("record", "colour", "board_1"),
    [("XXC black1", "black", (5, 1)), ("152 W", "white", (1, 5)), ("", "", None)],
)
def test_an_imported_first_colour_is_kept_paired_and_exported(record, colour, board_1):
    tournament = import_trf(_sklangen_before_round_1(record))
    assert tournament.initial_color == colour
    first = boards(pair_swiss_round(tournament))[0]
    if board_1:
        assert first == board_1
    tournament.refresh_from_db()
    assert f"XXC {tournament.initial_color}1" in export_trf(tournament).splitlines()
