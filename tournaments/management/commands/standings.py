"""``standings ID [--after-round N] [--tiebreaks BH/C1,BH,SB] [--format text|json]
[--pdf FILE [--paper a4|letter]]``."""

import json
import unicodedata

from django.core.management.base import BaseCommand

from tournaments.reports.sources import standings_report
from tournaments.scoring.points import SheetError
from tournaments.scoring.standings import Standings, format_points
from tournaments.scoring.tiebreaks import TieBreakError
from tournaments.selectors import rating_changes, sheet_and_standings
from tournaments.services.audit import last_round_number

from ._common import bad_input, get_tournament
from ._reports import add_pdf_arguments, write_pdf


def _width(text):
    """Columns a terminal gives the text: Chinese characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text, width, *, left):
    padding = " " * (width - _width(text))
    return text + padding if left else padding + text


def _change(value):
    return None if value is None else f"{float(value):+.1f}"


class Command(BaseCommand):
    help = (
        "Print the standings: rank, starting rank, name, points, each tie-break in order, "
        "rating change."
    )

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="tournament id or slug")
        parser.add_argument("--after-round", type=int, help="standings after this round")
        parser.add_argument(
            "--tiebreaks",
            help="comma-separated FIDE acronyms, e.g. BH/C1,BH,SB (default: the event's list)",
        )
        parser.add_argument("--format", choices=["text", "json"], default="text")
        add_pdf_arguments(parser, required=False)

    def handle(self, *args, **options):
        tournament = get_tournament(options["tournament"])
        after_round = options["after_round"]
        last = last_round_number(tournament)
        if after_round is not None and not 0 <= after_round <= last:
            raise bad_input(
                f"--after-round {after_round}: the tournament has rounds 1 to {last} paired"
            )
        tiebreaks = None
        if options["tiebreaks"] is not None:
            tiebreaks = [t.strip() for t in options["tiebreaks"].split(",") if t.strip()]
        try:
            sheet, standings = sheet_and_standings(
                tournament, after_round=after_round, tiebreaks=tiebreaks
            )
        except TieBreakError as error:
            raise bad_input(f"--tiebreaks: {error}") from None
        except SheetError as error:
            raise bad_input(f"tournament {tournament.pk}: {error}") from None
        if options["pdf"]:
            report = standings_report(tournament, sheet, standings, paper=options["paper"])
            self.stdout.write(write_pdf(report, options["pdf"]))
            return
        try:
            changes = rating_changes(tournament, sheet)
        except SheetError as error:
            raise bad_input(f"tournament {tournament.pk}: {error}") from None
        rows = [
            {
                "rank": row.place,
                "start_rank": row.start_rank,
                "name": row.name,
                "withdrawn_after": row.withdrawn_after,
                "excluded": row.excluded.value if row.excluded else None,
                "points": format_points(row.points),
                "tiebreaks": {t.spec.name: t.display for t in row.tiebreaks},
                "rating_change": _change(changes.get(row.start_rank)),
            }
            for row in standings.rows
        ]
        if options["format"] == "json":
            document = {
                "tournament": tournament.name,
                "after_round": last if after_round is None else after_round,
                "regulations": standings.regulations.value,
                "tiebreaks": [spec.name for spec in standings.tiebreaks],
                "pending": [{"round": r, "start_rank": p} for r, p in standings.pending],
                "standings": rows,
            }
            self.stdout.write(json.dumps(document, indent=2, ensure_ascii=False))
        else:
            self._table(tournament, standings, rows)

    def _table(self, tournament, standings: Standings, rows):
        headers = ["Rk", "SNo", "Name", "Pts", *(s.name for s in standings.tiebreaks), "Rtg+/-"]
        table = [
            [
                r["rank"],
                str(r["start_rank"]),
                f"{r['name']} ({mark})" if (mark := row.mark) else r["name"],
                r["points"],
                *r["tiebreaks"].values(),
                r["rating_change"] or "",
            ]
            for r, row in zip(rows, standings.rows, strict=True)
        ]
        widths = [max(_width(c) for c in column) for column in zip(headers, *table, strict=True)]
        self.stdout.write(tournament.name)
        for line in [headers, *table]:
            cells = [
                _pad(cell, width, left=index == 2)
                for index, (cell, width) in enumerate(zip(line, widths, strict=True))
            ]
            self.stdout.write("  ".join(cells).rstrip())
        if any(not row.ranked for row in standings.rows):
            self.stdout.write(
                "Players without a place (-): expelled from a Swiss, or left a round robin "
                "having completed fewer than half of their games (FIDE C.05)."
            )
        if standings.pending:
            pending = ", ".join(f"round {r} (player {p})" for r, p in standings.pending)
            self.stdout.write(f"Not final: adjourned games in {pending}.")
