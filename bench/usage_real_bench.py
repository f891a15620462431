"""The cost estimate against real token counts (docs/usage-and-cost.md#estimate-before-a-run).

    PYTHONPATH=src:tests python -m bench.usage_real_bench [--embedded] [--rows a,b]

Runs small sessions and a survey through the whole app (TestClient: the API, the runner,
evidence retrieval, the usage meter) on llama-cpp-python's own OpenAI-compatible server
(`python -m llama_cpp.server` with the shipped SmolLM2 GGUF: its usage is its tokenizer's
count, chat template included) or, with --embedded, on the embedded model in-process.
For each row it prints the estimate's low / expected / high total tokens (POST
/api/sessions/estimate, /api/surveys/estimate) and the total the run reported, and
whether the actual is inside the range. Keep it small: a 2-core machine is shared.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from colloquy.app import create_app
from colloquy.settings import Settings
from support.llama_server import running_llama_server

QUESTIONS = ["What do you look for in a snack?", "Would you try a seaweed chip?"]
STIMULUS = {
    "type": "text",
    "title": "Seaweed chips",
    "content": (
        "Crunchy baked seaweed chips with sea salt, 90 calories a bag, in a paper pouch "
        "that can go in the home compost. Sold in packs of six for 5.99."
    ),
}
EVIDENCE = (
    "Interview notes. I buy snacks for my two kids every week, mostly at the supermarket "
    "near work. I read the label for sugar and salt first, then the price per bag. I "
    "tried rice crackers last year and the kids liked them, but they were expensive. "
    "I worry about packaging waste; our bin fills up with plastic wrappers. I would pay "
    "a little more for a compostable pouch if the taste is good. Seaweed sounds odd to "
    "me but my daughter loves sushi, so she might try it. I don't trust health claims "
    "on the front of a pack, I look at the numbers on the back.\n\n"
) * 3

ROWS: dict[str, dict[str, Any]] = {
    "sequential": {"discussionMode": "sequential"},
    "parallel": {"discussionMode": "parallel"},
    "natural": {"discussionMode": "natural"},
    "sequential+private": {"discussionMode": "sequential", "privateAnswers": True},
    "sequential+evidence": {"discussionMode": "sequential", "evidence": True},
    "parallel+evidence+private": {
        "discussionMode": "parallel",
        "privateAnswers": True,
        "evidence": True,
    },
}


def app_settings(root: Path, base_url: str | None) -> Settings:
    common: dict[str, Any] = {
        "data_dir": root / "data",
        "database_url": f"sqlite+aiosqlite:///{root / 'colloquy.db'}",
        "llm_retry_base_delay": 0.05,
        "llm_timeout": 600.0,  # a shared 2-core machine: a call may wait its turn
        "llm_deadline_s": 900.0,
        "llm_max_concurrency": 1,  # the server answers one request at a time
        "public_hosts": ["testserver", "localhost"],
        "frontend_dist": root / "no-dist",
    }
    if base_url is None:
        return Settings(llm_provider="local", **common)
    return Settings(llm_provider="openai", llm_base_url=base_url, llm_model="smollm2", **common)


def add_evidence(api: TestClient, persona_ids: list[str]) -> None:
    for pid in persona_ids:
        if api.get(f"/api/personas/{pid}/evidence").json():
            continue
        res = api.post(
            f"/api/personas/{pid}/evidence",
            files={"file": ("interview.txt", EVIDENCE.encode(), "text/plain")},
        )
        assert res.status_code == 201, res.text


def session_body(name: str, options: dict[str, Any], ids: list[str]) -> dict[str, Any]:
    settings = {k: v for k, v in options.items() if k != "evidence"}
    return {
        "name": name,
        "participantIds": ids,
        "questions": QUESTIONS,
        "stimuli": [STIMULUS],
        "settings": {"responseLength": "brief", **settings},
    }


def wait_session(api: TestClient, sid: str) -> dict[str, Any]:
    deadline = time.monotonic() + 1800
    while (view := api.get(f"/api/sessions/{sid}").json())["running"]:
        assert time.monotonic() < deadline, "the session did not finish"
        time.sleep(0.5)
    assert view["status"] == "completed", view["error"]
    return view


def total(usage: dict[str, Any]) -> int:
    return int(usage["promptTokens"]) + int(usage["completionTokens"])


def run_session_row(api: TestClient, name: str, options: dict[str, Any]) -> dict[str, Any]:
    ids = ["p1", "p2", "p3"] if not options.get("evidence") else ["p4", "p5", "p6"]
    if options.get("evidence"):
        add_evidence(api, ids)
    body = session_body(name, options, ids)
    est = api.post("/api/sessions/estimate", json=body).json()
    sid = api.post("/api/sessions", json=body).json()["id"]
    assert api.post(f"/api/sessions/{sid}/run").status_code == 200
    view = wait_session(api, sid)
    return {"row": name, "estimate": est, "actual": view["usage"]}


def run_survey_row(api: TestClient) -> dict[str, Any]:
    body = {
        "name": "Chips",
        "concepts": [STIMULUS],
        "questions": [{"text": "How likely would you be to buy it?", "scale": "purchase_intent"}],
        "respondentIds": ["p1", "p2", "p3"],
        "samples": 2,
    }
    est = api.post("/api/surveys/estimate", json=body).json()
    survey = api.post("/api/surveys", json=body).json()
    api.post(f"/api/surveys/{survey['id']}/run")
    deadline = time.monotonic() + 900
    while (got := api.get(f"/api/surveys/{survey['id']}").json())["status"] == "running":
        assert time.monotonic() < deadline
        time.sleep(0.5)
    assert got["status"] == "completed", got.get("error")
    return {"row": "survey", "estimate": est, "actual": got["usage"]}


def line(result: dict[str, Any]) -> str:
    est, actual = result["estimate"], result["actual"]
    rng = est.get("range") or {"low": est, "high": est}
    low, high = rng["low"], rng["high"]
    lo_t, hi_t = (
        low["promptTokens"] + low["completionTokens"],
        (high["promptTokens"] + high["completionTokens"]),
    )
    mid = total(est)
    got = total(actual)
    inside = "yes" if lo_t <= got <= hi_t else "NO"
    width = (hi_t - lo_t) / 2 / mid if mid else 0.0
    return (
        f"| {result['row']} | {est['calls']} | {lo_t:,} / {mid:,} / {hi_t:,} (+-{width:.0%}) "
        f"| {got:,} ({actual['promptTokens']:,} + {actual['completionTokens']:,}) "
        f"| {(mid - got) / got:+.1%} | {inside} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--embedded", action="store_true", help="the in-process model")
    parser.add_argument("--rows", default=",".join([*ROWS, "survey"]))
    args = parser.parse_args()
    wanted = args.rows.split(",")
    print(
        "| run | calls | estimate low / expected / high | actual (prompt + answer) | error "
        "| inside |"
    )
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        server = running_llama_server() if not args.embedded else None
        base = server.__enter__() if server else None
        try:
            with TestClient(create_app(app_settings(Path(tmp), base))) as api:
                for name in wanted:
                    t0 = time.monotonic()
                    if name == "survey":
                        result = run_survey_row(api)
                    else:
                        result = run_session_row(api, name, ROWS[name])
                    print(line(result), f"<!-- {time.monotonic() - t0:.0f} s -->", flush=True)
        finally:
            if server:
                server.__exit__(None, None, None)


if __name__ == "__main__":
    main()
