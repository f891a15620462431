"""The `colloquy` command line."""

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

app = typer.Typer(help="Colloquy: AI focus groups.", no_args_is_help=True)
console = Console()


@app.command()
def serve(
    host: str = typer.Option(None, help="Bind address (default COLLOQUY_HOST or 127.0.0.1)."),
    port: int = typer.Option(None, help="Port (default COLLOQUY_PORT or 8000)."),
    log_level: str = typer.Option("info", help="Uvicorn log level."),
) -> None:
    """Start the web server."""
    import uvicorn

    from colloquy.app import create_app
    from colloquy.settings import get_settings

    settings = get_settings()
    if host:
        settings.host = host
    if port:
        settings.port = port
    from colloquy.api.request_policy import is_loopback

    if not is_loopback(settings.host) and not settings.access_token and not _accounts_exist():
        # Off loopback anyone on the network could read and run everything: demand sign-in.
        Console(stderr=True).print(
            f"[red]Refusing to serve on {settings.host}:[/red] only loopback addresses "
            "(127.0.0.1, ::1, localhost) run without sign-in. Create the first admin with "
            "`colloquy users create --admin EMAIL` (docs/teams.md), or set "
            "COLLOQUY_ACCESS_TOKEN to a long random secret, to serve on other addresses."
        )
        raise typer.Exit(code=2)
    console.print(
        f"[bold]Colloquy[/bold] on http://{settings.host}:{settings.port} "
        f"(data in {settings.data_dir.resolve()}, model: {settings.llm_provider})"
    )
    uvicorn.run(
        create_app(settings, freeze_gc=True),
        host=settings.host,
        port=settings.port,
        log_level=log_level,
    )


@app.command()
def worker(
    log_level: str = typer.Option("info", help="Log level."),
) -> None:
    """Run sessions without serving HTTP (PostgreSQL only): takes over running sessions
    that no live process owns, beside any number of `colloquy serve` processes."""
    import asyncio
    import logging
    import signal

    from colloquy.engine.cluster import is_postgres
    from colloquy.settings import get_settings
    from colloquy.startup import core

    settings = get_settings()
    if not is_postgres(settings.resolved_database_url):
        Console(stderr=True).print(
            "[red]A worker needs PostgreSQL[/red] (COLLOQUY_DATABASE_URL=postgresql+asyncpg://"
            "...): with SQLite one `colloquy serve` process runs every session."
        )
        raise typer.Exit(code=2)
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(message)s")

    async def main() -> None:
        done = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, done.set)
        async with core(settings, freeze_gc=True):  # the same start-up as `serve`
            console.print("[bold]Colloquy worker[/bold]: running sessions (no HTTP)")
            await done.wait()

    asyncio.run(main())


@app.command("mcp")
def mcp_server(
    log_level: str = typer.Option("warning", help="Log level (the log goes to stderr)."),
) -> None:
    """Serve the MCP tools over stdio for an assistant (Claude Desktop, ...): configured by
    the same COLLOQUY_* environment as `serve` (docs/mcp.md)."""
    import logging
    import sys

    import anyio

    from colloquy.mcp.server import serve_stdio
    from colloquy.settings import get_settings

    logging.basicConfig(level=log_level.upper(), stream=sys.stderr)
    anyio.run(serve_stdio, get_settings())


@app.command()
def openapi(
    out: Path = typer.Option(Path("openapi.json"), help="Where to write the schema."),
) -> None:
    """Write the OpenAPI schema (for generating the frontend's types)."""
    from colloquy.app import create_app

    out.write_text(json.dumps(create_app().openapi(), indent=2) + "\n")
    console.print(f"wrote {out}")


def _with_db(work: Any) -> Any:
    """Runs `work(db)` on the configured database, migrated first."""
    import asyncio

    from colloquy.settings import get_settings
    from colloquy.store.db import make_engine, make_sessionmaker
    from colloquy.store.migrate import upgrade_async

    url = get_settings().resolved_database_url
    get_settings().data_dir.mkdir(parents=True, exist_ok=True)

    async def main() -> Any:
        await upgrade_async(url)
        engine = make_engine(url)
        try:
            async with make_sessionmaker(engine)() as db:
                return await work(db)
        finally:
            await engine.dispose()

    return asyncio.run(main())


def _accounts_exist() -> bool:
    from colloquy.services.accounts.users import any_user

    return bool(_with_db(any_user))


users_app = typer.Typer(help="Accounts on a shared server (docs/teams.md).", no_args_is_help=True)
app.add_typer(users_app, name="users")


