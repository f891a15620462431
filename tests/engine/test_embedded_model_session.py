"""A real session on the embedded model: no LLM settings at all, SmolLM2 through llama.cpp.

This is the offline out-of-the-box path (`make run` with nothing configured), so it runs
for real rather than against the fake server. Small on purpose: 3 personas, 2 questions,
brief answers (at most 50 tokens each)."""

import pytest
from fastapi.testclient import TestClient

from colloquy.app import create_app
from colloquy.settings import Settings
from support.sessions_helpers import session_body, wait_idle

# With the llama.cpp server's tests on one worker: never two real models at once (two
# models on 2 cores pushed calls past their deadline).
pytestmark = [pytest.mark.slow, pytest.mark.timeout(600), pytest.mark.xdist_group("llama")]


def test_embedded_model_runs_a_whole_session(tmp_path):
    settings = Settings(
        data_dir=tmp_path / "data", frontend_dist=tmp_path / "no-dist", public_hosts=["testserver"]
    )
    assert settings.llm_provider == "local" and settings.local_model_path is None
    with TestClient(create_app(settings)) as client:
        health = client.get("/api/health").json()
        assert health["llm"] == {"provider": "local", "model": "SmolLM2-135M-Instruct"}
        body = session_body(
            stimuli=[],
            questions=["What do you think of reusable coffee cups?", "Would you pay more for one?"],
        )
        session = client.post("/api/sessions", json=body).json()
        client.post(f"/api/sessions/{session['id']}/run")
        view = wait_idle(client, session["id"], timeout=540)
        assert view["error"] is None, view["error"]
        assert view["status"] == "completed"
        answers = [m for m in view["messages"] if m["kind"] == "response"]
        assert len(answers) == 2 * 3 * 3
        assert all(a["content"].strip() for a in answers)
        assert all(a["sentiment"] in {"positive", "neutral", "negative"} for a in answers)
        assert view["tokensUsed"] > 0
