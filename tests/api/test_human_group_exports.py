"""An imported human group's files say the data is from people (docs/reports.md): the CSV,
Markdown, JSON and PDF carry the human-data notice, never the synthetic one, and list no
traits or demographics (the transcript gave none); a simulated session's files keep the
synthetic notice. SQLite and PostgreSQL."""

from __future__ import annotations

import json
import subprocess

import pytest

from colloquy.domain.results.synthetic_notice import HUMAN_NOTICE

pytestmark = pytest.mark.timeout(120)

GROUP = """\
Moderator: What do you usually have for breakfast?
Maria: Toast and coffee. Nothing fancy.
Ben: I skip it mostly, I'm never hungry that early.
Moderator: Would you pay more for an organic cereal?
Maria: Maybe, if it tastes good.
Ben: No. Too pricey for me.
"""


def imported(client) -> str:
    res = client.post("/api/sessions/import", files={"file": ("group.txt", GROUP.encode())})
    assert res.status_code == 201, res.text
    return res.json()["id"]


def test_csv_markdown_and_json_say_the_data_is_from_people(client):
    sid = imported(client)
    csv_text = client.get(f"/api/sessions/{sid}/export.csv").text
    md = client.get(f"/api/sessions/{sid}/export.md").text
    doc = json.loads(client.get(f"/api/sessions/{sid}/export.json").text)
    for text in (csv_text, md, json.dumps(doc)):
        assert "SYNTHETIC DATA" not in text and "No real people took part" not in text
    assert csv_text.splitlines()[0] == f'"{HUMAN_NOTICE}"'
    assert f"> **{HUMAN_NOTICE}**" in md
    assert doc["syntheticData"] == {
        "participantsSimulated": False,
        "model": None,
        "notice": HUMAN_NOTICE,
    }
    assert doc["source"] == "human"
    # No invented traits, ages or demographics; no diversity computed from them.
    assert doc["participants"] == [
        {"id": f"{sid}-p0", "name": "Maria", "tags": ["human"]},
        {"id": f"{sid}-p1", "name": "Ben", "tags": ["human"]},
    ]
    assert "diversity" not in doc["analytics"] and "traitPatterns" not in doc["analytics"]
    assert "Group diversity" not in md
    assert "- **Maria**: 2 responses" in md and "- **Ben**: 2 responses" in md


def test_the_pdf_says_the_data_is_from_people(client, tmp_path):
    sid = imported(client)
    res = client.get(f"/api/sessions/{sid}/report.pdf")
    assert res.status_code == 200, res.text
    pdf = tmp_path / "report.pdf"
    pdf.write_bytes(res.content)
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    flat = " ".join(text.split())
    assert "HUMAN DATA: the participants of this focus group are real people" in flat
    assert "Human data: real participants, imported from a transcript" in flat  # footer
    assert "Synthetic" not in flat and "SYNTHETIC" not in flat
    assert "Traits (0-100)" not in flat and "Age" not in flat.split("Participants")[1][:200]


def test_a_simulated_session_keeps_the_synthetic_notice(client):
    body = {"name": "Sim", "participantIds": ["p1", "p2", "p3"], "questions": ["A?", "B?"]}
    sid = client.post("/api/sessions", json=body).json()["id"]
    doc = json.loads(client.get(f"/api/sessions/{sid}/export.json").text)
    assert doc["syntheticData"]["participantsSimulated"] is True
    assert doc["syntheticData"]["notice"].startswith("SYNTHETIC DATA")
    assert "openness" in doc["participants"][0]["traits"]
    assert client.get(f"/api/sessions/{sid}/export.md").text.count("SYNTHETIC DATA") == 1
