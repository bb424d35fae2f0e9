"""``standings ID [--after-round N] [--tiebreaks BH/C1,BH,SB] [--format text|json]
[--pdf FILE [--paper a4|letter]]``.

A team event's standings are its teams' (C.07): the team standings as its pages show them,
``--tiebreaks`` taking C.07's team codes (``MP,EMMSB``, ``BH:GP/C1`` …)."""

import json

from django.core.management.base import BaseCommand

from tournaments.reports.sources import standings_report
from tournaments.reports.team_sources import team_report
from tournaments.reports.team_tables import team_standings_table
from tournaments.scoring.points import SheetError
from tournaments.scoring.standings import Standings, format_points
from tournaments.scoring.tiebreaks import TieBreakError
from tournaments.selectors import rating_changes, sheet_and_standings
from tournaments.services.audit import last_round_number
from tournaments.team_sheet import event_team_standings, team_sheet

from ._common import bad_input, get_tournament, text_table
from ._reports import add_pdf_arguments, write_pdf


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
            help=(
                "comma-separated FIDE acronyms, e.g. BH/C1,BH,SB, or a team event's C.07 "
                "codes, e.g. MP,EMMSB,BH:GP/C1 (default: the event's list)"
            ),
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
        if tournament.is_team_event:
            self._teams(tournament, after_round, tiebreaks, options)
            return
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

    def _teams(self, tournament, after_round, tiebreaks, options):
        """A team event's standings: its teams by the primary score and team tie-breaks."""
        sheet = team_sheet(tournament, after_round=after_round)
        try:
            standings = event_team_standings(tournament, sheet, tiebreaks=tiebreaks)
        except TieBreakError as error:
            raise bad_input(f"--tiebreaks: {error}") from None
        table = team_standings_table(sheet, standings, planned_rounds=tournament.number_of_rounds)
        if options["pdf"]:
            report = team_report(tournament, table, paper=options["paper"])
            self.stdout.write(write_pdf(report, options["pdf"]))
        elif options["format"] == "json":
            document = {
                "tournament": tournament.name,
                "after_round": standings.after_round,
                "primary": standings.primary,
                "tiebreaks": [spec.name for spec in standings.tiebreaks],
                "standings": [
                    {
                        "rank": row.place,
                        "team_number": row.team,
                        "team": row.name,
                        "match_points": format_points(row.match_points),
                        "game_points": format_points(row.game_points),
                        "tiebreaks": {t.spec.name: t.display for t in row.tiebreaks},
                    }
                    for row in standings.rows
                ],
            }
            self.stdout.write(json.dumps(document, indent=2, ensure_ascii=False))
        else:
            self.stdout.write(tournament.name)
            headers = [column.label for column in table.columns]
            left = frozenset(i for i, column in enumerate(table.columns) if column.align == "left")
            cells = [[cell.text for cell in row] for row in table.rows]
            for line in text_table([headers, *cells], left=left):
                self.stdout.write(line)
            for note in table.notes:
                self.stdout.write(note)

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
        self.stdout.write(tournament.name)
        for line in text_table([headers, *table], left=frozenset({2})):
            self.stdout.write(line)
        if any(not row.ranked for row in standings.rows):
            self.stdout.write(
                "Players without a place (-): expelled from a Swiss, or left a round robin "
                "having completed fewer than half of their games (FIDE C.05)."
            )
        if standings.pending:
            pending = ", ".join(f"round {r} (player {p})" for r, p in standings.pending)
            self.stdout.write(f"Not final: adjourned games in {pending}.")
