"""Forms of the arbiters' pages. They check shape only; the services decide what is allowed."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from games.rules.text import NotTextError, decode_bytes, refuse_binary, refuse_nul
from tournaments.limits import MAX_PLAYERS, MAX_ROUNDS, MAX_UPLOAD_BYTES, boards_refusal
from tournaments.models import Absence, Acceleration, Player, Result, Tournament, TournamentRole
from tournaments.models.round import RATING_REPORT_RESULTS
from tournaments.services.configuration import (
    BOARD_PRIZE_FIELDS,
    POINT_FIELDS,
    TEAM_EVENT_FIELDS,
    TOURNAMENT_FIELDS,
    rating_sequence_problems,
    tiebreak_problems,
    time_control_problems,
)
from tournaments.services.players import PLAYER_FIELDS


class ConfirmField(forms.CharField):
    """The answer to a warning's question (FIDE checklist L55), sent back by the question
    page (:func:`tournaments.views.common.confirmation_page`); empty on the first request."""

    def __init__(self) -> None:
        super().__init__(required=False, widget=forms.HiddenInput, max_length=500)


class DateInput(forms.DateInput):
    """A browser date picker. Its value is ISO in every language (the picker shows it in
    the reader's own format); a localised value such as ``2026/12/10`` shows blank and is
    submitted blank, which would erase the date on save."""

    input_type = "date"

    def __init__(self) -> None:
        super().__init__(format="%Y-%m-%d")


class CommaListField(forms.CharField):
    """A list typed as words separated by commas (or semicolons); subclasses say how an item
    is written (:meth:`normalise`) and what is wrong with a list (:meth:`problems`)."""

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list):
            return ", ".join(value)
        return value

    def to_python(self, value: Any) -> list[str]:
        text = super().to_python(value) or ""
        items = text.replace(";", ",").split(",")
        return [self.normalise(item.strip()) for item in items if item.strip()]

    def validate(self, value: Any) -> None:
        problems = self.problems(value)
        if problems:
            raise forms.ValidationError(problems)

    def normalise(self, item: str) -> str:
        return item

    def problems(self, value: list[str]) -> list[str]:
        return []


class TiebreakField(CommaListField):
    """The ordered tie-break list typed as FIDE writes it: ``BH/C1, BH, SB``."""

    def normalise(self, item: str) -> str:
        return item.upper()

    def problems(self, value: list[str]) -> list[str]:
        # Whether the event is a team event is another field's: a list of team tie-breaks
        # (C.07's MP, EMMSB, BH:GP…) passes here, and the event's own kind is checked when
        # it is saved (create_tournament / update_tournament).
        individual = tiebreak_problems(value)
        return individual if individual and tiebreak_problems(value, teams=True) else []


class RatingSequenceField(CommaListField):
    """The rating lists in order, typed as names: ``effective_rapid, blitz``."""

    def normalise(self, item: str) -> str:
        return item.lower()

    def problems(self, value: list[str]) -> list[str]:
        return list(rating_sequence_problems(value))


class TournamentForm(forms.ModelForm):
    rating_sequence = RatingSequenceField(
        label=_("Rating lists, in order"),
        required=False,
        help_text=_(
            "Of standard, rapid, blitz, effective_rapid, effective_blitz, separated by commas; "
            "the first that rates a player gives his tournament rating. Empty: standard for a "
            "standard event, effective_rapid, blitz for rapid, effective_blitz, rapid for blitz."
        ),
    )
    tiebreaks = TiebreakField(
        label=_("Tie-breaks"),
        required=False,
        help_text=_("In order, separated by commas, e.g. BH/C1, BH, SB."),
    )
    reason = forms.CharField(
        label=_("Reason for the change"),
        required=False,
        max_length=500,
        help_text=_("Needed to change the tie-breaks once round 1 is paired; kept in the log."),
    )

    class Meta:
        model = Tournament
        fields = TOURNAMENT_FIELDS
        widgets = {"start_date": DateInput(), "end_date": DateInput()}
        # The model's "name" is shared with the player's (姓名); an event's is 名称.
        labels = {"name": _("Name")}

    FIELDSETS = [
        (
            _("Event"),
            ["name", "place", "federation", "start_date", "end_date", "public"],
        ),
        (_("Arbiters"), ["chief_arbiter", "deputy_arbiters"]),
        (
            _("Play"),
            [
                "system",
                "number_of_rounds",
                "acceleration",
                "reverse_last_two_rounds",
                "initial_color",
                "ruleset",
                "time_control",
                "rating_type",
                "variant",
                "chess960_draw",
            ],
        ),
        (_("Organiser's numbers"), ["default_time_minutes", "fifty_move_positions"]),
        (
            _("Ratings"),
            [
                "rating_sequence",
                "rating_method",
                "rating_check",
                "unrated_rating",
                "unrated_left_out",
                "round_ratings_in_tiebreaks",
            ],
        ),
        (_("Ranking"), ["initial_order", "tiebreaks", "reason"]),
        (_("Points"), list(POINT_FIELDS)),
        (_("Team event"), [*TEAM_EVENT_FIELDS, *BOARD_PRIZE_FIELDS]),
    ]
    """The form's fields in the groups the page shows them in."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is None:
            del self.fields["reason"]
            self._ruleset_by_date()
        if not self.instance.virtual_points:
            # Only an imported file brings its own virtual points: not a choice to offer here.
            acceleration = self.fields["acceleration"]
            acceleration.choices = [  # type: ignore[attr-defined]
                (value, label)
                for value, label in acceleration.choices  # type: ignore[attr-defined]
                if value != Acceleration.FILE
            ]

    def _ruleset_by_date(self) -> None:
        """A new event's ruleset may be left to its start date: the Laws in force then
        (:func:`tournaments.services.configuration.create_tournament`), offered first."""
        ruleset = self.fields["ruleset"]
        ruleset.required = False
        ruleset.choices = [  # type: ignore[attr-defined]
            ("", _("The Laws in force on the start date (the 2023 Laws from 1 January 2023)")),
            *[(v, label) for v, label in ruleset.choices if v],  # type: ignore[attr-defined]
        ]
        ruleset.initial = ""
        self.initial["ruleset"] = ""
        ruleset.help_text = _(
            "Left to the start date, the event is played under the Laws in force on it (today "
            "without a start date); its settings page then names them."
        )

    def clean_time_control(self) -> str:
        text: str = self.cleaned_data["time_control"]
        problems = time_control_problems(text)
        if problems:
            raise forms.ValidationError(problems)
        return text

    def fieldsets(self) -> list[tuple[str, list[forms.BoundField]]]:
        return [
            (legend, [self[name] for name in names if name in self.fields])
            for legend, names in self.FIELDSETS
        ]


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = PLAYER_FIELDS
        widgets = {"birth_date": DateInput()}


class WithdrawForm(forms.Form):
    """A player leaving: he withdraws, or the arbiter expels him (with a reason: an expelled
    player of a Swiss is listed without a place, FIDE checklist B14, I48)."""

    WITHDRAWS, EXPELLED = "withdraws", "expelled"

    how = forms.ChoiceField(
        label=_("The player"),
        choices=[(WITHDRAWS, _("withdraws")), (EXPELLED, _("is expelled by the arbiter"))],
        initial=WITHDRAWS,
        widget=forms.RadioSelect,
    )
    after_round = forms.IntegerField(
        label=_("Last round played"),
        min_value=0,
        max_value=MAX_ROUNDS,
        help_text=_("0 if the player withdraws before round 1."),
    )
    reason = forms.CharField(
        label=_("Reason"),
        max_length=500,
        required=False,
        help_text=_("Required for an expulsion; kept in the tournament log."),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("how") == self.EXPELLED and not data.get("reason", "").strip():
            self.add_error("reason", _("Expelling a player needs a reason."))
        return data


class AbsenceForm(forms.Form):
    """A bye asked for before the round is paired."""

    round_number = forms.IntegerField(label=_("Round"), min_value=1, max_value=MAX_ROUNDS)
    kind = forms.ChoiceField(label=_("Kind of bye"), choices=Absence.Kind.choices)
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)
    confirm = ConfirmField()


class RoundRatingForm(forms.Form):
    """A player's rating from a round on (an event over 30 days, FIDE checklist C23)."""

    from_round = forms.IntegerField(label=_("From round"), min_value=2, max_value=MAX_ROUNDS)
    rating = forms.IntegerField(label=_("Rating"), min_value=1, max_value=3500)
    source = forms.CharField(
        label=_("Source"),
        max_length=200,
        required=False,
        help_text=_("E.g. the rating list it is from."),
    )
    confirm = ConfirmField()


class UploadForm(forms.Form):
    file = forms.FileField(label=_("File"))

    def clean_file(self) -> Any:
        file = self.cleaned_data["file"]
        if file.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                _("The file has %(size)s MB; at most %(limit)s MB are accepted.")
                % {
                    "size": f"{file.size / 1024 / 1024:.1f}",
                    "limit": MAX_UPLOAD_BYTES // (1024 * 1024),
                }
            )
        self.decoded, self.read_as = self.decode_as(file.read())
        return file

    def text(self) -> str:
        return self.decoded

    @staticmethod
    def decode_as(raw: bytes) -> tuple[str, str]:
        """An uploaded file as text and the encoding it was read in: UTF-8 (with or without
        BOM), else GBK or Windows-1252, whichever :mod:`games.rules.text` finds; a file with
        a NUL byte is no text."""
        try:
            refuse_nul(raw)
            text, read_as = decode_bytes(raw)
            refuse_binary(text)
        except NotTextError as error:
            raise forms.ValidationError(str(error)) from None
        return text, read_as


