"""Session health and personality audit through the API, with scripted models."""

import itertools
import re
import threading

import pytest

from colloquy.domain.trust.ipip_items import IPIP_ITEMS
from support.fake_openai import default_responder
from support.sessions_helpers import app_client, session_body, wait_idle
from support.waiting import wait_audit, wait_for

pytestmark = pytest.mark.timeout(120)

AI_TEXT = "As an AI language model, I don't have personal opinions about pouches."
KEYS = {number: (trait, key) for number, _, trait, key in IPIP_ITEMS}
_TRAIT_LINE = re.compile(r"- (\w+): (\d+(?:\.\d+)?)/100")


def is_answer(body):
    return not body.get("response_format") and "Moderator's question" in str(body["messages"])


def scripted_answers(text_for_call):
    """Answers from `text_for_call(n)` (n counts answer calls); anything else as default."""
    counter = itertools.count()
    lock = threading.Lock()

    def respond(body):
        if body.get("response_format"):
            return default_responder(body)
        with lock:
            n = next(counter)
        return text_for_call(n)

    return respond


def run_to_completion(api, **overrides):
    s = api.post("/api/sessions", json=session_body(**overrides)).json()
    assert api.post(f"/api/sessions/{s['id']}/run").status_code == 200
    view = wait_idle(api, s["id"])
    assert view["status"] == "completed"
    return view


def wait_health(api, session_id, timeout=30):
    """The session's health report, once computed after completion."""
    return wait_for(
        lambda: next(r for r in api.get("/api/sessions").json() if r["id"] == session_id)["health"],
        timeout=timeout,
        what="the health report",
    )


def finding(report, key):
    return next(f for f in report["findings"] if f["key"] == key)


def test_identical_answers_flag_diversity_and_the_report_is_stored(api, fake_llm):
    fake_llm.set_responder(scripted_answers(lambda n: "I think it is fine."))
    view = run_to_completion(api)
    # Computed once the session completed (the runner's hook), shown on the dashboard row.
    assert wait_health(api, view["id"]) == "poor"
    res = api.get(f"/api/sessions/{view['id']}/health")
    assert res.status_code == 200
    report = res.json()
    assert report["sessionId"] == view["id"]
    assert report["embedder"].startswith("wordllama")
    assert report["answerCount"] == 18
    div = finding(report, "diversity")
    assert div["status"] == "bad"
    assert div["data"]["meanDistance"] == 0.0
    answer_ids = {m["id"] for m in view["messages"] if m["kind"] == "response"}
    assert set(div["messageIds"]) == answer_ids
    assert report["overall"] == "poor"
    assert any("Variety of answers" in w for w in report["warnings"])
    # Stored: the same report (same computedAt) on the next read.
    again = api.get(f"/api/sessions/{view['id']}/health").json()
    assert again["computedAt"] == report["computedAt"]
    # Deleting the session deletes its report.
    assert api.delete(f"/api/sessions/{view['id']}").status_code == 204
    assert api.get(f"/api/sessions/{view['id']}/health").status_code == 404


def test_as_an_ai_language_model_flags_exactly_that_message(api, fake_llm):
    fake_llm.set_responder(
        scripted_answers(
            lambda n: AI_TEXT if n == 4 else f"Answer {n}: the pouch {'feels ' * (n % 4)}odd."
        )
    )
    view = run_to_completion(api)
    target = [m["id"] for m in view["messages"] if m["content"] == AI_TEXT]
    assert len(target) == 1
    report = api.get(f"/api/sessions/{view['id']}/health").json()
    breaks = finding(report, "characterBreaks")
    assert breaks["messageIds"] == target
    assert breaks["data"]["count"] == 1
    assert breaks["data"]["items"][0]["kinds"] == ["ai_speech"]


def test_health_needs_a_completed_session(api):
    s = api.post("/api/sessions", json=session_body()).json()
    res = api.get(f"/api/sessions/{s['id']}/health")
    assert res.status_code == 409
    assert res.json()["error"] == "Session health is measured once the session has completed"
    assert api.get("/api/sessions/nope/health").status_code == 404


def test_health_on_demand_for_an_ended_session_and_in_exports(api, fake_llm):
    s = api.post("/api/sessions", json=session_body()).json()
    # Ended with no answers: computed on demand, too few answers to judge.
    assert api.post(f"/api/sessions/{s['id']}/end").status_code == 200
    report = api.get(f"/api/sessions/{s['id']}/health").json()
    assert report["answerCount"] == 0
    assert report["overall"] == "fair"
    assert "Only 0 answers: too few to judge." in report["warnings"]
    exported = api.get(f"/api/sessions/{s['id']}/export.json").json()
    assert exported["health"]["overall"] == "fair"
    md = api.get(f"/api/sessions/{s['id']}/export.md").text
    assert "## Session health" in md
    assert "**Overall: fair**" in md


def test_small_model_warning_names_the_embedded_default(settings, fake_llm):
    settings.llm_model = "SmolLM2-135M-Instruct"
    with app_client(settings, fake_llm) as api:
        view = run_to_completion(api)
        report = api.get(f"/api/sessions/{view['id']}/health").json()
    assert report["model"] == {
        "provider": "openai",
        "name": "SmolLM2-135M-Instruct",
        "tooSmall": True,
    }
    assert "SmolLM2-135M-Instruct (135 million parameters)" in report["warnings"][0]
    assert report["overall"] in ("fair", "poor")


