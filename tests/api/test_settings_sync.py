"""Saved model settings in every process, on one database file: two apps (two runtimes, as
two processes would be) share a SQLite database; a model saved through one is used by the other
within 2 s, found by its poll of the settings version (no event relay on SQLite)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from colloquy.app import create_app
from colloquy.services.model_settings import settings_sync
from colloquy.settings import Settings
from support.fake_openai import run_fake_openai
from support.waiting import wait_for


@pytest.fixture
def fake():
    with run_fake_openai(model="shared-model") as server:
        yield server


def test_a_save_on_one_app_reaches_the_other(tmp_path, fake):
    # SQLite only: the PostgreSQL path runs with real processes (reliability tests).
    settings = Settings(
        data_dir=tmp_path / "data",
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'shared.db'}",
        llm_provider="openai",
        llm_base_url="http://127.0.0.1:9/v1",
        llm_api_key="test",
        llm_model="test-model",
        frontend_dist=tmp_path / "no-dist",
        public_hosts=["testserver"],
    )
    seen: list[int] = []

    async def extra(runtime) -> None:  # another saved setting joining the reload
        seen.append(runtime.settings_version)

    settings_sync.on_reload(extra)
    try:
        with TestClient(create_app(settings)) as one, TestClient(create_app(settings)) as two:
            assert two.get("/api/health").json()["llm"]["model"] == "test-model"
            saved = one.put(
                "/api/settings/model",
                json={"provider": "openai", "baseUrl": fake.base_url, "model": "shared-model"},
            )
            assert saved.status_code == 200, saved.text
            wait_for(
                lambda: two.get("/api/health").json()["llm"]["model"] == "shared-model",
                timeout=2.0,
                interval=0.02,
            )
            # Both reloaded the same version (the saver at once, the other on its poll; the
            # other's model can show before its remaining reload hooks have run).
            wait_for(lambda: len(seen) >= 2, timeout=2.0, interval=0.02)
            assert len(set(seen[-2:])) == 1, seen
            # A reset reaches the other as well.
            assert one.delete("/api/settings/model").status_code == 200
            wait_for(
                lambda: two.get("/api/settings/model").json()["source"] == "env",
                timeout=2.0,
                interval=0.02,
            )
    finally:
        settings_sync._reloaders.remove(extra)
