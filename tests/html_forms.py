"""Read a rendered form's fields as a browser would submit them, so a test can post back
exactly what the page showed (a field the page renders blank is submitted blank)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

# What a browser's date inputs accept as a value; anything else it shows and submits blank.
_BROWSER_VALUES = {
    "date": re.compile(r"\d{4}-\d{2}-\d{2}"),
    "datetime-local": re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?"),
    "time": re.compile(r"\d{2}:\d{2}(:\d{2})?"),
}


def _as_browser_keeps(kind: str, value: str) -> str:
    pattern = _BROWSER_VALUES.get(kind)
    if pattern is None or pattern.fullmatch(value):
        return value
    return ""


class _FormReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.inside = False
        self.forms: list[dict[str, list[str]]] = []
        self.values: dict[str, list[str]] = {}
        self._select: str | None = None
        self._select_first: str | None = None
        self._select_chosen = False
        self._option_value: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {key: value or "" for key, value in attrs}
        if tag == "form":
            self.inside = True
            self.values = {}
            self.forms.append(self.values)
            return
        if not self.inside:
            return
        name = found.get("name")
        if tag == "input" and name:
            kind = found.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in found:
                    self.values.setdefault(name, []).append(found.get("value", "on"))
            elif kind not in ("submit", "button", "file", "image", "reset"):
                value = _as_browser_keeps(kind, found.get("value", ""))
                self.values.setdefault(name, []).append(value)
        elif tag == "select" and name:
            self._select, self._select_first, self._select_chosen = name, None, False
            self.values.setdefault(name, [])
        elif tag == "option" and self._select:
            value = found.get("value", "")
            if self._select_first is None:
                self._select_first = value
            if "selected" in found:
                self.values[self._select].append(value)
                self._select_chosen = True
        elif tag == "textarea" and name:
            self._textarea = name
            self.values[name] = [""]

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.values[self._textarea][0] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self.inside:
            self.inside = False
        elif tag == "select" and self._select:
            if not self._select_chosen and self._select_first is not None:
                self.values[self._select].append(self._select_first)
            self._select = None
        elif tag == "textarea":
            if self._textarea:
                self.values[self._textarea][0] = self.values[self._textarea][0].lstrip("\n")
            self._textarea = None


def form_values(html: str, containing: str) -> dict[str, list[str]]:
    """The name → values a browser would submit from the page's form with field ``containing``."""
    reader = _FormReader()
    reader.feed(html)
    for values in reader.forms:
        if containing in values:
            return values
    raise AssertionError(f"no form on the page has a field {containing!r}")
