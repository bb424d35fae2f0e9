"""``python manage.py checkgames FILE.pgn``: check every game of a PGN file.

The command uses no model, URL or template, and manage.py runs it without loading the apps
(:mod:`arbiter.quick_commands`): what it imports is what checking needs, no more.
"""

from __future__ import annotations

import io
import json
import os
import time
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from games.refusals import outline_refusal
from games.rules.batch import Summary, check_file
from games.rules.records import decode_lines, detect_file_encoding, outline_pgn
from games.rules.rulesets import RULESETS, get_ruleset
from games.rules.text import ENCODINGS, NotTextError, refuse_binary
from tournaments.limits import file_size_refusal

INPUT_ERROR = 2
"""Exit status for input that cannot be used at all (no such file, unknown ruleset)."""

# A progress bar is worth drawing only for files that take a while.
PROGRESS_MIN_BYTES = 1024 * 1024
PROGRESS_WIDTH = 30
# How much of a file is looked at to tell text from binary data (as the upload looks).
TEXT_SAMPLE = 1024 * 1024


class Command(BaseCommand):
    # The check reads a file and touches no model: Django's system checks (which import
    # every view through the URLs) would double its start-up.
    requires_system_checks: list[str] = []
    help = _(
        "Replay and check every game of a PGN file: one report per game (first illegal "
        "move, how the game ended, declared and detected result, draw claims open at the "
        "end) and a summary line. JSON output is one object per line, the summary last."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help=_("PGN file (one or many games)"))
        parser.add_argument(
            "--ruleset",
            default="classic",
            help=_("ruleset: %(names)s") % {"names": ", ".join(sorted(RULESETS))},
        )
        parser.add_argument("--format", default="text", choices=["text", "json"])
        parser.add_argument(
            "--encoding",
            choices=sorted(ENCODINGS),
            help=_("the file's encoding (default: detected)"),
        )
        parser.add_argument(
            "--jobs",
            type=int,
            default=None,
            help=_("worker processes for large files (default: one per core)"),
        )
        parser.add_argument(
            "--mate-search",
            type=int,
            default=0,
            metavar="NODES",
            help=_(
                "also search each final position up to NODES positions for a proof that a "
                "side cannot mate by any sequence of legal moves (default: off)"
            ),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            ruleset = get_ruleset(options["ruleset"])
        except ValueError as error:
            raise CommandError(str(error), returncode=INPUT_ERROR) from None
        if not os.path.isfile(path) or not os.access(path, os.R_OK):
            message = _("%(path)s: no such readable file") % {"path": path}
            raise CommandError(message, returncode=INPUT_ERROR)
        as_json = options["format"] == "json"
        if not options["encoding"]:
            options["encoding"] = detect_file_encoding(path)
            if options["encoding"] != "utf-8":
                self.stderr.write(
                    _("%(file)s is not UTF-8: read as %(encoding)s (--encoding to choose).")
                    % {"file": path, "encoding": ENCODINGS[options["encoding"]]}
                )
        self._refuse_unfit_file(path, options["encoding"])
        summary = Summary()
        progress = self._progress_bar(path, summary)
        try:
            reports = check_file(
                path,
                ruleset,
                jobs=options["jobs"],
                progress=progress,
                mate_search_nodes=options["mate_search"],
                encoding=options["encoding"],
            )
            for report in reports:
                summary.add(report)
                if as_json:
                    self.stdout.write(json.dumps(report.as_dict(), ensure_ascii=False))
                else:
                    self.stdout.write(report.as_text() + "\n")
        except OSError as error:
            message = _("%(path)s: %(error)s") % {"path": path, "error": error.strerror}
            raise CommandError(message, returncode=INPUT_ERROR) from None
        finally:
            if progress is not None:
                self.stderr.write("", ending="\n")
        if as_json:
            self.stdout.write(json.dumps({"summary": summary.as_dict()}))
        else:
            self.stdout.write(_("Summary: %(summary)s") % {"summary": summary.as_text()})

    def _refuse_unfit_file(self, path: str, encoding: str) -> None:
        """The limits every path holds (size, then games counted line by line without
        reading them), binary data and a file without a game: refused before checking
        anything, as the page and the API refuse them. A stray NUL byte is reported with
        its game, not refused: nothing is stored here."""
        try:
            refusal = file_size_refusal(os.path.getsize(path))
            if refusal is None:
                with open(path, "rb") as stream:
                    sample = stream.read(TEXT_SAMPLE)
                    refuse_binary("".join(decode_lines(io.BytesIO(sample), encoding)))
                    stream.seek(0)
                    refusal = outline_refusal(outline_pgn(decode_lines(stream, encoding)))
        except NotTextError as error:
            refusal = str(error)
        if refusal:
            message = _("%(path)s: %(error)s") % {"path": path, "error": refusal}
            raise CommandError(message, returncode=INPUT_ERROR)

    def _progress_bar(self, path: str, summary: Summary) -> Any:
        size = os.path.getsize(path)
        if size < PROGRESS_MIN_BYTES or not self.stderr.isatty():
            return None
        started = time.monotonic()

        def show(done: int) -> None:
            share = min(done / size, 1.0)
            filled = int(share * PROGRESS_WIDTH)
            rate = summary.games / max(time.monotonic() - started, 1e-9)
            bar = "#" * filled + "-" * (PROGRESS_WIDTH - filled)
            self.stderr.write(
                f"\r[{bar}] {share:4.0%} "
                + _("%(games)d games, %(rate).0f/s") % {"games": summary.games, "rate": rate},
                ending="",
            )
            self.stderr.flush()

        return show
