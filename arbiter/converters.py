"""URL converters. ``<num:…>`` is Django's ``<num:…>`` bounded to 9 digits: a longer number
names no round, board or row, and on SQLite it overflowed the query (a 500) instead of
being not found (404)."""

from __future__ import annotations

from django.urls import register_converter
from django.urls.converters import IntConverter


class BoundedIntConverter(IntConverter):
    regex = "[0-9]{1,9}"


# Registered once, when the first URL module that uses it imports this one.
register_converter(BoundedIntConverter, "num")
