"""Printed reports (reportlab) and the tables the public pages show.

* :mod:`~tournaments.reports.tables` — each report's table as plain data, shared by the PDF,
  the HTML pages and the CSV: ``standings_table``, ``round_robin_table``,
  ``wall_chart_table``, ``starting_list_table``, ``pairings_table``;
* :mod:`~tournaments.reports.pdf` — ``PdfReport`` (header on every page, "Page x of y",
  metadata, portrait or landscape by width) and ``TableReport``; every report's
  ``generate()`` returns ``(filename, mimetype, bytes)``;
* :mod:`~tournaments.reports.team_tables` and :mod:`~tournaments.reports.team_boards` — a
  team event's tables (standings, crosstable, board results, board prizes), printed by
  :mod:`~tournaments.reports.team_pdf`;
* :mod:`~tournaments.reports.forms` — the result sheet, scoresheets, the sealed-move envelope;
* :mod:`~tournaments.reports.incidents` — the arbiter's incident report, envelopes from the
  games app;
* :mod:`~tournaments.reports.sources` — all of the above for a tournament in the database;
* :mod:`~tournaments.reports.event` — the header every page prints;
* :mod:`~tournaments.reports.fonts` — the embedded font and fitting text into a cell.
"""
