"""Tournament configuration: point systems, the tie-break list, FIDE mode."""

from decimal import Decimal

import pytest

from tests.factories import PlayerFactory, UserFactory, answering
from tournaments.models import PairingSystem, Round, TournamentLog, TournamentRole
from tournaments.services import (
    NeedsConfirmation,
    TournamentError,
    change_tiebreaks,
    create_tournament,
    leave_fide_mode,
    update_tournament,
)
from tournaments.services.rounds import store_round

pytestmark = pytest.mark.django_db


def new_tournament(**fields):
    return create_tournament(
        name=fields.pop("name", "Chengdu Open 2026"),
        system=PairingSystem.SWISS,
        number_of_rounds=9,
        **fields,
    )


def start(tournament):
    a, b = PlayerFactory(tournament=tournament), PlayerFactory(tournament=tournament)
    store_round(tournament, 1, [(a, b)], [], paired_by=Round.PairedBy.MANUAL)


def test_a_new_tournament_scores_one_half_zero_and_names_its_creator_chief_arbiter():
    arbiter = UserFactory()
    tournament = new_tournament(user=arbiter, tiebreaks=["BH/C1", "BH", "SB"])
    system = tournament.point_system()
    assert (system.win, system.draw, system.loss, system.pairing_bye) == (1, Decimal("0.5"), 0, 1)
    assert tournament.fide_mode
    assert tournament.slug == "chengdu-open-2026"
    assert new_tournament().slug == "chengdu-open-2026-2"
    role = TournamentRole.objects.get(tournament=tournament)
    assert (role.user, role.role) == (arbiter, TournamentRole.Role.CHIEF_ARBITER)


def test_scoring_systems_the_fide_checklist_refuses():
    # Two draws worth more than a win and a loss; a PAB worth more than a win (E31, E32).
    with pytest.raises(TournamentError) as error:
        new_tournament(points_draw=Decimal("0.75"), points_pairing_bye=Decimal("1.5"))
    assert error.value.problems == [
        "Two draws may not be worth more than a win and a loss.",
        "A pairing-allocated bye may not be worth more than a win.",
    ]
    football = new_tournament(
        name="Blitz 3-1-0", points_win=3, points_draw=1, points_pairing_bye=3, points_full_bye=3
    )
    assert football.point_system().win == 3


def test_unknown_tiebreaks_are_refused_by_name():
    with pytest.raises(TournamentError, match="unknown tie-break 'BHX'"):
        new_tournament(tiebreaks=["BH", "BHX"])


def test_the_tiebreak_list_is_fixed_in_fide_mode_once_round_one_is_paired():
    # FIDE checklist H46: refused (L5) in FIDE mode; the way out is leaving FIDE mode.
    tournament = new_tournament(tiebreaks=["BH/C1", "BH"])
    change_tiebreaks(tournament, ["BH/C1", "BH", "SB"], user=None)  # before round 1: free
    start(tournament)
    with pytest.raises(TournamentError, match="tie-break list cannot change once round 1") as no:
        change_tiebreaks(tournament, ["SB", "BH"], user=None, reason="regulations misprinted")
    assert not isinstance(no.value, NeedsConfirmation)  # no answer lets it through
    assert "leaving FIDE mode (for good) allows it" in str(no.value)
    # The same list sent again is no change, and needs no reason (issue: editing the
    # tournament without touching the tie-breaks was refused).
    change_tiebreaks(tournament, ["BH/C1", "BH", "SB"], user=None)


def test_changing_the_tiebreaks_outside_fide_mode_needs_a_reason_and_is_logged():
    tournament = new_tournament(tiebreaks=["BH/C1", "BH"])
    change_tiebreaks(tournament, ["BH/C1", "BH", "SB"], user=None)  # before round 1: free
    start(tournament)
    answering(leave_fide_mode, tournament, user=None, reason="club rules")
    with pytest.raises(TournamentError, match="needs a reason"):
        change_tiebreaks(tournament, ["SB", "BH"], user=None)
    change_tiebreaks(tournament, ["SB", "BH"], user=None, reason="regulations misprinted")
    entries = TournamentLog.objects.filter(tournament=tournament, kind=TournamentLog.Kind.TIEBREAKS)
    assert [(e.round_number, e.old_value, e.new_value, e.reason) for e in entries] == [
        (None, ["BH/C1", "BH"], ["BH/C1", "BH", "SB"], ""),
        (1, ["BH/C1", "BH", "SB"], ["SB", "BH"], "regulations misprinted"),
    ]


def test_fide_mode_locks_the_scoring_once_play_starts_and_cannot_be_reentered():
    tournament = new_tournament()
    start(tournament)
    with pytest.raises(
        TournamentError, match="points for a draw cannot change once round 1 is paired"
    ):
        update_tournament(tournament, points_draw=Decimal("0.4"))
    update_tournament(tournament, place="Chengdu", reason="venue confirmed")
    answering(leave_fide_mode, tournament, user=None, reason="organiser wants 3-1-0 scoring")
    update_tournament(tournament, points_win=3, points_draw=1, points_pairing_bye=3, reason="3-1-0")
    with pytest.raises(TournamentError, match="cannot return"):
        update_tournament(tournament, fide_mode=True)
    kinds = list(TournamentLog.objects.filter(tournament=tournament).values_list("kind", flat=True))
    assert kinds == ["configuration", "fide_mode_exit", "configuration"]


def test_a_tournament_of_more_rounds_than_the_limit_is_refused():
    """Issue: a TRF of 2,000 rounds took 54 s; the limit is 50 rounds."""
    from tournaments.models import PairingSystem
    from tournaments.services import TournamentError, create_tournament

    with pytest.raises(TournamentError, match="number_of_rounds: at most 50 rounds"):
        create_tournament(name="Marathon", system=PairingSystem.SWISS, number_of_rounds=51)
    assert create_tournament(name="Long", system=PairingSystem.SWISS, number_of_rounds=50).pk


def test_a_round_robin_refuses_buchholz_tie_breaks_and_takes_its_own():
    """FIDE checklist H45 (hard fail): BH, FB and AOB cannot be chosen for a round robin;
    KS/L±n, RTNG/R and TPN/R can."""
    with pytest.raises(TournamentError, match="BH/C1 is a Buchholz tie-break"):
        create_tournament(
            name="Round robin",
            system=PairingSystem.ROUND_ROBIN,
            number_of_rounds=5,
            tiebreaks=["SB", "BH/C1"],
        )
    tournament = create_tournament(
        name="Round robin",
        system=PairingSystem.ROUND_ROBIN,
        number_of_rounds=5,
        tiebreaks=["DE", "SB", "SB/C1", "KS/L-1", "RTNG/R", "TPN/R", "WIN", "BPG", "STD"],
    )
    for code in ("FB", "AOB"):
        with pytest.raises(TournamentError, match="not used in a round robin"):
            change_tiebreaks(tournament, [code], user=None)
    swiss = new_tournament(name="Swiss", tiebreaks=["BH/C1", "BH"])
    with pytest.raises(TournamentError, match="BH/C1 is a Buchholz tie-break"):
        update_tournament(swiss, system=PairingSystem.ROUND_ROBIN)
