"""`colloquy run` of a study guide (docs/guides.md#a-study): the study followed to its end,
one line per interview as it finishes, the answers done of the most there can be, then its
synthesis followed to its end, where to read it printed, and the study's exports written."""

from __future__ import annotations

import asyncio
from contextlib import suppress
from typing import Any

from rich.console import Console
from rich.markup import escape

from colloquy.headless import progress as show
from colloquy.headless.client import Api, ApiFailed
from colloquy.waiting import wait_for

STUDY_EXPORTS = {"md": "export.md", "pdf": "report.pdf", "csv": "quotes.csv"}
POLL_SECONDS = 0.5
SYNTHESIS_WAIT_S = 1800.0


async def _pause(stop: asyncio.Event) -> None:
    with suppress(TimeoutError):
        await wait_for(stop.wait(), POLL_SECONDS)


def study_line(view: dict[str, Any]) -> str:
    n = (view.get("progress") or {}).get("interviews") or {}
    failed = f", {n.get('failed')} failed" if n.get("failed") else ""
    return (
        f"{escape(str(view.get('name') or 'Study'))} · interviews {n.get('done', 0)}/"
        f"{n.get('total', 0)} done, {n.get('running', 0)} running{failed}{show.cost_text(view)}"
    )


async def follow_study(
    api: Api, study_id: str, console: Console, stop: asyncio.Event
) -> dict[str, Any]:
    """The study's view once it stopped running (or the run was interrupted)."""
    told: set[str] = set()
    with show.new_progress(console) as bar:
        task = bar.add_task("starting", total=None)
        while True:
            view: dict[str, Any] = await api.json("GET", f"/api/studies/{study_id}")
            for row in view["interviews"]:
                if row["state"] in ("done", "failed") and row["sessionId"] not in told:
                    told.add(row["sessionId"])
                    why = f": {row['error']}" if row.get("error") else ""
                    bar.console.print(
                        f"interview {escape(row['personaName'])} ({row['sessionId']}) "
                        f"{row['state']}{escape(why)}"
                    )
            answers = view["progress"]["answers"]
            bar.update(
                task,
                completed=answers["done"],
                total=answers["total"],
                description=study_line(view),
            )
            if view["status"] != "running" or stop.is_set():
                return view
            await _pause(stop)


async def follow_synthesis(
    api: Api, study_id: str, console: Console, stop: asyncio.Event
) -> dict[str, Any] | None:
    """The study's synthesis once it finished (None: none was started, or interrupted)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + SYNTHESIS_WAIT_S
    with show.new_progress(console) as bar:
        task = bar.add_task("synthesis", total=None)
        while loop.time() < deadline and not stop.is_set():
            try:
                view: dict[str, Any] = await api.json("GET", f"/api/studies/{study_id}/synthesis")
            except ApiFailed as exc:
                if exc.status != 404:
                    raise
                view = {"status": "waiting", "progress": {"done": 0, "total": 0}}
            p = view["progress"]
            bar.update(task, completed=p["done"], total=p["total"] or None)
            if view["status"] in ("completed", "failed"):
                return view
            await _pause(stop)
    return None


def synthesis_location(where: str, synthesis_id: str) -> str:
    """Where to read the synthesis: the screen on a server, else the API path."""
    if where.startswith("http"):
        return f"{where.rstrip('/')}/syntheses/{synthesis_id}"
    return f"/api/syntheses/{synthesis_id} (colloquy serve, then /syntheses/{synthesis_id})"
