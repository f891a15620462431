"""POST /api/uploads (stimulus images) and GET /uploads/<name> (serving them back safely)."""

import re

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse

from colloquy.api.deps import SettingsDep
from colloquy.api.multipart_body import FILE_BODY
from colloquy.api.schemas.uploads import UploadOut
from colloquy.domain.constants import FILE_MAX_BYTES
from colloquy.domain.files.images import IMAGE_SUFFIX_MIMES
from colloquy.errors import NotFound, ValidationFailed
from colloquy.services.multipart_upload import read_file_field
from colloquy.services.sessions import uploads as service

router = APIRouter(tags=["uploads"])  # under /api
files_router = APIRouter(include_in_schema=False)  # at the site root

_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$")


@router.post("/uploads", response_model=UploadOut, status_code=201, openapi_extra=FILE_BODY)
async def upload_file(request: Request, settings: SettingsDep) -> dict[str, str]:
    # Streamed and bounded: reading stops just past 10MB, nothing is spooled to disk.
    received = await read_file_field(request, "file", FILE_MAX_BYTES)
    if received is None:
        raise ValidationFailed([service.MSG_NO_FILE])
    return await service.save_upload(
        received.filename, received.data, received.complete, settings.uploads_dir
    )


@files_router.get("/uploads/{name}")
async def serve_upload(name: str, settings: SettingsDep) -> FileResponse:
    """Uploaded files: images inline under their own type, anything else as a download;
    never sniffed, never run as a page."""
    if not _SAFE_NAME.match(name):
        raise NotFound("File not found")
    root = settings.uploads_dir.resolve()
    path = (root / name).resolve()
    if path.parent != root or not path.is_file():
        raise NotFound("File not found")
    headers = {
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "public, max-age=3600",
        "Content-Security-Policy": "default-src 'none'; sandbox",
    }
    mime = IMAGE_SUFFIX_MIMES.get(path.suffix.lower().lstrip("."))
    if mime:
        return FileResponse(
            path, media_type=mime, headers={**headers, "Content-Disposition": "inline"}
        )
    return FileResponse(path, media_type="application/octet-stream", headers=headers, filename=name)
