"""Tool errors: every failure a call can meet becomes one message for the assistant
(a result with isError), never a crash of the server or of the connection."""

from __future__ import annotations

from pydantic import ValidationError

from colloquy.errors import AppError

MSG_INTERNAL = "The tool failed unexpectedly (the details are in the server log)"


class ToolFailure(Exception):
    """A call that cannot be done: `message` says why, `errors` lists each problem."""

    def __init__(self, message: str, errors: list[str] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.errors = errors if errors is not None else [message]


def _where(loc: tuple[int | str, ...], prefix: str) -> str:
    parts = [prefix] if prefix else []
    parts += [f"[{p}]" if isinstance(p, int) else str(p) for p in loc]
    return ".".join(parts).replace(".[", "[") or "arguments"


def invalid(exc: ValidationError, prefix: str = "") -> ToolFailure:
    """Each problem with the field it concerns, e.g. 'guide.questions[0]: Input should be
    a valid string'."""
    errors = []
    for err in exc.errors(include_url=False):
        where = _where(tuple(err.get("loc", ())), prefix)
        message = str(err.get("msg", "is not valid")).removeprefix("Value error, ")
        if err.get("type") == "extra_forbidden":
            message = "Unknown argument"
        errors.append(f"{where}: {message}")
    return ToolFailure("Invalid arguments: " + "; ".join(errors), errors)


def from_app_error(exc: AppError) -> ToolFailure:
    """A service's refusal, with the service's own messages (the API's `errors`)."""
    return ToolFailure(exc.message, list(exc.errors))
