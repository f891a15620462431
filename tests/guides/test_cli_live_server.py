"""`colloquy run --server URL --token T` as a subprocess against a live `colloquy serve`
with the loopback fake model: the token is required, Ctrl-C (SIGINT) stops the run
cleanly with exit 130, and --resume finishes it with every planned answer once."""

from __future__ import annotations

import signal
import subprocess
import sys

import httpx
import pytest
from sqlalchemy.exc import DBAPIError

from support.fake_openai import run_fake_openai
from support.live_server import ROOT, assert_complete_plan, server_env, start, stop, stored_messages
from support.waiting import wait_for

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]
TOKEN = "a-long-random-test-token-0123456789"
GUIDE = """kind: focus-group
name: Live pouch
participants:
  ids: [p1, p2, p3]
questions:
  - What do you think of the pouch?
  - Would you buy it?
settings:
  responseLength: brief
"""


def cli(*args: str) -> subprocess.Popen:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT / "src")}
    return subprocess.Popen(
        [sys.executable, "-m", "colloquy.cli", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_run_interrupt_and_resume_against_a_server(settings, tmp_path):
    guide = tmp_path / "g.yaml"
    guide.write_text(GUIDE)
    out = tmp_path / "out"
    with run_fake_openai(latency=0.25) as fake:
        env = server_env(settings, fake.base_url, COLLOQUY_ACCESS_TOKEN=TOKEN)
        proc, url = start(env, tmp_path / "server.log")
        try:
            api = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {TOKEN}"})
            refused = cli("run", str(guide), "--server", url)
            _, err = refused.communicate(timeout=60)
            assert refused.returncode == 1 and "Sign-in required" in err

            run = cli("run", str(guide), "--server", url, "--token", TOKEN, "--out", str(out))

            def sessions() -> list:
                assert run.poll() is None, "the CLI ended before it was interrupted"
                return api.get("/api/sessions").json()

            listed = wait_for(
                sessions,
                until=lambda listed: listed and listed[0]["messageCount"] >= 2,
                timeout=60,
                interval=0.1,
            )
            run.send_signal(signal.SIGINT)
            output, err = run.communicate(timeout=60)
            assert run.returncode == 130, (output, err)
            sid = listed[0]["id"]
            assert f"Stopped. Resume with: --resume {sid}" in err
            view = api.get(f"/api/sessions/{sid}").json()
            assert view["running"] is False and view["status"] == "in-progress"
            done = len(view["messages"])
            assert 0 < done < 2 * 3 * 4

            resumed = cli(
                "run",
                "--resume",
                sid,
                "--server",
                url,
                "--token",
                TOKEN,
                "--out",
                str(out),
                "--format",
                "json,md,pdf,csv",
            )
            output, err = resumed.communicate(timeout=120)
            assert resumed.returncode == 0, (output, err)
            assert "Done" in output and f"Resuming Live pouch ({sid})" in output
            assert sorted(p.suffix for p in out.iterdir()) == [".csv", ".json", ".md", ".pdf"]
            assert api.get(f"/api/sessions/{sid}").json()["status"] == "completed"
        finally:
            stop(proc)
    assert_complete_plan(stored_messages(settings.resolved_database_url)[sid], 2, 3)


def test_local_run_interrupt_and_resume(settings, tmp_path):
    """On the local database (no server): SIGINT stops the in-process run and exits 130;
    --resume in a new process finishes it."""
    guide = tmp_path / "g.yaml"
    guide.write_text(GUIDE)
    with run_fake_openai(latency=0.25) as fake:
        env = server_env(settings, fake.base_url, PYTHONPATH=str(ROOT / "src"))
        run = subprocess.Popen(
            [sys.executable, "-m", "colloquy.cli", "run", str(guide), "--out", str(tmp_path)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

        def messages_so_far() -> dict:
            assert run.poll() is None, run.stderr
            try:
                return stored_messages(settings.resolved_database_url)
            except DBAPIError:  # the process has not made its tables yet
                return {}

        stored = wait_for(
            messages_so_far,
            until=lambda found: found and len(next(iter(found.values()))) >= 3,
            timeout=60,
            interval=0.2,
        )
        run.send_signal(signal.SIGINT)
        output, err = run.communicate(timeout=60)
        assert run.returncode == 130, (output, err)
        [sid] = stored
        assert f"Stopped. Resume with: --resume {sid}" in err
        resumed = subprocess.run(
            [
                sys.executable,
                "-m",
                "colloquy.cli",
                "run",
                "--resume",
                sid,
                "--out",
                str(tmp_path),
                "--format",
                "json",
            ],
            cwd=ROOT,
            env=env,
            check=False,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert resumed.returncode == 0, (resumed.stdout, resumed.stderr)
    assert_complete_plan(stored_messages(settings.resolved_database_url)[sid], 2, 3)
    assert len(list(tmp_path.glob("*.json"))) == 1
