"""A Hugging Face hub on loopback that speaks enough of the download protocol for
huggingface_hub's own client: HEAD/GET /{repo}/resolve/{revision}/{file} with
X-Repo-Commit, ETag and X-Linked-Etag (the sha256), X-Linked-Size, and Range requests.

    with run_fake_hub({"org/repo": {"model.gguf": data}}) as hub:
        monkeypatch.setenv("HF_ENDPOINT", hub.url)
        hub.cut_after = 1000        # the next GETs break off after 1,000 bytes
        hub.fail_gets = 1           # the next GET answers 503
        hub.wrong_sha = True        # publish a sha256 the bytes do not have
        hub.requests                # [(method, path, range header)], in order
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections.abc import Iterator
from contextlib import contextmanager

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from .loopback import LoopbackServer

COMMIT = "0123456789abcdef0123456789abcdef01234567"
CHUNK = 256 * 1024


class FakeHub:
    def __init__(self, repos: dict[str, dict[str, bytes]]) -> None:
        self.repos = repos
        self.shas = {
            (repo, name): hashlib.sha256(data).hexdigest()
            for repo, files in repos.items()
            for name, data in files.items()
        }
        self.requests: list[tuple[str, str, str | None]] = []
        self.cut_after: int | None = None  # GET bodies stop after this many bytes
        self.cuts_left = 0  # how many GETs are cut (then they complete)
        self.fail_gets = 0  # how many GETs answer 503
        self.fail_after_cut = 0  # after a cut, this many GETs answer 503 (the client gives up)
        self.wrong_sha = False
        self.send_sha = True  # False: publish no sha256 (a git etag instead)
        self.delay_per_chunk = 0.0
        app = Starlette(
            routes=[
                Route(
                    "/{owner}/{name}/resolve/{revision}/{path:path}",
                    self._resolve,
                    methods=["GET", "HEAD"],
                )
            ]
        )
        self._server = LoopbackServer(app)

    @property
    def url(self) -> str:
        return self._server.url

    def _headers(self, repo: str, path: str, data: bytes) -> dict[str, str]:
        sha = self.shas[(repo, path)]
        if self.wrong_sha:
            sha = hashlib.sha256(b"something else").hexdigest()
        etag = sha if self.send_sha else "deadbeef" * 5
        return {
            "X-Repo-Commit": COMMIT,
            "ETag": f'"{etag}"',
            "X-Linked-Etag": f'"{etag}"',
            "X-Linked-Size": str(len(data)),
            "Accept-Ranges": "bytes",
        }

    async def _resolve(self, request: Request):
        p = request.path_params
        repo, path = f"{p['owner']}/{p['name']}", p["path"]
        self.requests.append((request.method, request.url.path, request.headers.get("range")))
        if repo not in self.repos:
            return Response(status_code=401, headers={"X-Error-Code": "RepoNotFound"})
        if p["revision"] != "main" and not re.fullmatch("[0-9a-f]{40}", p["revision"]):
            return Response(status_code=404, headers={"X-Error-Code": "RevisionNotFound"})
        data = self.repos[repo].get(path)
        if data is None:
            return Response(
                status_code=404,
                headers={"X-Error-Code": "EntryNotFound", "X-Repo-Commit": COMMIT},
            )
        headers = self._headers(repo, path, data)
        if request.method == "HEAD":
            return Response(status_code=200, headers={**headers, "Content-Length": str(len(data))})
        if self.fail_gets > 0:
            self.fail_gets -= 1
            return Response(status_code=503, content=b"busy")
        start = 0
        status = 200
        rng = request.headers.get("range")
        if rng and rng.startswith("bytes="):
            start = int(rng[6:].split("-")[0] or 0)
            status = 206
            headers["Content-Range"] = f"bytes {start}-{len(data) - 1}/{len(data)}"
        body = data[start:]
        cut = None
        if self.cut_after is not None and self.cuts_left > 0:
            self.cuts_left -= 1
            cut = self.cut_after
            self.fail_gets += self.fail_after_cut

        async def chunks():
            sent = 0
            for i in range(0, len(body), CHUNK):
                piece = body[i : i + CHUNK]
                if cut is not None and sent + len(piece) > cut:
                    yield piece[: cut - sent]
                    await asyncio.sleep(0.05)
                    raise ConnectionResetError("cut short on purpose")
                sent += len(piece)
                yield piece
                if self.delay_per_chunk:
                    await asyncio.sleep(self.delay_per_chunk)

        headers["Content-Length"] = str(len(body))
        return StreamingResponse(
            chunks(), status_code=status, headers=headers, media_type="application/octet-stream"
        )


@contextmanager
def run_fake_hub(repos: dict[str, dict[str, bytes]]) -> Iterator[FakeHub]:
    hub = FakeHub(repos)
    hub._server.start()
    try:
        yield hub
    finally:
        hub._server.stop()
