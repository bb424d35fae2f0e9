"""Reading a TRF file into a :class:`TrfDocument`, column by column.

Tolerated: a UTF-8 byte-order mark; CRLF and CR-only line endings (bbpPairings' test files);
tabs (expanded to 8 columns); trailing whitespace; short player lines (a withdrawn player, or
rounds not yet played); an unpaired round's opponent written ``0`` instead of ``0000``;
Swiss-Manager's ruler lines and any unknown record (kept verbatim). Rejected with a
:class:`TrfError` naming line and column: a player line whose fields are not what their columns
must hold, an opponent who is not in the file, two players who record the same colour against
each other, an unreadable scoring, rounds, acceleration or
prohibited-pairs record. Reported as warnings on the document: stated points that disagree
with the results, and games the two players record differently.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

from games.rules.text import NotTextError, decode_bytes, refuse_binary, refuse_nul
from tournaments.limits import MAX_PLAYERS, MAX_ROUNDS
from tournaments.scoring.sheet import PointSystem
from tournaments.trf import points as trf_points
from tournaments.trf.document import (
    HEADER_NAMES,
    RESULT_CODES,
    TrfDocument,
    TrfGame,
    TrfPlayer,
    TrfRecord,
)
from tournaments.trf.errors import TrfError

_NUMBER = re.compile(r"\d+")
_TITLE = re.compile(r"[A-Za-z]{1,3}")
ROUNDS_START = 89
"""0-based offset of the first round block; each block is 10 characters wide."""
BLOCK_WIDTH = 10


def decode_trf(data: bytes) -> str:
    """The text of a TRF file: UTF-8 (with or without BOM), else GBK or Windows-1252 (as
    older Swiss-Manager versions write it), whichever :mod:`games.rules.text` finds."""
    try:
        refuse_nul(data)
        text = decode_bytes(data)[0]
        refuse_binary(text)
    except NotTextError as error:
        raise TrfError(str(error)) from None
    return text


def split_lines(text: str) -> list[str]:
    """Lines of a TRF text, whatever its line endings, with tabs expanded and trailing
    whitespace removed."""
    text = text.removeprefix("\ufeff")
    lines = re.split(r"\r\n|\r|\n", text)
    if lines and lines[-1] == "":
        lines.pop()
    return [line.expandtabs(8).rstrip() for line in lines]


def read_trf(text: str | bytes) -> TrfDocument:
    """Read a TRF06 / TRF16 / TRF-2026 file (with the JaVaFo extensions).

    Raises :class:`TrfError` (with line and column) on a malformed line.
    """
    if isinstance(text, bytes):
        text = decode_trf(text)
    elif "\x00" in text:
        raise TrfError("the file holds a NUL byte; it is not a text file")
    entries: list[TrfPlayer | TrfRecord] = []
    noticed: list[str] = []
    players = 0
    for number, line in enumerate(split_lines(text), start=1):
        if line.startswith("001"):
            players += 1
            _refuse_beyond_limits(line, number, players)
            entries.append(parse_player_line(line, number, noticed))
        else:
            record = TrfRecord(line, line=number)
            _check_record(record)
            noticed += _trf_2026_record_warnings(record)
            entries.append(record)
    document = TrfDocument(entries=tuple(entries))
    if not any(_is_known(entry) for entry in entries):
        raise TrfError(
            "this is not a TRF file: no line starts with a TRF code (001, 012, XXR, …)",
            line=1 if entries else None,
        )
    _check_players(document)
    return TrfDocument(entries=document.entries, warnings=(*noticed, *_warnings(document)))


def _refuse_beyond_limits(line: str, number: int, players: int) -> None:
    """The documented limits (:mod:`tournaments.limits`), checked as the file is read."""
    if players > MAX_PLAYERS:
        raise TrfError(
            f"more than {MAX_PLAYERS:,} players: the limit of one tournament", line=number
        )
    if len(line) > ROUNDS_START + BLOCK_WIDTH * MAX_ROUNDS:
        raise TrfError(
            f"more than {MAX_ROUNDS} rounds: the limit of one tournament",
            line=number,
            column=ROUNDS_START + BLOCK_WIDTH * MAX_ROUNDS + 1,
        )


_EXTENSION_CODES = frozenset({"XXR", "XXS", "XXC", "XXP", "XXA", "XXZ", "###", "013"})


def _is_known(entry: TrfPlayer | TrfRecord) -> bool:
    return (
        isinstance(entry, TrfPlayer) or entry.code in HEADER_NAMES or entry.code in _EXTENSION_CODES
    )


def parse_player_line(line: str, number: int = 0, warnings: list[str] | None = None) -> TrfPlayer:
    """One ``001`` line (TRF06/16/2026 share its columns). ``number`` is for error messages;
    what is kept but cannot be understood (an unknown result code) goes to ``warnings``."""
    line = line.rstrip()

    def field(start: int, end: int) -> str:
        return line[start:end].strip()

    def fail(column: int, message: str) -> TrfError:
        return TrfError(message, line=number, column=column)

    start_rank = field(4, 8)
    if not _NUMBER.fullmatch(start_rank) or int(start_rank) == 0:
        raise fail(5, f"expected the starting rank (a number) in columns 5-8, found {start_rank!r}")
    title = field(10, 13)
    if title and not _TITLE.fullmatch(title):
        raise fail(11, f"expected a title (GM, WGM, g, wf, …) in columns 11-13, found {title!r}")
    rating = field(48, 52)
    if rating and not _NUMBER.fullmatch(rating):
        raise fail(49, f"expected the rating (a number) in columns 49-52, found {rating!r}")
    fide_id = field(57, 68)
    if fide_id and not _NUMBER.fullmatch(fide_id):
        raise fail(58, f"expected the FIDE id (a number) in columns 58-68, found {fide_id!r}")
    points: Fraction | None = None
    if field(80, 84):
        try:
            points = trf_points.parse_points(field(80, 84))
        except ValueError:
            raise fail(
                81, f"expected the points (e.g. 4.5) in columns 81-84, found {field(80, 84)!r}"
            ) from None
    rank = field(85, 89)
    if rank and not _NUMBER.fullmatch(rank):
        raise fail(86, f"expected the rank (a number) in columns 86-89, found {rank!r}")
    return TrfPlayer(
        start_rank=int(start_rank),
        sex=field(9, 10),
        title=title,
        name=field(14, 47),
        rating=int(rating) if rating else 0,
        federation=field(53, 56),
        fide_id=fide_id,
        birth=field(69, 79),
        points=points,
        rank=int(rank) if rank else None,
        games=tuple(_games(line, number, [] if warnings is None else warnings)),
        line=number,
        source=line,
    )


def _games(line: str, number: int, warnings: list[str]) -> list[TrfGame | None]:
    games: list[TrfGame | None] = []
    for start in range(ROUNDS_START, len(line), BLOCK_WIDTH):
        block = line[start : start + BLOCK_WIDTH].ljust(BLOCK_WIDTH)
        game = _game(block, number, start, len(games) + 1)
        if game is not None and not game.known:
            warnings.append(
                f"line {number}, round {len(games) + 1}: result code {game.result!r} is not "
                f"one TRF defines ({' '.join(RESULT_CODES.strip())}); kept as written, "
                "read as a result not yet known"
            )
        games.append(game)
    return games


def parse_block(block: str) -> TrfGame | None:
    """One 10-column round block on its own (``None`` when blank); raises TrfError."""
    return _game(block.ljust(BLOCK_WIDTH), 0, 0, 1)


def _game(block: str, number: int, start: int, round_number: int) -> TrfGame | None:
    if not block.strip():
        return None
    where = f"round {round_number}"
    for offset in (0, 1, 6, 8):
        if block[offset] != " ":
            raise TrfError(
                f"{where}: expected a blank in column {start + offset + 1}, found "
                f"{block[offset]!r} (is the line shifted?)",
                line=number,
                column=start + offset + 1,
            )
    opponent = block[2:6].strip()
    if opponent and not _NUMBER.fullmatch(opponent):
        raise TrfError(
            f"{where}: expected the opponent's starting rank in columns "
            f"{start + 3}-{start + 6}, found {opponent!r}",
            line=number,
            column=start + 3,
        )
    color = block[7].lower()
    if color not in "wb- ":
        raise TrfError(
            f"{where}: expected the colour (w, b or -) in column {start + 8}, found {block[7]!r}",
            line=number,
            column=start + 8,
        )
    return TrfGame(
        opponent=int(opponent) or None if opponent else None,
        color=color,
        result=block[9],
        text=block.rstrip(),
    )


def _check_record(record: TrfRecord) -> None:
    """Check the records whose values other code reads, so that reading them cannot fail."""
    code, value = record.code, record.value

    def fail(offset: int, message: str) -> TrfError:
        return TrfError(f"record {code}: {message}", line=record.line, column=5 + offset)

    if code in ("XXR", "142"):
        words = value.split()
        if not words or not _NUMBER.fullmatch(words[0]):
            raise fail(0, f"expected the number of rounds, found {value.strip()!r}")
    elif code in ("XXS", "162"):
        apply = trf_points.apply_xxs if code == "XXS" else trf_points.apply_record_162
        try:
            apply(PointSystem(), value)
        except trf_points.PointSystemError as error:
            raise fail(error.offset, str(error)) from None
    elif code == "XXP":
        for match in re.finditer(r"\S+", value):
            if not _NUMBER.fullmatch(match.group()):
                raise fail(match.start(), f"expected starting ranks, found {match.group()!r}")
    elif code == "XXA":
        if not _NUMBER.fullmatch(record.text[4:8].strip()):
            raise fail(0, f"expected a starting rank in columns 5-8, found {record.text[4:8]!r}")
        for start in range(9, len(record.text), 5):
            points = record.text[start : start + 4]
            try:
                if points.strip():
                    trf_points.parse_points(points)
            except ValueError:
                raise fail(start - 4, f"expected points, found {points.strip()!r}") from None
    elif code == "XXZ":
        for match in re.finditer(r"[^\s,]+", value):
            if not _NUMBER.fullmatch(match.group()):
                raise fail(match.start(), f"expected starting ranks, found {match.group()!r}")
    elif code in ("240", "260"):
        _check_numbered_record(record, fail)


_RANKING_METHODS = frozenset({"FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER"})
_POINTS = re.compile(r"-?\d{1,4}(?:[.,]\d+)?")

# TRF-2026's fixed columns (0-based start, end) for the records the reader checks but does
# not refuse the file over: what a field holds, and whether it may be blank.
_RECORD_FIELDS: dict[str, tuple[tuple[int, int, str, str, bool], ...]] = {
    "172": ((4, 7, "the federation", r"[A-Za-z]{3}", False),),
    "250": (
        (4, 8, "the fictitious match points", _POINTS.pattern, True),
        (9, 13, "the fictitious points", _POINTS.pattern, False),
        (14, 17, "the first round", r"\d+", False),
        (18, 21, "the last round", r"\d+", False),
        (22, 26, "the first player", r"\d+", False),
        (27, 31, "the last player", r"\d+", False),
    ),
    "299": (
        (4, 5, "the kind of assignment (W D L F H Z + -)", r"[WDLFHZ+\-]", True),
        (7, 11, "the match points", _POINTS.pattern, True),
        (13, 17, "the points", _POINTS.pattern, False),
        (19, 22, "the round", r"\d+", True),
    ),
}


def _trf_2026_record_warnings(record: TrfRecord) -> list[str]:
    """Records 172, 212, 250 and 299 checked against the TRF-2026 columns: what does not fit
    is reported; the record is kept as written either way (no program here applies it)."""
    text, code = record.text, record.code
    problems: list[str] = []
    for start, end, what, pattern, optional in _RECORD_FIELDS.get(code, ()):
        value = text[start:end].strip()
        if (value or not optional) and not re.fullmatch(pattern, value):
            problems.append(f"expected {what} in columns {start + 1}-{end}, found {value!r}")
    if code == "172" and text[8:13].strip().upper() not in _RANKING_METHODS:
        problems.append(
            f"expected the ranking method ({', '.join(sorted(_RANKING_METHODS))}) in columns "
            f"9-13, found {text[8:13].strip()!r}"
        )
    if code == "299":
        for start in range(23, len(text), 5):
            number = text[start : start + 4].strip()
            if number and not _NUMBER.fullmatch(number):
                problems.append(
                    f"expected a starting rank in columns {start + 1}-{start + 4}, found {number!r}"
                )
    if code == "212" and not record.value.strip():
        problems.append("expected the tie-breaks defining the standings (PTS, …)")
    return [
        f"line {record.line}: record {code}: {problem}; kept as written" for problem in problems
    ]


def _check_numbered_record(record: TrfRecord, fail: Callable[[int, str], TrfError]) -> None:
    """Records 240 (byes: type, round, players) and 260 (prohibited pairings: first and last
    round, players): numbers in fixed 4-column fields."""
    text = record.text
    if record.code == "240":
        if text[4:5].upper() not in ("H", "F", "Z", " ", ""):
            raise fail(0, f"expected the bye type (H, F or Z) in column 5, found {text[4]!r}")
        fields = [(6, 9, "the round")]
        start = 10
    else:
        fields = [(4, 7, "the first round"), (8, 11, "the last round")]
        start = 12
    fields += [(s, s + 4, "a starting rank") for s in range(start, len(text), 5)]
    for begin, end, what in fields:
        number = text[begin:end].strip()
        if number and not _NUMBER.fullmatch(number):
            raise fail(begin - 4, f"expected {what} in columns {begin + 1}-{end}, found {number!r}")
    if record.code == "240" and not text[6:9].strip():
        raise fail(2, "expected the round in columns 7-9")


def _check_players(document: TrfDocument) -> None:
    seen: dict[int, TrfPlayer] = {}
    for player in document.players:
        if player.start_rank in seen:
            raise TrfError(
                f"starting rank {player.start_rank} is used twice "
                f"(also on line {seen[player.start_rank].line})",
                line=player.line,
                column=5,
            )
        seen[player.start_rank] = player
    for player in document.players:
        for number, game in enumerate(player.games, start=1):
            if game is None or game.opponent is None:
                continue
            column = ROUNDS_START + (number - 1) * BLOCK_WIDTH + 3
            if game.opponent not in seen:
                raise TrfError(
                    f"round {number}: opponent {game.opponent} is not a player in this file",
                    line=player.line,
                    column=column,
                )
            if game.opponent == player.start_rank:
                raise TrfError(
                    f"round {number}: player {player.start_rank} is paired with himself",
                    line=player.line,
                    column=column,
                )
            _check_colours(player, number, seen[game.opponent])


def _check_colours(player: TrfPlayer, number: int, opponent: TrfPlayer) -> None:
    """Refuse two lines that give both players of a game the same colour (FIDE checklist J50):
    which one had it cannot be known, and storing either would be a guess."""
    game, other = player.game(number), opponent.game(number)
    if (
        game is None
        or other is None
        or other.opponent != player.start_rank
        or game.color != other.color
        or game.color not in ("w", "b")
    ):
        return
    colour = "white" if game.color == "w" else "black"
    raise TrfError(
        f"round {number}: player {player.start_rank} (line {player.line}) and player "
        f"{opponent.start_rank} (line {opponent.line}) both record {colour} against each "
        "other; the file does not say who had which colour",
        line=player.line,
        column=ROUNDS_START + (number - 1) * BLOCK_WIDTH + 8,
    )


_OPPOSITE_RESULT = {
    "1": "0",
    "0": "1",
    "=": "=",
    "+": "-",
    "-": "+-",
    "W": "L",
    "L": "W",
    "D": "D",
    "?": "?X",
    "X": "?X",
    " ": " ",
}


def _warnings(document: TrfDocument) -> list[str]:
    """What a careful reader notices without refusing the file."""
    warnings: list[str] = []
    by_rank = {player.start_rank: player for player in document.players}
    system = document.point_system
    for record in document.records:
        if record.code != "162":
            continue
        symbols = trf_points.record_162_symbols(record.value)
        if "X" in symbols and symbols["X"] != symbols.get("D", system.draw):
            warnings.append(
                f"line {record.line}: record 162 gives a result not yet known (X) "
                f"{trf_points.format_points(symbols['X'])} points; here it counts as a draw "
                f"({trf_points.format_points(system.draw)}); the record is kept as written"
            )
    for player in document.players:
        who = f"line {player.line}: player {player.start_rank} {player.name}"
        if player.points is not None:
            computed = document.player_points(player, system)
            if computed != player.points:
                warnings.append(
                    f"{who} states {trf_points.format_points(player.points)} points, "
                    f"the results give {trf_points.format_points(computed)}"
                )
        for number, game in enumerate(player.games, start=1):
            if game is None or game.opponent is None:
                continue
            other = by_rank[game.opponent].game(number)
            if other is None or other.opponent != player.start_rank:
                warnings.append(
                    f"{who}, round {number}: plays {game.opponent}, whose line does not "
                    f"name {player.start_rank} in that round"
                )
            elif other.result not in _OPPOSITE_RESULT.get(game.result, "") or (
                {game.color, other.color} != {"w", "b"} and game.result not in "+-"
            ):
                warnings.append(
                    f"{who}, round {number}: records '{game.color} {game.result}' against "
                    f"{game.opponent}, who records '{other.color} {other.result}'"
                )
    return warnings
