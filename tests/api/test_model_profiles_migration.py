"""Migration 0022 (docs/models.md): the model saved from the Settings screen becomes the default
model profile, its key still encrypted and still readable; downgrading puts it back."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from colloquy.app import create_app
from colloquy.services.model_settings.secret_box import SecretBox
from colloquy.store.migrate import upgrade
from support.fake_openai import run_fake_openai


def test_saved_model_becomes_the_default_profile(settings, tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"
    settings.database_url = url
    upgrade(url, "0017_human_sessions")
    box = SecretBox.open(settings.data_dir, settings.secret_key)
    with run_fake_openai(model="old-model") as fake:
        data = {
            "provider": "openai",
            "baseUrl": fake.base_url,
            "model": "org/old-model",
            "apiKey": box.encrypt("sk-kept-42"),
        }
        sync = create_engine(url.replace("+aiosqlite", ""))
        with sync.begin() as conn:
            conn.execute(
                text("INSERT INTO app_settings (key, data, updated_at) VALUES ('model', :d, :t)"),
                {"d": json.dumps(data), "t": "2026-11-01 00:00:00"},
            )
        with TestClient(create_app(settings)) as client:  # start-up migrates to head
            (profile,) = client.get("/api/model-profiles").json()["profiles"]
            assert profile["name"] == "old-model"
            assert profile["isDefault"] and profile["apiKeySet"]
            assert profile["baseUrl"] == fake.base_url
            shown = client.get("/api/settings/model").json()
            assert (shown["source"], shown["model"]) == ("saved", "org/old-model")
            assert client.post("/api/settings/model/test").json()["ok"] is True
            assert fake.headers[-1]["authorization"] == "Bearer sk-kept-42"
        with sync.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM app_settings")).scalar() == 0
            assert conn.execute(text("SELECT version FROM settings_version")).scalar() == 1
    # Downgrading gives the Settings screen its saved model back.
    from alembic import command

    from colloquy.store.migrate import alembic_config

    command.downgrade(alembic_config(url), "0017_human_sessions")
    with sync.connect() as conn:
        restored = json.loads(conn.execute(text("SELECT data FROM app_settings")).scalar_one())
    assert restored["model"] == "org/old-model"
    assert box.decrypt(restored["apiKey"]) == "sk-kept-42"
