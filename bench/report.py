"""Print the results as Rich tables and write bench/RESULTS.md."""

from __future__ import annotations

import os
import platform
from pathlib import Path

from rich.console import Console
from rich.table import Table

from bench.limits import BROWSER_FORMULA

RESULTS = Path(__file__).with_name("RESULTS.md")
TARGETS = {
    "sequential": 0.10,
    "parallel": 0.25,
    "concurrent": 0.50,
    "sse_p99_ms": 100.0,
    "embedded_ratio": 0.95,
}


def machine(load_start: str) -> str:
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor() or "?",
    )
    load_end = Path("/proc/loadavg").read_text().split()[:3]
    return (
        f"{os.cpu_count()} cores ({cpu}), Python {platform.python_version()}, "
        f"load average at start {load_start}, at end {' '.join(load_end)}"
    )


def ok(flag: bool) -> str:
    return "met" if flag else "MISSED"


def _pct(x: float) -> str:
    return f"{x * 100:+.1f} %"


def tables(results: dict) -> list[tuple[str, list[str], list[list[str]], str]]:
    """(title, header, rows, note) for each scenario that ran."""
    out = []
    if rows := results.get("single"):
        body = [
            [
                r["mode"],
                f"P={r['P']} Q={r['Q']} L={r['L']}s",
                f"{r['wall']:.2f} s",
                f"{r['limit']:.2f} s",
                _pct(r["over"]),
                f"{r['browser']:.1f} s",
                f"{r['speedup']:.1f}x",
                f"<= {r['target'] * 100:.0f} %: {ok(r['over'] <= r['target'] and not r['errors'])}",
            ]
            for r in rows
        ]
        out.append(
            (
                "One session (median of runs)",
                [
                    "mode",
                    "size",
                    "wall",
                    "model limit",
                    "over limit",
                    "browser loop",
                    "vs browser",
                    "target",
                ],
                body,
                (
                    "Model limit: sequential Q x (1 + 2P) x L, parallel Q x 3 x L. Browser loop "
                    f"(the original product's, with its pauses): {BROWSER_FORMULA}."
                ),
            )
        )
    if rows := results.get("concurrent"):
        body = [
            [
                str(r["N"]),
                f"{r['wall']:.2f} s",
                f"{r['limit']:.2f} s",
                _pct(r["over"]),
                f"{r['cpu_ms_per_answer']:.1f} ms",
                f"{r['peak_rss_mb']:.0f} MB",
                f"{r['sse_median_ms']:.1f} / {r['sse_p99_ms']:.1f} ms",
                f"{r['sse_bound_p99_ms']:.1f} ms",
                str(len(r["errors"])),
                ok(
                    r["over"] <= TARGETS["concurrent"]
                    and not r["errors"]
                    and r["sse_p99_ms"] < TARGETS["sse_p99_ms"]
                )
                if r["N"] == max(x["N"] for x in rows)
                else ok(r["sse_p99_ms"] < TARGETS["sse_p99_ms"] and not r["errors"]),
            ]
            for r in rows
        ]
        r0 = rows[0]
        out.append(
            (
                f"N concurrent sessions ({r0['mode']}, P={r0['P']} Q={r0['Q']} L={r0['L']}s)",
                [
                    "N",
                    "wall (all)",
                    "model limit",
                    "over limit",
                    "server CPU / answer",
                    "peak RSS",
                    "SSE delay median / p99",
                    "p99 from timestamp",
                    "errors",
                    "target",
                ],
                body,
                (
                    "Wall: first run POST to the last session's final status event. CPU: the "
                    "server process (all threads) from /proc/<pid>/stat. Peak RSS: VmHWM of a "
                    "fresh server per N. SSE delay: arrival of each `message` event at a "
                    "subscriber minus the time its commit completed (the server's commit log, "
                    "bench/traced_serve.py). p99 from timestamp: the same from the timestamp "
                    "stored with the message, taken before its INSERT (an upper bound that also "
                    "counts the INSERT and COMMIT). Targets: largest N within 50 % of the limit with no error; "
                    "every N: SSE p99 under 100 ms."
                ),
            )
        )
    if r := results.get("prompts"):
        body = [
            ["answer 10", str(r["answer_10"])],
            ["answer 200", str(r["answer_200"])],
            ["answer 24 (last of question 1)", str(r["answer_24"])],
            ["answer 240 (last of question 10)", str(r["answer_240"])],
            ["largest prompt of the session", str(r["max"])],
            [
                "largest prompt, question 1 / last question",
                f"{r['first_q_max']} / {r['last_q_max']}",
            ],
            [
                "bound: prompt without discussion + budget (+5 % count slack)",
                f"{r['fixed']} + {r['budget']} x 1.05 = {r['bound']}",
            ],
            ["whole transcript by answer 240", str(r["transcript_at_240"])],
            ["bounded", ok(r["bounded"] and not r["errors"])],
        ]
        out.append(
            (
                f"Prompt tokens per answer (Q={r['Q']}, P={r['P']}, {r['answers']} answers)",
                ["answer", "prompt tokens (words x 1.3)"],
                body,
                (
                    "Read from the model server's record of every request (system + user "
                    "text, whitespace words x 1.3). Answers are about 143 tokens each, so "
                    "the transcript outgrows the discussion budget (1500 tokens, "
                    "engine/prompting.py) within the first question."
                ),
            )
        )
    if r := results.get("embedded"):
        body = []
        if "ratio" in r:
            body += [
                ["llama-cpp-python direct", f"{r['direct_tps']:.1f} tokens/s"],
                ["through Colloquy's LocalProvider", f"{r['colloquy_tps']:.1f} tokens/s"],
                [
                    "ratio (target >= 0.95)",
                    f"{r['ratio']:.3f}: {ok(r['ratio'] >= TARGETS['embedded_ratio'])}",
                ],
            ]
        else:
            body.append(["throughput", r.get("error", "?")])
        if s := r.get("session"):
            body.append(
                [
                    "3 personas x 2 questions, brief (18 answers)",
                    (
                        f"{s['wall']:.1f} s, {s['messages']} messages, "
                        f"{len(s['errors'])} errors ({s['note']})"
                    ),
                ]
            )
        if (u := r.get("reuse")) and "ratio" in u:
            body += [
                [
                    "reference: 1,200-token prompt from scratch + 50 tokens",
                    f"{u['reference_s']:.2f} s ({u['threads']} threads)",
                ],
                [
                    "3 x 2 brief session in-process (target <= 0.45 x 18 x reference)",
                    (
                        f"{u['wall_s']:.1f} s = {u['ratio']:.2f} x 18 x reference: "
                        f"{ok(u['ratio'] <= 0.45 and u['status'] == 'completed')} ({u['status']})"
                    ),
                ],
                [
                    "the same in CPU seconds of the process",
                    f"{u['cpu_s']:.1f} s = {u['cpu_ratio']:.2f} x 18 x {u['reference_cpu_s']:.2f} s",
                ],
                [
                    "prompt tokens evaluated from round 2 vs new text (target <= 1.1)",
                    (
                        f"{u['later_evaluated']} vs {u['later_new']}, worst answer "
                        f"{u['later_worst']:.2f}: "
                        f"{ok(u['later_evaluated'] <= 1.1 * u['later_new'])}"
                    ),
                ],
            ]
        out.append(
            (
                "Embedded model (SmolLM2-135M GGUF)",
                ["measure", "value"],
                body,
                (
                    f"Median of {r.get('repeats', '?')} interleaved runs each, greedy, "
                    f"max_tokens {r.get('max_tokens', '?')}, the same Llama instance."
                ),
            )
        )
    return out


def show(results: dict) -> None:
    console = Console()
    for title, header, rows, note in tables(results):
        table = Table(title=title, caption=note, caption_justify="left")
        for h in header:
            table.add_column(h)
        for row in rows:
            table.add_row(*row)
        console.print(table)
    for name, rows in (
        ("single", results.get("single") or []),
        ("concurrent", results.get("concurrent") or []),
    ):
        for r in rows:
            for err in r["errors"][:3]:
                console.print(f"[red]{name}: {err}[/red]")


def write(results: dict, load_start: str, command: str, notes: str) -> None:
    lines = [
        "# Benchmark results",
        "",
        f"Machine: {machine(load_start)}.",
        "",
        (
            f"Reproduce: `{command}` (all traffic on 127.0.0.1; the model is the load-test "
            "server `bench/model_server.py`, an OpenAI-compatible fake with a fixed latency "
            "per call, except for the embedded-model section)."
        ),
        "",
    ]
    for title, header, rows, note in tables(results):
        lines += [f"## {title}", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        lines += ["", note, ""]
    if notes:
        lines += [notes.strip(), ""]
    RESULTS.write_text("\n".join(lines))
