"""Content checksums of stored rows that do not depend on the database that holds them
(docs/moving-in.md): a row is reduced to canonical JSON, then hashed; a table's checksum is
the sum of its rows' hashes, so it needs neither an order nor the rows in memory.

Canonical values: datetimes in UTC as ISO 8601 with microseconds (a naive one is taken as
UTC, as the store does), floats by their shortest round-trip text, JSON with sorted keys,
booleans as booleans (SQLite hands back 0/1), bytes as hex.
"""

import hashlib
import json
from collections.abc import Mapping
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

_MODULUS = 2**256


def canonical(value: Any) -> Any:
    """`value` as plain JSON data that reads the same from SQLite and PostgreSQL."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return _float(value)
    if isinstance(value, Decimal):
        return _float(float(value))
    if isinstance(value, datetime):
        moment = value if value.tzinfo else value.replace(tzinfo=UTC)
        return moment.astimezone(UTC).isoformat(timespec="microseconds")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).hex()
    if isinstance(value, Mapping):
        return {str(k): canonical(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    raise TypeError(f"No canonical form for a stored {type(value).__name__}")


def _float(value: float) -> dict[str, str]:
    # Tagged, so that 2.0 stays apart from the integer 2 and "nan" from the text "nan".
    return {"float": repr(value)}


def row_digest(row: Mapping[str, Any]) -> int:
    """The SHA-256 of the row's canonical JSON (columns by name), as an integer."""
    text = json.dumps(
        {name: canonical(v) for name, v in row.items()},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return int.from_bytes(hashlib.sha256(text.encode()).digest(), "big")


class TableChecksum:
    """Rows counted and their hashes summed modulo 2**256: the same set of rows gives the
    same checksum in any order, and any changed, missing or extra row changes it."""

    def __init__(self) -> None:
        self.count = 0
        self._total = 0

    def add(self, digest: int) -> None:
        self.count += 1
        self._total = (self._total + digest) % _MODULUS

    @property
    def hexdigest(self) -> str:
        return f"{self._total:064x}"
