"""The `colloquy` command line."""

import json
from pathlib import Path

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

    if not is_loopback(settings.host) and not settings.access_token:
        # Off loopback anyone on the network could read and run everything: demand a token.
        Console(stderr=True).print(
            f"[red]Refusing to serve on {settings.host}:[/red] only loopback addresses "
            "(127.0.0.1, ::1, localhost) run without sign-in. Set COLLOQUY_ACCESS_TOKEN "
            "to a long random secret to serve on other addresses."
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
def openapi(
    out: Path = typer.Option(Path("openapi.json"), help="Where to write the schema."),
) -> None:
    """Write the OpenAPI schema (for generating the frontend's types)."""
    from colloquy.app import create_app

    out.write_text(json.dumps(create_app().openapi(), indent=2) + "\n")
    console.print(f"wrote {out}")


if __name__ == "__main__":
    app()
