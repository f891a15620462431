import pytest

from colloquy.domain.sessions.tokens import (
    estimate_tokens,
    format_token_estimate,
    max_tokens_for,
    setup_token_estimate,
    word_count,
)


@pytest.mark.parametrize(
    "text, tokens",
    [
        ("a b c", 4),
        ("", 0),
        ("   ", 0),
        ("one", 2),
        ("  a   b  ", 3),
        (" ".join(["w"] * 10), 13),  # exact arithmetic: 10 x 1.3 = 13, not 14
        (" ".join(["w"] * 100), 130),
        ("a\nb", 2),
        (None, 0),
    ],
)
def test_estimate_tokens(text, tokens):
    assert estimate_tokens(text) == tokens


def test_word_count_splits_on_spaces_only():
    assert word_count("a\nb c") == 2


def test_setup_estimate():
    assert setup_token_estimate(5, 3, "moderate") == 2250
    assert setup_token_estimate(3, 2, "brief") == 300
    assert setup_token_estimate(8, 10, "detailed") == 24000
    assert setup_token_estimate(4, ["q", " ", "r"], "bogus") == 1200
    assert format_token_estimate(2250) == "~2250 tokens"
    assert max_tokens_for(None) == 150
