"""Browser end-to-end tests of the sessions dashboard (product-rules §2, §4, §5, §9).

Fixtures from conftest.py: `live_server` (a fresh server seeded with p1..p10, talking to the
loopback fake OpenAI-compatible model), `page` (Playwright in Debian's Chromium) and
`fake_llm`. Sessions are made through the API so each test starts from known data.
"""

import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from support.sessions_helpers import wait_completed

EMPTY = "No sessions yet. Create your first session or try our demo!"
NO_MATCH = "No sessions match your filters."
DIALOG_TEXT = (
    "This action cannot be undone. This will permanently delete the session and all its data."
)


@pytest.fixture(autouse=True)
def patient(page: Page, fake_llm):
    fake_llm.set_responder(None)
    page.set_default_timeout(20_000)
    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)


def create(base: str, name: str) -> str:
    body = {
        "name": name,
        "description": f"About {name.lower()}",
        "participantIds": ["p1", "p2", "p3"],
        "moderatorStyle": "formal",
        "stimuli": [],
        "questions": ["What do you think?", "Would you buy it?"],
        "settings": {
            "responseLength": "brief",
            "discussionMode": "sequential",
            "autoAdvance": False,
        },
    }
    response = httpx.post(f"{base}/api/sessions", json=body, timeout=10)
    assert response.status_code == 201, response.text
    return response.json()["id"]


def run_to_completion(base: str, session_id: str) -> None:
    assert httpx.post(f"{base}/api/sessions/{session_id}/run", timeout=10).status_code == 200
    wait_completed(base, session_id)


def expected_sentiment(base: str) -> tuple[str, str]:
    total = score = 0
    for s in httpx.get(f"{base}/api/sessions").json():
        c = s["sentimentCounts"]
        total += c["positive"] + c["neutral"] + c["negative"]
        score += c["positive"] - c["negative"]
    avg = score / total if total else 0
    text = f"{avg:.1f}"
    text = "0.0" if text in ("0.0", "-0.0") else (f"+{text}" if avg > 0 else text)
    label = "Positive" if avg > 0.3 else "Negative" if avg < -0.3 else "Neutral"
    return text, label


def rows(page: Page):
    return page.get_by_test_id("session-row")


def row(page: Page, name: str):
    return rows(page).filter(has=page.get_by_role("link", name=name, exact=True))


def card(page: Page, title: str):
    return page.get_by_role("group", name=title)


def test_empty_dashboard(live_server: str, page: Page):
    page.goto(f"{live_server}/dashboard")
    expect(page.get_by_role("heading", name="AI Focus Groups")).to_be_visible()
    expect(page.get_by_text("AI-Powered Consumer Research")).to_be_visible()
    expect(page.get_by_text("See a complete focus group in action")).to_be_visible()
    expect(page.get_by_text(EMPTY)).to_be_visible()
    expect(rows(page)).to_have_count(0)
    expect(card(page, "Total Sessions").get_by_test_id("stat-total-sessions-value")).to_have_text(
        "0"
    )
    expect(card(page, "Total Sessions")).to_contain_text("0 completed")
    expect(card(page, "Total Personas").get_by_test_id("stat-total-personas-value")).to_have_text(
        "10"
    )
    expect(card(page, "Total Personas")).to_contain_text("Ready to use")
    expect(card(page, "This Week").get_by_test_id("stat-this-week-value")).to_have_text("0")
    expect(card(page, "Avg Sentiment").get_by_test_id("stat-avg-sentiment-value")).to_have_text(
        "0.0"
    )
    expect(card(page, "Avg Sentiment")).to_contain_text("Neutral")

    page.get_by_role("link", name="Try Demo Session").click()
    expect(page).to_have_url(re.compile(r"/demo-session$"))


