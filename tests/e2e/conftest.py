"""Browser end-to-end fixtures: a real `colloquy serve` process on a free loopback port (forked
from one that has imported the app: support/forked_server.py), with a fresh data dir and a
loopback fake OpenAI-compatible model, driven by Playwright in Debian's Chromium
(Playwright's own browser download does not work here)."""

import os
import shutil
import socket
import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import sync_playwright

from support import forked_server
from support.fake_openai import run_fake_openai

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    def __init__(self, data_dir: Path, llm_base_url: str, extra_env: dict | None = None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.data_dir = data_dir
        self.env = {
            **os.environ,
            "COLLOQUY_DATA_DIR": str(data_dir),
            "COLLOQUY_LLM_PROVIDER": "openai",
            "COLLOQUY_LLM_BASE_URL": llm_base_url,
            "COLLOQUY_LLM_API_KEY": "test",
            "COLLOQUY_LLM_MODEL": "fake-model",
            "COLLOQUY_LLM_RETRY_BASE_DELAY": "0.01",
            **(extra_env or {}),
        }
        self.env.pop("COLLOQUY_DATABASE_URL", None)
        self.proc: forked_server.ForkedProcess | None = None

    def start(self) -> "LiveServer":
        log = self.data_dir.parent / f"server-{self.port}.log"
        args = ["serve", "--port", str(self.port), "--log-level", "warning"]
        self.proc = forked_server.start(self.env, args, log, ROOT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}; see {log}")
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("server did not start within 60 s")

    def stop(self, kill: bool = False) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill() if kill else self.proc.terminate()
            self.proc.wait(timeout=20)


@pytest.fixture(scope="session", autouse=True)
def built_frontend():
    index = ROOT / "frontend" / "dist" / "index.html"
    assert index.is_file(), "frontend/dist is missing: run `make setup` (make test does it)"


@pytest.fixture(scope="session")
def fake_llm():
    with run_fake_openai() as server:
        yield server


@pytest.fixture
def live_server(tmp_path, fake_llm, sqlite_template):
    """A fresh server (fresh data dir, seeded personas) for each test. Its database starts
    as a copy of the migrated template: the server seeds it as on a first start, without
    migrating from nothing each time (the servers the tests start themselves still do)."""
    data = tmp_path / "data"
    data.mkdir()
    shutil.copyfile(sqlite_template, data / "colloquy.db")
    server = LiveServer(data, fake_llm.base_url).start()
    yield server.url
    server.stop()


# Module scope: the sync Playwright API keeps an event loop running in this thread while it
# lives, and asyncio tests collected after the browser tests need that loop gone.
@pytest.fixture(scope="module")
def browser():
    assert Path(CHROMIUM).exists(), "Debian's chromium is missing: `make chromium` installs it"
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1366, "height": 900}, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()
