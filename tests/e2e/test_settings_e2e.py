"""The Settings screen in headless Chromium: switch to another OpenAI-compatible endpoint
(a second loopback fake), test it, save it, and see every screen name the new model; a
dead endpoint is explained and changes nothing."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from support.fake_openai import run_fake_openai


@pytest.fixture
def other_llm():
    with run_fake_openai(model="other-model") as server:
        yield server


def test_switch_to_another_endpoint_test_and_save(live_server: str, page: Page, other_llm):
    page.goto(f"{live_server}/dashboard")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Settings").click()
    expect(page.get_by_role("heading", name="Settings", level=1)).to_be_visible()
    active = page.get_by_test_id("active-model")
    expect(active.get_by_test_id("active-model-name")).to_have_text("fake-model")
    expect(active.get_by_test_id("model-source")).to_have_text("From environment variables")

    page.get_by_label("Base URL").fill(other_llm.base_url)
    page.get_by_role("button", name="List models").click()
    page.get_by_role("list", name="Available models").get_by_role(
        "button", name="other-model"
    ).click()
    expect(page.get_by_label("Model", exact=True)).to_have_value("other-model")

    page.get_by_role("button", name="Test connection").click()
    result = page.get_by_test_id("model-test-result")
    expect(result).to_contain_text("The model answered")
    expect(result).to_contain_text("Streaming: yes")
    expect(result).to_contain_text("Structured output: JSON schema")
    # Testing saves nothing.
    expect(active.get_by_test_id("active-model-name")).to_have_text("fake-model")

    page.get_by_role("button", name="Save and use").click()
    expect(result).to_contain_text("Saved: new calls use this model")
    expect(page.get_by_text("Now using other-model")).to_be_visible()
    expect(active.get_by_test_id("active-model-name")).to_have_text("other-model")
    expect(active.get_by_test_id("model-source")).to_have_text("Saved in the app")
    expect(page.get_by_test_id("model-status")).to_have_text("Model: openai · other-model")

    # After a reload the saved model is still the one in use.
    page.reload()
    expect(page.get_by_test_id("active-model-name")).to_have_text("other-model")


def test_a_dead_endpoint_is_explained_and_nothing_changes(live_server: str, page: Page):
    page.goto(f"{live_server}/settings")
    expect(page.get_by_test_id("active-model-name")).to_have_text("fake-model")
    page.get_by_label("Base URL").fill("http://127.0.0.1:9/v1")
    page.get_by_role("button", name="Save and use").click()
    result = page.get_by_test_id("model-test-result")
    expect(result).to_contain_text("It did not work")
    expect(result).to_contain_text(
        "These settings were not saved: Could not reach http://127.0.0.1:9/v1"
    )
    expect(page.get_by_test_id("active-model-name")).to_have_text("fake-model")
    expect(page.get_by_test_id("model-status")).to_have_text("Model: openai · fake-model")

    page.get_by_label("Base URL").fill("ftp://example.com")
    page.get_by_role("button", name="Test connection").click()
    expect(result).to_contain_text("Base URL must be an http:// or https:// address")
