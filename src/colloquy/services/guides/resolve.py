"""What a guide refers to, checked before anything is created: persona ids and tags in
the library, stimulus files on disk (read by `colloquy run` only), the model."""

from __future__ import annotations

import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.constants import FILE_MAX_BYTES
from colloquy.domain.files.images import image_kind
from colloquy.domain.guides.problems import GuideProblem, Lines, problem
from colloquy.domain.personas.tags import has_tag
from colloquy.domain.validation import validate_generation_input
from colloquy.errors import ValidationFailed
from colloquy.llm.config import ModelConfig
from colloquy.runtime import Runtime
from colloquy.services.guides.guide_format import ModelChoice, Participants, Stimulus
from colloquy.services.model_settings import profiles
from colloquy.services.model_settings import settings as model_settings
from colloquy.services.personas.library import list_personas

MSG_FILE_NEEDS_CLI = (
    "A stimulus file is read on the machine that runs the guide: use `colloquy run`, "
    "or upload the image and give its url"
)
MSG_NO_PROFILE = "No model profile is named {name!r} (see Settings, Model profiles)"


def msg_outside(name: str) -> str:
    return f"{name} is outside the guide's folder: give a path relative to the guide, inside it"


@dataclass
class StimulusFile:
    index: int
    path: Path
    data: bytes


@dataclass
class Resolved:
    participant_ids: list[str] = field(default_factory=list)
    files: list[StimulusFile] = field(default_factory=list)
    model: ModelConfig | None = None
    profile: dict[str, str] | None = None  # {id, name} when the guide names a profile
    problems: list[GuideProblem] = field(default_factory=list)


async def resolve_participants(
    db: AsyncSession, who: Participants, key: str, lines: Lines, out: Resolved
) -> None:
    library = await list_personas(db)
    known = {p["id"] for p in library}
    ids = list(who.ids)
    for i, pid in enumerate(who.ids):
        if pid not in known:
            out.problems.append(problem((key, "ids", i), f"No persona with id {pid}", lines))
    for i, tag in enumerate(who.tags):
        tagged = [p["id"] for p in library if has_tag(p.get("tags") or [], tag)]
        if not tagged:
            out.problems.append(problem((key, "tags", i), f"No persona has the tag {tag}", lines))
        ids += tagged
    if who.generate is not None:
        for message in validate_generation_input(who.generate.description):
            out.problems.append(problem((key, "generate", "description"), message, lines))
    out.participant_ids = list(dict.fromkeys(ids))


def _stimulus_path(name: str, base_dir: Path) -> Path | None:
    """The file a guide names, when it is inside the guide's folder (symbolic links
    followed): an absolute path, `..` or a link out of the folder reaches other files."""
    if Path(name).is_absolute() or name.startswith("~"):
        return None
    folder = base_dir.resolve()
    path = (folder / name).resolve()
    return path if path.is_relative_to(folder) else None


def _read_image(path: Path) -> bytes | str:
    """The file's bytes (at most FILE_MAX_BYTES + 1), or why it cannot be read."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return "is not a file"
        with path.open("rb") as f:  # read with a bound: the size on disk may not be true
            return f.read(FILE_MAX_BYTES + 1)
    except OSError as exc:
        return f"cannot be read ({exc.strerror or type(exc).__name__})"


def read_stimulus_files(
    stimuli: list[Stimulus], key: str, base_dir: Path | None, lines: Lines, out: Resolved
) -> None:
    for i, s in enumerate(stimuli):
        if s.file is None:
            continue
        loc = (key, i, "file")
        if base_dir is None:
            out.problems.append(problem(loc, MSG_FILE_NEEDS_CLI, lines))
            continue
        path = _stimulus_path(s.file, base_dir)
        if path is None:
            out.problems.append(problem(loc, msg_outside(s.file), lines))
            continue
        if not path.exists():
            out.problems.append(problem(loc, f"No such file: {s.file}", lines))
            continue
        data = _read_image(path)
        if isinstance(data, str):
            out.problems.append(problem(loc, f"{s.file} {data}", lines))
        elif len(data) > FILE_MAX_BYTES:
            size = max(len(data), path.stat().st_size)
            out.problems.append(
                problem(loc, f"{s.file} is {size / 1024 / 1024:.1f} MB; the limit is 10 MB", lines)
            )
        elif not data:
            out.problems.append(problem(loc, f"{s.file} is empty", lines))
        elif image_kind(data[:16]) is None:
            out.problems.append(
                problem(loc, f"{s.file} is not a JPG, PNG, WEBP or GIF image", lines)
            )
        else:
            out.files.append(StimulusFile(i, path, data))


async def resolve_model(
    db: AsyncSession, runtime: Runtime, choice: ModelChoice | None, lines: Lines, out: Resolved
) -> None:
    if choice is None:
        return
    if choice.profile is not None:  # a saved model profile, by name (or id), any case
        wanted = choice.profile.strip().lower()
        row = next(
            (
                r
                for r in await profiles.list_rows(db)
                if r.name.strip().lower() == wanted or r.id == choice.profile
            ),
            None,
        )
        if row is None:
            msg = MSG_NO_PROFILE.format(name=choice.profile)
            out.problems.append(problem(("model", "profile"), msg, lines))
            return
        out.model = profiles.config_of(runtime, row)
        out.profile = {"id": row.id, "name": row.name}
        return
    change = model_settings.ModelChange(
        provider=str(choice.provider), base_url=choice.base_url, model=choice.name
    )
    try:
        out.model = model_settings.resolve(runtime, change)
    except ValidationFailed as exc:
        out.problems += [problem(("model",), m, lines) for m in exc.errors]


def model_view(data: dict[str, Any] | None) -> dict[str, Any] | None:
    """A session's pinned model as a guide's `model`: the profile's name when it ran on a
    saved profile, else provider, name and baseUrl (never the key)."""
    if not data:
        return None
    if data.get("profileName"):
        return {"profile": data["profileName"]}
    return {
        "provider": data.get("provider"),
        "name": data.get("model"),
        "baseUrl": data.get("baseUrl"),
    }
