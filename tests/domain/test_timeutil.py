from datetime import UTC, datetime

from colloquy.domain.stored.timeutil import to_datetime

UTC_NOON = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


def test_forms():
    assert to_datetime(UTC_NOON) == UTC_NOON
    assert to_datetime(datetime(2024, 5, 1, 12, 0)) == UTC_NOON  # naive -> UTC
    assert to_datetime("2024-05-01T12:00:00Z") == UTC_NOON
    assert to_datetime("2024-05-01T14:00:00+02:00") == UTC_NOON
    assert to_datetime(UTC_NOON.timestamp() * 1000) == UTC_NOON
    for junk in (None, "", "soon", True, float("nan"), 1e30, [], {}):
        assert to_datetime(junk) is None
