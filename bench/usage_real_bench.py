"""The cost estimate against real token counts (docs/usage-and-cost.md#measured-against-real-token-counts).

    PYTHONPATH=src:tests python -m bench.usage_real_bench [--embedded] [--rows a,b]

Runs small sessions and a survey through the whole app (tests/support/usage_real.py) on
llama-cpp-python's own OpenAI-compatible server (`python -m llama_cpp.server` with the
shipped SmolLM2 GGUF: its usage is its tokenizer's count, chat template included) or,
with --embedded, on the embedded model in-process. For each row it prints the estimate's
low / expected / high total tokens, asked just before the run, and the total the run
recorded, whether the actual is inside the range and how wide the range is around its
middle (target: inside on every row, no wider than +-20 %). The rows share one database,
as a researcher's runs do: from the 18th stored answer on, the estimate uses the model's
observed re-ask rate. Keep it small: a 2-core machine is shared.
"""

from __future__ import annotations

import argparse
import contextlib
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from colloquy.app import create_app
from support.llama_server import running_llama_server
from support.usage_real import (
    app_settings,
    bounds,
    by_kind,
    estimate_row,
    run_session_row,
    run_survey_row,
    total,
)

ROWS: dict[str, dict[str, Any]] = {
    "sequential": {"discussionMode": "sequential"},
    "parallel": {"discussionMode": "parallel"},
    "natural": {"discussionMode": "natural"},
    "sequential+evidence+private": {
        "discussionMode": "sequential",
        "privateAnswers": True,
        "evidence": True,
    },
    "parallel+evidence+private": {
        "discussionMode": "parallel",
        "privateAnswers": True,
        "evidence": True,
    },
    "natural+evidence+private": {
        "discussionMode": "natural",
        "privateAnswers": True,
        "evidence": True,
    },
    "mixed+evidence+private": {
        "discussionMode": "sequential",
        "privateAnswers": True,
        "evidence": True,
        "mixed": True,
    },
}
SURVEYS = ("survey", "survey+evidence")


def line(result: dict[str, Any]) -> str:
    est, actual = result["estimate"], result["actual"]
    low, mid, high = bounds(est)
    got = total(actual)
    inside = "yes" if low <= got <= high else "NO"
    width = max(mid - low, high - mid) / mid if mid else 0.0
    return (
        f"| {result['row']} | {est['calls']} | {low:,} / {mid:,} / {high:,} (+-{width:.0%}) "
        f"| {got:,} ({actual['promptTokens']:,} + {actual['completionTokens']:,}) "
        f"| {result['reasks']} | {(mid - got) / got:+.1%} | {inside} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--embedded", action="store_true", help="the in-process model")
    parser.add_argument("--rows", default=",".join([*ROWS, *SURVEYS]))
    parser.add_argument(
        "--estimate-only",
        action="store_true",
        help="print each row's estimate on a fresh database, without running it",
    )
    args = parser.parse_args()
    wanted = args.rows.split(",")
    unknown = [w for w in wanted if w not in ROWS and w not in SURVEYS]
    if unknown:
        parser.error(f"unknown rows {unknown}: choose from {', '.join([*ROWS, *SURVEYS])}")
    print(
        "| run | calls (expected) | estimate low / expected / high | actual (prompt + answer) "
        "| re-asks | expected vs actual | inside |"
    )
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        base = None if args.embedded else stack.enter_context(running_llama_server())
        with TestClient(create_app(app_settings(Path(tmp), base))) as api:
            if args.estimate_only:
                for name in wanted:
                    est = estimate_row(api, name, ROWS.get(name), base)
                    low, mid, high = bounds(est)
                    width = max(mid - low, high - mid) / mid if mid else 0.0
                    reask = est["assumptions"][-1]
                    print(
                        f"| {name} | {est['calls']} | {low:,} / {mid:,} / {high:,} (+-{width:.0%}) "
                        f"| {reask} |",
                        flush=True,
                    )
                return
            for name in wanted:
                t0 = time.monotonic()
                if name in SURVEYS:
                    result = run_survey_row(api, name, evidence=name.endswith("evidence"))
                else:
                    result = run_session_row(api, name, ROWS[name], base)
                reask = result["estimate"]["assumptions"][-1]
                kinds = by_kind(result["view"]["messages"]) if "view" in result else {}
                took = f"{time.monotonic() - t0:.0f} s; {reask} {kinds}"
                print(line(result), f"<!-- {took} -->", flush=True)


if __name__ == "__main__":
    main()