def test_cards_table_filters_and_search(live_server: str, page: Page):
    done = create(live_server, "Refill Pouch Study")
    run_to_completion(live_server, done)
    create(live_server, "Brand perception")  # in progress, not running
    copy = httpx.post(f"{live_server}/api/sessions/{done}/duplicate").json()
    assert copy["name"] == "Refill Pouch Study (Copy)" and copy["status"] == "draft"

    page.goto(f"{live_server}/dashboard")
    expect(rows(page)).to_have_count(3)
    expect(page.get_by_role("columnheader")).to_have_text(
        ["Session Name", "Date", "Participants", "Status", "Cost", "Actions"]
    )
    expect(card(page, "Total Sessions").get_by_test_id("stat-total-sessions-value")).to_have_text(
        "3"
    )
    expect(card(page, "Total Sessions")).to_contain_text("1 completed")
    expect(card(page, "This Week").get_by_test_id("stat-this-week-value")).to_have_text("3")
    sentiment, label = expected_sentiment(live_server)
    expect(card(page, "Avg Sentiment").get_by_test_id("stat-avg-sentiment-value")).to_have_text(
        sentiment
    )
    expect(card(page, "Avg Sentiment").get_by_test_id("stat-avg-sentiment-detail")).to_have_text(
        label
    )

    completed = row(page, "Refill Pouch Study")
    expect(completed.get_by_test_id("status-badge")).to_have_text("Completed")
    expect(completed.get_by_role("link", name="View Results")).to_have_attribute(
        "href", f"/session/{done}/results"
    )
    expect(completed.get_by_role("cell").nth(2)).to_have_text("3")
    expect(row(page, "Brand perception").get_by_test_id("status-badge")).to_have_text("In Progress")
    expect(row(page, "Brand perception").get_by_role("link", name="View Results")).to_have_count(0)
    expect(row(page, "Refill Pouch Study (Copy)").get_by_test_id("status-badge")).to_have_text(
        "Draft"
    )

    # Search: case-insensitive substring of the name.
    search = page.get_by_placeholder("Search sessions...")
    search.fill("refill POUCH")
    expect(rows(page)).to_have_count(2)
    # Status AND search.
    page.get_by_role("combobox", name="Status filter").click()
    page.get_by_role("option", name="Completed").click()
    expect(rows(page)).to_have_count(1)
    expect(row(page, "Refill Pouch Study")).to_have_count(1)
    page.get_by_role("combobox", name="Status filter").click()
    page.get_by_role("option", name="In Progress").click()
    expect(rows(page)).to_have_count(0)
    expect(page.get_by_text(NO_MATCH)).to_be_visible()
    search.fill("")
    expect(rows(page)).to_have_count(1)
    expect(row(page, "Brand perception")).to_have_count(1)
    page.get_by_role("combobox", name="Status filter").click()
    page.get_by_role("option", name="Draft").click()
    expect(rows(page)).to_have_count(1)
    page.get_by_role("combobox", name="Status filter").click()
    page.get_by_role("option", name="All Status").click()
    expect(rows(page)).to_have_count(3)
    # Date filter: everything here was created today.
    for label_text in ["Last 7 Days", "Last 30 Days", "All Time"]:
        page.get_by_role("combobox", name="Date filter").click()
        page.get_by_role("option", name=label_text).click()
        expect(rows(page)).to_have_count(3)

    # View Results opens the results screen.
    completed.get_by_role("link", name="View Results").click()
    expect(page).to_have_url(re.compile(rf"/session/{done}/results$"))


def test_duplicate_opens_the_copy(live_server: str, page: Page):
    source = create(live_server, "Original study")
    page.goto(f"{live_server}/dashboard")
    button = row(page, "Original study").get_by_role("button", name="Duplicate session")
    button.hover()
    expect(page.get_by_role("tooltip")).to_have_text("Duplicate session")
    button.click()
    expect(page).to_have_url(re.compile(r"/session/s[0-9a-f]+$"))
    assert not page.url.endswith(source)
    expect(page.get_by_role("heading", name="Original study (Copy)")).to_be_visible()
    # Opening the copy runs it.
    expect(page.get_by_role("link", name="View Results")).to_be_visible(timeout=30_000)

    page.get_by_role("link", name="Dashboard").click()
    expect(rows(page)).to_have_count(2)
    expect(row(page, "Original study (Copy)").get_by_test_id("status-badge")).to_have_text(
        "Completed"
    )


def test_delete_needs_confirmation(live_server: str, page: Page):
    create(live_server, "Keep me")
    doomed = create(live_server, "Delete me")
    page.goto(f"{live_server}/dashboard")
    expect(rows(page)).to_have_count(2)

    row(page, "Delete me").get_by_role("button", name="Delete session").click()
    dialog = page.get_by_role("alertdialog", name="Delete Session?")
    expect(dialog).to_contain_text(DIALOG_TEXT)
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    expect(rows(page)).to_have_count(2)

    row(page, "Delete me").get_by_role("button", name="Delete session").click()
    page.get_by_role("alertdialog", name="Delete Session?").get_by_role(
        "button", name="Delete", exact=True
    ).click()
    expect(page.get_by_text("Session deleted")).to_be_visible()
    expect(rows(page)).to_have_count(1)
    expect(row(page, "Delete me")).to_have_count(0)
    assert httpx.get(f"{live_server}/api/sessions/{doomed}").status_code == 404

    page.reload()
    expect(rows(page)).to_have_count(1)
    row(page, "Keep me").get_by_role("button", name="Delete session").click()
    page.get_by_role("alertdialog", name="Delete Session?").get_by_role(
        "button", name="Delete", exact=True
    ).click()
    expect(page.get_by_text(EMPTY)).to_be_visible()
