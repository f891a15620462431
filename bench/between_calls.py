"""Where the runner's time goes between model calls: sessions on the real server against
the load-test model (fixed latency L), the wall time against the model-call limit
(bench/limits.py), and for one session the gap between each step's model calls: the
time from one step's requests to the next step's, less L (calls that start within 50 ms
are one step). With --profile, py-spy samples the server during the first run.

    PYTHONPATH=src .venv/bin/python -m bench.between_calls --mode sequential --repeats 3
    PYTHONPATH=src .venv/bin/python -m bench.between_calls --mode parallel
    PYTHONPATH=src .venv/bin/python -m bench.between_calls --sessions 20
    PYTHONPATH=src .venv/bin/python -m bench.between_calls --profile /tmp/server.raw
"""

from __future__ import annotations

import argparse
import itertools
import os
import shutil
import statistics
import subprocess
import time

from bench.client import run_async, run_sessions, session_body
from bench.limits import model_limit
from bench.model_server import ModelServer
from bench.server import ColloquyServer, cpu_seconds, free_port


def steps(arrivals: list[float]) -> list[float]:
    """Start times of the steps: requests within 50 ms of the step's first are one step."""
    out: list[float] = []
    for at in sorted(arrivals):
        if not out or at - out[-1] > 0.05:
            out.append(at)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--mode", default="sequential", choices=["sequential", "parallel"])
    p.add_argument("--sessions", type=int, default=1)
    p.add_argument("--repeats", type=int, default=2)
    p.add_argument("-P", type=int, default=5)
    p.add_argument("-Q", type=int, default=3)
    p.add_argument("-L", type=float, default=0.3)
    p.add_argument("--profile", help="py-spy raw profile of the server's first run")
    p.add_argument(
        "--idle", action="store_true", help="with --profile: also sample waiting threads"
    )
    a = p.parse_args()
    model = ModelServer(free_port(), latency=a.L)
    cap = str(max(16, a.sessions * a.P))  # the limit assumes every call can run at once
    server = ColloquyServer(
        llm_url=model.base_url, env={"COLLOQUY_LLM_MAX_CONCURRENCY": cap}, start_timeout=300
    )
    try:
        run_async(run_sessions(server.url, [session_body(3, 2, "parallel")], 120))  # warm-up
        # The warm-up's health report (its first loads the word-embedding model, about 2 s
        # of CPU) is computed after it completes: not in the first measured run.
        server.wait_idle()
        limit = model_limit(a.P, a.Q, a.L, a.mode)
        for run in range(a.repeats):
            model.configure(a.L)
            spy = None
            if a.profile and run == 0 and shutil.which("py-spy"):
                spy = subprocess.Popen(
                    ["py-spy", "record", "--pid", str(server.proc.pid), "-r", "200"]
                    + ["-f", "raw", "-o", a.profile, "--gil"]
                    + (["--idle"] if a.idle else []),
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
                time.sleep(1.5)
            cpu, loop_cpu = server.cpu_seconds(), server.main_thread_cpu_seconds()
            model_cpu = cpu_seconds(model.proc.pid)
            bodies = [session_body(a.P, a.Q, a.mode) for _ in range(a.sessions)]
            out = run_async(run_sessions(server.url, bodies, 600))
            cpu = server.cpu_seconds() - cpu
            loop_cpu = server.main_thread_cpu_seconds() - loop_cpu
            model_cpu = cpu_seconds(model.proc.pid) - model_cpu
            if spy is not None:
                spy.send_signal(2)
                spy.wait()
            calls = model.requests()
            print(
                f"{a.mode} x{a.sessions}: wall {out['wall']:.2f} s, limit {limit:.2f} s, "
                f"x{out['wall'] / limit:.3f}; {len(calls)} calls, {len(out['errors'])} errors, "
                f"server CPU {cpu:.2f} s ({cpu / len(calls) * 1000:.1f} ms per call; "
                f"event loop {loop_cpu:.2f} s), model server CPU {model_cpu:.2f} s, "
                f"load {os.getloadavg()[0]:.1f}"
            )
            if a.sessions == 1:
                starts = steps([c["at"] for c in calls])
                gaps = [(b - s - a.L) * 1000 for s, b in itertools.pairwise(starts)]
                print(
                    f"  {len(starts)} steps; gap after L, ms: median {statistics.median(gaps):.1f}"
                    f", mean {statistics.mean(gaps):.1f}, max {max(gaps):.1f}"
                )
            after = server.cpu_seconds()
            server.wait_idle()  # this run's health reports, before the next run
            print(f"  then {server.cpu_seconds() - after:.2f} s of server CPU after the run")
    finally:
        server.close()
        model.close()


if __name__ == "__main__":
    main()
