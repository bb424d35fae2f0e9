"""py4swiss's Burstein engine as a reference (data/SOURCES.md): on each round after the seeding
rounds of seven events our engine paired, the pairing py4swiss 0.3.1 gives from the same state,
and why it differs, by the text (C.04.4.2, 2026)."""

import json
from pathlib import Path

import pytest

from tournaments.pairing.base import Pairing, recorded_pairing
from tournaments.pairing.burstein import BursteinEngine
from tournaments.pairing.burstein.explain import explain
from tournaments.pairing.checker import file_round_state
from tournaments.trf import read_trf

DATA = Path(__file__).parent / "data"
CASES = json.loads((DATA / "py4swiss_burstein.json").read_text())["rounds"]


def _state_and_file(name: str, number: int):
    document = read_trf((DATA / name).read_bytes())
    sheet = document.to_sheet()
    return file_round_state(document, number, sheet), recorded_pairing(sheet, number)


def _boards(pairing: Pairing) -> set[tuple[int, int]]:
    return set(pairing.pairs) | {(bye, 0) for bye in pairing.byes}


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['file']}-r{c['round']}")
def test_each_round_against_py4swiss(case):
    state, ours = _state_and_file(case["file"], case["round"])
    assert _boards(BursteinEngine().pair(state)) == _boards(ours)
    theirs = Pairing(
        pairs=tuple(tuple(p) for p in case["py4swiss"]["pairs"]),
        byes=tuple(case["py4swiss"]["byes"]),
    )
    verdict = explain(state, theirs, ours)
    assert (verdict.kind, verdict.criterion) == (
        case["verdict"]["kind"],
        case["verdict"]["criterion"],
    )
    # No difference is one the text decides for py4swiss, nor a broken absolute criterion.
    assert verdict.kind in ("equal", "quality", "colours")


def test_the_reference_data_covers_every_kind_of_disagreement():
    verdicts = {(c["verdict"]["kind"], c["verdict"]["criterion"]) for c in CASES}
    assert {
        ("equal", ""),
        ("equal", "4"),
        ("quality", "C7"),
        ("quality", "C8"),
        ("quality", "3.1.4"),
        ("colours", "5.2"),
    } <= verdicts
