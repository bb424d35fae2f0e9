"""English and Simplified Chinese: the header's language switcher turns the arbiter's pages
into Chinese, keyboard entry included, and back."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.services import generate_round_robin_round, publish_round

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_switch_to_chinese_and_enter_a_result(page, screenshot):
    tournament = TournamentFactory(system="round_robin", number_of_rounds=3)
    for name in ("丁立人", "Nepomniachtchi, Ian", "居文君", "Carlsen, Magnus"):
        PlayerFactory(tournament=tournament, name=name)
    publish_round(generate_round_robin_round(tournament))
    UserFactory(username="chief", is_staff=True)
    log_in(page, "chief")
    page.goto(f"/tournaments/{tournament.pk}/rounds/1/")
    page.get_by_label("Language").select_option("zh-hans")
    expect(page.get_by_role("heading", level=1)).to_contain_text("第 1 轮")
    expect(page.locator("html")).to_have_attribute("lang", "zh-hans")
    page.wait_for_selector("table[data-keys-ready]")
    page.get_by_label("第 1 台的结果").focus()
    page.keyboard.press("=")
    expect(page.locator("#board-1 .result-status")).to_have_text("✓ 已保存：½-½")
    expect(page.locator("#board-1")).to_contain_text("丁立人")
    # The swapped row keeps its other controls.
    expect(page.locator("#board-1").get_by_role("button", name="录入着法 1")).to_be_visible()
    screenshot("round_zh")
    page.get_by_label("语言").select_option("en")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Round 1")
