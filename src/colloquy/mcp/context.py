"""What a tool works with: the server's core (startup.py), the same runtime, runners and
survey manager as the API."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager

from colloquy.settings import Settings
from colloquy.startup import Core, core

ToolContext = Core


def started(settings: Settings) -> AbstractAsyncContextManager[ToolContext]:
    """The server's start-up without HTTP, as `colloquy worker` does it (migrations, seed
    personas, the saved model, runners and surveys resumed), for a process that serves
    the tools over stdio; everything is stopped cleanly on exit."""
    return core(settings)
