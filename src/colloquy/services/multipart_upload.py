"""One file out of a multipart/form-data request, read in memory with a size bound.

Why not request.form(): Starlette reads the whole body whatever its size and spools
files over 1MB to a temporary file on disk. A document to extract must never touch the
disk, and an oversized upload should cost us no more than the limit, so the body is
streamed through python-multipart and reading stops just past the limit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from python_multipart.multipart import MultipartParser, parse_options_header
from starlette.requests import Request

from colloquy.errors import ValidationFailed

if TYPE_CHECKING:
    from python_multipart.multipart import MultipartCallbacks

FIELD_MAX = 1000  # bytes kept of a text field
MSG_BAD_FORM = "Invalid upload: expected a multipart/form-data request"
MSG_INCOMPLETE = (
    "The upload is incomplete: the file ended before its end was sent. Please try again."
)


@dataclass
class ReceivedFile:
    filename: str  # as sent, only the last path part; may be longer than allowed
    content_type: str  # the part's declared type, lower case ('' when absent)
    data: bytearray = field(default_factory=bytearray)
    size: int = 0  # the file's size; an estimate when reading stopped before its end
    complete: bool = False  # False: `data` holds only the first limit + 1 bytes


class _Collector:
    """python-multipart callbacks that keep the first file part named `field_name`."""

    def __init__(self, field_name: str, limit: int, keep: tuple[str, ...] = ()) -> None:
        self.field_name, self.limit = field_name, limit
        self.keep = keep  # small text fields to keep too (at most FIELD_MAX bytes each)
        self.fields: dict[str, str] = {}
        self._text: tuple[str, bytearray] | None = None
        self.file: ReceivedFile | None = None
        self.data_offset: int | None = None  # where the file's bytes start in the body
        self.fed = 0  # body bytes given to the parser before the current chunk
        self.overflow = self.done = False
        self._headers: dict[str, str] = {}
        self._field = bytearray()
        self._value = bytearray()
        self._active = False

    def callbacks(self) -> MultipartCallbacks:
        return {
            "on_part_begin": self._part_begin,
            "on_header_field": self._header_field,
            "on_header_value": self._header_value,
            "on_header_end": self._header_end,
            "on_headers_finished": self._headers_finished,
            "on_part_data": self._data,
            "on_part_end": self._part_end,
        }

    def _part_begin(self) -> None:
        self._headers, self._active, self._text = {}, False, None

    def _header_field(self, data: bytes, start: int, end: int) -> None:
        self._field += data[start:end]

    def _header_value(self, data: bytes, start: int, end: int) -> None:
        self._value += data[start:end]

    def _header_end(self) -> None:
        self._headers[self._field.decode("latin-1").lower()] = self._value.decode("latin-1")
        self._field, self._value = bytearray(), bytearray()

    def _headers_finished(self) -> None:
        _, params = parse_options_header(self._headers.get("content-disposition", ""))
        name = params.get(b"name", b"").decode("utf-8", "replace")
        filename = params.get(b"filename")
        if self.file is None and name == self.field_name and filename is not None:
            # Browsers send UTF-8 names; python-multipart hands them over as raw bytes.
            shown = filename.decode("utf-8", "replace").replace("\\", "/").rsplit("/", 1)[-1]
            ctype, _ = parse_options_header(self._headers.get("content-type", ""))
            self.file = ReceivedFile(shown, ctype.decode("latin-1"))
            self._active = True
        elif filename is None and name in self.keep:
            self._text = (name, bytearray())

    def _data(self, data: bytes, start: int, end: int) -> None:
        if self._text is not None:
            self._text[1].extend(data[start : min(end, start + FIELD_MAX)])
            del self._text[1][FIELD_MAX:]
            return
        if not self._active or self.file is None:
            return
        if self.data_offset is None:
            self.data_offset = self.fed + start
        self.file.size += end - start  # counted even past the limit, never kept
        room = self.limit + 1 - len(self.file.data)
        self.file.data += data[start : start + max(0, min(room, end - start))]
        if len(self.file.data) > self.limit:
            self.overflow = True

    def _part_end(self) -> None:
        if self._text is not None:
            self.fields[self._text[0]] = self._text[1].decode("utf-8", "replace")
            self._text = None
        if self._active and self.file is not None:
            self.file.complete = not self.overflow
            self.done, self._active = True, False


async def read_file_field(request: Request, field_name: str, limit: int) -> ReceivedFile | None:
    """The first file part called `field_name` (None when there is none), holding at most
    limit + 1 bytes; when it is bigger, `size` estimates its full size."""
    return (await read_form(request, field_name, limit))[0]


async def read_form(
    request: Request, field_name: str, limit: int, keep: tuple[str, ...] = ()
) -> tuple[ReceivedFile | None, dict[str, str]]:
    """`read_file_field` plus the small text fields named in `keep` (the body is then read
    to its end unless the file is too big)."""
    ctype, params = parse_options_header(request.headers.get("content-type", ""))
    if ctype != b"multipart/form-data" or not params.get(b"boundary"):
        raise ValidationFailed([MSG_BAD_FORM])
    collector = _Collector(field_name, limit, keep)
    try:
        parser = MultipartParser(params[b"boundary"], callbacks=collector.callbacks())
        async for chunk in request.stream():
            parser.write(chunk)
            collector.fed += len(chunk)
            if collector.overflow or (collector.done and not keep):
                break
    except ValueError as exc:  # python-multipart's parse errors derive from ValueError
        raise ValidationFailed([MSG_BAD_FORM]) from exc
    received = collector.file
    if received is None:
        return None, collector.fields
    if not collector.done and not collector.overflow:  # the body ended inside the file
        raise ValidationFailed([MSG_INCOMPLETE])
    if not collector.done:  # stopped mid-file: its size comes from the body's length
        received.size = _estimated_size(request, collector, params[b"boundary"])
    return received, collector.fields


def _estimated_size(request: Request, collector: _Collector, boundary: bytes) -> int:
    """The full size of a file we stopped reading: the body length minus what precedes
    the file's bytes and the closing boundary that follows them."""
    seen = len(collector.file.data) if collector.file else 0
    length = request.headers.get("content-length", "")
    if not length.isdigit() or collector.data_offset is None:
        return seen
    closing = len(b"\r\n--" + boundary + b"--\r\n")
    return max(seen, int(length) - collector.data_offset - closing)
