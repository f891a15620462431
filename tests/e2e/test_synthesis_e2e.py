"""Synthesis in the browser on a scripted loopback model (docs/synthesis.md): pick a focus
group and an interview on the dashboard, Synthesise, read the themes with their counts, and
follow a quote to its message on the session's results page."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from colloquy.domain.studies.prompts import THEMES_SYSTEM
from domain.human_transcript import TRANSCRIPT
from e2e.test_accessibility_e2e import _axe_violations

INTERVIEW = """\
Moderator: Do you buy oat milk?
Sam: I buy oat milk every week because it froths in coffee.
Moderator: And the price?
Sam: The price is too high for what it is, honestly.
"""
_ANSWER = re.compile(r"^\[(\d+)\] (.*)$", re.MULTILINE)


@pytest.fixture
def axe_ready(browser: Browser):
    """A page that axe-core can be added to (its script is injected past the app's CSP)."""
    context = browser.new_context(viewport={"width": 1366, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def scripted(body: dict) -> dict:
    system = "\n".join(m["content"] for m in body["messages"] if m["role"] == "system")
    if system.startswith(THEMES_SYSTEM):
        return {"themes": [{"label": "Price", "description": "What it costs"}]}
    prompt = "\n".join(m["content"] for m in body["messages"] if m["role"] == "user")
    quotes = [
        {"theme": "T1", "answer": int(n), "quote": text, "stance": "against"}
        for n, text in _ANSWER.findall(prompt)
        if "price" in text.lower()
    ]
    return {"quotes": quotes}


def _import(base: str, name: str, text: str) -> None:
    res = httpx.post(
        f"{base}/api/sessions/import",
        files={"file": (f"{name}.txt", text.encode())},
        data={"name": name},
        timeout=30,
    )
    assert res.status_code == 201, res.text


def test_synthesise_a_group_and_an_interview(live_server: str, axe_ready: Page, fake_llm):
    page = axe_ready
    base = live_server
    _import(base, "Oat milk group", TRANSCRIPT)
    _import(base, "Oat milk interview", INTERVIEW)
    fake_llm.set_responder(scripted)
    try:
        page.goto(f"{base}/dashboard")
        page.get_by_label("Compare Oat milk group").check()
        page.get_by_label("Compare Oat milk interview").check()
        page.get_by_role("button", name="Synthesise 2 sessions").click()
        page.wait_for_url("**/syntheses/*")
        themes = page.get_by_role("region", name="Themes")
        expect(themes).to_contain_text("Price", timeout=30_000)
        # Every speaker of the group but the moderator, and Sam; those with "price" in an
        # answer support the theme.
        turns = [line.split(": ", 1) for line in TRANSCRIPT.splitlines() if ": " in line]
        people = {who for who, _ in turns if who != "Moderator"}
        pricey = {who for who, text in turns if who != "Moderator" and "price" in text.lower()}
        n, k = len(people) + 1, len(pricey) + 1
        expect(themes).to_contain_text(f"{k} of {n} ({round(100 * k / n)}%)")
        page.get_by_label("Segment by").select_option("gender")
        segments = page.get_by_role("region", name="Segments by gender")
        expect(segments).to_contain_text("too small to decide")
        assert _axe_violations(page) == []
        quote = page.get_by_test_id("synthesis-quote").filter(has_text="The price is too high")
        expect(quote).to_have_count(1)
        quote.click()
        page.wait_for_url(re.compile(r".*/results\?message=.+"))
        message_id = page.url.split("message=")[1]
        expect(page.locator(f"#message-{message_id}")).to_contain_text("The price is too high")
    finally:
        fake_llm.set_responder(None)
