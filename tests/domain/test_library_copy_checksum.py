"""Row checksums that read the same from SQLite and PostgreSQL (domain/library_copy.py)."""

import hashlib
from datetime import UTC, datetime, timedelta, timezone

import pytest

from colloquy.domain.library_copy import TableChecksum, canonical, row_digest


def test_a_naive_datetime_is_utc_and_zones_do_not_matter():
    aware = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)
    paris = aware.astimezone(timezone(timedelta(hours=1)))
    naive = datetime(2026, 3, 1, 9, 30)
    assert canonical(aware) == canonical(paris) == canonical(naive)
    assert canonical(naive) == "2026-03-01T09:30:00.000000+00:00"


def test_json_key_order_does_not_matter_but_types_do():
    assert row_digest({"a": {"x": 1, "y": [1.5]}, "b": True}) == row_digest(
        {"b": True, "a": {"y": [1.5], "x": 1}}
    )
    assert row_digest({"n": 2}) != row_digest({"n": 2.0})
    assert row_digest({"n": 1}) != row_digest({"n": True})
    assert row_digest({"n": None}) != row_digest({"n": "None"})


def test_row_digest_is_sha256_of_canonical_json():
    # Written out by hand: sorted keys, no spaces, the float tagged.
    expected = hashlib.sha256(b'{"a":"\xc3\xa9","b":{"float":"0.1"}}').digest()
    assert row_digest({"b": 0.1, "a": "é"}) == int.from_bytes(expected, "big")


def test_table_checksum_ignores_order_and_sees_a_missing_row():
    digests = [row_digest({"id": i}) for i in range(4)]
    forward, backward, short = TableChecksum(), TableChecksum(), TableChecksum()
    for d in digests:
        forward.add(d)
    for d in reversed(digests):
        backward.add(d)
    for d in digests[:3]:
        short.add(d)
    assert forward.hexdigest == backward.hexdigest
    assert forward.count == 4 and short.count == 3
    assert short.hexdigest != forward.hexdigest
    assert forward.hexdigest == f"{sum(digests) % 2**256:064x}"


def test_an_unknown_type_is_refused_by_name():
    with pytest.raises(TypeError, match="No canonical form for a stored set"):
        canonical({1})
