"""Guides in the browser: "Save as guide" on a completed session's results downloads a
YAML guide; "Start from a guide" on Create New Session uploads it and fills the form; the
session started from it has the same setup; a broken guide lists its lines."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Page, expect

from support.sessions_helpers import wait_completed

BODY = {
    "name": "Guide pouch",
    "participantIds": ["p2", "p1", "p3"],
    "moderatorStyle": "probing",
    "questions": ["What do you think of the pouch?", "Would you buy it?"],
    "settings": {"responseLength": "brief", "discussionMode": "parallel"},
}


def _completed_session(base: str) -> str:
    sid = httpx.post(f"{base}/api/sessions", json=BODY, timeout=10).json()["id"]
    assert httpx.post(f"{base}/api/sessions/{sid}/run", timeout=10).status_code == 200
    wait_completed(base, sid)
    return sid


def test_save_as_guide_then_start_from_it(live_server: str, page: Page, tmp_path):
    sid = _completed_session(live_server)
    page.goto(f"{live_server}/session/{sid}/results")
    with page.expect_download() as info:
        page.get_by_role("button", name="Save as guide").click()
    download = info.value
    assert download.suggested_filename == "guide-pouch.guide.yaml"
    guide = tmp_path / download.suggested_filename
    download.save_as(guide)
    text = guide.read_text()
    assert "kind: focus-group" in text and "- p2" in text

    page.goto(f"{live_server}/create-session")
    page.get_by_test_id("guide-file").set_input_files(str(guide))
    # Guides are read in a bounded child process (docs/reliability.md, "Bounded parsing");
    # the first read after the server starts waits for its fork server, seconds on a busy
    # 2-core machine.
    expect(page.get_by_label("Session Name")).to_have_value("Guide pouch", timeout=30_000)
    expect(page.get_by_test_id("guide-messages")).to_contain_text(
        "Filled in from guide-pouch.guide.yaml"
    )
    expect(page.get_by_label("Question 2", exact=True)).to_have_value("Would you buy it?")
    page.get_by_role("button", name="Start Session").click()
    expect(page).to_have_url(re.compile(r"/session/[^/]+$"), timeout=30_000)
    new_id = page.url.rsplit("/", 1)[-1]
    assert new_id != sid
    old = httpx.get(f"{live_server}/api/sessions/{sid}", timeout=10).json()
    new = httpx.get(f"{live_server}/api/sessions/{new_id}", timeout=10).json()
    for key in ("moderatorStyle", "questions", "settings", "stimuli"):
        assert new[key] == old[key], key
    assert [p["id"] for p in new["participants"]] == ["p2", "p1", "p3"]

    broken = tmp_path / "broken.yaml"
    broken.write_text(text.replace("kind: focus-group", "kind: focus-group\ncolour: red"))
    page.goto(f"{live_server}/create-session")
    page.get_by_test_id("guide-file").set_input_files(str(broken))
    alert = page.get_by_role("alert").filter(has_text="broken.yaml was not used")
    expect(alert).to_contain_text("line 2: colour: Unknown key")
