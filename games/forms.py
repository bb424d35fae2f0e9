"""Forms of the games pages: upload, move entry, friendly games, and one form per incident kind.

The incident forms are built from the rules engine's incident dataclasses (one form class per
kind, :data:`INCIDENT_FORMS`), so a field the engine adds appears on its form; their cleaned
data become the engine's incident-file JSON (:meth:`IncidentForm.facts`).
"""

from __future__ import annotations

import dataclasses
import enum
import re
import types
import typing
from datetime import datetime
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from games.models import IncidentKind
from games.rules.incidents.files import KINDS
from games.rules.text import ENCODINGS
from games.services import GameError, decode_pgn, refuse_unfit_pgn
from tournaments.limits import (
    MAX_GAMES_PER_FILE,
    MAX_ROUNDS,
    MAX_SECONDS,
    MAX_UPLOAD_BYTES,
    file_size_refusal,
)
from tournaments.models import Pairing
from tournaments.models.tournament import ruleset_choices

COLOUR_CHOICES = [("white", _("White")), ("black", _("Black"))]
DATETIME_FORMATS = ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S"]
_MOVE_NUMBER = re.compile(r"^\d+\.+$|^\d+\.\.\.$")
_GLUED_NUMBER = re.compile(r"^\d+\.+(?=\S)")


def split_moves(text: str) -> list[str]:
    """The moves of a typed scoresheet: whitespace- or comma-separated, move numbers
    (``1.``, ``12...``, ``1.e4``) and a trailing result dropped."""
    moves = []
    for token in re.split(r"[\s,;]+", text.strip()):
        token = _GLUED_NUMBER.sub("", token)
        if not token or _MOVE_NUMBER.match(token) or token in ("1-0", "0-1", "1/2-1/2", "*"):
            continue
        moves.append(token)
    return moves


class DateTimeLocalInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self) -> None:
        super().__init__(format="%Y-%m-%dT%H:%M")


def datetime_field(label: Any, *, required: bool = True) -> forms.DateTimeField:
    return forms.DateTimeField(
        label=label, required=required, widget=DateTimeLocalInput(), input_formats=DATETIME_FORMATS
    )


class PgnUploadForm(forms.Form):
    file = forms.FileField(
        label=_("PGN file"),
        help_text=lazy(
            lambda: (
                _(
                    "One game or a whole round, at most %(megabytes)s MB and %(games)s games. "
                    "UTF-8, GBK or Latin-1: detected unless chosen below."
                )
                % {
                    "megabytes": MAX_UPLOAD_BYTES // (1024 * 1024),
                    "games": f"{MAX_GAMES_PER_FILE:,}",
                }
            ),
            str,
        )(),
    )
    encoding = forms.ChoiceField(
        label=_("Encoding"),
        required=False,
        choices=[("", _("Detect")), *ENCODINGS.items()],
        help_text=_("Choose one if the names come out garbled."),
    )
    round_number = forms.IntegerField(
        label=_("Round"),
        required=False,
        min_value=1,
        max_value=MAX_ROUNDS,
        help_text=_("Leave empty to use each game's Round tag."),
    )

    def clean(self) -> dict[str, Any]:
        """The file's text (``text``) and the encoding it was read in (``read_as``), or
        an error naming the limit it exceeds."""
        data = super().clean() or {}
        file = data.get("file")
        if file is None:
            return data
        if refusal := file_size_refusal(file.size):
            raise forms.ValidationError(refusal)
        try:
            data["text"], data["read_as"] = decode_pgn(file.read(), data.get("encoding") or None)
            refuse_unfit_pgn(data["text"])
        except GameError as error:
            raise forms.ValidationError(error.problems) from None
        return data


