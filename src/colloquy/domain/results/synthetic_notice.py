"""The synthetic-data notice carried by every export and report.

Why: a forwarded CSV, JSON, Markdown or PDF file must not pass for human research; each
says that the participants were simulated and by which model.
"""

from __future__ import annotations

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
