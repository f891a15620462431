"""The prompt layouts against answer quality on a real model (docs/usage-and-cost.md#prompt-caching).

    PYTHONPATH=src:tests python -m bench.prompt_layout_health [--runs 1] [--server]

Runs the same small session (3 participants x 2 questions, moderate answers, sequential,
one text stimulus) once per prompt layout (persona-first, cache-friendly) through the
whole app on the embedded model (or, with --server, llama-cpp-python's server with the
same GGUF), and prints each run's session health report (docs/trust.md): the overall
grade and every finding's status and summary, with the prompt tokens the run sent and
the answers' median length. Slow on a shared machine: minutes a run.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from colloquy.app import create_app
from support.llama_server import running_llama_server
from support.usage_real import PLAIN, QUESTIONS, STIMULUS, app_settings, reasks_of, wait_session

LAYOUTS = ("persona-first", "cache-friendly")


def run_one(api: TestClient, layout: str, run: int) -> dict[str, Any]:
    body = {
        "name": f"{layout} {run}",
        "participantIds": PLAIN,
        "questions": QUESTIONS,
        "stimuli": [STIMULUS],
        "settings": {
            "responseLength": "moderate",
            "discussionMode": "sequential",
            "promptLayout": layout,
        },
    }
    made = api.post("/api/sessions", json=body)
    assert made.status_code == 201, made.text
    sid = made.json()["id"]
    assert api.post(f"/api/sessions/{sid}/run").status_code == 200
    view = wait_session(api, sid)
    health = api.get(f"/api/sessions/{sid}/health")
    assert health.status_code == 200, health.text
    return {"view": view, "health": health.json()}


def report(layout: str, result: dict[str, Any], took: float) -> None:
    view, health = result["view"], result["health"]
    answers = [m for m in view["messages"] if m["kind"] == "response"]
    words = [len(m["content"].split()) for m in answers]
    print(f"\n### {layout} ({took:.0f} s)")
    print(f"- overall: {health['overall']}")
    print(
        f"- prompt tokens: {view['usage']['promptTokens']:,}; answer tokens "
        f"{view['usage']['completionTokens']:,}; re-asked {reasks_of(view['messages'])}"
    )
    print(
        f"- answer words: median {statistics.median(words):.0f}, min {min(words)}, max {max(words)}"
    )
    for f in health["findings"]:
        print(f"- {f['key']}: {f['status']} - {f.get('summary')}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--server", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        base = stack.enter_context(running_llama_server()) if args.server else None
        with TestClient(create_app(app_settings(Path(tmp), base))) as api:
            for run in range(args.runs):
                for layout in LAYOUTS:
                    t0 = time.monotonic()
                    result = run_one(api, layout, run)
                    report(layout, result, time.monotonic() - t0)


if __name__ == "__main__":
    main()
