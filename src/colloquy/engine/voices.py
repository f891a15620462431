"""Which model answers for each participant of a run (mixed panels).

A session's `settings.participantProfiles` ({personaId: profileId}) names a model profile
per participant; the others answer on the default model. The voices are built once when a
run starts and kept to its end: a saved change of the default model or of a profile
reaches the next run, never one under way. Each stored answer names the voice's profile
and model.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from colloquy.llm.provider import Provider
from colloquy.store.tables import SessionRow


@dataclass(frozen=True)
class Voice:
    provider: Provider
    profile_id: str | None = None
    profile_name: str | None = None
    owned: bool = False  # built for this run (closed when it ends)

    @property
    def model(self) -> str:
        return str(getattr(self.provider, "model", "") or "unknown")

    def stamp(self) -> dict[str, Any]:
        """What a stored message records about the model that wrote it."""
        return {"profileId": self.profile_id, "profileName": self.profile_name, "model": self.model}


# (the session row, the run's default provider) -> a voice per participant index
VoiceBuilder = Callable[[SessionRow, Provider], Awaitable[dict[int, Voice]]]


class Mixed:
    """The provenance of a run on several models: every distinct provider and model."""

    def __init__(self, voices: list[Voice]) -> None:
        seen: dict[tuple[str, str], None] = {}
        for v in voices:
            seen[(str(getattr(v.provider, "name", "") or "unknown"), v.model)] = None
        self.name = " + ".join(dict.fromkeys(k for k, _ in seen))
        self.model = " + ".join(m for _, m in seen)


async def close_owned(voices: Mapping[Any, Voice]) -> None:
    closed: set[int] = set()
    for voice in voices.values():
        if voice.owned and id(voice.provider) not in closed:
            closed.add(id(voice.provider))
            with contextlib.suppress(Exception):
                await voice.provider.aclose()
