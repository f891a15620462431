"""The session health report in the browser: the Health tab in plain words, a finding that
opens the transcript at its message, and the verdict on the dashboard row."""

from __future__ import annotations

import itertools
import threading
import time

import httpx
from playwright.sync_api import Page, expect

from support.fake_openai import default_responder

AI_TEXT = "As an AI language model, I don't have personal opinions about snacks."


def _answers():
    counter, lock = itertools.count(), threading.Lock()

    def respond(body: dict) -> object:
        if body.get("response_format"):
            return default_responder(body)
        with lock:
            n = next(counter)
        return AI_TEXT if n == 1 else f"The crunch is fine, {n} times over; the price is high."

    return respond


def test_health_tab_links_findings_to_messages(live_server: str, page: Page, fake_llm):
    base = live_server
    fake_llm.set_responder(_answers())
    try:
        body = {
            "name": "Health check",
            "description": "Trust e2e",
            "participantIds": ["p1", "p2", "p3"],
            "moderatorStyle": "casual",
            "questions": ["What do you think of the snack?", "Would you buy it?"],
            "settings": {"responseLength": "brief", "discussionMode": "sequential"},
        }
        sid = httpx.post(f"{base}/api/sessions", json=body, timeout=10).json()["id"]
        assert httpx.post(f"{base}/api/sessions/{sid}/run", timeout=10).status_code == 200
        deadline = time.monotonic() + 60
        while httpx.get(f"{base}/api/sessions/{sid}", timeout=10).json()["status"] != "completed":
            assert time.monotonic() < deadline, "session did not complete"
            time.sleep(0.2)
    finally:
        fake_llm.set_responder(None)

    page.goto(f"{base}/session/{sid}/results")
    page.get_by_role("tab", name="Health", exact=True).click()
    expect(page.get_by_test_id("health-overall")).to_be_visible(timeout=30_000)
    breaks = page.get_by_test_id("health-finding").filter(has_text="Staying in character")
    expect(breaks).to_contain_text("1 answer broke character")
    breaks.get_by_test_id("health-message-link").click()

    expect(page.get_by_role("tab", name="Transcript", exact=True)).to_have_attribute(
        "aria-selected", "true"
    )
    focused = page.locator("[data-testid=transcript-message][data-focused=true]")
    expect(focused).to_contain_text(AI_TEXT)
    expect(focused).to_be_focused()

    page.goto(f"{base}/dashboard")
    row = page.get_by_test_id("session-row").filter(has_text="Health check")
    expect(row.get_by_test_id("health-badge")).to_be_visible()
