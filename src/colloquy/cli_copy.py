"""`colloquy copy`: a whole library from one database into another (docs/moving-in.md)."""

import asyncio
from pathlib import Path

import typer
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
from rich.table import Table

from colloquy.errors import ValidationFailed
from colloquy.services.library_copy.run import CopyReport, copy_library
from colloquy.services.model_settings.secret_box import KEY_FILE, SecretBox
from colloquy.settings import get_settings

console = Console()


def copy(
    source: str = typer.Option(..., "--from", help="The database to copy from (its URL)."),
    target: str = typer.Option(..., "--to", help="The database to copy into (its URL)."),
    batch_size: int = typer.Option(500, min=1, max=5000, help="Rows read and written at once."),
    workspace: str | None = typer.Option(
        None,
        "--workspace",
        help="Copy only this workspace (or the source's only one) into the target's workspace "
        "of this name, made if missing.",
    ),
) -> None:
    """Copy personas, sessions, surveys, imports, model profiles and prices from one database
    into another (migrated first), then compare both sides table by table. Run it with the
    target's COLLOQUY_SECRET_KEY or data dir: API keys travel only when that key reads them."""
    err = Console(stderr=True)
    columns = (BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress("[progress.description]{task.description}", *columns, console=err) as bar:
        task = bar.add_task("starting", total=None)

        def started(stage: str, table: str, rows: int) -> None:
            bar.update(task, description=f"{stage} {table}", total=rows, completed=0)

        def advanced(rows: int) -> None:
            bar.advance(task, rows)

        try:
            report = asyncio.run(
                copy_library(
                    source,
                    target,
                    box=_target_box(),
                    batch_size=batch_size,
                    started=started,
                    advanced=advanced,
                    workspace=workspace,
                )
            )
        except ValidationFailed as exc:
            bar.stop()
            err.print(f"[red]Nothing copied:[/red] {exc.message}")
            raise typer.Exit(code=2) from exc
    _print(report)
    if not report.ok:
        raise typer.Exit(code=1)


def _target_box() -> SecretBox | None:
    """The target's secret key: COLLOQUY_SECRET_KEY, or the key file of COLLOQUY_DATA_DIR
    (never made here: without one, no secret is carried)."""
    settings = get_settings()
    if settings.secret_key or (Path(settings.data_dir) / KEY_FILE).is_file():
        return SecretBox.open(settings.data_dir, settings.secret_key)
    return None


def _print(report: CopyReport) -> None:
    table = Table(box=box.SIMPLE, caption="target: the source's ids found there, of all its rows")
    table.add_column("table", no_wrap=True)
    for name in ("source", "copied", "there", "conflicts", "target"):
        table.add_column(name, justify="right", no_wrap=True, min_width=len(name))
    table.add_column("checksums", no_wrap=True, min_width=9)
    for t in report.tables:
        check = t.check
        sums = (
            "[green]equal[/green]"
            if check.equal
            else f"[red]differ[/red] {check.source_checksum[:8]}/{check.target_checksum[:8]}"
        )
        table.add_row(
            t.name,
            str(check.source_rows),
            str(t.copy.inserted),
            str(t.copy.unchanged),
            str(len(t.copy.conflicts)),
            f"{check.target_rows}/{check.target_total}",
            sums,
        )
    console.print(table)
    for name, why in report.skipped.items():
        console.print(f"[dim]Not copied: {name} ({why})[/dim]")
    if report.secrets_dropped:
        console.print(
            f"[yellow]{report.secrets_dropped} API key(s) or secret(s) not copied:[/yellow] the "
            "target's secret key cannot read them (another COLLOQUY_SECRET_KEY); enter them "
            "again on the target's Settings screen."
        )
    for note in report.notes:
        console.print(f"[yellow]{note}[/yellow]")
    for t in report.tables:
        for conflict in t.copy.conflicts[:20]:
            console.print(f"[red]Conflict in {t.name}:[/red] {conflict}")
        if len(t.copy.conflicts) > 20:
            console.print(f"[red]... and {len(t.copy.conflicts) - 20} more in {t.name}[/red]")
    if report.ok:
        total = sum(t.check.source_rows for t in report.tables)
        console.print(
            f"[bold green]Copied and checked:[/bold green] all {total} rows are in the target "
            "with equal content."
        )
    else:
        bad = [t.name for t in report.tables if not t.ok]
        console.print(
            f"[bold red]Not equal:[/bold red] {', '.join(bad)} differ between source and target "
            "(conflicts or changed rows above); nothing in the target was overwritten."
        )
