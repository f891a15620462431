"""A study in the browser on a scripted loopback model (docs/interviews.md#studies): the
empty Studies list, New study with three personas and the AI interviewer, the study's
progress to its three completed interviews, then its synthesis inline with the themes'
counts worked out from support/study_script.py; axe-core clean, with screenshots at desktop
and phone widths in docs/screenshots/interviews/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.test_accessibility_e2e import _axe_violations
from support.study_script import GUIDE, PERSONAS, responder

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "interviews"
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def axe_ready(browser: Browser):
    context = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def _shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=True)


def test_a_study_of_three_ai_interviews_to_its_synthesis(
    live_server: str, axe_ready: Page, browser: Browser, fake_llm
):
    page = axe_ready
    fake_llm.set_responder(responder)
    try:
        page.goto(f"{live_server}/studies")
        expect(page.get_by_text("No studies yet")).to_be_visible()
        assert _axe_violations(page) == []
        page.get_by_role("link", name="Create your first study").click()
        page.wait_for_url("**/studies/new")
        page.get_by_label("Study name").fill("Pouch study")
        page.get_by_label("Questions or topics").fill("\n".join(GUIDE))
        page.get_by_label("Follow-ups per topic").fill("1")
        page.get_by_label("Answer length").select_option("brief")
        for name in PERSONAS.values():
            page.get_by_role("button", name=re.compile(name)).click()
        assert _axe_violations(page) == []
        _shoot(page, "desktop-new-study.png")
        page.get_by_role("button", name="Start study").click()
        page.wait_for_url(re.compile(r".*/studies/st[0-9a-f]+$"))
        expect(page.get_by_text("3 of 3 interviews completed")).to_be_visible(timeout=60_000)
        expect(page.get_by_test_id("study-interview")).to_have_count(3)
        themes = page.get_by_role("region", name="Themes")
        # Compostable: Sarah and Emily of 3; price: all three.
        expect(themes).to_contain_text("Compostable material", timeout=60_000)
        expect(themes).to_contain_text("2 of 3 (67%)")
        expect(themes).to_contain_text("3 of 3 (100%)")
        assert _axe_violations(page) == []
        _shoot(page, "desktop-study.png")
        study_url = page.url
        phone = browser.new_context(viewport=PHONE, bypass_csp=True).new_page()
        phone.goto(study_url)
        expect(phone.get_by_text("3 of 3 interviews completed")).to_be_visible()
        expect(phone.get_by_role("region", name="Themes")).to_contain_text("Price")
        assert _axe_violations(phone) == []
        width = phone.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the study screen scrolls sideways ({width}px)"
        _shoot(phone, "phone-study.png")
        phone.goto(f"{live_server}/studies")
        expect(phone.get_by_role("link", name="Pouch study")).to_be_visible()
        _shoot(phone, "phone-studies.png")
        phone.context.close()
        # Each row links to its interview's transcript.
        page.get_by_role("link", name="Transcript of Sarah Chen").click()
        page.wait_for_url(re.compile(r".*/session/s[0-9a-f]+/results$"))
        expect(page.get_by_text("Why does being compostable matter to you?").first).to_be_visible()
    finally:
        fake_llm.set_responder(None)
