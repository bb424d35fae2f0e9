"""The arbiter's incident report, and the sealed-move envelope of a game in the database.

The games app keeps incidents (what happened, the ruling the rules engine gave, whether it was
applied) and envelopes; this module prints them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import chess
from django.utils import formats, timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer
from reportlab.platypus import Table as PdfTable

from games.incident_facts import Fact, incident_facts
from games.models import Incident, SealedEnvelope
from games.templatetags.games_display import article_name, decision_label
from tournaments.models import Tournament
from tournaments.reports.event import ReportEvent
from tournaments.reports.forms import EnvelopeFacts, GameHeading
from tournaments.reports.pdf import PdfReport, paragraph_markup


@dataclass(frozen=True)
class IncidentLine:
    """One incident as the report prints it."""

    entered_at: datetime
    round: int | None
    board: int | None
    game: str
    kind: str
    facts: list[Fact]
    article: str
    decision: str
    score: str
    explanation: str
    applied: bool


def incident_lines(tournament: Tournament) -> list[IncidentLine]:
    """The tournament's incidents in the order they were entered. One query."""
    chinese = (get_language() or "").startswith("zh")
    incidents = (
        Incident.objects.filter(game__pairing__round__tournament=tournament)
        .select_related("game", "game__pairing", "game__pairing__round")
        .order_by("entered_at", "id")
    )
    lines = []
    for incident in incidents:
        game, pairing = incident.game, incident.game.pairing
        explanation = incident.ruling.get("explanation", {})
        lines.append(
            IncidentLine(
                entered_at=timezone.localtime(incident.entered_at),
                round=pairing.round.number if pairing else None,
                board=pairing.board if pairing else None,
                game=f"{game.white_name} – {game.black_name}",
                kind=str(incident.get_kind_display()),
                facts=incident_facts(incident),
                article=article_name(incident.article),
                decision=decision_label(incident.decision),
                score=incident.score,
                explanation=explanation.get("zh" if chinese else "en", ""),
                applied=incident.applied,
            )
        )
    return lines


class IncidentReport(PdfReport):
    """Every incident of the event with the ruling given: when, which game, what happened,
    the article applied, the decision and score, the explanation, whether it was applied;
    the chief arbiter signs at the end."""

    kind = "incidents"
    font_size = 7.5

    def __init__(
        self,
        event: ReportEvent,
        lines: list[IncidentLine],
        *,
        paper: str | None = None,
        author: str = "",
    ) -> None:
        super().__init__(event, paper=paper, author=author)
        self.lines = lines

    @property
    def title(self) -> str:
        return _("Arbiter's incident report")

    @property
    def legend(self) -> str:
        return ""

    def natural_width(self) -> float:
        return 250 * mm  # explanations need the width of a landscape page

    def flowables(self, width: float) -> list[Flowable]:
        style = self.style(self.font_size)
        header = [
            _("Entered"),
            _("Rd."),
            _("Bd."),
            _("Game"),
            _("Incident"),
            _("Art."),
            _("Decision"),
            _("Score"),
            _("Explanation"),
            _("Applied"),
        ]
        data: list[list[Any]] = [[Paragraph(paragraph_markup(h), style) for h in header]]
        for line in self.lines:
            incident = "\n".join([line.kind, *map(str, line.facts)])
            cells = [
                formats.date_format(line.entered_at, "DATETIME_FORMAT"),
                str(line.round or ""),
                str(line.board or ""),
                line.game,
                incident,
                line.article,
                line.decision,
                line.score,
                line.explanation,
                _("yes") if line.applied else _("no"),
            ]
            data.append(
                [Paragraph(paragraph_markup(c).replace("\n", "<br/>"), style) for c in cells]
            )
        shares = [0.08, 0.03, 0.03, 0.12, 0.17, 0.07, 0.07, 0.05, 0.33, 0.05]
        table = PdfTable(data, colWidths=[width * s for s in shares], repeatRows=1)
        table.setStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.25, colors.HexColor("#777777")),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dddddd")),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 2),
                ("RIGHTPADDING", (0, 0), (-1, -1), 2),
            ]
        )
        content: list[Flowable] = [table] if self.lines else []
        if not self.lines:
            content.append(Paragraph(paragraph_markup(_("No incident was recorded.")), style))
        signature = _("Chief arbiter: %(name)s   Signature: ____________________") % {
            "name": self.event.chief_arbiter or "____________________"
        }
        content += [Spacer(0, 8 * mm), Paragraph(paragraph_markup(signature), style)]
        return content


def envelope_facts(envelope: SealedEnvelope) -> EnvelopeFacts:
    """What the printed envelope says; the sealed move itself is left out."""
    game = envelope.game
    pairing = game.pairing
    return EnvelopeFacts(
        game=GameHeading(
            round=pairing.round.number if pairing else None,
            board=pairing.board if pairing else None,
            white=game.white_name,
            black=game.black_name,
            date=timezone.localtime(envelope.adjourned_at).date().isoformat(),
        ),
        fen=envelope.fen,
        sealer=chess.WHITE if envelope.sealer == "white" else chess.BLACK,
        moves_made=envelope.moves_made,
        white_used=envelope.white_used,
        black_used=envelope.black_used,
        adjourned_at=timezone.localtime(envelope.adjourned_at),
        resumes_at=timezone.localtime(envelope.resumes_at),
    )
