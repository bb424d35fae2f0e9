"""Template filters of the arbiters' pages: exact points and rating changes as printed."""

from __future__ import annotations

from fractions import Fraction

from django import template

from tournaments.models import Tournament
from tournaments.permissions import Action, actions_for
from tournaments.scoring.standings import format_points
from tournaments.selectors import fide_mode_mark

register = template.Library()


@register.filter
def points(value: Fraction | int | None) -> str:
    """``Fraction(9, 2)`` → ``4.5``, as the standings print it."""
    return "" if value is None else format_points(Fraction(value))


@register.filter
def signed(value: Fraction | None) -> str:
    """A rating change to one decimal with its sign: ``+7.6``, ``−12.0``, ``0.0``."""
    if value is None:
        return ""
    number = round(float(value), 1)
    if number > 0:
        return f"+{number:.1f}"
    if number < 0:
        return f"−{-number:.1f}"
    return "0.0"


@register.simple_tag(takes_context=True)
def tournament_actions(context: template.Context, tournament: Tournament) -> frozenset[Action]:
    """What the page's user may do to the tournament: ``{% tournament_actions t as actions %}``
    (for shared fragments such as the navigation, on pages that do not pass it)."""
    return actions_for(context["request"].user, tournament)


@register.simple_tag(takes_context=True)
def fide_exit_mark(context: template.Context, tournament: object) -> str:
    """The mark of a tournament that left FIDE mode (empty otherwise, or without one); a
    game's page marks the game's tournament."""
    if not isinstance(tournament, Tournament):
        tournament = getattr(context.get("game"), "tournament", None)
    return fide_mode_mark(tournament) if isinstance(tournament, Tournament) else ""
