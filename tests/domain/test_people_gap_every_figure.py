"""Every conversation-shape figure of a simulated session has its gap to the people (issue
27 item 2): the quartiles of words per turn and each sentiment share too, by hand."""

from colloquy.domain.results.people_gap import conversation_shape, gap_to_human


def test_quartiles_and_every_sentiment_share_have_a_gap():
    simulated = conversation_shape(
        [
            {"kind": "question", "content": "What do you think?"},
            {"kind": "response", "content": "Good one here", "sentiment": "positive"},  # 3
            {"kind": "response", "content": "Bad " * 13, "sentiment": "negative"},  # 13
        ],
        [[1, 0], [1, 0]],
        {"ratioToChance": 1.5},
    )
    people = conversation_shape(
        [{"kind": "response", "content": "Yeah nice one", "sentiment": "positive"}],
        [[1, 0]],
        {"ratioToChance": 2.0},
    )
    gap = gap_to_human(simulated, people)
    # Inclusive quartiles of 3 and 13: 5.5 and 10.5; one human turn of 3 words: 3 and 3.
    assert gap["q1Words"] == 2.5 and gap["q3Words"] == 7.5
    # Sentiment 1/2 positive, 1/2 negative against all positive.
    assert gap["positiveShare"] == -0.5
    assert gap["neutralShare"] == 0.0
    assert gap["negativeShare"] == 0.5
    assert set(gap) == {
        "medianWords",
        "q1Words",
        "q3Words",
        "shortShare",
        "moderatorShare",
        "attributionRatio",
        "consecutiveAgreement",
        "positiveShare",
        "neutralShare",
        "negativeShare",
    }
