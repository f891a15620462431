"""The create form's "Prompt layout: cache-friendly" in the browser
(docs/usage-and-cost.md#prompt-caching): offered under Discussion Mode in sequential and
parallel mode with its help text, hidden in natural mode, kept as the session's
setting; axe finds no serious violation; screenshots at desktop and phone widths."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from e2e.test_accessibility_e2e import _axe_violations, axe_page  # noqa: F401

PARTICIPANTS = ["Sarah Chen", "Marcus Johnson", "Emily Rodriguez"]
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "prompt-layout"


def test_choose_the_cache_friendly_layout(live_server: str, axe_page: Page, fake_llm):  # noqa: F811
    page = axe_page
    fake_llm.set_responder(lambda body: "I like the pouch, it feels sturdy enough.")
    try:
        page.goto(f"{live_server}/create-session")
        page.get_by_label("Session Name").fill("Cached pouch talk")
        for name in PARTICIPANTS:
            page.get_by_role("button", name=re.compile(rf"^{re.escape(name)}")).click()
        layout = page.get_by_label("Prompt layout: cache-friendly")
        expect(layout).not_to_be_checked()
        mode = page.get_by_role("radiogroup", name="Discussion Mode")
        mode.get_by_role("radio", name=re.compile("^Natural")).click()
        expect(layout).to_have_count(0)  # natural mode keeps its own prompts
        mode.get_by_role("radio", name=re.compile("^Parallel")).click()
        layout.check()
        help_text = page.locator("#cache-friendly-help")
        expect(help_text).to_be_visible()
        for part in ("75% of prompt tokens", "2.8× the prompt tokens", "4-8%", "may change"):
            expect(help_text).to_contain_text(part)
        page.keyboard.press("Space")  # the box has focus: the keyboard unticks it
        expect(layout).not_to_be_checked()
        page.keyboard.press("Space")
        expect(layout).to_be_checked()
        page.get_by_role("textbox", name="Question 1", exact=True).fill("What about the pouch?")
        page.get_by_role("textbox", name="Question 2", exact=True).fill("Is it good value?")
        assert _axe_violations(page) == []
        SHOTS.mkdir(parents=True, exist_ok=True)
        expect(page.get_by_text("Estimating…")).to_have_count(0)  # the estimate with the layout
        layout.evaluate("box => box.scrollIntoView({block: 'center'})")  # help above the footer
        page.screenshot(path=str(SHOTS / "desktop.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        layout.evaluate("box => box.scrollIntoView({block: 'center'})")
        page.screenshot(path=str(SHOTS / "phone.png"))
        assert _axe_violations(page) == []
        page.set_viewport_size({"width": 1366, "height": 900})
        page.get_by_role("button", name="Start Session").click()
        expect(page).to_have_url(re.compile(r"/session/[^/]+$"))
        sid = page.url.rsplit("/", 1)[-1]
        settings = page.request.get(f"{live_server}/api/sessions/{sid}").json()["settings"]
        assert settings["promptLayout"] == "cache-friendly"
        assert settings["discussionMode"] == "parallel"
    finally:
        fake_llm.set_responder(None)
