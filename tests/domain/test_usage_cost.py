"""Cost arithmetic on hand-computed usage (docs/usage-and-cost.md)."""

import math

import pytest

from colloquy.domain.usage import cost, estimate, estimate_range, prices, reask_prior
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
    # (1.5 sentences x 25 = 37.5 -> 38 tokens, a discussion line 40), sequential, scripted
    # moderator: 6 calls. Every call also carries the chat template's 12 tokens.
    calls = estimate.session_calls([100, 200], [50], "brief")
    r = estimate.ROUND_INSTRUCTION_TOKENS + 0  # 45
    q4 = 50 // 4  # the moderator's question in the discussion: 12
    line, t = 40, 12
    assert calls == [
        (150 + t, 38),
        (250 + t, 38),
        (100 + 50 + 2 * line + 20 + q4 + r + t, 38),  # round 2, first: sees round 1
        (200 + 50 + 3 * line + 20 + q4 + r + t, 38),  # round 2, second: also the first
        (100 + 50 + 4 * line + 40 + q4 + r + t, 38),
        (200 + 50 + 5 * line + 40 + q4 + r + t, 38),
    ]
    parallel = estimate.session_calls([100, 200], [50], "brief", "parallel")
    assert parallel[3] == (200 + 50 + 2 * line + 20 + q4 + r + t, 38)  # the round unseen
    # The discussion is capped at the engine's budget; detailed: 5 x 25 = 125 tokens.
    capped = estimate.session_calls([0], [0], "detailed", discussion_budget=10)
    assert capped[-1] == (10 + r + t, 125)
    # The AI moderator adds 2 probes and a summary per question.
    ai = estimate.session_calls([100, 200], [50], "brief", moderator="ai")
    assert len(ai) == 9
    # Answer sizes at the low / typical / high end: brief 1 x 20, 1.5 x 25, 2 x 25 (the
    # limit, 50); moderate 2 x 20, 3 x 25, 4 x 25.
    assert [estimate.answer_tokens("brief", e) for e in (0, 1, 2)] == [20, 38, 50]
    assert [estimate.answer_tokens("moderate", e) for e in (0, 1, 2)] == [40, 75, 100]


def test_session_plan_counts_private_answers_evidence_and_bids():
    t, q4 = 12, 50 // 4
    shape = estimate.SessionShape(
        [100, 200], [50], "brief", evidence_tokens=[[30], [0]], private_answers=True
    )
    calls = estimate.session_plan(shape)
    # 2 private answers before, 6 answers, 2 private answers after.
    assert len(calls) == 10 and [c.who for c in calls] == [0, 1, 0, 1, 0, 1, 0, 1, 0, 1]
    before = 100 + 30 + t + 50 + estimate.PRIVATE_INSTRUCTION_TOKENS
    assert (calls[0].prompt, calls[0].completion) == (before, 40)
    assert calls[2].prompt == 100 + 30 + 50 + t  # the evidence rides on every call of p0
    heard = 3 * 2 * 40  # the whole question's discussion: 6 lines of 40
    after = 200 + t + 50 + heard + estimate.PRIVATE_INSTRUCTION_TOKENS
    assert calls[-1].prompt == after and not calls[-1].answer and calls[3].answer
    # Natural mode with model bids: a bid before each of the 6 turns.
    natural = estimate.SessionShape([100, 200], [50], "brief", mode="natural", model_bids=True)
    bids = [c for c in estimate.session_plan(natural) if c.who is None]
    assert len(bids) == 6 and bids[0].completion == 4
    assert bids[0].prompt == estimate.BID_FIXED_TOKENS + 2 * estimate.BID_PER_PARTICIPANT + q4
    # A natural turn: 52.7 words x 0.6 (brief) x 1.3 tokens = 41.1 -> 41.
    assert estimate.session_plan(natural)[1].completion == 41


