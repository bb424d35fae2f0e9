"""Public, read-only report pages: standings and crosstable (HTML, CSV, PDF), a team event's
teams and board prizes (HTML, CSV, PDF),
a round's pairings (HTML, PDF), and the printed paper of the playing hall. A large event's
PDFs whose drawing grows with the field are drawn by a background job
(:mod:`tournaments.reports.printed`).

Anyone who may view the tournament may read them; draft rounds stay hidden from those who
may not follow the tournament. Bad query values get a 404 naming the value, never a 500.
The TRF report (TRF16 or TRF-2026, provisional or final) is for those who may follow the
tournament, as through the API; the standings page offers it to them.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from games.models import SealedEnvelope
from jobs.models import Job
from jobs.views import file_response
from tournaments.caching import cached, cached_table, mark_cacheable, not_modified, version_etag
from tournaments.jobs import is_large, start_report_job
from tournaments.models import Tournament
from tournaments.permissions import Action, actions_for, tournament_action_required
from tournaments.reports.event import event_for_tournament, tiebreak_legend
from tournaments.reports.forms import ScoresheetForm, SealedMoveEnvelope
from tournaments.reports.incidents import IncidentReport, envelope_facts, incident_lines
from tournaments.reports.pdf import PAPERS, PdfReport, slug
from tournaments.reports.printed import PRINTED_REPORTS
from tournaments.reports.sources import crosstable_data, pairings_data, standings_data
from tournaments.reports.tables import Table
from tournaments.reports.team_sources import board_prizes_data, team_list_data
from tournaments.scoring.points import SheetError
from tournaments.selectors import visible_rounds
from tournaments.services import TournamentError
from tournaments.services.trf_exchange import TRF16_LEAVES_OUT, export_trf, final_export_problems
from tournaments.services.trf_teams import trf16_losses

from .spreadsheets import csv_download
from .teams_public import team_pairings_html


def _visible_rounds(request: HttpRequest, tournament: Tournament) -> list[int]:
    """Round numbers the user may see: published and finished ones, drafts for arbiters."""
    drafts = bool(actions_for(request.user, tournament) & {Action.FOLLOW})
    return list(visible_rounds(tournament, drafts=drafts).values_list("number", flat=True))


def _after_round(request: HttpRequest, tournament: Tournament) -> tuple[int, list[int]]:
    """The ``round`` asked for (default: the last visible round) and the visible rounds."""
    visible = _visible_rounds(request, tournament)
    asked = request.GET.get("round", "")
    if not asked:
        return (visible[-1] if visible else 0), visible
    if not asked.isdigit() or int(asked) not in visible:
        raise Http404(_("There is no round %(round)s to show.") % {"round": asked})
    return int(asked), visible


def _download_round(request: HttpRequest, tournament: Tournament) -> int:
    """The round a CSV or PDF download is for; there is nothing to download before round 1."""
    after, _visible = _after_round(request, tournament)
    if not after:
        raise Http404(_("No round has been played yet."))
    return after


def _paper(request: HttpRequest) -> str:
    paper = request.GET.get("paper", "a4")
    if paper not in PAPERS:
        raise Http404(_("Unknown paper size %(paper)s.") % {"paper": paper})
    return paper


def _order(request: HttpRequest) -> str:
    order = request.GET.get("order", "rank")
    if order not in {"rank", "start"}:
        raise Http404(_("Unknown order %(order)s.") % {"order": order})
    return order


def _pdf(report: PdfReport) -> HttpResponse:
    filename, mimetype, data = report.generate()
    response = HttpResponse(data, content_type=mimetype)
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _table_or_404(build: Any, tournament: Tournament, **kwargs: Any) -> Table:
    """The table ``build`` makes, computed once per tournament version (pages, CSV, PDF)."""
    try:
        table: Table = cached_table(build, tournament, **kwargs)
    except SheetError as error:  # a contradictory sheet is an arbiter's problem, not a 500
        raise Http404(str(error)) from None
    return table


def _table_html(build: Any, tournament: Tournament, table_class: str, **kwargs: Any) -> SafeString:
    """The table as the pages show it, rendered once per tournament version and language:
    a 1,000-player table takes longer to render than to compute."""
    return cached(
        tournament,
        ("html", table_class, build.__name__, sorted(kwargs.items())),
        lambda: render_to_string(
            "reports/_table.html",
            {"table": _table_or_404(build, tournament, **kwargs), "table_class": table_class},
        ),
    )


def _page(
    request: HttpRequest, tournament: Tournament, template: str, **context: Any
) -> HttpResponse:
    return render(
        request,
        template,
        {
            "tournament": tournament,
            "actions": actions_for(request.user, tournament),
            "legend": tiebreak_legend(event_for_tournament(tournament).tiebreaks),
            **context,
        },
    )


@tournament_action_required(Action.VIEW)
def standings(request: HttpRequest, tournament: Tournament) -> HttpResponseBase:
    etag = version_etag(request, tournament)
    if reply := not_modified(request, tournament, etag):
        return reply
    after, visible = _after_round(request, tournament)
    html = (
        _table_html(standings_data, tournament, "standings", after_round=after) if after else None
    )
    page = _page(
        request,
        tournament,
        "reports/standings.html",
        table_html=html,
        rounds=visible,
        after_round=after,
        trf=_trf_offer(request, tournament),
    )
    return mark_cacheable(page, request, tournament, etag)


def _trf_offer(request: HttpRequest, tournament: Tournament) -> dict[str, Any] | None:
    """What the standings page says beside the TRF downloads, for those who may have them:
    why the final report is not ready yet, and what TRF16 cannot carry (of a team event, each
    team bye and match forfeited whole by name)."""
    if Action.FOLLOW not in actions_for(request.user, tournament):
        return None
    return {
        "problems": final_export_problems(tournament),
        "trf16_leaves_out": TRF16_LEAVES_OUT,
        "trf16_losses": trf16_losses(tournament) if tournament.is_team_event else [],
    }


TRF_NAMES = {"16": "TRF16", "2026": "TRF-2026"}
"""The ``version`` a TRF download takes, and the name of the format it gives."""


@tournament_action_required(Action.FOLLOW)
def trf_report(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The tournament as a TRF file: ``version`` 16 or 2026 (the default), ``final=1`` for
    the report for rating, which waits until every game has its result. A report that
    cannot be written gets a page saying why (409), never a 500."""
    version = request.GET.get("version", "2026")
    if version not in TRF_NAMES:
        raise Http404(_("Unknown TRF version %(version)s.") % {"version": version})
    final = request.GET.get("final", "")
    if final not in {"", "0", "1"}:
        raise Http404(_("Unknown value %(final)s for final.") % {"final": final})
    try:
        text = export_trf(tournament, version=int(version), final=final == "1")
    except TournamentError as error:
        refused = _page(
            request,
            tournament,
            "reports/trf_refused.html",
            name=TRF_NAMES[version],
            problems=error.problems,
        )
        refused.status_code = 409
        return refused
    kind = "final" if final == "1" else "provisional"
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="{slug(tournament.name)}-{kind}-trf{version}.trf"'
    )
    return response


