"""`started`: the tools' process start-up is the server's (migrations, seeds, resumed runs)."""

import asyncio

from colloquy.mcp.catalog import call_tool
from colloquy.mcp.context import started
from colloquy.mcp.progress import no_report, wait_for_session
from support.fake_openai import FakeReply, default_responder, run_fake_openai
from support.mcp_harness import focus_group_guide


async def test_a_fresh_data_dir_is_migrated_and_seeded(settings):
    assert not settings.data_dir.exists()
    async with started(settings) as ctx:
        listed = await call_tool(ctx, "list_personas", {})
        assert listed["total"] > 0  # the seed personas
    assert settings.data_dir.is_dir()


async def test_a_run_cut_by_a_stop_of_the_process_resumes_at_the_next_start(settings):
    with run_fake_openai() as fake:
        fake.set_responder(lambda body: FakeReply(default_responder(body), delay=0.1))
        settings.llm_base_url = fake.base_url
        async with started(settings) as ctx:
            out = await call_tool(
                ctx, "run_focus_group", {"guide": focus_group_guide(), "wait": False}
            )
            sid = out["sessionId"]
            for _ in range(200):
                await asyncio.sleep(0.05)
                seen = await call_tool(ctx, "get_session", {"session_id": sid, "include": []})
                if seen["progress"]["responses"] >= 2:
                    break
        # The process stopped mid-run: its runners were cancelled, the flag kept.
        assert 2 <= seen["progress"]["responses"] < 18
        async with started(settings) as ctx:
            again = await call_tool(ctx, "get_session", {"session_id": sid, "include": []})
            assert again["running"] is True
            view = await wait_for_session(ctx, sid, no_report, 60)
            assert view is not None and view["status"] == "completed"
            assert view["progress"]["responses"] == 18 and len(view["messages"]) == 24
