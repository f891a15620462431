"""The Colloquy server under test, as a subprocess: `colloquy serve` on a free loopback
port with a throwaway data directory, its model the load-test server (or the embedded
model). A subprocess so that its CPU time and peak memory can be read from /proc."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.model_server import ROOT, stop_process, wait_http

CLK_TCK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid: int, thread: int | None = None) -> float:
    """User + system CPU time of a process (all its threads), or of one of its threads."""
    path = f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat"
    fields = Path(path).read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK  # utime, stime


class ColloquyServer:
    def __init__(
        self,
        *,
        provider: str = "openai",
        llm_url: str | None = None,
        database_url: str | None = None,
        data_dir: Path | None = None,
        env: dict[str, str] | None = None,
        start_timeout: float = 60.0,
    ) -> None:
        """`database_url`: PostgreSQL shared with other servers (default: SQLite in a temp
        directory); `data_dir`: a data directory shared with them (default: its own);
        `env`: more environment variables (settings) for the server."""
        self._tmp = tempfile.TemporaryDirectory(prefix="colloquy-bench-")
        data = Path(self._tmp.name)
        (data / "dist").mkdir()  # no SPA build needed: the API is what we measure
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        extra = env
        env = {
            **os.environ,
            "COLLOQUY_DATA_DIR": str(data_dir or data / "data"),
            "COLLOQUY_LLM_PROVIDER": provider,
            "COLLOQUY_FRONTEND_DIST": str(data / "dist"),
            "COLLOQUY_LLM_TIMEOUT": "120",
        }
        env.pop("COLLOQUY_DATABASE_URL", None)  # SQLite in the temp dir
        if database_url:
            env["COLLOQUY_DATABASE_URL"] = database_url
        env.update(extra or {})
        if llm_url:
            env.update(
                COLLOQUY_LLM_BASE_URL=llm_url,
                COLLOQUY_LLM_API_KEY="bench",
                COLLOQUY_LLM_MODEL="bench",
            )
        self.log = data / "server.log"
        self.commits = data / "commits.log"  # see bench/traced_serve.py
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bench.traced_serve",
                str(self.commits),
                "serve",
                "--port",
                str(self.port),
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            env=env,
            stdout=self.log.open("ab"),
            stderr=subprocess.STDOUT,
        )
        try:
            wait_http(f"{self.url}/api/health", self.proc, start_timeout)
        except Exception:
            self.close()
            raise

    def cpu_seconds(self) -> float:
        """User + system CPU time of the server process so far (all its threads)."""
        return cpu_seconds(self.proc.pid)

    def main_thread_cpu_seconds(self) -> float:
        """User + system CPU time of the server's main thread (its event loop) so far."""
        return cpu_seconds(self.proc.pid, self.proc.pid)

    def wait_idle(self, window: float = 0.5, busy: float = 0.02, timeout: float = 120) -> None:
        """Wait until the server used under `busy` s of CPU in `window` s: the work a run
        left behind (each session's health report, computed once it completed) is done."""
        deadline = time.monotonic() + timeout
        before = self.cpu_seconds()
        while time.monotonic() < deadline:
            time.sleep(window)
            now = self.cpu_seconds()
            if now - before < busy:
                return
            before = now

    def peak_rss_mb(self) -> float:
        """VmHWM: the resident-set high-water mark since the process started."""
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def commit_times(self) -> dict[str, float]:
        """Message id -> wall-clock time its commit completed, from the commit log."""
        out: dict[str, float] = {}
        if self.commits.exists():
            for line in self.commits.read_text().splitlines():
                stamp, *ids = line.split()
                out.update(dict.fromkeys(ids, float(stamp)))
        return out

    def log_tail(self, chars: int = 3000) -> str:
        return self.log.read_text(errors="replace")[-chars:] if self.log.exists() else ""

    def close(self) -> None:
        stop_process(self.proc)
        self._tmp.cleanup()
