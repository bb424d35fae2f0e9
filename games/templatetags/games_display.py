"""Template filters for the games pages: audit values and ruling decisions in words."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext_lazy as _

register = template.Library()

DECISIONS = {
    "game_over": _("The game is over"),
    "play_on": _("Play continues"),
    "annul": _("The game is annulled and replayed"),
    "restart": _("The arbiter may have the game restarted"),
    "void": _("Void: no result, no rating change"),
}


@register.filter
def decision_label(value: str) -> str:
    return str(DECISIONS.get(value, value))


@register.filter
def audit_value(value: Any) -> str:
    """An audit entry's old or new value as a person reads it."""
    if value is None:
        return ""
    if isinstance(value, list):
        return " ".join(str(item) for item in value)
    if isinstance(value, dict):
        return ", ".join(f"{key}: {audit_value(item)}" for key, item in value.items())
    return str(value)
