"""An accelerated team Swiss (C.04.7: each acceleration method "is applicable to any Swiss
Pairing System" unless it says otherwise): virtual points of the primary score added to it for
pairing only. The engine pairs on that pairing score; ``checktrf`` reads the virtual points of
a team file from its records 250, else from record 192's ``_BAKU`` (GA, the first half of the
teams rounded up to an even number, 2 × ⌈N/4⌉; a win's match points in the first half of the
accelerated rounds, half of them in the rest, the accelerated rounds being the first half of
the event: C.04.7 1.4.4's example, an 11-round team event with 2 match points for a win, gives
GA 2 virtual match points in the first three rounds and 1 in the next three)."""

from fractions import Fraction

from tournaments.pairing.team_checker import check_team_trf
from tournaments.pairing.team_swiss import TeamSwissEngine, TeamSwissState
from tournaments.pairing.team_swiss.check import team_accelerations
from tournaments.pairing.team_swiss.generator import (
    generate_team_swiss_event,
    random_team_swiss_settings,
)
from tournaments.pairing.team_swiss.system_code import read_record_192
from tournaments.trf import TrfDocument, read_trf
from tournaments.trf.team_sheet import read_team_sheet
from tournaments.trf.teams import Acceleration, format_250

from .helpers import team_sheet

# Seed 20: six teams of four boards, three rounds, match points first, record 192
# FIDE_TEAM_TYPEA_MP_GP; round 1 unaccelerated is 1-4, 2-5, 3-6 by 3.6 (first half against
# second half). GA is 1-4 (2 × ⌈6/4⌉); of the three rounds the first two are accelerated, the
# first with a win's 2 match points, the second with 1.
SEED = 20
GA_ROUND_ONE = {frozenset({1, 3}), frozenset({2, 4}), frozenset({5, 6})}


def _file(seed: int = SEED, *, code: str | None = None, rounds: int | None = None) -> str:
    text = generate_team_swiss_event(random_team_swiss_settings(seed)).text
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if code is not None and line.startswith("192 "):
            lines[i] = f"192 {code}"
        if rounds is not None and line.startswith("142 "):
            lines[i] = f"142 {rounds}"
    return "\n".join(lines) + "\n"


def _with_250(text: str, *lines: Acceleration) -> TrfDocument:
    head, rest = text.split("\n310 ", 1)
    return read_trf(head + "\n" + "\n".join(format_250(line) for line in lines) + "\n310 " + rest)


def _round_one(found_rounds: tuple) -> set[frozenset[int]]:
    engine = found_rounds[0].engine
    return {frozenset(match) for match in engine.pairs}


def test_the_engine_pairs_on_the_score_plus_the_virtual_points() -> None:
    sheet = team_sheet(8, [])
    plain = TeamSwissEngine().pair(TeamSwissState(sheet, 1))
    assert plain.matches == ((1, 5), (6, 2), (3, 7), (8, 4))
    virtual = {team: (Fraction(2),) for team in (1, 2, 3, 4)}
    accelerated = TeamSwissEngine().pair(TeamSwissState(sheet, 1, accelerations=virtual))
    # Two scoregroups by pairing score: 1-4 (2 virtual match points) and 5-8, each paired
    # first half against second half (3.6).
    assert {frozenset(m) for m in accelerated.matches} == {
        frozenset({1, 3}),
        frozenset({2, 4}),
        frozenset({5, 7}),
        frozenset({6, 8}),
    }


def test_baku_for_an_eleven_round_team_event_is_the_example_of_c_04_7_1_4_4() -> None:
    document = read_trf(_file(code="FIDE_TEAM_TYPEA_MP_GP_BAKU", rounds=11))
    options = read_record_192(document.header("192"))
    assert options is not None and options.baku
    virtual = team_accelerations(document, read_team_sheet(document), options)
    assert virtual == {team: (2, 2, 2, 1, 1, 1) for team in (1, 2, 3, 4)}


def test_checktrf_re_pairs_a_baku_team_file_with_baku_s_virtual_points() -> None:
    plain = check_team_trf(read_trf(_file()))
    assert not plain.rounds[0].has_findings
    baku = check_team_trf(read_trf(_file(code="FIDE_TEAM_TYPEA_MP_GP_BAKU")))
    # The file's round 1 was paired without acceleration: the engine, with GA 1-4 on 2
    # virtual match points, pairs 1-3 and 2-4, and the round is reported as different.
    assert _round_one(baku.rounds) == GA_ROUND_ONE
    assert baku.rounds[0].has_findings


def test_records_250_give_the_virtual_points_over_record_192() -> None:
    lines = (
        Acceleration(Fraction(2), None, 1, 1, 1, 4),
        Acceleration(Fraction(1), None, 2, 2, 1, 4),
    )
    found = check_team_trf(_with_250(_file(), *lines))
    assert _round_one(found.rounds) == GA_ROUND_ONE
    # TRF-2026: records 250 cause any acceleration in record 192 to be disregarded.
    document = _with_250(_file(code="FIDE_TEAM_TYPEA_MP_GP_BAKU", rounds=11), *lines)
    options = read_record_192(document.header("192"))
    assert options is not None
    virtual = team_accelerations(document, read_team_sheet(document), options)
    assert virtual == {team: (2, 1) for team in (1, 2, 3, 4)}


def test_baku_is_not_used_with_game_points_first() -> None:
    document = read_trf(_file(code="FIDE_TEAM_TYPEA_GP_MP_BAKU"))
    options = read_record_192(document.header("192"))
    assert options is not None and options.baku
    assert team_accelerations(document, read_team_sheet(document), options) == {}
