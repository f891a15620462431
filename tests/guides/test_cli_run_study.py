"""`colloquy run` of a study guide (kind: study, docs/guides.md#a-study) on the local
database with a scripted loopback model: three AI-led interviews, their synthesis, where it
is printed, and the study's exports written; a bad study guide names its problems."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from colloquy.app import create_app
from colloquy.cli import app
from colloquy.services.guides.loading import GuideInvalid, load_guide
from colloquy.settings import get_settings
from support.fake_openai import run_fake_openai
from support.study_script import responder

pytestmark = pytest.mark.timeout(180)

GUIDE = """kind: study
name: Pouch study
participants:
  ids: [p1, p2, p3]
moderator:
  kind: ai
questions:
  - What do you think of the pouch?
  - Would you buy it?
settings:
  responseLength: brief
  maxProbes: 1
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


def test_run_a_study_guide_to_its_synthesis(env, tmp_path):
    guide = tmp_path / "study.yaml"
    guide.write_text(GUIDE)
    out = tmp_path / "out"
    result = CliRunner().invoke(
        app, ["run", str(guide), "--out", str(out), "--format", "json,md,pdf,csv"]
    )
    assert result.exit_code == 0, result.output
    assert result.output.count(" done") >= 3  # one line per interview as it finished
    assert "Synthesis: /api/syntheses/sy" in result.output
    md = next(out.glob("study_*.md")).read_text()
    assert md.startswith("# Study: Pouch study")
    assert "Compostable material" in md and "Price" in md
    assert next(out.glob("study_*_quotes.csv")).read_text().startswith("# Study: Pouch study")
    assert next(out.glob("study_*.pdf")).read_bytes().startswith(b"%PDF")
    with TestClient(create_app(env)) as client:
        [study] = client.get("/api/studies/page").json()["items"]
        assert study["status"] == "completed" and study["interviewsDone"] == 3
        kinds = {s["kind"] for s in client.get("/api/sessions").json()}
    assert kinds == {"interview"}


def test_a_study_guide_names_its_problems(env, tmp_path):
    guide, _ = load_guide(GUIDE)
    assert guide.kind == "study" and guide.settings.max_probes == 1
    with pytest.raises(GuideInvalid) as err:
        load_guide(GUIDE.replace("maxProbes: 1", "maxProbes: 9"))
    assert "settings.maxProbes" in str(err.value.problems)
    bad = tmp_path / "bad.yaml"
    bad.write_text(GUIDE.replace("[p1, p2, p3]", "[p1, nobody]"))
    result = CliRunner().invoke(app, ["run", str(bad)])
    assert result.exit_code == 2, result.output
    assert "nobody" in result.output
