"""Importing a player list from CSV, with an error per line and column for bad cells.

A Django ModelForm parses each row, so a cell is checked exactly as the admin and the
pages check it; nothing is written unless every row is good.
"""

from __future__ import annotations

import csv
import io
import re
from datetime import date

from django import forms
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.limits import MAX_PLAYERS
from tournaments.models import Player, Tournament
from tournaments.models.player import Sex

from .audit import last_round_number
from .errors import TournamentError
from .players import add_players, assign_start_ranks

COLUMNS = (
    "name",
    "title",
    "sex",
    "federation",
    "fide_id",
    "national_id",
    "birth",
    "rating_standard",
    "rating_rapid",
    "rating_blitz",
    "rating_national",
    "club",
    "no_half_point_bye",
)
ALIASES = {"rating": "rating_standard", "elo": "rating_standard", "fed": "federation"}
TRUE_WORDS = {"1", "yes", "y", "true", "x"}
BIRTH = re.compile(r"^(\d{4})(?:[-/.](\d{1,2})[-/.](\d{1,2}))?$")


class PlayerRowForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = [c for c in COLUMNS if c not in {"birth", "no_half_point_bye"}]


def _birth(text: str) -> dict[str, object]:
    """``YYYY`` or ``YYYY-MM-DD`` (also with ``/`` or ``.``) into the model's two fields."""
    match = BIRTH.match(text)
    if not match:
        raise ValueError(_("expected YYYY or YYYY-MM-DD"))
    year, month, day = match.groups()
    if month is None:
        return {"birth_year": int(year), "birth_date": None}
    return {"birth_year": None, "birth_date": date(int(year), int(month), int(day))}


def _header(names: list[str]) -> tuple[list[str], list[str]]:
    columns, problems = [], []
    for number, raw in enumerate(names, start=1):
        name = raw.strip().lower().replace(" ", "_")
        name = ALIASES.get(name, name)
        if name not in COLUMNS:
            problems.append(
                _("line 1, column %(column)s: unknown column %(name)r (known: %(known)s)")
                % {"column": number, "name": raw, "known": ", ".join(COLUMNS)}
            )
        columns.append(name)
    if "name" not in columns:
        problems.append(_("line 1: a 'name' column is required"))
    return columns, problems


def parse_players_csv(text: str) -> tuple[list[dict[str, object]], list[str]]:
    """The player fields of every row, and every problem as 'line L, column C (field): …'."""
    text = text.removeprefix("\ufeff")
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        return [], [
            _("line %(line)s: the file holds a NUL byte; it is no CSV text.") % {"line": line}
        ]
    try:
        dialect = csv.Sniffer().sniff(text.split("\n", 1)[0], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel  # type: ignore[assignment]
    reader = csv.reader(io.StringIO(text), dialect)
    rows: list[list[str]] = []
    try:
        for row in reader:
            if problem := _row_over_lines(reader.line_num, len(rows), text):
                return [], [problem]
            rows.append(row)
            if len(rows) > MAX_PLAYERS + 1:
                return [], [
                    _("The file has more than %(limit)s players: the limit of one tournament.")
                    % {"limit": f"{MAX_PLAYERS:,}"}
                ]
    except csv.Error as error:  # a bare CR or a NUL inside a field
        return [], [
            _("line %(line)s: not a readable CSV line (%(error)s); save the file again as CSV.")
            % {"line": reader.line_num, "error": error}
        ]
    if not rows:
        return [], [_("The file is empty.")]
    columns, problems = _header(rows[0])
    if problems:
        return [], problems
    problems += _same_fide_ids(rows, columns)
    players = []
    for line, cells in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in cells):
            continue
        if len(cells) > len(columns):
            problems.append(
                _("line %(line)s: %(found)s cells, the header has %(expected)s")
                % {"line": line, "found": len(cells), "expected": len(columns)}
            )
            continue
        values = _normalised({c: v.strip() for c, v in zip(columns, cells, strict=False)})
        fields, row_problems = _row(values, columns)
        problems += [
            _("line %(line)s, %(problem)s") % {"line": line, "problem": p} for p in row_problems
        ]
        players.append(fields)
    return players, problems


