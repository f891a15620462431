"""`colloquy run` and `colloquy survey run` through typer.testing, on the local database
(the app in-process) with the loopback fake model: progress, exports, exit statuses,
line-numbered problems, stimulus files uploaded, --resume."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from colloquy.app import create_app
from colloquy.cli import app
from colloquy.settings import get_settings
from support.fake_openai import run_fake_openai

pytestmark = pytest.mark.timeout(120)

GUIDE = """kind: focus-group
name: Eco pouch
participants:
  ids: [p3, p1, p2]
moderator:
  style: casual
stimuli:
  - type: text
    title: Claim
    text: Fully compostable in 90 days.
questions:
  - What do you think of the pouch?
  - Would you buy it?
settings:
  responseLength: brief
"""
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000")


@pytest.fixture
def fake():
    with run_fake_openai() as server:
        yield server


@pytest.fixture
def env(settings, fake, monkeypatch):
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
    return settings


def sessions(settings) -> list[dict]:
    with TestClient(create_app(settings)) as client:
        return client.get("/api/sessions").json()


def invoke(*args: str):
    return CliRunner().invoke(app, list(args))


def test_run_a_guide_writes_the_exports(env, tmp_path):
    guide = tmp_path / "pouch.yaml"
    guide.write_text(GUIDE)
    out = tmp_path / "out"
    result = invoke("run", str(guide), "--out", str(out), "--format", "json,md,csv")
    assert result.exit_code == 0, result.output
    assert "Started Eco pouch" in result.output and "Done" in result.output
    assert "Moderator" in result.output and "Q2/2" in result.output
    written = sorted(p.suffix for p in out.iterdir())
    assert written == [".csv", ".json", ".md"]
    data = json.loads(next(out.glob("*.json")).read_text())
    assert len([m for m in data["messages"] if m["personaId"]]) == 2 * 3 * 3
    [session] = sessions(env)
    assert session["status"] == "completed" and session["name"] == "Eco pouch"


def test_an_invalid_guide_names_line_and_field_and_creates_nothing(env, tmp_path):
    guide = tmp_path / "bad.yaml"
    guide.write_text(GUIDE.replace("  style: casual\n", "  style: casual\n  colour: red\n"))
    result = invoke("run", str(guide))
    assert result.exit_code == 2
    assert "line 7: moderator.colour: Unknown key" in result.output
    # The server's checks (personas, tags) get this file's line numbers too.
    guide.write_text(GUIDE.replace("[p3, p1, p2]", "[p3, p1, nobody]\n  tags: [no-tag]"))
    result = invoke("run", str(guide))
    assert result.exit_code == 2
    assert "line 4: participants.ids[2]: No persona with id nobody" in result.output
    assert "line 5: participants.tags[0]: No persona has the tag no-tag" in result.output
    guide.write_text(
        GUIDE.replace("text: Fully compostable in 90 days.", "file: missing.png").replace(
            "type: text", "type: image"
        )
    )
    result = invoke("run", str(guide))
    assert result.exit_code == 2
    assert "line 10: stimuli[0].file: No such file: missing.png" in result.output
    assert sessions(env) == []


def test_stimulus_files_are_uploaded(env, tmp_path):
    (tmp_path / "pack.png").write_bytes(PNG)
    (tmp_path / "notes.png").write_bytes(b"not an image at all")
    guide = tmp_path / "g.yaml"
    image = "  - type: image\n    title: Pack\n    file: pack.png\n"
    guide.write_text(GUIDE.replace("stimuli:\n", "stimuli:\n" + image))
    result = invoke("run", str(guide), "--out", str(tmp_path / "o"), "--format", "json")
    assert result.exit_code == 0, result.output
    [session] = sessions(env)
    with TestClient(create_app(env)) as client:
        view = client.get(f"/api/sessions/{session['id']}").json()
        url = view["stimuli"][0]["content"]
        assert url.startswith("/uploads/") and client.get(url).content == PNG
    guide.write_text(GUIDE.replace("stimuli:\n", "stimuli:\n" + image.replace("pack", "notes")))
    result = invoke("run", str(guide))
    assert result.exit_code == 2
    assert (
        "line 10: stimuli[0].file: notes.png is not a JPG, PNG, WEBP or GIF image" in result.output
    )


def test_stimulus_files_outside_the_guides_folder_are_refused(env, tmp_path):
    folder = tmp_path / "guides"
    folder.mkdir()
    secret = tmp_path / "secret.png"
    secret.write_bytes(PNG)
    (folder / "link.png").symlink_to(secret)
    guide = folder / "g.yaml"
    for name in ("../secret.png", str(secret), "link.png", "/proc/self/pagemap", "~/x.png"):
        image = f"  - type: image\n    title: Pack\n    file: {json.dumps(name)}\n"
        guide.write_text(GUIDE.replace("stimuli:\n", "stimuli:\n" + image))
        result = invoke("run", str(guide))
        assert result.exit_code == 2, (name, result.output)
        said = " ".join(result.output.split())
        assert "is outside the guide's folder" in said, (name, said)
        assert "Traceback" not in result.output
    assert sessions(env) == []


def test_resume_and_failures(env, tmp_path, fake):
    guide = tmp_path / "g.yaml"
    guide.write_text(GUIDE)
    out = tmp_path / "out"
    assert invoke("run", str(guide), "--format", "json", "--out", str(out)).exit_code == 0
    [session] = sessions(env)
    # A completed run resumed: nothing to do but the exports.
    again = invoke("run", "--resume", session["id"], "--out", str(tmp_path / "r"), "--format", "md")
    assert again.exit_code == 0, again.output
    assert [p.suffix for p in (tmp_path / "r").iterdir()] == [".md"]
    unknown = invoke("run", "--resume", "s-nope")
    assert unknown.exit_code == 1 and "Session not found" in unknown.output
    assert invoke("run").exit_code == 2
    absent = invoke("run", str(tmp_path / "absent.yaml"))
    assert absent.exit_code == 2 and "absent.yaml: No such file or directory" in absent.output
    bad_format = invoke("run", str(guide), "--format", "docx")
    assert bad_format.exit_code == 2 and "--format takes json, md, csv, pdf" in bad_format.output
    profile = invoke("run", str(guide), "--model", "fast-and-cheap")
    assert (
        profile.exit_code == 2
        and "model.profile: No model profile is named 'fast-and-cheap'" in profile.output
    )


def test_a_failing_model_exits_non_zero(env, tmp_path, monkeypatch):
    monkeypatch.setenv("COLLOQUY_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("COLLOQUY_LLM_MAX_RETRIES", "0")
    guide = tmp_path / "g.yaml"
    guide.write_text(GUIDE)
    result = invoke("run", str(guide))
    assert result.exit_code == 1, result.output
    assert "Failed:" in result.output and "Resume with: --resume s" in result.output


SURVEY = """kind: survey
name: Kettles
concepts:
  - type: text
    title: Solar kettle
    text: A kettle powered by the sun.
questions:
  - text: How likely would you be to buy it?
    scale: purchase_intent
respondents:
  ids: [p1, p2]
samples: 1
"""


def test_survey_run(env, tmp_path):
    guide = tmp_path / "s.yaml"
    guide.write_text(SURVEY)
    out = tmp_path / "out"
    result = invoke("survey", "run", str(guide), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert sorted(p.suffix for p in out.iterdir()) == [".csv", ".json"]
    wrong = invoke("run", str(guide))
    assert wrong.exit_code == 2 and "is a survey guide: use colloquy survey run" in wrong.output
    pdf = invoke("survey", "run", str(guide), "--format", "pdf")
    assert pdf.exit_code == 2
