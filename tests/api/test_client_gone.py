"""Long work for one request (the PDF report) is cancelled when its client disconnects,
and its result is returned when the client stays (api/client_gone.py)."""

from __future__ import annotations

import asyncio

from colloquy.api import client_gone
from colloquy.api.client_gone import unless_client_leaves


class FakeRequest:
    def __init__(self, gone_after: float | None) -> None:
        self.gone_at = (
            None if gone_after is None else asyncio.get_running_loop().time() + gone_after
        )

    async def is_disconnected(self) -> bool:
        return self.gone_at is not None and asyncio.get_running_loop().time() >= self.gone_at


def test_work_is_cancelled_when_the_client_leaves(monkeypatch):
    monkeypatch.setattr(client_gone, "CHECK_SECONDS", 0.05)
    cancelled = asyncio.Event()

    async def long_work() -> str:
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            cancelled.set()
            raise
        return "drawn"

    async def main():
        began = asyncio.get_running_loop().time()
        out = await unless_client_leaves(FakeRequest(gone_after=0.2), long_work())
        return out, asyncio.get_running_loop().time() - began, cancelled.is_set()

    out, took, was_cancelled = asyncio.run(main())
    assert getattr(out, "status_code", None) == 499
    assert was_cancelled and took < 5


def test_the_result_comes_back_while_the_client_stays(monkeypatch):
    monkeypatch.setattr(client_gone, "CHECK_SECONDS", 0.05)

    async def short_work() -> str:
        await asyncio.sleep(0.2)
        return "drawn"

    async def main():
        return await unless_client_leaves(FakeRequest(gone_after=None), short_work())

    assert asyncio.run(main()) == "drawn"