class MoveEntryForm(forms.Form):
    moves = forms.CharField(
        label=_("Moves as written on the scoresheet"),
        required=False,
        widget=forms.Textarea(
            attrs={
                "rows": 8,
                "cols": 60,
                "spellcheck": "false",
                "autocapitalize": "off",
                "autocomplete": "off",
            }
        ),
        help_text=_("Move numbers optional; 0-0, e8Q, exd6e.p., Ng1-f3, ♘f3 and 马f3 are read."),
    )
    reason = forms.CharField(
        label=_("Reason for changing recorded moves"), required=False, max_length=500
    )
    discard_readings = forms.BooleanField(
        label=_("Discard the clock readings listed above"),
        required=False,
        widget=forms.HiddenInput,
    )

    def ask_to_discard_readings(self) -> None:
        """Show the confirmation that saving may discard clock readings."""
        self.fields["discard_readings"].widget = forms.CheckboxInput()

    def sans(self) -> list[str]:
        return split_moves(self.cleaned_data.get("moves", ""))


class FriendlyGameForm(forms.Form):
    white_name = forms.CharField(label=_("White"), max_length=200)
    black_name = forms.CharField(label=_("Black"), max_length=200)
    ruleset = forms.ChoiceField(label=_("Ruleset"), choices=ruleset_choices)
    time_control = forms.CharField(
        label=_("Time control"), required=False, max_length=100, help_text=_("e.g. 40/7200:3600")
    )
    start_fen = forms.CharField(
        label=_("Starting position (FEN)"),
        required=False,
        max_length=100,
        help_text=_("Empty for the standard starting position."),
    )


class CorrectionForm(forms.Form):
    result = forms.ChoiceField(
        label=_("Result"),
        choices=[("1-0", "1-0"), ("0-1", "0-1"), ("1/2-1/2", "½-½"), ("0-0", "0-0"), ("*", "*")],
    )
    reason = forms.CharField(label=_("Reason"), max_length=500)


def import_form(checks: list[Any]) -> type[forms.Form]:
    """The arbiter's decisions on an uploaded file: for each importable game, import or not,
    and on which board (the matched one preselected)."""
    fields: dict[str, forms.Field] = {}
    for check in checks:
        if not check.importable or not check.candidates:
            continue
        choices = [("", "—")] + [(str(p.pk), _board_label(p)) for p in check.candidates]
        fields[f"board_{check.number}"] = forms.ChoiceField(
            label=_("Board for game %(number)s") % {"number": check.number},
            choices=choices,
            required=False,
            initial=str(check.pairing.pk) if check.pairing else "",
        )
        fields[f"import_{check.number}"] = forms.BooleanField(
            label=_("Import game %(number)s") % {"number": check.number},
            required=False,
            initial=check.pairing is not None and check.status == "clean",
        )
    return type("ImportForm", (forms.Form,), fields)


def _board_label(pairing: Pairing) -> str:
    black = pairing.black.name if pairing.black else "—"
    return f"{pairing.board}: {pairing.white.name} – {black}"


