"""Browser end-to-end tests of the scripted demo session (product-rules §2 Demo session, §4 Demo
playback): played at 2x it completes, stores the session 'demo' and opens its results.
No model is called. Fixtures from conftest.py: `live_server`, `page`, `fake_llm`."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Page, expect


def test_demo_at_2x_reaches_results_with_the_scripted_transcript(
    live_server: str, page: Page, fake_llm
):
    script = httpx.get(f"{live_server}/api/demo-script").json()
    requests_before = len(fake_llm.requests)
    page.goto(f"{live_server}/demo-session")
    expect(page.get_by_role("heading", name=script["name"])).to_be_visible()
    expect(page.get_by_text("Session in progress...")).to_be_visible()
    expect(page.get_by_test_id("demo-participant")).to_have_count(5)
    expect(page.get_by_test_id("demo-participant").first.get_by_role("meter")).to_have_count(5)
    questions = len(script["questions"])
    expect(page.get_by_test_id("demo-progress")).to_contain_text(f"Question 1 of {questions}")

    speed = page.get_by_role("button", name="2x")
    speed.click()
    expect(speed).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("button", name="1x")).to_have_attribute("aria-pressed", "false")

    chat = page.get_by_role("log", name="Demo discussion")
    first = script["script"][0]
    expect(chat.get_by_test_id("demo-message").first).to_contain_text(first["question"])
    expect(page.get_by_test_id("moderator-avatar").first).to_be_visible()
    typing = page.get_by_test_id("typing-indicator")
    expect(typing).to_contain_text(f"{first['responses'][0]['speaker']} is typing...")
    reply = chat.locator(f'[data-speaker="{first["responses"][0]["speaker"]}"]').first
    expect(reply).to_contain_text(first["responses"][0]["content"])
    expect(reply.get_by_test_id("sentiment-emoji")).to_have_attribute(
        "data-sentiment", first["responses"][0]["sentiment"]
    )

    # 4 questions x (1000 + 5 x 1500) + 3 x 2000 = 40 s at 1x: 20 s at 2x, then 1 s.
    expect(page.get_by_text("Session complete. Opening results...")).to_be_visible(timeout=30_000)
    expect(page).to_have_url(re.compile(r"/session/demo/results$"), timeout=10_000)
    expect(page.get_by_role("heading", name=script["name"])).to_be_visible()

    rows = page.get_by_role("list", name="Transcript").get_by_test_id("transcript-message")
    total = sum(1 + len(turn["responses"]) for turn in script["script"])
    expect(rows).to_have_count(total)
    expected = []
    for turn in script["script"]:
        expected.append(("Moderator", turn["question"]))
        expected += [(r["speaker"], r["content"]) for r in turn["responses"]]
    speakers = rows.evaluate_all("els => els.map(e => e.dataset.speaker)")
    assert speakers == [s for s, _ in expected]
    for i, (_, content) in enumerate(expected):
        expect(rows.nth(i)).to_contain_text(content)
    expect(page.get_by_test_id("stat-participants")).to_contain_text("5")
    expect(page.get_by_test_id("stat-messages")).to_contain_text(str(total))
    assert len(fake_llm.requests) == requests_before  # the demo calls no model

    stored = httpx.get(f"{live_server}/api/sessions/demo").json()
    assert stored["status"] == "completed"


def test_demo_stimulus_image_ships_with_the_app(live_server: str, page: Page):
    script = httpx.get(f"{live_server}/api/demo-script").json()
    url = script["stimulus"]["content"]
    response = httpx.get(f"{live_server}{url}")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml"), response.headers
    page.goto(f"{live_server}/demo-session")
    image = page.get_by_test_id("demo-stimulus").get_by_role("img")
    expect(image).to_be_visible()
    page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=image.element_handle()
    )
