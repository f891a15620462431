"""The machine a bench runs on: its load, and waiting for it to calm down."""

from __future__ import annotations

import time
from pathlib import Path


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def wait_for_quiet(limit: float) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and float(loadavg().split()[0]) >= 2.0:
        print(f"waiting for a quieter machine (load {loadavg()})", flush=True)
        time.sleep(min(30.0, max(1.0, deadline - time.monotonic())))
