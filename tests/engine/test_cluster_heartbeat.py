"""The lease heartbeat (engine/cluster.py) goes on when the event relay cannot reconnect
(Redis or the listening connection down): the leases are renewed all the same."""

from __future__ import annotations

from typing import Any, ClassVar, Self

from colloquy.engine.cluster import LeaseOwnership


class _Result:
    def all(self) -> list[tuple[str, None]]:
        return [("s1", None)]


class _DB:
    calls: ClassVar[list[dict[str, Any]]] = []

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> bool:
        return False

    async def execute(self, _statement: Any, params: dict[str, Any]) -> _Result:
        _DB.calls.append(params)
        return _Result()

    async def commit(self) -> None:
        pass


class _DownRelay:
    checks = 0

    async def check(self) -> None:
        _DownRelay.checks += 1
        raise ConnectionError("Redis is down")


class _Jobs:
    def abandon(self, session_id: str) -> None:
        raise AssertionError("the lease was renewed: nothing to abandon")


async def test_leases_are_renewed_while_the_relay_cannot_reconnect():
    url = "postgresql+asyncpg://u@127.0.0.1:5432/colloquy"
    cluster = LeaseOwnership(_DB, url, None)  # type: ignore[arg-type]
    cluster.relay = _DownRelay()  # type: ignore[assignment]
    cluster._jobs = _Jobs()  # type: ignore[assignment]
    cluster.held = {"s1"}
    await cluster.heartbeat()
    assert _DownRelay.checks == 1
    assert [c["ids"] for c in _DB.calls] == [["s1"]]  # the renewal ran
    assert cluster.held == {"s1"}
    assert cluster.channel == "colloquy:events:127.0.0.1:5432/colloquy"
