"""`python -m bench` (or `make bench`): run the benchmarks, print tables, write RESULTS.md.

python -m bench                     full run (a few minutes)
python -m bench --quick             small sizes, about a minute
python -m bench --only single,concurrent --sizes 1,10 -P 5 -Q 3 -L 0.3
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bench.machine import loadavg, wait_for_quiet

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ("single", "concurrent", "prompts", "embedded")
CHANGES = Path(__file__).with_name("CHANGES.md")  # before/after notes, appended to RESULTS


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--quick", action="store_true", help="small sizes for a fast check")
    p.add_argument("--only", default=",".join(SCENARIOS), help="comma-separated scenarios")
    p.add_argument("-P", "--participants", type=int, default=5)
    p.add_argument("-Q", "--questions", type=int, default=3)
    p.add_argument("-L", "--latency", type=float, default=0.3, help="model seconds per call")
    p.add_argument("--sizes", default="1,10,50,100", help="concurrent session counts")
    p.add_argument("--repeats", type=int, default=3, help="runs per single-session mode")
    p.add_argument(
        "--wait-load",
        type=float,
        default=0,
        metavar="SECONDS",
        help="first wait up to this long for the 1-minute load average < 2",
    )
    p.add_argument("--no-write", action="store_true", help="do not write bench/RESULTS.md")
    p.add_argument(
        "--subscribers",
        type=int,
        default=1,
        help="SSE subscribers per session in the concurrent scenario",
    )
    opts = p.parse_args(argv)
    if opts.quick:
        opts.sizes, opts.repeats = "1,10", 1
    opts.only = [s.strip() for s in opts.only.split(",") if s.strip()]
    unknown = set(opts.only) - set(SCENARIOS)
    if unknown:
        p.error(f"unknown scenario(s): {', '.join(sorted(unknown))}")
    opts.sizes = [int(n) for n in opts.sizes.split(",") if n.strip()]
    return opts


def main(argv: list[str]) -> int:
    opts = parse(argv)
    sys.path.insert(0, str(ROOT / "src"))
    from bench import report
    from bench.model_server import ModelServer
    from bench.server import ColloquyServer, free_port

    wait_for_quiet(opts.wait_load)
    load_start = loadavg()
    results: dict = {}
    P, Q, L = opts.participants, opts.questions, opts.latency
    model = ModelServer(free_port(), latency=L)
    try:
        if {"single", "prompts"} & set(opts.only):
            server = ColloquyServer(llm_url=model.base_url)
            try:
                from bench.client import run_async, run_sessions, session_body

                # Warm-up: the first run imports and builds the model client (once per process).
                run_async(run_sessions(server.url, [session_body(3, 2, "parallel")], 120))
                if "single" in opts.only:
                    from bench.scenarios import single

                    results["single"] = single.run(
                        server, model, participants=P, questions=Q, latency=L, repeats=opts.repeats
                    )
                if "prompts" in opts.only:
                    from bench.scenarios import prompts

                    results["prompts"] = (
                        prompts.run(server, model, participants=8, questions=10)
                        if not opts.quick
                        else prompts.run(server, model, participants=8, questions=3)
                    )
            finally:
                server.close()
        if "concurrent" in opts.only:
            from bench.scenarios import concurrent

            results["concurrent"] = concurrent.run(
                model,
                sizes=opts.sizes,
                participants=P,
                questions=Q,
                latency=L,
                subscribers=opts.subscribers,
            )
    finally:
        model.close()
    if "embedded" in opts.only:
        from bench.scenarios import embedded

        results["embedded"] = embedded.throughput(repeats=3 if opts.quick else 5)
        results["embedded"]["session"] = embedded.session()
        from bench.scenarios import embedded_reuse

        results["embedded"]["reuse"] = embedded_reuse.run()
    report.show(results)
    if not opts.no_write:
        command = "make bench" if not argv else f"python -m bench {' '.join(argv)}"
        notes = CHANGES.read_text() if CHANGES.exists() else ""
        report.write(results, load_start, command, notes)
        print(f"wrote {report.RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
