"""Guides <-> the API's bodies (pure): a guide's fields as a session or survey create body,
and a session's setup (a stored session or the create form) or a survey as a guide."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

GUIDE_VERSION = 1


def _stimulus_body(stimulus: Mapping[str, Any], content: str) -> dict[str, Any]:
    body = {"type": stimulus["type"], "title": stimulus["title"], "content": content}
    if stimulus.get("description"):
        body["description"] = stimulus["description"]
    return body


def stimulus_source(stimulus: Mapping[str, Any]) -> str:
    """The stimulus's text or link as given (a file's is known once it is uploaded)."""
    return str(stimulus.get("text") or stimulus.get("url") or "")


def session_body(
    guide: Mapping[str, Any], participant_ids: Sequence[str], contents: Sequence[str]
) -> dict[str, Any]:
    """The API's session create body. `guide`: a focus-group guide dumped by alias;
    `participant_ids`: resolved; `contents`: each stimulus's text or URL (files uploaded)."""
    moderator = guide.get("moderator") or {}
    settings = {k: v for k, v in (guide.get("settings") or {}).items() if v is not None}
    if moderator.get("kind"):
        settings["moderator"] = moderator["kind"]
    if guide.get("seed") is not None:
        # For a session setting of that name (a mode that replays a run by its seed); the
        # API's request model leaves out what it does not know.
        settings.setdefault("seed", guide["seed"])
    return {
        "name": guide["name"],
        "description": guide.get("description") or "",
        "participantIds": list(participant_ids),
        "moderatorStyle": moderator.get("style"),
        "stimuli": [
            _stimulus_body(s, c) for s, c in zip(guide.get("stimuli") or [], contents, strict=True)
        ],
        "questions": list(guide["questions"]),
        "settings": settings,
        "kind": "interview" if guide.get("kind") == "interview" else "group",
    }


def survey_body(
    guide: Mapping[str, Any], respondent_ids: Sequence[str], contents: Sequence[str]
) -> dict[str, Any]:
    """The API's survey create body from a survey guide dumped by alias."""
    return {
        "name": guide["name"],
        "concepts": [
            _stimulus_body(s, c) for s, c in zip(guide.get("concepts") or [], contents, strict=True)
        ],
        "questions": [{"text": q["text"], "scale": q.get("scale")} for q in guide["questions"]],
        "respondentIds": list(respondent_ids),
        "samples": guide.get("samples"),
        "askDirect": bool(guide.get("askDirect")),
    }


def _guide_stimulus(stimulus: Mapping[str, Any]) -> dict[str, Any]:
    kind = stimulus.get("type") or "text"
    content = str(stimulus.get("content") or "")
    out: dict[str, Any] = {"type": kind, "title": stimulus.get("title") or ""}
    out["text" if kind == "text" else "url"] = content
    if stimulus.get("description"):
        out["description"] = stimulus["description"]
    return out


def guide_from_setup(
    setup: Mapping[str, Any], model: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """A focus-group guide (an interview guide for `kind: interview`) from a session's
    setup in the API's words (name, description, participantIds, moderatorStyle,
    stimuli, questions, settings, kind); `model`: provider, name and baseUrl of a model
    pinned to the session (never a key)."""
    settings = dict(setup.get("settings") or {})
    kind = settings.pop("moderator", None) or "scripted"
    guide: dict[str, Any] = {
        "kind": "interview" if setup.get("kind") == "interview" else "focus-group",
        "version": GUIDE_VERSION,
        "name": setup.get("name") or "",
    }
    if setup.get("description"):
        guide["description"] = setup["description"]
    guide["participants"] = {"ids": list(dict.fromkeys(setup.get("participantIds") or []))}
    guide["moderator"] = {"style": setup.get("moderatorStyle") or "formal", "kind": kind}
    if setup.get("stimuli"):
        guide["stimuli"] = [_guide_stimulus(s) for s in setup["stimuli"]]
    guide["questions"] = [
        q for q in setup.get("questions") or [] if isinstance(q, str) and q.strip()
    ]
    guide["settings"] = {k: v for k, v in settings.items() if v is not None}
    if model:
        guide["model"] = {k: v for k, v in model.items() if v is not None}
    return guide


def guide_from_session(
    view: Mapping[str, Any], model: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """A stored session (its API view) as a focus-group guide."""
    setup = dict(view)
    setup["participantIds"] = [p["id"] for p in view.get("participants") or []]
    return guide_from_setup(setup, model)


def guide_from_survey(view: Mapping[str, Any]) -> dict[str, Any]:
    """A stored survey (its API view) as a survey guide."""
    return {
        "kind": "survey",
        "version": GUIDE_VERSION,
        "name": view.get("name") or "",
        "concepts": [_guide_stimulus(c) for c in view.get("concepts") or []],
        "questions": [
            {"text": q["text"], "scale": q["scale"]} for q in view.get("questions") or []
        ],
        "respondents": {"ids": [r["id"] for r in view.get("respondents") or []]},
        "samples": view.get("samples"),
        "askDirect": bool(view.get("askDirect")),
    }
