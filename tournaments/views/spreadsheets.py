"""CSV files meant for a spreadsheet: every CSV download is written here, one way."""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Sequence

from django.http import HttpResponse

BYTE_ORDER_MARK = "\ufeff"
"""Written first: without it Excel on Windows reads a CSV in the system's code page, and
Chinese names and diacritics come out garbled. LibreOffice, Numbers and Python's
``utf-8-sig`` read it as the mark it is."""

_FORMULA_START = tuple("=+-@\t\r")
_NUMBER = re.compile(r"[+-]?\d+([.,]\d+)?")


def spreadsheet_safe(cell: str) -> str:
    """A cell a spreadsheet shows as text, never runs: one that would start a formula
    (``=``, ``+``, ``-``, ``@``, tab, CR — OWASP's CSV injection list) gets a leading
    apostrophe, unless it is a plain number such as a rating change (``-12``)."""
    if cell.startswith(_FORMULA_START) and not _NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def csv_download(filename: str, rows: Iterable[Sequence[object]]) -> HttpResponse:
    """``rows`` (the header first) as a CSV attachment a spreadsheet opens as written:
    UTF-8 with a byte-order mark, CRLF line ends, every cell :func:`spreadsheet_safe`."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write(BYTE_ORDER_MARK)
    writer = csv.writer(response)
    writer.writerows([spreadsheet_safe(str(cell)) for cell in row] for row in rows)
    return response
