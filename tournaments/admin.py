"""Admin: browse everything; results change only through the services (audit trail)."""

from typing import Any

from django import forms
from django.contrib import admin
from django.core.validators import MaxValueValidator

from .api import admin as api_admin  # noqa: F401  (registers the API's models)
from .limits import MAX_ROUNDS
from .models import (
    Absence,
    Pairing,
    Player,
    ResultChange,
    Round,
    Tournament,
    TournamentLog,
    TournamentRole,
)
from .services import TournamentError
from .services.players import refuse_more_players


class TournamentRoleInline(admin.TabularInline):
    model = TournamentRole
    extra = 0
    autocomplete_fields = ["user"]


class TournamentAdminForm(forms.ModelForm):
    """The admin's form holds the documented limits too (docs/limits.md); the admin makes
    the model's form from this one."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        rounds = self.fields["number_of_rounds"]
        rounds.validators.append(MaxValueValidator(MAX_ROUNDS))
        rounds.widget.attrs["max"] = MAX_ROUNDS


class PlayerAdminForm(forms.ModelForm):
    """A player added here, or moved to another tournament, counts against its limit."""

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        tournament = data.get("tournament")
        if tournament and (self.instance.pk is None or "tournament" in self.changed_data):
            try:
                refuse_more_players(tournament, 1)
            except TournamentError as error:
                raise forms.ValidationError(error.problems) from None
        return data


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    form = TournamentAdminForm
    list_display = ["name", "place", "start_date", "system", "number_of_rounds", "fide_mode"]
    list_filter = ["system", "ruleset", "fide_mode", "public"]
    search_fields = ["name", "place", "chief_arbiter"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [TournamentRoleInline]
    # The tie-break list and FIDE mode change through services that log them.
    readonly_fields = ["tiebreaks", "fide_mode", "created_at", "updated_at"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    form = PlayerAdminForm
    list_display = ["start_rank", "name", "title", "federation", "rating_standard", "tournament"]
    list_display_links = ["name"]
    list_filter = ["tournament", "status", "title", "federation"]
    search_fields = ["name", "fide_id", "national_id", "club"]
    readonly_fields = ["start_rank", "status", "withdrawn_after_round", "created_at"]


@admin.register(Absence)
class AbsenceAdmin(admin.ModelAdmin):
    list_display = ["player", "round_number", "kind", "reason"]
    list_filter = ["kind", "player__tournament"]


class PairingInline(admin.TabularInline):
    model = Pairing
    extra = 0
    fields = ["board", "white", "black", "bye", "result", "unrated", "entry_source"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "paired_by", "starts_at"]
    list_filter = ["tournament", "status"]
    readonly_fields = ["paired_by", "status"]
    inlines = [PairingInline]


class ResultChangeInline(admin.TabularInline):
    model = ResultChange
    extra = 0
    readonly_fields = [
        "old_result",
        "new_result",
        "reason",
        "explanation",
        "source",
        "ruling_ref",
        "user",
        "created_at",
    ]
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    list_display = ["round", "board", "white", "black", "bye", "result"]
    list_filter = ["round__tournament", "result", "bye"]
    search_fields = ["white__name", "black__name"]
    readonly_fields = [
        "round",
        "board",
        "white",
        "black",
        "bye",
        "result",
        "unrated",
        "entry_source",
        "entered_by",
        "entered_at",
        "ruling_ref",
    ]
    inlines = [ResultChangeInline]


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(ResultChange)
class ResultChangeAdmin(ReadOnlyAdmin):
    list_display = ["pairing", "old_result", "new_result", "reason", "user", "created_at"]
    list_filter = ["reason", "source"]


@admin.register(TournamentLog)
class TournamentLogAdmin(ReadOnlyAdmin):
    list_display = ["tournament", "kind", "round_number", "message", "user", "created_at"]
    list_filter = ["tournament", "kind"]
