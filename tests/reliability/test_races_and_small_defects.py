"""Stop or End racing Delete answer 404 (never 500); parallel
demo completions all succeed; a truncated upload says it is incomplete; insights of the
wrong structure are invalid. Runs on SQLite and PostgreSQL."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import delete

from colloquy.engine.manager import RunnerRegistry
from colloquy.llm.errors import LLMError
from colloquy.services.multipart_upload import MSG_INCOMPLETE
from colloquy.services.results.insights_output import parse_insights
from colloquy.store.tables import SessionRow


def new_session(client) -> str:
    body = {"name": "Race", "participantIds": ["p1", "p2", "p3"], "questions": ["A?", "B?"]}
    return client.post("/api/sessions", json=body).json()["id"]


@pytest.mark.parametrize("action", ["stop", "end"])
def test_stop_or_end_racing_delete_is_404(client, monkeypatch, action):
    sid = new_session(client)
    original = RunnerRegistry.stop

    async def stop_then_deleted(self, session_id, *, quiet=False):
        # The DELETE lands while Stop/End waits for the runner.
        async with self.factory() as db:
            await db.execute(delete(SessionRow).where(SessionRow.id == session_id))
            await db.commit()
        return await original(self, session_id, quiet=quiet)

    monkeypatch.setattr(RunnerRegistry, "stop", stop_then_deleted)
    res = client.post(f"/api/sessions/{sid}/{action}")
    assert res.status_code == 404, res.text
    assert res.json()["error"] == "Session not found"


def test_parallel_demo_completions_all_succeed(client):
    with ThreadPoolExecutor(6) as pool:
        codes = list(
            pool.map(lambda _: client.post("/api/sessions/demo/complete").status_code, range(6))
        )
    assert codes == [200] * 6
    view = client.get("/api/sessions/demo").json()
    assert view["status"] == "completed" and len(view["messages"]) > 0


def test_truncated_multipart_says_incomplete(client):
    boundary = "XyZ"
    head = (
        f"--{boundary}\r\n"
        'Content-Disposition: form-data; name="file"; filename="a.png"\r\n'
        "Content-Type: image/png\r\n\r\n"
    ).encode()
    body = head + b"\x89PNG\r\n\x1a\n" + b"0" * 100  # no closing boundary
    res = client.post(
        "/api/uploads",
        content=body,
        headers={"content-type": f"multipart/form-data; boundary={boundary}"},
    )
    assert res.status_code == 422
    assert MSG_INCOMPLETE in res.json()["errors"][0]


@pytest.mark.parametrize(
    "reply",
    [
        '{"summary": 5, "keyThemes": "none"}',
        '{"summary": "Fine.", "keyThemes": "none"}',
        '{"summary": "Fine.", "keyThemes": [], "recommendations": 3}',
        '{"summary": ["a"], "keyThemes": []}',
    ],
)
def test_insights_of_the_wrong_structure_are_invalid(reply):
    with pytest.raises(LLMError) as info:
        parse_insights(reply)
    assert info.value.kind == "invalid_output"


def test_insights_of_the_right_structure_pass():
    parsed = parse_insights(
        '{"summary": "Liked it.", "keyThemes": ["Price"], "recommendations": null}'
    )
    assert parsed.summary == "Liked it." and parsed.key_themes[0].theme == "Price"
