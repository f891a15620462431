"""The tools against a started app (its start-up without HTTP: runtime, runners, survey
manager) whose model is the loopback OpenAI-compatible fake server."""

import pytest

from colloquy.mcp.context import started
from support.fake_openai import run_fake_openai
from support.mcp_harness import Harness


@pytest.fixture
async def harness(settings):
    with run_fake_openai() as fake:
        settings.llm_base_url = fake.base_url
        async with started(settings) as ctx:
            yield Harness(ctx, fake)
