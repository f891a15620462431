"""Throwaway PostgreSQL and Redis servers for a test run, from Debian's `postgresql` and
`redis-server` packages (`make services` installs them).

Used by tests/conftest.py when COLLOQUY_TEST_POSTGRES_URL / COLLOQUY_TEST_REDIS_URL are not
set: each server gets a temporary directory, a free loopback port and trust auth, and is
torn down when the run ends. PostgreSQL refuses to run as root, so as root it runs as the
`postgres` user (via `runuser`) in a directory that user owns.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

START_TIMEOUT_S = 60


class ServiceError(RuntimeError):
    """A test server could not be started; the message says why and what to install."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def postgres_bin_dir() -> Path:
    """The newest installed PostgreSQL's bin directory (Debian keeps it off PATH)."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdecimal() else 0,
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    raise ServiceError(
        "PostgreSQL is not installed (no initdb): run `make services` "
        "(Debian package `postgresql`), or set COLLOQUY_TEST_POSTGRES_URL"
    )


def _run_as(user: str | None, argv: list[str], **kwargs) -> subprocess.CompletedProcess:
    cmd = ["runuser", "-u", user, "--", *argv] if user else argv
    return subprocess.run(cmd, check=False, capture_output=True, text=True, **kwargs)


@dataclass
class PostgresServer:
    """A private cluster: `initdb` into a temp dir, `pg_ctl start` on a free port."""

    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="colloquy-pg-")))
    port: int = field(default_factory=free_port)
    user: str | None = None  # the OS user the server runs as (None: the current one)

    @property
    def url(self) -> str:
        return f"postgresql+asyncpg://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> PostgresServer:
        bin_dir = postgres_bin_dir()
        if os.geteuid() == 0:
            # Root may not run PostgreSQL: hand the directory to the packaged `postgres` user.
            self.user = "postgres"
            try:
                entry = pwd.getpwnam(self.user)
            except KeyError as exc:
                raise ServiceError("running as root needs the `postgres` user") from exc
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        self.root.chmod(0o700)
        data = self.root / "data"
        initdb = [str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust"]
        initdb += ["-E", "UTF8", "--locale=C", "--no-sync"]
        done = _run_as(self.user, initdb)
        if done.returncode != 0:
            raise ServiceError(f"initdb failed: {done.stderr.strip() or done.stdout.strip()}")
        # Durability is not under test: fsync off makes schema resets and commits cheap.
        options = (
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
            "-c max_connections=300 -c shared_buffers=64MB"
        )
        start = [str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options]
        start += ["-l", str(self.root / "server.log"), "-w", "-t", str(START_TIMEOUT_S), "start"]
        done = _run_as(self.user, start)
        if done.returncode != 0:
            log = (self.root / "server.log").read_text(errors="replace")[-2000:]
            raise ServiceError(f"PostgreSQL did not start: {done.stderr.strip()}\n{log}")
        return self

    def stop(self) -> None:
        data = self.root / "data"
        if (data / "postmaster.pid").exists():
            stop = [str(postgres_bin_dir() / "pg_ctl"), "-D", str(data), "-m", "immediate"]
            _run_as(self.user, [*stop, "-w", "stop"], timeout=60)
        shutil.rmtree(self.root, ignore_errors=True)


@dataclass
class RedisServer:
    """`redis-server` on a free port, nothing kept on disk."""

    port: int = field(default_factory=free_port)
    proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        if not Path(binary).exists():
            raise ServiceError(
                "Redis is not installed (no redis-server): run `make services` "
                "(Debian package `redis-server`), or set COLLOQUY_TEST_REDIS_URL"
            )
        argv = [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        argv += ["--appendonly", "no", "--daemonize", "no", "--loglevel", "warning"]
        self.proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode(errors="replace") if self.proc.stderr else ""
                raise ServiceError(f"redis-server exited: {err.strip()}")
            if _redis_ping(self.port):
                return self
            time.sleep(0.05)
        self.stop()
        raise ServiceError(f"redis-server did not answer within {START_TIMEOUT_S} s")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def _redis_ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False
