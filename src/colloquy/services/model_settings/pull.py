"""Download one GGUF file from the Hugging Face hub into `<data dir>/models`.

The hub's own client does the work (huggingface_hub: the URL, HF_ENDPOINT, the metadata
HEAD with the commit, size and sha256, the GET with Range resumes and retries). The file
grows in `models/.downloads/<name>.<sha>.part`, so a download that broke off resumes
where it stopped on the next try; it reaches `models/` only once its sha256 matches (the
catalog's pin, else the value the hub publishes; with neither it is "unverified") and it
reads as a GGUF model, never over an existing file unless asked, never over the model in
use (place.py). A failure never leaves a half file where the model picker looks.

Synchronous: the server runs it in a thread, the CLI directly.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol, Self
from urllib.parse import urlsplit

# filelock comes with huggingface_hub (which uses it for its own cache).
from filelock import FileLock, Timeout

if TYPE_CHECKING:  # imported when a download starts (the hub client is slow to import)
    from huggingface_hub import HfFileMetadata

from colloquy.llm.gguf_check import NotAModel, check_gguf
from colloquy.services.model_settings.place import (
    ActiveModel,
    Checksum,
    TargetRefused,
    check_target,
    checksum_kind,
    place,
    record_source,
)

STAGING = ".downloads"
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
Progress = Callable[[int, int | None], None]  # (bytes on disk, total or None)


class PullFailed(Exception):
    """The download did not give a usable model; the message says why and what to do."""

    def __init__(self, message: str, *, kept_bytes: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.kept_bytes = kept_bytes  # partial bytes kept for a resume


class PullCancelled(Exception):
    """Raised from the progress callback to stop a download (the part is kept)."""


@dataclass(frozen=True)
class Source:
    repo: str
    file: str
    revision: str = "main"
    sha256: str | None = None  # pinned by the catalog; else the hub's value is used

    @property
    def local_name(self) -> str:
        return self.file.rsplit("/", 1)[-1]


@dataclass(frozen=True)
class Pulled:
    path: Path
    commit: str | None
    sha256: str
    size: int
    architecture: str
    checksum: Checksum = "unverified"  # what the sha256 was checked against


def endpoint() -> str | None:
    """HF_ENDPOINT as it is now (huggingface_hub reads it only once, at import)."""
    return (os.environ.get("HF_ENDPOINT") or "").rstrip("/") or None


def _mb(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB"


def _metadata(source: Source) -> tuple[str, HfFileMetadata]:
    from huggingface_hub import get_hf_file_metadata, hf_hub_url
    from huggingface_hub.errors import (
        EntryNotFoundError,
        GatedRepoError,
        HfHubHTTPError,
        RepositoryNotFoundError,
        RevisionNotFoundError,
    )

    # Exported through a lazily built __all__ that mypy cannot read.
    from huggingface_hub.utils import build_hf_headers  # type: ignore[attr-defined]

    where = endpoint() or "https://huggingface.co"
    url = hf_hub_url(source.repo, source.file, revision=source.revision, endpoint=endpoint())
    try:
        meta = get_hf_file_metadata(
            url, headers=build_hf_headers(), endpoint=endpoint(), retry_on_errors=False
        )
    except GatedRepoError as err:
        raise PullFailed(
            f"{source.repo} is gated on the hub: accept its licence there and set HF_TOKEN"
        ) from err
    except RepositoryNotFoundError as err:
        raise PullFailed(f"No repository {source.repo!r} on {where}") from err
    except RevisionNotFoundError as err:
        raise PullFailed(f"{source.repo} has no revision {source.revision!r}") from err
    except EntryNotFoundError as err:
        raise PullFailed(
            f"{source.repo} has no file {source.file!r} at revision {source.revision}"
        ) from err
    except HfHubHTTPError as err:
        status = getattr(getattr(err, "response", None), "status_code", "?")
        raise PullFailed(f"The hub at {where} answered {status}: {err}") from err
    except Exception as err:  # connection refused, DNS, timeout, TLS
        raise PullFailed(f"Could not reach the hub at {where}: {type(err).__name__}") from err
    if not meta.commit_hash:
        raise PullFailed(f"{where} does not answer like a Hugging Face hub (no commit header)")
    return url, meta


class ProgressBar(Protocol):
    """What huggingface_hub's download loop uses of a tqdm bar."""

    def update(self, n: int = 1) -> None: ...
    def close(self) -> None: ...


def _progress_class(on_progress: Progress, total: int | None) -> type[ProgressBar]:
    """What huggingface_hub's download loop updates instead of a tqdm bar."""

    class Bar:
        def __init__(self, *args: object, initial: int = 0, **kwargs: object) -> None:
            self.n = initial
            on_progress(self.n, total)

        def update(self, n: int = 1) -> None:
            self.n += n
            on_progress(self.n, total)

        def update_transfer(self, n: int) -> None:
            pass

        def close(self) -> None:
            pass

        def __enter__(self) -> Self:
            return self

        def __exit__(self, *exc: object) -> Literal[False]:
            return False

    return Bar


