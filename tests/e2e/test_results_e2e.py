"""Browser end-to-end tests of the Results screen (product-rules §2 Results, §8 Analysis toasts).

A completed session is made through the API (3 seed personas, 2 questions, brief answers) and
run to completion against the loopback fake model, which answers instantly. Fixtures from
conftest.py: `live_server`, `page` (Debian's headless Chromium) and `fake_llm`.
"""

from __future__ import annotations

import csv
import re
import time
from urllib.parse import unquote

import httpx
import pytest
from playwright.sync_api import Page, expect

from support.fake_openai import FakeError, default_responder

SESSION_NAME = 'Snack test, "Q1"'
QUESTIONS = ["What do you think of the snack, honestly?", "Would you buy it at $3?"]
# Answers with commas and quotes, and one that a spreadsheet would run as a formula.
ANSWERS = [
    'I love it, honestly. The "crunch" is great, and the salt is right.',
    "=1+2 is my score for it, a bad deal at that price.",
    "It is fine, nothing special, but I would try it again.",
]
INSIGHTS = {
    "summary": "Participants liked the crunch but split on the price.",
    "keyThemes": [
        {"theme": "Texture", "description": "The crunch stood out to most people.", "frequency": 4},
        {"theme": "Price", "description": "Some found the price too high.", "frequency": 2},
    ],
    "recommendations": [
        {
            "priority": "high",
            "title": "Revisit the price",
            "description": "Test a lower price point.",
        },
        {"priority": "medium", "title": "Keep the crunch", "description": "Protect the texture."},
        {"priority": "low", "title": "Try new flavours", "description": "Explore variety later."},
    ],
}


def _reply(body: dict) -> object:
    """Insights JSON for structured requests; otherwise the scripted answers in turn."""
    if body.get("response_format"):
        return INSIGHTS
    system = next(
        (m.get("content", "") for m in body.get("messages", []) if m.get("role") == "system"), ""
    )
    for i, name in enumerate(["Sarah Chen", "Marcus Johnson", "Emily Rodriguez"]):
        if isinstance(system, str) and name in system:
            return ANSWERS[i]
    return default_responder(body)


@pytest.fixture
def model(fake_llm):
    fake_llm.set_responder(_reply)
    yield fake_llm
    fake_llm.set_responder(None)


def completed_session(base: str) -> dict:
    """POST /api/sessions, POST run, then poll until the runner completes it."""
    body = {
        "name": SESSION_NAME,
        "description": "A quick end-to-end session",
        "participantIds": ["p1", "p2", "p3"],
        "moderatorStyle": "casual",
        "questions": QUESTIONS,
        "settings": {"responseLength": "brief", "discussionMode": "sequential"},
    }
    created = httpx.post(f"{base}/api/sessions", json=body, timeout=10)
    assert created.status_code == 201, created.text
    sid = created.json()["id"]
    assert httpx.post(f"{base}/api/sessions/{sid}/run", timeout=10).status_code == 200
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        session = httpx.get(f"{base}/api/sessions/{sid}", timeout=10).json()
        if session["status"] == "completed":
            return session
        time.sleep(0.2)
    raise AssertionError(f"session {sid} did not complete: {session['status']}")


def open_results(page: Page, base: str, session: dict, tab: str | None = None) -> None:
    page.goto(f"{base}/session/{session['id']}/results")
    expect(page.get_by_role("heading", name=SESSION_NAME, exact=True)).to_be_visible()
    if tab:
        page.get_by_role("tab", name=tab, exact=True).click()
        expect(page.get_by_role("tab", name=tab, exact=True)).to_have_attribute(
            "aria-selected", "true"
        )


def transcript_rows(page: Page):
    return page.get_by_role("list", name="Transcript").get_by_test_id("transcript-message")


