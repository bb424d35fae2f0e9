"""Printed reports (reportlab) and the tables the public pages show.

* :mod:`~tournaments.reports.tables` — each report's table as plain data (shared by PDF,
  HTML and CSV), from an outcome sheet and its standings;
* :mod:`~tournaments.reports.pdf` — the renderer classes: ``generate() -> (filename,
  mimetype, bytes)``;
* :mod:`~tournaments.reports.event` — the header every page prints.
"""
