"""Which requests reach the app at all: the Host must be this server (loopback names, the
bound address, COLLOQUY_PUBLIC_HOSTS) so a DNS-rebinding page cannot talk to it; a request
that changes state, or makes the server call out to another address (OUTBOUND_READS, the
GETs that list a provider's models), must come from this server's own pages (Origin,
Sec-Fetch-Site), so a cross-site page cannot make the server send requests; and a
body sent to the API must be JSON or a multipart upload, which a cross-site "simple"
request (text/plain, a form post) cannot be."""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from urllib.parse import urlsplit

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
BODY_TYPES = ("application/json", "multipart/form-data")
# Reads that make the server request another address: checked like writes.
OUTBOUND_READS = frozenset({"/api/settings/models", "/api/settings/embeddings/options"})

MSG_BAD_HOST = "Unknown host: this server answers only to its own address"
MSG_FOREIGN_ORIGIN = "Cross-site request refused"
MSG_CONTENT_TYPE = "Content-Type must be application/json"


def is_loopback(host: str) -> bool:
    """127.0.0.0/8, ::1 and localhost: only this machine can connect."""
    host = host.strip().strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a name, 0.0.0.0 or :: reach further than this machine


def host_name(host_header: str) -> str:
    """'example.com:8000' -> 'example.com'; '[::1]:8000' -> '::1'."""
    value = host_header.strip().lower()
    if value.startswith("["):
        return value[1 : value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


class RequestPolicy:
    def __init__(self, bound_host: str = "127.0.0.1", public_hosts: Sequence[str] = ()) -> None:
        self.names = {h.strip().lower() for h in public_hosts if h.strip()}
        bound = bound_host.strip().strip("[]").lower()
        if bound not in ("", "0.0.0.0", "::"):
            self.names.add(bound)

    def host_allowed(self, host_header: str | None) -> bool:
        if not host_header:
            return False
        name = host_name(host_header)
        return is_loopback(name) or name in self.names

    def refusal(
        self, method: str, path: str, headers: dict[str, str]
    ) -> tuple[int, str, str] | None:
        """(status, message, code) when the request is refused, else None."""
        host = headers.get("host")
        if not self.host_allowed(host):
            return 421, MSG_BAD_HOST, "misdirected_request"
        if method.upper() in SAFE_METHODS and path.rstrip("/") not in OUTBOUND_READS:
            return None
        if headers.get("sec-fetch-site", "").lower() == "cross-site":
            return 403, MSG_FOREIGN_ORIGIN, "forbidden"
        origin = headers.get("origin")
        if origin is not None and not self._same_origin(origin, host or ""):
            return 403, MSG_FOREIGN_ORIGIN, "forbidden"
        if path.startswith("/api/") and _has_body(headers):
            kind = headers.get("content-type", "").split(";")[0].strip().lower()
            if kind not in BODY_TYPES and not kind.endswith("+json"):
                return 415, MSG_CONTENT_TYPE, "unsupported_media_type"
        return None

    @staticmethod
    def _same_origin(origin: str, host_header: str) -> bool:
        parts = urlsplit(origin.strip())
        return parts.scheme in ("http", "https") and parts.netloc.lower() == (
            host_header.strip().lower()
        )


def _has_body(headers: dict[str, str]) -> bool:
    length = headers.get("content-length")
    if length is not None:
        return length.strip() not in ("", "0")
    return "chunked" in headers.get("transfer-encoding", "").lower()
