"""The PDF report and the synthetic-data notice on every export (SQLite and PostgreSQL).
The PDF is rendered to PNG with pdftoppm and read back with pdftotext (poppler-utils)."""

import csv
import io
import json
import shutil
import subprocess

from api.test_results_helpers import PARTICIPANTS, persona, seed_session

HOSTILE_NAME = "<script>alert('x')</script> Eve"
INSIGHTS = {
    "summary": "Shoppers liked the <b>paper</b> but worried about shipping.",
    "overallSentiment": "positive",
    "sentimentBreakdown": {"positive": 60, "neutral": 20, "negative": 20},
    "keyThemes": [{"theme": "Durability", "description": "Will it survive?", "frequency": 3}],
    "recommendations": [
        {"priority": "high", "title": "Test shipping", "description": "Drop tests"}
    ],
    "model": "test-model",
}


def _poppler() -> None:
    """The PDF is read back with poppler-utils, which `make setup` installs (pdf-libs):
    missing tools fail the test rather than skip it."""
    missing = [tool for tool in ("pdftoppm", "pdftotext") if not shutil.which(tool)]
    assert not missing, f"install poppler-utils (make pdf-libs): {missing} not found"


def _people():
    return [
        *PARTICIPANTS[:2],
        persona(
            "px",
            HOSTILE_NAME,
            30,
            "Female",
            "<img src=x>",
            "$30-60k",
            (50, 50, 50, 50, 50),
            ["<i>art</i>"],
        ),
    ]


def _pdf_text(tmp_path, content: bytes) -> tuple[str, int]:
    pdf = tmp_path / "report.pdf"
    pdf.write_bytes(content)
    subprocess.run(["pdftoppm", "-png", "-r", "40", str(pdf), str(tmp_path / "page")], check=True)
    pages = len(list(tmp_path.glob("page*.png")))
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    return text, pages


def test_pdf_report_renders_every_section(client, tmp_path):
    _poppler()
    sid = seed_session(client, participants=_people(), insights=INSIGHTS)
    res = client.get(f"/api/sessions/{sid}/report.pdf")
    assert res.status_code == 200
    assert res.headers["content-type"] == "application/pdf"
    assert 'filename="Packaging study_report.pdf"' in res.headers["content-disposition"]
    assert res.content.startswith(b"%PDF-")
    text, pages = _pdf_text(tmp_path, res.content)
    assert pages >= 3  # cover, body, transcript appendix
    flat = " ".join(text.split())
    for expected in (
        "Packaging study",
        "SYNTHETIC DATA: every participant in this focus group is simulated",
        "test-model via openai",
        "Participants",
        "Ana Lopez",
        "Executive summary",
        "Shoppers liked the <b>paper</b>",  # hostile markup printed as text
        "Key themes",
        "Durability",
        "Recommendations",
        "Sentiment by question and round",
        "Participation",
        "Highlighted quotes",
        "Session health:",
        "Embedder:",
        "Appendix: transcript",
        "I love this packaging",
        "<script>alert('x')</script> Eve",
        "<img src=x>",
        "Synthetic data: simulated participants",
    ):
        assert expected in flat, expected


def test_pdf_without_insights_and_without_messages(client, tmp_path):
    _poppler()
    sid = seed_session(client, transcript=[], status="in-progress")
    res = client.get(f"/api/sessions/{sid}/report.pdf")
    assert res.status_code == 200
    flat = " ".join(_pdf_text(tmp_path, res.content)[0].split())
    assert "AI insights were not generated" in flat and "No messages" in flat


def test_pdf_unknown_session_is_404(client):
    res = client.get("/api/sessions/nope/report.pdf")
    assert res.status_code == 404 and res.json()["error"] == "Session not found"


def test_notice_on_csv_json_markdown(client):
    sid = seed_session(client)
    csv_text = client.get(f"/api/sessions/{sid}/export.csv").text
    first = next(csv.reader(io.StringIO(csv_text)))
    assert len(first) == 1 and first[0].startswith(
        "SYNTHETIC DATA: every participant in this focus group is simulated by an AI language "
        "model (test-model via openai; current model setting, not recorded by the session)"
    )
    doc = json.loads(client.get(f"/api/sessions/{sid}/export.json").content)
    assert doc["syntheticData"]["participantsSimulated"] is True
    assert doc["syntheticData"]["model"].startswith("test-model via openai")
    assert "No real people took part" in doc["syntheticData"]["notice"]
    md = client.get(f"/api/sessions/{sid}/export.md").text
    assert md.startswith("# Packaging study\n\n> **SYNTHETIC DATA: every participant")


def test_demo_session_notice_names_the_script(client):
    assert client.post("/api/sessions/demo/complete", json={"speed": 1000}).status_code == 200
    md = client.get("/api/sessions/demo/export.md").text
    assert "scripted demo conversation" in md.split("\n")[2]


def test_a_long_transcript_drawn_in_parts_is_whole_and_numbered(client, tmp_path):
    """150 answers of about 600 characters (about 110,000 characters of markup): the
    transcript is drawn in three parts after the front (docs/reports.md). Every answer is in
    the PDF, in order, and every page says "Page n of m" with the real count."""
    _poppler()
    words = "packaging " * 60
    turns = [(i % 3, f"T{i:03d} {words}", 0, i // 3, "neutral") for i in range(150)]
    sid = seed_session(client, transcript=turns)
    res = client.get(f"/api/sessions/{sid}/report.pdf")
    assert res.status_code == 200, res.text
    text, pages = _pdf_text(tmp_path, res.content)
    flat = " ".join(text.split())
    found = [flat.find(f"T{i:03d} ") for i in range(150)]
    assert -1 not in found and found == sorted(found)
    for n in range(1, pages + 1):
        assert f"Page {n} of {pages}" in flat, n
    assert f"Page {pages + 1} of" not in flat
    assert "more messages" not in flat  # under the cap: nothing left out