def test_estimate_range_by_hand():
    calls = lambda end: [estimate.Call(1000, [10, 20, 30][end], 0, answer=True)]
    price = Price(1.0, 2.0, 1.0)
    # A hosted model with no history: re-asks 0 / 0 / 5 %, prompts 0.95x to 1.05x.
    low, mid, high = estimate_range.estimate_range(calls, lambda who: price)
    assert (mid.prompt_tokens, mid.completion_tokens) == (1000, 20)
    # Low: the tokenizer alone lowers the prompt (50), the answer size alone the answer (10).
    assert (low.prompt_tokens, low.completion_tokens) == (950, 10)
    # High prompt: the tokenizer +50 and re-asks +50 (1000 x 1.05), in quadrature:
    # 1000 + sqrt(50^2 + 50^2) = 1070.7 -> 1071. Answer: the size +10, re-asks +1
    # (20 x 1.05 = 21): 20 + sqrt(101) = 30.05 -> 30.
    assert (high.prompt_tokens, high.completion_tokens) == (1071, 30)
    # Cost (per 1M: prompt x 1 + answer x 2): 1040 expected; the size 1060, the tokenizer
    # 1050 + 40 = 1090, re-asks 1050 + 42 = 1092: 1040 + sqrt(20^2 + 50^2 + 52^2) = 1114.86.
    assert high.cost_usd == pytest.approx(1114.86e-6, abs=1e-11)


def test_estimate_range_with_the_models_own_tokenizer_and_local_reasks():
    # 100 answers on a model on llama.cpp with no history: re-asks 0 / 15 / 30 % (wider
    # than this run's sampling spread, 2 x sqrt(0.15 x 0.85 / 100) = 0.071); no tokenizer
    # band (the prompts were counted with the model's own tokenizer).
    calls = lambda end: [estimate.Call(1000, [10, 20, 30][end], 0, answer=True)] * 100
    low, mid, high = estimate_range.estimate_range(
        calls, lambda who: None, None, prior=reask_prior.SMALL_LOCAL, own_tokenizer=True
    )
    # Expected: 1000 x 1.15 and 20 x 1.15 = 23 a call, 115 calls.
    assert (mid.calls, mid.prompt_tokens, mid.completion_tokens) == (115, 115000, 2300)
    # Prompts move with re-asks only: 100,000 and 130,000.
    assert (low.prompt_tokens, high.prompt_tokens) == (100000, 130000)
    # Answers, low: the size 10 x 1.15 = 11.5 -> 12 (half to even), 1,100 less; no
    # re-asks, 300 less: 2300 - sqrt(1100^2 + 300^2) = 1159.8 -> 1160. High: the size
    # 30 x 1.15 = 34.5 -> 34, 1,100 more; 30 % re-asks 26 a call, 300 more: 3440.2 -> 3440.
    assert (low.completion_tokens, high.completion_tokens) == (1160, 3440)
    assert (low.calls, high.calls) == (100, 130)


def test_reask_band_is_never_narrower_than_the_runs_sampling_spread():
    # The observed rate +-25 % with no run size, or when that is the wider band: 400
    # answers at 20 % vary by 2 x sqrt(0.2 x 0.8 / 400) = 0.04 < 0.05.
    assert estimate_range.reask_rates(0.2) == pytest.approx((0.15, 0.2, 0.25))
    assert estimate_range.reask_rates(0.2, answers=400) == pytest.approx((0.15, 0.2, 0.25))
    # 16 answers: 2 x sqrt(0.16 / 16) = 0.2 each way.
    assert estimate_range.reask_rates(0.2, answers=16) == pytest.approx((0.0, 0.2, 0.4))
    # llama.cpp, no history, 18 answers: 2 x sqrt(0.15 x 0.85 / 18) = 0.1683.
    local = estimate_range.reask_rates(None, prior=reask_prior.SMALL_LOCAL, answers=18)
    assert local == pytest.approx((0.0, 0.15, 0.3183), abs=1e-4)
    # A prior of 20 / 30 / 40 %, 18 answers: 2 x sqrt(0.3 x 0.7 / 18) = 0.2160 each way.
    tiny = estimate_range.reask_rates(None, prior=(0.2, 0.3, 0.4), answers=18)
    assert tiny == pytest.approx((0.0840, 0.3, 0.5160), abs=1e-4)
    assert estimate_range.reask_rates(None, answers=18) == (0.0, 0.0, 0.05)  # hosted
    assert estimate_range.observed_reask_rate(17, 10) is None  # too little history
    assert estimate_range.observed_reask_rate(20, 5) == 0.25


