"""The synthesis' request: which sessions, and optionally the segments to compare."""

from typing import Annotated

from pydantic import Field

from colloquy.schemas.common import RequestModel

SessionId = Annotated[str, Field(max_length=64)]


class SynthesisCreate(RequestModel):
    session_ids: list[SessionId] = Field(
        min_length=1, max_length=50, description="The completed sessions to synthesise (1-50)."
    )
    segment_by: str | None = Field(
        default=None,
        max_length=120,
        description="age, gender, income, a Big Five trait (high at 50+) or tag:<name>.",
    )