class PlayersUploadForm(UploadForm):
    """A CSV player list: uploaded, or (once a warning's question was answered) sent back
    as text by the question page, since an uploaded file is not sent twice."""

    file = forms.FileField(label=_("File"), required=False)
    csv = forms.CharField(
        required=False, strip=False, widget=forms.HiddenInput, max_length=MAX_UPLOAD_BYTES
    )
    confirm = ConfirmField()

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not cleaned.get("file") and not cleaned.get("csv") and not self.errors:
            self.add_error("file", forms.Field.default_error_messages["required"])
        return cleaned

    def text(self) -> str:
        return self.decoded if self.cleaned_data.get("file") else self.cleaned_data["csv"]

    def clean_file(self) -> Any:
        return super().clean_file() if self.cleaned_data.get("file") else None


BYE_WORDS = frozenset({"bye", "轮空"})
"""How a typed round marks a pairing-allocated bye: ``bye 5``, in Chinese ``轮空 5``."""


class PairingsForm(forms.Form):
    """A Swiss round by starting ranks, typed in (one board per line: ``12 7``; a bye:
    ``bye 5``) or uploaded as a pairing program's output (bbpPairings and JaVaFo write the
    number of boards first, then ``white black`` lines, a bye as ``5 0``)."""

    boards = forms.CharField(
        label=_("Boards"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 12, "cols": 24, "spellcheck": "false"}),
        help_text=_(
            "One board per line: white's starting rank, then black's (e.g. 12 7). "
            "A pairing-allocated bye: bye 5."
        ),
    )
    file = forms.FileField(
        label=_("Or the pairing program's output file"),
        required=False,
        help_text=_("bbpPairings or JaVaFo output: the number of boards, then one board a line."),
    )
    confirm = ConfirmField()

    @staticmethod
    def as_text(pairs: list[tuple[int, int]], byes: list[int]) -> str:
        """Boards as this form reads them, to send a checked round again."""
        lines = [f"{white} {black}" for white, black in pairs]
        return "\n".join([*lines, *(f"bye {rank}" for rank in byes)])

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        upload = data.get("file")
        text = UploadForm.decode_as(upload.read())[0] if upload else data.get("boards", "")
        data["pairs"], data["byes"] = self._parse(text)
        return data

    def _parse(self, text: str) -> tuple[list[tuple[int, int]], list[int]]:
        lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1)]
        lines = [(n, line) for n, line in lines if line]
        if lines and lines[0][1].isdigit() and int(lines[0][1]) == len(lines) - 1:
            lines = lines[1:]  # a pairing program's count of boards
        pairs: list[tuple[int, int]] = []
        byes: list[int] = []
        problems = []
        for number, line in lines:
            words = line.replace("-", " ").replace(",", " ").split()
            if len(words) == 2 and words[0].lower() in BYE_WORDS and words[1].isdigit():
                byes.append(int(words[1]))
            elif len(words) == 2 and all(word.isdigit() for word in words):
                white, black = int(words[0]), int(words[1])
                if black == 0:
                    byes.append(white)
                else:
                    pairs.append((white, black))
                    if refusal := boards_refusal(len(pairs)):
                        raise forms.ValidationError(refusal)
            else:
                problems.append(
                    _("Line %(line)s: “%(text)s” is neither “white black” nor “bye N”.")
                    % {"line": number, "text": line}
                )
        if problems:
            raise forms.ValidationError(problems)
        if not pairs and not byes:
            raise forms.ValidationError(_("Enter at least one board."))
        return pairs, byes


