"""`colloquy run` of an interview guide (kind: interview, docs/interviews.md) on the local
database with a scripted loopback model: the exports hold the interviewer's follow-ups."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from colloquy.app import create_app
from colloquy.cli import app
from colloquy.services.guides.loading import GuideInvalid, load_guide
from colloquy.settings import get_settings
from support.fake_openai import run_fake_openai
from support.interview_script import responder

pytestmark = pytest.mark.timeout(120)

GUIDE = """kind: interview
name: Pouch interview
participants:
  ids: [p1]
moderator:
  kind: ai
questions:
  - What do you think of the pouch?
  - Would you buy it?
settings:
  responseLength: brief
  maxProbes: 2
"""


@pytest.fixture
def env(settings, monkeypatch):
    with run_fake_openai(responder) as fake:
        values = {
            "COLLOQUY_DATA_DIR": str(settings.data_dir),
            "COLLOQUY_DATABASE_URL": settings.resolved_database_url,
            "COLLOQUY_LLM_PROVIDER": "openai",
            "COLLOQUY_LLM_BASE_URL": fake.base_url,
            "COLLOQUY_LLM_API_KEY": "test",
            "COLLOQUY_LLM_MODEL": "fake",
            "COLLOQUY_LLM_RETRY_BASE_DELAY": "0.01",
            "COLLOQUY_FRONTEND_DIST": str(settings.frontend_dist),
        }
        for key, value in values.items():
            monkeypatch.setenv(key, value)
        if hasattr(get_settings, "cache_clear"):
            get_settings.cache_clear()
        yield settings


def test_run_an_interview_guide(env, tmp_path):
    guide = tmp_path / "interview.yaml"
    guide.write_text(GUIDE)
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["run", str(guide), "--out", str(out), "--format", "json,md"])
    assert result.exit_code == 0, result.output
    data = json.loads(next(out.glob("*.json")).read_text())
    assert [m["kind"] for m in data["messages"]].count("probe") == 3
    md = next(out.glob("*.md")).read_text()
    assert "Why does being compostable matter to you?" in md
    with TestClient(create_app(env)) as client:
        [session] = client.get("/api/sessions").json()
    assert session["kind"] == "interview" and session["status"] == "completed"


def test_interview_guide_limits():
    guide, _ = load_guide(GUIDE)
    assert guide.kind == "interview" and guide.moderator.kind == "ai"
    many = GUIDE.replace("  - Would you buy it?\n", "".join(f"  - Topic {i}?\n" for i in range(30)))
    with pytest.raises(GuideInvalid) as err:
        load_guide(many)
    assert "questions" in str(err.value.problems)
