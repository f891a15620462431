"""run_focus_group and get_session through the tool dispatch, on the loopback fake model."""

import asyncio

import pytest
from sqlalchemy import func, select

from colloquy.mcp.errors import ToolFailure
from colloquy.mcp.progress import no_report, wait_for_session
from colloquy.store.tables import MessageRow, SessionRow
from support.fake_openai import FakeError, FakeReply, default_responder
from support.mcp_harness import Recorder, focus_group_guide
from support.waiting import wait_for_async

pytestmark = pytest.mark.timeout(120)


async def _session_count(harness) -> int:
    async with harness.ctx.runtime.sessionmaker() as db:
        return await db.scalar(select(func.count()).select_from(SessionRow))


async def test_run_focus_group_runs_to_the_end_with_progress_and_a_summary(harness):
    progress = Recorder()
    out = await harness.call("run_focus_group", {"guide": focus_group_guide()}, progress)
    assert out["status"] == "completed" and out["finished"] and not out["running"]
    # 3 participants x 2 questions x 3 rounds; plus 2 x 3 moderator turns.
    assert out["progress"] == {"responses": 18, "total": 18}
    assert out["messageCount"] == 24 and sum(out["sentimentCounts"].values()) == 18
    assert out["error"] is None
    insights = out["insights"]
    assert insights["summary"] and insights["keyThemes"] is not None
    # Progress: never backwards, total fixed at 18, the last one says it is done.
    done = [p for p, _, _ in progress.reports]
    assert progress.reports[0] == (0, None, "Creating the session")
    assert done == sorted(set(done)) and {t for _, t, _ in progress.reports[1:]} == {18}
    assert progress.reports[-1] == (18, 18, "18 of 18 answers")
    view = await harness.call("get_session", {"session_id": out["sessionId"]})
    assert view["insights"] == insights  # stored with the session, as on the Results page
    assert view["status"] == "completed" and view["transcript"]["total"] == 24


async def test_run_focus_group_without_waiting_returns_the_running_session(harness):
    harness.fake.set_responder(lambda body: FakeReply(default_responder(body), delay=0.2))
    out = await harness.call("run_focus_group", {"guide": focus_group_guide(), "wait": False})
    assert out["running"] is True and out["finished"] is False
    assert out["status"] == "in-progress" and out["progress"]["total"] == 18
    progress = Recorder()
    late = await harness.call(
        "run_focus_group",
        {"guide": focus_group_guide(name="Second"), "timeout_seconds": 1, "insights": False},
        progress,
    )
    assert late["running"] is True and late["note"].startswith("Still running after 1 s")
    assert progress.reports and progress.reports[-1][1] == 18


async def test_a_failed_run_is_reported_with_its_session(harness):
    harness.fake.set_responder(lambda body: FakeError(401, "bad key"))
    out = await harness.call("run_focus_group", {"guide": focus_group_guide()})
    assert out["finished"] is False and out["running"] is False
    assert out["error"]["message"] and out["sessionId"]
    assert "insights" not in out


BAD_GUIDES = [
    (focus_group_guide(participants={"ids": ["p1"]}), "participants: Please select 3-8 personas"),
    (
        focus_group_guide(participants={"ids": ["p1", "p2", "nobody"]}),
        "participants.ids[2]: No persona with id nobody",
    ),
    (
        focus_group_guide(participants={"tags": ["no-one-has-it"]}),
        "participants.tags[0]: No persona has the tag no-one-has-it",
    ),
    (focus_group_guide(colour="red"), "colour: Unknown key"),
    (focus_group_guide(questions="What?"), "questions: Input should be a valid list"),
    (
        focus_group_guide(stimuli=[{"type": "image", "title": "Pack", "file": "pack.png"}]),
        (
            "stimuli[0].file: A stimulus file is read on the machine that runs the guide: use "
            "`colloquy run`, or upload the image and give its url"
        ),
    ),
    (
        focus_group_guide(kind="survey"),
        "kind: run_focus_group runs focus-group guides (a survey guide goes to run_survey)",
    ),
]


@pytest.mark.parametrize("guide,error", BAD_GUIDES)
async def test_bad_guides_are_tool_errors_and_create_nothing(harness, guide, error):
    before = await _session_count(harness)
    with pytest.raises(ToolFailure) as caught:
        await harness.call("run_focus_group", {"guide": guide})
    assert caught.value.errors == [error]
    assert await _session_count(harness) == before
    assert harness.fake.requests == []


