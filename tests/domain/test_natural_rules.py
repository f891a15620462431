"""Natural mode's pure rules (docs/natural-mode.md) with hand-computed figures: turn lengths, the
urgency to speak, saturation by novelty, the AI moderator's probe rule and cap, seeds."""

import pytest

from colloquy.domain.sessions import natural_moderation as nm
from colloquy.domain.sessions import saturation, urgency
from colloquy.domain.sessions import turn_length as tl
from colloquy.domain.sessions.natural_prompts import natural_user_prompt
from colloquy.domain.sessions.seeded import unit
from colloquy.domain.sessions.urgency import Turn


def test_target_quantiles_and_cdf_are_the_documented_lines():
    assert tl.quantile(0) == 5 and tl.quantile(1 / 3) == pytest.approx(25)
    assert tl.quantile(0.5) == 45
    assert tl.quantile(0.625) == pytest.approx(60)  # 45 + 30 x 0.125 / 0.25
    assert tl.quantile(0.95) == pytest.approx(130)  # 110 + 40 x 0.5
    assert tl.quantile(1) == 150 and tl.quantile(2) == 150
    assert tl.target_cdf(4) == 0 and tl.target_cdf(200) == 1
    assert tl.target_cdf(15) == pytest.approx(1 / 6)  # halfway from 5 to 25
    assert tl.target_cdf(25) == pytest.approx(1 / 3)
    assert tl.target_cdf(60) == pytest.approx(0.625)
    for u in (0.1, 0.4, 0.8, 0.99):
        assert tl.target_cdf(tl.quantile(u)) == pytest.approx(u)


def test_turn_words_scale_with_extraversion_and_length_setting():
    assert tl.scale(50, "moderate") == 1.0
    assert tl.scale(0, "brief") == pytest.approx(0.42)  # 0.7 x 0.6
    assert tl.scale(100, "detailed") == pytest.approx(2.08)  # 1.3 x 1.6
    assert tl.turn_words(0.5, 50, "moderate") == 45
    assert tl.turn_words(0.625, 100, "moderate") == 78  # 60 x 1.3
    assert tl.turn_words(0.0, 0, "brief") == 3  # 5 x 0.42 = 2.1, at least 3
    assert tl.max_tokens_for_words(45) == 80  # ceil(45 x 1.6) + 8
    assert tl.max_tokens_for_words(10) == 24


def test_length_instruction_short_and_long():
    short = tl.length_instruction(10)
    assert "about 10 words" in short and "Same for me, it's the price." in short
    assert tl.length_instruction(40) == "Say it in about 40 words, as you would out loud."


def test_ks_statistic_by_hand():
    assert tl.ks_statistic([25], tl.target_cdf) == pytest.approx(2 / 3)  # 1 - 1/3
    assert tl.ks_statistic([5, 150], tl.target_cdf) == pytest.approx(0.5)
    assert tl.ks_statistic([], tl.target_cdf) == 0
    draws = [tl.quantile((i + 0.5) / 100) for i in range(100)]
    assert tl.ks_statistic(draws, tl.target_cdf) == pytest.approx(0.005)


def test_seeded_unit_is_fixed_by_its_parts():
    assert unit(1, "speak", 0, 3) == unit(1, "speak", 0, 3)
    assert unit(1, "speak", 0, 3) != unit(2, "speak", 0, 3)
    assert 0 <= unit(7, "x") < 1


def test_urgency_scores_by_hand():
    turns = [Turn(0, 30), Turn(1, 10)]
    scores = urgency.scores(turns, [50, 100, 0], [0.5, 0.25, 0.0])
    # P0: 0.5 unknown stance + 0 extraversion + 1/3 waiting - 0.75 said + 0.8 x 0.5
    assert scores[0] == pytest.approx(0.5 + 1 / 3 - 0.75 + 0.4)
    assert scores[1] is None  # spoke last, not addressed
    assert scores[2] == pytest.approx(0.5 - 0.5 + 1.0)  # never spoke: waiting 1
    assert urgency.next_speaker(scores) == 2
    addressed = urgency.scores(turns, [50, 100, 0], [0.5, 0.25, 0.0], addressed=1)
    # P1: 10 + 0.5 + 0.5 extraversion + 0 waiting - 0.25 said + 0.8 x 0.25
    assert addressed[1] == pytest.approx(10.95)
    assert urgency.next_speaker(addressed) == 1
    with_bids = urgency.scores(turns, [50, 100, 0], [0.5, 0.25, 0.0], bids=[9, 0, 0])
    assert with_bids[0] == pytest.approx(scores[0] + 1.0)


