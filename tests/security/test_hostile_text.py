"""Hostile text (HTML, script tags, very long words, right-to-left marks, emoji) in
personas, questions and model output is stored and returned exactly as typed, and stays
inert in the CSV (formulas neutralised) and Markdown (HTML escaped) exports."""

import csv
import io

import pytest

from support.fake_openai import run_fake_openai
from support.sessions_helpers import app_client, session_body, wait_idle

XSS = "<img src=x onerror=alert(1)><script>alert(2)</script>"
RTL = "\u202eevil\u202c \u200f\u05e9\u05dc\u05d5\u05dd"
LONG = "W" * 3000
EMOJI = "🙂👩🏽‍🔬🇺🇳"
pytestmark = pytest.mark.timeout(60)


def persona(name: str) -> dict:
    return {
        "name": name,
        "age": 33,
        "gender": "Female",
        "location": f"{RTL} Austin",
        "income": "$60k-$100k",
        "interests": [XSS[:60], EMOJI],
        "traits": {
            "openness": 60,
            "conscientiousness": 55,
            "extraversion": 50,
            "agreeableness": 70,
            "neuroticism": 35,
        },
    }


def test_hostile_text_round_trips_and_exports_stay_inert(settings):
    reply = f"=1+1 {XSS} {RTL} {EMOJI} {LONG}"
    with run_fake_openai(lambda body: reply) as fake, app_client(settings, fake) as api:
        names = [f"{XSS[:40]} 1", f"{EMOJI} Zoë 2", f"{RTL} 3"]
        made = [api.post("/api/personas", json=persona(n)) for n in names]
        assert all(r.status_code == 201 for r in made), made[0].text
        p = made[0].json()
        assert p["name"] == names[0] and p["interests"] == [XSS[:60], EMOJI]
        assert p["location"] == f"{RTL} Austin"
        s = api.post(
            "/api/sessions",
            json=session_body(
                name=f"{XSS} {EMOJI}",
                participantIds=[m.json()["id"] for m in made],
                questions=[f"{XSS} {LONG[:200]}?", f"@SUM(A1) {RTL}?"],
            ),
        ).json()
        api.post(f"/api/sessions/{s['id']}/run")
        view = wait_idle(api, s["id"])
        assert view["status"] == "completed"
        answers = [m for m in view["messages"] if m["kind"] == "response"]
        assert answers and all(m["content"] == reply for m in answers)
        assert view["messages"][0]["content"] == f"{XSS} {LONG[:200]}?"
        csv_text = api.get(f"/api/sessions/{s['id']}/export.csv").text
        md = api.get(f"/api/sessions/{s['id']}/export.md").text
    rows = list(csv.reader(io.StringIO(csv_text, newline="")))
    cells = [c for row in rows for c in row]
    assert f"'{reply}" in cells  # kept whole, the formula neutralised with a quote
    assert f"'@SUM(A1) {RTL}?" in cells
    assert not any(c.startswith(("=", "+", "-", "@")) for c in cells)
    assert "<script>" not in md and "<img" not in md
    assert "&lt;script&gt;alert(2)&lt;/script&gt;" in md and EMOJI in md and LONG in md
