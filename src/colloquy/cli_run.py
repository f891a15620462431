"""`colloquy run GUIDE.yaml` and `colloquy survey run SURVEY.yaml`: headless runs of a
guide file against the local database or a running server (--server URL --token T)."""

from __future__ import annotations

import asyncio
import signal
from contextlib import AbstractAsyncContextManager, suppress
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.console import Console

if TYPE_CHECKING:
    from colloquy.headless.client import Api
    from colloquy.headless.runner import RunOptions

survey_app = typer.Typer(help="Surveys from guide files.", no_args_is_help=True)

GUIDE_HELP = "The guide file (YAML or JSON); not needed with --resume."
MODEL_HELP = "PROVIDER/NAME (e.g. openai/gpt-4o-mini) or a model profile's name."
OUT_HELP = "Folder for the exports."
SERVER_HELP = "A running Colloquy server (e.g. http://127.0.0.1:8000); default: local database."
TOKEN_HELP = "The server's access token (COLLOQUY_ACCESS_TOKEN)."
RESUME_HELP = "Continue an interrupted run by its id (no new session is created)."


def _main(opts: RunOptions, server: str | None, token: str | None) -> int:
    from colloquy.headless import runner
    from colloquy.headless.client import ApiFailed, local_api, server_api

    console = Console()
    err = Console(stderr=True, soft_wrap=True)

    def connect() -> AbstractAsyncContextManager[Api]:
        if server:
            return server_api(server, token)
        from colloquy.settings import get_settings

        return local_api(get_settings())

    async def main() -> int:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        with suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signal.SIGINT, stop.set)
            loop.add_signal_handler(signal.SIGTERM, stop.set)
        try:
            return await runner.run(opts, connect, console, stop)
        finally:
            with suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(signal.SIGINT)
                loop.remove_signal_handler(signal.SIGTERM)

    try:
        return asyncio.run(main())
    except runner.RunStopped as exc:
        for line in exc.lines:
            err.print(line, highlight=False)
        return exc.code
    except ApiFailed as exc:
        err.print(f"[red]Error:[/red] {exc.message}", highlight=False)
        for line in exc.body.get("errors") or []:
            if line != exc.message:
                err.print(f"  {line}", highlight=False)
        return runner.EXIT_FAILED
    except KeyboardInterrupt:
        err.print("Interrupted; resume with --resume and the id shown above")
        return runner.EXIT_INTERRUPTED


def _options(
    kind: str, guide: Path | None, out: Path, fmt: str, model: str | None, resume: str | None
) -> RunOptions:
    from colloquy.headless import runner

    if guide is None and resume is None:
        raise runner.RunStopped(runner.EXIT_INVALID, "Give a guide file, or --resume SESSION_ID")
    return runner.RunOptions(
        kind=kind,
        guide_path=guide,
        out=out,
        formats=runner.parse_formats(fmt, kind),
        model=model,
        resume=resume,
    )


def _run(
    kind: str,
    guide: Path | None,
    out: Path,
    fmt: str,
    model: str | None,
    server: str | None,
    token: str | None,
    resume: str | None,
) -> None:
    from colloquy.headless import runner

    try:
        opts = _options(kind, guide, out, fmt, model, resume)
    except runner.RunStopped as exc:
        Console(stderr=True, soft_wrap=True).print(*exc.lines)
        raise typer.Exit(code=exc.code) from None
    code = _main(opts, server, token)
    if code:
        raise typer.Exit(code=code)


def run(
    guide: Path = typer.Argument(None, help=GUIDE_HELP, dir_okay=False),
    model: str = typer.Option(None, "--model", help=MODEL_HELP),
    out: Path = typer.Option(Path("."), "--out", help=OUT_HELP, file_okay=False),
    fmt: str = typer.Option("json,md", "--format", help="Exports: json, md, pdf, csv."),
    server: str = typer.Option(None, "--server", help=SERVER_HELP),
    token: str = typer.Option(None, "--token", help=TOKEN_HELP, envvar="COLLOQUY_TOKEN"),
    resume: str = typer.Option(None, "--resume", help=RESUME_HELP, metavar="SESSION_ID"),
) -> None:
    """Run a focus-group guide: progress as it runs, then the exports. Exit status 0 when
    done, 1 when the run failed, 2 for an invalid guide, 130 when stopped with Ctrl-C."""
    _run("focus-group", guide, out, fmt, model, server, token, resume)


@survey_app.command("run")
def survey_run(
    guide: Path = typer.Argument(None, help=GUIDE_HELP, dir_okay=False),
    out: Path = typer.Option(Path("."), "--out", help=OUT_HELP, file_okay=False),
    fmt: str = typer.Option("json,csv", "--format", help="Exports: json, csv."),
    server: str = typer.Option(None, "--server", help=SERVER_HELP),
    token: str = typer.Option(None, "--token", help=TOKEN_HELP, envvar="COLLOQUY_TOKEN"),
    resume: str = typer.Option(None, "--resume", help=RESUME_HELP, metavar="SURVEY_ID"),
) -> None:
    """Run a survey guide, as `colloquy run` does for a focus group."""
    _run("survey", guide, out, fmt, None, server, token, resume)
