"""The load-test model server: tests/support/fake_openai.py in its own process.

Why a subprocess: the fake streams thousands of chunks per second under load; in the
benchmark's process it would share a GIL with the SSE subscribers whose arrival times we
measure. Extra routes (loopback only): GET /bench/requests (what each request cost) and
POST /bench/config (latency, tokens per second, answer length; clears the record).

    python -m bench.model_server --port 8123 --latency 0.3 --tps 0 --words 0
"""

from __future__ import annotations

import argparse
import gc
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
FILLER_TEXT = (
    "I keep coming back to the price and whether the claim holds up in a normal "
    "kitchen bin rather than an industrial plant, and honestly the look of it "
    "matters less to me than knowing what happens after I throw it away."
)
FILLER = FILLER_TEXT.split()


def build_app(latency: float, tps: float | None, words: int):
    """The fake's Starlette app plus the /bench routes; state lives on the FakeOpenAI."""
    sys.path.insert(0, str(ROOT / "tests"))
    from starlette.requests import Request
    from starlette.responses import JSONResponse

    from support import fake_content
    from support.fake_openai import FakeOpenAI, default_responder

    def responder(body: dict):
        reply = default_responder(body)
        if not fake.answer_words or not isinstance(reply, str):
            return reply
        # Longer answers (bounded by max_tokens) make the token budget matter.
        limit = min(fake.answer_words, body.get("max_tokens") or fake.answer_words)
        extra = max(0, limit - len(reply.split()))
        return reply + " " + " ".join(FILLER[i % len(FILLER)] for i in range(extra))

    fake = FakeOpenAI(responder, latency=latency, tokens_per_second=tps)
    fake.answer_words = words
    fake.record = []

    async def chat(request: Request):
        body = await request.json()
        prompt = fake_content.prompt_text(body.get("messages", []))
        fake.record.append(
            {
                "at": time.time(),
                "promptWords": len(prompt.split()),
                "maxTokens": body.get("max_tokens"),
            }
        )
        fake.requests.clear()  # the fake keeps whole bodies: too much memory at scale
        return await original(request)

    async def requests_view(_request: Request):
        return JSONResponse(fake.record)

    async def config(request: Request):
        data = await request.json()
        fake.latency = float(data.get("latency", fake.latency))
        fake.tokens_per_second = data.get("tps", fake.tokens_per_second) or None
        fake.answer_words = int(data.get("words", fake.answer_words))
        fake.record.clear()
        return JSONResponse({"ok": True})

    original = fake._chat
    fake._chat = chat  # the route below is bound at construction: replace it instead
    fake.app.router.routes.clear()
    fake.app.add_route("/v1/chat/completions", chat, methods=["POST"])
    fake.app.add_route("/v1/models", fake._models, methods=["GET"])
    fake.app.add_route("/bench/requests", requests_view, methods=["GET"])
    fake.app.add_route("/bench/config", config, methods=["POST"])
    return fake.app


class ModelServer:
    """Start/stop the model server subprocess and drive it over HTTP."""

    def __init__(self, port: int, latency: float = 0.3, tps: float = 0, words: int = 0):
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.base_url = f"{self.url}/v1"
        args = [
            sys.executable,
            "-m",
            "bench.model_server",
            "--port",
            str(port),
            "--latency",
            str(latency),
            "--tps",
            str(tps),
            "--words",
            str(words),
        ]
        self.proc = subprocess.Popen(
            args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        wait_http(f"{self.url}/v1/models", self.proc)

    def configure(self, latency: float, tps: float = 0, words: int = 0) -> None:
        httpx.post(
            f"{self.url}/bench/config",
            timeout=10,
            json={"latency": latency, "tps": tps, "words": words},
        ).raise_for_status()

    def requests(self) -> list[dict]:
        return httpx.get(f"{self.url}/bench/requests", timeout=30).json()

    def close(self) -> None:
        stop_process(self.proc)


def wait_http(url: str, proc: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(
                f"{url}: process exited: {proc.stderr.read()[-2000:]!r}"
                if proc.stderr
                else f"{url}: process exited"
            )
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    stop_process(proc)
    raise RuntimeError(f"{url} did not come up in {timeout:.0f}s")


def stop_process(proc: subprocess.Popen, timeout: float = 15) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--latency", type=float, default=0.3, help="seconds per call")
    parser.add_argument("--tps", type=float, default=0, help="stream tokens/s (0: no pacing)")
    parser.add_argument("--words", type=int, default=0, help="answer length (0: fake's)")
    opts = parser.parse_args()
    import uvicorn

    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    app = build_app(opts.latency, opts.tps or None, opts.words)
    # As `colloquy serve` does (app.py): the fake must not pause its streams for full
    # garbage collections of its start-up heap while the server under test is measured.
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000)
    uvicorn.run(app, host="127.0.0.1", port=opts.port, log_level="warning", access_log=False)


if __name__ == "__main__":
    main()
