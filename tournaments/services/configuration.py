"""Creating a tournament and changing its configuration (tie-breaks, scoring, FIDE mode)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.rules.clocks import TimeControlError, parse_time_control
from games.rules.rulesets import ruleset_in_force
from tournaments.limits import MAX_ROUNDS
from tournaments.models import (
    Acceleration,
    TeamPrimaryScore,
    Tournament,
    TournamentLog,
    TournamentRole,
    WithdrawalRule,
)
from tournaments.scoring.standings import format_points
from tournaments.scoring.teams.tiebreaks import default_team_tiebreaks, parse_team_tiebreak
from tournaments.scoring.tiebreaks import TieBreakError, parse_tiebreak
from tournaments.scoring.tournament_rating import RatingSource

from .audit import last_round_number, log_event
from .errors import TournamentError, raise_if
from .warnings import Caution, Level, fide_mode_refusal, require_confirmation

POINT_FIELDS = (
    "points_win",
    "points_draw",
    "points_loss",
    "points_pairing_bye",
    "points_half_bye",
    "points_full_bye",
    "points_zero_bye",
    "points_forfeit_win",
    "points_forfeit_loss",
)

# A team event's own settings (C.04.6, C.07, TRF-2026 records 192, 320, 352 and 362).
TEAM_EVENT_FIELDS = (
    "boards_per_match",
    "match_points_win",
    "match_points_draw",
    "match_points_loss",
    "team_bye_match_points",
    "team_bye_game_points",
    "board_colors",
    "team_primary_score",
    "team_colour_preferences",
    "team_colours_by_other_score",
    "same_club_teams_apart",
)

# The board prizes' minimum games (C.07's board prizes as each event's regulations word
# them): a prize rule, not a pairing one, so it may change after round 1 (logged).
BOARD_PRIZE_FIELDS = ("board_prize_min_games", "board_prize_min_share")

# What an arbiter sets for a tournament: the page form and the API both show exactly these.
TOURNAMENT_FIELDS = (
    "name",
    "place",
    "federation",
    "start_date",
    "end_date",
    "chief_arbiter",
    "deputy_arbiters",
    "ruleset",
    "time_control",
    "default_time_minutes",
    "fifty_move_positions",
    "variant",
    "chess960_draw",
    "system",
    "number_of_rounds",
    "acceleration",
    "reverse_last_two_rounds",
    "initial_color",
    "tiebreaks",
    "rating_type",
    "rating_sequence",
    "rating_method",
    "rating_check",
    "initial_order",
    "unrated_rating",
    "unrated_left_out",
    "round_ratings_in_tiebreaks",
    *POINT_FIELDS,
    *TEAM_EVENT_FIELDS,
    *BOARD_PRIZE_FIELDS,
    "public",
)

# Settings that shape rounds already played: fixed once round 1 is paired (FIDE checklist
# D24, D28, E31–32); the tie-break list too (H46, in change_tiebreaks). In FIDE mode a change
# is refused (L5); the way out is leaving FIDE mode (L4), after which it needs a reason.
LOCKED_AFTER_START = frozenset(
    {
        "system",
        "number_of_rounds",
        "acceleration",
        "reverse_last_two_rounds",
        "initial_color",
        "rating_type",
        "round_robin_withdrawals",
        "round_ratings_in_tiebreaks",
        # Chess960 or not, and which games share a position: the rounds played were drawn so.
        "variant",
        "chess960_draw",
        *POINT_FIELDS,
        *TEAM_EVENT_FIELDS,
    }
)


def _acceleration_problems(tournament: Tournament) -> list[str]:
    """A file's virtual points exist only in a tournament imported with them."""
    if tournament.acceleration == Acceleration.FILE and not tournament.virtual_points:
        return [
            _(
                "Only a tournament imported from a file with XXA or 250 records has the file's "
                "virtual points; choose Baku acceleration or none."
            )
        ]
    return []


def _fide_mode_problems(tournament: Tournament) -> list[str]:
    """Settings FIDE mode does not allow (checklist E35: the C.05 withdrawal rule)."""
    if tournament.fide_mode and tournament.round_robin_withdrawals != WithdrawalRule.FIDE:
        return [
            _(
                "In FIDE mode a round robin follows FIDE's withdrawal rule; leave FIDE mode to "
                "count every result."
            )
        ]
    return []