def answer_sheet(answer_for):
    """A model that answers every questionnaire item with answer_for(item number, system)."""

    def respond(body):
        fmt = body.get("response_format") or {}
        schema = fmt.get("json_schema", {}).get("schema")
        if not schema or "answers" not in schema.get("properties", {}):
            return default_responder(body)
        system = body["messages"][0]["content"]
        keys = schema["properties"]["answers"]["required"]
        return {"answers": {k: answer_for(int(k), system) for k in keys}}

    return respond


def test_demo_health_names_the_script_not_a_model(api):
    assert api.post("/api/sessions/demo/complete").status_code == 200
    report = api.get("/api/sessions/demo/health").json()
    assert report["model"]["provider"] == "demo" and report["model"]["tooSmall"] is False
    assert not any("too small" in w for w in report["warnings"])


def test_audit_all_threes_gives_fifty_and_is_not_engaging(api, fake_llm):
    fake_llm.set_responder(answer_sheet(lambda n, system: 3))
    res = api.post("/api/personas/p1/audit")
    assert res.status_code == 201, res.text
    audit = res.json()
    assert audit["measured"] == dict.fromkeys(
        ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism"), 50.0
    )
    assert audit["engaging"] is False
    assert audit["answered"] == 50
    assert audit["model"] == "test-model"
    assert api.get("/api/personas/p1/audit").json()["id"] == audit["id"]
    # Five batches of ten items, in character (the persona's own system prompt).
    asks = [b for b in fake_llm.requests if b.get("response_format")]
    assert len(asks) == 5
    assert "Stay in character" in asks[0]["messages"][0]["content"]
    # Deleting the persona deletes its audits.
    assert api.delete("/api/personas/p1").status_code == 204
    assert api.get("/api/personas/audit").json()["audited"] == 0


def test_audit_scripted_sheet_gives_hand_computed_scores(api, fake_llm):
    def answer(n, system):
        trait, key = KEYS[n]
        if trait == "extraversion":
            return 5 if key > 0 else 1
        if trait == "agreeableness":
            return 1 if key > 0 else 5
        if trait == "conscientiousness":
            return 4
        if trait == "neuroticism":
            return 2
        return (n // 5 - 1) % 5 + 1  # openness items 5..50: 1, 2, 3, 4, 5, 1, ...

    fake_llm.set_responder(answer_sheet(answer))
    audit = api.post("/api/personas/p2/audit").json()
    assert audit["measured"] == {
        "openness": 60.0,
        "conscientiousness": 55.0,
        "extraversion": 100.0,
        "agreeableness": 0.0,
        "neuroticism": 35.0,
    }
    assert audit["engaging"] is True


def test_audit_errors(api, fake_llm):
    assert api.post("/api/personas/nope/audit").status_code == 404
    assert api.get("/api/personas/nope/audit").status_code == 404
    assert api.get("/api/personas/p1/audit").json() is None
    fake_llm.set_responder(lambda body: "no json here at all")
    res = api.post("/api/personas/p1/audit")
    assert res.status_code == 502
    assert "none of the questionnaire items" in res.json()["error"]


def in_character(n, system):
    """Answers that follow the assigned trait: 0 -> 1, 100 -> 5, reversed when keyed -."""
    trait, key = KEYS[n]
    value = {t.lower(): float(v) for t, v in _TRAIT_LINE.findall(system)}[trait]
    answer = round(1 + value / 25)
    return answer if key > 0 else 6 - answer


def test_library_audit_reports_r_per_trait_within_a_minute(api, fake_llm):
    fake_llm.set_responder(answer_sheet(in_character))
    res = api.post("/api/personas/audit")
    assert res.status_code == 202
    assert res.json()["total"] == 10
    report = wait_audit(api, timeout=60)
    assert report["job"]["done"] == 10 and report["job"]["failed"] == 0
    assert report["audited"] == 10
    assert len(report["audits"]) == 10
    for trait, stats in report["traits"].items():
        assert stats["n"] == 10, trait
        assert stats["r"] > 0.85, (trait, stats)  # answers are whole numbers
        assert stats["mae"] <= 12.5, (trait, stats)
    assert report["models"] == ["test-model"]
    assert [a["r"] for a in report["anchors"]] == [0.9, 0.8]


def test_audit_scores_what_was_answered_when_a_batch_fails(api, fake_llm):
    from support.fake_openai import FakeError

    sheet = answer_sheet(lambda n, system: 4)

    def respond(body):
        schema = (body.get("response_format") or {}).get("json_schema", {}).get("schema") or {}
        if "1" in schema.get("properties", {}).get("answers", {}).get("required", []):
            return FakeError(400, "this batch is refused")
        return sheet(body)

    fake_llm.set_responder(respond)
    audit = api.post("/api/personas/p3/audit").json()
    assert audit["answered"] == 40
    assert 1 not in [item["item"] for item in audit["items"]]
    assert audit["engaging"] is False  # every answer it gave was a 4
