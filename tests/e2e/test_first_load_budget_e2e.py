"""The first screen's JavaScript budget (docs/performance.md#a-light-first-screen): in a
real browser, the gzipped bytes of every script response until the dashboard's first row
is visible stay within 170 KB; the other screens' code loads when they open, with a
visible loading state."""

import gzip
import re

import httpx
from playwright.sync_api import Page, expect

BUDGET_KB = 170


def make_session(base: str) -> None:
    body = {
        "name": "Budget check",
        "participantIds": ["p1", "p2", "p3"],
        "moderatorStyle": "formal",
        "stimuli": [],
        "questions": ["What do you think?", "Would you buy it?"],
        "settings": {"responseLength": "brief", "discussionMode": "sequential"},
    }
    assert httpx.post(f"{base}/api/sessions", json=body, timeout=10).status_code == 201


def test_dashboard_renders_within_the_script_budget(page: Page, live_server):
    make_session(live_server)
    scripts: dict[str, int] = {}

    def on_response(response) -> None:
        if response.request.resource_type == "script" or response.url.endswith(".js"):
            body = response.body()
            # Bytes as they travel gzipped (the server may send them uncompressed on loopback).
            scripts[response.url] = len(gzip.compress(body, compresslevel=9))

    page.on("response", on_response)
    page.goto(f"{live_server}/dashboard")
    expect(page.get_by_test_id("session-row").first).to_be_visible(timeout=30_000)
    first_load = dict(scripts)
    total_kb = sum(first_load.values()) / 1024
    print(f"first-load JavaScript: {total_kb:.1f} KB gzipped in {len(first_load)} scripts")
    for url, size in sorted(first_load.items(), key=lambda kv: -kv[1]):
        print(f"  {size / 1024:6.1f} KB {url.rsplit('/', 1)[-1]}")
    assert total_kb <= BUDGET_KB, f"{total_kb:.1f} KB of JavaScript before the dashboard renders"
    # The route chunks are named after their route files (src/app/routes/*.tsx).
    assert not any(re.search(r"recharts|/session-results-|/personas-", u) for u in first_load)

    # Another screen's code comes on demand.
    page.get_by_role("link", name="Personas").first.click()
    expect(page.get_by_role("heading", name="Persona Library")).to_be_visible(timeout=30_000)
    assert any("/personas-" in u for u in scripts if u not in first_load)