def _point_problems(
    values: dict[str, Decimal], *, fide_mode: bool, match_bye: Decimal | None = None
) -> list[str]:
    """What is wrong with the points; ``match_bye``: the Double-Swiss bye's value per game."""
    problems = []
    if 2 * values["points_draw"] > values["points_win"] + values["points_loss"]:
        problems.append(_("Two draws may not be worth more than a win and a loss."))
    game_scores = {values["points_win"], values["points_draw"], values["points_loss"]}
    if values["points_pairing_bye"] > values["points_win"]:
        problems.append(_("A pairing-allocated bye may not be worth more than a win."))
    elif values["points_pairing_bye"] not in {*game_scores, match_bye}:
        # FIDE checklist E32: the bye scores as a game can (a win, a draw or a loss), so
        # 1 / ½ / 0 under standard scoring; no value no game can score, such as 2 in 3-1-0.
        problems.append(
            _(
                "A pairing-allocated bye scores what a game can: %(win)s, %(draw)s or "
                "%(loss)s, not %(bye)s."
            )
            % {
                "win": format_points(Fraction(values["points_win"])),
                "draw": format_points(Fraction(values["points_draw"])),
                "loss": format_points(Fraction(values["points_loss"])),
                "bye": format_points(Fraction(values["points_pairing_bye"])),
            }
        )
    if fide_mode and values["points_pairing_bye"] < values["points_draw"]:
        # FIDE checklist E32: a PAB scores a win, or at least a draw (C.04.1 c).
        problems.append(
            _("In FIDE mode a pairing-allocated bye is worth at least a draw and at most a win.")
        )
    if (
        values["points_loss"] > values["points_draw"]
        or values["points_draw"] > values["points_win"]
    ):
        problems.append(_("Points must satisfy loss ≤ draw ≤ win."))
    return problems


def _points_of(tournament: Tournament) -> list[str]:
    values = {f: Decimal(getattr(tournament, f)) for f in POINT_FIELDS}
    match_bye = _double_swiss_bye(tournament) if tournament.plays_matches else None
    return _point_problems(values, fide_mode=tournament.fide_mode, match_bye=match_bye)


def _double_swiss_bye(tournament: Tournament) -> Decimal:
    """C.04.5 1.4: a pairing-allocated bye scores a game won and a game drawn (1½ a match);
    it fills both games of its match, so half of that in each."""
    return (Decimal(tournament.points_win) + Decimal(tournament.points_draw)) / 2


def _with_double_swiss_bye(tournament: Tournament, changes: dict[str, Any]) -> dict[str, Any]:
    """``changes``, with the bye's value of :func:`_default_double_swiss_bye` when they make
    the event a Double-Swiss (logged with them)."""
    if changes.get("system", tournament.system) == tournament.system:
        return changes
    changed = Tournament(**{f: changes.get(f, getattr(tournament, f)) for f in POINT_FIELDS})
    changed.system = changes["system"]
    _default_double_swiss_bye(changed)
    if changed.points_pairing_bye == changes.get(
        "points_pairing_bye", tournament.points_pairing_bye
    ):
        return changes
    return {**changes, "points_pairing_bye": changed.points_pairing_bye}


def _default_double_swiss_bye(tournament: Tournament) -> None:
    """A Double-Swiss event's bye left at a single game's default (a win) takes the text's
    value per game (¾ under 1-½-0): the form and the API offer a win until the system is
    chosen."""
    if tournament.plays_matches and Decimal(tournament.points_pairing_bye) == Decimal(
        tournament.points_win
    ):
        tournament.points_pairing_bye = _double_swiss_bye(tournament)


# FIDE C.07 and checklist H45: no Buchholz-like tie-break in a round robin, where everyone
# meets everyone and they would not separate anybody.
NOT_IN_ROUND_ROBINS = frozenset({"BH", "FB", "AOB"})