@users_app.command("create")
def users_create(
    email: str = typer.Argument(..., help="The account's email."),
    admin: bool = typer.Option(False, "--admin", help="Make the account an admin."),
) -> None:
    """Create an account. The password is asked for (twice) on a terminal, or read as the
    first line of stdin when stdin is not a terminal."""
    import sys

    from colloquy.errors import AppError
    from colloquy.services.accounts.users import create_user

    if sys.stdin.isatty():
        password = typer.prompt("Password", hide_input=True, confirmation_prompt=True)
    else:
        password = sys.stdin.readline().rstrip("\r\n")
    try:
        user = _with_db(lambda db: create_user(db, email, password, is_admin=admin))
    except AppError as exc:
        Console(stderr=True).print(f"[red]{'; '.join(exc.errors)}[/red]")
        raise typer.Exit(code=2) from None
    role = "admin" if user.is_admin else "user"
    console.print(f"created {role} {user.email}")


models_app = typer.Typer(help="Local GGUF models in <data dir>/models.", no_args_is_help=True)
app.add_typer(models_app, name="models")


@models_app.command("catalog")
def models_catalog() -> None:
    """List the curated CPU models that `colloquy models pull ID` downloads."""
    from rich.table import Column, Table

    from colloquy.domain.model_settings.catalog import CATALOG

    table = Table("model", "size", "memory", "speed")
    table.columns.insert(0, Column("id", no_wrap=True))
    for m in CATALOG:
        table.add_row(m.id, m.name, f"{m.size_bytes / 1e9:.1f} GB", f"{m.memory_gb:g} GB", m.speed)
    console.print(table)


@models_app.command("pull")
def models_pull(
    model: str = typer.Argument(..., help="A catalog id, or OWNER/REPO/FILE.gguf on the hub."),
    revision: str = typer.Option(None, help="Branch, tag or commit (REPO/FILE only)."),
    overwrite: bool = typer.Option(False, help="Replace a file of the same name."),
) -> None:
    """Download a model into <data dir>/models (resumable; sha256 and GGUF checked)."""
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        Progress,
        TimeRemainingColumn,
        TransferSpeedColumn,
    )

    from colloquy.domain.model_settings.catalog import split_spec
    from colloquy.errors import ValidationFailed
    from colloquy.services.model_settings.downloads import resolve_source
    from colloquy.services.model_settings.pull import PullFailed, pull
    from colloquy.settings import get_settings

    err = Console(stderr=True)
    try:
        if "/" in model:
            parts = split_spec(model)
            if parts is None:
                raise ValidationFailed(["Give a catalog id or OWNER/REPO/FILE.gguf"])
            source, name, _ = resolve_source(None, parts[0], parts[1], revision)
        else:
            source, name, _ = resolve_source(model, None, None, None)
    except ValidationFailed as exc:
        err.print(f"[red]{exc.message}[/red]")
        raise typer.Exit(code=2) from exc
    settings = get_settings()
    folder = settings.data_dir / "models"
    folder.mkdir(parents=True, exist_ok=True)
    if (folder / source.local_name).is_file() and not overwrite:
        console.print(f"{source.local_name} is already in {folder} (--overwrite replaces it)")
        return
    local = settings.llm_provider == "local" and settings.llm_model
    in_use = folder / settings.llm_model if local and settings.llm_model else None
    columns = (BarColumn(), DownloadColumn(), TransferSpeedColumn(), TimeRemainingColumn())
    with Progress("[progress.description]{task.description}", *columns, console=console) as bar:
        task = bar.add_task(name, total=None)

        def on_progress(done: int, total: int | None) -> None:
            bar.update(task, completed=done, total=total)

        try:
            pulled = pull(
                source,
                folder,
                on_progress,
                lambda _stage: bar.update(task, description=f"{name} (checking sha256, GGUF)"),
                overwrite=overwrite,
                active=lambda: in_use,
            )
        except PullFailed as exc:
            bar.stop()
            err.print(f"[red]{exc.message}[/red]")
            raise typer.Exit(code=1) from exc
    checked = {"catalog": "checked against the catalog", "hub": "checked against the hub"}
    console.print(
        f"[green]Saved[/green] {pulled.path} ({pulled.architecture}, sha256 {pulled.sha256[:12]}..., "
        f"{checked.get(pulled.checksum, 'unverified: no checksum was published to check')}). "
        "Choose it on the Settings screen (provider: Local GGUF model)."
    )


# Headless runs of guide files: colloquy run, colloquy survey run.
from colloquy import cli_run

app.command("run")(cli_run.run)
app.add_typer(cli_run.survey_app, name="survey")

# A library from one database into another: colloquy copy.
from colloquy import cli_copy

app.command("copy")(cli_copy.copy)


if __name__ == "__main__":
    app()
