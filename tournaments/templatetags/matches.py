"""The match and game of a round of a Double-Swiss event (C.04.5), where pages show a round:
``{% load matches %}{% round_caption tournament number %}`` gives "match 2, game 1", and
nothing for any other event."""

from __future__ import annotations

from django import template

from tournaments.models import Tournament
from tournaments.services.double_swiss import round_caption as caption

register = template.Library()


@register.simple_tag
def round_caption(tournament: Tournament, number: int) -> str:
    return caption(tournament, int(number))
