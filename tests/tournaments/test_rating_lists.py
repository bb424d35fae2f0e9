"""Rating lists in the database: import, differences, accepting a chosen subset, the check
before each round; the service and the commands."""

from __future__ import annotations

import datetime
import io
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.factories import PlayerFactory, TournamentFactory
from tournaments.models import ListedRating, RatingList, RatingOrigin, TournamentLog
from tournaments.services import TournamentError, update_player
from tournaments.services.ratings import (
    apply_list_differences,
    compare_with_list,
    import_rating_list,
    rating_check,
)

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parent.parent / "data" / "ratinglist"


def _import(name: str, **kwargs: object) -> RatingList:
    with (DATA / name).open("rb") as stream:
        return import_rating_list(stream, name=name, **kwargs)  # type: ignore[arg-type]


@pytest.fixture
def event():
    tournament = TournamentFactory(start_date=datetime.date(2026, 9, 12))
    PlayerFactory(
        tournament=tournament,
        name="Carlsen, Magnus",
        fide_id="1503014",
        title="GM",
        federation="NOR",
        birth_year=1990,
        rating_standard=2830,
    )
    PlayerFactory(
        tournament=tournament,
        name="Ding, Liren",
        fide_id="8603677",
        title="GM",
        federation="CHN",
        birth_year=1992,
        rating_standard=2734,
    )
    PlayerFactory(
        tournament=tournament,
        name="Li, Si",
        fide_id="25001001",
        title="",
        federation="CHN",
        birth_year=2005,
        rating_standard=1850,
    )
    PlayerFactory(tournament=tournament, name="Nobody, Known", fide_id="99999999")
    return tournament


def test_import_stores_the_list_with_source_date_and_players() -> None:
    rating_list = _import("standard_sep26frl.txt")
    assert (rating_list.kind, rating_list.list_date, rating_list.source) == (
        "standard",
        datetime.date(2026, 9, 1),
        "standard_sep26frl.txt",
    )
    assert rating_list.player_count == 6 == rating_list.entries.count()
    hou = ListedRating.objects.get(fide_id=8602980)
    assert (hou.standard, hou.sex, hou.flag) == (2633, "F", "wi")


def test_a_list_without_its_month_needs_a_date() -> None:
    with pytest.raises(TournamentError, match="give the list date"):
        _import("players_list_foa.txt")
    assert not RatingList.objects.exists()
    rating_list = _import("players_list_foa.txt", list_date=datetime.date(2026, 9, 1))
    assert rating_list.kind == "combined"


def test_a_bad_line_stores_nothing() -> None:
    text = (DATA / "standard_sep26frl.txt").read_bytes().replace(b"8608059 ", b"86O8059 ")
    with pytest.raises(TournamentError, match="line 5: the FIDE id '86O8059' is not a number"):
        import_rating_list(io.BytesIO(text), name="standard_sep26frl.txt")
    assert not RatingList.objects.exists() and not ListedRating.objects.exists()


def test_differences_are_reported_field_by_field(event) -> None:
    comparison = compare_with_list(event, _import("standard_sep26frl.txt"))
    found = {(d.player.name, d.field, d.current, d.listed) for d in comparison.differences}
    assert found == {
        ("Carlsen, Magnus", "rating_standard", 2830, 2839),
        ("Li, Si", "birth_year", 2005, 2006),
    }
    assert comparison.matched == 3
    assert [p.name for p in comparison.not_listed] == ["Nobody, Known"]


def test_only_the_accepted_differences_are_applied_and_logged(event) -> None:
    rating_list = _import("standard_sep26frl.txt")
    carlsen = event.players.get(fide_id="1503014")
    applied = apply_list_differences(event, rating_list, [f"{carlsen.pk}:rating_standard"])
    assert len(applied) == 1
    carlsen.refresh_from_db()
    assert (carlsen.rating_standard, carlsen.rating_origin) == (2839, RatingOrigin.LIST)
    assert carlsen.rating_list == rating_list
    li_si = event.players.get(fide_id="25001001")
    assert li_si.birth_year == 2005  # not accepted, not applied
    # Her rating agrees with the list: the list becomes its known source.
    assert (li_si.rating_origin, li_si.rating_list) == (RatingOrigin.LIST, rating_list)
    nobody = event.players.get(fide_id="99999999")
    assert nobody.rating_origin == RatingOrigin.TYPED
    entry = event.log.get(kind=TournamentLog.Kind.RATING_CORRECTION)
    assert "Carlsen, Magnus rating_standard 2830 → 2839" in entry.message
    with pytest.raises(TournamentError, match="No longer a difference"):
        apply_list_differences(event, rating_list, [f"{carlsen.pk}:rating_standard"])


def test_a_rating_typed_later_is_flagged_as_typed(event) -> None:
    rating_list = _import("standard_sep26frl.txt")
    carlsen = event.players.get(fide_id="1503014")
    apply_list_differences(event, rating_list, [f"{carlsen.pk}:rating_standard"])
    carlsen.refresh_from_db()
    update_player(carlsen, rating_standard=2850)
    carlsen.refresh_from_db()
    assert (carlsen.rating_origin, carlsen.rating_list) == (RatingOrigin.TYPED, None)


