"""PGN import: check every game with the rules engine, match it to a board, import on decision.

:func:`check_pgn` reads the text game by game and returns one :class:`GameCheck` per game
(the rules engine's findings, and the board it matches). :func:`import_games` imports the
games the arbiter chose, all in one transaction: either every chosen game is written, with
its result passed to the board, or nothing is.

An uploaded file (:func:`upload_pgn`) is checked once: the findings are kept with the
:class:`PgnUpload` with a digest of the text and ruleset they came from, and
:func:`stored_checks` gives them back for the report page and the import (re-reading the
records, which is cheap, not re-checking them) as long as the digest still holds.
"""

from __future__ import annotations

import hashlib
import io
import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

import chess
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.models import Game, GameChange, PgnUpload, ResultReason
from games.refusals import outline_refusal
from games.rules.batch import check_safely
from games.rules.chess960 import PGN_VARIANT, position_number
from games.rules.records import (
    GameRecord,
    PgnOutline,
    decode_lines,
    outline_pgn,
    read_pgn,
    text_lines,
)
from games.rules.replay import replay
from games.rules.report import GameReport
from games.rules.text import NotTextError, detect_encoding, refuse_binary, refuse_nul
from tournaments.limits import file_size_refusal
from tournaments.models import EntrySource, Pairing, Result, Tournament
from tournaments.services.audit import recorded_user

from .audit import log_change
from .errors import GameError
from .games import (
    DECIDED_SCORES,
    board_result,
    create_game,
    play_as_san,
    record_on_board,
    store_moves,
)


class Progress(Protocol):
    """Told how many games there are, then of each one done (a background job's bar)."""

    def start(self, total: int) -> None: ...

    def advance(self, count: int = 1) -> None: ...


# Tags that the game's own fields hold; the others are kept as they are.
_OWN_TAGS = {
    "White",
    "Black",
    "Result",
    "WhiteFideId",
    "BlackFideId",
    "TimeControl",
    "FEN",
    "SetUp",
}


def decode_pgn(data: bytes, encoding: str | None = None) -> tuple[str, str]:
    """The text of a PGN file and the encoding it was read in (``encoding``, else detected:
    :mod:`games.rules.text`), line by line exactly as ``checkgames`` reads it. A file over
    the size limit or with a NUL byte is refused (:class:`GameError`): it is no text, and
    PostgreSQL refuses it."""
    if refusal := file_size_refusal(len(data)):
        raise GameError(refusal)
    codec = encoding or detect_encoding(data)
    text = "".join(decode_lines(io.BytesIO(data), codec))
    refuse_not_text(text)
    return text, codec


def refuse_not_text(text: str) -> None:
    """Refuse (:class:`GameError`) a text with a NUL byte or read from binary data."""
    try:
        if "\x00" in text:
            refuse_nul(text.encode("utf-8", errors="replace"))
        refuse_binary(text)
    except NotTextError as error:
        raise GameError(str(error)) from None


def refuse_pgn_text(text: str) -> int:
    """Every refusal of a PGN text that came without a file (the API sends text): its size
    in UTF-8, a NUL byte or binary data, then :func:`refuse_unfit_pgn`."""
    if refusal := file_size_refusal(len(text.encode("utf-8", errors="replace"))):
        raise GameError(refusal)
    refuse_not_text(text)
    return refuse_unfit_pgn(text)


def refuse_unfit_pgn(text: str) -> int:
    """What every path refuses before checking a PGN text (the page, the API, the
    background check, ``import_pgn``; ``checkgames`` asks
    :func:`games.refusals.outline_refusal` about its file): more games than
    :data:`MAX_GAMES_PER_FILE`, counted by :func:`outline_pgn` without reading them, or no
    game at all. Returns the number of games."""
    return refuse_unfit_outline(outline_pgn(text_lines(text)))


def refuse_unfit_outline(outline: PgnOutline) -> int:
    """:func:`refuse_unfit_pgn` for a text already outlined."""
    if refusal := outline_refusal(outline):
        raise GameError(refusal)
    return outline.games


