"""Browser tests of persona files and reports (docs/reports.md): a persona file previewed with its
row errors and then imported, and two completed sessions compared side by side from the
dashboard."""

from __future__ import annotations

import re
import time

import httpx
from playwright.sync_api import Page, expect

from support.fake_openai import default_responder

HEADER = (
    "name,age,gender,location,income,openness,conscientiousness,extraversion,"
    "agreeableness,neuroticism,interests,tags"
)
ROWS = (
    HEADER,
    "Imported Ivy,29,Female,Chicago,$30-60k,70,60,50,65,40,music; thrifting,Gen Z; Chicago",
    '"=HYPERLINK(""http://x"")",30,Male,Austin,$30-60k,50,50,50,50,50,golf,',
    "Too Young,12,Male,Austin,$30-60k,50,50,50,50,50,golf,",
)
CSV = "\n".join(ROWS)


def _answers(body: dict) -> object:
    if body.get("response_format"):
        return default_responder(body)
    return "I like the crunch, honestly; the price feels a little high for me."


def _completed_session(base: str, name: str) -> str:
    body = {
        "name": name,
        "description": "Compare check",
        "participantIds": ["p1", "p2", "p3"],
        "moderatorStyle": "casual",
        "questions": ["What do you think of the snack?", "Would you buy it at $3?"],
        "settings": {"responseLength": "brief", "discussionMode": "sequential"},
    }
    created = httpx.post(f"{base}/api/sessions", json=body, timeout=10)
    assert created.status_code == 201, created.text
    sid = created.json()["id"]
    assert httpx.post(f"{base}/api/sessions/{sid}/run", timeout=10).status_code == 200
    deadline = time.monotonic() + 60
    while httpx.get(f"{base}/api/sessions/{sid}", timeout=10).json()["status"] != "completed":
        assert time.monotonic() < deadline, f"session {sid} did not complete"
        time.sleep(0.2)
    return sid


def test_import_preview_shows_row_errors_then_imports_valid_rows(
    live_server: str, page: Page, tmp_path
):
    path = tmp_path / "people.csv"
    path.write_text(CSV, encoding="utf-8")
    page.goto(f"{live_server}/personas")
    expect(page.get_by_test_id("persona-card")).to_have_count(10)
    page.get_by_role("button", name="Import", exact=True).click()
    dialog = page.get_by_role("dialog", name="Import Personas")
    expect(dialog).to_be_visible()
    dialog.get_by_test_id("import-file-input").set_input_files(str(path))
    expect(dialog.get_by_test_id("import-summary")).to_have_text(
        "3 rows: 1 valid, 2 with errors (rows with errors are skipped)."
    )
    rows = dialog.get_by_test_id("import-row")
    expect(rows).to_have_count(3)
    expect(rows.nth(1)).to_contain_text("formulas are not imported")
    expect(rows.nth(2)).to_contain_text("Age must be between 18 and 100")
    # The preview saved nothing.
    assert len(httpx.get(f"{live_server}/api/personas", timeout=10).json()) == 10

    dialog.get_by_role("button", name="Import 1 valid persona").click()
    expect(page.get_by_text("Imported 1 persona")).to_be_visible()
    expect(page.get_by_test_id("persona-card")).to_have_count(11)
    page.get_by_role("group", name="Filter by tag").get_by_role("button", name="Gen Z").click()
    expect(page.get_by_test_id("persona-card")).to_have_count(1)
    expect(page.get_by_role("article", name="Imported Ivy")).to_be_visible()


def test_compare_two_completed_sessions(live_server: str, page: Page, fake_llm):
    fake_llm.set_responder(_answers)
    try:
        first = _completed_session(live_server, "Concept Alpha")
        second = _completed_session(live_server, "Concept Beta")
    finally:
        fake_llm.set_responder(None)
    page.goto(f"{live_server}/dashboard")
    page.get_by_role("checkbox", name="Compare Concept Alpha").check()
    expect(page.get_by_test_id("compare-link")).to_have_text("Pick one more to compare")
    page.get_by_role("checkbox", name="Compare Concept Beta").check()
    page.get_by_role("link", name="Compare 2 sessions").click()
    expect(page).to_have_url(re.compile(r"/compare\?ids="))
    assert first in page.url and second in page.url
    expect(page.get_by_role("heading", name="Compare Sessions")).to_be_visible()
    columns = page.get_by_test_id("compare-column")
    expect(columns).to_have_count(2)
    for column in (columns.nth(0), columns.nth(1)):
        expect(column.get_by_test_id("compare-question")).to_have_count(2)
        expect(column).to_contain_text("Top words")
        expect(column).to_contain_text("AI insights have not been generated")