def tiebreak_problems(
    tiebreaks: Any, *, round_robin: bool = False, teams: bool = False
) -> list[str]:
    """What is wrong with a tie-break list (an ordered list of FIDE acronyms) for a Swiss, or
    with ``round_robin`` for a round robin; with ``teams``, of team tie-breaks (C.07, e.g.
    ``GP``, ``EMMSB``, ``BH:MP/C1``)."""
    if not isinstance(tiebreaks, list) or not all(isinstance(item, str) for item in tiebreaks):
        return [_("The tie-breaks must be a list of FIDE acronyms such as BH/C1.")]
    if teams:
        return _team_tiebreak_problems(tiebreaks)
    problems = []
    for text in tiebreaks:
        try:
            spec = parse_tiebreak(text)
        except TieBreakError as error:
            problems.append(str(error))
            continue
        if round_robin and spec.code in NOT_IN_ROUND_ROBINS:
            problems.append(
                _("%(tiebreak)s is a Buchholz tie-break, not used in a round robin (FIDE C.07).")
                % {"tiebreak": text}
            )
    return problems


def _team_tiebreak_problems(tiebreaks: list[str]) -> list[str]:
    problems = []
    for text in tiebreaks:
        try:
            parse_team_tiebreak(text)
        except TieBreakError as error:
            problems.append(str(error))
    return problems


def tiebreak_warning(tournament: Tournament) -> str:
    """What an empty tie-break list means (C.07 2.1: tied participants then share their
    place), said before round 1 while the list may still change freely; empty otherwise."""
    if tournament.tiebreaks:
        return ""
    if tournament.is_team_event:
        primary = TeamPrimaryScore(tournament.team_primary_score).label
        return _(
            "The tie-break list is empty: teams level on %(primary)s share their place, "
            "whatever their other score. Once round 1 is paired the list is fixed in FIDE mode."
        ) % {"primary": str(primary).lower()}
    return _(
        "The tie-break list is empty: players level on points share their place. Once round "
        "1 is paired the list is fixed in FIDE mode."
    )


def rating_sequence_problems(sequence: Any) -> list[str]:
    """What is wrong with a list of rating lists (checklist C18: the arbiter's own order)."""
    known = [source.value for source in RatingSource]
    if not isinstance(sequence, list) or not all(isinstance(item, str) for item in sequence):
        return [_("The rating lists must be a list of names such as standard, effective_rapid.")]
    problems = [
        _("%(name)s is not a rating list; expected one of %(known)s.")
        % {"name": item, "known": ", ".join(known)}
        for item in sequence
        if item not in known
    ]
    if len(set(sequence)) != len(sequence):
        problems.append(_("Name each rating list once."))
    return problems


def _full_clean(tournament: Tournament) -> list[str]:
    problems = []
    try:
        tournament.full_clean(exclude=["slug"])
    except ValidationError as error:
        problems = [
            f"{field}: {' '.join(messages)}" for field, messages in error.message_dict.items()
        ]
    if isinstance(tournament.number_of_rounds, int) and tournament.number_of_rounds > MAX_ROUNDS:
        problems.append(
            _("number_of_rounds: at most %(limit)s rounds (the limit of one tournament).")
            % {"limit": MAX_ROUNDS}
        )
    return problems


def time_control_problems(text: str) -> list[str]:
    """Why the games' clock parser cannot read ``text`` (a control typed on the form or sent
    to the API); it would fail every claim and flag fall that needs the time. A TRF file's
    control is kept as the file writes it."""
    try:
        parse_time_control(text)
    except TimeControlError as error:
        return [
            _(
                "The time control %(text)s cannot be read (%(reason)s). Write it as FIDE "
                "does, e.g. 90'/40 + 30' + 30\", or as a PGN TimeControl tag, e.g. "
                "40/5400+30:1800+30."
            )
            % {"text": text, "reason": error.reason}
        ]
    return []


def _unique_slug(name: str) -> str:
    base = slugify(name, allow_unicode=True)[:180] or "tournament"
    slug, suffix = base, 2
    while Tournament.objects.filter(slug=slug).exists():
        slug, suffix = f"{base}-{suffix}", suffix + 1
    return slug


