"""How long `colloquy copy` takes on a large library, and how much memory it holds
(docs/moving-in.md): a library filled in bulk (bench/scale_fill.py) copied from SQLite into a
new SQLite file, or into PostgreSQL with --to. Prints the rows, the seconds of the copy and
its check, and the peak of Python allocations during a second copy (tracemalloc; it slows
that run, so its time is not reported).

python -m bench.library_copy_bench --factor 10 [--batch-size 500] [--to postgresql+asyncpg://...]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
import tracemalloc
from pathlib import Path

from bench.machine import loadavg
from bench.scale_fill import Scale, fill
from colloquy.services.library_copy.run import copy_library


async def main(factor: int, batch_size: int, target: str | None) -> None:
    folder = Path(tempfile.mkdtemp(prefix="copy-bench-"))
    source = f"sqlite+aiosqlite:///{folder / 'alone.db'}"
    counts = await fill(source, Scale.of(factor))
    first = target or f"sqlite+aiosqlite:///{folder / 'first.db'}"
    started = time.perf_counter()
    report = await copy_library(source, first, box=None, batch_size=batch_size)
    seconds = time.perf_counter() - started
    rows = sum(t.check.source_rows for t in report.tables)
    tracemalloc.start()
    await copy_library(
        source, f"sqlite+aiosqlite:///{folder / 'second.db'}", box=None, batch_size=batch_size
    )
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"library: {counts}")
    print(f"target: {'PostgreSQL' if target else 'SQLite'}, batch size {batch_size}")
    print(f"rows copied and checked: {rows} in {seconds:.1f} s ({rows / seconds:,.0f} rows/s)")
    print(f"verdict: {'equal' if report.ok else 'NOT EQUAL'}")
    print(f"peak Python allocations during a copy into SQLite: {peak / 1e6:.1f} MB")
    print(f"load average (1, 5, 15 min) at the end: {loadavg()}")


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--factor", type=int, default=10, help="Scale.of(N): 100*N sessions")
    p.add_argument("--batch-size", type=int, default=500)
    p.add_argument("--to", default=None, help="a PostgreSQL URL (emptied by you) to copy into")
    args = p.parse_args()
    asyncio.run(main(args.factor, args.batch_size, args.to))
