"""The incident forms name the articles of the game's own ruleset."""

from games.models.incident import IncidentKind, incident_kind_label
from games.rules.rulesets import CLASSIC, FIDE2023, ONLINE


def test_draw_claim_cites_each_rulesets_articles():
    assert incident_kind_label(IncidentKind.DRAW_CLAIM, CLASSIC) == (
        "Draw claim (10.10, 10.12, 10.13(2))"
    )
    # FIDE Laws of Chess 2023: 9.2 threefold, 9.3 fifty moves, 9.5.3 an incorrect claim.
    assert incident_kind_label(IncidentKind.DRAW_CLAIM, FIDE2023) == "Draw claim (9.2, 9.3, 9.5.3)"


def test_flag_fall_and_illegal_move_under_both_laws():
    assert incident_kind_label(IncidentKind.FLAG_FALL, CLASSIC) == "Flag fall (10.14)"
    assert incident_kind_label(IncidentKind.FLAG_FALL, FIDE2023) == "Flag fall (6.9)"
    assert incident_kind_label(IncidentKind.ILLEGAL_MOVE, CLASSIC) == "Illegal move found (8.1)"
    assert incident_kind_label(IncidentKind.ILLEGAL_MOVE, FIDE2023) == (
        "Illegal move found (7.5.1, 7.5.5)"
    )


def test_house_rules_keep_their_plain_names():
    assert incident_kind_label(IncidentKind.ABANDONMENT, ONLINE) == "Abandonment (online)"