class ExchangeStartRanksForm(forms.Form):
    first = forms.IntegerField(label=_("Starting rank"), min_value=1, max_value=MAX_PLAYERS)
    second = forms.IntegerField(
        label=_("exchanges with starting rank"), min_value=1, max_value=MAX_PLAYERS
    )
    reason = forms.CharField(label=_("Reason"), max_length=500, required=False)
    confirm = ConfirmField()


class LeaveFideModeForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Written to the log and to the TRF report's ### line."),
    )
    confirm = ConfirmField()


class ResultForm(forms.Form):
    result = forms.ChoiceField(label=_("Result"), choices=Result.choices)
    unrated = forms.BooleanField(
        label=_("Not rated"),
        required=False,
        help_text=_("Scored but not counted for rating; 0-0, ½-0 and 0-½ always are."),
    )
    reason = forms.CharField(label=_("Reason for the correction"), max_length=500, required=False)
    confirm = ConfirmField()
    # The board's version the page showed: a write based on an older one is refused.
    version = forms.CharField(max_length=40, required=False, widget=forms.HiddenInput)


class RatingCorrectionForm(forms.Form):
    """A board's result for the rating report only (FIDE C.04.2 4.3)."""

    result = forms.ChoiceField(
        label=_("Result for the rating report"),
        choices=[("", "—"), *RATING_REPORT_RESULTS],
        required=False,
    )
    reason = forms.CharField(label=_("Reason"), max_length=500, widget=forms.Textarea)


class RoleForm(forms.Form):
    username = forms.CharField(label=_("User name"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=TournamentRole.Role.choices)

    def clean_username(self) -> Any:
        username = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise forms.ValidationError(
                _("No user is called %(name)s; an administrator creates accounts.")
                % {"name": username}
            )
        return user
