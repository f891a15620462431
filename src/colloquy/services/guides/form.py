"""Start from a guide: an uploaded guide file as the create form's fields."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.guides import convert
from colloquy.domain.guides.problems import GuideProblem, Lines, problem
from colloquy.services.bounded import TooCostly, run_bounded
from colloquy.services.guides import resolve
from colloquy.services.guides.guide_format import FocusGroupGuide, Guide
from colloquy.services.guides.loading import GuideInvalid, load_guide

MSG_SURVEY_GUIDE = (
    "This is a survey guide: run it with `colloquy survey run` or POST /api/guides/surveys"
)


# A guide of 1 MB (the most the API takes) is 10-20 s of PyYAML on a busy 2-core machine.
GUIDE_SECONDS = 30.0


async def _load(text: str) -> tuple[Guide, Lines]:
    """The guide parsed in a child process with a time and memory bound, so that the event
    loop keeps answering meanwhile."""
    try:
        return await run_bounded(load_guide, text, what="guide", seconds=GUIDE_SECONDS)
    except TooCostly as exc:
        raise GuideInvalid([GuideProblem("", m) for m in exc.errors]) from None


async def guide_for_form(db: AsyncSession, text: str) -> dict[str, Any]:
    """The guide checked (format, persona ids, tags) and its session setup for the form.
    What the form cannot hold (personas to generate, local files) is said in `notes`."""
    guide, lines = await _load(text)
    if not isinstance(guide, FocusGroupGuide):
        raise GuideInvalid([problem(("kind",), MSG_SURVEY_GUIDE, lines)])
    found = resolve.Resolved()
    await resolve.resolve_participants(db, guide.participants, "participants", lines, found)
    if found.problems:
        raise GuideInvalid(found.problems)
    dumped = guide.model_dump(by_alias=True)
    notes = []
    if guide.participants.generate is not None:
        notes.append(
            f"The guide generates {guide.participants.generate.count} personas when it is "
            "run; generate them on the Personas screen and select them here."
        )
    kept = [s for s in guide.stimuli if s.file is None]
    for s in guide.stimuli:
        if s.file is not None:
            notes.append(f"Upload the image {s.file} for the stimulus {s.title}.")
    dumped["stimuli"] = [s.model_dump(by_alias=True) for s in kept]
    contents = [convert.stimulus_source(s) for s in dumped["stimuli"]]
    setup = convert.session_body(dumped, found.participant_ids, contents)
    guide_out = guide.model_dump(by_alias=True, exclude_none=True)
    return {"guide": guide_out, "setup": setup, "notes": notes}
