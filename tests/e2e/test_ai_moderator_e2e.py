"""The AI moderator in the browser (docs/moderator.md): chosen in the create form's Moderator
section, its follow-ups and summaries in the live conversation and in the results'
transcript, the addressed participant answering first; axe on both screens."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.test_accessibility_e2e import _axe_violations
from support.fake_openai import default_responder

MODERATOR_SYSTEM = "You are the moderator of a market research focus group."
PROBE = "Emily, you mentioned the price: why does it matter so much to you?"
SUMMARY = "Most of you liked the crunch. Emily found the price too high."
PARTICIPANTS = ["Sarah Chen", "Marcus Johnson", "Emily Rodriguez"]


def _replies(body: dict) -> object:
    messages = body.get("messages", [])
    system = next((m.get("content") for m in messages if m.get("role") == "system"), "")
    if body.get("response_format") or not str(system).startswith(MODERATOR_SYSTEM):
        if body.get("response_format"):
            return default_responder(body)
        return "I like the crunch, honestly; the price feels a little high for me."
    return SUMMARY if "Sum up this question" in str(messages[-1].get("content")) else PROBE


@pytest.fixture
def page(browser: Browser):
    context = browser.new_context(viewport={"width": 1366, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    expect.set_options(timeout=20_000)
    yield page
    expect.set_options(timeout=5_000)
    context.close()


def test_ai_moderated_session_from_form_to_transcript(live_server: str, page: Page, fake_llm):
    fake_llm.set_responder(_replies)
    try:
        page.goto(f"{live_server}/create-session")
        page.get_by_label("Session Name").fill("AI moderated snack test")
        for name in PARTICIPANTS:
            page.get_by_role("button", name=re.compile(rf"^{re.escape(name)}")).click()
        moderator = page.get_by_role("radiogroup", name="Moderator", exact=True)
        expect(moderator.get_by_role("radio", name=re.compile("^Scripted"))).to_be_checked()
        moderator.get_by_role("radio", name=re.compile("^AI moderator")).click()
        page.get_by_role("textbox", name="Question 1", exact=True).fill("What about the snack?")
        page.get_by_role("textbox", name="Question 2", exact=True).fill("Would you buy it?")
        page.get_by_role("button", name="Start Session").click()
        expect(page).to_have_url(re.compile(r"/session/[^/]+$"))
        sid = page.url.rsplit("/", 1)[-1]

        messages = page.get_by_test_id("message")
        expect(page.locator('[data-testid="message"][data-kind="summary"]')).to_have_count(2)
        probes = page.locator('[data-testid="message"][data-kind="probe"]')
        expect(probes).to_have_count(4)
        expect(probes.first).to_contain_text("Follow-up")
        expect(probes.first).to_contain_text(PROBE)
        expect(messages).to_have_count(2 * (1 + 2 + 1 + 3 * 3))
        # the participant the probe names answers first in round 2
        kinds = messages.evaluate_all("els => els.map(e => [e.dataset.kind, e.dataset.speaker])")
        after_probe = kinds[kinds.index(["probe", "Moderator"]) + 1]
        assert after_probe == ["response", "Emily Rodriguez"], kinds
        expect(page.get_by_test_id("session-status")).to_have_text("Completed")
        assert _axe_violations(page) == []

        page.goto(f"{live_server}/session/{sid}/results")
        page.get_by_role("tab", name="Transcript", exact=True).click()
        transcript = page.get_by_role("list", name="Transcript")
        expect(
            transcript.get_by_test_id("moderator-kind").filter(has_text="follow-up")
        ).to_have_count(4)
        expect(
            transcript.get_by_test_id("moderator-kind").filter(has_text="summary")
        ).to_have_count(2)
        assert _axe_violations(page) == []
    finally:
        fake_llm.set_responder(None)
