"""Browser end-to-end: the cost estimate on Create New Session, and a session stopped by its
budget ("Budget reached: $X of $Y spent") that continues once the budget is raised
(docs/usage-and-cost.md)."""

import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from support.fake_openai import FakeReply, default_responder

PARTICIPANTS = ["Sarah Chen", "Marcus Johnson", "Emily Rodriguez"]


@pytest.fixture(autouse=True)
def patient(page: Page):
    page.set_default_timeout(20_000)
    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)


@pytest.fixture(autouse=True)
def ten_token_answers(fake_llm):
    def reply(body):
        if body.get("response_format"):
            return default_responder(body)
        return FakeReply("I would buy the refill pouch today.", completion_tokens=10)

    fake_llm.set_responder(reply)
    fake_llm.reset()
    yield
    fake_llm.set_responder(None)


def test_estimate_then_budget_stop_and_continue(live_server: str, page: Page):
    # Only answers are priced: $2,000 per 1M output tokens. An answer (10 tokens) costs
    # $0.02; a brief call's bound (50 tokens) $0.10.
    res = httpx.put(
        f"{live_server}/api/settings/prices", json={"fake-model": {"input": 0, "output": 2000}}
    )
    assert res.status_code == 200, res.text

    page.goto(f"{live_server}/create-session")
    page.get_by_label("Session Name").fill("Budgeted study")
    for name in PARTICIPANTS:
        page.get_by_role("button", name=re.compile(rf"^{re.escape(name)}")).click()
    page.get_by_role("textbox", name="Question 1", exact=True).fill("Would you buy the pouch?")
    page.get_by_role("textbox", name="Question 2", exact=True).fill("What would change your mind?")
    page.get_by_role("radio", name=re.compile("^Brief")).click()
    # 18 answers x 38 typical brief tokens x $0.002 per 1k = $1.368
    expect(page.get_by_test_id("cost-estimate-value")).to_have_text("~$1.37")
    detail = page.get_by_test_id("cost-estimate-detail")
    expect(detail).to_contain_text("18 model calls")
    expect(detail).to_contain_text("~684 answer tokens on fake-model.")
    expect(page.get_by_test_id("cost-estimate-range")).to_contain_text("Likely between")
    # The product's own token estimate, unchanged beside the cost.
    expect(page.get_by_test_id("token-estimate")).to_have_text("~300 tokens")

    page.get_by_label("Budget (USD)").fill("0.15")
    expect(page.get_by_text("The estimate is above this budget")).to_be_visible()
    page.get_by_role("button", name="Start Session").click()
    expect(page).to_have_url(re.compile(r"/session/s[0-9a-f]+$"))

    # $0.00, $0.02 and $0.04 + $0.10 fit in $0.15; $0.06 + $0.10 does not.
    expect(page.get_by_test_id("generation-error-message")).to_have_text(
        "Budget reached: $0.06 of $0.15 spent"
    )
    expect(page.get_by_test_id("tokens-reported")).to_contain_text("$0.06")
    expect(page.get_by_test_id("tokens-used")).to_have_text(re.compile(r"^~[1-9][\d,]*$"))

    page.get_by_label("New budget (USD)").fill("5")
    page.get_by_role("button", name="Raise budget and continue").click()
    expect(page.get_by_test_id("generation-error-message")).to_have_count(0)
    expect(page.get_by_test_id("tokens-reported")).to_contain_text("$0.36", timeout=30_000)
    session_id = page.url.rsplit("/", 1)[1]
    view = httpx.get(f"{live_server}/api/sessions/{session_id}").json()
    assert view["settings"]["budgetUsd"] == 5.0
    assert view["usage"]["costUsd"] == pytest.approx(0.36)  # 18 answers x $0.02