_ERROR_KEYS = {"ply", "move_number", "kind", "text", "reason"}
"""What :meth:`CheckResult.problem` reads of a stored move error."""

MATCHING_TAGS = ("White", "Black", "Round", "WhiteFideId", "BlackFideId")
"""The tags a game is matched to its board by, kept with its check result so that the
report page of a large file need not read the file again."""


@dataclass(frozen=True)
class CheckResult:
    """What the rules engine found in one game of a file, in a form kept with the upload (JSON),
    so that importing the games the arbiter chose does not check the file again."""

    number: int
    line: int
    plies: int
    declared: str
    error: dict[str, Any] | None
    """The first move that does not play (:meth:`MoveError.as_dict`), if any."""
    setup_error: str | None
    mismatch: str | None
    tags: dict[str, str]
    """The game's :data:`MATCHING_TAGS` that the file gives."""
    syntax_problems: tuple[str, ...] = ()

    @classmethod
    def from_report(cls, report: GameReport) -> CheckResult:
        return cls(
            number=report.number,
            line=report.line,
            plies=report.plies,
            declared=report.declared,
            error=report.error.as_dict() if report.error else None,
            setup_error=report.setup_error,
            mismatch=report.mismatch,
            tags={tag: report.headers[tag] for tag in MATCHING_TAGS if tag in report.headers},
            syntax_problems=tuple(problem.describe() for problem in report.problems),
        )

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CheckResult:
        """Raises ``TypeError`` or ``ValueError`` when ``data`` is not what :meth:`as_json`
        wrote."""
        result = cls(**{**data, "syntax_problems": tuple(data["syntax_problems"])})
        error_readable = result.error is None or (
            isinstance(result.error, dict) and result.error.keys() >= _ERROR_KEYS
        )
        if not (
            isinstance(result.number, int)
            and isinstance(result.declared, str)
            and isinstance(result.tags, dict)
        ):
            raise ValueError("not a stored check result")
        if not error_readable:
            raise ValueError("not a stored move error")
        return result

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "syntax_problems": list(self.syntax_problems)}

    @property
    def importable(self) -> bool:
        """The moves can be stored: every move legal, the position readable."""
        return self.error is None and self.setup_error is None

    @property
    def status(self) -> str:
        if self.setup_error:
            return "not_checked"
        if self.error:
            return "illegal"
        if self.mismatch:
            return "mismatch"
        if self.syntax_problems:
            return "syntax"
        return "clean"

    def problem(self) -> str:
        """The first thing an arbiter must know about the game, in words."""
        if self.setup_error:
            return self.setup_error
        if self.error:
            error = self.error
            return _("ply %(ply)s (move %(number)s): %(kind)s move %(text)r: %(reason)s") % {
                "ply": error["ply"],
                "number": error["move_number"],
                "kind": error["kind"],
                "text": error["text"],
                "reason": error["reason"],
            }
        if self.mismatch:
            return self.mismatch
        return "; ".join(self.syntax_problems)


@dataclass
class GameCheck:
    """One game of an uploaded file: what the rules engine found and which board it fits.
    ``record`` is the game as read, for importing it; the report page goes without (it
    needs only the result and its tags)."""

    record: GameRecord | None
    result: CheckResult
    round_number: int | None
    pairing: Pairing | None = None
    unmatched: tuple[str, dict[str, Any]] | None = None
    """Why no board was matched: the message and its values, translated when shown (a
    report of ten thousand games shows fifty of them)."""
    rejected_reason: str = ""
    candidates: list[Pairing] = field(default_factory=list)
    board_conflict: str = ""
    """Why the game's result cannot go on its matched board (another result entered there)."""

    @property
    def number(self) -> int:
        return self.result.number

    @property
    def unmatched_reason(self) -> str:
        if self.unmatched is None:
            return ""
        message, values = self.unmatched
        return _(message) % values

    @property
    def tags(self) -> dict[str, str]:
        """The tags the game was matched by (:data:`MATCHING_TAGS`)."""
        return self.result.tags

    @property
    def importable(self) -> bool:
        return self.result.importable

    @property
    def status(self) -> str:
        """The rules engine's finding, or ``board_conflict`` for a game it found clean whose
        result contradicts the one entered on its board."""
        if self.result.status == "clean" and self.board_conflict:
            return "board_conflict"
        return self.result.status

    def problem(self) -> str:
        if self.status == "board_conflict":
            return self.board_conflict
        return self.result.problem()


