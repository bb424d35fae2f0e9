"""Admin: browse everything; results change only through the services (audit trail)."""

from django.contrib import admin

from .api import admin as api_admin  # noqa: F401  (registers the API's models)
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


class TournamentRoleInline(admin.TabularInline):
    model = TournamentRole
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "place", "start_date", "system", "number_of_rounds", "fide_mode"]
    list_filter = ["system", "ruleset", "fide_mode", "public"]
    search_fields = ["name", "place", "chief_arbiter"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [TournamentRoleInline]
    # The tie-break list and FIDE mode change through services that log them.
    readonly_fields = ["tiebreaks", "fide_mode", "created_at", "updated_at"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
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
