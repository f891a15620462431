"""Which structured-output mode each endpoint (base URL + model) takes, learnt from its
refusals and remembered for a while only (docs/reliability.md).

A refusal downgrades an endpoint only when its message names the response format: a 400
about a too-long prompt or a bad image says nothing about JSON mode. The weaker mode is
kept for `ttl` seconds, then the stronger one is tried again (a server may have been
upgraded, or the refusal was a fluke)."""

from __future__ import annotations

import time
from collections.abc import Callable

JSON_MODES = ("json_schema", "json_object", "prompt")
DOWNGRADE_TTL = 600.0  # seconds a weaker mode is kept before json_schema is tried again
# What an error must name to be taken for a refusal of the response format.
FORMAT_NAMES = ("response_format", "response format", "json_schema", "json_object")


def names_response_format(message: str) -> bool:
    msg = message.lower()
    return any(name in msg for name in FORMAT_NAMES)


class JsonModeMemory:
    def __init__(
        self, ttl: float = DOWNGRADE_TTL, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.ttl = ttl
        self.clock = clock  # injectable: tests move time on
        self._modes: dict[tuple[str, str], tuple[str, float]] = {}

    def mode(self, endpoint: tuple[str, str]) -> str:
        """The mode to ask in now: the strongest unless a downgrade is still fresh."""
        entry = self._modes.get(endpoint)
        if entry is None:
            return JSON_MODES[0]
        mode, until = entry
        if self.clock() >= until:
            del self._modes[endpoint]
            return JSON_MODES[0]
        return mode

    def downgrade(self, endpoint: tuple[str, str]) -> str | None:
        """Step one mode weaker for `ttl` seconds; None when already at the weakest."""
        current = self.mode(endpoint)
        index = JSON_MODES.index(current)
        if index + 1 >= len(JSON_MODES):
            return None
        weaker = JSON_MODES[index + 1]
        self._modes[endpoint] = (weaker, self.clock() + self.ttl)
        return weaker

    def clear(self) -> None:
        self._modes.clear()


# Shared by every provider built for an endpoint, for the life of the process.
MEMORY = JsonModeMemory()
