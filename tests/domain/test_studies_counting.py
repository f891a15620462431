"""Synthesis counting rules with hand-worked cases: theme support, contradictions,
verbatim quotes and theme recall/precision (docs/synthesis.md)."""

import pytest

from colloquy.domain.studies.coding import CodedQuote, contradictions, theme_support
from colloquy.domain.studies.theme_match import match_themes
from colloquy.domain.studies.verbatim import (
    NO_SUCH_ANSWER,
    NO_SUCH_THEME,
    NOT_IN_ANSWER,
    TOO_SHORT,
    keep_verbatim,
)


def q(theme: str, who: str, msg: str = "m", stance: str = "neutral") -> CodedQuote:
    return CodedQuote(theme, who, msg, "text", stance)


def test_support_counts_each_respondent_once_and_shares_of_all() -> None:
    # Ann quotes price twice, Ben once; Cal only speaks to taste; Dee says nothing coded.
    quotes = [q("price", "ann", "1"), q("price", "ann", "2"), q("price", "ben"), q("taste", "cal")]
    rows = theme_support(["taste", "price", "noise"], quotes, respondents=4)
    assert [(r["themeId"], r["count"], r["share"]) for r in rows] == [
        ("price", 2, 0.5),
        ("taste", 1, 0.25),
        ("noise", 0, 0.0),
    ]
    assert rows[0]["respondents"] == ["ann", "ben"]
    # Wilson 95 % interval of 2/4 worked by hand: centre (0.5 + 1.9208/4) / (1 + 3.8416/4)
    # = 0.5, half-width 1.96 * sqrt(0.0625 + 0.0600) / 1.9604 = 0.3498.
    assert rows[0]["shareLow"] == pytest.approx(0.1500, abs=1e-3)
    assert rows[0]["shareHigh"] == pytest.approx(0.8500, abs=1e-3)


def test_support_cannot_exceed_the_respondents() -> None:
    with pytest.raises(ValueError, match="more supporters than respondents"):
        theme_support(["price"], [q("price", "ann"), q("price", "ben")], respondents=1)


def test_contradictions_pair_opposite_stances_of_different_respondents() -> None:
    quotes = [
        q("price", "ann", stance="for"),
        q("price", "ben", stance="against"),
        q("price", "cal", stance="against"),
        q("price", "dee", stance="neutral"),
        q("taste", "ann", stance="for"),
        q("taste", "ann", stance="against"),  # changed her mind: no contradiction alone
        q("noise", "ben", stance="for"),
        q("noise", "cal", stance="for"),  # agreement
    ]
    found = contradictions(quotes)
    assert [c["themeId"] for c in found] == ["price"]
    assert found[0]["for"] == ["ann"]
    assert found[0]["against"] == ["ben", "cal"]
    assert found[0]["pairs"] == [["ann", "ben"], ["ann", "cal"]]
    assert found[0]["againstQuote"]["respondent"] == "ben"


ANSWERS = [
    {"id": "m1", "content": "Honestly the price is too high for what you get."},
    {"id": "m2", "content": "I love the taste, it reminds me of home."},
]


def test_quotes_are_kept_only_when_verbatim() -> None:
    coded = [
        {"theme": "T1", "answer": 1, "quote": "the price is too high", "stance": "against"},
        {"theme": "T2", "answer": 2, "quote": '"I love the taste"', "stance": "for"},  # marks
        {"theme": "T1", "answer": 1, "quote": "the price is far too high", "stance": "against"},
        {"theme": "T2", "answer": 2, "quote": "i love the taste", "stance": "for"},  # case
        {"theme": "T2", "answer": 3, "quote": "I love the taste", "stance": "for"},
        {"theme": "T9", "answer": 2, "quote": "I love the taste", "stance": "for"},
        {"theme": "T1", "answer": 1, "quote": "to", "stance": "neutral"},
        {"theme": "T1", "answer": 1, "quote": "the price is too high", "stance": "against"},
    ]
    kept, dropped = keep_verbatim(coded, ANSWERS, "s1/ann", {"T1", "T2"})
    assert [(k.theme_id, k.message_id, k.text, k.stance) for k in kept] == [
        ("T1", "m1", "the price is too high", "against"),
        ("T2", "m2", "I love the taste", "for"),
    ]
    assert all(k.respondent == "s1/ann" for k in kept)
    assert dropped == {NOT_IN_ANSWER: 2, NO_SUCH_ANSWER: 1, NO_SUCH_THEME: 1, TOO_SHORT: 1}


def test_theme_recall_and_precision() -> None:
    human = ["Price too high", "Taste of home", "Packaging waste"]
    simulated = ["High prices", "Taste reminds of home", "Brand trust", "Delivery speed"]
    result = match_themes(human, simulated)
    # Content words ("too" and "of" are not stop words of the word cloud's list): taste/of/
    # home vs taste/remind/of/home: 3/4; price/too/high vs high/price: 2/3; both >= 0.5,
    # best first. packaging/waste matches nothing.
    assert [(p["reference"], p["candidate"], p["overlap"]) for p in result["pairs"]] == [
        ("Taste of home", "Taste reminds of home", 0.75),
        ("Price too high", "High prices", pytest.approx(2 / 3)),
    ]
    assert result["recall"] == pytest.approx(2 / 3)
    assert result["precision"] == pytest.approx(2 / 4)
    assert result["missed"] == ["Packaging waste"]
    assert match_themes([], simulated)["recall"] is None


def test_a_theme_matches_at_most_one_other() -> None:
    result = match_themes(["price"], ["price", "prices"])
    assert len(result["pairs"]) == 1
    assert result["precision"] == 0.5
