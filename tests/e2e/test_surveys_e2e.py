"""Survey mode in the browser: create a survey in the form, run it against the fake
model, read the results (means with intervals, the comparison, the offline-embedder
warning); axe finds no serious violation on the survey screens."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e.test_accessibility_e2e import _axe_violations, axe_page  # noqa: F401

YES = "I would definitely buy this, I love it."
NO = "I would never buy this, it is useless."


def _scripted(body: dict) -> object:
    text = str(body["messages"][-1]["content"])
    return YES if "Solar kettle" in text else NO


def test_create_run_and_read_a_survey(live_server: str, axe_page: Page, fake_llm):  # noqa: F811
    base, page = live_server, axe_page
    fake_llm.set_responder(_scripted)
    try:
        page.goto(f"{base}/dashboard")
        page.get_by_role("link", name="Surveys").click()
        expect(page.get_by_text("No surveys yet")).to_be_visible()
        assert _axe_violations(page) == []
        page.get_by_role("link", name="New survey").click()
        page.get_by_label("Survey name").fill("Kettle test")
        page.get_by_label("Concept 1 title").fill("Solar kettle")
        page.get_by_label("Concept 1 description").fill("A kettle that boils water with sunlight.")
        page.get_by_role("button", name="Add concept").click()
        page.get_by_label("Concept 2 title").fill("Brick phone")
        page.get_by_label("Concept 2 description").fill("A phone as heavy as a brick.")
        page.get_by_role("button", name="Select all").click()
        expect(page.get_by_test_id("planned-calls")).to_contain_text("answers planned")
        assert _axe_violations(page) == []
        page.get_by_role("button", name="Create survey").click()

        expect(page.get_by_role("heading", name="Kettle test")).to_be_visible()
        page.get_by_role("button", name="Run survey").click()
        expect(page.get_by_text("Completed", exact=True)).to_be_visible(timeout=60_000)
        expect(page.get_by_test_id("survey-embedder")).to_contain_text("wordllama")
        expect(page.get_by_role("note")).to_contain_text("offline")
        yes = float(page.get_by_test_id("mean-c1-q1").inner_text().split()[0])
        no = float(page.get_by_test_id("mean-c2-q1").inner_text().split()[0])
        assert yes > no + 0.3, (yes, no)
        comparison = page.get_by_role(
            "table", name="Concept comparison: How likely would you be to buy this product?"
        )
        expect(comparison).to_contain_text("Yes: the interval excludes 0")
        expect(page.get_by_test_id("pmf-chart")).to_be_visible()
        page.get_by_text("Free-text answers").click()
        expect(page.get_by_text(YES).first).to_be_visible()
        assert _axe_violations(page) == []
        href = page.get_by_role("link", name="CSV").get_attribute("href")
        assert href and href.endswith("/export.csv")
    finally:
        fake_llm.set_responder(None)
