"""A filled SQLite library to copy from, and the secret key it was written with."""

import shutil

import pytest
from cryptography.fernet import Fernet

from colloquy.services.model_settings.secret_box import SecretBox
from support.library_fill import fill


@pytest.fixture
def secret() -> str:
    return Fernet.generate_key().decode()


@pytest.fixture
async def source_url(tmp_path, sqlite_template, secret) -> str:
    path = tmp_path / "alone.db"
    shutil.copyfile(sqlite_template, path)
    url = f"sqlite+aiosqlite:///{path}"
    await fill(url, SecretBox(secret.encode()))
    return url
