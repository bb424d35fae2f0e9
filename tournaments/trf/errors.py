"""The one error a malformed TRF raises."""

from __future__ import annotations


class TrfError(ValueError):
    """A TRF line that cannot be read (or a document that cannot be written).

    ``line`` and ``column`` are 1-based; ``column`` is ``None`` when the whole line is at fault.
    """

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None):
        self.message = message
        self.line = line
        self.column = column
        super().__init__(str(self))

    def __str__(self) -> str:
        where = []
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        return f"{', '.join(where)}: {self.message}" if where else self.message
