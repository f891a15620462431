"""domain/sessions/sentiment_tally.py: what a message adds to the dashboard's sentiment card."""

from colloquy.domain.sessions.sentiment_tally import counted_sentiment, sentiment_tally


def test_public_messages_count_by_their_sentiment():
    messages = [
        {"kind": "question", "sentiment": None},  # the moderator's
        {"kind": "response", "sentiment": "positive"},
        {"kind": "response", "sentiment": "positive"},
        {"kind": "response", "sentiment": "negative"},
        {"kind": "response", "sentiment": "neutral"},
        {"kind": "private_before", "sentiment": "positive"},  # never shown: not counted
        {"kind": "private_after", "sentiment": "negative"},
        {"kind": "response", "sentiment": "mixed"},  # not one of the three
    ]
    assert sentiment_tally(messages) == {"positive": 2, "neutral": 1, "negative": 1}


def test_nothing_to_count():
    assert sentiment_tally([]) == {"positive": 0, "neutral": 0, "negative": 0}
    assert counted_sentiment("response", None) is None
    assert counted_sentiment("private_after", "neutral") is None
    assert counted_sentiment("response", "neutral") == "neutral"
