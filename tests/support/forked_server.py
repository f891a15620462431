"""`colloquy serve` in a process forked from one that has already imported the app.

The browser tests start a fresh server for each test, the reliability tests several real
server processes they kill and restart. Started as `python -m colloquy.cli serve`, each spent
about 3 s of CPU importing the app before it could answer; forked from multiprocessing's fork
server, which imports it once per test process (the preload below), it answers in a fraction
of that. The child is a process of its own (its own pid, killed by a real SIGKILL) and runs
the very command line a user runs: the CLI's `serve` with the environment and arguments it
is given.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
from pathlib import Path

# Imported once in the fork server; nothing in them reads the environment at import time
# (settings are read when `serve` runs) or starts a thread.
PRELOAD = ["colloquy.cli", "colloquy.app"]

_context = multiprocessing.get_context("forkserver")
_context.set_forkserver_preload(PRELOAD)


class ForkedProcess:
    """The part of `subprocess.Popen` the tests use (pid, poll, wait, signals), for a child
    of the fork server: the tests treat both alike."""

    def __init__(self, args: list[str], process: multiprocessing.process.BaseProcess) -> None:
        self.args, self._process = args, process

    @property
    def pid(self) -> int:
        assert self._process.pid is not None
        return self._process.pid

    @property
    def returncode(self) -> int | None:
        """As Popen's: the exit status, or minus the signal that ended it."""
        return self._process.exitcode

    def poll(self) -> int | None:
        return self._process.exitcode

    def wait(self, timeout: float | None = None) -> int:
        self._process.join(timeout)
        if self._process.exitcode is None:
            raise subprocess.TimeoutExpired(self.args, timeout or 0)
        return self._process.exitcode

    def send_signal(self, sig: int) -> None:
        if self._process.exitcode is None:
            os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


def start(env: dict[str, str], args: list[str], log: Path, cwd: Path) -> ForkedProcess:
    """A child running `colloquy <args>` with exactly `env`, its output appended to `log`."""
    process = _context.Process(target=_run, args=(env, args, str(log), str(cwd)), daemon=False)
    process.start()
    return ForkedProcess(["colloquy", *args], process)


def _run(env: dict[str, str], args: list[str], log: str, cwd: str) -> None:
    fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)
    os.environ.clear()
    os.environ.update(env)
    os.chdir(cwd)
    from colloquy.cli import app

    app(args, prog_name="colloquy")