@transaction.atomic
def create_tournament(
    *,
    name: str,
    system: str,
    number_of_rounds: int,
    user: AbstractBaseUser | None = None,
    slug: str = "",
    **fields: Any,
) -> Tournament:
    """A new tournament; its creator becomes its chief arbiter. Without a ruleset (none
    given, or empty) it is played under the Laws in force on its start date, else today
    (:func:`~games.rules.rulesets.ruleset_in_force`); a team event given no tie-break list
    takes the default team tie-breaks (:func:`default_team_tiebreaks`), a list given (an
    empty one too, which the dashboard warns of) is kept."""
    if not fields.get("ruleset"):
        fields["ruleset"] = ruleset_in_force(_as_date(fields.get("start_date")))
    tournament = Tournament(name=name, system=system, number_of_rounds=number_of_rounds, **fields)
    if tournament.is_team_event and "tiebreaks" not in fields:
        tournament.tiebreaks = default_team_tiebreaks(
            tournament.team_primary_score, round_robin=tournament.is_round_robin
        )
    _default_double_swiss_bye(tournament)
    problems = _full_clean(tournament)
    problems += tiebreak_problems(
        tournament.tiebreaks,
        round_robin=tournament.is_round_robin,
        teams=tournament.is_team_event,
    )
    problems += rating_sequence_problems(tournament.rating_sequence)
    problems += _fide_mode_problems(tournament) + _acceleration_problems(tournament)
    if not problems:
        problems += _points_of(tournament)
    if slug and Tournament.objects.filter(slug=slug).exists():
        problems.append(_("The address %(slug)s is taken.") % {"slug": slug})
    raise_if(problems)
    tournament.slug = slug or _unique_slug(name)
    tournament.save()
    if user is not None and user.is_authenticated:
        TournamentRole.objects.create(
            tournament=tournament, user=user, role=TournamentRole.Role.CHIEF_ARBITER
        )
    return tournament


def _as_date(value: Any) -> date:
    """A start date as given (a date, or ISO text), today when there is none or it cannot
    be read (the date's own check then names the fault)."""
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    return timezone.localdate()


def _field_label(name: str) -> str:
    return str(Tournament._meta.get_field(name).verbose_name)


def _refuse_locked(names: list[str], tournament: Tournament, reason: str) -> None:
    """A setting fixed once round 1 is paired: refused in FIDE mode (L5, the way out being
    to leave FIDE mode), and outside it allowed with a reason (logged as ``###``)."""
    if tournament.fide_mode:
        refusal = fide_mode_refusal(
            _("%(fields)s cannot change once round 1 is paired.") % {"fields": ", ".join(names)}
        )
        require_confirmation([refusal], action=f"configure:{tournament.pk}")
    if not reason.strip():
        raise TournamentError(
            _("%(fields)s shape the rounds already paired; a change needs a reason.")
            % {"fields": ", ".join(names)}
        )


def logged(value: Any) -> Any:
    """A setting's value as the log keeps it, in JSON, so that undoing the change can give
    the setting back (:func:`tournaments.services.undo.undo_event`): numbers and dates as
    text, ``None``, booleans, text and lists as they are."""
    if value is None or isinstance(value, bool | int | str | list | dict):
        return value
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


@transaction.atomic
def update_tournament(
    tournament: Tournament,
    *,
    user: AbstractBaseUser | None = None,
    reason: str = "",
    **changes: Any,
) -> Tournament:
    """Change configuration fields; each change is logged with its old and new value."""
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    if "tiebreaks" in changes:
        raise TournamentError(
            _("Change the tie-break list with change_tiebreaks (it needs a reason).")
        )
    if "fide_mode" in changes and changes["fide_mode"] != tournament.fide_mode:
        if tournament.fide_mode:
            raise TournamentError(_("FIDE mode is left with leave_fide_mode (two-step)."))
        raise TournamentError(_("A tournament that has left FIDE mode cannot return to it."))
    changes = _with_double_swiss_bye(tournament, changes)
    started = last_round_number(tournament) > 0
    locked = sorted(
        LOCKED_AFTER_START & {k for k, v in changes.items() if getattr(tournament, k) != v}
    )
    if started and locked:
        _refuse_locked([_field_label(name) for name in locked], tournament, reason)
    old = {field: getattr(tournament, field) for field in changes}
    for field, value in changes.items():
        setattr(tournament, field, value)
    problems = _full_clean(tournament) + _fide_mode_problems(tournament)
    problems += _acceleration_problems(tournament)
    problems += rating_sequence_problems(tournament.rating_sequence)
    if "system" in changes:
        problems += tiebreak_problems(
            tournament.tiebreaks,
            round_robin=tournament.is_round_robin,
            teams=tournament.is_team_event,
        )
    if not problems:
        problems += _points_of(tournament)
    raise_if(problems)
    tournament.save()
    changed = {f: (logged(old[f]), logged(changes[f])) for f in changes if old[f] != changes[f]}
    if changed:
        log_event(
            tournament,
            TournamentLog.Kind.CONFIGURATION,
            gettext_lazy("Configuration changed: %(fields)s."),
            params={"fields": ", ".join(sorted(changed))},
            user=user,
            round_number=last_round_number(tournament) or None,
            reason=reason,
            old={f: v[0] for f, v in changed.items()},
            new={f: v[1] for f, v in changed.items()},
        )
    return tournament


