"""A follow-up interview in the browser (docs/interviews.md "Follow-up interviews"): on a
completed focus group's results, "Interview <participant>" opens the dialog, which creates
the interview and opens its live view; the interview runs on the loopback model, its
results link back to the group and the group lists it. axe-clean, at desktop and phone
widths, with screenshots (COLLOQUY_SCREENSHOT_DIR, e.g. docs/screenshots/interviews)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import httpx
from playwright.sync_api import Browser, expect

from e2e.test_accessibility_e2e import _axe_violations
from support.sessions_helpers import wait_completed

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def _completed_group(base: str) -> dict:
    body = {
        "name": "Pouch test",
        "participantIds": ["p1", "p2", "p3"],
        "moderatorStyle": "casual",
        "questions": ["What do you think of the pouch?", "Would you buy it?"],
        "settings": {"responseLength": "brief", "discussionMode": "sequential"},
    }
    sid = httpx.post(f"{base}/api/sessions", json=body, timeout=10).json()["id"]
    assert httpx.post(f"{base}/api/sessions/{sid}/run", timeout=10).status_code == 200
    return wait_completed(base, sid)


def test_interview_a_participant_of_a_completed_group(live_server, browser: Browser, tmp_path):
    shots = Path(os.environ.get("COLLOQUY_SCREENSHOT_DIR", str(tmp_path)))
    shots.mkdir(parents=True, exist_ok=True)
    group = _completed_group(live_server)
    me, other = group["participants"][0], group["participants"][1]
    question = f"Why did you change your mind after {other['name']}'s point?"
    violations: dict[str, list[str]] = {}
    for width, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        context = browser.new_context(viewport=viewport, bypass_csp=True)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(f"{live_server}/session/{group['id']}/results")
        expect(page.get_by_role("list", name="Transcript")).to_be_visible()
        card = page.get_by_test_id("follow-ups-card")
        card.scroll_into_view_if_needed()
        expect(card.get_by_role("button", name=f"Interview {me['name']}")).to_be_visible()
        violations[f"{width} group results"] = _axe_violations(page)
        card.screenshot(path=str(shots / f"{width}-group-follow-ups.png"))

        card.get_by_role("button", name=f"Interview {me['name']}").click()
        dialog = page.get_by_role("dialog", name=f"Interview {me['name']}")
        dialog.get_by_label("Questions or topics (one per line)").fill(question)
        dialog.get_by_role("radio", name=re.compile("^Scripted")).check()
        violations[f"{width} dialog"] = _axe_violations(page)
        page.screenshot(path=str(shots / f"{width}-follow-up-dialog.png"))
        dialog.get_by_role("button", name="Start the interview").click()

        expect(page).to_have_url(re.compile(r"/session/[^/]+$"), timeout=30_000)
        interview_id = page.url.rsplit("/", 1)[1]
        assert interview_id != group["id"]
        page.get_by_role("link", name="View Results").click(timeout=60_000)
        link = page.get_by_test_id("follow-up-of")
        expect(page.get_by_role("list", name="Transcript")).to_be_visible()
        expect(link).to_have_text("Follow-up to Pouch test")
        expect(page.get_by_text(question).first).to_be_visible()
        violations[f"{width} interview results"] = _axe_violations(page)
        page.screenshot(path=str(shots / f"{width}-interview-results.png"))
        width_px = page.evaluate("() => document.documentElement.scrollWidth")
        assert width_px <= viewport["width"], f"{width}: horizontal scroll ({width_px} px)"

        link.get_by_role("link", name="Pouch test").click()
        listed = page.get_by_role("list", name="Follow-up interviews of this group")
        expect(
            listed.get_by_role("link", name=f"Follow-up: {me['name']} (Pouch test)")
        ).to_have_count(1 if width == "desktop" else 2)
        context.close()

    interviews = httpx.get(f"{live_server}/api/sessions/{group['id']}", timeout=10).json()
    assert [f["participantId"] for f in interviews["followUps"]] == [me["id"], me["id"]]
    assert violations == {k: [] for k in violations}
