"""The player limit is a setting (issue #28): ``MAX_PLAYERS`` in the environment sets it for
every path, the boards of a round follow, and a value that is no limit stops the process
with a message naming the variable."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOW = "from tournaments import limits; print(limits.MAX_PLAYERS, limits.MAX_BOARDS)"


def _limits(value: str | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "MAX_PLAYERS"}
    if value is not None:
        env["MAX_PLAYERS"] = value
    return subprocess.run(
        [sys.executable, "-c", SHOW], cwd=ROOT, env=env, capture_output=True, text=True
    )


@pytest.mark.parametrize(
    ("value", "limits"), [(None, "2000 1000"), ("", "2000 1000"), ("5000", "5000 2500")]
)
def test_the_player_limit_and_the_boards_follow_the_setting(value, limits):
    done = _limits(value)
    assert (done.returncode, done.stdout.strip()) == (0, limits)


@pytest.mark.parametrize("value", ["lots", "1", "10000", "-5", "2.5"])
def test_a_value_that_is_no_limit_stops_the_process_naming_the_variable(value):
    done = _limits(value)
    assert done.returncode != 0
    assert (
        f"MAX_PLAYERS={value!r}: the player limit is a whole number from 2 to 9,999" in done.stderr
    )
