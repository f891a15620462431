"""Save as guide: a stored session or survey, or the create form's setup, as guide text."""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.guides import convert
from colloquy.services.guides.loading import dump_guide
from colloquy.services.guides.resolve import model_view
from colloquy.services.sessions import crud as sessions
from colloquy.services.surveys import surveys


def guide_file(guide: dict[str, Any]) -> dict[str, Any]:
    """The guide, its YAML and JSON text and a file name (from the guide's name)."""
    stem = re.sub(r"[^A-Za-z0-9]+", "-", str(guide.get("name") or "")).strip("-").lower()
    return {
        "guide": guide,
        "yaml": dump_guide(guide, "yaml"),
        "json": dump_guide(guide, "json"),
        "filename": f"{stem[:60] or 'guide'}.guide.yaml",
    }


async def session_guide(db: AsyncSession, session_id: str) -> dict[str, Any]:
    row = await sessions.get_session_row(db, session_id)
    view = await sessions.get_session(db, session_id)
    # A model pinned to the session (a rerun, a guide's `model`) goes with it, never its key.
    return convert.guide_from_session(view, model_view(row.model_override))


async def survey_guide(db: AsyncSession, survey_id: str) -> dict[str, Any]:
    return convert.guide_from_survey(await surveys.get_survey(db, None, survey_id))


def setup_guide(setup: dict[str, Any]) -> dict[str, Any]:
    """The create form's setup (the API's session create body) as a guide."""
    return convert.guide_from_setup(setup)
