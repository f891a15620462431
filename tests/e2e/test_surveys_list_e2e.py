"""The Surveys screen in the browser on a list longer than a page: the first 50 of 52, the
rest as the foot scrolls into view, a server-side search, the status filter by keyboard,
delete after the confirmation; axe finds no serious violation on the list. Screenshots at
desktop and phone widths in docs/screenshots/surveys/."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
from playwright.sync_api import Browser, Page, expect

from e2e.test_accessibility_e2e import _axe_violations, axe_page  # noqa: F401

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "surveys"
PHONE = {"width": 390, "height": 844}


def _create(base: str, name: str) -> str:
    res = httpx.post(
        f"{base}/api/surveys",
        json={
            "name": name,
            "concepts": [{"type": "text", "title": "Solar kettle", "content": "Sun power."}],
            "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
            "respondentIds": ["p1", "p2"],
            "samples": 1,
        },
        timeout=10,
    )
    assert res.status_code == 201, res.text
    return res.json()["id"]


def _run_to_the_end(base: str, survey_id: str) -> None:
    httpx.post(f"{base}/api/surveys/{survey_id}/run", timeout=10).raise_for_status()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if httpx.get(f"{base}/api/surveys/{survey_id}").json()["status"] != "running":
            return
        time.sleep(0.2)
    raise AssertionError("the survey did not finish within 60 s")


def _shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


def test_the_list_pages_searches_filters_and_deletes(
    live_server: str,
    axe_page: Page,  # noqa: F811
    browser: Browser,
):
    base, page = live_server, axe_page
    ids = [_create(base, f"Concept test {i:02d}") for i in range(1, 53)]
    # created oldest first: "Concept test 52" is the newest; the two newest are run
    for survey_id in ids[-2:]:
        _run_to_the_end(base, survey_id)

    page.goto(f"{base}/surveys")
    rows = page.get_by_test_id("survey-row")
    expect(rows.first).to_contain_text("Concept test 52")
    expect(rows.first).to_contain_text("2/2 answers (100%)")
    expect(page.get_by_test_id("load-more")).to_contain_text("of 52 surveys")
    assert _axe_violations(page) == []
    _shoot(page, "desktop-surveys.png")
    phone = browser.new_context(viewport=PHONE).new_page()
    try:
        phone.goto(f"{base}/surveys")
        expect(phone.get_by_test_id("survey-row").first).to_contain_text("Concept test 52")
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], width  # nothing wider than the phone
        _shoot(phone, "phone-surveys.png")
    finally:
        phone.context.close()
    page.get_by_test_id("load-more").scroll_into_view_if_needed()
    expect(page.get_by_text("Showing 52 of 52 surveys")).to_be_visible()
    expect(rows).to_have_count(52)
    expect(rows.last).to_contain_text("Concept test 01")

    search = page.get_by_role("searchbox", name="Search surveys")
    search.fill("test 4")
    expect(page.get_by_text("Showing 10 of 10 surveys")).to_be_visible()
    expect(rows.first).to_contain_text("Concept test 49")
    page.evaluate("window.scrollTo(0, 0)")
    _shoot(page, "desktop-surveys-search.png")

    # Keyboard only: the status filter opens, moves and chooses with keys.
    page.get_by_role("combobox", name="Status filter").focus()
    page.keyboard.press("Enter")
    page.get_by_role("option", name="Completed").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_text("No surveys match your filters.")).to_be_visible()
    page.get_by_role("button", name="Clear filters").click()
    expect(search).to_have_value("")
    # the unfiltered list comes back as it was left: both pages
    expect(page.get_by_text("Showing 52 of 52 surveys")).to_be_visible()

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Delete Concept test 52").click()
    expect(page.get_by_text("Showing 51 of 51 surveys")).to_be_visible()
    expect(page.get_by_role("link", name="Concept test 52")).to_have_count(0)
    assert httpx.get(f"{base}/api/surveys/page", params={"q": "test 52"}).json()["total"] == 0
