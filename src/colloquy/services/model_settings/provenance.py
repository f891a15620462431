"""Which model produced a session's participants, as one label for notices and reports.

Why a helper: sessions made before provenance was recorded do not store their model; they
are labelled with the model configured now. When a session records its own provider and
model (the view's `model` {provider, name}, keys `provider`/`model`, or a `provenance`
dict), that wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from colloquy.domain.sessions.demo_script import DEMO_SESSION_ID
from colloquy.runtime import Runtime
from colloquy.services.model_settings import active_model
from colloquy.services.model_settings import settings as model_settings

DEMO_LABEL = "scripted demo conversation, written in advance"


def _recorded(session: Mapping[str, Any]) -> tuple[str | None, str | None]:
    recorded = session.get("model")
    if isinstance(recorded, dict):  # the session view's {"provider", "name"}
        return (recorded.get("provider") or None), (recorded.get("name") or None)
    source = session["provenance"] if isinstance(session.get("provenance"), dict) else {}
    provider = session.get("provider") or source.get("provider")
    model = recorded or source.get("model")
    return (str(provider) if provider else None), (str(model) if model else None)


def _join(provider: str | None, model: str | None) -> str:
    if model and provider:
        return f"{model} via {provider}"
    return model or provider or ""


def current_model_label(runtime: Runtime | None) -> str:
    if runtime is None:
        return ""
    try:
        view = model_settings.view(runtime)
    except Exception:  # noqa: BLE001 - a broken model config must not stop a download
        config = active_model.current(runtime)
        return _join(config.provider, config.model)
    return _join(view.get("provider"), view.get("model"))


def model_label_for(session: Mapping[str, Any], runtime: Runtime | None = None) -> str:
    """'<model> via <provider>': recorded on the session, else the current configuration
    (marked as such)."""
    if session.get("id") == DEMO_SESSION_ID:
        return DEMO_LABEL
    recorded = _join(*_recorded(session))
    if recorded:
        return recorded
    current = current_model_label(runtime)
    return f"{current}; current model setting, not recorded by the session" if current else ""
