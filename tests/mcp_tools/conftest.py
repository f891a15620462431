"""The tools against a started app (its lifespan: runtime, runners, survey manager) whose
model is the loopback OpenAI-compatible fake server."""

import pytest

from colloquy.app import create_app
from colloquy.mcp.context import ToolContext
from support.fake_openai import run_fake_openai
from support.mcp_harness import Harness


@pytest.fixture
async def harness(settings):
    with run_fake_openai() as fake:
        settings.llm_base_url = fake.base_url
        app = create_app(settings)
        async with app.router.lifespan_context(app):
            yield Harness(ToolContext.from_state(app.state), fake)
