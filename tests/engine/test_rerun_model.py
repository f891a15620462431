"""The runner runs a session that names its own model on that model, not the global one,
records it on the session, and closes the provider it built for that run."""

from __future__ import annotations

import pytest

from colloquy.engine.manager import RunnerRegistry
from colloquy.llm.config import ModelConfig
from colloquy.llm.factory import build_provider
from colloquy.store.tables import SessionRow
from support.fake_openai import run_fake_openai


@pytest.fixture
def other_llm():
    with run_fake_openai(model="other-model") as fake:
        yield fake


async def test_a_session_with_its_own_model_runs_on_it(env, other_llm):
    built: list[object] = []
    closed: list[object] = []

    def session_provider(data: dict):
        config = ModelConfig(
            provider=data["provider"], base_url=data["baseUrl"], model=data["model"]
        )
        provider = build_provider(env.settings, config)
        close = provider.aclose

        async def aclose() -> None:
            closed.append(provider)
            await close()

        provider.aclose = aclose
        built.append(provider)
        return provider

    runners = RunnerRegistry(
        env.factory, lambda: env.provider, env.bus, env.settings.uploads_dir, session_provider
    )
    try:
        plain = await env.create(participants=3, questions=2)
        await env.run(plain, runners)
        await env.wait_idle(plain, runners)
        global_requests = len(env.fake.requests)
        assert global_requests > 0 and not other_llm.requests

        pinned = await env.create(participants=3, questions=2)
        async with env.factory() as db:
            row = await db.get(SessionRow, pinned)
            row.model_override = {
                "provider": "openai",
                "baseUrl": other_llm.base_url,
                "model": "other-model",
                "apiKey": None,
            }
            await db.commit()
        await env.run(pinned, runners)
        view = await env.wait_idle(pinned, runners)
        assert view["status"] == "completed"
        answers = [m for m in view["messages"] if m["kind"] == "response"]
        assert len(answers) == 3 * 2 * 3  # 3 participants x 2 questions x 3 rounds
        assert len(other_llm.requests) == len(answers)
        assert {r["model"] for r in other_llm.requests} == {"other-model"}
        assert len(env.fake.requests) == global_requests  # the global model was not used

        assert view["model"] == {"provider": "openai", "name": "other-model"}
        assert (await env.view(plain))["model"] == {"provider": "openai", "name": "test-model"}
        assert len(built) == 1 and closed == built  # the run's own provider was closed
    finally:
        await runners.shutdown()


async def test_a_session_resumed_on_another_model_names_both(env, other_llm):
    sid = await env.create(participants=3, questions=2)
    async with env.factory() as db:
        row = await db.get(SessionRow, sid)
        row.model_provider, row.model_name = "local", "SmolLM2-135M-Instruct"
        await db.commit()
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["model"] == {
        "provider": "local, then openai",
        "name": "SmolLM2-135M-Instruct, then test-model",
    }
