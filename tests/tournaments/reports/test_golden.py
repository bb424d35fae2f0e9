"""The round-robin crosstable looks as it did when it was checked by eye: rendered with
poppler's pdftoppm (Debian package poppler-utils, installed by CI) and compared pixel by
pixel with a golden image, with a tolerance for anti-aliasing differences between versions."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from tournaments.reports.event import event_for_sheet
from tournaments.reports.pdf import TableReport
from tournaments.reports.tables import round_robin_table
from tournaments.scoring.standings import compute_standings

from .conftest import DATA

GOLDEN = DATA / "golden" / "held_round_robin_crosstable.png"
PDFTOPPM = shutil.which("pdftoppm")
# A pixel differs when a channel moves by more than this; at most this many may differ
# (anti-aliasing of other poppler versions), fewer than one changed symbol makes.
CHANNEL_TOLERANCE = 48
DIFFERING_PIXELS_ALLOWED = 12


def render_png(pdf: bytes, directory: Path) -> Image.Image:
    source = directory / "report.pdf"
    source.write_bytes(pdf)
    subprocess.run(
        [PDFTOPPM, "-r", "50", "-png", "-singlefile", str(source), str(directory / "page")],
        check=True,
    )
    return Image.open(directory / "page.png").convert("RGB")


def held_crosstable(held_round_robin) -> bytes:
    standings = compute_standings(held_round_robin, ["DE", "SB", "KS"])
    event = event_for_sheet(held_round_robin, ["DE", "SB", "KS"])
    return TableReport(event, round_robin_table(held_round_robin, standings)).generate()[2]


@pytest.mark.skipif(PDFTOPPM is None, reason="pdftoppm is not installed (poppler-utils)")
def test_held_round_robin_crosstable_matches_the_golden_image(held_round_robin, tmp_path):
    image = render_png(held_crosstable(held_round_robin), tmp_path)
    golden = Image.open(GOLDEN).convert("RGB")
    assert image.size == golden.size
    difference = ImageChops.difference(image, golden).convert("L")
    histogram = difference.histogram()
    differing = sum(histogram[CHANNEL_TOLERANCE + 1 :])
    image.save(tmp_path / "rendered.png")
    assert differing <= DIFFERING_PIXELS_ALLOWED, (
        f"{differing} pixels differ; see {tmp_path / 'rendered.png'}"
    )


@pytest.mark.skipif(PDFTOPPM is None, reason="pdftoppm is not installed (poppler-utils)")
def test_the_comparison_sees_a_changed_result(held_round_robin, tmp_path):
    """A single symbol changed in the grid is more than the tolerance lets through."""
    from dataclasses import replace

    from tournaments.scoring.sheet import Outcome

    alyx, *others = held_round_robin.players
    rounds = [replace(e, outcome=Outcome.DRAW) if e.round == 4 else e for e in alyx.rounds]
    david = next(p for p in others if p.start_rank == 4)
    david_rounds = [replace(e, outcome=Outcome.DRAW) if e.round == 4 else e for e in david.rounds]
    players = [
        replace(alyx, rounds=tuple(rounds)),
        *(replace(p, rounds=tuple(david_rounds)) if p is david else p for p in others),
    ]
    changed = replace(held_round_robin, players=tuple(players))
    image = render_png(held_crosstable(changed), tmp_path)
    golden = Image.open(GOLDEN).convert("RGB")
    difference = ImageChops.difference(image, golden).convert("L")
    differing = sum(difference.histogram()[CHANNEL_TOLERANCE + 1 :])
    assert differing > DIFFERING_PIXELS_ALLOWED
