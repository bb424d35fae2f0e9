"""Admin of the API's models: tokens can be looked at and revoked, never created or edited
there (a new key is shown once, on the tournament's API tokens page), and the stored replies
of idempotent requests can be read and deleted."""

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import ApiToken, IdempotentRequest
from tournaments.services import TournamentError

from .tokens import revoke_api_token


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = [
        "name",
        "tournament",
        "scope",
        "created_by",
        "created_at",
        "last_used_at",
        "revoked_at",
    ]
    list_filter = ["scope", "tournament", ("revoked_at", admin.EmptyFieldListFilter)]
    search_fields = ["name", "lookup", "tournament__name"]
    fields = [
        "tournament",
        "name",
        "scope",
        "lookup",
        "digest",
        "created_by",
        "created_at",
        "last_used_at",
        "revoked_at",
    ]
    readonly_fields = fields
    actions = ["revoke"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description=gettext_lazy("Revoke the selected tokens"), permissions=["change"])
    def revoke(self, request: HttpRequest, queryset: QuerySet[ApiToken]) -> None:
        revoked = 0
        for token in queryset.filter(revoked_at__isnull=True).select_related("tournament"):
            try:
                revoke_api_token(token, user=request.user)
            except TournamentError:  # revoked meanwhile by someone else
                continue
            revoked += 1
        self.message_user(
            request, _("%(count)d tokens revoked.") % {"count": revoked}, messages.SUCCESS
        )


@admin.register(IdempotentRequest)
class IdempotentRequestAdmin(admin.ModelAdmin):
    list_display = ["created_at", "client", "key", "method", "path", "state", "status"]
    list_filter = ["state", "method", "status"]
    search_fields = ["client", "key", "path"]
    date_hierarchy = "created_at"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
