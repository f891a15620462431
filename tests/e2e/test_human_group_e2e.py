"""A real focus group in the browser (docs/measured-against-people.md): import a transcript from the
dashboard with its preview, open its Health tab (judged as written by people), then compare it with
a simulated session and read the gaps to people."""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import Page, expect

from domain.human_transcript import TRANSCRIPT


def _simulated_session(base: str) -> str:
    body = {
        "name": "Oat milk (simulated)",
        "description": "Simulated beside people",
        "participantIds": ["p1", "p2", "p3"],
        "moderatorStyle": "casual",
        "questions": ["Do you think the price of oat milk is fair?", "Would you buy it?"],
        "settings": {"responseLength": "brief", "discussionMode": "sequential"},
    }
    res = httpx.post(f"{base}/api/sessions", json=body, timeout=10)
    assert res.status_code == 201, res.text
    sid = res.json()["id"]
    assert httpx.post(f"{base}/api/sessions/{sid}/run", timeout=10).status_code == 200
    deadline = time.monotonic() + 60
    while httpx.get(f"{base}/api/sessions/{sid}", timeout=10).json()["status"] != "completed":
        assert time.monotonic() < deadline, "session did not complete"
        time.sleep(0.2)
    return sid


def test_import_a_human_group_then_health_and_compare(live_server: str, page: Page, tmp_path):
    base = live_server
    transcript = tmp_path / "oat-milk-group.txt"
    transcript.write_text(TRANSCRIPT)
    sim = _simulated_session(base)

    page.goto(f"{base}/dashboard")
    page.get_by_role("button", name="Import a real focus group").click()
    page.get_by_label("Transcript").set_input_files(str(transcript))
    page.get_by_label("Name (optional)", exact=True).fill("Oat milk (people)")
    page.get_by_role("button", name="Preview").click()
    preview = page.get_by_label("Preview")
    expect(preview).to_contain_text("moderator: Moderator")
    expect(preview).to_contain_text("Dana")
    page.get_by_role("button", name="Save as a human group").click()

    page.wait_for_url("**/results")
    expect(page.get_by_test_id("human-badge")).to_have_text("Human group")
    human = page.url.split("/session/")[1].split("/")[0]
    page.get_by_role("tab", name="Health", exact=True).click()
    expect(page.get_by_test_id("health-overall")).to_be_visible(timeout=30_000)
    expect(page.get_by_test_id("health-summary")).to_contain_text("written by people")
    expect(page.get_by_text("too small for research")).to_have_count(0)

    page.goto(f"{base}/compare?ids={sim},{human}")
    people = page.get_by_role("region", name="Oat milk (people)")
    expect(people.get_by_test_id("human-badge")).to_be_visible(timeout=30_000)
    simulated = page.get_by_role("region", name="Oat milk (simulated)")
    section = simulated.get_by_role("region", name="Simulation vs people")
    expect(section).to_contain_text("Words per turn (median)")
    expect(section).to_contain_text("vs people")
