"""Simulated ratings against people's (domain/surveys/against_people.py): KS similarity,
mean difference with its bootstrap interval and the two floors, on hand-computed figures."""

import random

import pytest

from colloquy.domain.surveys.against_people import (
    compare_cell,
    compare_survey,
    ks_similarity,
    ks_statistic,
    majority_point,
    rating_pmf,
)
from colloquy.domain.surveys.calibration import ks_statistic as sample_ks
from domain.human_survey import CONCEPTS, POINTS, QUESTIONS, ratings_of


def by_rater(cell):
    return {s["rater"]: s for s in cell["scores"]}


def test_ks_by_hand_on_a_small_sample():
    # People 1, 2, 2, 3 on three points: shares 1/4, 1/2, 1/4, cumulative 1/4, 3/4, 1.
    human = rating_pmf([1, 2, 2, 3], 3)
    assert human == [0.25, 0.5, 0.25]
    # Simulated 1/2, 1/4, 1/4: cumulative 1/2, 3/4, 1 -> largest gap 1/4.
    assert ks_statistic([0.5, 0.25, 0.25], human) == pytest.approx(0.25)
    assert ks_similarity([0.5, 0.25, 0.25], human) == pytest.approx(0.75)
    # Uniform: cumulative 1/3, 2/3, 1 -> gaps 1/12, 1/12, 0.
    assert ks_similarity([1 / 3] * 3, human) == pytest.approx(11 / 12)
    # Everyone gives 2: cumulative 0, 1, 1 -> gaps 1/4, 1/4, 0.
    assert ks_similarity([0, 1, 0], human) == pytest.approx(0.75)
    assert ks_similarity(human, human) == 1.0
    assert ks_similarity([1, 0, 0], [0, 0, 1]) == 0.0


def test_on_two_samples_of_whole_ratings_it_is_the_two_sample_ks_statistic():
    # a = 1,1,2,5 and b = 2,3,3,4: empirical CDFs at 1..5 are .5,.75,.75,.75,1 and
    # 0,.25,.75,1,1; the largest gap is .5 (at 1 and at 2).
    a, b = [1, 1, 2, 5], [2, 3, 3, 4]
    assert ks_statistic(rating_pmf(a, 5), rating_pmf(b, 5)) == pytest.approx(0.5)
    rng = random.Random(7)
    for _ in range(30):
        x = [rng.randint(1, 5) for _ in range(rng.randint(1, 40))]
        y = [rng.randint(1, 5) for _ in range(rng.randint(1, 40))]
        expected = sample_ks(x, y)  # the calibration's sample-by-sample implementation
        assert ks_statistic(rating_pmf(x, 5), rating_pmf(y, 5)) == pytest.approx(expected)


def test_majority_point_and_its_tie_rule():
    assert majority_point([4, 4, 2, 5]) == 4
    assert majority_point([1, 1, 3, 3, 2]) == 1  # a tie goes to the lowest tied point


def test_a_cell_by_hand():
    # Two simulated respondents, certain of 3 and of 2: mean 2.5, pooled pmf 0, .5, .5.
    simulated = {"a": [0.0, 0.0, 1.0], "b": [0.0, 1.0, 0.0]}
    cell = compare_cell([1, 2, 2, 3], simulated, 3, seed="s")
    assert cell["human"] == {
        "n": 4,
        "pmf": [0.25, 0.5, 0.25],
        "mean": 2.0,
        "sd": pytest.approx(0.5**0.5),
    }
    scores = by_rater(cell)
    sim = scores["simulated"]
    assert sim["n"] == 2 and sim["pmf"] == [0.0, 0.5, 0.5]
    assert sim["mean"] == 2.5 and sim["meanDifference"] == 0.5
    # Cumulative 0, .5, 1 against .25, .75, 1: gap 1/4.
    assert sim["ksSimilarity"] == pytest.approx(0.75)
    assert sim["ci"][0] <= 0.5 <= sim["ci"][1]
    uniform, majority = scores["uniform"], scores["majority"]
    assert uniform["mean"] == 2.0 and uniform["meanDifference"] == 0.0
    assert uniform["ksSimilarity"] == pytest.approx(11 / 12)
    assert majority["point"] == 2 and majority["pmf"] == [0.0, 1.0, 0.0]
    assert majority["meanDifference"] == 0.0 and majority["ksSimilarity"] == pytest.approx(0.75)
    # The simulation loses to the uniform floor on both, ties the majority on KS.
    assert cell["beats"] == {
        "uniform": {"ks": False, "mean": False},
        "majority": {"ks": False, "mean": False},
    }


