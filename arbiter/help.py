"""The manual inside the application: one page per task, in English and Chinese, and the help
link each page carries to its own topic (FIDE checklist A2)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import select_template
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

TOPICS = {
    "index": _("Manual"),
    "tournament": _("Creating and configuring a tournament"),
    "players": _("Players"),
    "ratings": _("Ratings and FIDE rating lists"),
    "rounds": _("Pairing rounds"),
    "results": _("Results"),
    "standings": _("Standings, tie-breaks and reports"),
    "games": _("Games and rulings"),
    "arbiters": _("Arbiters, roles and the API"),
    "trf": _("TRF files and the checker"),
    "teams": _("Team events"),
}
"""Topic slug → title; each has a text in ``templates/help/<language>/<slug>.html``."""

_REPORTS = (
    *("standings", "standings_csv", "standings_pdf"),
    *("crosstable", "crosstable_csv", "crosstable_pdf"),
    *("board_prizes", "board_prizes_csv", "board_prizes_pdf"),
)
PAGE_TOPICS = {
    "tournaments:home": "index",
    "tournaments:tournament": "standings",
    "tournaments:dashboard": "index",
    "tournaments:create": "tournament",
    "tournaments:edit": "tournament",
    "tournaments:leave_fide_mode": "tournament",
    "tournaments:import_trf": "trf",
    "tournaments:import_trf_confirm": "trf",
    "tournaments:trf_report": "trf",
    "tournaments:crosstests": "trf",
    "tournaments:crosstest": "trf",
    "tournaments:crosstest_resume": "trf",
    "tournaments:crosstest_file": "trf",
    "tournaments:log": "tournament",
    "tournaments:log_undo": "tournament",
    "tournaments:rating_lists": "ratings",
    "tournaments:ratings": "ratings",
    "tournaments:ties": "standings",
    "tournaments:roles": "arbiters",
    "tournaments:role_revoke": "arbiters",
    "tournaments:api_tokens": "arbiters",
    "tournaments:api_token_revoke": "arbiters",
    **{
        f"tournaments:{name}": "players"
        for name in (
            "player_add",
            "players_import",
            "players_number",
            "players_exchange",
            "player",
            "player_forbidden",
            "player_round_rating",
            "player_edit",
            "player_withdraw",
            "player_absence",
            "players_pdf",
        )
    },
    **{
        f"tournaments:{name}": "rounds"
        for name in (
            "round_pair",
            "round_enter",
            "round_publish",
            "round_delete",
            "manual_pairing",
            "round_chess960",
            "pairings",
            "pairings_pdf",
            "version",
            "version_events",
        )
    },
    **{
        f"tournaments:{name}": "teams"
        for name in (
            "teams",
            "team_add",
            "team_edit",
            "team_delete",
            "team_roster",
            "teams_number",
            "team_bye",
            "team_list",
            "team_list_csv",
            "team_list_pdf",
            "team_lineup",
            "match_forfeit",
        )
    },
    "tournaments:round": "results",
    "tournaments:result": "results",
    "tournaments:rating_correction": "results",
    "tournaments:result_sheet_pdf": "results",
    **{f"tournaments:{name}": "standings" for name in _REPORTS},
    **{
        f"tournaments:{name}": "games"
        for name in ("scoresheet_pdf", "round_scoresheets_pdf", "incidents_pdf", "envelope_pdf")
    },
}
"""Each page (URL name) → the topic its help link opens; a games page opens ``games``."""


def topic_for(view_name: str | None) -> str:
    if view_name and view_name.startswith("games:"):
        return "games"
    return PAGE_TOPICS.get(view_name or "", "index")


def help_link(request: HttpRequest) -> dict[str, Any]:
    """Context processor: ``help_url``, the manual's page about the page being shown."""
    match = getattr(request, "resolver_match", None)
    topic = topic_for(match.view_name if match else None)
    return {"help_url": reverse("help_topic", args=[topic])}


def _language_folder() -> str:
    return "zh_Hans" if (get_language() or "en").lower().startswith("zh") else "en"


def help_page(request: HttpRequest, topic: str = "index") -> HttpResponse:
    if topic not in TOPICS:
        raise Http404(topic)
    text = select_template([f"help/{_language_folder()}/{topic}.html", f"help/en/{topic}.html"])
    return render(
        request,
        "help/page.html",
        {
            "topic": topic,
            "title": TOPICS[topic],
            "topics": TOPICS.items(),
            "text": text.template.name,
        },
    )