def check_pgn(
    text: str,
    tournament: Tournament,
    *,
    round_number: int | None = None,
    progress: Progress | None = None,
) -> list[GameCheck]:
    """Every game of ``text`` checked under the tournament's ruleset and matched to a board
    of round ``round_number`` (else of the game's ``Round`` tag)."""
    ruleset = tournament.rules()
    boards = _boards_by_round(tournament)
    records = list(_records(text))
    if progress is not None:
        progress.start(len(records))
    checks = []
    for record in records:
        result = CheckResult.from_report(check_safely(record, ruleset))
        checks.append(_matched(record, result, round_number, boards))
        if progress is not None:
            progress.advance()
    return checks


def _records(text: str) -> Iterator[GameRecord]:
    return read_pgn(text_lines(text))


def _matched(
    record: GameRecord | None,
    result: CheckResult,
    round_number: int | None,
    boards: dict[int, RoundBoards],
) -> GameCheck:
    number = round_number or _round_tag(result.tags.get("Round", ""))
    check = GameCheck(record, result, number)
    _match(check, boards)
    return check


# Bumped when CheckResult changes shape, so that results kept in the old shape are redone.
_CHECK_FORMAT = "2"


def upload_digest(upload: PgnUpload) -> str:
    """SHA-256 of what an upload's check results depend on: the text and the ruleset."""
    source = f"{_CHECK_FORMAT}\n{upload.tournament.ruleset}\n{upload.text}"
    return hashlib.sha256(source.encode()).hexdigest()


@transaction.atomic
def upload_pgn(
    tournament: Tournament,
    *,
    text: str,
    file_name: str,
    round_number: int | None,
    user: AbstractBaseUser | None,
    check: bool = True,
) -> PgnUpload:
    """Keep an uploaded file with the rules engine's results on each of its games
    (``check=False``: without them yet, for a background job to add). A text beyond the
    limits, or with no game, is refused (:class:`GameError`) and nothing is kept."""
    refuse_pgn_text(text)
    upload = PgnUpload.objects.create(
        tournament=tournament,
        round_number=round_number,
        file_name=file_name[:255],
        text=text,
        uploaded_by=recorded_user(user),
    )
    if check:
        check_upload(upload)
    return upload


def check_upload(upload: PgnUpload, progress: Progress | None = None) -> list[GameCheck]:
    """Check every game of the upload and keep the results (and their digest) with it."""
    checks = check_pgn(
        upload.text, upload.tournament, round_number=upload.round_number, progress=progress
    )
    keep_checks(upload, [check.result.as_json() for check in checks])
    return checks


def keep_checks(upload: PgnUpload, results: list[dict[str, Any]]) -> None:
    """Keep the check results of every game of the upload (:meth:`CheckResult.as_json`),
    with the digest of the text and ruleset they belong to."""
    upload.checks = results
    upload.checked_digest = upload_digest(upload)
    upload.games = len(results)
    upload.save(update_fields=["checks", "checked_digest", "games"])


def check_part(upload: PgnUpload, first_line: int, lines: int) -> list[dict[str, Any]]:
    """The check results of the games in ``lines`` lines of the upload from line index
    ``first_line`` (a part :func:`games.rules.records.pgn_parts` cut), numbered from 1 in
    the part, with the lines they have in the whole file."""
    part = text_lines(upload.text)[first_line : first_line + lines]
    ruleset = upload.tournament.rules()
    return [
        CheckResult.from_report(check_safely(record, ruleset)).as_json()
        for record in read_pgn(part, first_line=first_line + 1)
    ]


