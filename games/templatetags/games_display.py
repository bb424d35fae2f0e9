"""Template filters for the games pages: audit values and ruling decisions in words."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

register = template.Library()

DECISIONS = {
    "game_over": _("The game is over"),
    "play_on": _("Play continues"),
    "annul": _("The game is annulled and replayed"),
    "restart": _("The arbiter may have the game restarted"),
    "void": _("Void: no result, no rating change"),
}


SIDES = {"white": _("White"), "black": _("Black")}

CLOCK_CHANGES = {
    "add_used": _("added to the used time"),
    "add_remaining": _("added to the remaining time"),
}


@register.filter
def in_page_language(explanation: dict[str, str]) -> str:
    """A ruling's explanation in the page's language only: an English page never shows the
    Chinese text (FIDE checklist A1), a Chinese page shows the Chinese one."""
    chinese = (get_language() or "en").lower().startswith("zh")
    return explanation.get("zh" if chinese else "en") or explanation.get("en", "")


@register.filter
def decision_label(value: str) -> str:
    return str(DECISIONS.get(value, value))


@register.filter
def clock_adjustment(adjustment: dict[str, Any]) -> str:
    """``White: 5:00 added to the used time``, from a ruling's stored clock adjustment."""
    minutes, seconds = divmod(int(adjustment["seconds"]), 60)
    side = SIDES.get(adjustment["color"], adjustment["color"])
    change = CLOCK_CHANGES.get(adjustment["change"], adjustment["change"])
    return f"{side}: {minutes}:{seconds:02d} {change}"


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