def sha256_of(path: Path, on_progress: Progress | None = None) -> str:
    digest = hashlib.sha256()
    done = 0
    with path.open("rb") as f:
        while chunk := f.read(4 * 1024 * 1024):
            digest.update(chunk)
            done += len(chunk)
    if on_progress is not None:
        on_progress(done, done)
    return digest.hexdigest()


@contextlib.contextmanager
def _one_writer(part: Path, name: str) -> Iterator[None]:
    """Hold the part file's lock: the server and `colloquy models pull` (or two servers
    on one data folder) must not append to one part file at once."""
    lock = FileLock(f"{part}.lock")
    try:
        lock.acquire(timeout=0)
    except Timeout:
        raise PullFailed(
            f"{name} is already being downloaded (by this or another Colloquy process); "
            "wait for that download to finish"
        ) from None
    try:
        yield
    finally:
        lock.release()


def pull(
    source: Source,
    folder: Path,
    on_progress: Progress,
    on_stage: Callable[[str], None] | None = None,
    *,
    overwrite: bool = False,
    active: ActiveModel | None = None,
) -> Pulled:
    """Download, verify and place the file; raises PullFailed with the reason.
    `on_stage("verifying")` is called once the bytes are in."""
    final = folder / source.local_name
    try:
        check_target(final, overwrite, active)
    except TargetRefused as err:
        raise PullFailed(err.message) from None
    from huggingface_hub.file_download import http_get

    # Exported through a lazily built __all__ that mypy cannot read.
    from huggingface_hub.utils import build_hf_headers  # type: ignore[attr-defined]

    url, meta = _metadata(source)
    size = meta.size
    hub_sha = meta.etag if meta.etag and _SHA256.match(meta.etag) else None
    expected = source.sha256 or hub_sha
    checksum = checksum_kind(source.sha256, hub_sha)
    staging = folder / STAGING
    staging.mkdir(parents=True, exist_ok=True)
    tag = (expected or meta.commit_hash or "unknown")[:16]
    part = staging / f"{source.local_name}.{tag}.part"
    with _one_writer(part, source.local_name):
        resume = part.stat().st_size if part.exists() else 0
        if size is not None and resume > size:
            part.unlink()
            resume = 0

        needed = (size or 0) - resume
        free = shutil.disk_usage(staging).free
        if needed > free:
            raise PullFailed(
                f"Not enough disk space for {source.local_name}: it needs {_mb(needed)} more, "
                f"{_mb(free)} are free in {folder}"
            )
        headers = build_hf_headers()
        if urlsplit(meta.location).netloc != urlsplit(url).netloc:
            headers.pop("authorization", None)  # a signed CDN address takes no hub token
        try:
            with part.open("r+b" if part.exists() else "wb") as f:
                f.seek(0, os.SEEK_END)
                http_get(
                    meta.location,
                    f,
                    resume_size=resume,
                    headers=headers,
                    expected_size=size,
                    displayed_filename=source.local_name,
                    tqdm_class=_progress_class(on_progress, size),
                )
        except PullCancelled:
            raise
        except Exception as err:
            kept = part.stat().st_size if part.exists() else 0
            total = f" of {_mb(size)}" if size else ""
            raise PullFailed(
                f"The download broke off after {_mb(kept)}{total} ({type(err).__name__}); "
                "start it again to resume where it stopped",
                kept_bytes=kept,
            ) from err

        if on_stage is not None:
            on_stage("verifying")
        got_size = part.stat().st_size
        if size is not None and got_size != size:
            part.unlink(missing_ok=True)
            raise PullFailed(
                f"The file has {got_size} bytes, the hub says {size}; nothing was kept"
            )
        digest = sha256_of(part)
        if expected and digest != expected:
            part.unlink(missing_ok=True)
            raise PullFailed(
                f"Checksum mismatch: the file's sha256 is {digest[:12]}..., expected "
                f"{expected[:12]}... ({'catalog pin' if source.sha256 else 'published by the hub'}); "
                "the file was deleted"
            )
        try:
            architecture = check_gguf(part)
        except NotAModel as err:
            part.unlink(missing_ok=True)
            raise PullFailed(f"{source.local_name} is not a usable model: {err}") from err
        try:
            place(part, final, overwrite, active)
        except TargetRefused as err:
            raise PullFailed(err.message) from None  # the checked part stays for a retry
        record_source(
            folder,
            final.name,
            {"repo": source.repo, "file": source.file, "revision": source.revision},
            {"commit": meta.commit_hash, "sha256": digest, "checksum": checksum},
        )
        return Pulled(final, meta.commit_hash, digest, got_size, architecture, checksum)
