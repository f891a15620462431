"""Natural discussion mode with private answers in the browser (docs/natural-mode.md): chosen in the
create form (with its help text), turn progress on the live screen ("Turn t of ~9 on this
question"), private answers never in the live conversation, and the results page's
"Changed their mind" view with both answers side by side."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from support.fake_openai import FakeReply
from support.natural_fake import NaturalScript

PARTICIPANTS = ["Sarah Chen", "Marcus Johnson", "Emily Rodriguez"]


@pytest.fixture
def page(browser: Browser):
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    expect.set_options(timeout=30_000)
    yield page
    expect.set_options(timeout=5_000)
    context.close()


def test_natural_session_with_private_answers(live_server: str, page: Page, fake_llm):
    script = NaturalScript(stance=lambda name, after: 4 if after else 2)
    fake_llm.set_responder(lambda body: FakeReply(script(body), delay=0.15))
    try:
        page.goto(f"{live_server}/create-session")
        page.get_by_label("Session Name").fill("Natural pouch talk")
        for name in PARTICIPANTS:
            page.get_by_role("button", name=re.compile(rf"^{re.escape(name)}")).click()
        mode = page.get_by_role("radiogroup", name="Discussion Mode")
        mode.get_by_role("radio", name=re.compile("^Natural")).click()
        expect(mode.get_by_role("radio", name=re.compile("^Natural"))).to_be_checked()
        private = page.get_by_label(
            "Ask each participant privately before and after the discussion"
        )
        expect(private).not_to_be_checked()
        private.check()
        expect(page.get_by_text("Nobody else sees them", exact=False)).to_be_visible()
        expect(page.get_by_label("Let participants bid to speak")).to_be_visible()
        page.get_by_role("textbox", name="Question 1", exact=True).fill("What about the pouch?")
        page.get_by_role("textbox", name="Question 2", exact=True).fill("Is it good value?")
        page.get_by_role("button", name="Start Session").click()
        expect(page).to_have_url(re.compile(r"/session/[^/]+$"))
        sid = page.url.rsplit("/", 1)[-1]

        step = page.get_by_test_id("round-progress")
        expect(step).to_have_text(re.compile(r"^Turn [2-8] of ~9 on this question$"))
        expect(page.get_by_test_id("session-status")).to_have_text("Completed")
        expect(step).to_have_text("Turn 9 of ~9 on this question")
        messages = page.get_by_test_id("message")
        expect(messages).to_have_count(2 * (1 + 9))  # question + 9 turns; nothing private
        expect(page.get_by_text(re.compile("SECRET-"))).to_have_count(0)

        page.goto(f"{live_server}/session/{sid}/results")
        minds = page.get_by_test_id("changed-minds")
        expect(minds.get_by_role("heading", name="Changed their mind")).to_be_visible()
        rows = minds.get_by_test_id("mind-change")
        expect(rows).to_have_count(6)
        first = rows.first
        expect(first).to_contain_text("Changed their mind (+2)")
        expect(first).to_contain_text("Before · 2 · Disagree")
        expect(first).to_contain_text("After · 4 · Agree")
        expect(first).to_contain_text("SECRET-")
        page.get_by_role("tab", name="Transcript", exact=True).click()
        transcript = page.get_by_role("list", name="Transcript")
        expect(transcript).to_be_visible()
        expect(transcript.get_by_text(re.compile("SECRET-"))).to_have_count(0)
        expect(transcript.get_by_text("Question 1 · Turn 1").first).to_be_visible()
    finally:
        fake_llm.set_responder(None)
