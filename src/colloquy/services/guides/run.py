"""A validated guide as a created (and started) session or survey: the one way in for the
API, the command line and the MCP server.

Everything is checked first (the guide's own format, the personas and tags it names, its
files, its model, then the API's own request model and rules for the body it becomes), so
a guide with any problem creates nothing; each problem names its line and field.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.guides import convert
from colloquy.domain.guides.problems import Lines, body_loc_to_guide, problem, setup_message_loc
from colloquy.domain.surveys.rules import validate_survey
from colloquy.engine.events import EventBus
from colloquy.engine.manager import RunnerRegistry
from colloquy.errors import ValidationFailed
from colloquy.runtime import Runtime
from colloquy.schemas.sessions import SessionCreate
from colloquy.schemas.surveys import SurveyCreate
from colloquy.services.guides import resolve
from colloquy.services.guides.guide_format import (
    FocusGroupGuide,
    Participants,
    StudyGuide,
    SurveyGuide,
)
from colloquy.services.guides.loading import GuideInvalid, validate_guide
from colloquy.services.guides.study_guide import checked_study_guide
from colloquy.services.personas.generation import generate_personas
from colloquy.services.sessions import control
from colloquy.services.sessions import crud as sessions
from colloquy.services.sessions.rerun import encode
from colloquy.services.sessions.uploads import save_upload
from colloquy.services.surveys import surveys
from colloquy.services.surveys.draft import survey_draft
from colloquy.services.surveys.manager import SurveyManager
from colloquy.store.tables import SessionRow

# Stands for an image file not yet uploaded, while the body is checked.
_UPLOAD_PLACEHOLDER = "/uploads/0000000000000-0000000000000000.png"

__all__ = [
    "GuideInvalid",
    "check_guide",
    "create_session_from_guide",
    "create_survey_from_guide",
]


def _as(kind: type[FocusGroupGuide | SurveyGuide], guide: Any, lines: Lines) -> Any:
    if isinstance(guide, kind):
        return guide
    if isinstance(guide, Mapping):
        checked = validate_guide(dict(guide), lines)
        if isinstance(checked, kind):
            return checked
    wanted = "focus-group" if kind is FocusGroupGuide else "survey"
    raise GuideInvalid([problem(("kind",), f"kind must be {wanted} here", lines)])


def _placeholders(who: Participants) -> list[str]:
    count = who.generate.count if who.generate else 0
    return [f"(generated {i + 1})" for i in range(count)]


def _contents(stimuli: list[Any], uploaded: Mapping[int, str]) -> list[str]:
    return [
        uploaded.get(i, convert.stimulus_source(s.model_dump(by_alias=True)))
        for i, s in enumerate(stimuli)
    ]


def _check_body(model: Any, body: dict[str, Any], lines: Lines, found: resolve.Resolved) -> None:
    try:
        model.model_validate(body)
    except ValidationError as err:
        for e in err.errors(include_url=False):
            loc = body_loc_to_guide(tuple(e["loc"]))
            found.problems.append(problem(loc, e["msg"].removeprefix("Value error, "), lines))


async def _prepare(
    db: AsyncSession,
    runtime: Runtime,
    guide: Any,
    key: str,
    lines: Lines,
    base_dir: Path | None,
    client_files: bool,
) -> resolve.Resolved:
    found = resolve.Resolved()
    who = guide.participants if key == "stimuli" else guide.respondents
    await resolve.resolve_participants(
        db, who, "participants" if key == "stimuli" else "respondents", lines, found
    )
    await db.rollback()  # no transaction held open while files are read
    if not client_files:
        stimuli = guide.stimuli if key == "stimuli" else guide.concepts
        resolve.read_stimulus_files(stimuli, key, base_dir, lines, found)
    if key == "stimuli":
        await resolve.resolve_model(db, runtime, guide.model, lines, found)
    return found


def _placeholders_for_files(stimuli: list[Any]) -> dict[int, str]:
    return {i: _UPLOAD_PLACEHOLDER for i, s in enumerate(stimuli) if s.file is not None}


async def _generate(
    db: AsyncSession, runtime: Runtime, who: Participants, seed: int | None
) -> list[str]:
    if who.generate is None:
        return []
    made = await generate_personas(
        db,
        runtime.get_provider(),
        description=who.generate.description,
        document_text=None,
        count=who.generate.count,
        diversity=who.generate.diversity,
        seed=seed,
    )
    return [p["id"] for p in made]


async def _upload(runtime: Runtime, found: resolve.Resolved) -> dict[int, str]:
    uploaded = {}
    for f in found.files:
        saved = await save_upload(f.path.name, f.data, True, runtime.settings.uploads_dir)
        uploaded[f.index] = saved["url"]
    return uploaded


async def checked_session(
    db: AsyncSession,
    runtime: Runtime,
    guide: FocusGroupGuide | Mapping[str, Any],
    lines: Lines,
    base_dir: Path | None,
    client_files: bool,
) -> tuple[FocusGroupGuide, resolve.Resolved]:
    g: FocusGroupGuide = _as(FocusGroupGuide, guide, lines)
    found = await _prepare(db, runtime, g, "stimuli", lines, base_dir, client_files)
    ids = found.participant_ids + _placeholders(g.participants)
    contents = _contents(g.stimuli, _placeholders_for_files(g.stimuli))
    body = convert.session_body(g.model_dump(by_alias=True), ids, contents)
    _check_body(SessionCreate, body, lines, found)
    if not found.problems:
        try:  # the create's own checks (setup, model profiles), so a check says what it says
            await sessions.check_create(
                db, SessionCreate.model_validate(body).model_dump(by_alias=True)
            )
        except ValidationFailed as exc:
            found.problems += [problem(_setup_loc(m), m, lines) for m in exc.errors]
    if found.problems:
        raise GuideInvalid(found.problems)
    return g, found


async def check_guide(
    db: AsyncSession,
    runtime: Runtime,
    guide: FocusGroupGuide | SurveyGuide | Mapping[str, Any],
    *,
    lines: Lines | None = None,
    base_dir: Path | None = None,
    client_files: bool = False,
) -> str:
    """Check a guide as a run would, creating nothing; its kind, or GuideInvalid.
    `client_files`: stimulus files are uploaded by the caller after the check (the
    command line against a server), so they are not read here."""
    lines = lines or {}
    g = guide if not isinstance(guide, Mapping) else validate_guide(dict(guide), lines)
    if isinstance(g, FocusGroupGuide):
        await checked_session(db, runtime, g, lines, base_dir, client_files)
    elif isinstance(g, StudyGuide):
        await checked_study_guide(db, runtime, g, lines)
    else:
        await checked_survey(db, runtime, g, lines, base_dir, client_files)
    return g.kind


async def create_session_from_guide(
    db: AsyncSession,
    runtime: Runtime,
    runners: RunnerRegistry,
    bus: EventBus,
    guide: FocusGroupGuide | Mapping[str, Any],
    *,
    lines: Lines | None = None,
    base_dir: Path | None = None,
    start: bool = True,
) -> dict[str, Any]:
    """Create the session a focus-group guide describes and (by default) start its run.

    `guide`: a FocusGroupGuide or its JSON as a dict (validated here). `lines`: where each
    key was in the file (from `load_guide`), for messages. `base_dir`: the folder that
    stimulus `file` paths are relative to; None (the API, the MCP server) refuses files.
    Returns the session's API view (SessionOut's fields). Raises GuideInvalid (a
    ValidationFailed, HTTP 422) naming line and field of every problem; nothing is created.
    """
    lines = lines or {}
    g, found = await checked_session(db, runtime, guide, lines, base_dir, False)
    generated = await _generate(db, runtime, g.participants, g.seed)
    uploaded = await _upload(runtime, found)
    body = convert.session_body(
        g.model_dump(by_alias=True),
        found.participant_ids + generated,
        _contents(g.stimuli, uploaded),
    )
    view = await sessions.create_session(db, SessionCreate.model_validate(body))
    if found.model is not None:
        row = await db.get(SessionRow, view["id"])
        assert row is not None
        row.model_override = encode(runtime, found.model)
        if found.profile:  # the answers name the profile they came from (as a rerun does)
            row.model_override |= {"profileId": found.profile["id"]}
            row.model_override |= {"profileName": found.profile["name"]}
        await db.commit()
    if start:
        return await control.run_session(db, view["id"], runners, bus)
    return await sessions.get_session(db, view["id"], runners)


async def checked_survey(
    db: AsyncSession,
    runtime: Runtime,
    guide: SurveyGuide | Mapping[str, Any],
    lines: Lines,
    base_dir: Path | None,
    client_files: bool,
) -> tuple[SurveyGuide, resolve.Resolved]:
    g: SurveyGuide = _as(SurveyGuide, guide, lines)
    found = await _prepare(db, runtime, g, "concepts", lines, base_dir, client_files)
    ids = found.participant_ids + _placeholders(g.respondents)
    contents = _contents(g.concepts, _placeholders_for_files(g.concepts))
    body = convert.survey_body(g.model_dump(by_alias=True), ids, contents)
    _check_body(SurveyCreate, body, lines, found)
    if not found.problems:
        draft = survey_draft(SurveyCreate.model_validate(body))
        draft["respondents"] = [{"id": i} for i in ids]
        for m in validate_survey(draft):
            found.problems.append(problem(_survey_loc(m), m, lines))
    if found.problems:
        raise GuideInvalid(found.problems)
    return g, found


async def create_survey_from_guide(
    db: AsyncSession,
    runtime: Runtime,
    manager: SurveyManager,
    guide: SurveyGuide | Mapping[str, Any],
    *,
    lines: Lines | None = None,
    base_dir: Path | None = None,
    start: bool = True,
) -> dict[str, Any]:
    """Create the survey a survey guide describes and (by default) start it; as
    `create_session_from_guide`. Returns the survey's API view (SurveyOut's fields)."""
    lines = lines or {}
    g, found = await checked_survey(db, runtime, guide, lines, base_dir, False)
    generated = await _generate(db, runtime, g.respondents, g.seed)
    uploaded = await _upload(runtime, found)
    body = convert.survey_body(
        g.model_dump(by_alias=True),
        found.participant_ids + generated,
        _contents(g.concepts, uploaded),
    )
    view = await surveys.create_survey(db, SurveyCreate.model_validate(body))
    if start:
        return await surveys.run_survey(db, manager, view["id"])
    return view


def _setup_loc(message: str) -> tuple[str | int, ...]:
    if "participantProfiles" in message:
        return ("settings", "participantProfiles")
    return setup_message_loc(message)


def _survey_loc(message: str) -> tuple[str, ...]:
    lower = message.lower()
    for word, key in (
        ("concept", "concepts"),
        ("respondent", "respondents"),
        ("sample", "samples"),
    ):
        if word in lower:
            return (key,)
    return ("questions",) if "question" in lower or "scale" in lower else ()
