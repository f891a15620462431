"""Language-model providers behind one protocol (see provider.py), chosen by settings."""

from colloquy.llm.errors import LLMError
from colloquy.llm.factory import build_provider
from colloquy.llm.provider import Provider, TokenCallback
from colloquy.llm.types import ChatMessage, ChatRequest, ChatResult

__all__ = [
    "ChatMessage",
    "ChatRequest",
    "ChatResult",
    "LLMError",
    "Provider",
    "TokenCallback",
    "build_provider",
]
