"""Cost arithmetic on hand-computed usage (issue 31 item 4)."""

import math

import pytest

from colloquy.domain.usage import cost, estimate, prices
from colloquy.domain.usage.prices import Price, PriceTableError, parse_price_table, price_for
from colloquy.domain.usage.run_settings import run_settings, run_settings_errors

GPT4O = Price(2.5, 10.0, 1.25)


def test_call_cost_by_hand():
    # 1,000 prompt tokens of which 400 cached, 200 completion tokens at gpt-4o's prices:
    # 600 x 2.5 + 400 x 1.25 + 200 x 10 = 1500 + 500 + 2000 = 4000 / 1e6 = $0.004
    assert cost.call_cost(GPT4O, 1000, 200, 400) == pytest.approx(0.004)
    # No cache: 1000 x 2.5 + 200 x 10 = 4500 / 1e6
    assert cost.call_cost(GPT4O, 1000, 200) == pytest.approx(0.0045)
    # Cached above the prompt is clamped to the prompt: 1000 x 1.25 + 0 = 1250 / 1e6
    assert cost.call_cost(GPT4O, 1000, 0, 5000) == pytest.approx(0.00125)
    assert cost.call_cost(None, 10**6, 10**6) == 0.0


def test_usage_sums_keep_each_calls_price():
    first = cost.priced(GPT4O, 1000, 200, 400)  # $0.004
    cheaper = Price(1.0, 1.0, 1.0)
    second = cost.priced(cheaper, 500, 500)  # 1000 x 1 / 1e6 = $0.001
    both = cost.total([first, second])
    assert both.as_json() == {
        "promptTokens": 1500,
        "completionTokens": 700,
        "cachedTokens": 400,
        "costUsd": pytest.approx(0.005),
    }
    assert cost.cache_share(both) == pytest.approx(400 / 1500)


def test_budget_rule_and_message():
    assert cost.would_pass(0.04, 0.005, 0.006, 0.05)  # 0.051 > 0.05
    assert not cost.would_pass(0.04, 0.004, 0.006, 0.05)  # exactly 0.05 is within it
    assert not cost.would_pass(100.0, 0, 1, None)  # no budget
    assert cost.budget_message(0.0481, 0.05) == "Budget reached: $0.0481 of $0.05 spent"
    assert cost.budget_message(1.5, 2) == "Budget reached: $1.50 of $2.00 spent"
    assert cost.format_usd(0) == "$0.00" and cost.format_usd(0.1) == "$0.10"
    assert cost.format_usd(1234.5) == "$1,234.50"


def test_price_table_validation():
    table = parse_price_table({"m": {"input": 2.5, "output": 10, "cachedInput": 1.25}})
    assert table == {"m": GPT4O}
    written = parse_price_table({"m": {"input": 3, "output": 15, "cacheWrite": 3.75}})
    assert written["m"].cache_write == 3.75
    assert parse_price_table({"m": {"input": 3, "output": 1}})["m"].cached_input == 3.0
    bad = [
        ({"m": {"input": -1, "output": 1}}, "m: input must be 0 or more"),
        ({"m": {"input": "2", "output": 1}}, "m: input must be a number"),
        ({"m": {"input": True, "output": 1}}, "m: input must be a number"),
        ({"m": {"input": math.nan, "output": 1}}, "m: input must be 0 or more"),
        ({"m": {"input": 1}}, "m: output is missing"),
        ({"m": {"input": 1, "output": 1, "extra": 1}}, "m: unknown field 'extra'"),
        ({"m": 3}, "m: the price must be an object"),
        ([1], "The price table must be an object"),
        ({"": {"input": 1, "output": 1}}, "Model names must be"),
    ]
    for data, message in bad:
        with pytest.raises(PriceTableError, match=message):
            parse_price_table(data)


def test_price_lookup_in_own_table():
    mini, big = Price(0.15, 0.6, 0.075), Price(2.5, 10.0, 1.25)
    table = {"gpt-4o-mini": mini, "gpt-4o": big}
    assert price_for(table, "openai", "gpt-4o-mini-2024-07-18") == mini
    assert price_for(table, "openai", "gpt-4o-2024-08-06") == big
    assert price_for(table, "openai", "openai/gpt-4o-mini") == mini
    assert price_for(table, "openai", "gpt-4o-pro") is None  # not gpt-4o's family name
    assert price_for(table, "openai", "llama3.2") is None
    assert price_for(table, "local", "gpt-4o") == prices.FREE  # the embedded model is free


def test_session_estimate_by_hand():
    # 2 participants (system 100, 200 tokens), 1 question (user prompt 50), brief answers
    # (32 tokens, a discussion line 34), sequential, scripted moderator: 6 calls.
    calls = estimate.session_calls([100, 200], [50], "brief")
    r = estimate.ROUND_INSTRUCTION_TOKENS + 0  # 45
    q4 = 50 // 4  # the moderator's question in the discussion: 12
    line = 34
    assert calls == [
        (150, 32),
        (250, 32),
        (100 + 50 + 2 * line + 20 + q4 + r, 32),  # round 2, first: sees round 1 (2 answers)
        (200 + 50 + 3 * line + 20 + q4 + r, 32),  # round 2, second: also sees the first
        (100 + 50 + 4 * line + 40 + q4 + r, 32),
        (200 + 50 + 5 * line + 40 + q4 + r, 32),
    ]
    parallel = estimate.session_calls([100, 200], [50], "brief", "parallel")
    assert parallel[3] == (200 + 50 + 2 * line + 20 + q4 + r, 32)  # the round's others unseen
    # The discussion is capped at the engine's budget.
    capped = estimate.session_calls([0], [0], "detailed", discussion_budget=10)
    assert capped[-1] == (10 + r, 105)
    # The AI moderator adds 2 probes and a summary per question.
    ai = estimate.session_calls([100, 200], [50], "brief", moderator="ai")
    assert len(ai) == 9


def test_estimate_priced_by_hand():
    calls = [(1000, 100), (3000, 300)]
    est = estimate.priced_estimate(calls, GPT4O)
    # 4000 x 2.5 + 400 x 10 = 10000 + 4000 = 14000 / 1e6
    assert (est.calls, est.prompt_tokens, est.completion_tokens) == (2, 4000, 400)
    assert est.cost_usd == pytest.approx(0.014)
    assert estimate.relative_error(110, 100) == pytest.approx(0.1)


def test_survey_estimate_by_hand():
    # 2 respondents (80, 120) x 2 prompts (30, 40) x 3 samples, with the direct rating.
    calls = estimate.survey_calls([80, 120], [30, 40], 3, True, direct_prompt_tokens=40)
    assert len(calls) == 2 * 2 * 3 * 2
    assert calls[0] == (110, 32) and calls[1] == (110 + 32 + 40, 2)
    assert sum(p for p, _ in calls) == 3 * ((110 + 182) + (120 + 192) + (150 + 222) + (160 + 232))


def test_run_settings():
    assert run_settings({"budgetUsd": 5, "webhookUrl": " https://x.test/h "}) == {
        "budgetUsd": 5.0,
        "webhookUrl": "https://x.test/h",
    }
    assert run_settings_errors({"budgetUsd": -1}) == ["Budget must be 0 or more"]
    assert run_settings_errors({"budgetUsd": "5"}) == ["Budget must be a number of US dollars"]
    assert run_settings_errors({"webhookUrl": "ftp://x"}) == [
        "Webhook URL must be an http:// or https:// address"
    ]
    assert run_settings_errors({"webhookUrl": ""}) == []
