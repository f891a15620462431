"""run_study and get_study (docs/mcp.md): through the tool dispatch on the scripted study
model, and through the official MCP SDK's client over streamable HTTP against a live
`colloquy serve`. Expected figures are worked out from support/study_script.py."""

from __future__ import annotations

import pytest

from colloquy.mcp.errors import ToolFailure
from support.fake_openai import run_fake_openai
from support.mcp_clients import error_text, http_client, live_server, result_json
from support.mcp_harness import Recorder
from support.study_script import GUIDE, responder

pytestmark = pytest.mark.timeout(180)


def study_guide(**changes) -> dict:
    return {
        "name": "Pouch study",
        "participants": {"ids": ["p1", "p2", "p3"]},
        "moderator": {"kind": "ai"},
        "questions": GUIDE,
        "settings": {"maxProbes": 1, "responseLength": "brief"},
        **changes,
    }


async def test_run_study_waits_for_the_interviews_and_the_synthesis(harness):
    harness.fake.set_responder(responder)
    progress = Recorder()
    out = await harness.call("run_study", {"guide": study_guide()}, progress)
    assert out["status"] == "completed" and out["synthesisId"]
    assert out["progress"]["interviews"]["done"] == 3
    assert out["progress"]["answers"] == {"done": 12, "total": 12}
    themes = {t["label"]: t for t in out["synthesis"]["themes"]}
    assert out["synthesis"]["status"] == "completed"
    assert (themes["Compostable material"]["count"], themes["Price"]["count"]) == (2, 3)
    sessions = {i["sessionId"] for i in out["interviews"]}
    assert all(q["sessionId"] in sessions for q in themes["Price"]["quotes"])
    assert len(themes["Price"]["quotes"]) == 3  # the default quotes_per_theme
    assert progress.reports[0] == (0, None, "Creating the study")
    # Steps: 12 answers, then the synthesis' 1 + 3 steps.
    assert progress.reports[-1] == (16, 16, "Study completed")
    done = [p for p, _, _ in progress.reports[1:]]
    assert done == sorted(done)
    read = await harness.call("get_study", {"study_id": out["studyId"], "quotes_per_theme": 0})
    assert read["synthesis"]["themes"][0]["quotes"] == []
    with pytest.raises(ToolFailure) as refused:
        await harness.call("run_study", {"guide": study_guide(questions=[])})
    assert "questions" in refused.value.message
    with pytest.raises(ToolFailure) as wrong:
        await harness.call("run_study", {"guide": {**study_guide(), "kind": "survey"}})
    assert wrong.value.message.startswith("kind: run_study runs study guides")
    with pytest.raises(ToolFailure) as missing:
        await harness.call("get_study", {"study_id": "nope"})
    assert missing.value.message == "Study not found"


@pytest.mark.slow
async def test_run_study_through_the_sdk_client(settings, tmp_path):
    with (
        run_fake_openai(responder) as fake,
        live_server(settings, fake.base_url, tmp_path / "serve.log") as url,
    ):
        async with http_client(url) as client:
            seen: list[tuple[float, float | None, str | None]] = []

            async def on_progress(progress, total, message):
                seen.append((progress, total, message))

            out = result_json(
                await client.call_tool(
                    "run_study", {"guide": study_guide()}, progress_callback=on_progress
                )
            )
            assert out["status"] == "completed"
            assert out["synthesis"]["respondentCount"] == 3
            # The last notification can arrive after the result over HTTP: the progress
            # reached its total; the exact last report is checked in-process above.
            assert seen and seen[-1][:2] == (16, 16)
            got = result_json(await client.call_tool("get_study", {"study_id": out["studyId"]}))
            assert got["synthesisId"] == out["synthesisId"]
            bad = await client.call_tool("get_study", {"study_id": "nope"})
            assert error_text(bad) == "Study not found"
