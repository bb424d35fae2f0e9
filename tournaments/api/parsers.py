"""Request body parsers: DRF's JSON parser, with a body nested too deep refused (400)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser turns malformed JSON into 400 but lets the decoder's
    RecursionError (100,000 nested ``[``) through as a 500."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(_("JSON parse error - the body is nested too deeply.")) from None