def test_header_stats_and_transcript(live_server: str, page: Page, model):
    session = completed_session(live_server)
    n = len(session["messages"])
    assert n == len(QUESTIONS) * (1 + 3 * 3 + 2)  # question, 3 rounds of 3, 2 round prompts
    open_results(page, live_server, session)

    expect(page.get_by_text("A quick end-to-end session")).to_be_visible()
    expect(page.get_by_role("link", name="Back to Dashboard")).to_have_attribute(
        "href", "/dashboard"
    )
    expect(page.get_by_test_id("stat-participants")).to_contain_text("3")
    expect(page.get_by_test_id("stat-messages")).to_contain_text(str(n))
    expect(page.get_by_test_id("stat-duration")).to_contain_text("0 min")
    expect(page.get_by_test_id("stat-date")).to_contain_text(str(time.gmtime().tm_year))

    rows = transcript_rows(page)
    expect(rows).to_have_count(n)
    first = rows.first
    expect(first).to_have_attribute("data-moderator", "true")
    expect(first).to_contain_text(QUESTIONS[0])
    expect(first.get_by_test_id("sentiment-emoji")).to_have_count(0)
    sarah = page.get_by_role("list", name="Transcript").locator('[data-speaker="Sarah Chen"]').first
    expect(sarah.get_by_role("img", name="Positive sentiment")).to_have_text("😊")

    # Search over content and speaker, case-insensitive.
    search = page.get_by_placeholder("Search transcript...")
    search.fill("CRUNCH")
    crunchy = [m for m in session["messages"] if "crunch" in m["content"].lower()]
    expect(rows).to_have_count(len(crunchy))
    expect(page.get_by_text(f"{len(crunchy)} of {n} messages")).to_be_visible()
    search.fill("marcus")
    expect(rows).to_have_count(sum(m["speaker"] == "Marcus Johnson" for m in session["messages"]))

    # Participant filter, then the empty state.
    search.fill("")
    page.get_by_role("combobox", name="Filter by participant").click()
    expect(page.get_by_role("option", name="All Participants")).to_be_visible()
    page.get_by_role("option", name="Emily Rodriguez").click()
    expect(rows).to_have_count(6)
    for speaker in rows.evaluate_all("els => els.map(e => e.dataset.speaker)"):
        assert speaker == "Emily Rodriguez"
    search.fill("crunch")
    expect(rows).to_have_count(0)
    expect(page.get_by_text("No messages found")).to_be_visible()


