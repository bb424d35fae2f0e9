"""Every check report of the test data's PGN files, under every ruleset, as recorded.

A change meant to make checking faster must leave every report as it was, byte for byte:
the text and the JSON of each game (statuses, messages, ply and move numbers, findings,
claims). Each file's games are recorded as short digests in
``tests/data/games/report-digests.json``; a change meant to change reports writes them
again: ``python -m tests.games.rules.test_reports_unchanged``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from games.rules.batch import check_file
from games.rules.rulesets import RULESETS, get_ruleset

from ._data import DATA

DIGESTS = DATA / "games" / "report-digests.json"


def pgn_files() -> list[Path]:
    """The test data's PGN files, each content once (copies of a file are skipped)."""
    seen: set[str] = set()
    files = []
    for path in sorted(DATA.rglob("*.pgn")):
        content = hashlib.sha256(path.read_bytes()).hexdigest()
        if content not in seen:
            seen.add(content)
            files.append(path)
    return files


def digests(path: Path, ruleset: str) -> list[str]:
    """One digest per game: of its report as ``checkgames`` prints it and as JSON."""
    found = []
    for report in check_file(str(path), get_ruleset(ruleset), jobs=1):
        text = report.as_text() + "\n" + json.dumps(report.as_dict(), ensure_ascii=False)
        found.append(hashlib.sha256(text.encode("utf-8")).hexdigest()[:16])
    return found


def recorded() -> dict[str, dict[str, list[str]]]:
    result: dict[str, dict[str, list[str]]] = json.loads(DIGESTS.read_text(encoding="utf-8"))
    return result


def test_every_file_and_ruleset_is_recorded():
    names = {path.relative_to(DATA).as_posix() for path in pgn_files()}
    assert set(recorded()) >= names
    assert all(set(by_ruleset) == set(RULESETS) for by_ruleset in recorded().values())


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_reports_are_as_recorded(ruleset):
    changed = []
    for name, by_ruleset in sorted(recorded().items()):
        expected, found = by_ruleset[ruleset], digests(DATA / name, ruleset)
        games = [n for n, (a, b) in enumerate(zip(expected, found, strict=False), 1) if a != b]
        if games or len(expected) != len(found):
            changed.append(f"{name}: games {games or 'count'}")
    assert not changed, f"reports changed under {ruleset}: {changed}"


def write() -> None:
    table = {
        path.relative_to(DATA).as_posix(): {name: digests(path, name) for name in sorted(RULESETS)}
        for path in pgn_files()
    }
    DIGESTS.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write()
