"""The synthetic-data notice carried by every export and report.

Why: a forwarded CSV, JSON, Markdown or PDF file must not pass for human research; each
says that the participants were simulated and by which model.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

UNKNOWN_MODEL = "an unrecorded model"


def synthetic_notice(model_label: str | None) -> str:
    model = " ".join((model_label or "").split()) or UNKNOWN_MODEL
    return (
        "SYNTHETIC DATA: every participant in this focus group is simulated by an AI "
        f"language model ({model}). No real people took part; this is not human research."
    )


def synthetic_block(model_label: str | None) -> dict[str, Any]:
    """The JSON export's field."""
    return {
        "participantsSimulated": True,
        "model": model_label or None,
        "notice": synthetic_notice(model_label),
    }


# An imported human group (docs/reports.md): its answers are people's own words, so its
# files say so instead, and list no traits or demographics (the transcript gave none; the
# ones a persona would have are placeholders).
HUMAN_NOTICE = (
    "HUMAN DATA: the participants of this focus group are real people; their answers were "
    "imported from a transcript, and no AI model wrote them. Only the AI insights, where "
    "generated, are a model's reading of their words."
)
SYNTHETIC_FOOTER = "Synthetic data: simulated participants, not human research"
HUMAN_FOOTER = "Human data: real participants, imported from a transcript"
_HUMAN_PERSON_KEYS = ("id", "name", "tags")


def is_human(session: Mapping[str, Any]) -> bool:
    return session.get("source") == "human"


def data_notice(session: Mapping[str, Any], model_label: str | None) -> str:
    """The notice of a session's exports: simulated participants, or real people."""
    return HUMAN_NOTICE if is_human(session) else synthetic_notice(model_label)


def data_block(session: Mapping[str, Any], model_label: str | None) -> dict[str, Any]:
    """The JSON export's `syntheticData` field."""
    if is_human(session):
        return {"participantsSimulated": False, "model": None, "notice": HUMAN_NOTICE}
    return synthetic_block(model_label)


def footer(session: Mapping[str, Any]) -> str:
    return HUMAN_FOOTER if is_human(session) else SYNTHETIC_FOOTER


def exported_people(
    session: dict[str, Any], analytics: dict[str, Any] | None = None
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """A human group's session and analytics as its files show them: participants by
    name only, no group diversity or trait patterns (both read traits it does not have).
    A simulated session is returned as it is."""
    if not is_human(session):
        return session, analytics
    people = [
        {k: p[k] for k in _HUMAN_PERSON_KEYS if k in p} for p in session.get("participants") or []
    ]
    kept = None
    if analytics is not None:
        kept = {k: v for k, v in analytics.items() if k not in ("diversity", "traitPatterns")}
    return {**session, "participants": people}, kept
