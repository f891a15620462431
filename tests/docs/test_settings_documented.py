"""Every setting is documented: each field of colloquy.settings.Settings, as the environment
variable that sets it (COLLOQUY_ + its name in capitals), appears in README.md (its
Configuration table) or in a page of docs/."""

import re
from pathlib import Path

from colloquy.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def documentation() -> str:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    return "\n".join(page.read_text(encoding="utf-8") for page in pages)


def variable(field: str) -> str:
    prefix = Settings.model_config.get("env_prefix", "")
    return f"{prefix}{field}".upper()


def test_the_variable_names_are_built_as_pydantic_settings_reads_them():
    assert variable("llm_base_url") == "COLLOQUY_LLM_BASE_URL"


def test_every_setting_is_documented():
    text = documentation()
    # The whole name: COLLOQUY_LLM_MODEL does not count for COLLOQUY_LLM_MODEL_PATH.
    missing = [
        variable(field)
        for field in Settings.model_fields
        if not re.search(rf"\b{variable(field)}(?![A-Z0-9_])", text)
    ]
    assert missing == [], f"not in README.md or docs/*.md: {missing}"
