"""Every games model in the Django admin, with list displays and filters."""

from django.contrib import admin

from .models import Game, GameChange, Incident, Move, PgnUpload, SealedEnvelope


class MoveInline(admin.TabularInline):
    model = Move
    extra = 0
    fields = ["ply", "san", "clock", "elapsed"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = [
        "id",
        "white_name",
        "black_name",
        "result",
        "status",
        "result_reason",
        "ruleset",
        "pairing",
        "source",
        "updated_at",
    ]
    list_filter = [
        "status",
        "result",
        "result_reason",
        "ruleset",
        "source",
        "pairing__round__tournament",
    ]
    search_fields = ["white_name", "black_name", "white_fide_id", "black_fide_id"]
    raw_id_fields = ["pairing"]
    inlines = [MoveInline]


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ["game", "ply", "san", "clock", "elapsed"]
    list_filter = ["game__status"]
    search_fields = ["game__white_name", "game__black_name", "san"]
    raw_id_fields = ["game"]


@admin.register(Incident)
class IncidentAdmin(admin.ModelAdmin):
    list_display = [
        "game",
        "kind",
        "article",
        "decision",
        "score",
        "applied",
        "entered_by",
        "entered_at",
    ]
    list_filter = ["kind", "decision", "applied", "article", "game__pairing__round__tournament"]
    search_fields = ["game__white_name", "game__black_name", "article"]
    raw_id_fields = ["game"]


@admin.register(SealedEnvelope)
class SealedEnvelopeAdmin(admin.ModelAdmin):
    """The sealed move itself is not listed: it stays hidden until the envelope is opened."""

    list_display = [
        "game",
        "adjournment",
        "sealer",
        "moves_made",
        "adjourned_at",
        "resumes_at",
        "opened_at",
    ]
    list_filter = ["sealer", "opened_at"]
    exclude = ["sealed_move"]
    raw_id_fields = ["game"]


@admin.register(GameChange)
class GameChangeAdmin(admin.ModelAdmin):
    list_display = ["game", "field", "old_value", "new_value", "reason", "user", "created_at"]
    list_filter = ["field", "created_at"]
    search_fields = ["game__white_name", "game__black_name", "reason"]
    raw_id_fields = ["game", "incident"]


@admin.register(PgnUpload)
class PgnUploadAdmin(admin.ModelAdmin):
    list_display = [
        "file_name",
        "tournament",
        "round_number",
        "games",
        "uploaded_by",
        "uploaded_at",
    ]
    list_filter = ["tournament"]
    exclude = ["text"]
    # Written by the check; a hand edit would not match the digest and would be checked again.
    readonly_fields = ["checks", "checked_digest", "games"]
