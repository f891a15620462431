"""The chat model new calls use (the saved default profile's, else the environment's) and
the models folder: what every part of the model settings reads, below all of them."""

from __future__ import annotations

from pathlib import Path

from colloquy.llm.config import ModelConfig
from colloquy.llm.factory import config_from_settings
from colloquy.runtime import Runtime

MODELS_DIR = "models"


def models_dir(runtime: Runtime) -> Path:
    return runtime.settings.data_dir / MODELS_DIR


def current(runtime: Runtime) -> ModelConfig:
    return runtime.model_config or config_from_settings(runtime.settings)
