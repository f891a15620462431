import pytest

from colloquy.domain.text.sentiment import (
    average_sentiment,
    format_average,
    overall_sentiment,
    sentiment_breakdown,
    sentiment_label,
    sentiment_of,
)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("I love it, great design", "positive"),
        ("This is terrible and I hate it", "negative"),
        ("It is fine", "neutral"),
        ("Good but bad", "neutral"),  # tie
        ("GREAT!!! Perfect.", "positive"),
        ("I would never buy this, even though the box looks good", "neutral"),
        ("never never good", "negative"),
        ("Goodness, lovely, badly", "neutral"),  # whole words only
        ("", "neutral"),
        (None, "neutral"),
    ],
)
def test_sentiment_of(text, expected):
    assert sentiment_of(text) == expected


def test_average_and_label():
    assert average_sentiment([]) == 0
    assert average_sentiment([None, None]) == 0
    assert average_sentiment(["positive", "negative", "neutral", None]) == 0
    assert average_sentiment(["positive", "positive", "neutral", None]) == pytest.approx(2 / 3)
    assert sentiment_label(0.31) == "Positive"
    assert sentiment_label(0.3) == "Neutral"
    assert sentiment_label(-0.3) == "Neutral"
    assert sentiment_label(-0.31) == "Negative"
    assert overall_sentiment(["negative", "negative", "neutral"]) == "negative"
    assert format_average(2 / 3) == "+0.7"
    assert format_average(-0.04) == "0.0"
    assert format_average(-0.25) == "-0.3"  # half away from zero, like toFixed


def test_breakdown_sums_to_100():
    assert sentiment_breakdown([]) == {"positive": 0, "neutral": 0, "negative": 0}
    assert sentiment_breakdown(["positive", "neutral", "negative"]) == {
        "positive": 34,
        "neutral": 33,
        "negative": 33,
    }
    assert sentiment_breakdown(["positive", "positive", "neutral"]) == {
        "positive": 67,
        "neutral": 33,
        "negative": 0,
    }
    assert sentiment_breakdown(["negative", None]) == {"positive": 0, "neutral": 0, "negative": 100}
    result = sentiment_breakdown(["positive"] * 1 + ["neutral"] * 1 + ["negative"] * 5)
    assert sum(result.values()) == 100 and result == {"positive": 14, "neutral": 14, "negative": 72}
