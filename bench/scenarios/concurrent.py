"""N sessions at once on a fresh server each: wall time against the limit, server CPU per
answer, peak memory, and the commit-to-subscriber delay of message events."""

from __future__ import annotations

import statistics

from bench.client import run_async, run_sessions, session_body
from bench.limits import model_limit
from bench.server import ColloquyServer


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def run(
    model,
    *,
    sizes: list[int],
    participants: int,
    questions: int,
    latency: float,
    mode: str = "sequential",
    subscribers: int = 1,
) -> list[dict]:
    model.configure(latency)
    rows = []
    for n in sizes:
        # Fresh: VmHWM is per process. The load-test model takes any number of calls, and
        # the limit assumes they all run at once: lift Colloquy's cap on concurrent model
        # calls (COLLOQUY_LLM_MAX_CONCURRENCY, 16) so that the server is measured, not it.
        server = ColloquyServer(
            llm_url=model.base_url,
            env={"COLLOQUY_LLM_MAX_CONCURRENCY": str(n * participants)},
        )
        try:
            cpu0 = server.cpu_seconds()
            bodies = [session_body(participants, questions, mode) for _ in range(n)]
            out = run_async(run_sessions(server.url, bodies, timeout=600, subscribers=subscribers))
            cpu = server.cpu_seconds() - cpu0
            committed = server.commit_times()
            peak = server.peak_rss_mb()
            tail = server.log_tail() if out["errors"] else ""
        finally:
            server.close()
        answers = n * questions * 3 * participants
        limit = model_limit(participants, questions, latency, mode)
        # The measure: commit (as the server learned of it) -> arrival. The stored
        # timestamp is taken before the INSERT, so timestamp -> arrival is an upper bound.
        delays = [
            (arrived - committed[mid]) * 1000
            for mid, arrived in out["arrivals"]
            if mid in committed
        ]
        bound = [d * 1000 for d in out["delays"]]
        if len(delays) != len(out["arrivals"]):
            out["errors"].append(
                f"{len(out['arrivals']) - len(delays)} messages had no "
                "commit time in the server's commit log"
            )
        rows.append(
            {
                "N": n,
                "subscribers": n * subscribers,
                "mode": mode,
                "P": participants,
                "Q": questions,
                "L": latency,
                "wall": out["wall"],
                "limit": limit,
                "over": out["wall"] / limit - 1,
                "slowest": max(out["per_session"], default=float("nan")),
                "cpu_s": cpu,
                "cpu_ms_per_answer": cpu * 1000 / answers,
                "peak_rss_mb": peak,
                "messages": out["messages"],
                "sse_median_ms": statistics.median(delays) if delays else float("nan"),
                "sse_p99_ms": percentile(delays, 0.99),
                "sse_max_ms": max(delays, default=0),
                "sse_bound_p99_ms": percentile(bound, 0.99),
                "token_events": out["token_events"],
                "errors": out["errors"],
                "log": tail,
            }
        )
    return rows
