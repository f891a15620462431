"""Segment differences with hand-worked Fisher tests (docs/synthesis.md, "Segments")."""

import pytest
from scipy.stats import fisher_exact

from colloquy.domain.studies.coding import CodedQuote
from colloquy.domain.studies.fisher import fisher_exact_p
from colloquy.domain.studies.segments import (
    DIFFERS,
    NO_CLEAR_DIFFERENCE,
    TOO_SMALL,
    check_dimension,
    segment_differences,
    segment_of,
    smallest_p,
)


def test_fisher_matches_hand_and_scipy() -> None:
    # [[4, 0], [0, 4]]: the observed table is the most extreme of C(8, 4) = 70 ways; its
    # mirror is as likely: p = 2 / 70.
    assert fisher_exact_p(4, 0, 0, 4) == pytest.approx(2 / 70)
    for table in [(3, 1, 1, 3), (5, 0, 1, 6), (2, 7, 8, 1), (0, 3, 0, 2), (10, 2, 3, 9)]:
        a, b, c, d = table
        expected = fisher_exact([[a, b], [c, d]], alternative="two-sided").pvalue
        assert fisher_exact_p(*table) == pytest.approx(expected, rel=1e-9)


def test_smallest_p_decides_when_a_sample_is_too_small() -> None:
    # Two and two: the best split gives 2 / C(4, 2) = 1/3; one group of none: nothing.
    assert smallest_p(2, 2) == pytest.approx(1 / 3)
    assert smallest_p(3, 0) == 1.0
    assert smallest_p(4, 4) == pytest.approx(2 / 70)


def _quotes(who: list[str]) -> list[CodedQuote]:
    return [CodedQuote("T1", r, "m", "x", "for") for r in who]


def test_two_segments_that_differ() -> None:
    segments = {f"y{i}": "young" for i in range(4)} | {f"o{i}": "old" for i in range(4)}
    result = segment_differences(["T1"], _quotes(["y0", "y1", "y2", "y3"]), segments)
    assert result["tests"] == 1
    rows = {r["segment"]: r for r in result["rows"]}
    assert rows["young"]["share"] == 1.0
    assert rows["young"]["restShare"] == 0.0
    assert rows["young"]["p"] == pytest.approx(2 / 70)
    assert rows["young"]["verdict"] == rows["old"]["verdict"] == DIFFERS


def test_many_tests_split_the_false_alarm_rate() -> None:
    # The same table with three themes: 0.05 / 3 = 0.0167 < 2/70, and no split of 4 and 4
    # could go lower, so the sample is too small to decide rather than "no difference".
    segments = {f"y{i}": "young" for i in range(4)} | {f"o{i}": "old" for i in range(4)}
    result = segment_differences(["T1", "T2", "T3"], _quotes(["y0", "y1", "y2", "y3"]), segments)
    assert result["alphaPerTest"] == pytest.approx(0.05 / 3)
    assert {r["verdict"] for r in result["rows"]} == {TOO_SMALL}


def test_no_clear_difference() -> None:
    # 6 and 6, supporters 3 and 2: p = 1.0 (hand: the table is the most likely one).
    segments = {f"a{i}": "A" for i in range(6)} | {f"b{i}": "B" for i in range(6)}
    result = segment_differences(["T1"], _quotes(["a0", "a1", "a2", "b0", "b1"]), segments)
    row = result["rows"][0]
    assert row["p"] == pytest.approx(1.0)
    assert row["verdict"] == NO_CLEAR_DIFFERENCE


def test_segment_of_each_dimension() -> None:
    persona = {
        "age": 29,
        "gender": "Female",
        "income": "$30-60k",
        "traits": {"openness": 50, "neuroticism": 49.9},
        "tags": ["Gen Z", "Chicago"],
    }
    assert segment_of(persona, "age") == "25-34"
    assert segment_of(persona, "income") == "$30-60k"
    assert segment_of(persona, "openness") == "high"  # 50 is high
    assert segment_of(persona, "neuroticism") == "low"
    assert segment_of(persona, "tag:gen z") == "with gen z"
    assert segment_of(persona, "tag:Boston") == "without Boston"
    with pytest.raises(ValueError, match="Unknown segment 'height'"):
        check_dimension("height")
