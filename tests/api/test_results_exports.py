"""CSV, JSON and Markdown downloads, parsed back (SQLite and PostgreSQL)."""

import csv
import io
import json
from urllib.parse import unquote

import pytest

from api.test_results_helpers import seed_session

HOSTILE = [
    (None, 'Your view, please: price, taste, "look"?', 0, 0, None),
    (0, '=HYPERLINK("http://evil.example","click")', 0, 0, "neutral"),
    (1, '+1, I agree, "mostly"\nand a second line', 0, 0, "positive"),
    (2, "-5% would be nice, honestly", 0, 0, "neutral"),
    (0, "@SUM(A1:A9) <script>alert(1)</script> | # not a heading", 0, 1, "negative"),
]
INSIGHTS = {
    "summary": "=cmd|' /C calc'!A0",
    "overallSentiment": "neutral",
    "sentimentBreakdown": {"positive": 25, "neutral": 50, "negative": 25},
    "keyThemes": [{"theme": "Price, value", "description": "-cheap", "frequency": 2}],
    "recommendations": [{"priority": "high", "title": "@Lower", "description": "a|b"}],
    "generatedAt": "2024-05-01T11:00:00Z",
    "model": "test-model",
}


def parse(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


@pytest.mark.parametrize("path", ["export.csv", "export.json", "export.md"])
def test_unknown_session_is_404(client, path):
    res = client.get(f"/api/sessions/nope/{path}")
    assert res.status_code == 404 and res.json()["error"] == "Session not found"


def test_csv_round_trips_cell_by_cell(client):
    sid = seed_session(client, transcript=HOSTILE, insights=INSIGHTS)
    res = client.get(f"/api/sessions/{sid}/export.csv")
    assert res.status_code == 200
    assert res.headers["content-type"] == "text/csv; charset=utf-8"
    assert 'filename="Packaging study_results.csv"' in res.headers["content-disposition"]
    rows = parse(res.text)
    assert rows[0][0].startswith("SYNTHETIC DATA: every participant")  # the notice line
    assert rows[1:5] == [
        ["Session Name", "Packaging study"],
        ["Date", "2024-05-01"],
        ["Participants", "3"],
        ["Total Responses", "4"],
    ]
    assert ["Key Themes"] in rows and ["Price, value", "'-cheap", "2"] in rows
    assert ["high", "'@Lower", "a|b"] in rows
    assert ["'=cmd|' /C calc'!A0"] in rows
    start = rows.index(["Speaker", "Content", "Sentiment", "Timestamp"]) + 1
    transcript = rows[start:]
    assert [r[:3] for r in transcript] == [
        ["Moderator", 'Your view, please: price, taste, "look"?', "N/A"],
        ["Ana Lopez", '\'=HYPERLINK("http://evil.example","click")', "neutral"],
        ["Ben Okafor", '\'+1, I agree, "mostly"\nand a second line', "positive"],
        ["Cleo Park", "'-5% would be nice, honestly", "neutral"],
        ["Ana Lopez", "'@SUM(A1:A9) <script>alert(1)</script> | # not a heading", "negative"],
    ]
    assert all(r[3].startswith("2024-05-01T10:00") for r in transcript)
    for row in rows:
        for cell in row:
            assert not cell.startswith(("=", "+", "-", "@")), cell


def test_non_ascii_name_uses_rfc6266_filename(client):
    sid = seed_session(client, name="Café ☕ / test")
    disposition = client.get(f"/api/sessions/{sid}/export.csv").headers["content-disposition"]
    assert disposition.startswith("attachment; ")
    fallback = disposition.split('filename="')[1].split('"')[0]
    assert fallback.isascii() and "/" not in fallback
    encoded = disposition.split("filename*=UTF-8''")[1]
    assert unquote(encoded) == "Café ☕ _ test_results.csv"


def test_json_export_holds_the_whole_session(client):
    sid = seed_session(client, insights=INSIGHTS)
    res = client.get(f"/api/sessions/{sid}/export.json")
    assert res.status_code == 200
    assert res.headers["content-type"].startswith("application/json")
    assert "Packaging study_session.json" in res.headers["content-disposition"]
    doc = json.loads(res.content)
    assert doc["format"] == "colloquy-session/1"
    assert doc["id"] == sid and doc["name"] == "Packaging study"
    assert doc["status"] == "completed" and doc["createdAt"].startswith("2024-05-01T10:00")
    assert [p["id"] for p in doc["participants"]] == ["pa", "pb", "pc"]
    assert doc["participants"][0]["enriched"]
    assert doc["questions"][0] == "What do you think of the packaging?"
    assert doc["settings"]["responseLength"] == "moderate" and doc["stimuli"] == []
    assert len(doc["messages"]) == 7 and doc["messages"][0]["speaker"] == "Moderator"
    assert doc["messages"][1]["personaId"] == "pa"
    assert doc["insights"] == INSIGHTS
    assert doc["analytics"]["sentimentBreakdown"] == {"positive": 60, "neutral": 20, "negative": 20}


def test_markdown_report(client):
    sid = seed_session(client, transcript=HOSTILE, insights=INSIGHTS)
    res = client.get(f"/api/sessions/{sid}/export.md")
    assert res.status_code == 200
    assert res.headers["content-type"] == "text/markdown; charset=utf-8"
    assert "Packaging study_report.md" in res.headers["content-disposition"]
    md = res.text
    assert md.startswith("# Packaging study\n")
    for heading in (
        "## Session details",
        "## Executive summary",
        "## Key themes",
        "## Recommendations",
        "## Highlighted quotes",
        "## Transcript",
        "### Question 1: What do you think of the packaging?",
        "#### Round 1 (Initial Responses)",
        "#### Round 2 (Multi-turn Dialog)",
    ):
        assert heading in md
    assert "<script>" not in md and "&lt;script&gt;" in md
    assert "\\| \\# not a heading" in md
    assert "| Price, value | 2 | \\-cheap |" not in md  # '-' mid-cell stays as typed
    assert "| Price, value | 2 | -cheap |" in md
