"""The games tests' real event, for the PGN jobs."""

from tests.games.conftest import arbiter, chebanenko  # noqa: F401 (fixtures)
