"""SSE ids every process understands (engine/positions.py): encoding, decoding, the
replay decision and the stream's position in the stored messages."""

from __future__ import annotations

import pytest

from colloquy.engine.positions import EventId, Position, Replay, decide, format_id, parse_id


def test_ids_round_trip():
    assert format_id("ab12", 1700000000000001, 7) == "ab12.1700000000000001.7"
    assert parse_id("ab12.1700000000000001.7") == EventId("ab12", 1700000000000001, 7)
    assert parse_id(" ab12.5.0 ") == EventId("ab12", 5, 0)
    assert str(EventId("e", 3, 2)) == "e.3.2"


@pytest.mark.parametrize(
    "value",
    [
        None,
        "",
        "12",
        "a.b.c",
        "a.1",
        "a.1.2.3",
        ".1.2",
        "a.-1.2",
        "a.1.x",
        "a b.1.2",
        "a.1." + "9" * 20,
        "x" * 40 + ".1.2",
        "x.1.\u00b2",
        "x.\u00b2.1",
        "x.\u0661.1",
        "\u00e9.1.2",
    ],
)
def test_what_is_not_an_id(value):
    assert parse_id(value) is None


def test_the_replay_decision():
    mine = EventId("me", 10, 4)
    other = EventId("other", 10, 4)
    assert decide(None, None, "me", False) is Replay.NONE
    assert decide("  ", None, "me", False) is Replay.NONE
    assert decide("12", None, "me", False) is Replay.RESET  # unreadable (an old integer id)
    assert decide(str(mine), mine, "me", True) is Replay.BUFFER
    # Out of this bus's buffer, another process's, a restarted process's: the database.
    assert decide(str(mine), mine, "me", False) is Replay.DATABASE
    assert decide(str(other), other, "me", False) is Replay.DATABASE
    assert decide(str(other), other, "me", True) is Replay.DATABASE


def test_the_position_advances_only_without_a_gap():
    pos = Position()
    pos.sent(1)
    pos.sent(2)
    assert pos.seq == 2
    pos.sent(2)  # a duplicate (replayed and live)
    pos.sent(1)
    pos.sent(None)  # not a message
    assert pos.seq == 2
    assert pos.gap(4) and not pos.gap(3) and not pos.gap(2)
    pos.sent(4)  # one was lost: the position stays a lower bound
    assert pos.seq == 2
    pos.known(10)  # what the client fetched (after ready or reset)
    pos.known(3)
    assert pos.seq == 10
