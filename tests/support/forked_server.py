"""`colloquy serve` in a process forked from one that has already imported the app.

The browser tests start a fresh server for each test. Started as `python -m colloquy.cli
serve`, each spent about 3 s of CPU importing the app before it could answer; forked from
multiprocessing's fork server, which imports it once per test process (the preload below),
it answers in a fraction of that. The child then runs the very command line a user runs:
the CLI's `serve` with the environment and arguments it is given.
"""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

# Imported once in the fork server; nothing in them reads the environment at import time
# (settings are read when `serve` runs) or starts a thread.
PRELOAD = ["colloquy.cli", "colloquy.app"]

_context = multiprocessing.get_context("forkserver")
_context.set_forkserver_preload(PRELOAD)


def start(env: dict[str, str], args: list[str], log: Path, cwd: Path) -> multiprocessing.Process:
    """A child running `colloquy <args>` with exactly `env`, its output appended to `log`."""
    proc = _context.Process(target=_run, args=(env, args, str(log), str(cwd)), daemon=False)
    proc.start()
    return proc


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
