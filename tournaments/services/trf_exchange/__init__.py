"""TRF import and export, through the framework-free ``tournaments.trf`` package.

Import stores a file's event, players and every round (games, byes, results) in one
transaction, or nothing; export writes the stored event back as TRF16 or TRF-2026 with the
tournament log as ``###`` comments. One module per record family:

* :mod:`.header`: the event's facts (records 012 to 122, 092/192 system, 162 points,
  202/212 tie-breaks);
* :mod:`.players`: the player lines (001) and the byes they announce;
* :mod:`.rounds`: every round's boards, checked against the pairing rules;
* :mod:`.records`: what sets more than the rounds (132 dates, 240/270 points, 250
  acceleration, 260 forbidden pairs) and which records an import used;
* :mod:`.importing` and :mod:`.exporting`: the two directions, a team file or event handed
  to :mod:`tournaments.services.trf_teams`.
"""

from .exporting import TRF16_LEAVES_OUT, export_trf, final_export_problems, standing_ranks
from .header import DEPUTY_SEPARATOR, document_event_fields
from .importing import import_trf, import_warnings, read_trf_file

__all__ = [
    "DEPUTY_SEPARATOR",
    "TRF16_LEAVES_OUT",
    "document_event_fields",
    "export_trf",
    "final_export_problems",
    "import_trf",
    "import_warnings",
    "read_trf_file",
    "standing_ranks",
]
