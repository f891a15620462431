"""A survey measured against people in the browser (docs/measured-against-people.md): run a survey
against the fake model, upload people's own ratings on its screen, read both distributions, KS
similarity, the mean difference and the two floors; a bad file is refused with the row
named and the comparison stays."""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import Page, expect

from e2e.test_accessibility_e2e import _axe_violations, axe_page  # noqa: F401

YES = "I would definitely buy this, I love it."
NO = "I would never buy this, it is useless."

PEOPLE = """Respondent,Concept,Question,Rating
R-201,Solar kettle,How likely would you be to buy this product?,4
R-202,Solar kettle,How likely would you be to buy this product?,5
R-203,Solar kettle,How likely would you be to buy this product?,4
R-204,Solar kettle,How likely would you be to buy this product?,3
R-205,Solar kettle,How likely would you be to buy this product?,4
R-206,Solar kettle,How likely would you be to buy this product?,2
R-201,2,1,1
R-202,2,1,2
R-203,2,1,1
R-204,2,1,1
R-205,2,1,3
R-206,2,1,1
"""


def _scripted(body: dict) -> object:
    text = str(body["messages"][-1]["content"])
    return YES if "Solar kettle" in text else NO


def _completed_survey(base: str) -> str:
    personas = [p["id"] for p in httpx.get(f"{base}/api/personas", timeout=10).json()[:3]]
    res = httpx.post(
        f"{base}/api/surveys",
        json={
            "name": "Kettles against people",
            "concepts": [
                {
                    "type": "text",
                    "title": "Solar kettle",
                    "content": "A kettle that boils with sunlight.",
                },
                {"type": "text", "title": "Brick phone", "content": "A phone as heavy as a brick."},
            ],
            "questions": [
                {"text": "How likely would you be to buy this product?", "scale": "purchase_intent"}
            ],
            "respondentIds": personas,
            "samples": 1,
        },
        timeout=10,
    )
    assert res.status_code == 201, res.text
    sid = res.json()["id"]
    assert httpx.post(f"{base}/api/surveys/{sid}/run", timeout=10).status_code == 200
    deadline = time.monotonic() + 90
    while httpx.get(f"{base}/api/surveys/{sid}", timeout=10).json()["status"] != "completed":
        assert time.monotonic() < deadline, "survey did not complete"
        time.sleep(0.2)
    return sid


def test_upload_people_ratings_and_read_the_comparison(
    live_server: str,
    axe_page: Page,  # noqa: F811
    fake_llm,
    tmp_path,
):
    page = axe_page
    base = live_server
    fake_llm.set_responder(_scripted)
    try:
        sid = _completed_survey(base)
    finally:
        fake_llm.set_responder(None)
    good = tmp_path / "kettle-panel.csv"
    good.write_text(PEOPLE)
    bad = tmp_path / "typo.csv"
    bad.write_text(PEOPLE.replace("R-206,2,1,1", "R-206,2,1,11"))

    page.goto(f"{base}/surveys/{sid}")
    panel = page.get_by_test_id("human-results")
    expect(panel.get_by_text("No people's ratings uploaded yet.")).to_be_visible()
    panel.get_by_label("People's ratings (CSV)").set_input_files(str(good))
    panel.get_by_role("button", name="Upload").click()
    expect(page.get_by_test_id("human-results-summary")).to_have_text(
        "12 ratings by 6 people, from kettle-panel.csv."
    )
    kettle = page.get_by_test_id("people-c1-q1")
    expect(kettle.get_by_test_id("pmf-chart")).to_be_visible()
    expect(kettle.get_by_test_id("pmf-chart")).to_contain_text(
        "People: 1 0%, 2 17%, 3 17%, 4 50%, 5 17%"
    )
    expect(kettle.get_by_test_id("pmf-chart")).to_contain_text("Simulated:")
    table = kettle.get_by_role(
        "table", name="Against people: Solar kettle: How likely would you be to buy this product?"
    )
    expect(table).to_contain_text("Simulated respondents")
    expect(table).to_contain_text("Floor: random answers")
    expect(table).to_contain_text("Floor: always 4")
    ks = float(kettle.get_by_test_id("ks-simulated").inner_text())
    assert 0.0 <= ks <= 1.0
    # Uniform on five points against 0, 1/6, 1/6, 1/2, 1/6: cumulative gaps .2, .23, .27, .1, 0.
    expect(kettle.get_by_test_id("ks-uniform")).to_have_text("0.73")
    expect(kettle.get_by_test_id("people-verdict")).to_contain_text("6 people, mean 3.67.")
    phone = page.get_by_test_id("people-c2-q1")
    expect(phone.get_by_test_id("ks-majority")).to_have_text("0.67")  # always 1: 4/6 of people
    assert _axe_violations(page) == []

    panel.get_by_label("People's ratings (CSV)").set_input_files(str(bad))
    panel.get_by_role("button", name="Replace people's ratings").click()
    expect(panel.get_by_role("alert")).to_contain_text(
        "Row 13: the rating 11 is outside the question's scale (1 to 5)."
    )
    expect(panel.get_by_role("alert")).to_contain_text(
        "The file was not saved; the earlier ratings are kept."
    )
    expect(page.get_by_test_id("human-results-summary")).to_contain_text("from kettle-panel.csv")
