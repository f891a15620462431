"""`colloquy users create`: the password from stdin (not a terminal), clear refusals, and
`serve` off loopback accepted once an account exists."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from colloquy.cli import _accounts_exist, app
from colloquy.settings import get_settings


@pytest.fixture
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("COLLOQUY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("COLLOQUY_DATABASE_URL", raising=False)
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


def test_create_the_first_admin_from_stdin(env):
    assert _accounts_exist() is False
    runner = CliRunner()
    made = runner.invoke(
        app, ["users", "create", "--admin", "Ana@Example.com"], input="a long password 1\n"
    )
    assert made.exit_code == 0, made.output
    assert "created admin ana@example.com" in made.output
    assert _accounts_exist() is True
    again = runner.invoke(app, ["users", "create", "ana@example.com"], input="another password\n")
    assert again.exit_code == 2 and "already exists" in again.output
    short = runner.invoke(app, ["users", "create", "bob@example.com"], input="short\n")
    assert short.exit_code == 2 and "at least 12 characters" in short.output


def test_serve_off_loopback_without_token_or_account_is_refused(env):
    res = CliRunner().invoke(app, ["serve", "--host", "0.0.0.0", "--port", "1"])
    assert res.exit_code == 2 and "colloquy users create --admin" in " ".join(res.output.split())
