"""The budget meter's reservations (docs/usage-and-cost.md, budgets): a call that waits
for calls under way stops at the budget once they are done, whatever float residue their
bounds leave behind. Before the fix, bounds of 0.1, 0.2 and 0.3 added and taken away in
another order left 1.1e-16 "reserved" with no call under way, and the waiting call
waited forever (a budget-stopped session stayed in progress with no "Budget reached")."""

from __future__ import annotations

import asyncio

import pytest

from colloquy.domain.usage.prices import Price
from colloquy.llm.metered import BudgetReached, UsageMeter
from colloquy.llm.types import ChatMessage, ChatRequest

pytestmark = pytest.mark.timeout(30)

# Answers only are priced: $1,000 per 1M tokens, so a call's bound is max_tokens / 1,000.
TABLE = {"m": Price(input=0.0, output=1000.0, cached_input=0.0)}


def request(max_tokens: int) -> ChatRequest:
    return ChatRequest(system="", messages=[ChatMessage("user", "")], max_tokens=max_tokens)


async def test_a_waiting_call_stops_at_the_budget_after_the_calls_under_way():
    meter = UsageMeter(TABLE, budget=1.0, spent=0.0)
    bounds = [await meter.admit(request(n), "openai", "m") for n in (100, 200, 300)]
    assert bounds == [0.1, 0.2, 0.3]
    # 0.6 reserved: a call bound at 0.5 must wait for them.
    waiting = asyncio.create_task(meter.admit(request(500), "openai", "m"))
    await asyncio.sleep(0.05)
    assert not waiting.done()
    meter.spent = 0.6  # what the three calls cost (each its full bound)
    for bound in (0.1, 0.3, 0.2):  # released in another order than reserved
        await meter.release(bound)
    # 0.6 spent + 0.5 > 1.0 and nothing under way: refused at once, not a wait forever.
    with pytest.raises(BudgetReached) as stopped:
        await asyncio.wait_for(waiting, timeout=2)
    assert stopped.value.message == "Budget reached: $0.60 of $1.00 spent"
    assert meter.reserved == 0.0 and meter.under_way == 0


async def test_a_waiting_call_goes_ahead_when_the_released_room_fits_it():
    meter = UsageMeter(TABLE, budget=1.0, spent=0.0)
    first = await meter.admit(request(600), "openai", "m")
    waiting = asyncio.create_task(meter.admit(request(500), "openai", "m"))
    await asyncio.sleep(0.05)
    assert not waiting.done()
    meter.spent = 0.1  # the first call cost far less than its bound
    await meter.release(first)
    assert await asyncio.wait_for(waiting, timeout=2) == 0.5  # 0.1 + 0.5 <= 1.0
    assert meter.under_way == 1 and meter.reserved == 0.5
