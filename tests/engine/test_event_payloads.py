"""Every live event has a name in engine/event_payloads.py and a pydantic model, and the
payloads the real code paths send (the runner's publisher, Run/Stop/Delete, the replay
from the database, the stream's start, a survey's progress) are exactly their model: they
validate, and dumping the model gives back the same JSON (no key the model lacks, no
value it changes). A new event name without a model fails here."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

import colloquy
from colloquy.api.events import _stream
from colloquy.api.schemas.events import SessionEventPayloads, SurveyEventPayloads
from colloquy.engine import event_payloads as payloads
from colloquy.engine.event_schemas import BusEventPayloads
from colloquy.engine.publisher import Publisher
from colloquy.schemas.surveys import SurveyCreate
from colloquy.services.sessions import crud as sessions
from colloquy.services.sessions import event_replay
from colloquy.services.surveys import progress as survey_progress
from colloquy.services.surveys import progress_stream, surveys
from colloquy.services.surveys.progress import Progress
from colloquy.store.tables import SessionRow

pytestmark = pytest.mark.timeout(60)
SRC = Path(colloquy.__file__).parent


def models(payloads_model: type[BaseModel]) -> dict[str, type[BaseModel]]:
    return {name: f.annotation for name, f in payloads_model.model_fields.items()}


SESSION_MODELS = models(SessionEventPayloads)
SURVEY_MODELS = models(SurveyEventPayloads)
BUS_MODELS = models(BusEventPayloads)


def test_every_event_name_has_a_model():
    assert set(SESSION_MODELS) == set(payloads.SESSION_EVENTS)
    assert set(SURVEY_MODELS) == set(payloads.SURVEY_EVENTS)
    assert set(BUS_MODELS) == set(payloads.BUS_EVENTS)
    for model in [*SESSION_MODELS.values(), *SURVEY_MODELS.values(), *BUS_MODELS.values()]:
        assert isinstance(model, type) and issubclass(model, BaseModel), model


# Where an event's name is given: EventBus.publish(channel, name, ...), publish_local,
# the publisher's _send(name, ...) and _emit, Event(id, name, ...), ServerSentEvent(event=).
NAME_ARG = {"publish": 1, "publish_local": 1, "_send": 0, "_emit": 0, "Event": 1}


def _names(node: ast.expr | None, constants: dict[str, set[str]]) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _names(node.body, constants) | _names(node.orelse, constants)
    if isinstance(node, ast.Name):
        return constants.get(node.id, set())
    return set()  # a name passed on (e.g. _send's own parameter): its callers are scanned


def published_names() -> dict[str, set[Path]]:
    """Every event name the source publishes or sends, with the files that do."""
    found: dict[str, set[Path]] = {}
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text())
        constants: dict[str, set[str]] = {}  # NAME = "x" (or "x" if ... else "y"), any scope
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    if isinstance(target, ast.Name):
                        constants.setdefault(target.id, set()).update(_names(node.value, {}))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            arg: ast.expr | None = None
            if called in NAME_ARG and len(node.args) > NAME_ARG[called]:
                arg = node.args[NAME_ARG[called]]
            elif called == "ServerSentEvent":
                arg = next((k.value for k in node.keywords if k.arg == "event"), None)
            for name in _names(arg, constants):
                found.setdefault(name, set()).add(path.relative_to(SRC))
    return found


def test_every_event_name_the_code_sends_is_registered():
    found = published_names()
    unknown = {name: files for name, files in found.items() if name not in payloads.EVENT_NAMES}
    assert not unknown, f"add these events to engine/event_payloads.py with a model: {unknown}"
    # The scan sees every registered name (it is not silently blind), and none is dead.
    assert set(found) == payloads.EVENT_NAMES


def check(model: type[BaseModel], data: dict[str, Any]) -> None:
    """`data` validates against `model`, and is what the model gives back."""
    wire = json.loads(json.dumps(data, default=str))
    dumped = model.model_validate(data).model_dump(by_alias=True, mode="json", exclude_unset=True)
    assert dumped == wire, (model.__name__, data)


def drain(sub) -> list[tuple[str, dict[str, Any]]]:
    out = []
    while not sub.queue.empty():
        event = sub.queue.get_nowait()
        if event is not None:
            out.append((event.name, event.data))
    return out


async def first_frame(env, sid: str, sent: str | None) -> tuple[str, dict[str, Any]]:
    stream = _stream(env.bus, env.factory, sid, sent)
    frame = (await stream.__anext__()).decode()
    await stream.aclose()
    fields = dict(line.split(": ", 1) for line in frame.splitlines() if ": " in line)
    return fields["event"], json.loads(fields["data"])


async def session_events(env) -> list[tuple[str, dict[str, Any]]]:
    """What a session's stream carries, from every code path that builds it."""
    sid = await env.create(participants=3, questions=2, moderator="ai")
    sub, _, _ = env.bus.subscribe(sid, None)
    events = [await first_frame(env, sid, None), await first_frame(env, sid, "unreadable")]
    await env.run(sid)  # Run (status), then the runner: thinking, token, message, progress
    await env.wait_idle(sid)
    pub = Publisher(env.bus, sid)  # an answer's call tried again, or queued
    pub.retrying({"id": "p1"}, 0, 0, 1)
    pub.waiting({"id": None}, None, 0, 1)
    pub.takeover(True, "Why does that matter to you?")  # an interview taken over
    env.bus.reset_all()
    missed = await event_replay.missed_since(env.factory, sid, 0)  # a reconnect, from the db
    assert missed is not None and missed.messages
    events += [("message", data) for _, data in missed.messages] + [("status", missed.status)]

    halted = await env.create()  # Stop with no runner: error
    async with env.factory() as db:
        row = await db.get(SessionRow, halted)
        row.status, row.running = "in-progress", True
        await db.commit()
    other, _, _ = env.bus.subscribe(halted, None)
    await env.stop(halted)
    async with env.factory() as db:
        await sessions.delete_session(db, sid, env.runners, env.bus)
    return events + drain(sub) + drain(other)


