"""The Chess960 positions of a round, for the round page."""

from __future__ import annotations

from django import template

from tournaments.models import Round
from tournaments.services.chess960 import StartingPosition, round_positions

register = template.Library()


@register.simple_tag
def chess960_positions(round_: Round) -> list[StartingPosition]:
    return round_positions(round_)
