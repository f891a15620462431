"""Real runs against the cost estimate (docs/usage-and-cost.md#measured-against-real-token-counts),
shared by bench/usage_real_bench.py and tests/usage/test_estimate_real.py.

A row is a small session (3 participants, brief answers, one text stimulus) or survey run
through the whole app (TestClient: the API, the runner, evidence retrieval, the usage
meter) on a real model: llama-cpp-python's own server or the embedded model. For each it
returns the estimate (POST /api/sessions/estimate, /api/surveys/estimate, asked just
before the run with the same body) and the usage the run recorded: on llama-cpp-python's
server its reported usage, and for streamed answers (it sends none with a stream) its
tokenizer's count; on the embedded model llama.cpp's own counts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from colloquy.llm.llama_loader import EMBEDDED_NAME
from colloquy.settings import Settings
from support.sessions_helpers import wait_idle
from support.waiting import wait_survey

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
PLAIN = ["p1", "p2", "p3"]
WITH_EVIDENCE = ["p4", "p5", "p6"]


def app_settings(root: Path, base_url: str | None) -> Settings:
    """The app on the server at `base_url` (its /v1), or on the embedded model (None)."""
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


def two_profiles(api: TestClient, base_url: str | None) -> list[str]:
    """Two model profiles (made once): on the server two model names (the server answers
    both with its one model, as two GGUF aliases would), on the embedded model
    twice. Their ids."""
    found = {p["name"]: p["id"] for p in api.get("/api/model-profiles").json()["profiles"]}
    ids = []
    for name in ("Panel A", "Panel B"):
        if name not in found:
            if base_url is None:
                body = {"name": name, "provider": "local", "model": EMBEDDED_NAME}
            else:
                model = f"smollm2-{name[-1].lower()}"
                body = {"name": name, "provider": "openai", "baseUrl": base_url, "model": model}
            made = api.post("/api/model-profiles", json=body)
            assert made.status_code == 201, made.text
            found[name] = made.json()["id"]
        ids.append(found[name])
    return ids


def session_body(
    name: str, options: dict[str, Any], ids: list[str], questions: list[str]
) -> dict[str, Any]:
    settings = {k: v for k, v in options.items() if k not in ("evidence", "mixed")}
    return {
        "name": name,
        "participantIds": ids,
        "questions": questions,
        "stimuli": [STIMULUS],
        "settings": {"responseLength": "brief", **settings},
    }


def wait_session(api: TestClient, sid: str, timeout: float = 2400) -> dict[str, Any]:
    view = wait_idle(api, sid, timeout=timeout, interval=0.5)  # a real model: minutes
    assert view["status"] == "completed", view["error"]
    return view


def reasks_of(messages: list[dict[str, Any]]) -> int:
    return sum(1 for m in messages for r in m.get("repairs") or [] if r == "reasked")


def row_body(
    api: TestClient, name: str, options: dict[str, Any], base_url: str | None, questions: list[str]
) -> dict[str, Any]:
    """A session row's body (its personas' evidence and profiles made first)."""
    ids = WITH_EVIDENCE if options.get("evidence") else PLAIN
    if options.get("evidence"):
        add_evidence(api, ids)
    if options.get("mixed"):
        a, b = two_profiles(api, base_url)
        options = {**options, "participantProfiles": {ids[0]: a, ids[1]: b, ids[2]: b}}
    return session_body(name, options, ids, questions)


def survey_body(api: TestClient, evidence: bool) -> dict[str, Any]:
    ids = WITH_EVIDENCE if evidence else PLAIN
    if evidence:
        add_evidence(api, ids)
    return {
        "name": "Chips",
        "concepts": [STIMULUS],
        "questions": [{"text": "How likely would you be to buy it?", "scale": "purchase_intent"}],
        "respondentIds": ids,
        "samples": 2,
    }


def estimate_row(
    api: TestClient, name: str, options: dict[str, Any] | None, base_url: str | None
) -> dict[str, Any]:
    """A row's estimate alone (options None: a survey row)."""
    if options is None:
        res = api.post("/api/surveys/estimate", json=survey_body(api, name.endswith("evidence")))
    else:
        body = row_body(api, name, options, base_url, QUESTIONS)
        res = api.post("/api/sessions/estimate", json=body)
    assert res.status_code == 200, res.text
    return dict(res.json())


def run_session_row(
    api: TestClient,
    name: str,
    options: dict[str, Any],
    base_url: str | None,
    questions: list[str] = QUESTIONS,
) -> dict[str, Any]:
    """One session: {row, estimate, actual (its usage), reasks, calls}."""
    body = row_body(api, name, options, base_url, questions)
    est = api.post("/api/sessions/estimate", json=body)
    assert est.status_code == 200, est.text
    made = api.post("/api/sessions", json=body)
    assert made.status_code == 201, made.text
    sid = made.json()["id"]
    assert api.post(f"/api/sessions/{sid}/run").status_code == 200
    view = wait_session(api, sid)
    return {
        "row": name,
        "estimate": est.json(),
        "actual": view["usage"],
        "reasks": reasks_of(view["messages"]),
        "view": view,
    }


def run_survey_row(api: TestClient, name: str = "survey", evidence: bool = False) -> dict[str, Any]:
    body = survey_body(api, evidence)
    est = api.post("/api/surveys/estimate", json=body)
    assert est.status_code == 200, est.text
    survey = api.post("/api/surveys", json=body).json()
    assert api.post(f"/api/surveys/{survey['id']}/run").status_code == 200
    got = wait_survey(api, survey["id"], timeout=900, interval=0.5)
    return {"row": name, "estimate": est.json(), "actual": got["usage"], "reasks": 0}


def by_kind(messages: list[dict[str, Any]]) -> dict[str, tuple[int, int, int]]:
    """{kind: (messages, prompt tokens, completion tokens)} of a run's recorded usage."""
    out: dict[str, tuple[int, int, int]] = {}
    for m in messages:
        if m.get("usage"):
            n, p, c = out.get(m["kind"], (0, 0, 0))
            u = m["usage"]
            out[m["kind"]] = (n + 1, p + u["promptTokens"], c + u["completionTokens"])
    return out


def total(usage: dict[str, Any]) -> int:
    return int(usage["promptTokens"]) + int(usage["completionTokens"])


def bounds(estimate: dict[str, Any]) -> tuple[int, int, int]:
    """(low, expected, high) total tokens of an estimate."""
    rng = estimate["range"]
    return total(rng["low"]), total(estimate), total(rng["high"])
