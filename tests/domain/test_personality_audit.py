"""IPIP Big-Five Factor Markers: the items, their keying and the 0-100 scoring."""

from collections import Counter

import pytest

from colloquy.domain.trust.ipip_items import IPIP_ITEMS
from colloquy.domain.trust.personality_audit import (
    answers_schema,
    audit_prompt,
    batches,
    library_stats,
    parse_answers,
    score_answers,
)


def test_fifty_items_ten_per_trait_with_the_standard_keying():
    assert [i[0] for i in IPIP_ITEMS] == list(range(1, 51))
    assert Counter(i[2] for i in IPIP_ITEMS) == dict.fromkeys(
        ("extraversion", "agreeableness", "conscientiousness", "neuroticism", "openness"), 10
    )
    plus = Counter(i[2] for i in IPIP_ITEMS if i[3] > 0)
    # Goldberg's markers: E 5+/5-, A 6+/4-, C 6+/4-, Emotional Stability 2+/8- (so
    # neuroticism 8+/2-), Intellect/Imagination 7+/3-.
    assert plus == {
        "extraversion": 5,
        "agreeableness": 6,
        "conscientiousness": 6,
        "neuroticism": 8,
        "openness": 7,
    }
    assert IPIP_ITEMS[0][1:] == ("Am the life of the party.", "extraversion", 1)
    assert IPIP_ITEMS[8][1:] == ("Am relaxed most of the time.", "neuroticism", -1)


def test_all_threes_give_fifty_everywhere_and_are_not_engaging():
    result = score_answers(dict.fromkeys(range(1, 51), 3))
    assert result["measured"] == dict.fromkeys(
        ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism"), 50.0
    )
    assert result["engaging"] is False
    assert result["answered"] == 50


@pytest.mark.parametrize("value", [1, 2, 4, 5])
def test_all_equal_answers_are_flagged_not_engaging(value):
    assert score_answers(dict.fromkeys(range(1, 51), value))["engaging"] is False


def test_all_fives_score_by_the_keying():
    # 5 on every item: a trait scores (5 x plus + 1 x minus) / 10 on 1-5.
    measured = score_answers(dict.fromkeys(range(1, 51), 5))["measured"]
    assert measured == {
        "openness": 70.0,
        "conscientiousness": 60.0,
        "extraversion": 50.0,
        "agreeableness": 60.0,
        "neuroticism": 80.0,
    }


def test_scripted_answer_sheet_gives_hand_computed_scores():
    # A hand-written sheet for items 1-50 (E, A, C, N, O in turn), scored by hand with
    # Goldberg's published keys, not with the scorer's table:
    # E (1, 6, ..., 46; + at 1, 11, 21, 31, 41) all at the high pole: 5s and 1s -> 100.
    # A (2, 7, ..., 47; - at 2, 12, 22, 32) all at the low pole -> 0.
    # C all 4; - at 8, 18, 28, 38: (6 x 4 + 4 x 2) / 10 = 3.2 -> 55.
    # N all 2; - (Emotional Stability +) at 9, 19: (8 x 2 + 2 x 4) / 10 = 2.4 -> 35.
    # O 1, 2, 3, 4, 5, 1, 2, 3, 4, 5; - at 10, 20, 30: scored 1, 4, 3, 2, 5, 5, 2, 3, 4, 5
    # = 34 -> 3.4 -> 60.
    written = "55421 11422 55423 11424 55425 11421 55422 11423 51424 11425"
    sheet = {n: int(a) for n, a in enumerate(written.replace(" ", ""), start=1)}
    assert len(sheet) == 50
    result = score_answers(sheet)
    assert result["measured"] == {
        "openness": 60.0,
        "conscientiousness": 55.0,
        "extraversion": 100.0,
        "agreeableness": 0.0,
        "neuroticism": 35.0,
    }
    assert result["engaging"] is True


def test_missing_items_are_left_out_of_their_trait():
    result = score_answers({1: 5, 6: 5})  # E: 5 and reverse 5 -> 1: mean 3 -> 50
    assert result["measured"]["extraversion"] == 50.0
    assert result["measured"]["openness"] is None
    assert result["answered"] == 2


def test_batches_prompt_and_schema():
    parts = batches()
    assert [len(b) for b in parts] == [10] * 5
    prompt = audit_prompt(parts[0])
    assert "1. I am the life of the party." in prompt
    assert "10. I have difficulty understanding abstract ideas." in prompt
    schema = answers_schema(parts[0])
    assert schema["properties"]["answers"]["required"] == [str(n) for n in range(1, 11)]


def test_parse_answers_reads_the_shapes_models_reply_with():
    batch = batches()[0]
    assert parse_answers({"answers": {"1": 4, "2": "2", "3": 9, "99": 3}}, batch) == {1: 4, 2: 2}
    assert parse_answers({"item 4": 5.2}, batch) == {4: 5}
    assert parse_answers([{"item": 5, "answer": 1}], batch) == {5: 1}
    assert parse_answers([3, 4], batch) == {1: 3, 2: 4}
    assert parse_answers("nonsense", batch) == {}


def test_a_string_answer_is_read_whole_as_a_number_then_checked():
    batch = [(1, "a", "openness", 1), (2, "b", "openness", 1), (3, "c", "openness", 1)]
    # "10" is ten (out of 1-5), not 1; "4.6" is 4.6 and rounds to 5 like the number 4.6.
    assert parse_answers({"1": "10", "2": "4.6", "3": 4.6}, batch) == {2: 5, 3: 5}
    assert parse_answers({"1": " 3 ", "2": "3 stars", "3": "nan"}, batch) == {1: 3}
    assert parse_answers({"1": "²", "2": "-1", "3": "5.0"}, batch) == {3: 5}


def test_parse_answers_ignores_digits_int_cannot_read():
    # "\u00b2" (superscript two) and "\u0663" (Arabic-Indic three) pass str.isdigit().
    batch = batches()[0]
    assert parse_answers({"answers": {"1": "\u00b2", "2": "4"}}, batch) == {2: 4}
    assert parse_answers({"\u00b2": 3, "3": 5}, batch) == {3: 5}
    assert parse_answers({"item 1\u00b2": 3}, batch) == {1: 3}
    assert parse_answers(["\u0663", "2"], batch) == {2: 2}


def test_library_stats_pearson_and_mae_over_engaging_audits():
    def audit(a, m, engaging=True):
        return {
            "assigned": dict.fromkeys(
                ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism"),
                a,
            ),
            "measured": dict.fromkeys(
                ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism"),
                m,
            ),
            "engaging": engaging,
        }

    stats = library_stats([audit(20, 30), audit(50, 50), audit(80, 70), audit(10, 50, False)])
    assert stats["traits"]["openness"] == {"r": 1.0, "mae": 6.7, "n": 3}
    assert stats["notEngaging"] == 1
    assert stats["audited"] == 4
    assert stats["anchors"][0]["r"] == 0.9
    assert library_stats([])["traits"]["openness"] == {"r": None, "mae": None, "n": 0}