def joined_parts(parts: Sequence[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The results of a file's parts, in order, numbered as the games of the whole file."""
    joined: list[dict[str, Any]] = []
    for results in parts:
        before = len(joined)
        for result in results:
            error = result["error"]
            joined.append(
                {
                    **result,
                    "number": before + result["number"],
                    "error": error and {**error, "game": before + error["game"]},
                }
            )
    return joined


def stored_checks(upload: PgnUpload, *, with_records: bool = True) -> list[GameCheck] | None:
    """The upload's games with the results kept when it was checked, matched to the boards as
    they are now; ``None`` when the text or the ruleset has changed since (or nothing usable
    was kept), so that the results no longer hold and the file must be checked again.

    ``with_records=False`` leaves the games unread (``record`` is ``None``): what the report
    page shows needs only the results, and reading ten thousand games takes seconds."""
    if not upload.checked_digest or upload.checked_digest != upload_digest(upload):
        return None
    try:
        results = [CheckResult.from_json(data) for data in upload.checks]
    except (TypeError, ValueError, KeyError):
        return None
    if [result.number for result in results] != list(range(1, len(results) + 1)):
        return None
    records: list[GameRecord | None] = [None] * len(results)
    if with_records:
        records = list(_records(upload.text))
        if len(records) != len(results):
            return None
    boards = _boards_by_round(upload.tournament)
    return [
        _matched(record, result, upload.round_number, boards)
        for record, result in zip(records, results, strict=True)
    ]


def _round_tag(value: str) -> int | None:
    match = re.match(r"\s*(\d+)", value)
    return int(match.group(1)) if match else None


PlayerKey = tuple[str, object]

MAX_BOARD_CHOICES = 40
"""Rounds up to this many boards offer every board for each game of a check report."""


@dataclass
class RoundBoards:
    """A round's boards, with each board filed under what can identify its players (name
    key, FIDE id), so that matching a game looks at the few boards that can be its own
    instead of every board of the round: a 5,000-game file of a 5,000-board round compared
    every game with every board (25 million name comparisons)."""

    pairings: list[Pairing] = field(default_factory=list)
    by_white: dict[PlayerKey, list[Pairing]] = field(default_factory=dict)
    by_black: dict[PlayerKey, list[Pairing]] = field(default_factory=dict)

    def add(self, pairing: Pairing) -> None:
        assert pairing.black is not None
        self.pairings.append(pairing)
        for side, index in ((pairing.white, self.by_white), (pairing.black, self.by_black)):
            for key in _player_keys(side.name, side.fide_id):
                index.setdefault(key, []).append(pairing)

    def choices(self, white_tag: tuple[str, str], black_tag: tuple[str, str]) -> list[Pairing]:
        """The boards offered for a game: every board of a round of up to
        :data:`MAX_BOARD_CHOICES`, else those where one of its players sits (a list of a
        thousand boards per game would make a report page of megabytes)."""
        if len(self.pairings) <= MAX_BOARD_CHOICES:
            return self.pairings
        found = {p.pk: p for tag in (white_tag, black_tag) for p in self.candidates(tag)}
        return sorted(found.values(), key=lambda p: p.board)

    def candidates(self, white_tag: tuple[str, str]) -> list[Pairing]:
        """The boards where the game's White may sit on either side, in board order: a
        superset of those :func:`_same_player` accepts."""
        keys = _player_keys(*white_tag)
        found = {p.pk: p for key in keys for p in self.by_white.get(key, [])}
        found.update({p.pk: p for key in keys for p in self.by_black.get(key, [])})
        return sorted(found.values(), key=lambda p: p.board)


def _player_keys(name: str, fide_id: str) -> list[PlayerKey]:
    keys: list[PlayerKey] = [("name", name_key(name))]
    if fide_id.strip():
        keys.append(("id", fide_id.strip()))
    return keys


def _boards_by_round(tournament: Tournament) -> dict[int, RoundBoards]:
    boards: dict[int, RoundBoards] = {}
    pairings = (
        Pairing.objects.filter(round__tournament=tournament, black__isnull=False)
        .select_related("white", "black", "round")
        .order_by("round__number", "board")
    )
    for pairing in pairings:
        boards.setdefault(pairing.round.number, RoundBoards()).add(pairing)
    return boards


def name_key(name: str) -> frozenset[str]:
    """A name as a set of lower-case words without accents or punctuation, so that
    "Carlsen, Magnus", "Magnus Carlsen" and "CARLSEN Magnus" are the same person."""
    folded = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    return frozenset(re.findall(r"\w+", plain))


def _same_player(player_name: str, player_fide_id: str, tag_name: str, tag_fide_id: str) -> bool:
    if player_fide_id and tag_fide_id.strip():
        return player_fide_id == tag_fide_id.strip()
    key = name_key(tag_name)
    return bool(key) and key == name_key(player_name)


def _match(check: GameCheck, boards: dict[int, RoundBoards]) -> None:
    headers = check.tags
    white = (headers.get("White", ""), headers.get("WhiteFideId", ""))
    black = (headers.get("Black", ""), headers.get("BlackFideId", ""))
    if check.round_number is None:
        check.unmatched = (gettext_noop("no round given and no Round tag"), {})
        return
    round_boards = boards.get(check.round_number, RoundBoards())
    check.candidates = round_boards.choices(white, black)
    if not round_boards.pairings:
        check.unmatched = (
            gettext_noop("round %(round)s has no boards"),
            {"round": check.round_number},
        )
        return
    for pairing in round_boards.candidates(white):
        assert pairing.black is not None
        w, b = pairing.white, pairing.black
        if _same_player(w.name, w.fide_id, *white) and _same_player(b.name, b.fide_id, *black):
            check.pairing = pairing
            check.board_conflict = _result_conflict(check.result.declared, pairing) or ""
            return
        if _same_player(w.name, w.fide_id, *black) and _same_player(b.name, b.fide_id, *white):
            check.unmatched = (
                gettext_noop("colours reversed against board %(board)s (%(white)s – %(black)s)"),
                {"board": pairing.board, "white": w.name, "black": b.name},
            )
            return
    check.unmatched = (
        gettext_noop("no board of round %(round)s has %(white)s – %(black)s"),
        {"round": check.round_number, "white": white[0] or "?", "black": black[0] or "?"},
    )


def clean_games_on_free_boards(checks: Sequence[GameCheck]) -> list[tuple[int, int]]:
    """``(game number, board id)`` of every game found clean on the board it matched, but for
    boards that already have a game (imported earlier, a page at a time, say) or that an
    earlier game of the file takes: the report page's *import every clean game*."""
    tournaments = {c.pairing.round.tournament_id for c in checks if c.pairing is not None}
    taken = set(
        Game.objects.filter(pairing__round__tournament__in=tournaments).values_list(
            "pairing_id", flat=True
        )
    )
    chosen = []
    for check in checks:
        if check.pairing is not None and check.status == "clean" and check.pairing.pk not in taken:
            taken.add(check.pairing.pk)
            chosen.append((check.number, check.pairing.pk))
    return chosen


@dataclass(frozen=True)
class ImportDecision:
    """The arbiter's decision on one game of the file: import it on this board."""

    number: int
    pairing_id: int


@transaction.atomic
def import_games(
    checks: Sequence[GameCheck],
    decisions: Sequence[ImportDecision],
    *,
    user: AbstractBaseUser | None,
    progress: Progress | None = None,
) -> list[Game]:
    """Import the chosen games, all or none. Raises :class:`GameError` listing every game
    that cannot be imported (nothing is written then)."""
    by_number = {check.number: check for check in checks}
    pairings = Pairing.objects.select_related("white", "black", "round__tournament").in_bulk(
        [decision.pairing_id for decision in decisions]
    )
    problems = []
    planned = []
    used: set[int] = set()
    # Boards that have a game already, in one query rather than one per game.
    with_game = set(
        Game.objects.filter(pairing__in=list(pairings)).values_list("pairing_id", flat=True)
    )
    for decision in decisions:
        check = by_number.get(decision.number)
        pairing = pairings.get(decision.pairing_id)
        problem = _refusal(check, pairing, used, with_game)
        if problem:
            problems.append(
                _("game %(number)s: %(problem)s") % {"number": decision.number, "problem": problem}
            )
            continue
        assert check is not None and pairing is not None
        used.add(pairing.pk)
        planned.append((check, pairing))
    if problems:
        raise GameError(problems)
    if progress is not None:
        progress.start(len(planned))
    games = []
    for check, pairing in planned:
        games.append(import_game(check, pairing, user=user))
        if progress is not None:
            progress.advance()
    return games


def _refusal(
    check: GameCheck | None, pairing: Pairing | None, used: set[int], with_game: set[int]
) -> str | None:
    if check is None:
        return _("there is no such game in the file")
    if pairing is None or pairing.is_bye:
        return _("there is no such board")
    if not check.importable:
        return _("not importable: %(problem)s") % {"problem": check.problem()}
    if pairing.pk in used:
        return _("board %(board)s is chosen for two games") % {"board": pairing.board}
    if pairing.pk in with_game:
        return _("board %(board)s of round %(round)s already has a game") % {
            "board": pairing.board,
            "round": pairing.round.number,
        }
    return _result_conflict(check.result.declared, pairing) or _position_conflict(check, pairing)


def _position_conflict(check: GameCheck, pairing: Pairing) -> str | None:
    """Why a game cannot go on a board of a Chess960 event: it does not start from the
    board's starting position."""
    if not pairing.round.tournament.is_chess960 or check.record is None:
        return None
    played = position_number(check.record.start_fen or chess.STARTING_FEN)
    if played is None:
        return _(
            "board %(board)s plays Chess960, but the game does not start from a Chess960 "
            "starting position"
        ) % {"board": pairing.board}
    expected = pairing.starting_position
    if expected is not None and played != expected:
        return _(
            "board %(board)s plays Chess960 position %(expected)s but the game starts from "
            "position %(played)s; set the board's position first if it was played so"
        ) % {"board": pairing.board, "expected": expected, "played": played}
    return None


def _result_conflict(declared: str, pairing: Pairing) -> str | None:
    """Why a game declaring ``declared`` cannot go on ``pairing``, whose entered result differs."""
    if (
        declared in DECIDED_SCORES
        and Result(pairing.result).is_decided
        and pairing.result != board_result(declared)
    ):
        return _(
            "board %(board)s already has the result %(old)s but the game says %(new)s; "
            "correct the board's result first"
        ) % {"board": pairing.board, "old": pairing.result, "new": declared}
    return None


def import_game(check: GameCheck, pairing: Pairing, *, user: AbstractBaseUser | None) -> Game:
    """Write one checked game on ``pairing`` (inside the caller's transaction)."""
    record = check.record
    assert record is not None, "a game is imported from the record read again, not the report"
    headers = record.headers
    control = headers.get("TimeControl", "").strip()
    # A tag longer than the field stays whole among the game's other tags (exported as is).
    fits = len(control) <= Game._meta.get_field("time_control").max_length
    game = create_game(
        pairing=pairing,
        user=user,
        source=Game.Source.PGN,
        time_control=control if fits else "",
        start_fen=record.start_fen or "",
    )
    played = replay(record)
    board = played.board.root()
    sans = play_as_san(board, played.board.move_stack)
    store_moves(game, sans, {r.ply: (r.remaining, r.elapsed) for r in played.clock_readings})
    game.headers = {k: v for k, v in headers.items() if k not in _OWN_TAGS}
    if not fits:
        game.headers["TimeControl"] = control
    if pairing.round.tournament.is_chess960:
        game.headers["Variant"] = PGN_VARIANT
    game.current_fen = board.fen()
    declared = check.result.declared
    game.status = Game.Status.FINISHED if declared in DECIDED_SCORES else Game.Status.IN_PROGRESS
    game.result = declared if declared in DECIDED_SCORES else "*"
    game.result_reason = ResultReason.DECLARED if declared in DECIDED_SCORES else ""
    game.save()
    log_change(game, GameChange.Field.MOVES, new=sans, reason=_("PGN import"), user=user)
    if declared in DECIDED_SCORES and pairing.result != board_result(declared):
        record_on_board(game, board_result(declared), user, _("PGN import"), EntrySource.PGN, None)
        log_change(
            game, GameChange.Field.RESULT, old="*", new=declared, reason=_("PGN import"), user=user
        )
    return game
