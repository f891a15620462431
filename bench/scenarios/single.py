"""One session at a time, sequential and parallel mode: wall time against the limits."""

from __future__ import annotations

import statistics

from bench.client import run_async, run_sessions, session_body
from bench.limits import browser_loop, model_limit


def run(
    server, model, *, participants: int, questions: int, latency: float, repeats: int
) -> list[dict]:
    model.configure(latency)
    rows = []
    for mode in ("sequential", "parallel"):
        walls, errors = [], []
        for _ in range(repeats):
            out = run_async(
                run_sessions(server.url, [session_body(participants, questions, mode)], timeout=300)
            )
            walls.append(out["wall"])
            errors += out["errors"]
        wall = statistics.median(walls)
        limit = model_limit(participants, questions, latency, mode)
        browser = browser_loop(participants, questions, latency)
        rows.append(
            {
                "mode": mode,
                "P": participants,
                "Q": questions,
                "L": latency,
                "runs": repeats,
                "wall": wall,
                "walls": walls,
                "limit": limit,
                "over": wall / limit - 1,
                "browser": browser,
                "speedup": browser / wall,
                "target": 0.10 if mode == "sequential" else 0.25,
                "errors": errors,
            }
        )
    return rows
