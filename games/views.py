"""Pages of the games app: upload and import, move entry, the game, incidents, envelopes.

Views read through selectors, write through services, and ask ``tournaments.permissions``
who may do what (a game without a tournament is open to any logged-in user).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import chess
import chess.svg
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import services
from games.entry import check_written_moves
from games.forms import (
    INCIDENT_FORMS,
    CorrectionForm,
    FriendlyGameForm,
    MoveEntryForm,
    PgnUploadForm,
    ResumptionForm,
    SealForm,
    import_form,
)
from games.incident_facts import incident_facts
from games.models import Game, Incident, IncidentKind, Move, PgnUpload, SealedEnvelope
from games.models.incident import incident_kind_label, offered_under
from games.pgn_export import export_pgn
from games.rules.rulesets import Ruleset
from games.selectors import (
    board_at,
    game_ruleset,
    games_of_tournament,
    incidents_of,
    incidents_of_round,
    open_envelope_of,
    rounds_of,
)
from games.templatetags.games_display import article_heading
from jobs.models import Job
from jobs.runner import start_job
from tournaments.models import Pairing, Tournament
from tournaments.permissions import (
    Action,
    actions_for,
    can,
    require,
    tournament_action_required,
    tournaments_where,
)
from tournaments.services.warnings import NeedsConfirmation
from tournaments.views.common import confirmation_page, warn_if_not_utf8

BOARD_SIZE = 360


def _game(request: HttpRequest, game_id: int, action: Action) -> Game:
    game = get_object_or_404(
        Game.objects.select_related(
            "pairing__round__tournament", "pairing__white", "pairing__black"
        ),
        pk=game_id,
    )
    require(request.user, action, game.tournament)
    return game


def _context(request: HttpRequest, game: Game, **extra: Any) -> dict[str, Any]:
    return {"game": game, "actions": actions_for(request.user, game.tournament), **extra}


def _submitted(request: HttpRequest, *, files: bool = False) -> tuple[Any, ...]:
    """A form's data: bound on POST even when nothing was ticked (an empty form is valid)."""
    if request.method != "POST":
        return (None, None) if files else (None,)
    return (request.POST, request.FILES) if files else (request.POST,)


def _problems(request: HttpRequest, error: services.GameError) -> None:
    for problem in error.problems:
        messages.error(request, problem)


@login_required
def index(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "games/index.html",
        {
            "tournaments": tournaments_where(request.user, Action.FOLLOW),
            "friendly_games": Game.objects.filter(pairing__isnull=True, created_by=request.user)[
                :50
            ],
        },
    )


@login_required
@tournament_action_required(Action.FOLLOW)
def tournament_games(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    games = {game.pairing_id: game for game in games_of_tournament(tournament)}
    rounds = [
        (round_, [(p, games.get(p.pk)) for p in round_.pairings.select_related("white", "black")])
        for round_ in rounds_of(tournament)
    ]
    return render(
        request,
        "games/tournament.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "actions": actions_for(request.user, tournament),
            "uploads": tournament.pgn_uploads.all()[:10],
        },
    )


