"""Ratings from a round on (FIDE checklist C23): in an event over 30 days a new rating list
comes out while it runs, and a player may carry several ratings, each tied to the rounds it
is in force for. His first rating (the one he entered with) holds until the first of them.

Games of a round are rated with the ratings in force in that round; the rating tie-breaks use
every player's first rating unless the tournament chose each round's rating
(``round_ratings_in_tiebreaks``). Setting or removing a rating for a round already paired
changes what those rounds are worth: it asks L3 and is logged as a rating correction.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Player, RoundRating, Tournament, TournamentLog
from tournaments.models.player import MAX_RATING

from .audit import last_round_number, log_event
from .errors import TournamentError, raise_if
from .warnings import Caution, Level, require_confirmation


def _paired_round_question(tournament: Tournament, from_round: int, confirm: str) -> None:
    """L3 when the change reaches a round already paired (its ratings are in use)."""
    paired = last_round_number(tournament)
    if from_round > paired:
        return
    question = Caution(
        Level.CONFIRM,
        _(
            "Round %(round)s is already paired: the rating changes and rating tie-breaks of "
            "rounds %(round)s to %(last)s change with it."
        )
        % {"round": from_round, "last": paired},
    )
    require_confirmation([question], confirm, action=f"round-rating:{tournament.pk}")


def _problems(tournament: Tournament, from_round: int, rating: int | None) -> list[str]:
    problems = []
    if not 2 <= from_round <= tournament.number_of_rounds:
        problems.append(
            _(
                "A rating from a round on starts in round 2 to %(last)s (the first round "
                "uses the player's rating)."
            )
            % {"last": tournament.number_of_rounds}
        )
    if rating is not None and not 1 <= rating <= MAX_RATING:
        problems.append(_("A rating is from 1 to %(max)s.") % {"max": MAX_RATING})
    return problems


@transaction.atomic
def set_round_rating(
    player: Player,
    from_round: int,
    rating: int,
    *,
    source: str = "",
    user: AbstractBaseUser | None = None,
    reason: str = "",
    confirm: str = "",
) -> RoundRating:
    """Give ``player`` the rating ``rating`` from round ``from_round`` on (replacing the one
    set for that round, if any)."""
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=player.tournament_id)
    raise_if(_problems(tournament, from_round, rating))
    existing = RoundRating.objects.filter(player=player, from_round=from_round).first()
    if existing is not None and existing.rating == rating and existing.source == source:
        return existing
    _paired_round_question(tournament, from_round, confirm)
    old = existing.rating if existing is not None else None
    entry, _created = RoundRating.objects.update_or_create(
        player=player, from_round=from_round, defaults={"rating": rating, "source": source}
    )
    log_event(
        tournament,
        TournamentLog.Kind.RATING_CORRECTION,
        gettext_lazy("Rating of %(player)s from round %(round)s on: %(rating)s."),
        params={"player": player.name, "round": from_round, "rating": rating},
        user=user,
        round_number=last_round_number(tournament) or None,
        reason=reason or source,
        old=old,
        new=rating,
    )
    return entry


@transaction.atomic
def remove_round_rating(
    player: Player,
    from_round: int,
    *,
    user: AbstractBaseUser | None = None,
    reason: str = "",
    confirm: str = "",
) -> None:
    """Remove the rating set from ``from_round`` on: the one before it holds again."""
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=player.tournament_id)
    existing = RoundRating.objects.filter(player=player, from_round=from_round).first()
    if existing is None:
        raise TournamentError(
            _("%(player)s has no rating set from round %(round)s on.")
            % {"player": player.name, "round": from_round}
        )
    _paired_round_question(tournament, from_round, confirm)
    existing.delete()
    log_event(
        tournament,
        TournamentLog.Kind.RATING_CORRECTION,
        gettext_lazy("Rating of %(player)s from round %(round)s on removed (was %(rating)s)."),
        params={"player": player.name, "round": from_round, "rating": existing.rating},
        user=user,
        round_number=last_round_number(tournament) or None,
        reason=reason,
        old=existing.rating,
        new=None,
    )


def round_ratings(player: Player) -> list[RoundRating]:
    """The player's ratings from a round on, first round first."""
    return list(player.round_ratings.order_by("from_round"))
