"""Which model backend to use: the provider, its endpoint, model and key.

Environment variables give the starting point; the Settings screen can replace it at run
time (services/model_settings.py), so the factory builds providers from a ModelConfig
rather than from the settings object alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PROVIDERS = ("local", "openai", "anthropic")


@dataclass(frozen=True)
class ModelConfig:
    provider: str = "local"
    base_url: str | None = None
    # For `local`: a GGUF file (a path); None is the embedded model.
    model: str | None = None
    api_key: str | None = field(default=None, repr=False)  # never printed