@login_required
@tournament_action_required(Action.ENTER_GAMES)
def upload(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = PgnUploadForm(*_submitted(request, files=True))
    if request.method == "POST" and form.is_valid():
        file = form.cleaned_data["file"]
        with transaction.atomic():
            stored = services.upload_pgn(
                tournament,
                text=form.cleaned_data["text"],
                file_name=file.name,
                round_number=form.cleaned_data["round_number"],
                user=request.user,
                check=False,
            )
            job = _check_job(stored, request)
        warn_if_not_utf8(request, file.name, form.cleaned_data["read_as"])
        return redirect("jobs:detail", job_id=job.pk)
    return render(request, "games/upload.html", {"tournament": tournament, "form": form})


REPORT_PAGE_SIZE = 50
"""Games per page of a check report: a file of thousands of games is read page by page."""

REPORT_VIEWS = ("all", "problems")
"""What a check report lists: every game, or those with a finding or without a board."""


@login_required
@tournament_action_required(Action.ENTER_GAMES)
def upload_report(request: HttpRequest, tournament: Tournament, upload_id: int) -> HttpResponse:
    stored = get_object_or_404(PgnUpload, pk=upload_id, tournament=tournament)
    checks = services.stored_checks(stored, with_records=False)
    if checks is None:
        if request.method == "POST":
            # The ticks were given on a report that no longer holds: show the new one instead.
            messages.error(
                request,
                _(
                    "The file or the tournament's ruleset has changed since the games were "
                    "checked. They have been checked again: review the report and import again."
                ),
            )
        if request.method == "POST" or not _just_checked(request, stored):
            return redirect("jobs:detail", job_id=_check_job(stored, request).pk)
        checks = services.check_upload(stored)  # kept results unreadable: check here
    shown = request.GET.get("show", "all")
    if shown not in REPORT_VIEWS:
        shown = "all"
    listed = checks if shown == "all" else [c for c in checks if _needs_a_look(c)]
    page = Paginator(listed, REPORT_PAGE_SIZE).get_page(request.GET.get("page"))
    form = import_form(list(page.object_list))(*_submitted(request))
    if request.method == "POST" and "import_clean" in request.POST:
        return _start_import(request, stored, "clean")
    if request.method == "POST" and form.is_valid():
        decisions = [
            (check.number, int(form.cleaned_data[f"board_{check.number}"]))
            for check in page.object_list
            if form.cleaned_data.get(f"import_{check.number}")
            and form.cleaned_data.get(f"board_{check.number}")
        ]
        return _start_import(request, stored, decisions)
    rows = [
        (
            check,
            form[f"import_{check.number}"] if f"import_{check.number}" in form.fields else None,
            form[f"board_{check.number}"] if f"board_{check.number}" in form.fields else None,
        )
        for check in page.object_list
    ]
    statuses = Counter(c.status for c in checks)
    summary = {
        status: statuses[status]
        for status in ("clean", "illegal", "mismatch", "syntax", "not_checked", "board_conflict")
    }
    return render(
        request,
        "games/upload_report.html",
        {
            "tournament": tournament,
            "upload": stored,
            "games": len(checks),
            "rows": rows,
            "page": page,
            "pages": list(page.paginator.get_elided_page_range(page.number, on_each_side=2)),
            "shown": shown,
            "listed": len(listed),
            "form": form,
            "summary": summary,
            "matched": sum(c.pairing is not None for c in checks),
            "clean_matched": sum(c.pairing is not None and c.status == "clean" for c in checks),
        },
    )


def _needs_a_look(check: services.GameCheck) -> bool:
    return check.status != "clean" or check.pairing is None


def _start_import(request: HttpRequest, stored: PgnUpload, decisions: Any) -> HttpResponse:
    job = start_job(
        "pgn_import",
        params={"upload": stored.pk, "decisions": decisions},
        user=request.user,
        tournament=stored.tournament,
    )
    return redirect("jobs:detail", job_id=job.pk)


def _check_job(stored: PgnUpload, request: HttpRequest) -> Job:
    return start_job(
        "pgn_check", params={"upload": stored.pk}, user=request.user, tournament=stored.tournament
    )


def _just_checked(request: HttpRequest, stored: PgnUpload) -> bool:
    """Whether the report was reached from a finished check of this very upload (so that a
    check whose kept results cannot be read back does not send the user round in a loop)."""
    job_id = request.GET.get("checked", "")
    return (
        job_id.isdigit()
        and Job.objects.filter(
            pk=int(job_id), kind="pgn_check", status=Job.Status.DONE, params__upload=stored.pk
        ).exists()
    )


@login_required
@tournament_action_required(Action.FOLLOW)
def export_tournament(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    number = request.GET.get("round")
    round_number = int(number) if number and number.isdigit() else None
    games = games_of_tournament(tournament, round_number).prefetch_related("moves")
    name = f"{tournament.slug}{f'-round{round_number}' if round_number else ''}.pgn"
    return _pgn_response(export_pgn(games), name)


def _pgn_response(text: str, name: str) -> HttpResponse:
    response = HttpResponse(text, content_type="application/x-chess-pgn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
@tournament_action_required(Action.FOLLOW)
def round_incident_report(
    request: HttpRequest, tournament: Tournament, number: int
) -> HttpResponse:
    return render(
        request,
        "games/incident_report.html",
        {
            "tournament": tournament,
            "round_number": number,
            "incidents": incidents_of_round(tournament, number),
        },
    )


@login_required
@require_POST
def start_game(request: HttpRequest, pairing_id: int) -> HttpResponse:
    pairing = get_object_or_404(Pairing.objects.select_related("round__tournament"), pk=pairing_id)
    require(request.user, Action.ENTER_GAMES, pairing.round.tournament)
    try:
        game = services.create_game(pairing=pairing, user=request.user)
    except services.GameError as error:
        _problems(request, error)
        return redirect("games:tournament", tournament_id=pairing.round.tournament_id)
    return redirect("games:moves", game_id=game.pk)


@login_required
def new_friendly(request: HttpRequest) -> HttpResponse:
    require(request.user, Action.ENTER_GAMES, None)
    form = FriendlyGameForm(*_submitted(request))
    if request.method == "POST" and form.is_valid():
        try:
            game = services.create_game(pairing=None, user=request.user, **form.cleaned_data)
        except services.GameError as error:
            _problems(request, error)
        else:
            return redirect("games:moves", game_id=game.pk)
    return render(request, "games/friendly_new.html", {"form": form})


@login_required
def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id, Action.FOLLOW)
    moves = list(game.moves.all())
    ply = _ply(request, len(moves))
    rows = [
        (moves[i], moves[i + 1] if i + 1 < len(moves) else None) for i in range(0, len(moves), 2)
    ]
    return render(
        request,
        "games/game.html",
        _context(
            request,
            game,
            rows=rows,
            ply=ply,
            plies=len(moves),
            incidents=incidents_of(game),
            changes=game.changes.select_related("user", "incident"),
            envelope=open_envelope_of(game),
            correction=CorrectionForm(initial={"result": game.result}),
            adjournments=game_ruleset(game).adjournment,
            incident_kinds=[
                (kind, incident_kind_label(kind, game_ruleset(game)))
                for kind in INCIDENT_FORMS
                if offered_under(kind, game_ruleset(game))
            ],
        ),
    )


def _ply(request: HttpRequest, plies: int) -> int:
    value = request.GET.get("ply", "")
    return min(int(value), plies) if value.isdigit() else plies


@login_required
def board_svg(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id, Action.FOLLOW)
    plies = game.moves.count()
    board = board_at(game, _ply(request, plies))
    last = board.peek() if board.move_stack else None
    return _svg(board, last)


@login_required
def position_svg(request: HttpRequest) -> HttpResponse:
    try:
        board = chess.Board(request.GET.get("fen", chess.STARTING_FEN))
    except ValueError:
        raise Http404(_("Not a position.")) from None
    return _svg(board, None)


def _svg(board: chess.Board, last: chess.Move | None) -> HttpResponse:
    check = board.king(board.turn) if board.is_check() else None
    svg = chess.svg.board(board, lastmove=last, check=check, size=BOARD_SIZE, coordinates=True)
    response = HttpResponse(svg, content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=60"
    return response


@login_required
def enter_moves(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id, Action.ENTER_GAMES)
    initial = {"moves": " ".join(game.sans())}
    form = MoveEntryForm(*_submitted(request), initial=initial)
    feedback = None
    at_risk: list[Move] = []
    if request.method == "POST" and form.is_valid():
        feedback = check_written_moves(
            form.sans(), start_fen=game.start_fen or None, chess960=game.chess960
        )
        if request.headers.get("HX-Request"):
            return render(request, "games/_entry_feedback.html", {"feedback": feedback})
        if "save" in request.POST and feedback.error is None:
            try:
                services.save_moves(
                    game,
                    feedback.sans,
                    user=request.user,
                    reason=form.cleaned_data["reason"],
                    discard_readings=form.cleaned_data["discard_readings"],
                )
            except services.ReadingsWouldBeLost as refusal:
                at_risk = refusal.readings
                form.ask_to_discard_readings()
                _problems(request, refusal)
            except services.GameError as error:
                _problems(request, error)
            else:
                messages.success(request, _saved_message(game, feedback.plies))
                return redirect("games:detail", game_id=game.pk)
    elif request.method == "GET":
        feedback = check_written_moves(
            game.sans(), start_fen=game.start_fen or None, chess960=game.chess960
        )
    return render(
        request,
        "games/entry.html",
        _context(
            request,
            game,
            form=form,
            feedback=feedback,
            readings=game.moves.filter(Q(clock__isnull=False) | Q(elapsed__isnull=False)).count(),
            readings_at_risk=at_risk,
        ),
    )


def _saved_message(game: Game, plies: int) -> str:
    """``Saved: 16 moves (31 plies).``: an arbiter counts moves, the record holds plies."""
    black_starts = chess.Board(game.initial_fen).turn == chess.BLACK
    moves = (plies + black_starts + 1) // 2
    return _("Saved: %(moves)s (%(plies)s).") % {
        "moves": ngettext("%(count)s move", "%(count)s moves", moves) % {"count": moves},
        "plies": ngettext("%(count)s ply", "%(count)s plies", plies) % {"count": plies},
    }


@login_required
def incident_new(request: HttpRequest, game_id: int, kind: str) -> HttpResponse:
    game = _game(request, game_id, Action.RECORD_INCIDENTS)
    form_class = INCIDENT_FORMS.get(kind)
    if form_class is None or not offered_under(kind, game_ruleset(game)):
        raise Http404(_("No such incident kind under the game's ruleset."))
    initial = {"moves": " ".join(game.sans())} if "moves" in form_class.base_fields else {}
    form = form_class(*_submitted(request), initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            incident = services.rule_on_incident(game, kind, form.facts(), user=request.user)
        except services.GameError as error:
            _problems(request, error)
        else:
            return redirect("games:incident", game_id=game.pk, incident_id=incident.pk)
    return render(
        request,
        "games/incident_form.html",
        _context(
            request,
            game,
            form=form,
            kind=kind,
            kind_label=incident_kind_label(kind, game_ruleset(game)),
        ),
    )


@login_required
def incident_detail(request: HttpRequest, game_id: int, incident_id: int) -> HttpResponse:
    game = _game(request, game_id, Action.FOLLOW)
    incident = get_object_or_404(Incident, pk=incident_id, game=game)
    if request.method == "POST":
        require(request.user, Action.RECORD_INCIDENTS, game.tournament)
        try:
            services.apply_incident(incident, user=request.user)
        except services.GameError as error:
            _problems(request, error)
        else:
            messages.success(request, _("The ruling has been applied."))
            return redirect("games:detail", game_id=game.pk)
    return render(
        request,
        "games/incident.html",
        _context(
            request,
            game,
            incident=incident,
            ruling=incident.ruling,
            facts=incident_facts(incident),
            readings_at_risk=[]
            if incident.applied
            else services.readings_the_ruling_discards(incident),
        ),
    )


@login_required
def seal(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id, Action.RECORD_INCIDENTS)
    refused = _sealing_refused(game_ruleset(game))
    if refused:
        return render(request, "games/seal.html", _context(request, game, refused=refused))
    board = board_at(game)
    now = timezone.localtime().replace(second=0, microsecond=0)
    form = SealForm(
        *_submitted(request),
        initial={
            "sealer": "white" if board.turn == chess.WHITE else "black",
            "adjourned_at": now,
        },
    )
    if request.method == "POST" and form.is_valid():
        try:
            envelope = services.seal_game(game, user=request.user, **form.cleaned_data)
        except services.GameError as error:
            _problems(request, error)
        else:
            messages.success(request, _("The move is sealed; print the envelope."))
            return redirect("games:envelope", game_id=game.pk, envelope_id=envelope.pk)
    return render(request, "games/seal.html", _context(request, game, form=form))


def _sealing_refused(ruleset: Ruleset) -> str:
    """Why no move can be sealed under ``ruleset`` ('' when one can), citing its article."""
    if offered_under(IncidentKind.SEAL, ruleset):
        return ""
    return _(
        "Sealing a move is not offered under %(ruleset)s: its games are played to a finish, "
        "without adjournment. %(article)s applies only where the regulations of the event "
        "announce adjournments."
    ) % {
        "ruleset": ruleset.title(get_language() or "en"),
        "article": article_heading(ruleset.article("adjournment.seal")),
    }


@login_required
def envelope_print(request: HttpRequest, game_id: int, envelope_id: int) -> HttpResponse:
    game = _game(request, game_id, Action.FOLLOW)
    envelope = get_object_or_404(SealedEnvelope, pk=envelope_id, game=game)
    may_read = envelope.is_open or can(request.user, Action.OPEN_SEALED_MOVE, game.tournament)
    return render(
        request,
        "games/envelope.html",
        _context(
            request,
            game,
            envelope=envelope,
            show_sealed_move=may_read,
            tournament=game.tournament,
        ),
    )


@login_required
def resume(request: HttpRequest, game_id: int) -> HttpResponse:
    # Opening the envelope reads the sealed move: the chief arbiter's right (roles page).
    game = _game(request, game_id, Action.OPEN_SEALED_MOVE)
    envelope = open_envelope_of(game)
    if envelope is None:
        messages.error(request, _("The game has no sealed envelope to open."))
        return redirect("games:detail", game_id=game.pk)
    form = ResumptionForm(
        *_submitted(request),
        initial={
            "session_start": timezone.localtime(envelope.resumes_at),
            "ruled_at": timezone.localtime().replace(second=0, microsecond=0),
        },
    )
    if request.method == "POST" and form.is_valid():
        try:
            incident = services.resume_game(
                game,
                form.attendance(),
                user=request.user,
                position_on_board=form.cleaned_data["position_on_board"] or None,
            )
        except services.GameError as error:
            _problems(request, error)
        else:
            return redirect("games:incident", game_id=game.pk, incident_id=incident.pk)
    return render(
        request, "games/resume.html", _context(request, game, form=form, envelope=envelope)
    )


@login_required
def game_pgn(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id, Action.FOLLOW)
    return _pgn_response(export_pgn([game]), f"game-{game.pk}.pgn")


@login_required
def game_incident_report(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id, Action.FOLLOW)
    return render(
        request,
        "games/incident_report.html",
        _context(
            request,
            game,
            tournament=game.tournament,
            incidents=incidents_of(game),
        ),
    )


@login_required
@require_POST
def correct(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id, Action.ENTER_RESULTS)
    form = CorrectionForm(request.POST)
    if form.is_valid():
        try:
            services.correct_result(
                game,
                user=request.user,
                score=form.cleaned_data["result"],
                reason=form.cleaned_data["reason"],
                confirm=request.POST.get("confirm", ""),
            )
        except NeedsConfirmation as question:
            # A correction of an earlier round asks first (L3): the same question page as
            # the round page's, whose button sends the correction again with the answer.
            assert game.tournament is not None  # only a board's result asks
            return confirmation_page(
                request,
                question,
                tournament=game.tournament,
                title=f"{game.white_name} – {game.black_name}",
                cancel_url=reverse("games:detail", args=[game.pk]),
            )
        except services.GameError as error:
            _problems(request, error)
        else:
            messages.success(request, _("Result corrected."))
    else:
        messages.error(request, _("A correction needs a result and a reason."))
    return redirect("games:detail", game_id=game.pk)
