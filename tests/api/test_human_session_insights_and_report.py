"""An imported human group (docs/measured-against-people.md) through the two results features the
import tests leave out: insights (against the loopback model) and the PDF report."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from api.test_results_insights import INSIGHTS, responder_for, user_text
from colloquy.app import create_app
from domain.human_transcript import TRANSCRIPT
from support.fake_openai import run_fake_openai


@pytest.fixture
def fake():
    with run_fake_openai(responder_for(INSIGHTS)) as server:
        yield server


@pytest.fixture
def api(settings, fake):
    settings.llm_base_url = fake.base_url
    with TestClient(create_app(settings)) as c:
        yield c


def imported(api) -> str:
    res = api.post(
        "/api/sessions/import",
        files={"file": ("oat-milk.txt", TRANSCRIPT.encode(), "text/plain")},
        data={"name": "Oat milk (people)"},
    )
    assert res.status_code == 201, res.text
    return res.json()["id"]


def test_insights_on_a_human_group_read_its_transcript(api, fake):
    sid = imported(api)
    res = api.post(f"/api/sessions/{sid}/insights")
    assert res.status_code == 200, res.text
    assert res.json()["keyThemes"] == INSIGHTS["keyThemes"]
    sent = "\n".join(user_text(r) for r in fake.requests)
    first_answer = next(
        m for m in api.get(f"/api/sessions/{sid}").json()["messages"] if m["kind"] == "response"
    )
    assert first_answer["content"][:40] in sent


def test_the_pdf_report_of_a_human_group(api):
    sid = imported(api)
    res = api.get(f"/api/sessions/{sid}/report.pdf")
    assert res.status_code == 200, res.text
    assert res.content.startswith(b"%PDF")
