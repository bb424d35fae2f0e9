"""URL converters. ``<num:…>`` is Django's ``<int:…>`` bounded to 9 digits: a longer number
names no round, board or row, and on SQLite it overflowed the query (a 500) instead of
being not found (404). ``<tslug:…>`` is a tournament's slug, which keeps the letters of its
name in any script (``全国象棋锦标赛``), where Django's ``<slug:…>`` takes ASCII only."""

from __future__ import annotations

from django.urls import register_converter
from django.urls.converters import IntConverter, SlugConverter


class BoundedIntConverter(IntConverter):
    regex = "[0-9]{1,9}"


class TournamentSlugConverter(SlugConverter):
    regex = r"[-\w]+"


# Registered once, when the first URL module that uses them imports this one.
register_converter(BoundedIntConverter, "num")
register_converter(TournamentSlugConverter, "tslug")