def test_check_before_a_round(event) -> None:
    assert rating_check(event) == [
        "No FIDE standard rating list is imported: the ratings are not checked."
    ]
    old = _import("standard_sep26frl.txt")
    old.list_date = datetime.date(2026, 8, 1)
    old.save()
    warnings = rating_check(event, today=datetime.date(2026, 9, 12))
    assert warnings[0].startswith("The newest imported list is of 2026-08; the list in force")
    assert "2 differences" in warnings[1]
    assert warnings[2] == "4 players have ratings typed by hand."
    event.start_date = datetime.date(2026, 8, 3)  # the list in force at the start: valid
    assert rating_check(event, today=datetime.date(2026, 9, 12))[0].startswith("2 differences")
    event.start_date = None  # no start to judge by: the list's age is checked
    assert "over 30 days old" in rating_check(event, today=datetime.date(2026, 9, 12))[0]
    assert rating_check(event, today=datetime.date(2026, 8, 20))[0].startswith("2 differences")
    event.rating_check = False
    assert rating_check(event) == []


def _run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_commands_import_compare_and_accept(event) -> None:
    output = _run("import_rating_list", str(DATA / "blitz_sep26frl_xml.xml"))
    assert output.startswith("6 players imported: Blitz 2026-09")
    output = _run("import_rating_list", str(DATA / "standard_sep26frl.txt"))
    carlsen = event.players.get(fide_id="1503014")
    listing = _run("rating_differences", str(event.pk))
    assert f"{carlsen.pk}:rating_standard" in listing and "2830 -> 2839" in listing
    assert "not on the list: Nobody, Known (99999999)" in listing
    assert _run("rating_differences", str(event.pk), "--accept-all").startswith("2 changes applied")
    with pytest.raises(CommandError) as error:
        _run("import_rating_list", str(DATA / "players_list_foa.txt"))
    assert error.value.returncode == 2 and "give the list date" in str(error.value)
    assert _run("import_rating_list", str(DATA / "players_list_foa.txt"), "--date", "2026-09")


def test_a_new_player_with_a_fide_id_is_filled_from_the_lists() -> None:
    """Checklist C19: auto-fill from the list; what the arbiter typed stays, flagged."""
    from tournaments.services import add_player

    _import("standard_sep26frl.txt")
    _import("blitz_sep26frl_xml.xml")
    tournament = TournamentFactory(rating_type="blitz")
    hou = add_player(tournament, name="Hou, Yifan", fide_id="8602980")
    assert (hou.rating_standard, hou.rating_blitz, hou.rating_rapid) == (2633, 2601, None)
    assert (hou.title, hou.federation, hou.sex, hou.birth_year) == ("GM", "CHN", "w", 1994)
    assert hou.rating_origin == RatingOrigin.LIST
    assert hou.rating_list.kind == "blitz"
    typed = add_player(tournament, name="Ding, Liren", fide_id="8603677", rating_standard=2700)
    assert (typed.rating_standard, typed.rating_blitz) == (2700, 2788)
    assert typed.rating_origin == RatingOrigin.TYPED
    unknown = add_player(tournament, name="Nobody", fide_id="99999999")
    assert unknown.rating_standard is None and unknown.rating_origin == RatingOrigin.TYPED


def test_the_tournament_chooses_how_unrated_opponents_count() -> None:
    """Checklist C22: a rating for unrated players, or leaving them out."""
    from tournaments.selectors import tournament_standings
    from tournaments.services.trf_exchange import import_trf

    trf = DATA.parent / "tiebreak" / "swiss_with_many_unplayed_rounds.trf"
    tournament = import_trf(trf.read_bytes(), filename=trf.name)

    def aro() -> set[object]:
        rows = tournament_standings(tournament, tiebreaks=["ARO"]).rows
        return {row.tiebreaks[0].value for row in rows}

    tournament.unrated_rating, tournament.unrated_left_out = None, False
    assert aro() == {None}
    tournament.unrated_left_out = True
    assert len(aro() - {None}) > 2  # defined, from the rated opponents
    tournament.unrated_left_out, tournament.unrated_rating = False, 1400
    assert None not in aro()


def test_an_event_over_30_days_is_flagged_and_rating_tie_breaks_advised_against(event) -> None:
    """Checklist C23 (the flag, Q210; the advice, Q211)."""
    event.end_date = event.start_date + datetime.timedelta(days=30)
    assert not event.lasts_over_30_days
    event.end_date = event.start_date + datetime.timedelta(days=31)
    event.tiebreaks = ["BH/C1", "ARO", "TPR/C1"]
    assert event.lasts_over_30_days
    warnings = rating_check(event)
    assert "lasts over 30 days" in warnings[1]
    assert warnings[2] == (
        "FIDE advises against rating tie-breaks in an event this long: ARO, TPR/C1."
    )
