"""An imported human group (docs/measured-against-people.md) through the two results features the
import tests leave out: insights (against the loopback model) and the PDF report."""

from __future__ import annotations

import pytest

from api.test_results_insights import INSIGHTS, responder_for, user_text
from domain.human_transcript import TRANSCRIPT

pytestmark = pytest.mark.fake_llm(responder=responder_for(INSIGHTS))


def imported(api) -> str:
    res = api.post(
        "/api/sessions/import",
        files={"file": ("oat-milk.txt", TRANSCRIPT.encode(), "text/plain")},
        data={"name": "Oat milk (people)"},
    )
    assert res.status_code == 201, res.text
    return res.json()["id"]


def test_insights_on_a_human_group_read_its_transcript(api, fake_llm):
    sid = imported(api)
    res = api.post(f"/api/sessions/{sid}/insights")
    assert res.status_code == 200, res.text
    assert res.json()["keyThemes"] == INSIGHTS["keyThemes"]
    sent = "\n".join(user_text(r) for r in fake_llm.requests)
    first_answer = next(
        m for m in api.get(f"/api/sessions/{sid}").json()["messages"] if m["kind"] == "response"
    )
    assert first_answer["content"][:40] in sent


def test_the_pdf_report_of_a_human_group(api):
    sid = imported(api)
    res = api.get(f"/api/sessions/{sid}/report.pdf")
    assert res.status_code == 200, res.text
    assert res.content.startswith(b"%PDF")
