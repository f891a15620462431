"""Work for tests/reliability/test_bounded_work.py to run in a child process (a module
the child can import by name: functions of a test module may not be importable there)."""

from __future__ import annotations

import os

from colloquy.errors import ValidationFailed
from colloquy.services.guides.loading import GuideInvalid


def spin(pid_file: str) -> None:
    with open(pid_file, "w") as f:
        f.write(str(os.getpid()))
    while True:
        pass


def hog() -> int:
    chunks = [bytearray(64 * 1024 * 1024) for _ in range(64)]  # 4 GB
    return len(chunks)


def refuse() -> None:
    raise GuideInvalid([])


def refuse_plainly() -> None:
    raise ValidationFailed(["first", "second"])


def add(a: int, b: int) -> int:
    return a + b


def crash() -> None:
    os._exit(3)
