"""The headless runner itself (in-process, local database): a stop request in the middle
of a survey stops it (exit 130) and --resume finishes it with every planned answer once;
progress shows the server's cost when it reports one."""

from __future__ import annotations

import asyncio

import pytest
from rich.console import Console

from colloquy.headless import progress, runner
from colloquy.headless.client import local_api
from support.fake_openai import run_fake_openai

pytestmark = pytest.mark.timeout(120)
SURVEY = """kind: survey
name: Kettles
concepts:
  - {type: text, title: Solar kettle, text: A kettle powered by the sun.}
  - {type: text, title: Brick phone, text: A phone made of brick.}
questions:
  - text: How likely would you be to buy it?
respondents: {ids: [p1, p2, p3, p4]}
samples: 2
"""


async def _answers(settings, survey_id: str) -> int:
    async with local_api(settings) as api:
        return (await api.json("GET", f"/api/surveys/{survey_id}"))["progress"]["done"]


async def test_a_stopped_survey_resumes_to_the_end(settings, tmp_path):
    guide = tmp_path / "s.yaml"
    guide.write_text(SURVEY)
    settings.survey_concurrency = 1
    console = Console(record=True, width=200)
    with run_fake_openai(latency=0.15) as fake:
        settings.llm_base_url = fake.base_url
        opts = runner.RunOptions("survey", guide, tmp_path / "out", ["json"])
        stop = asyncio.Event()
        task = asyncio.create_task(runner.run(opts, lambda: local_api(settings), console, stop))
        while len(fake.requests) < 3:
            await asyncio.sleep(0.05)
        stop.set()
        with pytest.raises(runner.RunStopped) as stopped:
            await task
        assert stopped.value.code == 130
        survey_id = stopped.value.lines[0].rsplit(" ", 1)[-1]
        assert survey_id.startswith("sv")
        done = await _answers(settings, survey_id)
        assert 0 < done < 16
        resume = runner.RunOptions("survey", None, tmp_path / "out", ["json"], resume=survey_id)
        code = await runner.run(resume, lambda: local_api(settings), console, asyncio.Event())
        assert code == 0
        assert await _answers(settings, survey_id) == 16  # 4 respondents x 2 concepts x 2
        # Nothing repeated but the one call in flight when the stop came (concurrency 1).
        assert 16 <= len(fake.requests) <= 17
    assert "Resuming Kettles" in console.export_text()
    assert len(list((tmp_path / "out").glob("*.json"))) == 1


def test_progress_lines_show_tokens_and_cost():
    view = {
        "questions": ["a", "b", "c"],
        "tokensUsed": 1234,
        "progress": {"questionIndex": 1, "round": 2},
    }
    assert progress.session_line(view) == "Q2/3 round 3 · 1,234 tokens"
    view["usage"] = {"promptTokens": 1000, "completionTokens": 500, "costUsd": 0.01234}
    assert progress.session_line(view) == "Q2/3 round 3 · 1,500 tokens · $0.0123"
    view["progress"] |= {"turn": 7, "turnBudget": 15}
    assert progress.session_line(view) == "Q2/3 turn 7 of ~15 · 1,500 tokens · $0.0123"
    survey = {"name": "K", "status": "running", "progress": {"errors": 2}}
    assert progress.survey_line(survey) == "K · running · 2 failed"
    long = {"speaker": "Ann", "personaId": "p1", "content": "word " * 100}
    assert progress.answer_line(long).endswith("…") and "[bold cyan]Ann" in progress.answer_line(
        long
    )
