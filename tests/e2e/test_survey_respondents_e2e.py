"""Browser test: a survey's respondents show their evidence tier (docs/evidence.md)."""

import httpx
from playwright.sync_api import Page, expect

KETTLE = "I boil water on a camping stove and would love a kettle that runs on the sun."


def test_survey_page_lists_respondents_with_their_tier(live_server: str, page: Page):
    res = httpx.post(
        f"{live_server}/api/personas/p1/evidence",
        files={"file": ("kettle.txt", KETTLE.encode())},
        timeout=30,
    )
    assert res.status_code == 201, res.text
    names = {p["id"]: p["name"] for p in httpx.get(f"{live_server}/api/personas").json()}
    survey = httpx.post(
        f"{live_server}/api/surveys",
        json={
            "name": "Kettles",
            "concepts": [{"type": "text", "title": "Solar kettle", "content": "Sun power."}],
            "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
            "respondentIds": ["p1", "p2", "p3"],
            "samples": 1,
        },
        timeout=10,
    ).json()

    page.goto(f"{live_server}/surveys/{survey['id']}")
    card = page.get_by_test_id("survey-respondents")
    expect(card.get_by_role("heading", name="Respondents (3)")).to_be_visible()
    expect(card).to_contain_text("Evidence tiers: 1 grounded, 2 ")
    grounded = card.get_by_test_id("survey-respondent").filter(has_text=names["p1"])
    expect(grounded.get_by_test_id("evidence-tier")).to_have_text("grounded (1 document, 17 words)")
    others = card.get_by_test_id("survey-respondent").filter(has_text=names["p2"])
    expect(others.get_by_test_id("evidence-tier")).not_to_contain_text("grounded")
