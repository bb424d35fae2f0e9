"""Print the crosstable: Held's C.07 round robin imported through the TRF page, its crosstable
printed by the browser (print stylesheet) and downloaded as the reports' PDF.

Known answers from the TRF file: Alyx, Bruno and Charline score 3½, David, Franck and
Helene 1½; Franck (5) lost to Helene (6) by forfeit.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.contrib.auth.models import Permission
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.factories import UserFactory

from .conftest import log_in

DATA = Path(__file__).parent.parent / "data" / "ui"

pytestmark = pytest.mark.django_db(transaction=True)


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_print_the_crosstable(page, screenshot):
    organiser = UserFactory(username="held")
    organiser.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    log_in(page, "held")
    page.get_by_role("link", name="Import a TRF file").click()
    page.get_by_label("File").set_input_files(DATA / "held_round_robin.trf")
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("status")).to_contain_text("with 6 players")

    page.get_by_role("navigation", name="Main").get_by_role("link", name="Crosstable").click()
    table = page.locator("table.crosstable")
    for name, points in [("Alyx", "3.5"), ("Bruno", "3.5"), ("Charline", "3.5")]:
        expect(table.locator("tbody tr", has_text=name)).to_contain_text(points)
    for name in ("David", "Franck", "Helene"):
        expect(table.locator("tbody tr", has_text=name)).to_contain_text("1.5")
    # Round 4: Franck lost to Helene by forfeit.
    expect(table.locator("tbody tr", has_text="Franck").locator("td").nth(11)).to_have_text("−")
    expect(table.locator("tbody tr", has_text="Helene").locator("td").nth(10)).to_have_text("+")
    screenshot("crosstable")

    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    printed = pdf_text(page.pdf(format="A4", landscape=True, print_background=True))
    assert "Alyx" in printed and "Helene" in printed
    assert "Log out" not in printed
    page.emulate_media(media="screen")

    download = page.get_by_role("link", name="PDF (A4)").get_attribute("href")
    response = page.request.get(download)
    assert response.headers["content-type"] == "application/pdf"
    text = pdf_text(response.body())
    assert all(name in text for name in ("Alyx", "Bruno", "Charline", "David", "Franck"))