def test_disagreement_from_vectors():
    assert urgency.disagreement(0, [Turn(0, 5, [1, 0]), Turn(1, 5, [0, 1])]) == 1.0
    assert urgency.disagreement(0, [Turn(0, 5, [1, 0]), Turn(1, 5, [1, 0])]) == 0.0
    assert urgency.disagreement(2, [Turn(0, 5, [1, 0])]) == urgency.UNKNOWN_STANCE
    # the drift: the mean of the last three others' turns, [1, 1] / 2 -> cos 0.7071
    drift = [Turn(0, 5, [1, 0]), Turn(1, 5, [1, 0]), Turn(2, 5, [0, 1]), Turn(1, 5, [1, 0])]
    assert urgency.disagreement(0, drift) == pytest.approx(1 - 2 / 5**0.5)
    assert urgency.next_speaker([None, 1.0, 1.0]) == 1  # equals: the lower index
    assert urgency.next_speaker([None]) == 0  # a single participant always speaks


def test_novelty_and_saturation_by_hand():
    assert saturation.novelty([[1, 0], [1, 0], [0, 1]]) == [1.0, 0.0, 1.0]
    dry = [[1, 0], [0, 1], [1, 0], [1, 0], [0, 1]]
    assert saturation.novelty(dry) == [1.0, 1.0, 0.0, 0.0, 0.0]
    assert saturation.saturated(dry, min_turns=3)
    assert not saturation.saturated(dry, min_turns=6)
    assert not saturation.saturated(dry[:3], min_turns=1)  # needs window + 1 turns
    assert not saturation.saturated([[1, 0], [0, 1], [1, 1], [1, -1]], min_turns=1)


def test_moderator_share_and_probe_reasons():
    assert nm.moderator_share(15, 185) == pytest.approx(0.075)
    assert nm.moderator_share(15, 200, extra=85) == pytest.approx(100 / 300)
    base = {
        "turns": 5,
        "participant_count": 3,
        "unspoken": [2],
        "novelty": [1.0, 0.9, 0.8],
        "sentiments": ["neutral", "positive", "negative"],
        "probes_so_far": 0,
        "moderator_words": 10,
        "participant_words": 2000,
    }
    assert nm.probe_reason(**base) == "quiet"  # (10 + 85) / 2095 = 4.5 % <= 8 %
    assert nm.probe_reason(**{**base, "participant_words": 500}) is None  # 95 / 595 = 16 %
    assert nm.probe_reason(**{**base, "turns": 2}) is None
    assert nm.probe_reason(**{**base, "probes_so_far": 2}) is None
    stalling = {**base, "unspoken": [], "novelty": [1.0, 0.3, 0.2]}
    assert nm.probe_reason(**stalling) == "stalling"
    agree = {**base, "unspoken": [], "sentiments": ["positive"] * 3}
    assert nm.probe_reason(**agree) == "consensus"
    assert nm.probe_reason(**{**base, "unspoken": []}) is None


def test_natural_prompts():
    question = {"speaker": "Moderator", "content": "Would you buy it?", "kind": "question"}
    first = natural_user_prompt("Would you buy it?", [], [], 12)
    assert first.startswith("Moderator's question: Would you buy it?")
    assert "You speak first." in first and "about 12 words" in first
    turn = {"speaker": "Ana", "content": "Bob, would you?", "kind": "response"}
    asked = natural_user_prompt("Would you buy it?", [], [question, turn], 60, "Ana")
    assert "Discussion so far:\nModerator: Would you buy it?\nAna: Bob, would you?" in asked
    assert "Ana just spoke to you by name" in asked and "about 60 words" in asked
    text = nm.natural_probe_prompt("Q?", [turn], [turn], ["Ana", "Bob"], "quiet", "Bob")
    assert "Bob has not said anything on this question yet" in text
    assert "- Ana: 3" in text and "- Bob: 0" in text


def test_a_reasoning_model_gets_room_for_its_reasoning():
    assert tl.max_tokens_for_words(10) == 16 + 8  # ceil(10 x 1.6) + 8
    assert tl.max_tokens_for_words(10, reasoning=True) == 24 + 1024
    assert tl.reasoning_model("o3-mini") and tl.reasoning_model("deepseek-r1:7b")
    assert tl.reasoning_model("qwen3:4b") and tl.reasoning_model("gpt-5-mini")
    assert not tl.reasoning_model("gpt-4o") and not tl.reasoning_model("SmolLM2-135M-Instruct")
    assert not tl.reasoning_model("llama3.1:8b")
