"""Template filters for the games pages: audit values and ruling decisions in words."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from games.models import Game, GameChange
from games.rules.clocks import format_seconds
from games.rules.rulesets import RULESETS
from games.rules.sides import move_label

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
def clock_time(seconds: float) -> str:
    """A clock reading as the clock shows it, ``1:59:39``."""
    return format_seconds(seconds)


def move_reading(ply: int, san: str, clock: float | None, elapsed: float | None) -> str:
    """``15... Nf6 1:23:45 (0:02:10 spent)``: a move with its clock reading."""
    parts = [move_label(ply), san]
    if clock is not None:
        parts.append(format_seconds(clock))
    if elapsed is not None:
        parts.append(gettext("(%(time)s spent)") % {"time": format_seconds(elapsed)})
    return " ".join(parts)


@register.filter
def reading_of(move: Any) -> str:
    """A stored move with its clock reading, as :func:`move_reading` writes it."""
    return move_reading(move.ply, move.san, move.clock, move.elapsed)


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


NAMED_PROVISIONS = {
    "Adjournment": _("the adjournment procedure"),
    "Resignation (online)": _("the house rule on resignation (online)"),
    "Flag fall (online)": _("the house rule on flag fall (online)"),
    "Draw offers (online)": _("the house rule on draw offers (online)"),
    "Automatic draw (online)": _("the house rule on automatic draws (online)"),
    "King into check (online)": _("the house rule on moving into check (online)"),
    "Abandonment (online)": _("the house rule on abandonment (online)"),
}
"""The provisions a ruleset names instead of numbering (games.rules.articles)."""


@register.filter
def article_name(article: str) -> str:
    """``10.10(2)`` as it is; a named provision in the page's language."""
    return str(NAMED_PROVISIONS.get(article, article))


@register.filter
def article_heading(article: str) -> str:
    """``Article 10.10(2)``, or the named provision alone (never "Article Adjournment")."""
    if article in NAMED_PROVISIONS:
        return str(NAMED_PROVISIONS[article]).capitalize()
    return gettext("Article %(number)s") % {"number": article}


@register.filter
def ruleset_title(name: str) -> str:
    """A ruleset's name in the page's language (its code when unknown)."""
    ruleset = RULESETS.get(name)
    return ruleset.title(get_language() or "en") if ruleset else name


def _status(value: Any) -> str:
    return str(Game.Status(value).label) if value in Game.Status.values else str(value)


def _when(value: Any) -> str:
    moment = parse_datetime(str(value)) if value else None
    if moment is None:
        return str(value or "")
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return moment.strftime("%Y-%m-%d %H:%M")


def _envelope(value: dict[str, Any]) -> str:
    if "opened" in value:
        return gettext("envelope %(number)s opened") % {"number": value["opened"]}
    sealer = SIDES.get(value.get("sealer", ""), value.get("sealer", ""))
    return gettext(
        "envelope %(number)s sealed by %(sealer)s at %(adjourned)s, resumption %(resumes)s"
    ) % {
        "number": value.get("sealed", ""),
        "sealer": sealer,
        "adjourned": _when(value.get("adjourned_at")),
        "resumes": _when(value.get("resumes_at")),
    }


@register.filter
def audit_value(value: Any, field: str = "") -> str:
    """An audit entry's old or new value as a person reads it, in the page's language."""
    if value is None or value == "":
        return ""
    if field == GameChange.Field.CLOCK and isinstance(value, dict):
        return clock_adjustment(value)
    if field == GameChange.Field.READINGS and isinstance(value, list):
        return "; ".join(move_reading(*reading) for reading in value)
    if field == GameChange.Field.STATUS:
        return _status(value)
    if field == GameChange.Field.ENVELOPE and isinstance(value, dict):
        return _envelope(value)
    if field == GameChange.Field.RESULT and isinstance(value, dict):
        return f"{value.get('result', '')} ({_status(value.get('status'))})"
    if isinstance(value, list):
        return " ".join(str(item) for item in value)
    if isinstance(value, dict):
        return ", ".join(f"{key}: {audit_value(item)}" for key, item in value.items())
    return str(value)


@register.filter
def audit_reason(change: GameChange) -> str:
    """Why the change was made, in the page's language: a ruling's own explanation, a
    message of the application translated, an arbiter's words as typed."""
    if change.incident is not None:
        explanation = change.incident.ruling.get("explanation", {})
        language = "zh" if (get_language() or "").startswith("zh") else "en"
        return str(explanation.get(language) or change.reason)
    return gettext(change.reason) if change.reason else ""
