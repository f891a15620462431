"""An interview in the browser on a scripted loopback model (docs/interviews.md): create it
on the new-session screen (kind Interview, one persona, a guide), take over in the live
view, type a question (Enter sends), see the persona's answer, hand back, reach the
results with the Interviewer and Researcher labels; the dashboard shows and filters the
kind. axe-core on every new screen; screenshots at desktop and phone widths."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.test_accessibility_e2e import _axe_violations
from support.fake_openai import FakeReply
from support.interview_script import GUIDE, responder

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "interviews"
TYPED = "What makes compostable matter to you?"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}


@pytest.fixture
def axe_ready(browser: Browser):
    context = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    context.close()


def slow_answers(body: dict) -> FakeReply:
    """The persona answers after 2 s: time to take over before the first answer is in."""
    return FakeReply(responder(body), delay=2.0)


def shoot(page: Page, name: str) -> None:
    """The screen at desktop and at phone width."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(SHOTS / f"{name}-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(SHOTS / f"{name}-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


def test_create_take_over_hand_back_and_read_an_interview(
    live_server: str, axe_ready: Page, fake_llm
):
    page = axe_ready
    fake_llm.set_responder(slow_answers)
    try:
        page.goto(f"{live_server}/create-session")
        page.get_by_role("radio", name=re.compile("^Interview")).click()
        expect(page.get_by_test_id("start-hint")).to_have_text(
            "Please select 1 persona to interview"
        )
        expect(page.get_by_text("Discussion Mode")).to_have_count(0)
        page.get_by_label("Session Name").fill("Pouch interview")
        page.get_by_role("button", name=re.compile(r"^Sarah Chen")).click()
        page.get_by_role("button", name=re.compile(r"^Marcus Johnson")).click()  # replaces her
        expect(page.get_by_test_id("selected-count")).to_have_text("1 selected")
        page.get_by_role("button", name=re.compile(r"^Sarah Chen")).click()
        expect(page.get_by_test_id("selected-count")).to_have_text("1 selected")
        page.get_by_role("textbox", name="Question 1", exact=True).fill(GUIDE[0])
        page.get_by_role("radio", name=re.compile("^AI interviewer")).click()
        expect(page.get_by_label(re.compile("^Follow-ups per topic"))).to_have_value("2")
        page.get_by_role("radio", name=re.compile("^Scripted")).click()
        assert _axe_violations(page) == []
        shoot(page, "new-interview")

        page.get_by_role("button", name="Start Session").click()
        expect(page).to_have_url(re.compile(r"/session/s[0-9a-f]+$"))
        page.get_by_role("button", name="Take over").click()
        expect(page.get_by_test_id("taken-over")).to_be_visible()
        box = page.get_by_label("Your question")
        expect(box).to_be_focused()
        # The first answer comes; the interview waits for the researcher.
        conversation = page.get_by_test_id("conversation")
        expect(conversation).to_contain_text("I like the pouch because it is compostable.")
        expect(conversation.get_by_text("Interviewer", exact=True).first).to_be_visible()
        box.fill("Never mind")
        box.press("Escape")
        expect(box).to_have_value("")
        box.fill(TYPED)
        assert _axe_violations(page) == []
        shoot(page, "live-taken-over")
        box.press("Enter")
        typed = page.locator("[data-testid=message][data-kind=researcher]")
        expect(typed).to_contain_text(TYPED)
        expect(typed).to_contain_text("Researcher")
        expect(conversation).to_contain_text("Compostable matters because my kids")
        page.get_by_role("button", name="Hand back").click()
        expect(page.get_by_test_id("session-status")).to_have_text("Completed", timeout=60_000)
        expect(page.get_by_test_id("message")).to_have_count(4)  # guide question, typed exchange

        page.get_by_role("link", name="View Results").click()
        page.get_by_role("tab", name=re.compile("Transcript")).click()
        rows = page.get_by_test_id("transcript-message")
        expect(rows.filter(has_text=TYPED)).to_have_attribute("data-speaker", "Researcher")
        expect(rows.first).to_have_attribute("data-speaker", "Interviewer")
        assert _axe_violations(page) == []
        shoot(page, "results-transcript")

        page.goto(f"{live_server}/dashboard")
        expect(page.get_by_test_id("kind-badge").first).to_have_text("Interview")
        page.get_by_label("Kind filter").click()
        page.get_by_role("option", name="Focus groups").click()
        expect(page.get_by_text("Pouch interview")).to_have_count(0)
        page.get_by_label("Kind filter").click()
        page.get_by_role("option", name="Interviews").click()
        expect(page.get_by_test_id("session-row")).to_have_count(1)
        assert _axe_violations(page) == []
        shoot(page, "dashboard-kind")
    finally:
        fake_llm.set_responder(None)