def test_a_simulation_close_to_the_people_beats_both_floors():
    human = [4, 4, 4, 5, 3, 4, 5, 4, 2, 4]
    simulated = {
        f"r{i}": [1.0 if p == r else 0.0 for p in range(1, 6)] for i, r in enumerate(human)
    }
    cell = compare_cell(human, simulated, 5, seed=1)
    sim = by_rater(cell)["simulated"]
    assert sim["ksSimilarity"] == 1.0 and sim["meanDifference"] == pytest.approx(0.0)
    assert cell["beats"] == {
        "uniform": {"ks": True, "mean": True},
        "majority": {"ks": True, "mean": True},
    }


def test_constant_groups_have_an_interval_of_width_zero():
    cell = compare_cell([3, 3, 3], {"a": [0, 0, 1, 0, 0], "b": [0, 0, 1, 0, 0]}, 5, seed="x")
    sim = by_rater(cell)["simulated"]
    assert sim["meanDifference"] == 0.0 and sim["ci"] == [0.0, 0.0] and not sim["holds"]


def test_the_bootstrap_is_reproducible_with_its_seed_and_changes_with_another():
    human = ratings_of("c1", "q1")
    simulated = {
        f"r{i}": [0.1, 0.2, 0.4, 0.2, 0.1] if i % 2 else [0.3, 0.3, 0.2, 0.1, 0.1] for i in range(9)
    }
    first = compare_cell(human, simulated, 5, seed="sv1:c1:q1")
    again = compare_cell(human, simulated, 5, seed="sv1:c1:q1")
    other = compare_cell(human, simulated, 5, seed="sv2:c1:q1")
    assert first == again
    assert by_rater(first)["simulated"]["ci"] != by_rater(other)["simulated"]["ci"]
    assert (
        by_rater(first)["simulated"]["meanDifference"]
        == by_rater(other)["simulated"]["meanDifference"]
    )


def test_the_interval_has_the_width_the_standard_error_predicts():
    # 400 people 1..5 in turn (mean 3, variance 2); 400 simulated respondents certain of 2
    # or of 4 in turn (mean 3, variance 1). SE of the difference sqrt(2/400 + 1/400); a
    # 95 % interval spans about 2 x 1.96 SE = 0.339. The uniform floor's mean is fixed:
    # its interval comes from the people only, 2 x 1.96 x sqrt(2/400) = 0.277.
    human = [1 + i % 5 for i in range(400)]
    simulated = {f"r{i}": [0, 1, 0, 0, 0] if i % 2 else [0, 0, 0, 1, 0] for i in range(400)}
    scores = by_rater(compare_cell(human, simulated, 5, seed=3))
    lo, hi = scores["simulated"]["ci"]
    assert hi - lo == pytest.approx(2 * 1.96 * (3 / 400) ** 0.5, rel=0.12)
    assert lo < 0 < hi and not scores["simulated"]["holds"]
    lo, hi = scores["uniform"]["ci"]
    assert hi - lo == pytest.approx(2 * 1.96 * (2 / 400) ** 0.5, rel=0.12)


def test_no_simulated_answers_yet_still_scores_the_floors():
    cell = compare_cell([1, 5, 5], None, 5, seed=0)
    assert [s["rater"] for s in cell["scores"]] == ["uniform", "majority"]
    assert cell["beats"] is None
    # Uniform mean 3 against people's 11/3.
    assert cell["scores"][0]["meanDifference"] == pytest.approx(3 - 11 / 3)


def test_the_survey_in_survey_order_only_where_people_rated():
    human = {("c2", "q1"): ratings_of("c2", "q1"), ("c1", "q2"): ratings_of("c1", "q2")}
    cells = compare_survey(CONCEPTS, QUESTIONS, POINTS, human, {}, seed="sv")
    assert [(c["conceptId"], c["questionId"]) for c in cells] == [("c1", "q2"), ("c2", "q1")]
    assert cells[1]["human"]["mean"] == pytest.approx(28 / 12)
    with pytest.raises(ValueError):
        compare_cell([], None, 5, seed=0)


def test_blocks_of_resamples_give_the_same_figures_as_one_draw(monkeypatch):
    import colloquy.domain.surveys.against_people as module

    human = [1 + (i * 7) % 5 for i in range(50)]
    simulated = {
        f"r{i}": [0.2, 0.3, 0.1, 0.3, 0.1] if i % 3 else [0, 0, 0.5, 0.5, 0] for i in range(20)
    }
    whole = compare_cell(human, simulated, 5, seed="b")
    monkeypatch.setattr(module, "BOOTSTRAP_BLOCK", 120)  # 2 resamples of 50 per block
    assert compare_cell(human, simulated, 5, seed="b") == whole
