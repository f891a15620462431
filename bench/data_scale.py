"""The data-scale bench: the routes a researcher uses, on a library of 1x, 10x and 100x a
small one (100x: 10,000 sessions with 200,000+ messages, three of 5,000 messages; 5,000
personas, 500 with evidence; 200 surveys with 50,000 answers; one short session in ten an
interview, ten to a study: 100 studies), on SQLite and PostgreSQL. The routes are those the
screens call: the dashboard's page, search, filters and cards, the persona library's page,
the results screen's header and transcript pages, the live view's newest page and the one
before it, the Surveys and Studies lists, and the older whole-list routes for comparison.

    .venv/bin/python -m bench.data_scale                    # SQLite, 1x 10x 100x
    .venv/bin/python -m bench.data_scale --db postgres      # a throwaway PostgreSQL
    .venv/bin/python -m bench.data_scale --factors 100 --requests 40
    .venv/bin/python -m bench.data_scale --factors 1 --only "session header,analytics"

Each database is filled in bulk (bench/scale_fill.py), then the real server runs on it as
a subprocess; every route is requested `--requests` times in a row (heavy ones fewer) for
p50/p95, and the server's resident-set peak is reset before each route
(/proc/PID/clear_refs) so each route's own peak is read (VmHWM). Prints a Markdown table
per database and the growth from 1x to 100x, and each route's first (warming) request: what
a cached route costs when computed, on a server just started. docs/performance.md keeps
the figures."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import quote

import httpx

from bench.machine import loadavg
from bench.scale_fill import Scale, fill
from bench.server import ColloquyServer

LONG = "s000000"  # the first session is a long one (bench/scale_fill.py)
ONCE = {"export.pdf"}  # a minute of CPU per request on a 5,000-message session
HEAVY = {"compare 4", "persona list (all, old)", "session list (all, old)"}


def routes(total_sessions: int) -> list[tuple[str, str]]:
    week = quote((datetime.now(UTC) - timedelta(days=30)).isoformat())
    some = ",".join(f"s{i:06d}" for i in range(11, 15))  # four: the most a comparison shows
    return [
        ("dashboard page", "/api/sessions/page?limit=50"),
        ("dashboard search", "/api/sessions/page?limit=50&q=kettle%20study%201"),
        ("dashboard filters", f"/api/sessions/page?limit=50&status=completed&createdAfter={week}"),
        ("dashboard cards", "/api/sessions/stats"),
        ("dashboard deep page", "DEEP"),
        ("persona page", "/api/personas/page?limit=50"),
        ("persona search", "/api/personas/page?limit=50&q=lopez"),
        ("session header", f"/api/sessions/{LONG}/header"),
        ("transcript page", f"/api/sessions/{LONG}/messages?limit=200"),
        ("transcript newest", f"/api/sessions/{LONG}/messages?limit=200&newest=true"),
        ("transcript before", "BEFORE"),
        ("long session", f"/api/sessions/{LONG}"),
        ("analytics", f"/api/sessions/{LONG}/analytics"),
        ("health", f"/api/sessions/{LONG}/health"),
        ("compare 4", f"/api/sessions/compare?ids={some}"),
        ("survey page", "/api/surveys/page?limit=50"),
        ("survey search", "/api/surveys/page?limit=50&q=survey%201"),
        ("survey status filter", "/api/surveys/page?limit=50&status=completed&sort=name"),
        ("study page", "/api/studies/page?limit=20"),
        ("survey results", "/api/surveys/v00000/results"),
        ("export.csv", f"/api/sessions/{LONG}/export.csv"),
        ("export.pdf", f"/api/sessions/{LONG}/report.pdf"),
        ("session list (all, old)", "/api/sessions"),
        ("persona list (all, old)", "/api/personas"),
    ]


def _reset_peak(pid: int) -> None:
    with contextlib.suppress(OSError):
        Path(f"/proc/{pid}/clear_refs").write_text("5")  # resets VmHWM to the current RSS


def _deep_cursor(api: httpx.Client, total: int) -> str:
    """A page half-way down the list (keyset paging: no dearer than the first)."""
    cursor = None
    for _ in range(max(1, total // 2 // 50)):
        body = api.get("/api/sessions/page", params={"limit": 50, "cursor": cursor}).json()
        if not body["nextCursor"]:
            break
        cursor = body["nextCursor"]
    return "/api/sessions/page?limit=50" + (f"&cursor={cursor}" if cursor else "")


def _before_cursor(api: httpx.Client) -> str:
    """The live view's "earlier messages" half-way back through the long session: the
    page of 200 before an `earlierCursor` reached from the newest page."""
    path = f"/api/sessions/{LONG}/messages"
    params: dict[str, object] = {"limit": 200, "newest": "true"}
    body = api.get(path, params=params).json()
    for _ in range(max(0, body["total"] // 200 // 2 - 1)):
        if not body.get("earlierCursor"):
            break
        body = api.get(path, params={**params, "before": body["earlierCursor"]}).json()
    before = body.get("earlierCursor")
    return f"{path}?limit=200&newest=true" + (f"&before={before}" if before else "")


def measure(
    server: ColloquyServer, requests: int, total: int, skip: list[str], only: list[str]
) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    with httpx.Client(base_url=server.url, timeout=300) as api:
        for name, path in routes(total):
            if name in skip or (only and name not in only):
                continue
            if path == "DEEP":
                path = _deep_cursor(api, total)
            elif path == "BEFORE":
                path = _before_cursor(api)
            n = 1 if name in ONCE else max(3, requests // 8) if name in HEAVY else requests
            if name not in ONCE:
                t0 = time.perf_counter()  # warm once (caches, stored health): its time too,
                api.get(path).raise_for_status()  # what a cached route costs when computed
                print(f"  {name}: first {(time.perf_counter() - t0) * 1000:.1f} ms", flush=True)
            _reset_peak(server.proc.pid)
            times = []
            size = 0
            for _ in range(n):
                t0 = time.perf_counter()
                resp = api.get(path)
                times.append((time.perf_counter() - t0) * 1000)
                resp.raise_for_status()
                size = len(resp.content)
            times.sort()
            print(f"  {name}: p50 {statistics.median(times):.1f} ms ({n} requests)", flush=True)
            out[name] = {
                "p50": statistics.median(times),
                "p95": times[min(len(times) - 1, round(0.95 * (len(times) - 1)))],
                "peak_mb": server.peak_rss_mb(),
                "kb": size / 1024,
                "n": n,
            }
    return out


def run(
    db: str, factor: int, requests: int, pg_url: str | None, skip: list[str], only: list[str]
) -> dict[str, dict[str, float]]:
    with tempfile.TemporaryDirectory(prefix="colloquy-scale-") as tmp:
        if db == "sqlite":
            url = f"sqlite+aiosqlite:///{tmp}/colloquy.db"
        else:
            assert pg_url is not None
            url = pg_url
        t0 = time.perf_counter()
        counts = asyncio.run(fill(url, Scale.of(factor)))
        print(f"{db} {factor}x filled in {time.perf_counter() - t0:.1f} s: {counts}", flush=True)
        print(f"load average before measuring: {loadavg()}", flush=True)
        server = ColloquyServer(database_url=url, data_dir=Path(tmp) / "data", start_timeout=300)
        try:
            return measure(server, requests, counts["sessions"], skip, only)
        finally:
            server.close()


def table(db: str, results: dict[int, dict[str, dict[str, float]]]) -> str:
    factors = sorted(results)
    head = " | ".join(f"{f}x p50 / p95 ms" for f in factors)
    lines = [
        f"| {db} route | {head} | peak MB ({factors[-1]}x) | body KB | growth p95 |",
        "|---" * (len(factors) + 4) + "|",
    ]
    for name in results[factors[0]]:
        cells = " | ".join(
            f"{results[f][name]['p50']:.1f} / {results[f][name]['p95']:.1f}" for f in factors
        )
        last = results[factors[-1]][name]
        growth = last["p95"] / max(results[factors[0]][name]["p95"], 0.001)
        lines.append(
            f"| {name} | {cells} | {last['peak_mb']:.0f} | {last['kb']:.0f} | x{growth:.2f} |"
        )
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    p.add_argument("--factors", default="1,10,100")
    p.add_argument("--requests", type=int, default=40, help="requests per route (heavy: 1/8)")
    p.add_argument("--skip", default="", help="comma-separated routes not to measure")
    p.add_argument("--only", default="", help="comma-separated routes, the only ones measured")
    p.add_argument("--postgres-url", help="an empty database to fill (default: a throwaway server)")
    args = p.parse_args()
    print(f"load average at start: {loadavg()}", flush=True)
    pg = None
    pg_url = args.postgres_url
    if args.db == "postgres" and not pg_url:
        from tests.support.services import PostgresServer  # the test suites' throwaway server

        pg = PostgresServer().start()
    results = {}
    try:
        for factor in [int(f) for f in args.factors.split(",")]:
            if pg is not None:
                pg_url = _fresh_database(pg, factor)
            results[factor] = run(
                args.db, factor, args.requests, pg_url, args.skip.split(","), _names(args.only)
            )
    finally:
        if pg is not None:
            pg.stop()
    print(table(args.db, results))
    print(f"load average at end: {loadavg()}")


def _names(listed: str) -> list[str]:
    return [n.strip() for n in listed.split(",") if n.strip()]


def _fresh_database(pg, factor: int) -> str:
    import subprocess

    from tests.support.services import postgres_bin_dir

    name = f"scale_{factor}x"
    createdb = [str(postgres_bin_dir() / "createdb"), "-h", "127.0.0.1", "-p", str(pg.port)]
    subprocess.run([*createdb, "-U", "postgres", name], check=True)
    return pg.url.rsplit("/", 1)[0] + f"/{name}"


if __name__ == "__main__":
    main()
