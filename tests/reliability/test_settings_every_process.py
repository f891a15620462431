"""A saved model change reaches every process of a deployment within 2 s.

Two real `colloquy serve` processes on one PostgreSQL: the Settings screen's model is saved
through A; B names the new model within 2 s (its change notification came over the event
relay, or its poll read the settings version) and B's new sessions run on it, while a
session B started before the change finishes on the model it started with. A new model
profile saved through A is used by B's runs too."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from colloquy.settings import Settings
from conftest import _admin
from support.fake_openai import FakeReply, default_responder, run_fake_openai
from support.live_server import server_env, start, stop
from support.sessions_helpers import session_body

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]
REACH_SECONDS = 2.0


@pytest.fixture
def pg_settings(tmp_path, postgres_database) -> Settings:
    asyncio.run(_admin(postgres_database, "DROP SCHEMA public CASCADE", "CREATE SCHEMA public"))
    return Settings(
        data_dir=tmp_path / "data", database_url=postgres_database, frontend_dist=tmp_path / "x"
    )


def _model_of(url: str) -> str:
    return httpx.get(f"{url}/api/health", timeout=10).json()["llm"]["model"]


def _wait_completed(url: str, sid: str, timeout: float = 90) -> dict:
    deadline = time.monotonic() + timeout
    while (view := httpx.get(f"{url}/api/sessions/{sid}", timeout=10).json())["status"] != (
        "completed"
    ):
        assert time.monotonic() < deadline, view["status"]
        time.sleep(0.1)
    return view


def test_a_saved_change_reaches_the_other_process_within_2_s(pg_settings, tmp_path):
    slow = lambda body: FakeReply(default_responder(body), delay=0.15)
    with (
        run_fake_openai(slow, model="first-model") as first,
        run_fake_openai(model="second-model") as second,
        run_fake_openai(model="third-model") as third,
    ):
        env = server_env(pg_settings, first.base_url)
        env["COLLOQUY_LLM_MODEL"] = "first-model"
        procs = []
        try:
            procs.append(start(env, tmp_path / "a.log"))
            procs.append(start(env, tmp_path / "b.log"))
            (_, a), (_, b) = procs
            assert _model_of(b) == "first-model"
            # A session on B, running on the first model before the change.
            before = httpx.post(f"{b}/api/sessions", json=session_body(), timeout=20).json()
            assert httpx.post(f"{b}/api/sessions/{before['id']}/run", timeout=20).is_success

            saved = httpx.put(
                f"{a}/api/settings/model",
                json={"provider": "openai", "baseUrl": second.base_url, "model": "second-model"},
                timeout=60,
            )
            assert saved.status_code == 200, saved.text
            at = time.monotonic()
            while _model_of(b) != "second-model":
                assert time.monotonic() - at < REACH_SECONDS, "B still on the old model"
                time.sleep(0.02)
            print(f"B saw the change after {time.monotonic() - at:.3f} s")

            # B's new runs use it; the run B had started finishes on the first model.
            second.reset()
            after = httpx.post(f"{b}/api/sessions", json=session_body(), timeout=20).json()
            assert httpx.post(f"{b}/api/sessions/{after['id']}/run", timeout=20).is_success
            done_after = _wait_completed(b, after["id"])
            done_before = _wait_completed(b, before["id"])
            models_after = {m["model"] for m in done_after["messages"] if m["kind"] == "response"}
            models_before = {m["model"] for m in done_before["messages"] if m["kind"] == "response"}
            assert models_after == {"second-model"}
            assert models_before == {"first-model"}

            # A profile saved through A answers B's participants that name it.
            made = httpx.post(
                f"{a}/api/model-profiles",
                json={
                    "name": "Third",
                    "provider": "openai",
                    "baseUrl": third.base_url,
                    "model": "third-model",
                },
                timeout=60,
            )
            assert made.status_code == 201, made.text
            body = session_body(settings={"participantProfiles": {"p1": made.json()["id"]}})
            mixed = httpx.post(f"{b}/api/sessions", json=body, timeout=20).json()
            assert httpx.post(f"{b}/api/sessions/{mixed['id']}/run", timeout=20).is_success
            view = _wait_completed(b, mixed["id"])
            by_persona = {
                (m["personaId"], m["model"]) for m in view["messages"] if m["kind"] == "response"
            }
            assert by_persona == {
                ("p1", "third-model"),
                ("p2", "second-model"),
                ("p3", "second-model"),
            }
        finally:
            for proc, _ in procs:
                stop(proc)
