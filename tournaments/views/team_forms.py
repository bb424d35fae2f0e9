"""Forms of a team event's pages: a team, its roster, a lineup, a match forfeit, a team bye.

They check shape only; the services (:mod:`tournaments.services.teams`,
:mod:`tournaments.services.team_rounds`) decide what the rules allow: the roster's fixed
board order once round 1 is paired (C.04.6 1.4), a lineup in roster order, a bye in a round
not yet paired.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.limits import MAX_ROUNDS
from tournaments.models import MatchForfeit, Player, Team, TeamByeKind, Tournament
from tournaments.services.teams import TEAM_FIELDS

EMPTY_BOARD = ""
"""A lineup select's value for a board the team leaves empty."""


class TeamForm(forms.ModelForm):
    class Meta:
        model = Team
        fields = TEAM_FIELDS
        labels = {"name": _("Team name")}


class NewPlayerForm(forms.Form):
    """A player typed on the roster page: added to the event and to the roster's end."""

    name = forms.CharField(label=_("Name"), max_length=200, required=False)
    rating_standard = forms.IntegerField(
        label=_("Rating"), min_value=0, max_value=3500, required=False
    )
    fide_id = forms.RegexField(
        label=_("FIDE ID"), regex=r"^[0-9]*$", max_length=12, required=False, strip=True
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        typed = data.get("rating_standard") is not None or bool(data.get("fide_id"))
        if typed and not data.get("name", "").strip():
            self.add_error("name", _("A new player needs a name."))
        return data

    def player_fields(self) -> dict[str, Any] | None:
        """The new player's fields, ``None`` for a row left blank."""
        data = self.cleaned_data
        if not data.get("name", "").strip():
            return None
        fields: dict[str, Any] = {"name": data["name"].strip()}
        if data.get("rating_standard") is not None:
            fields["rating_standard"] = data["rating_standard"]
        if data.get("fide_id"):
            fields["fide_id"] = data["fide_id"]
        return fields


MAX_NEW_PLAYERS = 25


def new_players_formset(boards: int) -> type[forms.BaseFormSet]:
    """Blank rows for a whole team and a reserve (at least four)."""
    extra = max(4, boards + 1)
    return forms.formset_factory(
        NewPlayerForm, extra=extra, max_num=MAX_NEW_PLAYERS, absolute_max=MAX_NEW_PLAYERS
    )


class RosterForm(forms.Form):
    """The roster in board order: each player's place (a number; the order they sort in),
    the players taken off, and players of the event not on any roster to add at the end."""

    def __init__(
        self,
        *args: Any,
        roster: Sequence[Player],
        unassigned: Sequence[Player],
        fixed: bool,
        tournament: Tournament,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.roster, self.fixed = list(roster), fixed
        for place, player in enumerate(self.roster, start=1):
            self.fields[f"place_{player.pk}"] = forms.IntegerField(
                label=_("Board order of %(name)s") % {"name": player.name},
                min_value=1,
                max_value=999,
                initial=place,
                disabled=fixed,
            )
            if not fixed:
                self.fields[f"remove_{player.pk}"] = forms.BooleanField(
                    label=_("Remove %(name)s") % {"name": player.name}, required=False
                )
        self.fields["add"] = PlayerPicks(
            tournament=tournament,
            label=_("Add players of the event not on a roster"),
            choices=[(p.pk, _player_label(p)) for p in unassigned],
            coerce=int,
            required=False,
            help_text=_(
                "They come after the players above, with the players typed below, the "
                "highest rated first: a board order to check, changed above once saved."
            ),
        )

    def place_field(self, player: Player) -> forms.BoundField:
        return self[f"place_{player.pk}"]

    def remove_field(self, player: Player) -> forms.BoundField | None:
        name = f"remove_{player.pk}"
        return self[name] if name in self.fields else None

    def kept_in_order(self) -> list[Player]:
        """The roster's players not removed, sorted by the places typed (ties keep the
        current order)."""
        data = self.cleaned_data
        kept = [p for p in self.roster if not data.get(f"remove_{p.pk}")]
        current = {p.pk: index for index, p in enumerate(self.roster)}
        return sorted(kept, key=lambda p: (data[f"place_{p.pk}"], current[p.pk]))

    def added_ids(self) -> list[int]:
        return list(self.cleaned_data["add"])


class PlayerPicks(forms.TypedMultipleChoiceField):
    """Players of the event picked for a roster. One no longer free (put on another team's
    roster since the page was opened) is refused by his name and that team's, not by the
    database number the form sends."""

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tournament = tournament

    def validate(self, value: Any) -> None:
        free = {str(key) for key, _label in self.choices}
        taken = [v for v in value if str(v) not in free and str(v).isdigit()]
        if not taken:
            super().validate(value)
            return
        players = self.tournament.players.filter(pk__in=taken).select_related("team")
        raise forms.ValidationError(
            [
                _("%(player)s is on the roster of %(team)s.")
                % {"player": player.name, "team": player.team.name}
                if player.team is not None
                else _("%(player)s cannot be added to this roster.") % {"player": player.name}
                for player in players.order_by("name", "pk")
            ]
            or [_("These players are not in the event.")]
        )


def _player_label(player: Player) -> str:
    rating = f" ({player.rating_standard})" if player.rating_standard else ""
    return f"{player.name}{rating}"


class LineupForm(forms.Form):
    """One team's lineup for a match: a player of its roster on each board, or none."""

    def __init__(
        self, *args: Any, team: Team, roster: Sequence[Player], boards: int, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.team = team
        self.players = {p.pk: p for p in roster}
        choices = [(EMPTY_BOARD, _("— empty —")), *((p.pk, _player_label(p)) for p in roster)]
        for board in range(1, boards + 1):
            self.fields[f"board_{board}"] = forms.ChoiceField(
                label=_("Board %(board)s") % {"board": board}, choices=choices, required=False
            )

    def lineup(self) -> list[Player | None]:
        """The players board by board (``None``: empty)."""
        chosen = [self.cleaned_data[name] for name in self.fields]
        return [self.players[int(value)] if value else None for value in chosen]


class MatchForfeitForm(forms.Form):
    """A match forfeited as a whole, or the forfeit withdrawn (\"played\")."""

    forfeit = forms.ChoiceField(label=_("Match forfeit"), choices=MatchForfeit.choices)
    reason = forms.CharField(
        label=_("Reason"),
        max_length=500,
        required=False,
        help_text=_("Kept in the tournament log."),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("forfeit") and not data.get("reason", "").strip():
            self.add_error("reason", _("A match forfeit needs a reason."))
        return data


class TeamByeForm(forms.Form):
    """A bye a team asks for in a round not yet paired (no kind: the request withdrawn)."""

    team = forms.ModelChoiceField(label=_("Team"), queryset=Team.objects.none())
    round_number = forms.IntegerField(label=_("Round"), min_value=1, max_value=MAX_ROUNDS)
    kind = forms.ChoiceField(
        label=_("Kind of bye"),
        choices=[
            ("", _("No bye (withdraw the request)")),
            *(c for c in TeamByeKind.choices if c[0] != TeamByeKind.PAIRING_ALLOCATED),
        ],
        required=False,
    )

    def __init__(self, *args: Any, tournament: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        team = self.fields["team"]
        assert isinstance(team, forms.ModelChoiceField)
        team.queryset = tournament.teams.order_by("number", "name")