async def survey_events(env) -> list[tuple[str, dict[str, Any]]]:
    """What a survey's stream carries: the runner's snapshots, relayed or read back."""
    body = SurveyCreate.model_validate(
        {
            "name": "Kettles",
            "concepts": [{"type": "text", "title": "Solar kettle", "content": "Sun powered."}],
            "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
            "respondentIds": ["p1", "p2"],
            "samples": 1,
        }
    )
    async with env.factory() as db:
        survey = await surveys.create_survey(db, body)
    name = survey_progress.channel(survey["id"])
    sub, _, _ = env.bus.subscribe(name, None)
    progress = Progress(total=2, publish=survey_progress.publisher(env.bus, survey["id"]))
    progress.done = 1
    progress.bump()  # published to the other processes' streams
    stored = [s async for _, s in progress_stream.follow(env.bus, env.factory, survey["id"], None)]
    return [("progress", progress.snapshot())] + [("progress", s) for s in stored] + drain(sub)


async def test_every_payload_sent_is_its_model(env):
    sent = await session_events(env)
    for name, data in sent:
        check(SESSION_MODELS[name], data)
    assert {name for name, _ in sent} == set(payloads.SESSION_EVENTS)
    moderator_tokens = [d for n, d in sent if n == "token" and d["participantIndex"] is None]
    assert moderator_tokens and all(d["kind"] in ("probe", "summary") for d in moderator_tokens)
    assert any(n == "thinking" and "moderator" in d for n, d in sent)
    assert any(n == "status" and d["error"] is not None for n, d in sent)

    for name, data in await survey_events(env):
        check(SURVEY_MODELS[name], data)

    check(BUS_MODELS["settings"], payloads.settings(7))


def test_payload_keys_keep_their_wire_order():
    """Byte-compatible JSON: the keys in the order the clients always got them."""
    ref = payloads.answer_ref("p1", 0, 1, 2, {"speaker": "Moderator", "kind": "probe"})
    assert list(payloads.token(ref, "Hi")) == [
        "participantIndex",
        "personaId",
        "questionIndex",
        "round",
        "speaker",
        "kind",
        "delta",
    ]
    error = {"status": 503, "message": "down"}
    assert json.dumps(payloads.status("in-progress", running=False, error=error)) == (
        '{"status": "in-progress", "running": false, "error": {"status": 503, "message": "down"}}'
    )
    people = [{"id": "p1", "name": "Ann"}]
    assert json.dumps(payloads.thinking(people, [0], 1, 2)) == (
        '{"questionIndex": 1, "round": 2, "participants": '
        '[{"participantIndex": 0, "personaId": "p1", "name": "Ann"}]}'
    )
    assert payloads.thinking(people, [], 1, 2, "summary")["moderator"] == "summary"
    assert payloads.error({"message": "x"}) == {"status": None, "message": "x"}
    assert json.dumps(payloads.survey_progress("running", 1, 4, 0)) == (
        '{"status": "running", "done": 1, "total": 4, "errors": 0}'
    )