@transaction.atomic
def change_tiebreaks(
    tournament: Tournament, tiebreaks: list[str], *, user: AbstractBaseUser | None, reason: str = ""
) -> Tournament:
    """Set the tie-break list (FIDE checklist H46). Once round 1 is paired it is fixed in
    FIDE mode (L5); outside FIDE mode a change needs a reason and is logged with the round
    and the previous list. Sending the list unchanged is no change. A round robin takes no
    Buchholz tie-break (H45)."""
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    raise_if(
        tiebreak_problems(
            tiebreaks, round_robin=tournament.is_round_robin, teams=tournament.is_team_event
        )
    )
    old = list(tournament.tiebreaks)
    if old == list(tiebreaks):
        return tournament
    round_number = last_round_number(tournament)
    if round_number:
        _refuse_locked([_("The tie-break list")], tournament, reason)
    tournament.tiebreaks = list(tiebreaks)
    tournament.save(update_fields=["tiebreaks", "updated_at"])
    log_event(
        tournament,
        TournamentLog.Kind.TIEBREAKS,
        gettext_lazy("Tie-breaks changed from %(old)s to %(new)s."),
        params={"old": ", ".join(old) or "-", "new": ", ".join(tiebreaks) or "-"},
        user=user,
        round_number=round_number or None,
        reason=reason,
        old=old,
        new=list(tiebreaks),
    )
    return tournament


def fide_mode_exit_consequences() -> tuple[str, ...]:
    """What leaving FIDE mode does, as the L4 question lists it."""
    return (
        _("There is no way back: the tournament can never return to FIDE mode."),
        _(
            "Every page and printed report of the tournament is marked as not run in "
            "FIDE mode, for good."
        ),
        _("The TRF report carries a ### line naming the round and your reason."),
        _(
            "Settings locked once round 1 is paired (rounds, pairing system, tie-breaks, "
            "points) can then be changed with a reason; results of older rounds can be "
            "corrected."
        ),
    )


@transaction.atomic
def leave_fide_mode(
    tournament: Tournament, *, user: AbstractBaseUser | None, reason: str, confirm: str = ""
) -> Tournament:
    """Leave FIDE mode for good (FIDE checklist A5): an L4 two-step confirmation with the
    consequences, a reason, a ``###`` line with the round, no re-entry."""
    if not reason.strip():
        raise TournamentError(_("Leaving FIDE mode needs a reason."))
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    if not tournament.fide_mode:
        raise TournamentError(_("The tournament is not in FIDE mode."))
    question = Caution(
        Level.CONSEQUENCES,
        _("Leave FIDE mode for %(name)s?") % {"name": tournament.name},
        fide_mode_exit_consequences(),
    )
    require_confirmation([question], confirm, action=f"leave-fide-mode:{tournament.pk}")
    tournament.fide_mode = False
    tournament.save(update_fields=["fide_mode", "updated_at"])
    latest = last_round_number(tournament)
    log_event(
        tournament,
        TournamentLog.Kind.FIDE_MODE_EXIT,
        gettext_lazy("FIDE mode left after round %(round)s was paired.")
        if latest
        else gettext_lazy("FIDE mode left before round 1 was paired."),
        params={"round": latest},
        user=user,
        round_number=latest or None,
        reason=reason,
    )
    return tournament
