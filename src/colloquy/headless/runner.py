"""One headless run: check the guide, upload its files, create and start the session or
survey, follow it to the end with a progress display, write the exports. Ctrl-C stops
the run cleanly (it can be resumed with --resume ID)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console

from colloquy.headless import progress as show
from colloquy.headless import study_run as study
from colloquy.headless.client import Api, ApiFailed
from colloquy.headless.guide_file import GuideFile, read_guide, upload_files
from colloquy.headless.study_run import STUDY_EXPORTS
from colloquy.services.guides.guide_format import SESSION_GUIDE_KINDS
from colloquy.services.guides.loading import GuideInvalid
from colloquy.waiting import wait_for

SESSION_EXPORTS = {
    "json": "export.json",
    "md": "export.md",
    "csv": "export.csv",
    "pdf": "report.pdf",
}
SURVEY_EXPORTS = {"json": "export.json", "csv": "export.csv"}
POLL_SECONDS = 0.5
CREATE_TIMEOUT = httpx.Timeout(1800.0, connect=10.0)
EXIT_OK, EXIT_FAILED, EXIT_INVALID, EXIT_INTERRUPTED = 0, 1, 2, 130
PROVIDERS = ("local", "openai", "anthropic")


class RunStopped(Exception):
    """The run cannot go on; `code` is the exit status, `lines` what to print."""

    def __init__(self, code: int, *lines: str) -> None:
        super().__init__(lines[0] if lines else "")
        self.code = code
        self.lines = list(lines)


@dataclass
class RunOptions:
    kind: str  # "focus-group" | "survey" | "study" (set when a study guide is read)
    guide_path: Path | None
    out: Path
    formats: list[str]
    model: str | None = None
    resume: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def exports(self) -> dict[str, str]:
        if self.kind == "study":
            return STUDY_EXPORTS
        return SESSION_EXPORTS if self.kind == "focus-group" else SURVEY_EXPORTS

    @property
    def base(self) -> str:
        if self.kind == "study":
            return "/api/studies"
        return "/api/sessions" if self.kind == "focus-group" else "/api/surveys"


def parse_formats(text: str, kind: str) -> list[str]:
    allowed = SESSION_EXPORTS if kind == "focus-group" else SURVEY_EXPORTS
    formats = [f.strip().lower() for f in text.split(",") if f.strip()]
    bad = [f for f in formats if f not in allowed]
    if bad or not formats:
        raise RunStopped(
            EXIT_INVALID, f"--format takes {', '.join(allowed)} (comma-separated), not {text!r}"
        )
    return list(dict.fromkeys(formats))


def model_choice(value: str) -> dict[str, str]:
    """--model: PROVIDER/NAME (e.g. openai/gpt-4o-mini), or the name of a model profile."""
    provider, _, name = value.partition("/")
    if provider in PROVIDERS and name:
        return {"provider": provider, "name": name}
    if provider in PROVIDERS and not name:
        return {"provider": provider}
    return {"profile": value}


def _invalid(guide: GuideFile | None, problems: list[Any], source: str) -> RunStopped:
    lines = [str(p) for p in (guide.with_lines(problems) if guide else problems)]
    return RunStopped(EXIT_INVALID, f"[red]{source} is not a valid guide:[/red]", *lines)


async def _start(api: Api, opts: RunOptions, console: Console) -> str:
    if opts.resume:
        try:
            view = await api.json("POST", f"{opts.base}/{opts.resume}/run")
        except ApiFailed as exc:
            if exc.status != 409:
                raise
            view = await api.json("GET", f"{opts.base}/{opts.resume}")
            if view.get("status") != "completed":
                raise
        console.print(f"Resuming [bold]{view['name']}[/bold] ({view['id']}) on {api.where}")
        return str(view["id"])
    assert opts.guide_path is not None
    try:
        guide = read_guide(opts.guide_path)
    except GuideInvalid as exc:
        raise _invalid(None, exc.problems, str(opts.guide_path)) from None
    if guide.guide.kind != opts.kind and not (
        opts.kind == "focus-group" and guide.guide.kind in (*SESSION_GUIDE_KINDS, "study")
    ):
        other = "colloquy survey run" if guide.guide.kind == "survey" else "colloquy run"
        raise RunStopped(
            EXIT_INVALID, f"{opts.guide_path} is a {guide.guide.kind} guide: use {other}"
        )
    data = guide.data()
    if opts.model:
        if opts.kind == "survey":
            raise RunStopped(EXIT_INVALID, "A survey runs on the model of the Settings screen")
        data["model"] = model_choice(opts.model)
    try:
        await api.json("POST", "/api/guides/check", params={"clientFiles": "true"}, json=data)
    except ApiFailed as exc:
        if exc.status == 422 and exc.body.get("problems"):
            raise _invalid(guide, exc.body["problems"], str(opts.guide_path)) from None
        raise
    await upload_files(api, guide, data)
    path = "/api/guides/sessions" if opts.kind == "focus-group" else "/api/guides/surveys"
    if guide.guide.kind == "study":  # one interview per persona, then their synthesis
        path, opts.kind = "/api/guides/studies", "study"
        opts.formats = [f for f in opts.formats if f in STUDY_EXPORTS] or list(STUDY_EXPORTS)
    # Generating personas with a slow model can take minutes: wait for it.
    view = await api.json("POST", path, json=data, timeout=CREATE_TIMEOUT)
    console.print(
        f"Started [bold]{view['name']}[/bold] ({view['id']}) on {api.where}; "
        f"resume an interrupted run with --resume {view['id']}"
    )
    return str(view["id"])


async def _wait(stop: asyncio.Event, seconds: float) -> None:
    with suppress(TimeoutError):
        await wait_for(stop.wait(), seconds)


async def _follow_session(
    api: Api, sid: str, console: Console, stop: asyncio.Event
) -> dict[str, Any]:
    seen = 0
    with show.new_progress(console) as bar:
        task = bar.add_task("starting", total=None)
        while True:
            view: dict[str, Any] = await api.json("GET", f"/api/sessions/{sid}")
            for message in view["messages"][seen:]:
                bar.console.print(show.answer_line(message))
            seen = len(view["messages"])
            p = view["progress"]
            bar.update(
                task,
                completed=p["responses"],
                total=p["total"],
                description=show.session_line(view),
            )
            if not view["running"] or stop.is_set():
                return view
            await _wait(stop, POLL_SECONDS)


async def _follow_survey(
    api: Api, sid: str, console: Console, stop: asyncio.Event
) -> dict[str, Any]:
    with show.new_progress(console) as bar:
        task = bar.add_task("starting", total=None)
        while True:
            view: dict[str, Any] = await api.json("GET", f"/api/surveys/{sid}")
            p = view["progress"]
            bar.update(
                task, completed=p["done"], total=p["total"], description=show.survey_line(view)
            )
            if view["status"] != "running" or stop.is_set():
                return view
            await _wait(stop, POLL_SECONDS)


def _filename(res: Any, fallback: str) -> str:
    found = re.search(r'filename="?([^";]+)"?', res.headers.get("content-disposition", ""))
    name = Path(found.group(1)).name if found else ""
    return name or fallback


async def _export(api: Api, opts: RunOptions, sid: str, console: Console) -> None:
    opts.out.mkdir(parents=True, exist_ok=True)
    for fmt in opts.formats:
        endpoint = opts.exports[fmt]
        res = await api.call("GET", f"{opts.base}/{sid}/{endpoint}")
        target = opts.out / _filename(res, f"{sid}.{fmt}")
        target.write_bytes(res.content)
        console.print(f"wrote {target}")


def _finished(view: dict[str, Any]) -> bool:
    return view.get("status") == "completed"


async def run(
    opts: RunOptions,
    connect: Callable[[], AbstractAsyncContextManager[Api]],
    console: Console,
    stop: asyncio.Event,
) -> int:
    """The whole run; the exit status (0 done, 1 failed, 2 invalid, 130 interrupted)."""
    async with connect() as api:
        sid = await _start(api, opts, console)
        if opts.kind == "study":
            return await _run_study(api, opts, sid, console, stop)
        follow = _follow_session if opts.kind == "focus-group" else _follow_survey
        view = await follow(api, sid, console, stop)
        if stop.is_set() and not _finished(view):
            with suppress(ApiFailed):
                await api.call("POST", f"{opts.base}/{sid}/stop")
            raise RunStopped(
                EXIT_INTERRUPTED,
                f"Stopped. Resume with: --resume {sid}",
            )
        if not _finished(view):
            error = (view.get("error") or {}).get("message") or "the run stopped before the end"
            raise RunStopped(
                EXIT_FAILED, f"[red]Failed:[/red] {error}", f"Resume with: --resume {sid}"
            )
        await _export(api, opts, sid, console)
        console.print(f"[green]Done[/green]: {view['name']} ({sid}){show.cost_text(view)}")
    return EXIT_OK


async def _run_study(
    api: Api, opts: RunOptions, sid: str, console: Console, stop: asyncio.Event
) -> int:
    view = await study.follow_study(api, sid, console, stop)
    if stop.is_set() and view["status"] == "running":
        with suppress(ApiFailed):
            await api.call("POST", f"/api/studies/{sid}/stop")
        raise RunStopped(EXIT_INTERRUPTED, f"Stopped the study {sid} and its interviews.")
    if view["status"] != "completed":
        error = view.get("error") or f"the study is {view['status']}"
        raise RunStopped(EXIT_FAILED, f"[red]Failed:[/red] {error}")
    synthesis = await study.follow_synthesis(api, sid, console, stop)
    if synthesis is None or synthesis["status"] != "completed":
        error = (synthesis or {}).get("error") or "the synthesis did not finish"
        raise RunStopped(EXIT_FAILED, f"[red]Synthesis failed:[/red] {error}")
    console.print(f"Synthesis: {study.synthesis_location(api.where, synthesis['id'])}")
    await _export(api, opts, sid, console)
    console.print(f"[green]Done[/green]: {view['name']} ({sid}){show.cost_text(view)}")
    return EXIT_OK
