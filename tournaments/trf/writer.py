"""Writing a :class:`TrfDocument` back to TRF text.

Records are written verbatim. A player line read from a file is written exactly as it was
read when nothing in it changed and its points agree with its results; otherwise it is laid
out afresh in the TRF16 columns, with the points computed from the results (pairing engines
refuse a file whose points disagree). So a file read and written back is byte-identical except
for these normalisations: line endings become ``\\n`` and the file ends with one; a BOM is
dropped; trailing whitespace is removed; tabs are expanded; a player line whose stated points
disagreed with its results is rewritten with the computed points.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from tournaments.trf import points as trf_points
from tournaments.trf.document import TrfDocument, TrfGame, TrfPlayer, TrfRecord
from tournaments.trf.errors import TrfError
from tournaments.trf.reader import parse_block, parse_player_line

VERSIONS = (16, 2026)


def write_trf(document: TrfDocument, version: int = 16) -> str:
    """The TRF text of ``document``: ``version`` 16 (TRF16 with the JaVaFo extensions) or
    2026 (TRF-2026: adds records 142, 162 and 299 when missing, adjourned games as ``?``).

    Raises :class:`TrfError` for what the version cannot express (an adjourned game in TRF16)
    or what does not fit its columns (a name longer than 33 characters, …).
    """
    if version not in VERSIONS:
        raise TrfError(f"unknown TRF version {version}; expected one of {VERSIONS}")
    lines: list[str] = []
    added = _added_records(document, version)
    system = document.point_system
    for entry in document.entries:
        if isinstance(entry, TrfPlayer):
            lines.extend(record.text for record in added)
            added = []
            lines.append(_player_line(entry, document.player_points(entry, system), version))
        else:
            lines.append(entry.text.rstrip())
    lines.extend(record.text for record in added)
    return "\n".join(lines) + "\n"


def _added_records(document: TrfDocument, version: int) -> list[TrfRecord]:
    """Records the version needs so that an engine reads the document as meant."""
    codes = {record.code for record in document.records}
    system = document.point_system
    added: list[TrfRecord] = []
    if version == 2026:
        if "142" not in codes and document.planned_rounds is not None:
            added.append(TrfRecord(f"142 {document.planned_rounds}"))
        if "162" not in codes and not trf_points.is_default(system):
            added.append(TrfRecord("162" + trf_points.record_162_value(system)))
            if "299" not in codes:
                added += [TrfRecord(line) for line in trf_points.record_299_lines(system)]
    elif "XXS" not in codes and not trf_points.is_default(system):
        added.append(TrfRecord("XXS " + trf_points.xxs_value(system)))
    return added


def _player_line(player: TrfPlayer, points: Fraction, version: int) -> str:
    adjourned = [n for n, g in enumerate(player.games, 1) if g is not None and g.result in "?X"]
    if adjourned and version == 16:
        raise TrfError(
            f"player {player.start_rank} {player.name}: round {adjourned[0]} is adjourned, "
            "which TRF16 cannot express; resolve it or write TRF-2026",
            line=player.line or None,
        )
    if player.source and player.points == points and "X" not in _results(player):
        try:
            unchanged = parse_player_line(player.source) == player
        except TrfError:
            unchanged = False
        if unchanged:
            return player.source
    return format_player_line(replace(player, points=points))


def _results(player: TrfPlayer) -> str:
    return "".join(game.result for game in player.games if game is not None)


def format_player_line(player: TrfPlayer) -> str:
    """A ``001`` line in the TRF16 columns (title right-aligned, TRF-2026 ``?`` for adjourned)."""

    def fit(value: str, width: int, what: str) -> str:
        if len(value) > width:
            raise TrfError(
                f"player {player.start_rank}: the {what} {value!r} is longer than the "
                f"{width} columns TRF gives it",
                line=player.line or None,
            )
        return value

    points = "" if player.points is None else trf_points.format_points(player.points)
    head = (
        f"001 {fit(str(player.start_rank), 4, 'starting rank'):>4} "
        f"{fit(player.sex, 1, 'sex'):1}{fit(player.title, 3, 'title'):>3} "
        f"{fit(player.name, 33, 'name'):<33} "
        f"{fit(str(player.rating), 4, 'rating'):>4} "
        f"{fit(player.federation, 3, 'federation'):<3} "
        f"{fit(player.fide_id, 11, 'FIDE id'):>11} "
        f"{fit(player.birth, 10, 'birth date'):<10} "
        f"{fit(points, 4, 'points'):>4} "
        f"{'' if player.rank is None else fit(str(player.rank), 4, 'rank'):>4}"
    )
    return (head + "".join(_block(game) for game in player.games)).rstrip()


def _block(game: TrfGame | None) -> str:
    if game is None:
        return " " * 10
    if game.text and game.result != "X":
        # The block as read (``0000`` or blanks, ``-`` or no colour), while it still says
        # what the game says.
        try:
            if parse_block(game.text) == game:
                return game.text.ljust(10)
        except TrfError:
            pass
    opponent = "0000" if game.opponent is None else str(game.opponent)
    result = "?" if game.result == "X" else game.result
    return f"  {opponent:>4} {game.color or '-'} {result}"
