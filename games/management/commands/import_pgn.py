"""``python manage.py import_pgn TOURNAMENT_ID FILE [--round N] [--format json]``.

Check every game with the rules engine, match it to a board, import the clean matched games
in one transaction, and print what was imported, matched, unmatched and rejected, and why.
"""

from __future__ import annotations

import json
import os
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from games.rules.text import ENCODINGS
from games.services import (
    GameError,
    ImportDecision,
    check_pgn,
    decode_pgn,
    import_games,
    refuse_unfit_pgn,
)
from games.services.imports import GameCheck
from tournaments.limits import file_size_refusal
from tournaments.models import Tournament

INPUT_ERROR = 2


class Command(BaseCommand):
    help = "Check, match and import the games of a PGN file into a tournament."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("tournament_id", type=int)
        parser.add_argument("file", help="PGN file (UTF-8, with or without BOM, or Latin-1)")
        parser.add_argument(
            "--round",
            type=int,
            dest="round_number",
            help="round of every game (default: each game's Round tag)",
        )
        parser.add_argument(
            "--accept-mismatches",
            action="store_true",
            help="also import games whose declared result contradicts the board",
        )
        parser.add_argument("--format", default="text", choices=["text", "json"])
        parser.add_argument(
            "--encoding",
            choices=sorted(ENCODINGS),
            help=_("the file's encoding (default: detected)"),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            tournament = Tournament.objects.get(pk=options["tournament_id"])
        except Tournament.DoesNotExist:
            raise CommandError(
                _("There is no tournament %(id)s.") % {"id": options["tournament_id"]},
                returncode=INPUT_ERROR,
            ) from None
        try:
            if refusal := file_size_refusal(os.path.getsize(options["file"])):
                raise GameError(refusal)
            with open(options["file"], "rb") as stream:
                text, read_as = decode_pgn(stream.read(), options["encoding"])
            refuse_unfit_pgn(text)
        except OSError as error:
            raise CommandError(
                f"{options['file']}: {error.strerror}", returncode=INPUT_ERROR
            ) from None
        except GameError as error:
            raise CommandError(
                f"{options['file']}: {'; '.join(error.problems)}", returncode=INPUT_ERROR
            ) from None
        if read_as != "utf-8" and not options["encoding"]:
            self.stderr.write(
                _("%(file)s is not UTF-8: read as %(encoding)s (--encoding to choose).")
                % {"file": options["file"], "encoding": ENCODINGS[read_as]}
            )
        checks = check_pgn(text, tournament, round_number=options["round_number"])
        rows = [self._classify(check, options["accept_mismatches"]) for check in checks]
        chosen = [
            check for check, row in zip(checks, rows, strict=True) if row["status"] == "imported"
        ]
        decisions = [ImportDecision(c.number, c.pairing.pk) for c in chosen if c.pairing]
        try:
            import_games(checks, decisions, user=None)
        except GameError as error:
            raise CommandError("; ".join(error.problems), returncode=INPUT_ERROR) from None
        self._print(rows, options["format"])

    def _classify(self, check: GameCheck, accept_mismatches: bool) -> dict[str, Any]:
        headers = check.tags
        row: dict[str, Any] = {
            "game": check.number,
            "line": check.result.line,
            "white": headers.get("White", "?"),
            "black": headers.get("Black", "?"),
            "round": check.round_number,
            "board": check.pairing.board if check.pairing else None,
            "check": check.status,
        }
        if not check.importable:
            row.update(status="rejected", reason=check.problem())
        elif check.pairing is None:
            row.update(status="unmatched", reason=check.unmatched_reason)
        elif hasattr(check.pairing, "game"):
            row.update(
                status="rejected",
                reason=_("board %(board)s already has a game") % {"board": check.pairing.board},
            )
        elif check.result.mismatch and not accept_mismatches:
            row.update(status="rejected", reason=check.result.mismatch)
        else:
            row.update(status="imported", reason=check.problem())
        return row

    def _print(self, rows: list[dict[str, Any]], output: str) -> None:
        counts = {
            status: sum(r["status"] == status for r in rows)
            for status in ("imported", "unmatched", "rejected")
        }
        counts["matched"] = sum(r["board"] is not None for r in rows)
        if output == "json":
            self.stdout.write(
                json.dumps({"games": rows, "summary": counts}, ensure_ascii=False, indent=2)
            )
            return
        for row in rows:
            board = _("board %(board)s") % {"board": row["board"]} if row["board"] else "-"
            players = f"{row['white']} – {row['black']}"
            round_ = row["round"] or "?"
            line = f"{row['game']:>4} {row['status']:<9} r{round_} {board:<9} {players}"
            if row["reason"]:
                line += f": {row['reason']}"
            self.stdout.write(line)
        self.stdout.write(
            _(
                "%(games)s games: %(imported)s imported, %(matched)s matched, "
                "%(unmatched)s unmatched, %(rejected)s rejected"
            )
            % {"games": len(rows), **counts}
        )