async def test_bad_arguments_around_the_guide(harness):
    with pytest.raises(ToolFailure) as caught:
        await harness.call("run_focus_group", {"guide": "a focus group about pouches"})
    assert caught.value.errors == ["guide: Input should be a valid dictionary"]
    with pytest.raises(ToolFailure) as caught:
        await harness.call("run_focus_group", {"guide": focus_group_guide(), "timeout_seconds": 0})
    assert caught.value.errors == ["timeout_seconds: Input should be greater than or equal to 1"]
    with pytest.raises(ToolFailure) as caught:
        await harness.call("run_focus_group", {})
    assert caught.value.errors == ["guide: Field required"]
    assert await _session_count(harness) == 0


async def test_get_session_pages_the_transcript_and_cuts_long_answers(harness):
    harness.fake.set_responder(
        lambda body: default_responder(body) if body.get("response_format") else "word " * 600
    )
    out = await harness.call("run_focus_group", {"guide": focus_group_guide(), "insights": False})
    sid = out["sessionId"]
    page1 = await harness.call(
        "get_session", {"session_id": sid, "max_messages": 10, "max_message_chars": 100}
    )
    transcript = page1["transcript"]
    assert transcript["total"] == 24 and transcript["offset"] == 0
    assert transcript["nextOffset"] == 10 and len(transcript["messages"]) == 10
    answer = next(m for m in transcript["messages"] if m["kind"] == "response")
    assert answer["content"].startswith("word word")
    assert answer["content"].endswith("more characters]") and len(answer["content"]) < 140
    last = await harness.call("get_session", {"session_id": sid, "offset": 20})
    assert len(last["transcript"]["messages"]) == 4 and last["transcript"]["nextOffset"] is None
    health = page1["health"]
    assert health["available"] is True and health["overall"] in ("good", "fair", "poor")
    bare = await harness.call("get_session", {"session_id": sid, "include": []})
    assert {"transcript", "insights", "health"}.isdisjoint(bare)
    assert bare["messageCount"] == 24 and bare["participants"][0]["id"] == "p3"


async def test_get_session_errors(harness):
    with pytest.raises(ToolFailure, match="^Session not found$"):
        await harness.call("get_session", {"session_id": "nope"})
    with pytest.raises(ToolFailure) as caught:
        await harness.call("get_session", {"session_id": "x", "max_messages": 5000})
    assert caught.value.errors == ["max_messages: Input should be less than or equal to 1000"]


async def test_a_cancelled_call_leaves_the_run_going_and_stops_listening(harness):
    harness.fake.set_responder(lambda body: FakeReply(default_responder(body), delay=0.05))
    progress = Recorder()
    call = asyncio.create_task(
        harness.call("run_focus_group", {"guide": focus_group_guide()}, progress)
    )
    await wait_for_async(lambda: len(progress.reports) >= 3, what="three progress reports")
    async with harness.ctx.runtime.sessionmaker() as db:
        sid = await db.scalar(select(SessionRow.id))
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    assert not harness.ctx.events._channel(sid).subscribers  # the wait unsubscribed
    view = await wait_for_session(harness.ctx, sid, no_report, 60)
    assert view is not None and view["status"] == "completed"


async def test_get_session_leaves_private_answers_out_of_the_transcript(harness):
    # docs/natural-mode.md: the transcript leaves the private before/after answers out.
    guide = focus_group_guide(
        settings={"responseLength": "brief", "discussionMode": "sequential", "privateAnswers": True}
    )
    out = await harness.call("run_focus_group", {"guide": guide, "insights": False})
    assert out["status"] == "completed", out
    async with harness.ctx.runtime.sessionmaker() as db:
        kinds = list(
            await db.scalars(
                select(MessageRow.kind).where(MessageRow.session_id == out["sessionId"])
            )
        )
    private = [k for k in kinds if k.startswith("private")]
    assert len(private) == 12  # 3 participants x 2 questions, before and after
    view = await harness.call("get_session", {"session_id": out["sessionId"], "max_messages": 500})
    shown = [m["kind"] for m in view["transcript"]["messages"]]
    assert not [k for k in shown if k.startswith("private")]
    assert view["transcript"]["total"] == len(kinds) - 12 == view["messageCount"]