def test_analytics_tab(live_server: str, page: Page, model):
    session = completed_session(live_server)
    analytics = httpx.get(f"{live_server}/api/sessions/{session['id']}/analytics").json()
    open_results(page, live_server, session, "Analytics")

    cloud = page.get_by_test_id("word-cloud")
    expect(cloud).to_be_visible()
    words = cloud.locator("li")
    expect(words).to_have_count(min(30, len(analytics["wordCloud"])))
    sizes = words.evaluate_all("els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert all(12 <= s <= 32 for s in sizes), sizes
    top = analytics["wordCloud"][0]
    expect(cloud.locator("li", has_text=re.compile(rf"^{top['text']}\b"))).to_have_css(
        "font-size", f"{top['size']}px"
    )

    quotes = page.get_by_test_id("quote")
    expect(quotes).to_have_count(len(analytics["quotes"]))
    expect(quotes.first).to_contain_text(analytics["quotes"][0]["speaker"])
    expect(quotes.first.get_by_test_id("sentiment-emoji")).to_be_visible()

    diversity = page.get_by_test_id("diversity")
    expect(diversity.get_by_test_id("diversity-score")).to_have_text(
        f"{analytics['diversity']['overallScore']}/100"
    )
    expect(diversity).to_contain_text(analytics["diversity"]["label"])
    for warning in analytics["diversity"]["warnings"]:
        expect(diversity).to_contain_text(warning)
    expect(diversity.get_by_role("meter")).to_have_count(5)

    patterns = page.get_by_test_id("trait-patterns")
    for levels in analytics["traitPatterns"].values():
        for name in levels["high"]:
            expect(patterns).to_contain_text(f"{name} · High")
        for name in levels["low"]:
            expect(patterns).to_contain_text(f"{name} · Low")

    # The charts: stacked sentiment bars per question and round, one participation bar each.
    chart = page.get_by_test_id("sentiment-chart")
    expect(chart.locator("svg.recharts-surface").first).to_be_visible()
    expect(chart.get_by_text("Q2 R3")).to_be_visible()
    assert chart.locator(".recharts-bar-rectangle").count() >= len(
        analytics["sentimentByQuestionRound"]
    )
    participation = page.get_by_test_id("participation-chart")
    for name in ["Sarah Chen", "Marcus Johnson", "Emily Rodriguez"]:
        expect(participation.get_by_text(name, exact=True)).to_be_visible()
    expect(participation.locator(".recharts-bar-rectangle")).to_have_count(3)


def test_insights_generate_badges_and_failure(live_server: str, page: Page, model):
    session = completed_session(live_server)
    open_results(page, live_server, session, "AI Insights")

    # A failing model first: the product's failure toast, and the button comes back.
    model.set_responder(
        lambda body: (
            FakeError(500, "upstream exploded") if body.get("response_format") else _reply(body)
        )
    )
    page.get_by_role("button", name="Generate Insights").click()
    expect(page.get_by_text("Analysis failed")).to_be_visible()
    expect(page.get_by_role("button", name="Generate Insights")).to_be_enabled()

    model.set_responder(_reply)
    page.get_by_role("button", name="Generate Insights").click()
    expect(page.get_by_text("Analysis complete")).to_be_visible()
    expect(page.get_by_text("Session insights have been generated successfully.")).to_be_visible()

    stored = httpx.get(f"{live_server}/api/sessions/{session['id']}").json()["insights"]
    expect(page.get_by_test_id("insights-summary")).to_contain_text(INSIGHTS["summary"])
    expect(page.get_by_test_id("insights-summary")).to_contain_text("Written by fake-model")
    expect(page.get_by_test_id("overall-sentiment")).to_have_text(
        f"{stored['overallSentiment'].capitalize()} overall"
    )
    for key in ["positive", "neutral", "negative"]:
        meter = page.get_by_role("meter", name=f"{key.capitalize()} answers")
        expect(meter).to_have_attribute("aria-valuenow", str(stored["sentimentBreakdown"][key]))
    themes = page.get_by_test_id("theme")
    expect(themes).to_have_count(2)
    expect(themes.first).to_contain_text("Texture")
    expect(themes.first).to_contain_text("The crunch stood out to most people.")
    expect(themes.first).to_contain_text("4 mentions")

    recs = page.get_by_test_id("recommendation")
    expect(recs).to_have_count(3)
    for i, (label, cls) in enumerate(
        [("High", "bg-destructive"), ("Medium", "bg-primary"), ("Low", "bg-secondary")]
    ):
        badge = recs.nth(i).get_by_text(f"{label} priority")
        expect(badge).to_have_class(re.compile(rf"\b{cls}\b"))
    expect(recs.first).to_contain_text("Revisit the price")
    expect(page.get_by_test_id("insights-caveat")).to_contain_text("simulated participants")

    # Stored on the session: still there after a reload, with Regenerate Analysis.
    page.reload()
    expect(page.get_by_test_id("insights-summary")).to_contain_text(INSIGHTS["summary"])
    expect(page.get_by_role("button", name="Regenerate Analysis")).to_be_enabled()


def test_participants_tab(live_server: str, page: Page, model):
    session = completed_session(live_server)
    open_results(page, live_server, session, "Participants")
    cards = page.get_by_test_id("participant-card")
    expect(cards).to_have_count(3)
    for p in session["participants"]:
        card = page.get_by_role("article", name=p["name"], exact=True)
        expect(card).to_contain_text(f"{p['age']} · {p['gender']}")
        expect(card).to_contain_text(p["location"])
        expect(card).to_contain_text(p["income"])
        expect(card.get_by_test_id("response-count")).to_have_text("6")
        expect(card.get_by_role("meter")).to_have_count(5)
        for interest in p["interests"]:
            expect(card.get_by_text(interest, exact=True)).to_be_visible()


def test_csv_download_parses_back(live_server: str, page: Page, model, tmp_path):
    session = completed_session(live_server)
    httpx.post(
        f"{live_server}/api/sessions/{session['id']}/insights", timeout=30
    ).raise_for_status()
    open_results(page, live_server, session, "Export")

    with page.expect_download() as info:
        page.get_by_role("link", name="Download CSV Report").click()
    download = info.value
    # '{sessionname}_results.csv'; the server makes the name safe for file systems ('"' -> '_').
    disposition = httpx.get(f"{live_server}/api/sessions/{session['id']}/export.csv").headers[
        "content-disposition"
    ]
    served = unquote(disposition.split("filename*=UTF-8''", 1)[1])
    assert download.suggested_filename == served == "Snack test, _Q1__results.csv"
    path = tmp_path / "results.csv"
    download.save_as(path)
    rows = list(csv.reader(path.open(encoding="utf-8-sig", newline="")))

    assert rows[0][0].startswith("SYNTHETIC DATA: every participant")  # the notice first
    assert rows[1] == ["Session Name", SESSION_NAME]
    assert ["Participants", "3"] in rows
    header = rows.index(["Speaker", "Content", "Sentiment", "Timestamp"])
    transcript = rows[header + 1 :]
    messages = session["messages"]
    assert len(transcript) == len(messages)
    for row, m in zip(transcript, messages, strict=False):
        assert row[0] == m["speaker"]
        content = m["content"]
        expected = "'" + content if content[:1] in "=+-@" else content
        assert row[1] == expected  # commas and quotes intact
        assert row[2] == (m["sentiment"] or "N/A")
    assert any(", honestly." in row[1] and '"crunch"' in row[1] for row in transcript)
    assert [r[2] for r in transcript if r[0] == "Moderator"] == ["N/A"] * sum(
        m["speaker"] == "Moderator" for m in messages
    )
    assert any(row[1].startswith("'=1+2") for row in transcript)
    assert not any(cell[:1] in "=+-@" for row in rows for cell in row)
    assert INSIGHTS["summary"] in [cell for row in rows for cell in row]


def test_export_menu_offers_json_and_markdown(live_server: str, page: Page, model):
    session = completed_session(live_server)
    open_results(page, live_server, session)
    page.get_by_role("button", name="Export", exact=True).click()
    menu = page.get_by_role("menu")
    expect(menu.get_by_role("menuitem")).to_have_text(["CSV", "JSON", "Markdown", "PDF"])
    with page.expect_download() as info:
        menu.get_by_role("menuitem", name="JSON").click()
    assert info.value.suggested_filename.endswith(".json")
    expect(page.get_by_role("menu")).to_have_count(0)

    page.mouse.move(0, 0)  # hovering an item moves the menu's focus to it
    page.get_by_role("button", name="Export", exact=True).press("Enter")
    expect(page.get_by_role("menuitem", name="CSV")).to_be_focused()
    page.keyboard.press("End")
    expect(page.get_by_role("menuitem", name="PDF")).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(page.get_by_role("menuitem", name="Markdown")).to_be_focused()
    with page.expect_download() as info:
        page.keyboard.press("Enter")
    assert info.value.suggested_filename.endswith(".md")


def test_unknown_session_shows_not_found(live_server: str, page: Page):
    page.goto(f"{live_server}/session/no-such-session/results")
    expect(page.get_by_role("heading", name="Session not found")).to_be_visible()
    expect(page.get_by_text("This session may have been deleted or doesn't exist.")).to_be_visible()
    page.get_by_role("link", name="Return to Dashboard").click()
    expect(page).to_have_url(re.compile(r"/dashboard$"))
