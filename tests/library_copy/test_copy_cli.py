"""`colloquy copy` on the command line: the table and verdict it prints, its exit codes."""

import asyncio

from sqlalchemy import text
from typer.testing import CliRunner

from colloquy.cli import app
from colloquy.store.db import make_engine


def corrupt(url: str) -> None:
    async def run() -> None:
        engine = make_engine(url)
        async with engine.begin() as conn:
            await conn.execute(text("UPDATE messages SET content = 'changed' WHERE id = 'm-2'"))
        await engine.dispose()

    asyncio.run(run())


def test_copy_prints_equal_tables_then_a_changed_row(source_url, tmp_path, secret, monkeypatch):
    monkeypatch.setenv("COLLOQUY_SECRET_KEY", secret)
    monkeypatch.setenv("COLLOQUY_DATA_DIR", str(tmp_path / "data"))
    target = f"sqlite+aiosqlite:///{tmp_path / 'team.db'}"
    runner = CliRunner()

    done = runner.invoke(app, ["copy", "--from", source_url, "--to", target, "--batch-size", "2"])

    assert done.exit_code == 0, done.output
    assert "Copied and checked: all 23 rows are in the target with equal content" in done.output
    assert "not copied" not in done.output  # the same key: every secret travelled
    assert "Not copied: session_leases" in done.output

    corrupt(target)
    again = runner.invoke(app, ["copy", "--from", source_url, "--to", target])

    assert again.exit_code == 1
    assert "Conflict in messages: m-2: the target holds other content" in again.output
    assert "Not equal: messages differ between source and target" in again.output


def test_copy_without_the_key_says_what_it_left(source_url, tmp_path, monkeypatch):
    monkeypatch.delenv("COLLOQUY_SECRET_KEY", raising=False)
    monkeypatch.setenv("COLLOQUY_DATA_DIR", str(tmp_path / "data"))
    target = f"sqlite+aiosqlite:///{tmp_path / 'team.db'}"

    done = CliRunner().invoke(app, ["copy", "--from", source_url, "--to", target])

    assert done.exit_code == 0, done.output
    assert "3 API key(s) or secret(s) not copied" in done.output
    assert not (tmp_path / "data" / "secret.key").exists()  # no key made up on the way


def test_copy_refuses_the_same_database(source_url):
    done = CliRunner().invoke(app, ["copy", "--from", source_url, "--to", source_url])
    assert done.exit_code == 2
    assert "--from and --to name the same database" in done.output
