"""The session header of the 5,000-message bench session in one process, without HTTP:
its cost when computed (a new message, a reset, another generating participant: the
fingerprint changed) and when reused (services/sessions/header.py), in wall and CPU time
(CPU time moves less with the machine's load).

    PYTHONPATH=src .venv/bin/python -m bench.session_header_bench
    PYTHONPATH=src .venv/bin/python -m bench.session_header_bench --requests 40"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker, create_async_engine

from bench.data_scale import LONG
from bench.machine import loadavg
from bench.scale_fill import Scale, fill
from colloquy.services.sessions import header


async def _timed(
    sessions: async_sessionmaker[AsyncSession],
    n: int,
    read: Callable[[AsyncSession], Awaitable[Any]],
) -> str:
    wall, cpu = [], []
    for _ in range(n):
        async with sessions() as db:
            c0, w0 = time.process_time(), time.perf_counter()
            await read(db)
            wall.append((time.perf_counter() - w0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
    return f"wall p50 {statistics.median(wall):.1f} ms, CPU p50 {statistics.median(cpu):.1f} ms"


async def main(requests: int) -> None:
    with tempfile.TemporaryDirectory(prefix="colloquy-header-") as tmp:
        url = f"sqlite+aiosqlite:///{tmp}/colloquy.db"
        print(f"filled: {await fill(url, Scale.of(1))}", flush=True)
        engine = create_async_engine(url)
        sessions = async_sessionmaker(engine, expire_on_commit=False)

        async def computed(db: AsyncSession) -> None:
            header._cache.clear()  # as after a new message
            await header.session_header(db, LONG, [])

        async def reused(db: AsyncSession) -> None:
            await header.session_header(db, LONG, [])

        print(f"load average before: {loadavg()}", flush=True)
        print(f"computed ({requests} reads): {await _timed(sessions, requests, computed)}")
        print(f"reused ({requests} reads): {await _timed(sessions, requests, reused)}")
        print(f"load average after: {loadavg()}")
        await engine.dispose()


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--requests", type=int, default=20)
    asyncio.run(main(p.parse_args().requests))
