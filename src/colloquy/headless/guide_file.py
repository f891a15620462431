"""A guide file on this machine: read and checked with line numbers, its stimulus files
read here and uploaded to wherever the run happens."""

from __future__ import annotations

import mimetypes
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from colloquy.domain.guides.problems import GuideProblem, Lines, field_loc, line_of
from colloquy.headless.client import Api
from colloquy.services.guides import resolve
from colloquy.services.guides.guide_format import FocusGroupGuide, Guide, StudyGuide
from colloquy.services.guides.loading import GuideInvalid, load_guide


@dataclass
class GuideFile:
    path: Path
    guide: Guide
    lines: Lines
    files: list[resolve.StimulusFile]

    @property
    def stimuli_key(self) -> str:
        return "stimuli" if isinstance(self.guide, FocusGroupGuide) else "concepts"

    def data(self) -> dict[str, Any]:
        return self.guide.model_dump(by_alias=True, exclude_none=True)

    def with_lines(self, problems: list[dict[str, Any]]) -> list[GuideProblem]:
        """The server's problems (fields) with this file's line numbers."""
        out = []
        for p in problems:
            field = str(p.get("field") or "")
            line = p.get("line") or line_of(field_loc(field), self.lines)
            out.append(GuideProblem(field, str(p.get("message") or ""), line))
        return out


def read_guide(path: Path) -> GuideFile:
    """The guide at `path`, checked (format and local files); GuideInvalid otherwise."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        reason = exc.strerror or exc.__class__.__name__
        raise GuideInvalid([GuideProblem("", f"Cannot read {path}: {reason}")]) from None
    except UnicodeDecodeError:
        raise GuideInvalid([GuideProblem("", f"{path} is not UTF-8 text")]) from None
    guide, lines = load_guide(text)
    found = resolve.Resolved()
    if isinstance(guide, StudyGuide):  # no files: interviews show no material
        return GuideFile(path, guide, lines, [])
    stimuli = guide.stimuli if isinstance(guide, FocusGroupGuide) else guide.concepts
    key = "stimuli" if isinstance(guide, FocusGroupGuide) else "concepts"
    resolve.read_stimulus_files(stimuli, key, path.parent, lines, found)
    if found.problems:
        raise GuideInvalid(found.problems)
    return GuideFile(path, guide, lines, found.files)


async def upload_files(api: Api, guide: GuideFile, data: dict[str, Any]) -> None:
    """Upload each stimulus file and put its URL in the guide's data in place of the path."""
    for f in guide.files:
        mime = mimetypes.guess_type(f.path.name)[0] or "application/octet-stream"
        saved = await api.json("POST", "/api/uploads", files={"file": (f.path.name, f.data, mime)})
        item = data[guide.stimuli_key][f.index]
        item.pop("file", None)
        item["url"] = saved["url"]
