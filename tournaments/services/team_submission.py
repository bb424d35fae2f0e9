"""A team round paired elsewhere (a pairing program, through the API): team against team by
team pairing number, checked as a whole and stored as a draft, as the built-in pairing
stores its own (:func:`~tournaments.services.team_rounds.store_matches`).

A team Swiss round is checked by :func:`tournaments.pairing.team_swiss.validate.
validate_team_round` (C.04.6 2.1, 3.3.1 and 3.4); a team round robin by its structure only:
every team once, the bye with an odd number of teams, no pair meeting more often than the
event allows (once, twice in a double round robin). As for an individual round (FIDE
checklist J51), a round from pairing software that breaks a rule a confirmation may override
(two teams meeting again, a forbidden pair, a second bye) asks L3 naming each rule instead of
being refused; stored, it is logged as ``### Import @ Round n``. Every other problem is
refused, all of them listed, and nothing is stored.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import InitialColor, Match, PairingSystem, Round, Tournament, TournamentLog
from tournaments.pairing.team_swiss import TeamPairing
from tournaments.pairing.team_swiss.validate import validate_team_round
from tournaments.team_sheet import numbered_teams

from .audit import (
    last_round_number,
    log_event,
    log_round_breaking_rules,
)
from .errors import TournamentError
from .team_rounds import refuse_unready, store_matches, team_swiss_state
from .teams import refuse_individual_event
from .warnings import Level, cautions, require_confirmation

OVERRIDABLE_RULES = ("[C1]", "[C2]")
"""The absolute criteria of C.04.6 2.1 a confirmed round from pairing software may break
(teams meeting again or a forbidden pair; the bye to a team barred from it); the structure
of the round (3.3.1: every team once; 3.4: the bye) is never overridden."""


@transaction.atomic
def submit_team_round(
    tournament: Tournament,
    matches: Sequence[tuple[int, int]],
    bye: int | None = None,
    *,
    source: str = Round.PairedBy.API,
    user: AbstractBaseUser | None = None,
    round_number: int | None = None,
    confirm: str = "",
) -> Round:
    """Store the next round of a team event from ``matches`` (team A, with White on board 1,
    and team B, by team pairing number, in table order) and the team with the
    pairing-allocated ``bye``. The byes the teams asked for are added, as the built-in
    pairing adds them."""
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    refuse_individual_event(tournament)
    if source not in Round.PairedBy.values:
        raise TournamentError(_("Unknown pairing source %(source)s.") % {"source": source})
    number = last_round_number(tournament) + 1
    if round_number is not None and round_number != number:
        raise TournamentError(
            _("Round %(given)s cannot be paired now; the next round is %(next)s.")
            % {"given": round_number, "next": number}
        )
    refuse_unready(tournament, number)
    pairing = TeamPairing(tuple((a, b) for a, b in matches), bye)
    refused, breaks = _check(tournament, number, pairing)
    if source == Round.PairedBy.MANUAL:
        refused, breaks = refused + breaks, []
    if refused:
        raise TournamentError(refused)
    require_confirmation(
        cautions(Level.CONFIRM, breaks), confirm, action=f"pair:{tournament.pk}:{number}"
    )
    if number == 1 and not tournament.initial_color and pairing.matches:
        _fix_initial_colour(tournament, pairing, user)
    round_ = Round.objects.create(tournament=tournament, number=number, paired_by=source)
    teams = {team.number: team for team in numbered_teams(tournament)}
    store_matches(tournament, round_, pairing, dict(teams))
    _log_submission(tournament, number, source, breaks, user)
    return round_


def _check(
    tournament: Tournament, number: int, pairing: TeamPairing
) -> tuple[list[str], list[str]]:
    """The round's problems: those refused, and the rule breaks a confirmation overrides."""
    if tournament.is_round_robin:
        return (
            round_robin_problems(tournament, number, pairing),
            repeated_meetings(tournament, number, pairing),
        )
    problems = validate_team_round(team_swiss_state(tournament, number), pairing)
    breaks = [p for p in problems if any(rule in p for rule in OVERRIDABLE_RULES)]
    return [p for p in problems if p not in breaks], breaks


def round_robin_problems(tournament: Tournament, number: int, pairing: TeamPairing) -> list[str]:
    """What is wrong with ``pairing`` as round ``number`` of a team round robin: a round robin
    pairs every team, absent or not (the arbiter forfeits an absent team's match)."""
    numbers = set(numbered_teams(tournament).values_list("number", flat=True))
    problems = []
    for team, times in sorted(Counter(pairing.teams).items()):
        if team not in numbers:
            problems.append(
                _("Team %(team)s is not a team pairing number of the event.") % {"team": team}
            )
        elif times > 1:
            problems.append(
                _("Team %(team)s is paired %(times)s times.") % {"team": team, "times": times}
            )
    missing = sorted(numbers - set(pairing.teams))
    if missing:
        problems.append(
            _("Every team plays each round of a round robin: %(teams)s not paired.")
            % {"teams": ", ".join(map(str, missing))}
        )
    return problems + _round_robin_bye_problems(len(numbers), pairing.bye)


def _round_robin_bye_problems(teams: int, bye: int | None) -> list[str]:
    if bye is not None and teams % 2 == 0:
        return [
            _("An even number of teams leaves no team without a match: team %(team)s has a bye.")
            % {"team": bye}
        ]
    if bye is None and teams % 2:
        return [_("An odd number of teams: one team has the round without a match (the bye).")]
    return []


def repeated_meetings(tournament: Tournament, number: int, pairing: TeamPairing) -> list[str]:
    """Pairs of a team round robin meeting more often than the event allows (once, twice in
    a double round robin): a confirmation may override them, as a Swiss's [C1]."""
    allowed = 2 if tournament.system == PairingSystem.DOUBLE_ROUND_ROBIN else 1
    earlier = Match.objects.filter(
        round__tournament=tournament, round__number__lt=number, team_b__isnull=False
    ).values_list("team_a__number", "team_b__number")
    met = Counter(frozenset(pair) for pair in earlier)
    return [
        _("Teams %(a)s and %(b)s have already met as often as the event allows.") % {"a": a, "b": b}
        for a, b in pairing.matches
        if met[frozenset((a, b))] >= allowed
    ]


def _fix_initial_colour(
    tournament: Tournament, pairing: TeamPairing, user: AbstractBaseUser | None
) -> None:
    """C.04.6 4.1's initial-colour, read from the first match: team A has White on board 1,
    so the higher-ranked team of that match has White when it is team A."""
    first, second = pairing.matches[0]
    colour = InitialColor.WHITE if first < second else InitialColor.BLACK
    tournament.initial_color = colour
    tournament.save(update_fields=["initial_color"])
    log_event(
        tournament,
        TournamentLog.Kind.PAIRING,
        gettext_lazy("Colour of the top seed in round 1, from the first board: %(colour)s."),
        params={"colour": InitialColor(colour).label},
        user=user,
        round_number=1,
    )


def _log_submission(
    tournament: Tournament,
    number: int,
    source: str,
    breaks: Sequence[str],
    user: AbstractBaseUser | None,
) -> None:
    manual = source == Round.PairedBy.MANUAL
    log_event(
        tournament,
        TournamentLog.Kind.MANUAL_PAIRING if manual else TournamentLog.Kind.PAIRING,
        gettext_lazy("Round %(round)s pairings submitted (%(source)s)."),
        params={"round": number, "source": Round.PairedBy(source).label},
        user=user,
        round_number=number,
    )
    if breaks:
        log_round_breaking_rules(
            tournament, number, Round.PairedBy(source).label, breaks, user=user
        )
