"""The session health report in the browser: the Health tab in plain words, a finding that
opens the transcript at its message, and the verdict on the dashboard row."""

from __future__ import annotations

import itertools
import re
import threading

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from colloquy.domain.trust.ipip_items import IPIP_ITEMS
from e2e.test_accessibility_e2e import _axe_violations
from support.fake_openai import default_responder
from support.sessions_helpers import wait_completed

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
        wait_completed(base, sid)
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


_TRAIT_LINE = re.compile(r"- (\w+): (\d+(?:\.\d+)?)/100")
KEYS = {number: (trait, key) for number, _, trait, key in IPIP_ITEMS}


def _in_character(body: dict) -> object:
    """Questionnaire answers that follow the persona's assigned traits."""
    schema = (body.get("response_format") or {}).get("json_schema", {}).get("schema") or {}
    wanted = schema.get("properties", {}).get("answers", {}).get("required")
    if not wanted:
        return default_responder(body)
    values = {t.lower(): float(v) for t, v in _TRAIT_LINE.findall(body["messages"][0]["content"])}
    out = {}
    for k in wanted:
        trait, key = KEYS[int(k)]
        answer = round(1 + values[trait] / 25)
        out[k] = answer if key > 0 else 6 - answer
    return {"answers": out}


@pytest.fixture
def axe_page(browser: Browser):
    """A page whose context lets axe-core be injected (see test_accessibility_e2e)."""
    context = browser.new_context(viewport={"width": 1366, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def test_fidelity_page_audits_the_library(live_server: str, axe_page: Page, fake_llm):
    base, page = live_server, axe_page
    fake_llm.set_responder(_in_character)
    try:
        page.goto(f"{base}/fidelity")
        page.get_by_role("button", name="Audit whole library").click()
        expect(page.get_by_text("Last library audit: 10 of 10 personas audited")).to_be_visible(
            timeout=60_000
        )
    finally:
        fake_llm.set_responder(None)
    for trait in ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism"):
        card = page.get_by_test_id(f"fidelity-{trait}")
        expect(card).to_contain_text("10 personas")
        expect(card.locator(".recharts-scatter-symbol")).to_have_count(10)
    expect(page.get_by_test_id("library-mean-r")).to_contain_text("mean r = 0.9")
    page.wait_for_load_state("networkidle")
    assert not _axe_violations(page), _axe_violations(page)

    # The persona card and dialog show assigned vs measured.
    page.goto(f"{base}/personas")
    expect(page.get_by_test_id("audit-line")).to_have_count(10)
    page.get_by_role("button", name="Edit").first.click()
    page.get_by_role("tab", name="Big Five").click()
    panel = page.get_by_test_id("persona-audit-panel")
    expect(panel.get_by_role("table")).to_be_visible()
    expect(panel).to_contain_text("50 of 50 items answered by fake-model")
    assert not _axe_violations(page), _axe_violations(page)
