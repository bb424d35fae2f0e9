"""What the arbiter saw, as a reader of a ruling reads it: each fact of an incident with its
label and its value in the page's language.

The incident forms (:mod:`games.forms`) store facts in incident-file form — ``"white"``,
``True``, seconds, ISO times, lists of moves. An appeals committee reads them here instead:
``Claimant: White``, ``Claimant's used time: 0:25:00``, ``Session start: 2026-12-03 15:20``
(in the event's time zone), ``The game record as written: 1. e4 e5 2. Nf3``. The printed
incident report and the incident page both print :func:`incident_facts`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import formats, timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.forms import (
    CHOICE_LABELS,
    COLOUR_CHOICES,
    HIDDEN_FIELDS,
    INCIDENT_FORMS,
    LABELS,
    ResumptionForm,
    SealForm,
)
from games.models import Incident, IncidentKind
from games.rules.clocks import format_seconds
from games.rules.sides import numbered_moves

TIMES = {
    "session_start",
    "ruled_at",
    "white_arrived",
    "black_arrived",
    "adjourned_at",
    "resumes_at",
}
"""Facts that are a moment, stored as ISO 8601."""

MOVE_LISTS = {"moves", "sheet"}
"""Facts that are moves as written, in order from the game's initial position."""

COLOURS = {"by", "claimant", "sealer", "player", "flagged", "players"}
"""Facts that name a side (or, ``players``, several)."""

DURATIONS: dict[str, Any] = {
    "white_used": _("White's used time"),
    "black_used": _("Black's used time"),
    "claimant_used": _("Claimant's used time"),
    "remaining_seconds": _("His time left until the control"),
    "white_remaining": _("White's time left until the control"),
    "black_remaining": _("Black's time left until the control"),
    "used_seconds": _("His used time on the clock"),
    "seconds_spent": _("Time spent copying"),
}
"""Facts in seconds, printed as a clock shows them (h:mm:ss); the forms' labels ask for
seconds, these name the time alone."""

REPORT_LABELS: dict[str, Any] = {
    **DURATIONS,
    "time_control": _("Time control"),
    "last_identifiable_ply": _("Last half-move whose position is known"),
    "position_on_board": _("Position set up on the board (FEN)"),
    "adjournment": _("Adjournment number"),
    "earlier_illegal_moves": _("His earlier illegal moves in this game"),
}
"""Labels where a form's label is an instruction to the person filling it in."""

NOT_SHOWN = (HIDDEN_FIELDS - {"earlier_illegal_moves"}) | {"kind"}
"""The earlier draw offers are the game's other incidents, listed beside this one."""

CLAIMS = {
    "threefold": _("threefold repetition"),
    "fifty_moves": _("fifty-move rule"),
}


@dataclass(frozen=True)
class Fact:
    label: str
    value: str

    def __str__(self) -> str:
        """``Claimant: White``, as one line of a report."""
        return gettext("%(label)s: %(value)s") % {"label": self.label, "value": self.value}


def incident_facts(incident: Incident) -> list[Fact]:
    """The incident's facts in the order its form asks for them, then any other fact."""
    facts = dict(incident.facts)
    facts.update(facts.pop("attendance", None) or {})  # a resumption's arrivals
    order = _field_order(incident.kind)
    names = sorted(
        (name for name in facts if name not in NOT_SHOWN),
        key=lambda name: (order.index(name) if name in order else len(order), name),
    )
    fen = incident.game.initial_fen
    return [Fact(_label(incident.kind, name), fact_value(name, facts[name], fen)) for name in names]


def fact_value(name: str, value: Any, fen: str | None = None) -> str:
    """One fact's value in words: sides, times, durations, moves, yes/no, choices."""
    if name in TIMES:
        return _moment(value) if value else gettext("not by the time of this ruling")
    if value is None or value == "":
        return "—"
    if name in MOVE_LISTS and isinstance(value, list):
        return numbered_moves([str(move) for move in value], *([fen] if fen else []))
    if name in COLOURS:
        sides = dict(COLOUR_CHOICES)
        items = value if isinstance(value, list) else [value]
        return ", ".join(str(sides.get(item, item)) for item in items)
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if name in DURATIONS and isinstance(value, int | float):
        return format_seconds(value)
    if isinstance(value, str):
        return str(CHOICE_LABELS.get(value) or CLAIMS.get(value) or value)
    if isinstance(value, list):
        return ", ".join(fact_value(name, item, fen) for item in value)
    return str(value)


def _moment(value: str) -> str:
    """An ISO time in the event's time zone, as the reader's language writes a date and time."""
    moment = parse_datetime(str(value))
    if moment is None:
        return str(value)
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return formats.date_format(moment, "DATETIME_FORMAT")


def _field_order(kind: str) -> list[str]:
    if kind == IncidentKind.SEAL:
        return [*SealForm.base_fields, "adjournment"]
    if kind == IncidentKind.RESUMPTION:
        return [*ResumptionForm.base_fields]
    form = INCIDENT_FORMS.get(kind)
    return [*form.base_fields] if form else []


def _label(kind: str, name: str) -> str:
    if name in REPORT_LABELS:
        return str(REPORT_LABELS[name])
    for form in (INCIDENT_FORMS.get(kind), SealForm, ResumptionForm):
        if form is not None and name in form.base_fields:
            return str(form.base_fields[name].label)
    return str(LABELS.get(name) or name.replace("_", " ").capitalize())