def _row_over_lines(line_num: int, rows_before: int, text: str) -> str | None:
    """A row that went on over several lines: a quote opened and closed lines later, or
    never (then the row took every line to the end of the file). Every row of a player list
    is one line, so the quoting is broken (a name is never two lines)."""
    first = rows_before + 1
    if line_num == first:
        return None
    return _(
        'line %(line)s: a quote (") opened on this line is closed only on line %(end)s or '
        "never; every player is one line. Correct the quoting and import the file again."
    ) % {"line": first, "end": line_num}


def _same_fide_ids(rows: list[list[str]], columns: list[str]) -> list[str]:
    """Two rows of the file with one FIDE id: one player entered twice, or a typing error."""
    if "fide_id" not in columns:
        return []
    index, name = columns.index("fide_id"), columns.index("name")
    seen: dict[str, tuple[int, str]] = {}
    problems = []
    for line, cells in enumerate(rows[1:], start=2):
        fide_id = cells[index].strip().lstrip("0") if index < len(cells) else ""
        if not fide_id:
            continue
        player = cells[name].strip() if name < len(cells) else ""
        if fide_id in seen:
            first_line, first_name = seen[fide_id]
            problems.append(
                _(
                    "line %(line)s: FIDE id %(id)s is %(name)s's and also %(other)s's on "
                    "line %(other_line)s; one FIDE id is one player."
                )
                % {
                    "line": line,
                    "id": fide_id,
                    "name": player,
                    "other": first_name,
                    "other_line": first_line,
                }
            )
        else:
            seen[fide_id] = (line, player)
    return problems


# What the player form offers (its labels, in either language) and what lists write.
_SEXES = {
    **{str(label).lower(): value for value, label in Sex.choices},
    "f": Sex.FEMALE,
    "woman": Sex.FEMALE,
    "女": Sex.FEMALE,
    "女性": Sex.FEMALE,
    "man": Sex.MALE,
    "男": Sex.MALE,
    "男性": Sex.MALE,
}


def _normalised(values: dict[str, str]) -> dict[str, str]:
    """Spellings found in federation lists: ``F`` for women, lower-case titles and codes."""
    if "sex" in values:
        values["sex"] = _SEXES.get(values["sex"].strip().lower(), values["sex"].lower())
    for field in ("title", "federation"):
        if field in values:
            values[field] = values[field].upper()
    return values


def _where(columns: list[str], field: str) -> str:
    column = columns.index(field) + 1 if field in columns else "?"
    return _("column %(column)s (%(field)s)") % {"column": column, "field": field}


def _row(values: dict[str, str], columns: list[str]) -> tuple[dict[str, object], list[str]]:
    problems = []
    form = PlayerRowForm(data={k: v for k, v in values.items() if k in PlayerRowForm.Meta.fields})
    fields: dict[str, object] = {}
    if form.is_valid():
        fields.update(form.cleaned_data)
    else:
        for field, messages in form.errors.items():
            problems.append(
                f"{_where(columns, field)}: {' '.join(messages)} ({values.get(field, '')!r})"
            )
    if values.get("birth"):
        try:
            fields.update(_birth(values["birth"]))
        except ValueError as error:
            problems.append(f"{_where(columns, 'birth')}: {error} ({values['birth']!r})")
    fields["no_half_point_bye"] = values.get("no_half_point_bye", "").lower() in TRUE_WORDS
    return fields, problems


@transaction.atomic
def import_players_csv(
    tournament: Tournament,
    text: str,
    *,
    user: AbstractBaseUser | None = None,
    confirm: str = "",
) -> list[Player]:
    """Add every player of the file, or none; numbers the field before round 1 when nobody
    has a number yet (renumbering a numbered field is the arbiter's, confirmed, decision).
    Late entrants who move numbered players ask L3 first (``confirm``, see add_players)."""
    rows, problems = parse_players_csv(text)
    if problems:
        raise TournamentError(problems)
    numbered = tournament.players.filter(start_rank__isnull=False).exists()
    players = add_players(tournament, rows, user=user, confirm=confirm)
    if not last_round_number(tournament) and not numbered:
        assign_start_ranks(tournament, user=user)
    return players
