"""How well a real model kept to natural mode's lengths (docs/natural-mode.md#measured):
figures computed by hand, the rank correlation also by scipy."""

import pytest
from scipy.stats import spearmanr

from colloquy.domain.sessions.turn_length_fit import length_fit


def test_medians_short_shares_and_rank_correlation_by_hand():
    requested, produced = [10, 20, 30, 40], [12, 8, 30, 50]
    fit = length_fit(requested, produced)
    # ranks 1 2 3 4 against 2 1 3 4: sum of squared differences 2, 1 - 6*2 / (4 * 15) = 0.8
    assert fit == {
        "turns": 4,
        "requestedMedian": 25,
        "producedMedian": 21,  # (12 + 30) / 2
        "requestedUnder25": 0.5,
        "producedUnder25": 0.5,
        "spearman": 0.8,
    }
    assert spearmanr(requested, produced).statistic == pytest.approx(0.8)


def test_tied_requests_take_average_ranks():
    # ranks 1.5 1.5 3 against 1 3 2: deviations (-.5, -.5, 1) and (-1, 1, 0), covariance 0
    assert length_fit([5, 5, 30], [3, 40, 20])["spearman"] == 0
    assert spearmanr([5, 5, 30], [3, 40, 20]).statistic == pytest.approx(0)


def test_unpaired_turns_are_refused_and_no_turns_give_none():
    with pytest.raises(ValueError):
        length_fit([10], [])
    assert length_fit([], [])["spearman"] is None