class SealForm(forms.Form):
    sealer = forms.ChoiceField(label=_("Sealed by"), choices=COLOUR_CHOICES)
    sealed_move = forms.CharField(
        label=_("Sealed move (as written)"),
        max_length=20,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    white_used = forms.IntegerField(
        label=_("White's used time (seconds)"), min_value=0, max_value=MAX_SECONDS
    )
    black_used = forms.IntegerField(
        label=_("Black's used time (seconds)"), min_value=0, max_value=MAX_SECONDS
    )
    adjourned_at = datetime_field(_("Adjourned at"))
    resumes_at = datetime_field(_("Resumes at"))


class ResumptionForm(forms.Form):
    session_start = datetime_field(_("Resumption start"))
    ruled_at = datetime_field(_("Time of this ruling"))
    white_arrived = datetime_field(_("White arrived at"), required=False)
    black_arrived = datetime_field(_("Black arrived at"), required=False)
    position_on_board = forms.CharField(
        label=_("Position set up on the board (FEN), if checked"), required=False, max_length=100
    )

    def attendance(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            key: data[key].isoformat() if data.get(key) else None
            for key in ("session_start", "ruled_at", "white_arrived", "black_arrived")
        }


LABELS: dict[str, Any] = {
    "session_start": _("Session start"),
    "ruled_at": _("Time of this ruling"),
    "white_arrived": _("White arrived at"),
    "black_arrived": _("Black arrived at"),
    "restorable": _("The position before the accident can be established"),
    "by": _("Player"),
    "set_up": _("Position as set up (FEN)"),
    "white_used": _("White's used time (seconds)"),
    "black_used": _("Black's used time (seconds)"),
    "time_control": _("Time control, if the game has none"),
    "touched": _("Squares of the pieces touched, in order"),
    "adjusted": _("He said “I adjust” first (7.1)"),
    "order_known": _("The order of the touched pieces is known"),
    "castling": _("He touched the king to castle"),
    "claimant_touched_first": _("The claimant had touched a piece himself (7.4)"),
    "timing": _("When the offer was made"),
    "response": _("The opponent's answer so far"),
    "player": _("Scoresheet of"),
    "sheet": _("Moves on the scoresheet"),
    "remaining_seconds": _("His time left until the control (seconds)"),
    "control_passed": _("A flag has fallen or the control is passed"),
    "white_incomplete": _("White's scoresheet is incomplete"),
    "black_incomplete": _("Black's scoresheet is incomplete"),
    "uses_arbiter_record": _("The arbiter's record or a supervised board is used"),
    "reconstruction": _("How the moves can be reconstructed"),
    "before_control": _("Before the time control"),
    "disturbs_opponent": _("It disturbs the opponent"),
    "seconds_spent": _("Seconds spent copying"),
    "players": _("Players refusing to keep score"),
    "white_remaining": _("White's time left until the control (seconds)"),
    "black_remaining": _("Black's time left until the control (seconds)"),
    "flagged": _("Whose flag fell"),
    "flag_fallen": _("A flag has fallen since"),
    "moves_asked": _("A player asked how many moves have been made"),
    "used_seconds": _("His used time on the clock (seconds)"),
    "adjourn_after_move": _("The session ends after move"),
    "earlier_fouls": _("His earlier fouls in this game"),
    "last_identifiable_ply": _("Last half-move whose position is known (empty: the last one)"),
}
CHOICE_LABELS = {
    "kingside": _("kingside"),
    "queenside": _("queenside"),
    "after_move": _("after making his move"),
    "opponent_time": _("on the opponent's time"),
    "own_time": _("on his own time, before moving"),
    "after_sealing": _("after sealing his move"),
    "pending": _("no answer yet"),
    "accepted": _("accepted"),
    "rejected": _("rejected"),
    "moved": _("the opponent moved instead of answering"),
    "scoresheets": _("from the scoresheets"),
    "board": _("from the position on the board"),
    "impossible": _("cannot be reconstructed"),
}
"""The incident files' choice values as the form shows them."""
HIDDEN_FIELDS = {"earlier_offers", "earlier_illegal_moves"}
"""Facts the service takes from the game's earlier incidents instead of asking for them."""
RECORD_AS_WRITTEN_KINDS = {IncidentKind.ILLEGAL_MOVE}
"""Kinds ruled on the record as written, which may hold the illegal move."""


class IncidentForm(forms.Form):
    """An incident as the arbiter saw it; :meth:`facts` gives it in incident-file form."""

    kind: str = ""
    sequence_fields: frozenset[str] = frozenset()

    def facts(self) -> dict[str, Any]:
        facts: dict[str, Any] = {}
        for name, value in self.cleaned_data.items():
            if value is None or value == "":
                continue
            if name in self.sequence_fields:
                value = split_moves(value) if isinstance(value, str) else list(value)
            elif isinstance(value, datetime):
                value = value.isoformat()
            facts[name] = value
        return facts


def _field_for(cls: type[Any], field: dataclasses.Field[Any], hint: Any) -> forms.Field:
    label = LABELS.get(field.name, field.name.replace("_", " ").capitalize())
    optional = field.default is not dataclasses.MISSING or (
        field.default_factory is not dataclasses.MISSING
    )
    is_colour = "chess.Color" in str(cls.__annotations__[field.name])
    origin = typing.get_origin(hint)
    args = [arg for arg in typing.get_args(hint) if arg is not type(None)]
    nullable = origin in (typing.Union, types.UnionType)
    if nullable:
        hint, optional = args[0], True
        origin = typing.get_origin(hint)
    if origin is tuple:
        if is_colour:
            return forms.MultipleChoiceField(
                label=label, choices=COLOUR_CHOICES, widget=forms.CheckboxSelectMultiple
            )
        return forms.CharField(label=label, help_text=_("Separated by spaces."))
    if is_colour:
        return forms.ChoiceField(label=label, choices=COLOUR_CHOICES)
    if hint is bool:
        return forms.BooleanField(label=label, required=False, initial=field.default is True)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        choices = [
            (member.value, CHOICE_LABELS.get(member.value, member.value.replace("_", " ")))
            for member in hint
        ]
        if nullable:
            choices = [("", "—"), *choices]
        initial = field.default.value if isinstance(field.default, enum.Enum) else ""
        return forms.ChoiceField(
            label=label, choices=choices, required=not optional, initial=initial
        )
    if hint is datetime:
        return datetime_field(label, required=not optional)
    if hint is int:
        return forms.IntegerField(
            label=label, required=not optional, min_value=0, max_value=MAX_SECONDS
        )
    if hint is float:
        return forms.FloatField(
            label=label, required=not optional, min_value=0, max_value=MAX_SECONDS
        )
    return forms.CharField(label=label, required=not optional, max_length=200)


def _incident_form(kind: str) -> type[IncidentForm]:
    cls = KINDS[kind]
    hints = typing.get_type_hints(cls)
    fields: dict[str, Any] = {"kind": kind}
    sequences = set()
    if kind in RECORD_AS_WRITTEN_KINDS:
        fields["moves"] = forms.CharField(
            label=_("The game record as written, the illegal move included"),
            widget=forms.Textarea(attrs={"rows": 5, "cols": 60}),
        )
        sequences.add("moves")
    for field in dataclasses.fields(cls):
        if field.name in HIDDEN_FIELDS:
            continue
        fields[field.name] = _field_for(cls, field, hints[field.name])
        if typing.get_origin(hints[field.name]) is tuple:
            sequences.add(field.name)
    fields["sequence_fields"] = frozenset(sequences)
    name = "".join(part.capitalize() for part in kind.split("_")) + "Form"
    return type(name, (IncidentForm,), fields)


class DrawClaimForm(IncidentForm):
    kind = IncidentKind.DRAW_CLAIM
    claimant = forms.ChoiceField(label=_("Claimant"), choices=COLOUR_CHOICES)
    claim = forms.ChoiceField(
        label=_("Claim"),
        choices=[
            ("threefold", _("Threefold repetition (10.10)")),
            ("fifty_moves", _("Fifty moves (10.12)")),
        ],
    )
    written_move = forms.CharField(
        label=_("Move written and declared, not played"), required=False, max_length=20
    )
    move_count = forms.IntegerField(
        label=_("Organiser's extended move count"), required=False, min_value=1, max_value=1000
    )
    claimant_used = forms.FloatField(
        label=_("Claimant's used time (seconds)"),
        required=False,
        min_value=0,
        max_value=MAX_SECONDS,
        help_text=_("Needed to decide whether a penalty makes him overstep."),
    )


ENVELOPE_KINDS = {IncidentKind.SEAL, IncidentKind.RESUMPTION}
"""Entered on the envelope pages, not on an incident form."""

INCIDENT_FORMS: dict[str, type[IncidentForm]] = {
    IncidentKind.DRAW_CLAIM: DrawClaimForm,
    **{
        kind: _incident_form(kind)
        for kind in KINDS
        if kind not in ENVELOPE_KINDS and kind != IncidentKind.DRAW_CLAIM
    },
}
"""One form class per incident kind."""
