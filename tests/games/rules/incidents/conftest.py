"""Real games the incident tests rule on (tests/data/incidents, see SOURCE.md there)."""

from pathlib import Path

import pytest

from games.rules.incidents import ReplayedGame, read_replayed_game, replay_moves

DATA = Path(__file__).resolve().parents[3] / "data" / "incidents"


def load(name: str) -> ReplayedGame:
    return read_replayed_game((DATA / name).read_text(encoding="utf-8"))


def first_plies(record: ReplayedGame, plies: int) -> ReplayedGame:
    """The same game as it stood after ``plies`` moves."""
    return replay_moves(record.move_texts[:plies], headers=record.headers)


@pytest.fixture(scope="session")
def fischer_spassky() -> ReplayedGame:
    """Fischer–Spassky, Reykjavik 1972, game 6 (41 moves, 1-0)."""
    return load("fischer-spassky-1972-game6.pgn")


@pytest.fixture(scope="session")
def nepo_ding() -> ReplayedGame:
    """Nepomniachtchi–Ding, World Championship 2023, game 1, TimeControl 40/7200:20/3600:900+30."""
    return load("nepomniachtchi-liren-game1.pgn")


@pytest.fixture(scope="session")
def molinari_bordais() -> ReplayedGame:
    """Molinari–Bordais 1979, correspondence, which ends 5...Nd3#."""
    return load("molinari-bordais-1979.pgn")
