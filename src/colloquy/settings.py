"""Settings from COLLOQUY_* environment variables (pydantic-settings)."""

from functools import lru_cache
from pathlib import Path
from typing import Annotated

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="COLLOQUY_", extra="ignore")

    data_dir: Path = Path("./data")
    database_url: str | None = None
    # Several processes on PostgreSQL: carry their live events over Redis pub/sub
    # (redis://host:6379/0) instead of PostgreSQL LISTEN/NOTIFY. Ignored on SQLite.
    redis_url: str | None = Field(default=None, repr=False)  # may hold a password
    host: str = "127.0.0.1"
    port: int = 8000

    llm_provider: str = "local"
    llm_base_url: str | None = None
    llm_api_key: str | None = Field(default=None, repr=False)  # never printed
    llm_model: str | None = None
    local_model_path: str | None = None
    llm_timeout: float = 30.0
    llm_max_retries: int = 3
    llm_retry_base_delay: float = 0.5
    # Overall deadline of one answer call in seconds (generation and insights get 300/90
    # times it); None: 90 s and 300 s.
    llm_deadline_s: float | None = None
    # Most calls at once to one OpenAI-compatible endpoint (the adaptive limit's cap).
    llm_max_concurrency: int = 16
    # Most model calls one running survey makes at once (survey mode).
    survey_concurrency: int = 8

    # Sentence embeddings when none is saved in Settings > Embeddings: an OpenAI-compatible
    # /embeddings model on COLLOQUY_EMBEDDING_BASE_URL (default: the chat model's base
    # URL), or a .gguf file run in-process; unset: the offline wordllama embedder.
    embedding_model: str | None = None
    embedding_base_url: str | None = None
    embedding_api_key: str | None = Field(default=None, repr=False)

    # Tokens of a persona's evidence put into its answer prompt, per question.
    evidence_token_budget: int = Field(default=600, ge=0, le=8000)
    # The cosine a passage needs to the question to be retrieved (set on wordllama:
    # domain/personas/evidence_budget.py, docs/evidence.md).
    evidence_min_similarity: float = Field(default=0.15, ge=-1.0, le=1.0)

    # Encrypts API keys saved from the Settings screen; default: a key file in the data dir.
    secret_key: str | None = Field(default=None, repr=False)

    # Required to serve off loopback; then every /api call needs it (bearer or cookie).
    access_token: str | None = Field(default=None, repr=False)
    # Host names (comma-separated) this server answers to besides loopback and its bound
    # address, e.g. the name a reverse proxy forwards: other Host headers get 421.
    public_hosts: Annotated[list[str], NoDecode] = []

    # Where the built SPA lives; None means frontend/dist next to the source tree.
    frontend_dist: Path | None = None

    @property
    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{(self.data_dir / 'colloquy.db').resolve()}"

    @field_validator("access_token")
    @classmethod
    def _blank_is_none(cls, value: str | None) -> str | None:
        return value.strip() or None if isinstance(value, str) else value

    @field_validator("public_hosts", mode="before")
    @classmethod
    def _comma_list(cls, value: object) -> object:
        return (
            [h.strip() for h in value.split(",") if h.strip()] if isinstance(value, str) else value
        )

    @property
    def uploads_dir(self) -> Path:
        return self.data_dir / "uploads"

    @property
    def evidence_dir(self) -> Path:
        return self.data_dir / "evidence"


@lru_cache
def get_settings() -> Settings:
    return Settings()
