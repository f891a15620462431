"""How a run ends early: `Halt` (progress kept, an error stored on the session) and the
message a model's error is stored with."""

from __future__ import annotations

from typing import Any

from colloquy.domain.constants import MSG_GENERATION_FAILED
from colloquy.llm.errors import LLMError

# The product's own wordings (429, 402, timeout, empty) are kept as they are; anything else
# reads as the product's default with the provider's detail after it.
_SPEC_WORDED = {"rate_limit", "credits", "timeout", "empty"}


def error_message(err: LLMError) -> str:
    if err.kind in _SPEC_WORDED or not err.message:
        return err.message or MSG_GENERATION_FAILED
    if err.message.startswith(MSG_GENERATION_FAILED):
        return err.message
    return f"{MSG_GENERATION_FAILED}: {err.message}"


class Halt(Exception):
    """End this run, keeping progress; `error` is stored on the session."""

    def __init__(self, error: dict[str, Any] | None, complete: bool = False) -> None:
        super().__init__(error)
        self.error = error
        self.complete = complete
