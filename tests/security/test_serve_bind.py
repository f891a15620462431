"""`colloquy serve` off loopback: refused without COLLOQUY_ACCESS_TOKEN, guarded with it."""

import subprocess
import sys

import httpx
import pytest

from colloquy.api.request_policy import is_loopback
from support.live_server import ROOT, free_port, server_env, start, stop

pytestmark = [pytest.mark.slow, pytest.mark.timeout(90)]


@pytest.mark.parametrize(
    "host,loopback",
    [
        ("127.0.0.1", True),
        ("127.0.0.2", True),
        ("::1", True),
        ("[::1]", True),
        ("localhost", True),
        ("LOCALHOST", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.10", False),
        ("example.com", False),
        ("", False),
    ],
)
def test_loopback_addresses(host, loopback):
    assert is_loopback(host) is loopback


def test_non_loopback_without_token_refuses_to_start(settings):
    env = server_env(settings, "http://127.0.0.1:9/v1")
    res = subprocess.run(
        [
            sys.executable,
            "-m",
            "colloquy.cli",
            "serve",
            "--host",
            "0.0.0.0",
            "--port",
            str(free_port()),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert res.returncode == 2
    out = " ".join((res.stdout + res.stderr).split())
    assert "Refusing to serve on 0.0.0.0" in out and "COLLOQUY_ACCESS_TOKEN" in out


def test_non_loopback_with_token_starts_and_guards_the_api(settings, tmp_path):
    token = "off-loopback-token-0123456789abcdef"
    env = server_env(
        settings,
        "http://127.0.0.1:9/v1",
        COLLOQUY_ACCESS_TOKEN=token,
        COLLOQUY_LLM_API_KEY="sk-live-DO-NOT-LEAK-42",
    )
    proc, url = start(env, tmp_path / "server.log", host="0.0.0.0")
    try:
        health = httpx.get(f"{url}/api/health")
        assert health.status_code == 200 and "DO-NOT-LEAK" not in health.text
        assert httpx.get(f"{url}/api/personas").status_code == 401
        ok = httpx.get(f"{url}/api/personas", headers={"Authorization": f"Bearer {token}"})
        assert ok.status_code == 200 and len(ok.json()) > 0
        with httpx.Client(base_url=url) as browser:
            assert browser.post("/api/auth/sign-in", json={"token": token}).status_code == 200
            assert browser.get("/api/sessions").status_code == 200
    finally:
        stop(proc)
    log = (tmp_path / "server.log").read_text()
    assert token not in log and "DO-NOT-LEAK" not in log