@tournament_action_required(Action.VIEW)
def standings_csv(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    after = _download_round(request, tournament)
    table = _table_or_404(standings_data, tournament, after_round=after)
    return _csv(table, f"{slug(tournament.name)}-standings-round-{after}.csv")


def _printed(
    request: HttpRequest, tournament: Tournament, report: str, **options: Any
) -> HttpResponseBase:
    """The PDF ``report`` (a name in :data:`PRINTED_REPORTS`, whose ``readers`` its view
    lets in) with ``options``: drawn here for an event of up to ``REPORT_JOB_PLAYERS`` players;
    for a larger one, the file its job drew for this version of the tournament, else the
    job's page."""
    paper = _paper(request)
    if is_large(tournament):
        job = start_report_job(tournament, report=report, paper=paper, user=request.user, **options)
        if job.status == Job.Status.DONE:
            return file_response(job)
        return redirect("jobs:detail", job_id=job.pk)
    try:
        return _pdf(PRINTED_REPORTS[report].draw(tournament, paper=paper, **options))
    except SheetError as error:  # a contradictory sheet is an arbiter's problem, not a 500
        raise Http404(str(error)) from None


@tournament_action_required(PRINTED_REPORTS["standings"].readers)
def standings_pdf(request: HttpRequest, tournament: Tournament) -> HttpResponseBase:
    return _printed(
        request, tournament, "standings", after_round=_download_round(request, tournament)
    )


@tournament_action_required(Action.VIEW)
def crosstable(request: HttpRequest, tournament: Tournament) -> HttpResponseBase:
    etag = version_etag(request, tournament)
    if reply := not_modified(request, tournament, etag):
        return reply
    after, visible = _after_round(request, tournament)
    order = _order(request)
    html = (
        _table_html(crosstable_data, tournament, "crosstable", after_round=after, order=order)
        if after
        else None
    )
    page = _page(
        request,
        tournament,
        "reports/crosstable.html",
        table_html=html,
        rounds=visible,
        after_round=after,
        order=order,
    )
    return mark_cacheable(page, request, tournament, etag)


@tournament_action_required(Action.VIEW)
def crosstable_csv(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    after = _download_round(request, tournament)
    order = _order(request)
    table = _table_or_404(crosstable_data, tournament, after_round=after, order=order)
    return _csv(table, f"{slug(tournament.name)}-crosstable-round-{after}.csv")


def _csv(table: Table, filename: str) -> HttpResponse:
    return csv_download(filename, [[column.label for column in table.columns], *table.texts()])


@tournament_action_required(PRINTED_REPORTS["crosstable"].readers)
def crosstable_pdf(request: HttpRequest, tournament: Tournament) -> HttpResponseBase:
    after = _download_round(request, tournament)
    return _printed(request, tournament, "crosstable", after_round=after, order=_order(request))


def _team_event(tournament: Tournament) -> None:
    if not tournament.is_team_event:
        raise Http404(_("%(tournament)s has no teams.") % {"tournament": tournament.name})


@tournament_action_required(Action.VIEW)
def board_prizes(request: HttpRequest, tournament: Tournament) -> HttpResponseBase:
    """A team event's players board by board, ranked by percentage (board prizes)."""
    _team_event(tournament)
    etag = version_etag(request, tournament)
    if reply := not_modified(request, tournament, etag):
        return reply
    after, visible = _after_round(request, tournament)
    html = (
        _table_html(board_prizes_data, tournament, "standings", after_round=after)
        if after
        else None
    )
    page = _page(
        request,
        tournament,
        "reports/board_prizes.html",
        table_html=html,
        rounds=visible,
        after_round=after,
    )
    return mark_cacheable(page, request, tournament, etag)


@tournament_action_required(Action.VIEW)
def board_prizes_csv(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    _team_event(tournament)
    after = _download_round(request, tournament)
    table = _table_or_404(board_prizes_data, tournament, after_round=after)
    return _csv(table, f"{slug(tournament.name)}-board-prizes-round-{after}.csv")


@tournament_action_required(PRINTED_REPORTS["board_prizes"].readers)
def board_prizes_pdf(request: HttpRequest, tournament: Tournament) -> HttpResponseBase:
    _team_event(tournament)
    after = _download_round(request, tournament)
    return _printed(request, tournament, "board_prizes", after_round=after)


@tournament_action_required(Action.VIEW)
def team_list_csv(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The teams with their rosters, as the teams page lists them."""
    _team_event(tournament)
    table = _table_or_404(team_list_data, tournament)
    return _csv(table, f"{slug(tournament.name)}-teams.csv")


@tournament_action_required(PRINTED_REPORTS["teams"].readers)
def team_list_pdf(request: HttpRequest, tournament: Tournament) -> HttpResponseBase:
    _team_event(tournament)
    return _printed(request, tournament, "teams")


def _visible_round(request: HttpRequest, tournament: Tournament, number: int) -> None:
    if number not in _visible_rounds(request, tournament):
        raise Http404(_("Round %(round)d is not published.") % {"round": number})


@tournament_action_required(Action.VIEW)
def pairings(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponseBase:
    etag = version_etag(request, tournament)
    if reply := not_modified(request, tournament, etag):
        return reply
    visible = _visible_rounds(request, tournament)
    if number not in visible:
        raise Http404(_("Round %(round)d is not published.") % {"round": number})
    page = _page(
        request,
        tournament,
        "reports/pairings.html",
        table_html=team_pairings_html(tournament, number)
        if tournament.is_team_event
        else _table_html(pairings_data, tournament, "pairings", number=number),
        rounds=visible,
        number=number,
        live_events=settings.LIVE_EVENTS,
    )
    return mark_cacheable(page, request, tournament, etag)


@tournament_action_required(PRINTED_REPORTS["pairings"].readers)
def pairings_pdf(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponseBase:
    _visible_round(request, tournament, number)
    return _printed(request, tournament, "pairings", number=number)


@tournament_action_required(PRINTED_REPORTS["result_sheet"].readers)
def result_sheet_pdf(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponseBase:
    _visible_round(request, tournament, number)
    return _printed(request, tournament, "result_sheet", number=number)


@tournament_action_required(PRINTED_REPORTS["players"].readers)
def players_pdf(request: HttpRequest, tournament: Tournament) -> HttpResponseBase:
    return _printed(request, tournament, "players")


@tournament_action_required(Action.VIEW)
def scoresheet_pdf(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """A blank scoresheet with the event's header (one page at any size: drawn here)."""
    return _pdf(ScoresheetForm(event_for_tournament(tournament), paper=_paper(request)))


@tournament_action_required(PRINTED_REPORTS["scoresheets"].readers)
def round_scoresheets_pdf(
    request: HttpRequest, tournament: Tournament, number: int
) -> HttpResponseBase:
    """A scoresheet for every game of the round, with round, board and players filled in."""
    _visible_round(request, tournament, number)
    return _printed(request, tournament, "scoresheets", number=number)


@tournament_action_required(Action.FOLLOW)
def incidents_pdf(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The arbiter's incident report: every incident with its ruling."""
    report = IncidentReport(
        event_for_tournament(tournament), incident_lines(tournament), paper=_paper(request)
    )
    return _pdf(report)


@tournament_action_required(Action.FOLLOW)
def envelope_pdf(request: HttpRequest, tournament: Tournament, envelope_id: int) -> HttpResponse:
    """The envelope of an adjourned game (without the sealed move)."""
    envelope = get_object_or_404(
        SealedEnvelope.objects.select_related("game__pairing__round"),
        pk=envelope_id,
        game__pairing__round__tournament=tournament,
    )
    report = SealedMoveEnvelope(
        event_for_tournament(tournament), envelope_facts(envelope), paper=_paper(request)
    )
    return _pdf(report)
