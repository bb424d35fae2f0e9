"""FIDE Tournament Report File (TRF) reading and writing, by hand.

Framework-free: the standard library only, never Django. Handles TRF06, TRF16 and TRF-2026
with the JaVaFo/bbpPairings extensions (``XXR``, ``XXC``, ``XXP``, ``XXS``, ``XXA``, ``XXZ``).

Every TRF package tried for this project lost or mangled fields (three-letter titles, the 132
round-dates record, FIDE ids), so the format is implemented here, column by column.

Public API::

    read_trf(text) -> TrfDocument            # raises TrfError(line, column, message)
    write_trf(document, version=16) -> str   # version 16 or 2026
    TrfDocument.to_sheet() -> TournamentSheet
    TrfDocument.from_sheet(sheet, records=()) -> TrfDocument
    merge.rendering(text, keys) / merge.merge(...)   # an imported file written back, with
                                                     # only what changed since recomputed
"""

from tournaments.trf.document import TrfDocument, TrfGame, TrfPlayer, TrfRecord
from tournaments.trf.errors import TrfError
from tournaments.trf.reader import read_trf
from tournaments.trf.writer import write_trf

__all__ = [
    "TrfDocument",
    "TrfError",
    "TrfGame",
    "TrfPlayer",
    "TrfRecord",
    "read_trf",
    "write_trf",
]
