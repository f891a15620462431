"""'Run again on another model' in the browser: a completed session's results screen names
its model; the dialog runs a copy on a second loopback endpoint; the copy's results and the
dashboard name the other model."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from support.fake_openai import run_fake_openai
from support.sessions_helpers import wait_completed


@pytest.fixture
def other_llm():
    with run_fake_openai(model="other-model") as server:
        yield server


def _completed_session(base: str) -> str:
    body = {
        "name": "Pouch test",
        "participantIds": ["p1", "p2", "p3"],
        "moderatorStyle": "casual",
        "questions": ["What do you think of the pouch?", "Would you buy it?"],
        "settings": {"responseLength": "brief", "discussionMode": "sequential"},
    }
    sid = httpx.post(f"{base}/api/sessions", json=body, timeout=10).json()["id"]
    assert httpx.post(f"{base}/api/sessions/{sid}/run", timeout=10).status_code == 200
    wait_completed(base, sid)
    return sid


def test_run_again_on_another_model(live_server: str, page: Page, other_llm):
    sid = _completed_session(live_server)
    page.goto(f"{live_server}/session/{sid}/results")
    expect(page.get_by_test_id("session-model")).to_have_text("Model: openai · fake-model")

    page.get_by_role("button", name="Run again on another model").click()
    dialog = page.get_by_role("dialog", name="Run again on another model")
    dialog.get_by_label("Base URL").fill(other_llm.base_url)
    dialog.get_by_label("Model", exact=True).fill("other-model")
    dialog.get_by_role("button", name="Run the copy").click()

    expect(page).to_have_url(re.compile(r"/session/[^/]+$"), timeout=30_000)
    assert not page.url.endswith(sid)
    page.get_by_role("link", name="View Results").click(timeout=60_000)
    expect(page.get_by_role("heading", name="Pouch test (other-model)")).to_be_visible()
    expect(page.get_by_test_id("session-model")).to_have_text("Model: openai · other-model")
    assert other_llm.requests, "the copy did not run on the other endpoint"

    page.goto(f"{live_server}/dashboard")
    rows = page.get_by_test_id("session-row")
    expect(rows.filter(has_text="Pouch test (other-model)")).to_contain_text(
        "Model: openai · other-model"
    )
    original = rows.filter(has=page.get_by_role("link", name="Pouch test", exact=True))
    expect(original).to_contain_text("Model: openai · fake-model")
