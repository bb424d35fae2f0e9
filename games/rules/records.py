"""Game records as arbiters have them: PGN files, lists of written moves, UCI.

A :class:`GameRecord` keeps what was written — headers, every mainline move exactly as
written with its line and column, comments, NAGs and clock comments — without judging it;
:mod:`games.rules.replay` checks the moves.

PGN is read here, not with :func:`chess.pgn.read_game`, for three reasons an arbiter cannot
do without: python-chess's reader skips text it does not recognise without a word (the
German ``Sf3`` is read as the pawn move ``f3``), it does not say where (line and column) a
problem is, and it builds a tree of every variation, which checking does not need and which
made it about half as fast. Variations are read for their syntax and otherwise skipped.
A file is streamed one game at a time, whatever its size.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

import chess

from games.rules.chess960 import board_from_fen, is_chess960_variant
from games.rules.clocks import read_clock_comment
from games.rules.text import detect_encoding

_DETECTION_SAMPLE = 4 * 1024 * 1024

__all__ = [
    "GameRecord",
    "SyntaxProblem",
    "WrittenMove",
    "decode_lines",
    "detect_file_encoding",
    "game_from_moves",
    "game_from_uci",
    "outline_pgn",
    "pgn_parts",
    "read_pgn",
    "read_pgn_file",
    "starting_board",
    "text_lines",
]

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
# NAGs for move suffixes (PGN standard 10).
_SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
_TAG_UNESCAPE = re.compile(r"\\(.)")
# One pattern for every token; any other non-space character is "stray", so no text is
# ever skipped without a word. A tag's value is read with possessive runs (no backtracking
# into them): an alternation repeated per character kept a backtracking frame per
# character, 600 MB and seconds for a 1 MB tag line.
_TOKEN = re.compile(
    r"""
    (?P<result>1-0|0-1|1/2-1/2|½-½|1/2|\*)(?![\w-])
    |(?P<number>[1-9][0-9]*(?:\.+|…|(?=\s)))
    |(?P<ellipsis>\.\.+|…)
    |(?P<nag>\$[0-9]+)
    |(?P<comment>\{(?P<comment_text>[^}]*)(?P<comment_end>\}?))
    |(?P<rest>;.*)
    |(?P<open>\()
    |(?P<close>\))
    |(?P<tag>\[\s*(?P<tag_name>[A-Za-z0-9_][^\s"\[\]]*)\s*"(?P<tag_value>[^"\\]*+(?:\\.[^"\\]*+)*+)"\s*\])
    |(?P<bad_tag>\[)
    |(?P<move>[^\s{}();\[$]+)
    |(?P<stray>\S)
    """,
    re.VERBOSE,
)
_MOVE_SUFFIX = re.compile(r"(?<=[^!?])([!?]{1,2})$")
_LINE_BREAK_TAG = re.compile(r"<br\s*/?>", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class SyntaxProblem:
    """Something in the file that is not PGN, with where it is."""

    line: int
    column: int
    message: str

    def describe(self) -> str:
        return f"line {self.line}, column {self.column}: {self.message}"


@dataclass(slots=True)
class WrittenMove:
    """One mainline move as written, where it was written, and what follows it."""

    text: str
    line: int = 0
    column: int = 0
    nags: list[int] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    def clock(self) -> tuple[float | None, float | None]:
        """``(remaining, elapsed)`` seconds from this move's ``[%clk]`` / ``[%emt]``."""
        for comment in self.comments:
            remaining, elapsed = read_clock_comment(comment)
            if remaining is not None or elapsed is not None:
                return remaining, elapsed
        return None, None


@dataclass(slots=True)
class GameRecord:
    """One game as written: headers, mainline moves, the result token, and any problems."""

    number: int = 1
    """1-based position of the game in its file."""
    line: int = 1
    headers: dict[str, str] = field(default_factory=dict)
    moves: list[WrittenMove] = field(default_factory=list)
    result_token: str | None = None
    comments: list[str] = field(default_factory=list)
    """Comments before the first move."""
    problems: list[SyntaxProblem] = field(default_factory=list)

    @property
    def declared_result(self) -> str:
        """The ``Result`` tag, else the termination marker, else ``*``."""
        result = self.headers.get("Result", "").strip()
        if result in RESULTS:
            return result
        return self.result_token or "*"

    @property
    def start_fen(self) -> str | None:
        """The ``FEN`` tag, with or without ``SetUp`` (both are met in real files)."""
        return self.headers.get("FEN") or None

    @property
    def variant(self) -> str:
        return self.headers.get("Variant", "Standard").strip() or "Standard"

    def has_content(self) -> bool:
        return bool(
            self.headers or self.moves or self.result_token or self.comments or self.problems
        )


def decode_lines(stream: Iterable[bytes], encoding: str = "utf-8") -> Iterator[str]:
    """Text lines of a PGN file's lines of bytes: each line that is UTF-8 as such, any other
    in the file's legacy ``encoding`` (see :mod:`games.rules.text`; Windows-1252 when the
    file was judged UTF-8), so that files mixing the two keep every name readable; a byte
    that cannot be read becomes U+FFFD. A line break is ``\\n``, ``\\r\\n`` or a lone ``\\r``,
    and nothing else: the web upload and ``checkgames`` both read files through here, so
    they split a file into the same lines and games."""
    legacy = "cp1252" if encoding == "utf-8" else encoding
    first = True
    for raw in stream:
        if first:
            raw = raw.removeprefix(b"\xef\xbb\xbf")
            first = False
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode(legacy, errors="replace")
        if "\r" in text.rstrip("\r\n"):
            yield from (part + "\n" for part in re.split(r"\r\n?|\n", text.rstrip("\r\n")))
        else:
            yield text


def text_lines(text: str) -> list[str]:
    """The lines of a text that :func:`decode_lines` produced (``\\n`` ends each)."""
    lines = text.split("\n")
    last = lines.pop()
    return [line + "\n" for line in lines] + ([last] if last else [])


def read_pgn_file(path: str, encoding: str | None = None) -> Iterator[GameRecord]:
    """The games of a PGN file, read lazily (the file stays open while iterating), in
    ``encoding`` or the one :func:`games.rules.text.detect_encoding` finds."""
    codec = encoding or detect_file_encoding(path)
    with open(path, "rb") as stream:
        yield from read_pgn(decode_lines(stream, codec))


def detect_file_encoding(path: str) -> str:
    """The encoding of a file, judged on its first megabytes."""
    with open(path, "rb") as stream:
        return detect_encoding(stream.read(_DETECTION_SAMPLE))


def read_pgn(lines: Iterable[str], *, first_line: int = 1) -> Iterator[GameRecord]:
    """Games from PGN text lines, one at a time. Never raises on bad input: what cannot be
    read becomes a :class:`SyntaxProblem` of its game."""
    reader = _PgnReader(first_line)
    for line in lines:
        yield from _feed(reader, line)
    yield from reader.finish()


def pgn_parts(lines: Sequence[str], games_per_part: int) -> list[tuple[int, int, int]]:
    """Cut the lines of a PGN text into parts of at least ``games_per_part`` games (the last
    may have fewer) that each read, on their own, as the same games as in the whole text:
    ``(index of the first line, number of lines, number of games)`` of each part.

    A cut goes only before a line where the reader is between games with nothing pending (no
    open comment or variation, no game begun): there a reader starting afresh is in the same
    state as the reader of the whole text, so each part's games are read alike, lines and
    columns included (read a part with ``first_line`` = its first index + 1).
    """
    reader = _PgnReader(1)
    parts: list[tuple[int, int, int]] = []
    start, games = 0, 0
    for index, line in enumerate(lines):
        if (
            index > start
            and games >= games_per_part
            and reader.between_games()
            and not line.startswith("\ufeff")  # a fresh reader drops it from its first line
        ):
            parts.append((start, index - start, games))
            start, games = index, 0
        games += sum(1 for _ in _feed(reader, line))
    games += sum(1 for _ in reader.finish())
    if games or start < len(lines):
        parts.append((start, len(lines) - start, games))
    return parts


@dataclass(slots=True)
class PgnOutline:
    """What a quick look at a PGN text finds, before any game is read (:func:`outline_pgn`)."""

    games: int = 0
    lines: int = 0
    tags: int = 0
    """Tag pairs (``[Name "value"]``) at the start of a line."""
    moves: int = 0
    """Words of movetext that name a square or castle (``e4``, ``Nxf3``, ``O-O``), counted
    on the first line that has any (the count says only whether there is one)."""

    @property
    def has_games(self) -> bool:
        """Whether anything read is a game: a tag pair or a move (random bytes have neither)."""
        return bool(self.games and (self.tags or self.moves))


_OUTLINE_TAG = re.compile(r'\s*\[\s*([A-Za-z0-9_][^\s"\[\]]*)\s*"[^"\\]*+(?:\\.[^"\\]*+)*+"\s*\]')
_OUTLINE_RESULT = re.compile(r"(?<![^\s.)}\]])(?:1-0|0-1|1/2-1/2|½-½|\*)(?![\w-])")
_OUTLINE_COMMENT = re.compile(r"\{[^}]*\}|;.*")
# A whole word between spaces shaped as a move: a piece letter or figurine (any script's:
# Sf3, 马f3, ♘f3), the square it comes from, a capture, the square, a promotion, check.
_OUTLINE_MOVE = re.compile(
    r"(?<![^ \t.])(?:[A-Z\u2654-\u265f\u4e00-\u9fff]?[a-h]?[1-8]?[x:-]?[a-h][1-8](?:=?[A-Z])?"
    r"|[O0]-[O0](?:-[O0])?)[+#]?[!?]{0,2}(?:e\.p\.)?(?=[ \t\r\n]|$)"
)


def outline_pgn(lines: Iterable[str]) -> PgnOutline:
    """Count the games of PGN text lines as :func:`read_pgn` divides them, line by line
    without reading a move: a game begins at a tag line after movetext or repeating a tag
    of its game (a file of a hundred thousand ``[Event "E"]`` lines is a hundred thousand
    games), at movetext after a blank line or a result, and a lone result is a game. About
    fifty times faster than reading the games, so that a limit on the number of games is
    checked before the work it protects; a comment over several lines is skipped as the
    reader skips it (other rarities may make the count differ from the reader's by a few)."""
    outline = PgnOutline()
    in_game = movetext = in_comment = False
    tags: set[str] = set()
    for line in lines:
        outline.lines += 1
        if in_comment:
            end = line.find("}")
            if end < 0:
                continue
            line, in_comment = line[end + 1 :], False
        elif line.startswith("%"):
            continue
        if not line.strip():
            if movetext:
                in_game = movetext = False
            continue
        tag = _OUTLINE_TAG.match(line)
        if tag:
            if not in_game or movetext or tag[1] in tags:
                outline.games += 1
                in_game, movetext, tags = True, False, set()
            tags.add(tag[1])
            outline.tags += 1
            continue
        text = _OUTLINE_COMMENT.sub(" ", line) if "{" in line or ";" in line else line
        if "{" in text:  # a comment that goes on over the next lines
            text, in_comment = text[: text.index("{")], True
        if not outline.moves:  # one is enough to tell a game from random bytes
            outline.moves = len(_OUTLINE_MOVE.findall(text))
        pieces = _OUTLINE_RESULT.split(text) if "-" in text or "*" in text else [text]
        for index, piece in enumerate(pieces):
            if piece.strip():
                if not in_game:
                    outline.games += 1
                    in_game, tags = True, set()
                movetext = True
            if index < len(pieces) - 1:  # a result ends the game (a lone one is a game)
                outline.games += not in_game
                in_game = movetext = False
    return outline


def _feed(reader: _PgnReader, line: str) -> Iterator[GameRecord]:
    if "<" in line and _LINE_BREAK_TAG.search(line):
        # Some web exports write HTML line breaks instead of newlines.
        for part in _LINE_BREAK_TAG.split(line):
            yield from reader.feed(part)
            reader.line_number -= 1
        reader.line_number += 1
    else:
        yield from reader.feed(line)


class _PgnReader:
    """Line-by-line PGN reader; a small state machine so files are streamed."""

    def __init__(self, first_line: int) -> None:
        self.line_number = first_line
        self.games = 0
        self.game = self._new_game()
        self.in_movetext = False
        self.after_result = False
        self.depth = 0
        self.open_comment: list[str] | None = None
        self.comment_start = (0, 0)
        self.variation_start = (0, 0)
        self.first = True

    def between_games(self) -> bool:
        """Nothing of a game read and nothing pending: a fresh reader would be here too."""
        return not (
            self.game.has_content()
            or self.in_movetext
            or self.after_result
            or self.depth
            or self.open_comment is not None
        )

    def _new_game(self) -> GameRecord:
        return GameRecord(number=self.games + 1, line=self.line_number)

    def _end_game(self) -> Iterator[GameRecord]:
        if self.depth:
            line, column = self.variation_start
            self._problem(line, column, "variation '(' is never closed")
        if self.game.has_content():
            self.games += 1
            yield self.game
        self.game = self._new_game()
        self.in_movetext = self.after_result = False
        self.depth = 0

    def _problem(self, line: int, column: int, message: str) -> None:
        self.game.problems.append(SyntaxProblem(line, column, message))

    def feed(self, line: str) -> Iterator[GameRecord]:
        number = self.line_number
        self.line_number += 1
        if self.first:
            line = line.lstrip("\ufeff")
            self.first = False
        position = 0
        if self.open_comment is not None:
            close = line.find("}")
            if close < 0:
                self.open_comment.append(line)
                return
            self.open_comment.append(line[:close])
            self._comment("".join(self.open_comment).strip())
            self.open_comment = None
            position = close + 1
        elif line.startswith("%"):
            return  # PGN escape line
        elif not line.strip():
            if self.in_movetext or self.after_result:
                yield from self._end_game()
            return
        if not self.game.has_content():
            self.game.line = number
        yield from self._scan(line, number, position)

    def _scan(self, line: str, number: int, position: int) -> Iterator[GameRecord]:
        for match in _TOKEN.finditer(line, position):
            kind = match.lastgroup
            # Moves and move numbers of the mainline are nearly every token of a file: they
            # take the short way (what the general branch below would do with them).
            if (kind == "move" or kind == "number") and not self.after_result:
                self.in_movetext = True
                if kind == "move" and not self.depth:
                    self._move(match.group(), number, match.start() + 1)
                continue
            column = match.start() + 1
            if kind == "comment":
                if match["comment_end"]:
                    self._comment(match["comment_text"].strip())
                else:  # the comment goes on over the next lines
                    self.open_comment = [match["comment_text"]]
                    self.comment_start = (number, column)
            elif kind == "rest":
                self._comment(match.group()[1:].strip())
            elif kind == "tag" or kind == "bad_tag":
                if self.in_movetext or self.after_result or match["tag_name"] in self.game.headers:
                    yield from self._end_game()
                    self.game.line = number
                if kind == "bad_tag":
                    self._problem(number, column, 'malformed tag pair; expected [Name "value"]')
                    return
                self.game.headers[match["tag_name"]] = _TAG_UNESCAPE.sub(r"\1", match["tag_value"])
            elif kind == "stray":
                self._problem(number, column, f"unexpected {match.group()!r}")
            else:
                if self.after_result:
                    yield from self._end_game()
                    self.game.line = number
                self.in_movetext = True
                self._movetext(kind, match.group(), number, column)

    def _movetext(self, kind: str | None, token: str, line: int, column: int) -> None:
        if kind == "open":
            if self.depth == 0:
                self.variation_start = (line, column)
            self.depth += 1
        elif kind == "close":
            if self.depth:
                self.depth -= 1
            else:
                self._problem(line, column, "')' closes no variation")
        elif self.depth or kind in ("number", "ellipsis"):
            return
        elif kind == "nag":
            if self.game.moves:
                self.game.moves[-1].nags.append(int(token[1:]))
        elif kind == "result":
            self.game.result_token = "1/2-1/2" if token in ("½-½", "1/2") else token
            self.in_movetext = False
            self.after_result = True
        else:
            self._move(token, line, column)

    def _move(self, token: str, line: int, column: int) -> None:
        if token[-1] not in "!?":
            self.game.moves.append(WrittenMove(token, line, column))
            return
        suffix = _MOVE_SUFFIX.search(token)
        move = WrittenMove(token, line, column)
        if suffix and suffix.group(1) in _SUFFIX_NAGS:
            move.text = token[: suffix.start()]
            move.nags.append(_SUFFIX_NAGS[suffix.group(1)])
        elif token in _SUFFIX_NAGS and self.game.moves:
            self.game.moves[-1].nags.append(_SUFFIX_NAGS[token])
            return
        self.game.moves.append(move)

    def _comment(self, text: str) -> None:
        if self.depth:
            return
        if self.game.moves:
            self.game.moves[-1].comments.append(text)
        else:
            self.game.comments.append(text)

    def finish(self) -> Iterator[GameRecord]:
        if self.open_comment is not None:
            line, column = self.comment_start
            self._problem(line, column, "comment '{' is never closed")
            self.open_comment = None
        yield from self._end_game()


def game_from_moves(
    moves: Sequence[str], *, fen: str | None = None, headers: dict[str, str] | None = None
) -> GameRecord:
    """A record from written moves (SAN, sloppy forms or UCI), e.g. a typed-in scoresheet."""
    record = GameRecord(headers=dict(headers or {}))
    if fen is not None:
        record.headers["SetUp"] = "1"
        record.headers["FEN"] = fen
    record.moves = [WrittenMove(text, 0, index + 1) for index, text in enumerate(moves)]
    return record


def game_from_uci(moves: str | Sequence[str], *, fen: str | None = None) -> GameRecord:
    """A record from UCI moves (``"e2e4 e7e5"`` or a list), as engines and boards send them."""
    return game_from_moves(moves.split() if isinstance(moves, str) else moves, fen=fen)


def starting_board(record: GameRecord) -> chess.Board:
    """The position the record starts from. Raises ``ValueError`` for a bad ``FEN`` tag."""
    return board_from_fen(record.start_fen, chess960=is_chess960_variant(record.variant))
