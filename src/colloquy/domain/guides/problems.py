"""A guide's problems as messages that name the line and the field (pure).

A location is a path into the guide: keys and list indices, e.g. ("stimuli", 1, "file").
`lines` maps the paths the file spelled out to their 1-based line; a path the file does
not contain (a missing field) is reported at its nearest parent's line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Loc = tuple[str | int, ...]
Lines = Mapping[Loc, int]


@dataclass(frozen=True)
class GuideProblem:
    field: str  # dotted path, e.g. "participants.ids[2]"; "" for the whole guide
    message: str
    line: int | None = None

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        field = f"{self.field}: " if self.field else ""
        return f"{where}{field}{self.message}"


def field_name(loc: Sequence[str | int]) -> str:
    """("stimuli", 1, "file") -> "stimuli[1].file"."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def line_of(loc: Sequence[str | int], lines: Lines) -> int | None:
    """The line of `loc`, or of its nearest parent the file contains."""
    path = tuple(loc)
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return lines.get((), None)


def problem(loc: Sequence[str | int], message: str, lines: Lines) -> GuideProblem:
    return GuideProblem(field_name(loc), message, line_of(loc, lines))


# Where the API's session rules point in a guide: the start of each of their messages.
_SETUP_FIELDS: tuple[tuple[str, Loc], ...] = (
    ("Session name", ("name",)),
    ("Description", ("description",)),
    ("Please select", ("participants",)),
    ("persona", ("participants",)),
    ("participant", ("participants",)),
    ("Please add at least", ("questions",)),
    ("No more than", ("questions",)),
    ("Each question", ("questions",)),
    ("question", ("questions",)),
    ("Moderator style", ("moderator", "style")),
    ("Moderator", ("moderator", "kind")),
    ("Response length", ("settings", "responseLength")),
    ("Discussion mode", ("settings", "discussionMode")),
    ("Links", ("stimuli",)),
    ("Images", ("stimuli",)),
)


def setup_message_loc(message: str) -> Loc:
    """The guide field an API setup message is about (the guide itself when unknown)."""
    lower = message.lower()
    for start, loc in _SETUP_FIELDS:
        if message.startswith(start) or start.lower() in lower:
            return loc
    if "stimul" in lower or "video" in lower or "audio" in lower or "image" in lower:
        return ("stimuli",)
    return ()


# The API's session body fields -> the guide's.
_BODY_TO_GUIDE: dict[str, Loc] = {
    "participantIds": ("participants",),
    "moderatorStyle": ("moderator", "style"),
}


def body_loc_to_guide(loc: Sequence[str | int]) -> Loc:
    """A location in the API's session body as a location in the guide."""
    if not loc:
        return ()
    head, rest = loc[0], tuple(loc[1:])
    if head == "settings" and rest[:1] == ("moderator",):
        return ("moderator", "kind")
    if head == "stimuli" and rest:
        return ("stimuli", rest[0])
    if isinstance(head, str) and head in _BODY_TO_GUIDE:
        return _BODY_TO_GUIDE[head]
    return (head, *rest)


def field_loc(field: str) -> Loc:
    """ "stimuli[1].file" -> ("stimuli", 1, "file") (the inverse of field_name)."""
    loc: list[str | int] = []
    for part in field.replace("[", ".[").split("."):
        if not part:
            continue
        if part.startswith("[") and part.endswith("]") and part[1:-1].isdigit():
            loc.append(int(part[1:-1]))
        else:
            loc.append(part)
    return tuple(loc)
