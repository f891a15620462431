"""The synthesis' downloads: Markdown, the CSV of coded quotes, the PDF; and 409 before it
has finished. Figures from synthesis_script.CODES."""

from __future__ import annotations

import csv
import io

import pytest

from api.synthesis_script import scripted, seed_three
from api.test_syntheses_api import finished, start
from support.fake_openai import FakeReply

pytestmark = pytest.mark.fake_llm(responder=scripted)


def test_markdown_and_quotes_csv(api):
    synthesis_id = finished(api, start(api, seed_three(api))["id"])["id"]
    md = api.get(f"/api/syntheses/{synthesis_id}/export.md", params={"segmentBy": "openness"})
    assert md.status_code == 200
    assert md.headers["content-type"].startswith("text/markdown")
    text = md.text
    assert "### Recycled paper: 3 of 5 (60%)" in text
    assert "> the recycled paper looks great and sturdy" in text
    assert "- Recycled paper: for Ana Lopez, Ben Okafor, Ana Lopez; against Ben Okafor" in text
    assert "## Segments by openness" in text
    assert "| Recycled paper | high | 2/3 | 1/2 | too small to decide |" in text

    res = api.get(f"/api/syntheses/{synthesis_id}/quotes.csv")
    assert res.status_code == 200
    assert "attachment" in res.headers["content-disposition"]
    rows = list(csv.reader(io.StringIO(res.text)))
    assert rows[0] == [
        "theme_id", "theme", "session_id", "session", "respondent", "message_id", "stance",
        "quote",
    ]  # fmt: skip
    assert len(rows) == 1 + 7  # one row per kept quote
    assert [
        "T2", "Shipping worries", "s-int1", "Interview Dee", "Dee Moss", "s-int1-m1", "for",
        "Shipping damage worries me",
    ] in rows  # fmt: skip


def test_pdf_report(api):
    synthesis_id = finished(api, start(api, seed_three(api))["id"])["id"]
    res = api.get(f"/api/syntheses/{synthesis_id}/report.pdf")
    assert res.status_code == 200, res.text
    assert res.headers["content-type"] == "application/pdf"
    assert res.content.startswith(b"%PDF")


def test_exports_wait_for_the_synthesis(api, fake_llm):
    fake_llm.set_responder(lambda body: FakeReply(content=scripted(body), delay=1.0))
    running = start(api, seed_three(api))
    assert running["status"] == "running"
    res = api.get(f"/api/syntheses/{running['id']}/quotes.csv")
    assert res.status_code == 409
    assert res.json()["error"] == "The synthesis has not finished; download it when it has"
    finished(api, running["id"])
