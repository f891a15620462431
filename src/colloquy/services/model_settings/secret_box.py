"""Encryption at rest for secrets saved from the UI (API keys), with Fernet.

The key is COLLOQUY_SECRET_KEY when set (a Fernet key, or any passphrase, which is
stretched into one), otherwise a key file in the data dir created on first use with
owner-only permissions. Losing the key loses the saved secrets, nothing else.
"""

from __future__ import annotations

import base64
import hashlib
import os
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

KEY_FILE = "secret.key"


class SecretBox:
    def __init__(self, key: bytes) -> None:
        self._fernet = Fernet(key)

    @classmethod
    def open(cls, data_dir: Path, secret: str | None) -> SecretBox:
        if secret:
            return cls(_fernet_key(secret))
        path = data_dir / KEY_FILE
        if not path.is_file():
            data_dir.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(Fernet.generate_key())
        return cls(path.read_bytes().strip())

    def encrypt(self, text: str) -> str:
        return self._fernet.encrypt(text.encode()).decode()

    def decrypt(self, token: str) -> str | None:
        """The secret, or None when it was saved under another key."""
        try:
            return self._fernet.decrypt(token.encode()).decode()
        except (InvalidToken, ValueError):
            return None


def _fernet_key(secret: str) -> bytes:
    raw = secret.encode()
    try:
        if len(base64.urlsafe_b64decode(raw)) == 32:
            return raw
    except ValueError:
        pass
    return base64.urlsafe_b64encode(hashlib.sha256(raw).digest())
