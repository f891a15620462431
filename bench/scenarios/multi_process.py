"""N sessions across K `colloquy serve` processes on one PostgreSQL (docs/deployment.md).

    python -m bench.scenarios.multi_process                     200 sessions, 1 then 2 processes
    python -m bench.scenarios.multi_process --sessions 20 --processes 2 --database wt_me

For each process count: a fresh database (dropped and created on the PostgreSQL server of
--admin-url), K servers started one after another on it (the first one migrates), and the
load-test model server with a fixed latency per call (as in the concurrent scenario).
Session i is created on process (i + 1) mod K and run through process i mod K (a
round-robin load balancer: the process that creates a session is not the one that runs
it). Its SSE client is on the process that runs it for half of the sessions and on another
process for the other half, so that half of the measured delays cross the event relay
(LISTEN/NOTIFY). Which process really ran a session is read afterwards from the servers'
commit logs (bench/traced_serve.py): a scan on another process may win the lease.

Printed per K: wall time against the model-call limit (bench/limits.py), errors (failed or
unfinished sessions, subscribers that missed messages, a stored plan with a gap, a slot
twice or an answer missing), SSE delay (commit on the owner -> arrival at the client, as
in the concurrent scenario) for local and relayed subscribers, the serve processes' CPU
per answer (/proc, all threads) and PostgreSQL's (its backends for this database, sampled),
and how many sessions each process ran.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from bench.machine import loadavg, wait_for_quiet

ROOT = Path(__file__).resolve().parents[2]
CLK_TCK = os.sysconf("SC_CLK_TCK")


# -- pure helpers (tests/bench_harness/test_multi_process_helpers.py) --------------------


def percentile(values: list[float], q: float) -> float:
    """The value at index round(q x (n - 1)) of the sorted `values` (q in 0..1), as in the
    concurrent scenario; NaN when empty."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def placement(i: int, processes: int) -> tuple[int, int, int]:
    """(create, run, sse) process indexes of session i. Run round-robin; create on the next
    process; the SSE client on the runner for even rounds and on the next process for odd
    ones, so each process follows half of its own sessions and half of another's."""
    run = i % processes
    create = (i + 1) % processes
    sse = run if (i // processes) % 2 == 0 else (run + 1) % processes
    return create, run, sse


def plan_problems(rows: list[tuple], questions: int, participants: int) -> list[str]:
    """What is wrong with one session's stored messages, each row (seq, kind, question,
    round, participant) in seq order: a gap in seq, a slot stored twice, a planned answer
    missing, or the wrong number of messages. Empty when the plan is complete."""
    problems = []
    seqs = [r[0] for r in rows]
    if seqs != list(range(1, len(rows) + 1)):
        problems.append(f"seq is not 1..{len(rows)}")
    slots = [tuple(r[1:5]) for r in rows]
    twice = len(slots) - len(set(slots))
    if twice:
        problems.append(f"{twice} slot(s) stored twice")
    answers = {(q, r, p) for kind, q, r, p in slots if kind == "response"}
    plan = {(q, r, p) for q in range(questions) for r in range(3) for p in range(participants)}
    if plan - answers:
        problems.append(f"{len(plan - answers)} planned answer(s) missing")
    if answers - plan:
        problems.append(f"{len(answers - plan)} answer(s) outside the plan")
    expected = questions * 3 * (participants + 1)  # plus the question and round prompts
    if len(rows) != expected:
        problems.append(f"{len(rows)} messages, expected {expected}")
    return problems


def owners(per_process: list[set[str]], messages: dict[str, list[str]]) -> dict[str, set[int]]:
    """Session id -> the processes that committed its messages (per_process[k]: the message
    ids process k committed; messages: session id -> its stored message ids)."""
    where = {mid: k for k, ids in enumerate(per_process) for mid in ids}
    return {sid: {where[m] for m in mids if m in where} for sid, mids in messages.items()}


# -- measuring ---------------------------------------------------------------------------


def proc_cpu(pid: int) -> float | None:
    """utime + stime of a process (all threads) in seconds; None when it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


class BackendCpu(threading.Thread):
    """CPU of the PostgreSQL backends connected to one database during the run, sampled
    every 0.5 s: a backend that exists at the start counts from its first sample, one that
    starts later from zero; one that exits keeps its last sample (up to 0.5 s of its work
    can be missed)."""

    def __init__(self, admin_dsn: str, database: str) -> None:
        super().__init__(daemon=True)
        self.admin_dsn, self.database = admin_dsn, database
        self.base: dict[int, float] = {}
        self.last: dict[int, float] = {}
        self.first_sample = threading.Event()
        self.halt = threading.Event()

    def sample(self, pids: list[int]) -> None:
        first = not self.first_sample.is_set()
        for pid in pids:
            cpu = proc_cpu(pid)
            if cpu is not None:
                self.base.setdefault(pid, cpu if first else 0.0)
                self.last[pid] = cpu
        self.first_sample.set()

    def run(self) -> None:
        async def loop() -> None:
            import asyncpg

            conn = await asyncpg.connect(self.admin_dsn)
            try:
                while True:
                    rows = await conn.fetch(
                        "SELECT pid FROM pg_stat_activity WHERE datname = $1 "
                        "AND pid <> pg_backend_pid()",
                        self.database,
                    )
                    self.sample([r["pid"] for r in rows])
                    if self.halt.is_set():
                        return
                    await asyncio.sleep(0.5)
            finally:
                await conn.close()

        asyncio.run(loop())

    def begin(self) -> None:
        self.start()
        self.first_sample.wait(10)

    def seconds(self) -> float:
        self.halt.set()
        self.join(10)
        return sum(self.last[p] - self.base[p] for p in self.last)


async def _admin(admin_dsn: str, *statements: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(admin_dsn)
    try:
        for sql in statements:
            await conn.execute(sql)
    finally:
        await conn.close()


async def _stored(dsn: str) -> dict[str, list[tuple]]:
    """Session id -> its stored messages (seq, kind, question, round, participant, id)."""
    import asyncpg

    conn = await asyncpg.connect(dsn)
    try:
        rows = await conn.fetch(
            "SELECT session_id, seq, kind, question_index, round_index, participant_index, id "
            "FROM messages ORDER BY session_id, seq"
        )
    finally:
        await conn.close()
    out: dict[str, list[tuple]] = {}
    for r in rows:
        out.setdefault(r["session_id"], []).append(tuple(r.values())[1:])
    return out


def dsn_for(admin_url: str, database: str, driver: str = "postgresql") -> str:
    """--admin-url with another database (and driver, e.g. postgresql+asyncpg)."""
    parts = urlsplit(admin_url)
    return urlunsplit((driver, parts.netloc, f"/{database}", parts.query, ""))


async def run_spread(urls: list[str], bodies: list[dict], timeout: float) -> dict:
    """Create, follow and run the sessions across the processes at `urls` (placement());
    as client.run_sessions, plus which process each subscriber was on."""
    from bench.client import Watch, create, follow, new_client, run, view

    k = len(urls)
    places = [placement(i, k) for i in range(len(bodies))]
    async with new_client() as client:
        ids = await asyncio.gather(
            *(
                create(client, urls[c], body)
                for (c, _, _), body in zip(places, bodies, strict=False)
            )
        )
        watches = [Watch() for _ in ids]
        followers = [
            asyncio.create_task(follow(client, urls[sse], sid, w, timeout))
            for sid, w, (_, _, sse) in zip(ids, watches, places, strict=False)
        ]
        await asyncio.wait_for(asyncio.gather(*(w.ready.wait() for w in watches)), 60)
        started = time.monotonic()
        runs = await asyncio.gather(
            *(run(client, urls[r], sid) for sid, (_, r, _) in zip(ids, places, strict=False)),
            return_exceptions=True,
        )
        outcomes = await asyncio.gather(*followers, return_exceptions=True)
        views = await asyncio.gather(
            *(view(client, urls[sse], sid) for sid, (_, _, sse) in zip(ids, places, strict=False))
        )
    errors = [f"run POST: {r!r}" for r in runs if isinstance(r, Exception)]
    errors += [f"run POST {r}" for r in runs if isinstance(r, int) and r != 200]
    errors += [f"SSE client: {o!r}" for o in outcomes if isinstance(o, BaseException)]
    for sid, w, v in zip(ids, watches, views, strict=False):
        if v.get("status") != "completed" or v.get("error") or v.get("running"):
            errors.append(f"session {sid}: status={v.get('status')} error={v.get('error')}")
        stored = len(v.get("messages", []))
        if w.messages != stored and not w.resets:
            errors.append(f"session {sid}: its subscriber got {w.messages} of {stored} messages")
    ends = [w.ended_at for w in watches if w.ended_at is not None]
    return {
        "ids": ids,
        "places": places,
        "watches": watches,
        "wall": (max(ends) - started) if ends else float("nan"),
        "errors": errors,
    }


def measure(
    model,
    *,
    processes: int,
    sessions: int,
    participants: int,
    questions: int,
    latency: float,
    mode: str,
    admin_url: str,
    database: str,
    model_cap: int = 0,
) -> dict:
    from bench.client import run_async, session_body
    from bench.limits import model_limit
    from bench.server import ColloquyServer

    if database == "test":
        raise SystemExit("refusing to use the database `test` (the test suites drop its schema)")
    admin = dsn_for(admin_url, urlsplit(admin_url).path.lstrip("/") or "postgres")
    plain = dsn_for(admin_url, database)
    fresh = [f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)', f'CREATE DATABASE "{database}"']
    run_async(_admin(admin, *fresh))
    model.configure(latency)
    # The per-process cap on concurrent model calls (settings.llm_max_concurrency, default
    # 16): 0 lifts it (a cap no run reaches), so that the server, not the cap, is measured.
    cap = model_cap or sessions * participants
    load_start = loadavg()
    shared = Path(tempfile.mkdtemp(prefix="colloquy-bench-cluster-"))
    servers: list[ColloquyServer] = []
    try:
        for _ in range(processes):  # one after another: the first one migrates the database
            servers.append(
                ColloquyServer(
                    llm_url=model.base_url,
                    database_url=dsn_for(admin_url, database, "postgresql+asyncpg"),
                    data_dir=shared / "data",
                    env={"COLLOQUY_LLM_MAX_CONCURRENCY": str(cap)},
                )
            )
        backends = BackendCpu(admin, database)
        backends.begin()
        cpu0 = [s.cpu_seconds() for s in servers]
        bodies = [session_body(participants, questions, mode) for _ in range(sessions)]
        out = run_async(run_spread([s.url for s in servers], bodies, timeout=600))
        cpu = [s.cpu_seconds() - c for s, c in zip(servers, cpu0, strict=False)]
        pg_cpu = backends.seconds()
        committed = [s.commit_times() for s in servers]
        logs = [s.log_tail(200_000) for s in servers]
    finally:
        for s in servers:
            s.close()
        shutil.rmtree(shared, ignore_errors=True)
    stored = run_async(_stored(plain))
    load_end = loadavg()
    errors = out["errors"]
    for sid in out["ids"]:
        for problem in plan_problems(stored.get(sid, []), questions, participants):
            errors.append(f"session {sid}: {problem}")
    ran_by = owners(
        [set(c) for c in committed],
        {sid: [r[5] for r in stored.get(sid, [])] for sid in out["ids"]},
    )
    commit_at = {mid: t for c in committed for mid, t in c.items()}
    local: list[float] = []
    relayed: list[float] = []
    unknown = 0
    for sid, w, (_, _, sse) in zip(out["ids"], out["watches"], out["places"], strict=False):
        for mid, arrived in w.arrivals:
            if mid not in commit_at:
                unknown += 1
                continue
            (local if ran_by[sid] == {sse} else relayed).append((arrived - commit_at[mid]) * 1000)
    if unknown:
        errors.append(f"{unknown} messages had no commit time in the servers' commit logs")
    split = [sum(1 for o in ran_by.values() if o == {k}) for k in range(processes)]
    moved = sum(1 for o in ran_by.values() if len(o) > 1)
    asked = sum(
        1 for sid, (_, r, _) in zip(out["ids"], out["places"], strict=False) if ran_by[sid] == {r}
    )
    answers = sessions * questions * 3 * participants
    limit = model_limit(participants, questions, latency, mode)
    # With a cap that binds, K processes make at most cap x K calls at once.
    cap_bound = answers * latency / (model_cap * processes) if model_cap else float("nan")
    everything = local + relayed
    problems = [
        line
        for text in logs
        for line in text.splitlines()
        if "Traceback" in line or " ERROR" in line or "WARNING" in line or "error" in line.lower()
    ]
    return {
        "K": processes,
        "N": sessions,
        "P": participants,
        "Q": questions,
        "L": latency,
        "mode": mode,
        "wall": out["wall"],
        "limit": limit,
        "over": out["wall"] / limit - 1,
        "model_cap": model_cap,
        "cap_bound": cap_bound,
        "errors": errors,
        "log_problems": problems,
        "sse_p50": statistics.median(everything) if everything else float("nan"),
        "sse_p99": percentile(everything, 0.99),
        "sse_max": max(everything, default=float("nan")),
        "local_n": len(local),
        "local_p50": statistics.median(local) if local else float("nan"),
        "local_p99": percentile(local, 0.99),
        "relayed_n": len(relayed),
        "relayed_p50": statistics.median(relayed) if relayed else float("nan"),
        "relayed_p99": percentile(relayed, 0.99),
        "resets": sum(w.resets for w in out["watches"]),
        "cpu": cpu,
        "cpu_ms_per_answer": sum(cpu) * 1000 / answers,
        "pg_cpu_ms_per_answer": pg_cpu * 1000 / answers,
        "split": split,
        "moved": moved,
        "ran_where_asked": asked,
        "load_start": load_start,
        "load_end": load_end,
    }


HEADER = [
    "processes",
    "wall (all)",
    "model limit",
    "over limit",
    "cap bound",
    "errors",
    "SSE median / p99",
    "local p99",
    "relayed p99",
    "serve CPU / answer",
    "PostgreSQL CPU / answer",
    "sessions run per process",
    "load average start / end",
]


def row(r: dict) -> list[str]:
    return [
        str(r["K"]),
        f"{r['wall']:.2f} s",
        f"{r['limit']:.2f} s",
        f"{r['over'] * 100:+.1f} %",
        f"{r['cap_bound']:.1f} s (cap {r['model_cap']})" if r["model_cap"] else "no cap",
        str(len(r["errors"])),
        f"{r['sse_p50']:.1f} / {r['sse_p99']:.1f} ms",
        f"{r['local_p99']:.1f} ms ({r['local_n']})",
        f"{r['relayed_p99']:.1f} ms ({r['relayed_n']})" if r["relayed_n"] else "-",
        f"{r['cpu_ms_per_answer']:.2f} ms",
        f"{r['pg_cpu_ms_per_answer']:.2f} ms",
        " / ".join(map(str, r["split"])) + (f" (+{r['moved']} moved)" if r["moved"] else ""),
        f"{r['load_start']} / {r['load_end']}",
    ]


def show(rows: list[dict]) -> None:
    from rich.console import Console
    from rich.table import Table

    r0 = rows[0]
    title = (
        f"{r0['N']} sessions across K serve processes on one PostgreSQL "
        f"({r0['mode']}, P={r0['P']} Q={r0['Q']} L={r0['L']}s)"
    )
    console = Console(width=220)  # a wide table; the markdown copy follows it
    table = Table(title=title)
    for h in HEADER:
        table.add_column(h)
    for r in rows:
        table.add_row(*row(r))
    console.print(table)
    for r in rows:
        console.print(
            f"K={r['K']}: serve CPU per process {', '.join(f'{c:.1f} s' for c in r['cpu'])}; "
            f"{r['ran_where_asked']} of {r['N']} sessions ran on the process asked to run "
            f"them; {r['resets']} reset events; {len(r['log_problems'])} warning/error "
            "lines in the server logs"
        )
        for err in r["errors"][:5]:
            console.print(f"[red]K={r['K']}: {err}[/red]")
        for line in r["log_problems"][:5]:
            console.print(f"[yellow]K={r['K']} log: {line[:300]}[/yellow]")
    print()
    print(f"### {title}")
    print()
    print("| " + " | ".join(HEADER) + " |")
    print("|" + "---|" * len(HEADER))
    for r in rows:
        print("| " + " | ".join(row(r)) + " |")


def default_admin_url() -> str:
    """The `postgres` database on the test suites' server (`make` exports its URL)."""
    test_url = (
        os.environ.get("COLLOQUY_TEST_POSTGRES_URL") or "postgresql://postgres@127.0.0.1:5432"
    )
    return dsn_for(test_url, "postgres")


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m bench.scenarios.multi_process",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--sessions", type=int, default=200)
    p.add_argument("--processes", default="1,2", help="comma-separated process counts")
    p.add_argument("-P", "--participants", type=int, default=5)
    p.add_argument("-Q", "--questions", type=int, default=3)
    p.add_argument("-L", "--latency", type=float, default=0.3, help="model seconds per call")
    p.add_argument(
        "--model-cap",
        type=int,
        default=0,
        help="COLLOQUY_LLM_MAX_CONCURRENCY per process (0: lifted, so the server is measured; "
        "16 is the product default)",
    )
    p.add_argument("--mode", default="sequential", choices=["sequential", "parallel"])
    p.add_argument(
        "--admin-url",
        default=default_admin_url(),
        help="a PostgreSQL database to connect to when creating and dropping --database "
        "(default: database `postgres` on the server of COLLOQUY_TEST_POSTGRES_URL, else "
        "127.0.0.1:5432)",
    )
    p.add_argument(
        "--database",
        default="bench_cluster",
        help="dropped and created afresh for each process count (never `test`)",
    )
    p.add_argument(
        "--wait-load",
        type=float,
        default=0,
        metavar="SECONDS",
        help="before each process count, wait up to this long for the 1-minute load average < 2",
    )
    p.add_argument("--keep-db", action="store_true", help="do not drop --database at the end")
    opts = p.parse_args(argv)
    opts.processes = [int(k) for k in opts.processes.split(",") if k.strip()]
    if opts.database == "test":
        p.error("the database `test` is the test suites' (they drop its schema)")
    return opts


def main(argv: list[str]) -> int:
    opts = parse(argv)
    sys.path.insert(0, str(ROOT / "src"))
    from bench.client import run_async
    from bench.model_server import ModelServer
    from bench.server import free_port

    model = ModelServer(free_port(), latency=opts.latency)
    rows = []
    try:
        for k in opts.processes:
            wait_for_quiet(opts.wait_load)
            print(f"{opts.sessions} sessions on {k} process(es), load {loadavg()}", flush=True)
            rows.append(
                measure(
                    model,
                    processes=k,
                    sessions=opts.sessions,
                    participants=opts.participants,
                    questions=opts.questions,
                    latency=opts.latency,
                    mode=opts.mode,
                    admin_url=opts.admin_url,
                    database=opts.database,
                    model_cap=opts.model_cap,
                )
            )
    finally:
        model.close()
        if not opts.keep_db:
            admin = opts.admin_url
            run_async(_admin(admin, f'DROP DATABASE IF EXISTS "{opts.database}" WITH (FORCE)'))
    show(rows)
    return 1 if any(r["errors"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
