"""Writing an imported file back: what the file said, except where the application changed it.

Three texts meet here: the *source* (the file as imported), the *base* (how the application
wrote the tournament right after the import) and the *current* rendering (how it writes the
tournament now). Each record code, player field and round cell is compared between base and
current: equal means the arbiter changed nothing it depends on, so the file's own text is
written — a blank rating stays blank, ``153 - -`` keeps its missing colour, a second ``112``
and an unknown record stay where they were. Different means the tournament changed, so the
application's text is written, and for a header record a note says so.

A rendering is plain JSON (it is stored with the tournament): ``{"records": {code: [line,
…]}, "players": {key: {"fields": [...], "cells": [...], "line": str}}}``, players keyed by a
caller's stable identity (the database id), not by starting rank, which may change.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tournaments.trf.document import TrfDocument, TrfPlayer
from tournaments.trf.reader import BLOCK_WIDTH, ROUNDS_START, split_lines

PLAYER_FIELDS: tuple[tuple[str, int, int], ...] = (
    ("starting rank", 4, 8),
    ("sex", 9, 10),
    ("title", 10, 13),
    ("name", 14, 47),
    ("rating", 48, 52),
    ("federation", 53, 56),
    ("FIDE id", 57, 68),
    ("birth date", 69, 79),
    ("points", 80, 84),
    ("rank", 85, 89),
)
"""The columns of a ``001`` line before its round blocks (0-based, end exclusive)."""

RANK_FIELD = [name for name, _start, _end in PLAYER_FIELDS].index("rank")

Rendering = dict[str, Any]


def rendering(text: str, keys: Mapping[int, str]) -> Rendering:
    """The records and player fields of an application-written TRF ``text``; ``keys`` maps
    each starting rank to the player's stable key. Comments (``###``) and blank lines are
    not part of it: they are never recomputed."""
    records: dict[str, list[str]] = {}
    players: dict[str, dict[str, Any]] = {}
    for line in split_lines(text):
        if line.startswith("001"):
            key = keys.get(int(line[4:8]))
            if key is not None:
                players[key] = {
                    "fields": [line.ljust(ROUNDS_START)[s:e] for _, s, e in PLAYER_FIELDS],
                    "cells": _cells(line),
                    "line": line,
                }
        elif line.strip() and not line.startswith("###"):
            records.setdefault(line[:3], []).append(line)
    return {"records": records, "players": players}


def stored(rendering: Rendering) -> Rendering:
    """A rendering without the whole lines, which only the current one needs."""
    return {
        "records": rendering["records"],
        "players": {
            key: {"fields": player["fields"], "cells": player["cells"]}
            for key, player in rendering["players"].items()
        },
    }


def _cells(line: str) -> list[str]:
    return [
        line[start : start + BLOCK_WIDTH].rstrip()
        for start in range(ROUNDS_START, len(line), BLOCK_WIDTH)
    ]


@dataclass
class Merged:
    """The merged lines, and the header records recomputed (code and what the file said)."""

    lines: list[str] = field(default_factory=list)
    recomputed: list[tuple[str, str]] = field(default_factory=list)


def merge(
    source: TrfDocument,
    keys: Mapping[int, str],
    base: Rendering,
    current: Rendering,
    comments: list[str],
) -> Merged:
    """The source file with the application's changes, in the file's order.

    ``keys`` maps the source's starting ranks to player keys. Records the application writes
    that the file lacks, and ``comments``, go before the first player line; players added
    since the import after the last one.
    """
    merged = Merged()
    base_records: dict[str, list[str]] = base.get("records", {})
    current_records: dict[str, list[str]] = current["records"]
    managed = set(base_records) | set(current_records)
    written: set[str] = set()
    present = {record.code for record in source.records}
    added = [
        line for code, lines in current_records.items() if code not in present for line in lines
    ]
    base_players: dict[str, dict[str, Any]] = base.get("players", {})
    current_players: dict[str, dict[str, Any]] = current["players"]
    seen: set[str] = set()
    # The rank column is one standings: once a player's place changed, every rank is the
    # application's, or a file's own rank could stay beside a rank recomputed to the same place.
    recomputed = _standings_changed(base_players, current_players)

    def before_players() -> None:
        nonlocal added, comments
        merged.lines.extend(added)
        merged.lines.extend(comments)
        added, comments = [], []

    for entry in source.entries:
        if isinstance(entry, TrfPlayer):
            before_players()
            key = keys.get(entry.start_rank)
            if key is None or key not in current_players:
                continue  # the player was removed from the tournament
            seen.add(key)
            merged.lines.append(
                _player_line(entry, base_players.get(key), current_players[key], recomputed)
            )
            continue
        code = entry.code
        if code in managed and base_records.get(code) != current_records.get(code):
            if code not in written:
                written.add(code)
                merged.lines.extend(current_records.get(code, []))
                merged.recomputed.append((code, entry.value.strip()))
            continue
        merged.lines.append(entry.text)
    before_players()
    last_player = max(
        (i for i, line in enumerate(merged.lines) if line.startswith("001")),
        default=len(merged.lines) - 1,
    )
    newcomers = [player["line"] for key, player in current_players.items() if key not in seen]
    merged.lines[last_player + 1 : last_player + 1] = newcomers
    return merged


def _standings_changed(
    base: Mapping[str, Mapping[str, Any]], current: Mapping[str, Mapping[str, Any]]
) -> bool:
    """Whether any player's rank differs from the import's, or players came or went."""
    if set(base) != set(current):
        return True
    return any(
        base[key]["fields"][RANK_FIELD] != player["fields"][RANK_FIELD]
        for key, player in current.items()
    )


def _player_line(
    player: TrfPlayer,
    base: Mapping[str, Any] | None,
    current: Mapping[str, Any],
    ranks_recomputed: bool = False,
) -> str:
    if base is None:
        return str(current["line"])
    source = player.source.ljust(ROUNDS_START)
    head = source[:ROUNDS_START]
    for index, (_, start, end) in enumerate(PLAYER_FIELDS):
        recomputed = ranks_recomputed and index == RANK_FIELD
        if recomputed or base["fields"][index] != current["fields"][index]:
            head = head[:start] + current["fields"][index].ljust(end - start) + head[end:]
    source_cells = _cells(player.source)
    base_cells: list[str] = base["cells"]
    current_cells: list[str] = current["cells"]
    cells = []
    for index in range(max(len(source_cells), len(current_cells), len(base_cells))):
        was = base_cells[index] if index < len(base_cells) else ""
        now = current_cells[index] if index < len(current_cells) else ""
        kept = source_cells[index] if index < len(source_cells) else ""
        cells.append((kept if was == now else now).ljust(BLOCK_WIDTH))
    return (head + "".join(cells)).rstrip()
