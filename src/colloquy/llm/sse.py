"""An incremental Server-Sent Events decoder for streamed model responses.

Why not the SDK's: the OpenAI SDK decodes a stream line by line in Python, several calls
per line; with a few dozen chunks per answer and hundreds of answers in flight that was
about a third of the server's CPU per answer (bench/CHANGES.md). This splits whole byte
buffers on blank lines instead and hands back (event, data) pairs, per the SSE format:
lines end in LF, CRLF or CR; a blank line ends an event; `data` lines are joined with LF;
lines starting with ':' are comments; an event without data is not dispatched.
"""

from __future__ import annotations


class SSEDecoder:
    def __init__(self) -> None:
        self._buffer = b""  # line ends already normalised to LF
        self._skip_lf = False  # the last chunk ended in CR: a leading LF belongs to it

    def feed(self, chunk: bytes) -> list[tuple[str | None, str]]:
        """The events completed by `chunk`, in order, as (event name or None, data)."""
        if not chunk:
            return []
        if self._skip_lf and chunk.startswith(b"\n"):
            chunk = chunk[1:]
        self._skip_lf = chunk.endswith(b"\r")
        if b"\r" in chunk:
            chunk = chunk.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        *frames, self._buffer = (self._buffer + chunk).split(b"\n\n")
        events = []
        for frame in frames:
            event = _parse(frame)
            if event is not None:
                events.append(event)
        return events


def _parse(frame: bytes) -> tuple[str | None, str] | None:
    if frame.startswith(b"data: ") and b"\n" not in frame:  # the usual one-line event
        return None, frame[6:].decode("utf-8", "replace")
    name: str | None = None
    data: list[str] = []
    for raw in frame.split(b"\n"):
        if not raw or raw.startswith(b":"):
            continue
        field, _, value = raw.decode("utf-8", "replace").partition(":")
        value = value.removeprefix(" ")
        if field == "data":
            data.append(value)
        elif field == "event":
            name = value or None
    if not data:
        return None
    return name, "\n".join(data)
