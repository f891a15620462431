"""Survey calibration figures on hand-computed inputs (docs/measured-against-people.md)."""

import math

import pytest

from colloquy.domain.surveys.calibration import (
    CALIBRATION_MAX_ROWS,
    average_ranks,
    calibration_figures,
    ks_statistic,
    parse_calibration_csv,
)


def test_figures_by_hand():
    human = [1, 2, 3, 4, 5]
    ssr = [1.5, 2.0, 2.5, 4.5, 3.5]
    f = calibration_figures(human, ssr, 5)
    # Pearson: human deviations -2..2 (sum sq 10); ssr mean 2.8, deviations
    # -1.3 -0.8 -0.3 1.7 0.7 (sum sq 1.69+0.64+0.09+2.89+0.49 = 5.8);
    # cross 2.6+0.8+0+1.7+1.4 = 6.5 -> r = 6.5 / sqrt(58).
    assert f["pearson"] == pytest.approx(6.5 / math.sqrt(58), abs=1e-4)
    # Spearman: ssr ranks 1 2 3 5 4 -> d^2 = 0+0+0+1+1 = 2 -> 1 - 6*2/(5*24) = 0.9.
    assert f["spearman"] == pytest.approx(0.9, abs=1e-4)
    # MAE: (0.5 + 0 + 0.5 + 0.5 + 1.5) / 5 = 0.6.
    assert f["mae"] == pytest.approx(0.6)
    # SSR rounded half up: 2 2 3 5 4 vs 1 2 3 4 5: CDFs at 1: 0.2 vs 0 -> KS 0.2.
    assert f["ks"] == pytest.approx(0.2)
    assert f["mean"] == {"human": 3.0, "ssr": 2.8}
    assert f["sd"]["human"] == pytest.approx(math.sqrt(2), abs=1e-4)
    assert f["sd"]["ssr"] == pytest.approx(math.sqrt(5.8 / 5), abs=1e-4)
    assert f["n"] == 5


def test_ranks_and_ks_helpers():
    assert average_ranks([10, 20, 20, 30]) == [1.0, 2.5, 2.5, 4.0]
    assert ks_statistic([1, 1, 1], [5, 5, 5]) == 1.0
    assert ks_statistic([1, 2, 3], [3, 2, 1]) == 0.0
    assert calibration_figures([3, 3, 3], [2.0, 3.0, 4.0], 5)["pearson"] is None


def test_csv_header_case_insensitive_and_extra_columns():
    rows, errors = parse_calibration_csv("id,Text,RATING\n1,Love it,5\n2,Meh,2\n3,Nope,1.0\n", 5)
    assert errors == [] and rows == [("Love it", 5), ("Meh", 2), ("Nope", 1)]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("", "The file is empty"),
        ("answer,score\nx,1\n", "Wrong header"),
        (
            "text,rating\nok,6\nfine,2\nyes,3\n",
            "Row 2: the rating '6' is not a whole number from 1 to 5",
        ),
        ("text,rating\nok,4.5\nfine,2\nyes,3\n", "Row 2: the rating '4.5'"),
        ("text,rating\nok,²\nfine,2\nyes,3\n", "Row 2: the rating '²'"),
        ("text,rating\n,4\nfine,2\nyes,3\n", "Row 2: the text is empty"),
        ("text,rating\nok,4\n", "Too few answers"),
    ],
)
def test_bad_files_name_the_problem(body, message):
    rows, errors = parse_calibration_csv(body, 5)
    assert rows == [] and errors and errors[0].startswith(message), errors


def test_too_many_rows():
    body = "text,rating\n" + "fine,3\n" * (CALIBRATION_MAX_ROWS + 1)
    rows, errors = parse_calibration_csv(body, 5)
    assert rows == [] and errors[0].startswith("Too many rows")
