"""Downloads of local models started from the app: one background job per file, its
progress (bytes, rate, time left) polled by the Settings screen.

Jobs live in memory (Runtime.feature(Downloads)): after a restart the list is empty, but a download
that was cut short resumes from its partial file when it is started again.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from colloquy.domain.model_settings import catalog as model_catalog
from colloquy.errors import Conflict, ValidationFailed
from colloquy.runtime import Runtime
from colloquy.services.model_settings import place
from colloquy.services.model_settings import pull as model_pull
from colloquy.services.model_settings.active_model import current, models_dir

log = logging.getLogger(__name__)
RATE_WINDOW_S = 5.0
ACTIVE = ("queued", "downloading", "verifying")


@dataclass
class Job:
    id: str  # the local file name
    name: str
    source: model_pull.Source
    catalog_id: str | None = None
    state: str = "queued"  # queued | downloading | verifying | done | failed | cancelled
    bytes_done: int = 0
    total_bytes: int | None = None
    error: str | None = None
    commit: str | None = None
    checksum: str | None = None  # catalog | hub | unverified, once the file is in
    overwrite: bool = False
    started_at: float = field(default_factory=time.time)
    finished_at: float | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    samples: deque[tuple[float, int]] = field(default_factory=lambda: deque(maxlen=64))

    def progress(self, done: int, total: int | None) -> None:
        """Called from the download thread for every chunk."""
        if self.cancel.is_set():
            raise model_pull.PullCancelled()
        now = time.monotonic()
        self.bytes_done = done
        if total:
            self.total_bytes = total
        if not self.samples or now - self.samples[-1][0] >= 0.2:
            self.samples.append((now, done))

    def set_state(self, state: str) -> None:
        self.state = state

    def rate(self) -> float | None:
        """Bytes per second over the last few seconds."""
        if self.state != "downloading" or len(self.samples) < 2:
            return None
        now = time.monotonic()
        recent = [s for s in self.samples if now - s[0] <= RATE_WINDOW_S] or list(self.samples)
        first, last = recent[0], self.samples[-1]
        if last[0] - first[0] <= 0:
            return None
        return max(0.0, (last[1] - first[1]) / (last[0] - first[0]))

    def view(self) -> dict[str, Any]:
        rate = self.rate()
        eta = None
        if rate and self.total_bytes:
            eta = max(0, round((self.total_bytes - self.bytes_done) / rate))
        return {
            "id": self.id,
            "name": self.name,
            "catalogId": self.catalog_id,
            "repo": self.source.repo,
            "file": self.source.file,
            "revision": self.source.revision,
            "state": self.state,
            "bytesDone": self.bytes_done,
            "totalBytes": self.total_bytes,
            "bytesPerSecond": round(rate) if rate is not None else None,
            "etaSeconds": eta,
            "error": self.error,
            "commit": self.commit,
            "checksum": self.checksum,
        }


class Downloads:
    def __init__(self, folder: Path, active: place.ActiveModel | None = None) -> None:
        self.folder = folder
        self.active = active  # the local model file in use: never replaced
        self.jobs: dict[str, Job] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}

    def start(
        self,
        source: model_pull.Source,
        name: str,
        catalog_id: str | None,
        overwrite: bool = False,
    ) -> Job:
        """Start (or show the running) download of this file. A file already there is
        shown as done, unless `overwrite` asks to replace it (never the model in use)."""
        job_id = source.local_name
        running = self.jobs.get(job_id)
        if running is not None and running.state in ACTIVE:
            return running
        if overwrite:
            try:
                place.check_target(self.folder / job_id, True, self.active)
            except place.TargetRefused as err:
                raise Conflict(err.message) from None
        job = Job(id=job_id, name=name, source=source, catalog_id=catalog_id)
        job.overwrite = overwrite
        self.jobs[job_id] = job
        if (self.folder / job_id).is_file() and not overwrite:
            job.checksum = place.sources(self.folder).get(job_id, {}).get("checksum")
            job.state, job.finished_at = "done", time.time()
            job.bytes_done = job.total_bytes = (self.folder / job_id).stat().st_size
            return job
        self.tasks[job_id] = asyncio.create_task(self._run(job), name=f"model-download-{job_id}")
        return job

    async def _run(self, job: Job) -> None:
        job.state = "downloading"
        try:
            pulled = await asyncio.to_thread(
                functools.partial(model_pull.pull, overwrite=job.overwrite, active=self.active),
                job.source,
                self.folder,
                job.progress,
                job.set_state,
            )
        except model_pull.PullCancelled:
            job.state, job.error = "cancelled", "Cancelled; start it again to resume"
        except model_pull.PullFailed as err:
            job.state, job.error = "failed", err.message
        except Exception as err:  # never lose a job silently
            log.exception("model download %s failed", job.id)
            job.state, job.error = "failed", f"The download failed: {type(err).__name__}: {err}"
        else:
            job.state, job.commit, job.checksum = "done", pulled.commit, pulled.checksum
            job.bytes_done = job.total_bytes = pulled.size
        finally:
            job.finished_at = time.time()
            self.tasks.pop(job.id, None)

    def cancel(self, job_id: str) -> Job | None:
        job = self.jobs.get(job_id)
        if job is not None and job.state in ACTIVE:
            job.cancel.set()
        return job

    def list(self) -> list[dict[str, Any]]:
        return [j.view() for j in sorted(self.jobs.values(), key=lambda j: -j.started_at)]

    async def shutdown(self) -> None:
        for job in self.jobs.values():
            job.cancel.set()
        tasks = list(self.tasks.values())
        if tasks:
            with contextlib.suppress(Exception):
                await asyncio.wait(tasks, timeout=5)


def registry(runtime: Runtime) -> Downloads:
    folder = models_dir(runtime)
    return runtime.feature(
        Downloads, lambda: Downloads(folder, lambda: active_model_path(runtime, folder))
    )


def active_model_path(runtime: Runtime, folder: Path) -> Path | None:
    """The local GGUF file new calls use now, if the provider is a local one."""
    config = current(runtime)
    if config.provider != "local" or not config.model:
        return None
    path = Path(config.model)
    return path if path.is_absolute() else folder / path


def catalog(runtime: Runtime) -> list[dict[str, Any]]:
    folder = models_dir(runtime)
    return [
        {**m.view(), "downloaded": (folder / model_catalog_name(m)).is_file()}
        for m in model_catalog.CATALOG
    ]


def model_catalog_name(entry: model_catalog.CatalogModel) -> str:
    return entry.file.rsplit("/", 1)[-1]


def resolve_source(
    model_id: str | None, repo: str | None, file: str | None, revision: str | None
) -> tuple[model_pull.Source, str, str | None]:
    """(source, display name, catalog id) of a request; raises ValidationFailed."""
    if model_id:
        entry = model_catalog.find(model_id)
        if entry is None:
            ids = ", ".join(m.id for m in model_catalog.CATALOG)
            raise ValidationFailed([f"No catalog model {model_id!r}; choose one of {ids}"])
        source = model_pull.Source(entry.repo, entry.file, entry.revision, entry.sha256)
        return source, entry.name, entry.id
    repo, file = (repo or "").strip(), (file or "").strip()
    revision = (revision or "").strip() or "main"
    problems = model_catalog.check_source(repo, file, revision)
    if problems:
        raise ValidationFailed(problems)
    return model_pull.Source(repo, file, revision), f"{repo}/{file}", None


def start(
    runtime: Runtime,
    model_id: str | None,
    repo: str | None,
    file: str | None,
    revision: str | None,
    overwrite: bool = False,
) -> dict[str, Any]:
    source, name, catalog_id = resolve_source(model_id, repo, file, revision)
    return registry(runtime).start(source, name, catalog_id, overwrite).view()


async def shutdown(runtime: Runtime) -> None:
    """Server stopping: stop the downloads (their partial files stay for a resume)."""
    downloads = runtime.existing(Downloads)
    if downloads is not None:
        await downloads.shutdown()
