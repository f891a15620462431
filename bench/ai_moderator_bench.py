"""The AI moderator's cost (docs/moderator.md): extra model calls and wall time in sequential mode.

Runs one session with the scripted moderator and one with the AI moderator against the
load-test model server (a fixed delay per call), through the real server and its API,
and prints:
  - the model calls of each (counted by the model server) and the AI session's extra
    calls against the target (at most questions x rounds: 2 probes + 1 summary each);
  - each session's wall time against its own model-call limit (the chain of model calls
    that cannot overlap, bench/limits.py, plus one call per probe and summary, which wait
    for the round before them and hold up the round after them); target within 10 %.

    python -m bench.ai_moderator_bench            # P=5, Q=3, L=0.3 s
    python -m bench.ai_moderator_bench -P 4 -Q 2 -L 0.2
Exit status 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 3
TARGET_OVER = 0.10


def ai_limit(participants: int, questions: int, latency: float) -> float:
    """Sequential mode with the AI moderator: the scripted chain Q x (1 + 2P) x L plus one
    call per probe and summary (Q x 3 x L): Q x (1 + 2P + 3) x L."""
    from bench.limits import model_limit

    return model_limit(participants, questions, latency, "sequential") + (
        questions * ROUNDS * latency
    )


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.ai_moderator_bench", description=__doc__)
    p.add_argument("-P", "--participants", type=int, default=5)
    p.add_argument("-Q", "--questions", type=int, default=3)
    p.add_argument("-L", "--latency", type=float, default=0.3, help="model seconds per call")
    return p.parse_args(argv)


def main(argv: list[str]) -> int:
    opts = parse(argv)
    sys.path.insert(0, str(ROOT / "src"))
    from bench.client import run_async, run_sessions, session_body
    from bench.limits import model_limit
    from bench.model_server import ModelServer
    from bench.server import ColloquyServer, free_port

    P, Q, L = opts.participants, opts.questions, opts.latency
    model = ModelServer(free_port(), latency=L)
    rows = []
    try:
        server = ColloquyServer(llm_url=model.base_url)
        try:
            # Warm-up: the first run imports and builds the model client.
            model.configure(0.0)
            run_async(run_sessions(server.url, [session_body(3, 2, "sequential")], 120))
            for moderator in ("scripted", "ai"):
                body = copy.deepcopy(session_body(P, Q, "sequential"))
                body["settings"]["moderator"] = moderator
                body["name"] += f" {moderator} moderator"
                model.configure(L)  # also clears the model server's record
                out = run_async(run_sessions(server.url, [body], timeout=600))
                calls = len(model.requests())
                limit = (
                    ai_limit(P, Q, L) if moderator == "ai" else model_limit(P, Q, L, "sequential")
                )
                rows.append(
                    {
                        "moderator": moderator,
                        "calls": calls,
                        "wall": out["wall"],
                        "limit": limit,
                        "over": out["wall"] / limit - 1,
                        "errors": out["errors"],
                    }
                )
        finally:
            server.close()
    finally:
        model.close()
    return report(rows, P, Q, L)


def report(rows: list[dict], P: int, Q: int, L: float) -> int:
    scripted, ai = rows
    extra = ai["calls"] - scripted["calls"]
    allowed = Q * ROUNDS
    print(f"AI moderator bench: sequential mode, P={P}, Q={Q}, model delay L={L:.2f} s")
    print(f"{'moderator':<10} {'calls':>6} {'wall s':>8} {'limit s':>8} {'over':>7}  errors")
    for r in rows:
        print(
            f"{r['moderator']:<10} {r['calls']:>6} {r['wall']:>8.2f} {r['limit']:>8.2f} "
            f"{r['over']:>+7.1%}  {len(r['errors'])}"
        )
        for e in r["errors"][:5]:
            print(f"    {e}")
    calls_ok = 0 <= extra <= allowed
    wall_ok = ai["over"] <= TARGET_OVER
    print(
        f"extra model calls: {extra} (target <= questions x rounds = {allowed}): "
        f"{'ok' if calls_ok else 'MISSED'}"
    )
    print(
        f"AI session wall time {ai['wall']:.2f} s vs its model-call limit {ai['limit']:.2f} s "
        f"({ai['over']:+.1%}, target <= +{TARGET_OVER:.0%}): {'ok' if wall_ok else 'MISSED'}"
    )
    clean = not scripted["errors"] and not ai["errors"]
    return 0 if calls_ok and wall_ok and clean else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
