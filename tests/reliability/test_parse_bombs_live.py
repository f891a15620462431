"""A guide whose YAML aliases expand to billions of values, and a DOCX that unpacks to
tens of megabytes of empty paragraphs, sent to a real server: each is refused with a 4xx
within 5 s, and /api/health answers within 1 s all the while (the parsing runs in a
bounded child process, never on the event loop). See docs/reliability.md#bounded-parsing."""

from __future__ import annotations

import io
import threading
import time
import zipfile
from typing import Self

import docx
import httpx
import pytest

from support.live_server import server_env, start, stop

pytestmark = [pytest.mark.slow, pytest.mark.timeout(120)]


def alias_chain(levels: int = 7) -> str:
    """Each anchor repeats the one before ten times: 10**levels values in ~500 bytes."""
    lines = ["kind: focus-group", "name: Bomb", 'a0: &a0 ["lol"]']
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]")
    lines.append(f"stimuli: *a{levels}")
    return "\n".join(lines) + "\n"


def docx_bomb(unpacked_mb: int = 36) -> bytes:
    """A real DOCX whose word/document.xml is `unpacked_mb` MB of empty paragraphs."""
    buf = io.BytesIO()
    docx.Document().save(buf)
    body = b"<w:p/>" * (unpacked_mb * 1024 * 1024 // 6)
    out = io.BytesIO()
    with zipfile.ZipFile(buf) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            data = src.read(item)
            if item.filename == "word/document.xml":
                start_at = data.index(b"<w:body>") + len(b"<w:body>")
                data = data[:start_at] + body + data[start_at:]
            dst.writestr(item, data, compresslevel=9)
    return out.getvalue()


class HealthWatch:
    """Asks /api/health every 0.1 s in a thread and keeps each answer's time."""

    def __init__(self, url: str) -> None:
        self.url, self.times, self.failures = url, [], []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        with httpx.Client(base_url=self.url, timeout=5) as client:
            while not self._stop.is_set():
                began = time.monotonic()
                try:
                    ok = client.get("/api/health").status_code == 200
                except httpx.HTTPError as exc:
                    self.failures.append(repr(exc))
                    ok = True
                self.times.append(time.monotonic() - began)
                if not ok:
                    self.failures.append("not 200")
                self._stop.wait(0.1)

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(10)


@pytest.fixture
def server(settings, tmp_path):
    log = tmp_path / "server.log"
    proc, url = start(server_env(settings, "http://127.0.0.1:9/v1"), log)
    try:
        # Started: its fork server of bounded work is up too (started in the background at
        # start-up, its parsers imported; seconds on a busy machine). Not timed.
        res = httpx.post(f"{url}/api/guides/read", json={"text": "kind: survey\n"}, timeout=120)
        assert res.status_code == 422, res.text
        yield url
    finally:
        stop(proc)


def _timed(watch_url: str, send) -> tuple[httpx.Response, float, HealthWatch]:
    with HealthWatch(watch_url) as watch:
        time.sleep(0.3)  # a few answers before
        began = time.monotonic()
        res = send()
        took = time.monotonic() - began
        time.sleep(0.3)
    return res, took, watch


def test_a_yaml_alias_chain_is_refused_fast_and_health_answers(server):
    text = alias_chain()
    assert len(text.encode()) < 600
    with httpx.Client(base_url=server, timeout=60) as client:
        res, took, watch = _timed(
            server, lambda: client.post("/api/guides/read", json={"text": text})
        )
    assert res.status_code == 422, res.text
    assert "aliases" in res.json()["errors"][0]
    assert took < 5, took
    assert not watch.failures and len(watch.times) >= 5
    assert max(watch.times) < 1, max(watch.times)


def test_health_answers_while_a_large_guide_is_parsed(server):
    """A guide of 800 KB within every bound (text up to 1,000,000 characters) is a second
    or more of PyYAML: in a child process. (300 KB parsed in under 0.5 s on a quiet machine,
    too short for the health watch to prove anything.)"""
    lines = "".join(f"  - Question number {i} about the pouch?\n" for i in range(20000))
    text = "kind: focus-group\nname: Big\nquestions:\n" + lines
    with httpx.Client(base_url=server, timeout=60) as client:
        res, took, watch = _timed(
            server, lambda: client.post("/api/guides/read", json={"text": text})
        )
    assert res.status_code == 422, res.text
    assert any("at most 50 items" in e for e in res.json()["errors"]), res.json()
    assert took > 0.5  # long enough for health to be asked while it ran
    assert not watch.failures and len(watch.times) >= 5
    assert max(watch.times) < 1, max(watch.times)


def test_a_docx_bomb_is_refused_fast_and_health_answers(server):
    bomb = docx_bomb()
    assert len(bomb) < 100_000
    files = {"file": ("group.docx", bomb, "application/octet-stream")}
    with httpx.Client(base_url=server, timeout=60) as client:
        res, took, watch = _timed(
            server, lambda: client.post("/api/sessions/import?dryRun=true", files=files)
        )
        # The same reader serves persona documents.
        extract = client.post(
            "/api/documents/extract",
            files={"file": ("brief.docx", bomb, "application/octet-stream")},
        )
    assert res.status_code == 422, res.text
    assert "unpacks to far more" in res.json()["error"]
    assert extract.status_code == 422 and "unpacks to far more" in extract.json()["error"]
    assert took < 5, took
    assert not watch.failures and len(watch.times) >= 5
    assert max(watch.times) < 1, max(watch.times)
