"""Simulation vs people figures on hand-computed inputs (docs/measured-against-people.md)."""

from colloquy.domain.results.people_gap import (
    consecutive_agreement,
    conversation_shape,
    gap_to_human,
    match_themes,
    words_per_turn,
)


def test_words_per_turn_by_hand():
    w = words_per_turn([3, 10, 30, 60, 250])
    assert w["median"] == 30 and w["shortShare"] == 0.4  # 3 and 10 of five
    assert [b["count"] for b in w["histogram"]] == [2, 1, 1, 0, 1]
    assert w["histogram"][-1] == {"from": 200, "to": None, "count": 1}


def test_consecutive_agreement_by_hand():
    # cos(a,b) = 0, cos(b,c) = 0.6 -> mean 0.3
    assert consecutive_agreement([[1, 0], [0, 1], [0.8, 0.6]]) == 0.3
    assert consecutive_agreement([[1, 0]]) is None


def test_shape_and_gap():
    messages = [
        {"kind": "question", "content": "What do you think?"},  # 4 words
        {"kind": "response", "content": "Good one here", "sentiment": "positive"},  # 3
        {"kind": "response", "content": "Bad " * 13, "sentiment": "negative"},  # 13
    ]
    shape = conversation_shape(messages, [[1, 0], [1, 0]], {"ratioToChance": 1.5})
    assert shape["moderatorShare"] == round(4 / 20, 3)
    assert shape["consecutiveAgreement"] == 1.0
    assert shape["sentiment"] == {"positive": 0.5, "neutral": 0.0, "negative": 0.5}
    human = conversation_shape(messages[:2], [[1, 0]], {"ratioToChance": 2.0})
    gap = gap_to_human(shape, human)
    assert gap["medianWords"] == 8 - 3  # median of 3 and 13 is 8
    assert gap["attributionRatio"] == -0.5
    assert gap["consecutiveAgreement"] is None  # one human turn: nothing to pair


def test_themes_matched_greedily_over_the_threshold():
    sim = [[0.9, 0.2], [0.8, 0.5], [0.1, 0.1]]  # human x simulated
    m = match_themes(["price", "taste", "kids"], ["cost", "flavour"], sim)
    assert [(p["human"], p["simulated"]) for p in m["pairs"]] == [("price", "cost")]
    assert m["recall"] == round(1 / 3, 3) and m["precision"] == 0.5
