"""Filters of the log's records."""

from __future__ import annotations

import logging


class ClientErrorsInOneLine(logging.Filter):
    """A request refused (403, 404, …) is an expected answer: its record keeps its one line
    ("Forbidden (Permission denied): /path") without the exception's traceback, which Django
    adds to every refused permission. Server errors keep theirs."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", 500) < 500:
            record.exc_info = None
            record.exc_text = None
        return True
