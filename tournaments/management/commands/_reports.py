"""What the report commands share: the --pdf and --paper options and writing the file."""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path

from tournaments.reports.pdf import PAPERS, PdfReport
from tournaments.scoring.points import SheetError

from ._common import bad_input


def add_pdf_arguments(parser: ArgumentParser, *, required: bool) -> None:
    parser.add_argument("--pdf", metavar="FILE", required=required, help="write the PDF here")
    parser.add_argument(
        "--paper", choices=sorted(PAPERS), default="a4", help="paper size (default: a4)"
    )


def write_pdf(report: PdfReport, path: str) -> str:
    """Render ``report`` into ``path``; a clear error when the sheet or the file is wrong."""
    try:
        _filename, _mimetype, data = report.generate()
    except SheetError as error:
        raise bad_input(f"the tournament's results contradict each other: {error}") from None
    try:
        Path(path).write_bytes(data)
    except OSError as error:
        raise bad_input(f"{path}: {error.strerror}") from None
    return f"{path}: {report.title}, {len(data):,} bytes"