def test_mixed_panel_calls_are_priced_per_participant():
    calls = [estimate.Call(1000, 100, 0), estimate.Call(1000, 100, 1), estimate.Call(500, 0)]
    cheap, dear = Price(1.0, 1.0, 1.0), Price(10.0, 10.0, 10.0)
    est = estimate.priced_plan(calls, lambda who: dear if who == 1 else cheap)
    # 1100 x 1 + 1100 x 10 + 500 x 1 = 12,600 / 1e6
    assert est.cost_usd == pytest.approx(0.0126) and est.calls == 3


def test_estimate_priced_by_hand():
    calls = [(1000, 100), (3000, 300)]
    est = estimate.priced_estimate(calls, GPT4O)
    # 4000 x 2.5 + 400 x 10 = 10000 + 4000 = 14000 / 1e6
    assert (est.calls, est.prompt_tokens, est.completion_tokens) == (2, 4000, 400)
    assert est.cost_usd == pytest.approx(0.014)
    assert estimate.relative_error(110, 100) == pytest.approx(0.1)


def test_survey_estimate_by_hand():
    # 2 respondents (80, 120) x 2 prompts (30, 40) x 3 samples, with the direct rating.
    # Each call also carries the chat template's 12 tokens.
    calls = estimate.survey_calls([80, 120], [30, 40], 3, True, direct_prompt_tokens=40)
    assert len(calls) == 2 * 2 * 3 * 2
    assert calls[0] == (122, 32) and calls[1] == (122 + 32 + 40, 2)
    assert sum(p for p, _ in calls) == 3 * ((122 + 194) + (132 + 204) + (162 + 234) + (172 + 244))


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


def test_survey_answers_reach_the_answers_token_limit_at_the_high_end():
    # One respondent (system 80), one prompt (30), 2 samples: 80 + 12 (template) + 30 = 122
    # a call; answers 21 / 32 / 120 (the survey answer's token limit) at the three ends.
    for end, answer in ((0, 21), (1, 32), (2, 120)):
        calls = estimate.survey_plan([80], [30], 2, False, end=end)
        assert [(c.prompt, c.completion) for c in calls] == [(122, answer)] * 2


def test_the_cache_friendly_layout_carries_the_whole_session():
    # 2 participants (system 100 and 200), 2 questions of 40 tokens, brief answers of 38
    # (a line of 40), sequential; each answer's prompt: its system + 12 (template) + 40 +
    # 85 (the layout's system and labels) + the whole session so far + 45 from round 2.
    shape = estimate.SessionShape([100, 200], [40, 40], "brief", whole_session=True)
    prompts = [c.prompt for c in estimate.session_plan(shape)]
    # Question 1, round 1: only the question's line (40 // 4 = 10): 112 + 40 + 85 + 10.
    assert prompts[:2] == [247, 347]
    # Round 2, first speaker: 2 lines of 40, a round line of 20 and 10: 110, + 45.
    assert prompts[2] == 112 + 40 + 85 + 110 + 45 == 392
    # Round 3, last speaker: 5 lines, 2 round lines, 10: 250.
    assert prompts[5] == 212 + 40 + 85 + 250 + 45 == 632
    # Question 2 carries question 1's whole discussion: 6 lines, 2 round lines, its
    # question: 240 + 40 + 10 = 290 before its own line (10).
    assert prompts[6] == 112 + 40 + 85 + 290 + 10 == 537
    assert prompts[11] == 212 + 40 + 85 + 290 + 250 + 45 == 922
    plain = estimate.session_plan(estimate.SessionShape([100, 200], [40, 40], "brief"))
    assert plain[0].prompt == 112 + 40  # persona first: no discussion in round 1
