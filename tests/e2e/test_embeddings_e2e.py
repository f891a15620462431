"""The Embeddings card in headless Chromium: switch the embedder to an OpenAI-compatible
endpoint (a loopback fake), test it, save it, see it named after a reload, refuse a dead
endpoint with its reason, and switch back to the offline embedder."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from support.fake_embeddings import run_fake_embeddings

WORDLLAMA = "wordllama l2_supercat 256d (offline)"


@pytest.fixture
def embeddings():
    with run_fake_embeddings(["embed-small"]) as server:
        yield server


def test_switch_the_embedder_and_back(live_server: str, page: Page, embeddings):
    page.goto(f"{live_server}/settings")
    card = page.get_by_test_id("embeddings-card")
    expect(card.get_by_role("heading", name="Embeddings")).to_be_visible()
    in_use = card.get_by_test_id("embedder-in-use")
    expect(in_use).to_have_text(WORDLLAMA)

    card.get_by_role("radio", name="OpenAI-compatible endpoint").check()
    card.get_by_label("Embeddings base URL").fill("http://127.0.0.1:9/v1")
    card.get_by_label("Embedding model", exact=True).fill("embed-small")
    card.get_by_role("button", name="Save embedder").click()
    result = card.get_by_test_id("embedding-test-result")
    expect(result).to_contain_text("It did not work")
    expect(result).to_contain_text("The embedder was not saved")
    expect(in_use).to_have_text(WORDLLAMA)

    card.get_by_label("Embeddings base URL").fill(embeddings.base_url)
    card.get_by_role("button", name="Test embedder").click()
    expect(result).to_contain_text("The embedder works")
    expect(result).to_contain_text("26 dimensions")
    expect(in_use).to_have_text(WORDLLAMA)  # testing saves nothing

    card.get_by_role("button", name="Save embedder").click()
    expect(result).to_contain_text("Saved: new embeddings use it")
    named = f"embed-small via {embeddings.base_url}/embeddings"
    expect(in_use).to_have_text(named)
    expect(card.get_by_text("Saved in the app")).to_be_visible()
    assert embeddings.requests[-1]["model"] == "embed-small"

    page.reload()
    card = page.get_by_test_id("embeddings-card")
    expect(card.get_by_test_id("embedder-in-use")).to_have_text(named)
    expect(card.get_by_label("Embeddings base URL")).to_have_value(embeddings.base_url)

    card.get_by_role("radio", name="Offline (built in)").check()
    card.get_by_role("button", name="Save embedder").click()
    expect(card.get_by_test_id("embedder-in-use")).to_have_text(WORDLLAMA)
