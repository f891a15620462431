"""Model profiles in the browser: save a model profile on Settings (tested against a second
loopback endpoint), start a mixed panel from the create form's Model column, and read the
results per model: the transcript filter, the By model card, and the models side by side."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from support.fake_openai import run_fake_openai


@pytest.fixture
def beta_llm():
    with run_fake_openai(model="beta-model") as server:
        yield server


def test_a_profile_and_a_mixed_panel(live_server: str, page: Page, fake_llm, beta_llm):
    fake_llm.set_responder(None)
    page.goto(f"{live_server}/settings")
    card = page.get_by_test_id("model-profiles")
    expect(card).to_contain_text("No profiles yet")
    card.get_by_role("button", name="Add profile").click()
    form = card.get_by_role("form", name="New model profile")
    form.get_by_label("Profile name").fill("Beta")
    form.get_by_label("Base URL").fill(beta_llm.base_url)
    form.get_by_label("Model", exact=True).fill("beta-model")
    form.get_by_role("button", name="Test and save profile").click()
    expect(page.get_by_text("Profile Beta saved")).to_be_visible()
    row = card.get_by_test_id("model-profile")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("beta-model")
    assert beta_llm.requests, "the profile was not tested against its endpoint"
    beta_llm.reset()

    page.get_by_role("navigation", name="Main").get_by_role("link", name="New Session").click()
    page.get_by_label("Session Name").fill("Mixed pouch study")
    for name in ["Sarah Chen", "Marcus Johnson", "Emily Rodriguez"]:
        page.get_by_role("button", name=re.compile(rf"^{name}")).click()
    models = page.get_by_test_id("participant-models")
    expect(models.get_by_test_id("participant-model-row")).to_have_count(3)
    models.get_by_label("Model for Marcus Johnson").select_option(label="Beta (beta-model)")
    page.get_by_role("textbox", name="Question 1", exact=True).fill("First impression?")
    page.get_by_role("textbox", name="Question 2", exact=True).fill("Would you buy it?")
    page.get_by_role("button", name="Start Session").click()
    expect(page).to_have_url(re.compile(r"/session/s[0-9a-f]+$"))
    page.get_by_role("link", name="View Results").click(timeout=60_000)

    # Only Marcus's answers came from the second endpoint.
    assert beta_llm.requests
    systems = {
        m["content"] for r in beta_llm.requests for m in r["messages"] if m["role"] == "system"
    }
    assert systems and all("Marcus" in s for s in systems)

    breakdown = page.get_by_test_id("model-breakdown")
    rows = breakdown.get_by_test_id("model-row")
    expect(rows).to_have_count(2)
    expect(breakdown.locator('[data-model="beta-model"]')).to_contain_text("6")
    page.get_by_role("combobox", name="Filter by model").select_option("beta-model")
    answers = page.locator('[data-testid="transcript-message"]:not([data-moderator])')
    expect(answers).to_have_count(6)
    for speaker in answers.evaluate_all("els => els.map(e => e.dataset.speaker)"):
        assert speaker == "Marcus Johnson"

    breakdown.get_by_role("link", name="Compare the models side by side").click()
    expect(page.get_by_test_id("compare-column")).to_have_count(2)
    expect(page.get_by_test_id("compare-grid")).to_contain_text("beta-model")
