"""Where a downloaded model lands (docs/reliability.md): never over an existing file unless
asked (`overwrite`), never over the model in use, and how its bytes were checked."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

MANIFEST = ".sources.json"
Checksum = Literal["catalog", "hub", "unverified"]
ActiveModel = Callable[[], Path | None]  # the model file in use now, if a local one


class TargetRefused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def checksum_kind(pinned: str | None, published: str | None) -> Checksum:
    """Which sha256 the file is checked against: the catalog's pin, the hub's, or none."""
    return "catalog" if pinned else "hub" if published else "unverified"


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def check_target(final: Path, overwrite: bool, active: ActiveModel | None) -> None:
    """Raise TargetRefused when `final` may not be written."""
    if not final.exists():
        return
    current = active() if active is not None else None
    if current is not None and _same(current, final):
        raise TargetRefused(
            f"{final.name} is the model in use; choose another model before replacing it"
        )
    if not overwrite:
        raise TargetRefused(
            f"{final.name} is already in {final.parent}; ask to overwrite it to replace it"
        )


def place(part: Path, final: Path, overwrite: bool, active: ActiveModel | None) -> None:
    """Move the checked part file to `final`. Without `overwrite` a file that appeared
    meanwhile is never replaced (a hard link fails when the name exists)."""
    check_target(final, overwrite, active)
    if overwrite:
        os.replace(part, final)
        return
    try:
        os.link(part, final)
    except FileExistsError:
        raise TargetRefused(
            f"{final.name} is already in {final.parent}; ask to overwrite it to replace it"
        ) from None
    except OSError:  # a file system without hard links
        check_target(final, overwrite, active)
        os.replace(part, final)
        return
    part.unlink(missing_ok=True)


def record_source(folder: Path, name: str, source: dict[str, Any], result: dict[str, Any]) -> None:
    """Where each downloaded file came from (repo, commit, sha256, how it was checked),
    beside the models."""
    path = folder / MANIFEST
    data = sources(folder)
    data[name] = {**source, **result}
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=2))
    os.replace(tmp, path)


def sources(folder: Path) -> dict[str, dict[str, Any]]:
    path = folder / MANIFEST
    try:
        data = json.loads(path.read_text()) if path.is_file() else {}
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
