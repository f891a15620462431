"""The PDF report of a 5,000-message session (bench/scale_fill.py's long session), drawn
the way the server draws it, in a child process of its own so that its peak resident
memory (ru_maxrss) and CPU time are the drawing's alone: figures that load on the machine
moves far less than wall time. `--whole` draws it as one document (the way before the
report was drawn in parts) for comparison.

    PYTHONPATH=src .venv/bin/python -m bench.pdf_report_bench            # in parts
    PYTHONPATH=src .venv/bin/python -m bench.pdf_report_bench --whole     # one document
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import time
from datetime import UTC, datetime
from typing import Any

from bench.machine import loadavg
from bench.scale_fill import Scale, message_rows, persona_rows, session_row, snapshot
from colloquy.domain.results.html_report import report_html
from colloquy.domain.results.report_parts import report_parts
from colloquy.services.results.analytics import build_analytics
from colloquy.services.results.pdf_render import render_pdf, render_pdf_parts

MESSAGES = 5000


def long_session() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    rng = random.Random(44)
    people = [snapshot(p) for p in persona_rows(Scale.of(1), rng)[:5]]
    row = session_row(0, people, rng, 6)
    messages = [
        {
            "id": m["id"],
            "speaker": m["speaker"],
            "content": m["content"],
            "sentiment": m["sentiment"],
            "personaId": m["persona_id"],
            "questionIndex": m["question_index"],
            "round": m["round_index"],
            "participantIndex": m["participant_index"],
            "kind": m["kind"],
            "tokens": m["tokens"],
        }
        for m in message_rows(row, MESSAGES, rng)
    ]
    return {**row, "insights": None}, messages


def _draw(whole: bool, out: Any) -> None:
    session, messages = long_session()
    args = (session, messages, None, build_analytics(session, messages))
    kw = {"notice": "SYNTHETIC DATA", "model_label": "bench", "generated_at": datetime.now(UTC)}
    start = time.process_time()
    if whole:
        pdf = render_pdf(report_html(*args, **kw))
        parts = 1
    else:
        documents = report_parts(*args, **kw)
        pdf = render_pdf_parts(documents)
        parts = len(documents)
    out.send((len(pdf), parts, time.process_time() - start))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--whole", action="store_true", help="one document, as before the parts")
    args = ap.parse_args()
    before = loadavg()
    ctx = multiprocessing.get_context("spawn")  # a fresh process: its peak is the drawing's
    receive, send = ctx.Pipe(duplex=False)
    t0 = time.perf_counter()
    child = ctx.Process(target=_draw, args=(args.whole, send))
    child.start()
    size, parts, cpu = receive.recv()
    _, status, usage = os.wait4(child.pid, 0)
    assert status == 0, status
    wall = time.perf_counter() - t0
    print(
        f"{'whole' if args.whole else 'parts'}: {MESSAGES} messages, {parts} documents, "
        f"{size / 1024:.0f} KB; drawing CPU {cpu:.1f} s; child peak RSS "
        f"{usage.ru_maxrss / 1024:.0f} MB, CPU {usage.ru_utime + usage.ru_stime:.1f} s; "
        f"wall {wall:.1f} s; load average {before} -> {loadavg()}"
    )


if __name__ == "__main__":
    main()
